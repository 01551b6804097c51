package main

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"time"

	"robotstester/robots"
)

func runCheck(c *cli, args []string) int {
	fs := c.flags("(--file F | --url U) [-a AGENT]... [--urls FILE | --sitemap SOURCE | --log FILE] [--summary | --matrix] [URL...]", `
Checks every agent against every URL, in the reading of each crawler (or
--dialect), and writes one row a check: the verdict, the deciding line and
rule, the first line of the group that applied, and the reading. The URLs
are the arguments, the lines of --urls FILE, or standard input, one a line;
they are read and written one at a time, so a list of any length takes the
same memory. With --url, a server that does not answer 2xx decides alone
(a 404 allows all; a 503 disallows all): the rule column says so.

--sitemap takes the URLs of a sitemap (its index followed), --log the
requests of an access log, each crawler's checked for its own user-agent
string (-a then picks the crawlers whose requests count; those of browsers
and tools are not checked, and counted on stderr). A source that gives no
URL is an error; a --file that is no robots.txt is warned of. --summary counts instead:
one row for each crawler and deciding line (line 0: no rule decided), with
--json one object a line: agent, verdict, line, rule, count. --matrix counts
for each crawler (every catalogued one without -a) the URLs allowed and
blocked, and the line that blocks most; with --json one object a crawler:
agent, allowed, blocked, line, count, rule.`)
	var (
		file, url, urlsFile, dialect string
		named                        agentFlag
		ff                           fetchFlags
		fmtf                         formatFlags
		sf                           siteFlags
	)
	fs.StringVar(&file, "file", "", "the robots.txt file to check (- for standard input)")
	fs.StringVar(&url, "url", "", "a site, or its robots.txt, to fetch and check")
	fs.StringVar(&urlsFile, "urls", "", "a file of URLs, one a line (- for standard input)")
	fs.StringVar(&dialect, "dialect", "", dialectHelp)
	fs.Var(&named, "a", agentHelp+" (default Googlebot)")
	ff.register(fs)
	fmtf.register(fs)
	sf.register(fs, &ff, true)
	rest, status, done := c.parse(fs, args)
	if done {
		return status
	}
	form, err := fmtf.format()
	if err != nil {
		return c.fail(err)
	}
	d, fixed, err := dialectFlag(dialect)
	if err != nil {
		return c.fail(err)
	}
	var src *source
	switch {
	case (file == "") == (url == ""):
		return c.fail(errors.New("give the robots.txt with --file F or --url U (one of them)"))
	case file == "-" && sf.stdin(rest, urlsFile):
		return c.fail(errors.New("the file and the URLs cannot both come from standard input"))
	case file != "":
		src, err = load(&ff, file, c.stdin)
	default:
		src, err = loadURL(&ff, url)
	}
	if err != nil {
		return c.fail(err)
	}
	warnNoAnswer(c.stderr, c.name, src)
	warnCut(c.stderr, c.name, src)
	warnNotRobotsTxt(c.stderr, c.name, src)
	if err := sf.conflict(rest, urlsFile); err != nil {
		return c.fail(err)
	}
	if sf.log != "" || sf.summary || sf.matrix {
		return runSiteCheck(c, &sf, src, named, d, fixed, form, rest, urlsFile)
	}
	list, closeList, err := sf.urls(c, rest, urlsFile)
	if err != nil {
		return c.fail(err)
	}
	ags := agents(named, "Googlebot")
	agentWidth := agentColumn(ags)

	out := bufio.NewWriterSize(c.stdout, 64<<10)
	rw := newRowWriter(form, out, 7, 4, 5, readingColumn(ags, d, fixed), agentWidth, 22)
	prog := newProgress(c.stderr, len(ags))
	asker := src.asker(ags, d, fixed)
	for u := range list {
		for i, ru := range asker.Ask(robots.EncodeURL(u)) {
			r := src.resultOf(&ags[i], u, &ru)
			writeResult(rw, &r)
		}
		prog.step()
	}
	prog.done()
	if err := closeList(); err != nil {
		return c.fail(err)
	}
	if err := rw.flush(); err != nil {
		return c.fail(err)
	}
	return exitOK
}

// writeResult writes one verdict row: the columns of check's output.
func writeResult(rw *rowWriter, r *result) {
	rw.write(
		str("verdict", r.verdict()),
		num("line", r.line),
		num("group", r.group),
		str("reading", r.reading.String()),
		str("agent", r.agent.typed),
		str("rule", r.rule),
		str("url", r.url),
	)
}

// progress draws a line on a terminal saying how far a long run is; it
// draws nothing anywhere else.
type progress struct {
	w       io.Writer
	perURL  int
	urls    int
	start   time.Time
	next    time.Time
	drawn   bool
	enabled bool
}

func newProgress(w io.Writer, perURL int) *progress {
	now := time.Now()
	return &progress{w: w, perURL: perURL, start: now, next: now.Add(time.Second), enabled: isTerminal(w)}
}

func (p *progress) step() {
	p.urls++
	if !p.enabled || p.urls%1024 != 0 {
		return
	}
	if now := time.Now(); now.After(p.next) {
		p.next = now.Add(500 * time.Millisecond)
		checks := p.urls * p.perURL
		fmt.Fprintf(p.w, "\r%d URLs, %d checks, %.0f checks/s ", p.urls, checks, float64(checks)/now.Sub(p.start).Seconds())
		p.drawn = true
	}
}

func (p *progress) done() {
	if p.drawn {
		fmt.Fprint(p.w, "\r\033[K")
	}
}
