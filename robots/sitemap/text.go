package sitemap

import (
	"bufio"
	"bytes"
	"fmt"
	"strconv"
	"unicode"
	"unicode/utf8"
)

// skipped counts the lines (or rows) of one kind a reader skipped, and
// the first of them, so that all are said in one note.
type skipped struct{ n, first int }

func (s *skipped) add(line int) {
	if s.n++; s.n == 1 {
		s.first = line
	}
}

// say notes the lines skipped, if any: "3 lines are not URLs or paths:
// skipped (the first: line 2)"; one is said in the singular words.
func (s *skipped) say(note func(from, text string), from, one, many string) {
	switch s.n {
	case 0:
		return
	case 1:
		note(from, fmt.Sprintf("1 %s: skipped (line %d)", one, s.first))
	default:
		note(from, fmt.Sprintf("%s %s: skipped (the first: line %d)", grouped(s.n), many, s.first))
	}
}

// grouped writes n with its thousands grouped by commas: "203,319", as
// the notes are read by people.
func grouped(n int) string {
	s := strconv.Itoa(n)
	if n < 0 {
		return "-" + grouped(-n)
	}
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}

// isURLOrPath reports whether a line of a list (spaces trimmed) is
// something a person lists to check: an http or https URL, a path (or a
// scheme-relative //host/path), or a host and its path without a scheme
// (example.com/a), which the engine reads as a URL. Bytes that are not
// UTF-8 and control characters are none of these: they are what a
// binary file or a wrong encoding gives.
func isURLOrPath(line []byte) bool {
	if !utf8.Valid(line) || bytes.ContainsFunc(line, unicode.IsControl) {
		return false
	}
	if line[0] == '/' {
		return true
	}
	if scheme, rest, ok := bytes.Cut(line, []byte("://")); ok {
		return (asciiEqualFold(scheme, "http") || asciiEqualFold(scheme, "https")) && len(rest) > 0
	}
	return isHost(line)
}

// isHost reports whether line starts with a host name (a dot in it, as
// example.com), or a name with a port (localhost:8080), up to the end or
// its path.
func isHost(line []byte) bool {
	host := line
	if i := bytes.IndexAny(line, "/?#"); i >= 0 {
		host = line[:i]
	}
	name, port, hasPort := bytes.Cut(host, []byte(":"))
	if len(name) == 0 || hasPort && (len(port) == 0 || bytes.ContainsFunc(port, func(r rune) bool { return r < '0' || r > '9' })) {
		return false
	}
	for _, r := range string(name) {
		if r != '.' && r != '-' && !unicode.IsLetter(r) && !unicode.IsDigit(r) {
			return false
		}
	}
	return hasPort || bytes.IndexByte(name, '.') > 0 && name[len(name)-1] != '.'
}

func asciiEqualFold(b []byte, s string) bool {
	return len(b) == len(s) && bytes.EqualFold(b, []byte(s))
}

// binaryPeek is how much of a source notText looks at.
const binaryPeek = 4096

// notText returns why the first 4 KiB of r (what its first read gives) are not text, as a list or a
// log is ("this looks like a binary file"), or "" when they are: a NUL
// byte, or more than one byte in ten a control character or no UTF-8.
// Such a source read line by line gives a line of garbage for every
// newline byte its noise holds, and nothing of use.
func notText(r *bufio.Reader) string {
	head := available(r, binaryPeek)
	if bytes.HasPrefix(head, []byte{0xff, 0xfe}) || bytes.HasPrefix(head, []byte{0xfe, 0xff}) {
		return "this is UTF-16 text (save it as UTF-8 to read it)"
	}
	if bytes.IndexByte(head, 0) >= 0 {
		return "this looks like a binary file"
	}
	odd := 0
	for i := 0; i < len(head); {
		r, size := utf8.DecodeRune(head[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			// A rune cut by the end of the peek is not counted.
			if !utf8.FullRune(head[i:]) {
				i = len(head)
				continue
			}
			odd++
		case r < 0x20 && r != '\t' && r != '\n' && r != '\r' && r != '\f', r == 0x7f:
			odd++
		}
		i += size
	}
	if odd*10 > len(head) {
		return "this looks like a binary file"
	}
	return ""
}
