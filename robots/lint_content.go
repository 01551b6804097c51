package robots

import (
	"fmt"
	"strings"
)

// This file holds what the linter says about text that is not robots.txt:
// a whole file that is something else (a URL, an HTML page, JSON), and
// lines of markup, URLs or merge-conflict markers in a real robots.txt.

// notRobots adds the one finding for a text that is not a robots.txt file
// and reports whether it did: the linter then says nothing else, where it
// would otherwise call every line an unknown key.
func (l *linter) notRobots() bool {
	c := l.f.scanContent()
	if c.kind.IsRobotsTxt() {
		return false
	}
	if len(l.r.Orphans) > 0 || len(l.r.Groups) > 0 {
		// A first-match reader finds a directive anywhere in a line
		// ("<p>Disallow: /x</p>"): it reads rules in this text, so the
		// lines are linted as usual, after this finding.
		l.add(c.first, CodeNotRobots, "This is not a robots.txt file (%s), but %s finds directives inside its lines and reads them: see the findings below.", c.kind, l.dialect)
		return false
	}
	const noRules = "crawlers find no rules in it and may crawl everything"
	switch c.kind {
	case PastedURL:
		host, robots := urlHost(c.url)
		what := "This is a URL"
		if c.urls > 1 {
			what = fmt.Sprintf("These %d lines are URLs", c.urls)
		}
		l.add(c.first, CodePastedURL, "%s, not the text of a robots.txt file: %s. To test the robots.txt of %s, open %s in your browser and paste its text here (a web page cannot fetch another site's files); to test a URL against the rules, put it in the tests.", what, noRules, host, robots)
	case HTMLPage:
		what := "an HTML page"
		if c.xml {
			what = "an XML document"
		}
		l.add(c.first, CodeHTML, "This is %s, not a robots.txt file: %s. A server sends one when it answers /robots.txt with an error page or a soft 404 (a \"not found\" page sent as a success): check what the site really serves at /robots.txt.", what, noRules)
	default:
		switch {
		case c.json:
			l.add(c.first, CodeNotRobots, "This is JSON, not a robots.txt file: %s. A server sends it when it answers /robots.txt with an error from an API.", noRules)
		case c.binary:
			l.add(c.first, CodeNotRobots, "This is binary data (or text with NUL bytes), not a robots.txt file: %s.", noRules)
		default:
			l.add(c.first, CodeNotRobots, "No line of this text is a robots.txt record (User-agent, Allow, Disallow, Sitemap): %s. It may be an error message sent in place of the file.", noRules)
		}
	}
	return true
}

// markupBlocks are the elements whose content is markup up to their end
// tag, however its lines look.
var markupBlocks = []struct{ open, close string }{
	{"<script", "</script"}, {"<style", "</style"}, {"<!--", "-->"}, {"<?php", "?>"}, {"<?", "?>"},
}

// markupLines finds the lines of a robots.txt that are HTML: lines that are
// not records and start with a tag, and the lines inside a script, style,
// comment or PHP block. Records stay records, wherever they stand:
// crawlers read them.
func (l *linter) markupLines() map[int]bool {
	var m map[int]bool
	closer := "" // the end of the block being read
	for i := range l.f.Lines {
		line := &l.f.Lines[i]
		n := line.Number
		text := trimSpace(l.f.Text(n))
		unknown := l.r.Kind(n) == Unknown
		if closer != "" {
			if unknown {
				m = setLine(m, n)
			}
			if strings.Contains(strings.ToLower(text), closer) {
				closer = ""
			}
			continue
		}
		if !unknown || !looksLikeMarkupStart(text) {
			continue
		}
		m = setLine(m, n)
		lower := strings.ToLower(text)
		for _, b := range markupBlocks {
			if strings.HasPrefix(lower, b.open) {
				if !strings.Contains(lower[len(b.open):], b.close) {
					closer = b.close
				}
				break
			}
		}
	}
	return m
}

func setLine(m map[int]bool, n int) map[int]bool {
	if m == nil {
		m = map[int]bool{}
	}
	m[n] = true
	return m
}

// recordKeys are the keys a record glued to the end of a markup line would
// start with.
var recordKeys = []string{"user-agent:", "disallow:", "allow:", "sitemap:"}

// htmlInside adds one finding for the markup lines of a robots.txt, where
// a finding per line would call each an unknown key (a hacked site's
// injected links can fill a hundred lines).
func (l *linter) htmlInside(markup map[int]bool) {
	if len(markup) == 0 {
		return
	}
	first, glued, gluedText := 0, 0, ""
	for i := range l.f.Lines {
		n := l.f.Lines[i].Number
		if !markup[n] {
			continue
		}
		if first == 0 {
			first = n
		}
		// A record after the last tag of the line: "...</div>User-agent: *".
		text := l.f.Text(n)
		if j := strings.LastIndexByte(text, '>'); j >= 0 && glued == 0 {
			rest := trimSpace(cutComment(text[j+1:]))
			if hasAnyPrefixFold(rest, recordKeys) {
				glued, gluedText = n, rest
			}
		}
	}
	count := fmt.Sprintf("%d lines of this file are", len(markup))
	if len(markup) == 1 {
		count = "A line of this file is"
	}
	var msg string
	if hasPrefixFold(trimSpace(l.f.Text(first)), "<?php") {
		msg = fmt.Sprintf("%s PHP code, not records (the first: line %d): crawlers ignore them. The server sends the script that should make this file, not what it prints.", count, first)
	} else {
		msg = fmt.Sprintf("%s HTML, not records (the first: line %d): crawlers ignore them. Something on the server writes markup into the file: a page template, an error message, a plugin's output, or links injected into a hacked site.", count, first)
	}
	if glued != 0 {
		msg += fmt.Sprintf(" Line %d ends with %q after the markup: crawlers do not read it as a record; start it on a line of its own.", glued, gluedText)
	}
	l.add(first, CodeHTMLInside, "%s", msg)
}

// strayLine adds the finding for an unknown line of a robots.txt that is
// a URL alone or a merge-conflict marker, and reports whether it did.
func (l *linter) strayLine(n int) bool {
	text := trimSpace(l.f.Text(n))
	switch {
	case isURLLine(text) && strings.HasSuffix(strings.ToLower(text), "/robots.txt"):
		l.add(n, CodeURLLine, "A URL alone is not a record: crawlers ignore this line, which looks like the address of this file.")
	case isURLLine(text):
		l.add(n, CodeURLLine, "A URL alone is not a record: crawlers ignore this line. If it is a sitemap, write \"Sitemap: %s\".", text)
	case strings.HasPrefix(text, "<<<<<<<") || strings.HasPrefix(text, ">>>>>>>") || text == "=======":
		l.add(n, CodeConflictMarker, "A merge-conflict marker: the file was published with a conflict left unresolved. Crawlers ignore this line, and read the lines of both sides.")
	default:
		return false
	}
	return true
}
