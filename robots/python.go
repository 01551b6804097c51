package robots

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// This file reads robots.txt as CPython's urllib.robotparser (3.11) does,
// with the parts of urllib.parse it relies on. Python strings are kept as
// UTF-8 Go strings.

// readPython reads an editor line as robotparser does. Python splits lines
// on more characters than LF and CR (str.splitlines), so one editor line
// may hold several of its lines; each is reported under the editor line's
// number.
func readPython(f *File, n int, m *emitter) {
	text := strings.ToValidUTF8(pyEditorLine(f, n), "\uFFFD")
	readPyLines(n, text, readPyLine, m)
}

// pyEditorLine is editor line n as robotparser sees it: the first one
// with its byte-order mark, which robotparser keeps (it decodes UTF-8, not
// UTF-8 with a BOM), so that the mark spoils the first key.
func pyEditorLine(f *File, n int) string {
	l := &f.Lines[n-1]
	start := l.Start
	if n == 1 {
		start = 0
	}
	return f.text[start:l.End]
}

// readPyLines cuts text, editor line n, into Python's lines
// (str.splitlines) and reads each with read.
func readPyLines(n int, text string, read func(n int, line string, m *emitter), m *emitter) {
	for {
		line, rest, more := cutPyLine(text)
		read(n, line, m)
		if !more {
			return
		}
		text = rest
	}
}

// readPyLine reads one of Python's lines, reported as editor line n: a
// blank line ends the record.
func readPyLine(n int, line string, m *emitter) {
	if line == "" {
		m.emit(lineEvent{number: n, kind: Blank, endsRecord: true})
		return
	}
	readPyKeyLine(n, line, true, m)
}

// pyKey classifies a key as robotparser does, by key.lower(). Comparing
// ASCII letters without regard to case gives the same answer without
// making a lower-case copy: in Python no character outside ASCII lowers to
// a letter of these words alone (the Kelvin sign lowers to 'k', which none
// has; 'İ' lowers to 'i' and a combining dot, where Go's strings.ToLower
// gives a bare 'i').
func pyKey(key string) LineKind {
	for _, k := range [...]struct {
		word string
		kind LineKind
	}{{"user-agent", UserAgent}, {"allow", Allow}, {"disallow", Disallow}, {"sitemap", Sitemap}, {"crawl-delay", Known}, {"request-rate", Known}} {
		if equalFoldLower(key, k.word) {
			return k.kind
		}
	}
	return Unknown
}

// cutPyLine cuts s at the first place Python's str.splitlines does, besides
// LF and CR (which the editor lines already lack): more reports whether a
// line follows, which it does not after a break that ends s.
func cutPyLine(s string) (line, rest string, more bool) {
	i := strings.IndexFunc(s, isPyLineBreak)
	if i < 0 {
		return s, "", false
	}
	_, size := utf8.DecodeRuneInString(s[i:])
	return s[:i], s[i+size:], i+size < len(s)
}

func isPyLineBreak(r rune) bool {
	switch r {
	case '\v', '\f', 0x1C, 0x1D, 0x1E, 0x85, 0x2028, 0x2029:
		return true
	}
	return false
}

// isPySpace is Python's str.isspace for one character.
func isPySpace(r rune) bool {
	return unicode.IsSpace(r) || 0x1C <= r && r <= 0x1F
}

// pyUnquote is urllib.parse.unquote: %XX sequences are decoded as UTF-8,
// each maximal invalid part becoming U+FFFD.
func pyUnquote(s string) string {
	if strings.IndexByte(s, '%') < 0 {
		return s
	}
	var b strings.Builder
	var raw []byte
	flush := func() {
		for len(raw) > 0 {
			r, size := utf8.DecodeRune(raw)
			if r == utf8.RuneError && size <= 1 {
				size = maximalSubpart(raw)
				b.WriteRune(utf8.RuneError)
			} else {
				b.Write(raw[:size])
			}
			raw = raw[size:]
		}
	}
	for i := 0; i < len(s); i++ {
		if s[i] == '%' && i+2 < len(s) && isHex(s[i+1]) && isHex(s[i+2]) {
			raw = append(raw, unhex(s[i+1])<<4|unhex(s[i+2]))
			i += 2
			continue
		}
		flush()
		b.WriteByte(s[i])
	}
	flush()
	return b.String()
}

// maximalSubpart is the length of the longest start of b that could begin
// a valid UTF-8 sequence (at least 1): Python replaces it with one U+FFFD.
func maximalSubpart(b []byte) int {
	lo, hi := byte(0x80), byte(0xBF)
	var need int
	switch c := b[0]; {
	case 0xC2 <= c && c <= 0xDF:
		need = 1
	case c == 0xE0:
		need, lo = 2, 0xA0
	case 0xE1 <= c && c <= 0xEC || c == 0xEE || c == 0xEF:
		need = 2
	case c == 0xED:
		need, hi = 2, 0x9F
	case c == 0xF0:
		need, lo = 3, 0x90
	case 0xF1 <= c && c <= 0xF3:
		need = 3
	case c == 0xF4:
		need, hi = 3, 0x8F
	default:
		return 1
	}
	n := 1
	for n <= need && n < len(b) && lo <= b[n] && b[n] <= hi {
		n++
		lo, hi = 0x80, 0xBF
	}
	return n
}

// pyQuote is urllib.parse.quote with safe="/".
func pyQuote(s string) string {
	i := 0
	for i < len(s) && pySafe(s[i]) {
		i++
	}
	if i == len(s) {
		return s // most paths need no quoting: spare the copy
	}
	var b strings.Builder
	b.Grow(len(s) + 2*(len(s)-i))
	b.WriteString(s[:i])
	for ; i < len(s); i++ {
		c := s[i]
		if pySafe(c) {
			b.WriteByte(c)
			continue
		}
		b.WriteByte('%')
		b.WriteByte(upperHex[c>>4])
		b.WriteByte(upperHex[c&15])
	}
	return b.String()
}

// pySafe reports whether quote leaves c as it is.
func pySafe(c byte) bool { return pySafeBytes[c] }

// pySafeBytes holds, for each byte, whether quote leaves it as it is: a
// table, as every byte of every path checked in the Python readings is
// looked up.
var pySafeBytes = func() (t [256]bool) {
	for c := range 256 {
		t[c] = 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || strings.IndexByte("_.-~/", byte(c)) >= 0
	}
	return t
}()

// pyURL is the result of urllib.parse.urlparse.
type pyURL struct {
	scheme, netloc, path, params, query, fragment string
}

var (
	pyUsesParams = []string{"", "ftp", "hdl", "prospero", "http", "imap", "https", "shttp", "rtsp", "rtsps", "rtspu", "sip", "sips", "mms", "sftp", "tel"}
	pyUsesNetloc = []string{"", "ftp", "http", "gopher", "nntp", "telnet", "imap", "wais", "file", "mms", "https", "shttp", "snews", "prospero", "rtsp", "rtsps", "rtspu", "rsync", "svn", "svn+ssh", "sftp", "nfs", "git", "git+ssh", "ws", "wss"}
)

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// pyParse is urllib.parse.urlparse, for the URLs robotparser sees.
func pyParse(url string) pyURL {
	// The bytes urlsplit strips from the left are the C0 controls and
	// the space: a loop over them, as strings.TrimLeft with that cutset
	// builds its set of bytes on every call (once a check).
	for url != "" && url[0] <= ' ' {
		url = url[1:]
	}
	if hasTabOrNewline(url) {
		url = strings.Map(func(r rune) rune {
			if r == '\t' || r == '\r' || r == '\n' {
				return -1
			}
			return r
		}, url)
	}
	var u pyURL
	if i := strings.IndexByte(url, ':'); i > 0 && isASCIILetter(url[0]) && isPyScheme(url[:i]) {
		u.scheme, url = strings.ToLower(url[:i]), url[i+1:]
	}
	if strings.HasPrefix(url, "//") {
		end := len(url)
		if i := netlocEnd(url[2:]); i >= 0 {
			end = i + 2
		}
		u.netloc, url = url[2:end], url[end:]
	}
	if i := strings.IndexByte(url, '#'); i >= 0 {
		url, u.fragment = url[:i], url[i+1:]
	}
	if i := strings.IndexByte(url, '?'); i >= 0 {
		url, u.query = url[:i], url[i+1:]
	}
	if contains(pyUsesParams, u.scheme) && strings.IndexByte(url, ';') >= 0 {
		i := -1
		if slash := strings.LastIndexByte(url, '/'); slash >= 0 {
			if j := strings.IndexByte(url[slash:], ';'); j >= 0 {
				i = slash + j
			}
		} else {
			i = strings.IndexByte(url, ';')
		}
		if i >= 0 {
			url, u.params = url[:i], url[i+1:]
		}
	}
	u.path = url
	return u
}

// hasTabOrNewline reports whether s holds a tab, CR or LF, which
// urlsplit removes.
func hasTabOrNewline(s string) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c == '\t' || c == '\r' || c == '\n' {
			return true
		}
	}
	return false
}

// netlocEnd returns the index of the first '/', '?' or '#' of s, which
// ends a netloc, or -1.
func netlocEnd(s string) int {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c == '/' || c == '?' || c == '#' {
			return i
		}
	}
	return -1
}

func isASCIILetter(c byte) bool { return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' }

func isPyScheme(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !isASCIILetter(c) && !('0' <= c && c <= '9') && c != '+' && c != '-' && c != '.' {
			return false
		}
	}
	return true
}

// pyUnparse is urllib.parse.urlunparse.
func pyUnparse(u pyURL) string {
	url := u.path
	if u.params != "" {
		url += ";" + u.params
	}
	if u.netloc != "" || u.scheme != "" && contains(pyUsesNetloc, u.scheme) && !strings.HasPrefix(url, "//") {
		if url != "" && url[0] != '/' {
			url = "/" + url
		}
		url = "//" + u.netloc + url
	}
	if u.scheme != "" {
		url = u.scheme + ":" + url
	}
	if u.query != "" {
		url += "?" + u.query
	}
	if u.fragment != "" {
		url += "#" + u.fragment
	}
	return url
}
