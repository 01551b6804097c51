package robots

import (
	"bytes"
	"strings"
	"sync"
	"sync/atomic"
)

// FetchLimit is the number of bytes of a robots.txt file that Google's
// fetcher reads (500 KiB); the rest of the file is ignored.
const FetchLimit = 512000

// A File is a parsed robots.txt file. It is safe for concurrent use.
type File struct {
	// Lines holds every line up to the fetch limit, in order: Lines[i] is
	// line i+1.
	Lines []Line
	// Size is the length of the file in bytes, and TotalLines the number of
	// its lines, including any past the fetch limit.
	Size, TotalLines int
	// Cut is the byte offset where the fetch limit cut the file, and CutLine
	// the line it fell in; both are 0 when the file is within the limit.
	Cut, CutLine int
	// BOM is the number of bytes of a byte-order mark skipped at the start.
	BOM int

	utf8 bool // declared UTF-8 (ParseCharset): how robotexclusionrulesparser's readings decode rule text

	text string // the file up to the limit; every Line's strings point into it

	mu       sync.Mutex // held while a reading is made
	readings [numDialects]atomic.Pointer[Reading]
}

// Parse reads a robots.txt file, line by line. It never fails: bytes that
// are not robots.txt are kept as lines that mean nothing, with findings
// that say so. A dialect's groups and rules are read from the lines on
// first use ([File.Read], [File.Check]), once.
func Parse(data []byte) *File {
	if len(data) <= FetchLimit {
		return parse(string(data), len(data), nil)
	}
	return parse(string(data[:FetchLimit]), len(data), func() int {
		return countLineBreaks(data[FetchLimit:], data[FetchLimit-1] == '\r')
	})
}

// ParseCharset is Parse for a file served with a charset (the charset
// parameter of its Content-Type), for the readings that decode the file by
// it as robotexclusionrulesparser does (gym2008, mk1996, mk1994): declared
// UTF-8, non-ASCII rule text is compared as UTF-8; otherwise, and without
// a charset (Parse), as ISO-8859-1, HTTP/1.1's default for text, so that
// a UTF-8 "Disallow: /ü" matches no URL there. Other readings, which take
// the file as UTF-8, are not affected. Bytes that are not UTF-8 in a file
// declared UTF-8 read as U+FFFD (robotexclusionrulesparser refuses such a
// file).
func ParseCharset(data []byte, charset string) *File {
	f := Parse(data)
	switch strings.ToLower(strings.Trim(strings.TrimSpace(charset), `"'`)) {
	case "utf-8", "utf8", "utf_8", "u8":
		f.utf8 = true
	}
	return f
}

// ParseString is Parse for a file held in a string, such as the text of an
// editor: it spares copying the file.
func ParseString(text string) *File {
	if len(text) <= FetchLimit {
		return parse(text, len(text), nil)
	}
	return parse(text[:FetchLimit], len(text), func() int {
		return countLineBreaks(text[FetchLimit:], text[FetchLimit-1] == '\r')
	})
}

// parse reads body, a file of size bytes up to the fetch limit; breaksPast,
// for a file past the limit, counts the line breaks beyond it.
func parse(body string, size int, breaksPast func() int) *File {
	f := &File{Size: size}
	if breaksPast != nil {
		f.Cut = FetchLimit
	}
	f.text = body
	f.BOM = bomLength(f.text)
	// Counting the lines first costs a fast pass over the bytes, and
	// spares growing the array of lines, which is most of what Parse
	// allocates: a file of blank lines makes one Line per byte.
	f.Lines = make([]Line, countLineBreaks(body, false)+1)
	splitLines(f.text, func(n, start, end int) {
		l := &f.Lines[n-1]
		l.Number, l.Start, l.End = n, start, end
		readLine(l, f.text)
	})
	markEncoding(f.Lines, f.text)
	f.TotalLines = len(f.Lines)
	if f.Cut > 0 {
		last := &f.Lines[len(f.Lines)-1]
		last.Flags |= FlagPastLimit
		f.CutLine = last.Number
		f.TotalLines += breaksPast()
	}
	return f
}

// countLineBreaks counts the line breaks in s, a CRLF pair as one.
// afterCR says whether the byte before s was a CR.
func countLineBreaks[T string | []byte](s T, afterCR bool) int {
	n := countByte(s, '\n')
	if cr := countByte(s, '\r'); cr > 0 {
		n += cr - countCRLF(s)
	}
	if afterCR && len(s) > 0 && s[0] == '\n' {
		n--
	}
	return n
}

func countByte[T string | []byte](s T, c byte) int {
	switch s := any(s).(type) {
	case string:
		return strings.Count(s, string(c))
	case []byte:
		return bytes.Count(s, []byte{c})
	}
	return 0
}

func countCRLF[T string | []byte](s T) int {
	switch s := any(s).(type) {
	case string:
		return strings.Count(s, "\r\n")
	case []byte:
		return bytes.Count(s, []byte("\r\n"))
	}
	return 0
}

// Text returns the content of line n (1-based) as written, without its line
// break, or "" when there is no such line.
func (f *File) Text(n int) string {
	if n < 1 || n > len(f.Lines) {
		return ""
	}
	l := &f.Lines[n-1]
	return f.text[l.Start:l.End]
}

// Raw returns the file as it was read, byte for byte, up to the fetch
// limit: its first FetchLimit bytes, a byte-order mark and line breaks
// included. It is what crawlers read; Size says how long the whole was.
func (f *File) Raw() string { return f.text }

// Key returns the key of line n (1-based) as written, white space trimmed:
// "" for blank and comment lines, lines with no key, and lines that do not
// exist.
func (f *File) Key(n int) string {
	if n < 1 || n > len(f.Lines) {
		return ""
	}
	ks, ke, _, _ := f.Lines[n-1].spans(f.text)
	return f.text[ks:ke]
}

// Value returns the value of line n (1-based) as written, without its
// comment and surrounding white space, as the Google dialect reads it.
func (f *File) Value(n int) string {
	if n < 1 || n > len(f.Lines) {
		return ""
	}
	_, _, vs, ve := f.Lines[n-1].spans(f.text)
	return f.text[vs:ve]
}

// Read returns the file as dialect d reads it: its groups, rules and other
// records. A reading is made from the lines on first use, and kept.
func (f *File) Read(d Dialect) *Reading {
	r, _ := f.ReadPaced(d, nil) // only a pause stops it
	return r
}

// ReadPaced is Read, calling pause (when not nil) every thousand lines or
// so while it makes the reading, so that a caller can give way to other
// work: reading a file of 18,000 groups is a tenth of a second or more in
// WebAssembly. A reading made already is returned at once. When pause
// stops the work, it returns ErrStopped and keeps nothing: the next call
// reads the file again.
func (f *File) ReadPaced(d Dialect, pause Pause) (*Reading, error) {
	if !d.valid() {
		d = Google
	}
	if r := f.readings[d].Load(); r != nil {
		return r, nil
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	if r := f.readings[d].Load(); r != nil {
		return r, nil
	}
	r := newReading(f, d, pause)
	if r == nil {
		return nil, ErrStopped
	}
	f.readings[d].Store(r)
	return r, nil
}

// Check reports whether a crawler whose product token is agent may fetch
// url, as Googlebot's reading of robots.txt decides it. The agent is taken
// as given (use [ProductToken] to get the token from a full user-agent
// string) and the URL is matched as given, without re-encoding.
func (f *File) Check(agent, url string) Verdict {
	return f.Read(Google).Check(agent, url)
}

// CheckDialect is like Check, with the file read in dialect d.
func (f *File) CheckDialect(d Dialect, agent, url string) Verdict {
	return f.Read(d).Check(agent, url)
}

// CheckCrawler reports whether crawler c may fetch url, in the crawler's own
// dialect, following its fallback tokens and its treatment of the * group.
func (f *File) CheckCrawler(c Crawler, url string) Verdict {
	return f.Read(c.Dialect).CheckCrawler(c, url)
}

// Findings returns what the linter says about the file as Google reads it,
// in line order.
func (f *File) Findings() []Finding {
	return f.Read(Google).Findings()
}
