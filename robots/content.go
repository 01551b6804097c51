package robots

import (
	"strings"
	"unicode/utf8"
)

// ContentKind says what a text given as a robots.txt file is: a robots.txt
// file, or something else pasted or served in its place.
type ContentKind uint8

const (
	// RobotsTxt: at least one line is a record crawlers read (User-agent,
	// Allow, Disallow, Sitemap, Crawl-delay, ...). The file may still hold
	// mistakes, and even HTML mixed in, which the linter reports.
	RobotsTxt ContentKind = iota
	// EmptyFile: nothing but blank lines and comments. Crawlers may fetch
	// everything, as with no robots.txt at all.
	EmptyFile
	// PastedURL: one or more URLs and nothing else, typically the address
	// of a robots.txt pasted where its text belongs.
	PastedURL
	// HTMLPage: an HTML (or XML) page without a single record, typically
	// a server answering /robots.txt with an error page or a soft 404.
	HTMLPage
	// NotRobotsTxt: something else without a single record: JSON, binary
	// data, an error message in plain text.
	NotRobotsTxt
)

var contentNames = [...]string{"robots.txt", "empty", "url", "html", "other"}

// String returns "robots.txt", "empty", "url", "html" or "other".
func (k ContentKind) String() string {
	if int(k) < len(contentNames) {
		return contentNames[k]
	}
	return "content(?)"
}

// IsRobotsTxt reports whether the text is a robots.txt file, possibly an
// empty one: whether crawlers would take it for one, and the tester
// should show no banner.
func (k ContentKind) IsRobotsTxt() bool { return k == RobotsTxt || k == EmptyFile }

// Content says what the file's text is. It depends on the text alone, not
// on a reading, and looks at every line each time it is called (a quick
// pass, without allocating).
func (f *File) Content() ContentKind {
	return f.scanContent().kind
}

// contentScan is what Content finds out about a file, with the details the
// linter's message needs.
type contentScan struct {
	kind    ContentKind
	first   int    // the first line that is neither blank nor a comment
	urls    int    // lines that are a URL alone
	url     string // the first of them
	binary  bool   // NUL bytes or bytes that are not UTF-8
	json    bool   // the text starts with { or [
	xml     bool   // the text starts with <?xml
	records int
}

// scanContent classifies the file. A file with one record is a robots.txt,
// whatever else it holds: crawlers read that record. Without any, the
// first line and the share of markup lines decide between a URL, an HTML
// page and other text.
func (f *File) scanContent() contentScan {
	var c contentScan
	content, markup, odd := 0, 0, 0
	for i := range f.Lines {
		l := &f.Lines[i]
		switch l.Kind {
		case Blank, Comment:
			continue
		case UserAgent, Allow, Disallow, Sitemap, Known:
			c.records++
		}
		content++
		text := trimSpace(f.text[l.Start:l.End])
		if c.first == 0 {
			c.first = l.Number
			c.json = text != "" && (text[0] == '{' || text[0] == '[')
			c.xml = hasPrefixFold(text, "<?xml")
		}
		if strings.HasPrefix(text, "<") {
			markup++
		}
		if isURLLine(text) {
			if c.urls == 0 {
				c.url = text
			}
			c.urls++
		}
		if l.Has(FlagNUL) || l.Has(FlagInvalidUTF8) {
			odd++
		}
	}
	switch {
	case content == 0:
		c.kind = EmptyFile
	case c.records > 0:
		c.kind = RobotsTxt
	case c.urls == content:
		c.kind = PastedURL
	case odd > 0:
		c.binary = true
		c.kind = NotRobotsTxt
	case markup > 0 && (looksLikeMarkupStart(trimSpace(f.Text(c.first))) || 2*markup >= content):
		c.kind = HTMLPage
	default:
		c.kind = NotRobotsTxt
	}
	return c
}

// looksLikeMarkupStart reports whether a line opens an HTML or XML
// document: a tag, a doctype, a comment or a processing instruction.
func looksLikeMarkupStart(s string) bool {
	if len(s) < 2 || s[0] != '<' {
		return false
	}
	c := s[1]
	return c == '!' || c == '?' || c == '/' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z'
}

// isURLLine reports whether a line is a URL and nothing else: an http(s)
// URL, or a host name with a dot (as "www.example.com/robots.txt").
func isURLLine(s string) bool {
	scheme := 0
	switch {
	case hasPrefixFold(s, "http://"):
		scheme = len("http://")
	case hasPrefixFold(s, "https://"):
		scheme = len("https://")
	case !hasPrefixFold(s, "www.") && !strings.Contains(s, "/robots.txt"):
		return false
	}
	if strings.ContainsAny(s, " \t") || !utf8.ValidString(s) {
		return false
	}
	if scheme > 0 {
		return len(s) > scheme && s[scheme] != '/'
	}
	host, _, _ := strings.Cut(s, "/")
	dot := strings.LastIndexByte(host, '.')
	if dot <= 0 || dot == len(host)-1 {
		return false
	}
	for i := 0; i < len(host); i++ {
		c := host[i]
		if !(c == '.' || c == '-' || '0' <= c && c <= '9' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z') {
			return false
		}
	}
	return true
}

// urlHost returns the host of a URL line, and the URL of its robots.txt.
func urlHost(s string) (host, robots string) {
	rest := s
	scheme := "https://"
	for _, p := range []string{"http://", "https://"} {
		if hasPrefixFold(rest, p) {
			scheme, rest = strings.ToLower(p), rest[len(p):]
		}
	}
	host, _, _ = strings.Cut(rest, "/")
	host, _, _ = strings.Cut(host, "?")
	host, _, _ = strings.Cut(host, "#")
	return host, scheme + host + "/robots.txt"
}
