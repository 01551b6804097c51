// Table runs the peer benchmarks and prints a Markdown table of their
// medians: one row per benchmark, one column per library, each cell the
// median time per operation and, where the benchmark sets bytes, the
// median throughput. Medians, not means, because a shared machine is noisy.
//
// Usage, from the repository root:
//
//	go -C robots/internal/peerbench run ./cmd/table [flags]
//
// It runs, in the module's directory,
//
//	go test -v -run=NONE -bench=. -count=5
//
// (-v so that the reason a benchmark was skipped is printed, for a note
// under the table) and echoes that output to standard error as it comes.
// The flags are:
//
//	-count n       runs of each benchmark (default 5)
//	-bench regexp  benchmarks to run (default ".")
//	-benchtime t   passed on to go test when set
//	-in file       read the output of an earlier go test -bench run
//	               instead of running one ("-" for standard input)
package main

import (
	"bufio"
	"bytes"
	"flag"
	"fmt"
	"io"
	"log"
	"os"
	"os/exec"
	"slices"
	"strconv"
	"strings"
)

// libraries are the columns, in order.
var libraries = []string{"ours", "temoto", "grobotstxt"}

func main() {
	log.SetFlags(0)
	log.SetPrefix("table: ")
	count := flag.Int("count", 5, "runs of each `n`")
	bench := flag.String("bench", ".", "benchmarks to run (`regexp`)")
	benchtime := flag.String("benchtime", "", "passed on to go test when set")
	in := flag.String("in", "", "read go test output from `file` instead of running it")
	flag.Parse()

	var out []byte
	var err error
	switch *in {
	case "":
		out, err = run(*bench, *benchtime, *count)
	case "-":
		out, err = io.ReadAll(os.Stdin)
	default:
		out, err = os.ReadFile(*in)
	}
	if err != nil {
		log.Fatal(err)
	}
	r := parse(out)
	if len(r.order) == 0 {
		log.Fatal("no benchmark results found")
	}
	r.write(os.Stdout)
}

// run runs the benchmarks, echoing their output to standard error.
func run(bench, benchtime string, count int) ([]byte, error) {
	args := []string{"test", "-v", "-run=NONE", "-bench=" + bench, "-count=" + strconv.Itoa(count)}
	if benchtime != "" {
		args = append(args, "-benchtime="+benchtime)
	}
	fmt.Fprintln(os.Stderr, "go", strings.Join(args, " "))
	var buf bytes.Buffer
	cmd := exec.Command("go", args...)
	cmd.Stdout = io.MultiWriter(&buf, os.Stderr)
	cmd.Stderr = os.Stderr
	if err := cmd.Run(); err != nil {
		return nil, fmt.Errorf("go test: %v", err)
	}
	return buf.Bytes(), nil
}

// results are the measurements of every cell, by row and library.
type results struct {
	order []string                      // rows, in the order first seen
	cells map[string]map[string]*sample // row, library
	notes []string                      // skip messages, once each
}

// A sample is the runs of one sub-benchmark.
type sample struct {
	ns, mbs []float64
	skipped bool
}

func (r *results) cell(row, lib string) *sample {
	if r.cells[row] == nil {
		r.cells[row] = map[string]*sample{}
		r.order = append(r.order, row)
	}
	s := r.cells[row][lib]
	if s == nil {
		s = new(sample)
		r.cells[row][lib] = s
	}
	return s
}

// parse reads the output of go test -v -bench. A result line reads
//
//	BenchmarkParseBig/ours-2   100   123456 ns/op   4.05 MB/s   ...
//
// and a skip, whose message only -v prints,
//
//	    bench_test.go:91: temoto: one check ... took 3.2s (over 2s); skipped
//	--- SKIP: BenchmarkPathological/1000000/temoto
func parse(out []byte) *results {
	r := &results{cells: map[string]map[string]*sample{}}
	var pending []string // indented lines just before a --- SKIP
	sc := bufio.NewScanner(bytes.NewReader(out))
	for sc.Scan() {
		line := sc.Text()
		if strings.HasPrefix(line, "    ") {
			note := strings.TrimSpace(line)
			if pos, msg, ok := strings.Cut(note, ": "); ok && strings.Contains(pos, ".go:") && !strings.Contains(pos, " ") {
				note = msg // drop the "bench_test.go:91" position
			}
			pending = append(pending, note)
			continue
		}
		notes := pending
		pending = nil
		if name, ok := strings.CutPrefix(strings.TrimSpace(line), "--- SKIP: "); ok {
			if row, lib, ok := split(name); ok {
				r.cell(row, lib).skipped = true
				for _, note := range notes {
					if !slices.Contains(r.notes, note) {
						r.notes = append(r.notes, note)
					}
				}
			}
			continue
		}
		f := strings.Fields(line)
		if len(f) < 4 || !strings.HasPrefix(f[0], "Benchmark") {
			continue
		}
		row, lib, ok := split(trimProcs(f[0]))
		if !ok {
			continue
		}
		s := r.cell(row, lib)
		for i := 2; i+1 < len(f); i += 2 {
			v, err := strconv.ParseFloat(f[i], 64)
			if err != nil {
				continue
			}
			switch f[i+1] {
			case "ns/op":
				s.ns = append(s.ns, v)
			case "MB/s":
				s.mbs = append(s.mbs, v)
			}
		}
	}
	return r
}

// split cuts a benchmark name into its row and library: the library is the
// last element, and the row the rest without the "Benchmark" prefix.
func split(name string) (row, lib string, ok bool) {
	i := strings.LastIndexByte(name, '/')
	if i < 0 {
		return "", "", false
	}
	row, lib = strings.TrimPrefix(name[:i], "Benchmark"), name[i+1:]
	return row, lib, slices.Contains(libraries, lib)
}

// trimProcs drops the -GOMAXPROCS suffix that go test adds to a name.
func trimProcs(name string) string {
	i := strings.LastIndexByte(name, '-')
	if i < 0 {
		return name
	}
	if _, err := strconv.Atoi(name[i+1:]); err != nil {
		return name
	}
	return name[:i]
}

// write prints the table, then any skip messages.
func (r *results) write(w io.Writer) {
	fmt.Fprintf(w, "| benchmark | %s |\n", strings.Join(libraries, " | "))
	fmt.Fprintf(w, "|---|%s\n", strings.Repeat("---:|", len(libraries)))
	for _, row := range r.order {
		cells := make([]string, len(libraries))
		for i, lib := range libraries {
			cells[i] = r.cells[row][lib].String()
		}
		fmt.Fprintf(w, "| %s | %s |\n", row, strings.Join(cells, " | "))
	}
	n := 0
	for _, row := range r.cells {
		for _, s := range row {
			n = max(n, len(s.ns))
		}
	}
	fmt.Fprintf(w, "\nMedian time per operation (and throughput) of up to %d runs.\n", n)
	for _, note := range r.notes {
		fmt.Fprintf(w, "\n- %s", note)
	}
	if len(r.notes) > 0 {
		fmt.Fprintln(w)
	}
}

// String formats the cell: median time, and median MB/s if any.
func (s *sample) String() string {
	switch {
	case s == nil:
		return "–"
	case len(s.ns) == 0 && s.skipped:
		return "skipped"
	case len(s.ns) == 0:
		return "–"
	}
	str := duration(median(s.ns))
	if len(s.mbs) > 0 {
		str += fmt.Sprintf(" (%s MB/s)", sig3(median(s.mbs)))
	}
	return str
}

// median returns the median of xs, which it sorts.
func median(xs []float64) float64 {
	slices.Sort(xs)
	n := len(xs)
	if n%2 == 1 {
		return xs[n/2]
	}
	return (xs[n/2-1] + xs[n/2]) / 2
}

// duration formats ns nanoseconds with three significant digits in the
// largest unit that keeps the number at least 1.
func duration(ns float64) string {
	for _, u := range []struct {
		name string
		ns   float64
	}{{"s", 1e9}, {"ms", 1e6}, {"µs", 1e3}} {
		if ns >= u.ns {
			return sig3(ns/u.ns) + " " + u.name
		}
	}
	return sig3(ns) + " ns"
}

// sig3 formats x with three significant digits, or as an integer when it
// has more digits than that before the point.
func sig3(x float64) string {
	switch {
	case x >= 100:
		return strconv.FormatFloat(x, 'f', 0, 64)
	case x >= 10:
		return strconv.FormatFloat(x, 'f', 1, 64)
	}
	return strconv.FormatFloat(x, 'f', 2, 64)
}
