package main

import (
	"bufio"
	"errors"
	"fmt"

	"robotstester/robots"
)

func runDiff(c *cli, args []string) int {
	fs := c.flags("OLD NEW [-a AGENT]... [--urls FILE | --sitemap SOURCE] [--summary] [URL...]", `
Checks every agent against every URL in two versions of a robots.txt (files
or URLs; a URL is fetched, and a server that does not answer 2xx decides as
it does for crawlers) and lists each verdict that changes, with the old and
the new deciding lines. The URLs are the arguments after OLD and NEW, the
lines of --urls FILE, or standard input. The agents default to the whole
catalogue. --sitemap takes the URLs of a sitemap (its index followed);
--summary counts the changes by agent and deciding lines instead of one row
a check. Like diff(1), the exit status is 0 when nothing changed, 1 when
something did, 2 on an error.`)
	var (
		urlsFile, dialect string
		named             agentFlag
		ff                fetchFlags
		fmtf              formatFlags
		sf                siteFlags
	)
	fs.StringVar(&urlsFile, "urls", "", "a file of URLs, one a line (- for standard input)")
	fs.StringVar(&dialect, "dialect", "", dialectHelp)
	fs.Var(&named, "a", agentHelp+" (default all)")
	ff.register(fs)
	fmtf.register(fs)
	sf.register(fs, &ff, false)
	rest, status, done := c.parse(fs, args)
	if done {
		return status
	}
	if len(rest) < 2 {
		return c.fail(errors.New("give the OLD and the NEW robots.txt, files or URLs (see --help)"))
	}
	form, err := fmtf.format()
	if err != nil {
		return c.fail(err)
	}
	d, fixed, err := dialectFlag(dialect)
	if err != nil {
		return c.fail(err)
	}
	if rest[0] == "-" && rest[1] == "-" {
		return c.fail(errors.New("OLD and NEW cannot both come from standard input"))
	}
	if (rest[0] == "-" || rest[1] == "-") && sf.stdin(rest[2:], urlsFile) {
		return c.fail(errors.New("a file and the URLs cannot both come from standard input"))
	}
	old, err := load(&ff, rest[0], c.stdin)
	if err != nil {
		return c.fail(err)
	}
	cur, err := load(&ff, rest[1], c.stdin)
	if err != nil {
		return c.fail(err)
	}
	warnCut(c.stderr, c.name, old)
	warnCut(c.stderr, c.name, cur)
	warnNotRobotsTxt(c.stderr, c.name, old)
	warnNotRobotsTxt(c.stderr, c.name, cur)
	if err := sf.conflict(rest[2:], urlsFile); err != nil {
		return c.fail(err)
	}
	ags := agents(named, "all")
	if sf.summary {
		return runSiteDiff(c, &sf, old, cur, ags, d, fixed, form, rest[2:], urlsFile)
	}
	list, closeList, err := sf.urls(c, rest[2:], urlsFile)
	if err != nil {
		return c.fail(err)
	}
	agentWidth := agentColumn(ags)

	out := bufio.NewWriterSize(c.stdout, 64<<10)
	rw := newRowWriter(form, out, 18, readingColumn(ags, d, fixed), agentWidth, 26, 26)
	prog := newProgress(c.stderr, len(ags))
	checks, changed := 0, 0
	olds, curs := old.asker(ags, d, fixed), cur.asker(ags, d, fixed)
	for u := range list {
		encoded := robots.EncodeURL(u)
		before, after := olds.Ask(encoded), curs.Ask(encoded)
		for i := range ags {
			checks++
			if before[i].Allowed == after[i].Allowed {
				continue
			}
			was, now := old.resultOf(&ags[i], u, &before[i]), cur.resultOf(&ags[i], u, &after[i])
			changed++
			rw.write(
				str("change", was.verdict()+" -> "+now.verdict()),
				str("reading", now.reading.String()),
				str("agent", ags[i].typed),
				str("old", decidedBy(&was)),
				str("new", decidedBy(&now)),
				str("url", u),
			)
		}
		prog.step()
	}
	prog.done()
	if err := closeList(); err != nil {
		return c.fail(err)
	}
	if form == tableFormat {
		if changed == 0 {
			fmt.Fprintf(out, "No verdict changes (%s: %s × %s).\n", plural(checks, "check", "checks"), plural(prog.urls, "URL", "URLs"), plural(len(ags), "agent", "agents"))
		} else {
			fmt.Fprintf(out, "%d of %s change.\n", changed, plural(checks, "verdict", "verdicts"))
		}
	}
	if err := rw.flush(); err != nil {
		return c.fail(err)
	}
	if changed > 0 {
		return exitChanged
	}
	return exitOK
}

// decidedBy says in a few words what decided a verdict: "line 4:
// Disallow: /x", "no rule matched".
func decidedBy(r *result) string {
	switch {
	case r.line > 0:
		return fmt.Sprintf("line %d: %s", r.line, r.rule)
	case r.rule != "":
		return r.rule
	}
	return "no rule matched"
}
