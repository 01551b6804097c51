package robots

import (
	"strings"
	"unicode/utf8"
)

// The REP-RERP reading (the 1996 Internet-Draft's reference parser): its
// keywords, values and paths.

// rerpPattern makes a rule's pattern as robotexclusionrulesparser does:
// the value decoded by the file's charset, then percent-decoded as UTF-8,
// %2F kept. An empty path matches everything and means the opposite of its
// kind.
func rerpPattern(r *Reading, rule *Rule, value string, flags LineFlag) bool {
	v := value
	if r.Dialect.parts().has(charsetDecoded) {
		v = r.File.decodeRERP(v)
	}
	rule.setPattern(rerpUnquote(v))
	rule.allows = rule.Allow != (v == "")
	return true
}

// rerpPath is the path robotexclusionrulesparser compares: the URL made
// a path through urllib.parse's urlparse and urlunparse with scheme and
// host left out (an empty path stays empty, so "Disallow: /" does not
// match http://example.com; an empty query or fragment is dropped, "/vote?"
// is "/vote"; a URL with no '/' after its host keeps its "?…" or "#…" as
// the path), then percent-decoded as UTF-8, invalid sequences becoming
// U+FFFD, %2F kept.
func rerpPath(url string, _ quirk) (string, bool) {
	u := pyParse(url)
	u.scheme, u.netloc = "", ""
	return rerpUnquote(pyUnparse(u)), true
}

// rerpUnquote percent-decodes s as robotexclusionrulesparser does, with
// urllib.parse.unquote: the octets decoded as UTF-8, each invalid part
// becoming U+FFFD; %2F (either case) stays %2F, which MK1996 keeps apart
// from a path separator.
func rerpUnquote(s string) string {
	if strings.IndexByte(s, '%') < 0 {
		return s
	}
	// A line feed stands for %2F while the rest is decoded: no value or
	// path holds one (lines end there; urlparse removes them from URLs).
	s = slashEscapes.Replace(s)
	return strings.ReplaceAll(pyUnquote(s), "\n", "%2F")
}

// slashEscapes replaces %2F by a line feed (rerpUnquote).
var slashEscapes = strings.NewReplacer("%2F", "\n", "%2f", "\n")

// latin1ToUTF8 reads s as ISO-8859-1 and writes it as UTF-8.
func latin1ToUTF8(s string) string {
	n := 0
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			n++
		}
	}
	if n == 0 {
		return s
	}
	b := make([]byte, 0, len(s)+n)
	for i := 0; i < len(s); i++ {
		b = utf8.AppendRune(b, rune(s[i]))
	}
	return string(b)
}

// readRERP reads a line as robotexclusionrulesparser does (gym2008, mk1996,
// mk1994): a line starting with '#' is dropped; otherwise the comment is cut
// and a line left empty ends the record; a directive is the leftmost of its
// keywords followed at once by a colon, anywhere in the line.
func readRERP(f *File, n int, m *emitter) {
	l := &f.Lines[n-1]
	start := l.Start
	if n == 1 {
		start = 0 // these readers do not skip a byte-order mark
	}
	s := trimSpace(f.text[start:l.End])
	switch {
	case s == "":
		m.emit(lineEvent{number: n, kind: Blank, endsRecord: true})
		return
	case s[0] == '#':
		m.emit(lineEvent{number: n, kind: Comment})
		return
	}
	if i := strings.IndexByte(s, '#'); i >= 0 {
		s = trimSpace(s[:i])
		if s == "" {
			m.emit(lineEvent{number: n, kind: Comment, endsRecord: true})
			return
		}
	}
	key, kind, at := rerpDirective(s)
	if at < 0 {
		m.emit(lineEvent{number: n, kind: Unknown})
		return
	}
	m.emit(lineEvent{number: n, kind: kind, key: key, value: cleanRERPValue(s[at+len(key)+1:])})
}

var rerpKeywords = []struct {
	word string
	kind LineKind
}{
	{"allow", Allow}, {"disallow", Disallow}, {"user-agent", UserAgent},
	{"useragent", UserAgent}, {"sitemap", Sitemap}, {"crawl-delay", Known},
}

// rerpDirective finds the leftmost keyword followed by a colon in s.
func rerpDirective(s string) (key string, kind LineKind, at int) {
	for i := 0; i < len(s); i++ {
		for _, k := range rerpKeywords {
			end := i + len(k.word)
			if end < len(s) && s[end] == ':' && equalFoldLower(s[i:end], k.word) {
				return s[i:end], k.kind, i
			}
		}
	}
	return "", Unknown, -1
}

// cleanRERPValue drops control characters (0x00-0x1F) from a value and
// strips it. A tab is one: robotexclusionrulesparser's _scrub_data removes
// control characters before it turns tabs into spaces, which so never
// happens ("/a<TAB>b" is "/ab").
func cleanRERPValue(v string) string {
	clean := true
	for i := 0; i < len(v); i++ {
		if v[i] < 0x20 {
			clean = false
			break
		}
	}
	if !clean {
		var b strings.Builder
		for i := 0; i < len(v); i++ {
			if c := v[i]; c >= 0x20 {
				b.WriteByte(c)
			}
		}
		v = b.String()
	}
	return trimSpace(v)
}
