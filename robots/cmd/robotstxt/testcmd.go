package main

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"strings"

	"robotstester/robots"
	"robotstester/robots/statefile"
)

func runTest(c *cli, args []string) int {
	fs := c.flags("[--file F | --url U] STATE.json", `
Runs the tests of a state exported by the tester (or of a tester link), and
compares each verdict with the one the test expects: a row's "expect",
"allowed" or "blocked". Rows without one are checked but expect nothing.
The tests run against the state's own robots.txt, or against --file F (the
version about to be deployed) or --url U (the live one). On success it
prints one line and exits 0; when an expectation fails it lists each
failure with the deciding line and exits 1.`)
	var (
		file, url, dialect string
		ff                 fetchFlags
	)
	fs.StringVar(&file, "file", "", "test this robots.txt instead of the state's own")
	fs.StringVar(&url, "url", "", "test the live robots.txt of this site instead of the state's own")
	fs.StringVar(&dialect, "dialect", "", "read the file in this dialect (default: the state's choice, else each crawler's own)")
	ff.register(fs)
	rest, status, done := c.parse(fs, args)
	if done {
		return status
	}
	if len(rest) != 1 {
		return c.fail(errors.New("give one state file (or tester link) to test (see --help)"))
	}
	switch {
	case file != "" && url != "":
		return c.fail(errors.New("--file and --url: choose one"))
	case file == "-" && rest[0] == "-":
		return c.fail(errors.New("the state and the file cannot both come from standard input"))
	}
	st, err := readState(rest[0], c.stdin)
	if err != nil {
		return c.fail(err)
	}
	if dialect == "" {
		dialect = st.Dialect
	}
	d, fixed, err := dialectFlag(dialect)
	if err != nil {
		return c.fail(err)
	}
	src := &source{name: rest[0], file: robots.ParseString(st.Robots)}
	switch {
	case file != "":
		src, err = load(&ff, file, c.stdin)
	case url != "":
		src, err = loadURL(&ff, url)
	}
	if err != nil {
		return c.fail(err)
	}
	warnNoAnswer(c.stderr, c.name, src)
	warnCut(c.stderr, c.name, src)
	if warnNotRobotsTxt(c.stderr, c.name, src) {
		// A CI check of a file that is none would pass or fail on the
		// verdicts of an empty file: it fails, and says why.
		return c.fail(fmt.Errorf("%s is not tested: give the robots.txt to deploy", src.shownName()))
	}

	w := bufio.NewWriter(c.stdout)
	pinned, failed := 0, 0
	for i, row := range st.Rows {
		a := newAgent(row.Agent)
		r := src.check(&a, row.URL, robots.EncodeURL(row.URL), d, fixed)
		if row.Expect == "" {
			continue
		}
		pinned++
		if r.verdict() == row.Expect {
			continue
		}
		failed++
		fmt.Fprintf(w, "FAIL test %d: %s %s\n", i+1, displayAgent(row.Agent), row.URL)
		fmt.Fprintf(w, "     expected %s, got %s: %s\n", row.Expect, r.verdict(), why(src, &r))
	}
	switch {
	case failed > 0:
		fmt.Fprintf(w, "%d of %d expectations failed (%d tests, against %s).\n", failed, pinned, len(st.Rows), src.name)
		status = exitChanged
	case pinned == 0:
		fmt.Fprintf(w, "ok: %d tests, none with an expected verdict (pin one in the tester, or add \"expect\": \"allowed\" or \"blocked\" to a row).\n", len(st.Rows))
	default:
		fmt.Fprintf(w, "ok: %d expectations hold (%d tests, against %s).\n", pinned, len(st.Rows), src.name)
	}
	if err := w.Flush(); err != nil {
		return c.fail(err)
	}
	return status
}

// readState reads a state file, standard input ("-"), or a tester link,
// as the tester writes them (package statefile), and refuses an
// expectation other than "allowed" or "blocked".
func readState(spec string, stdin io.Reader) (statefile.State, error) {
	if isURL(spec) && strings.Contains(spec, "#") {
		st, err := statefile.FromLink(spec)
		if err == nil {
			err = st.CheckExpectations()
		}
		return st, err
	}
	var data []byte
	var err error
	if spec == "-" {
		data, err = io.ReadAll(io.LimitReader(stdin, statefile.MaxDecoded+1))
	} else {
		data, err = readLimited(spec, statefile.MaxDecoded+1)
	}
	if err != nil {
		return statefile.State{}, err
	}
	st, err := statefile.Unmarshal(data)
	if err == nil {
		err = st.CheckExpectations()
	}
	if err != nil {
		return statefile.State{}, fmt.Errorf("%s: %v", spec, err)
	}
	return st, nil
}

func readLimited(name string, limit int64) ([]byte, error) {
	f, err := openFile(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return io.ReadAll(io.LimitReader(f, limit))
}

// why says what decided a verdict, with the line.
func why(src *source, r *result) string {
	switch {
	case r.line > 0:
		return fmt.Sprintf("line %d, %s (%s reading)", r.line, r.rule, r.reading)
	case r.rule != "":
		return fmt.Sprintf("%s (%s reading)", r.rule, r.reading)
	case r.group > 0:
		return fmt.Sprintf("no rule of the group at line %d matches (%s reading)", r.group, r.reading)
	}
	return fmt.Sprintf("no group applies (%s reading)", r.reading)
}

func displayAgent(a string) string {
	if strings.TrimSpace(a) == "" {
		return "(any crawler)"
	}
	return a
}
