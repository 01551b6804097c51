package robots

import "strings"

// matchPattern reports whether a robots.txt pattern matches path: the
// pattern is anchored at the start of the path, '*' matches any run of
// bytes, and a '$' ends the path only as the pattern's last byte.
//
// Google's library tracks every position the pattern could have reached,
// which takes time in proportion to len(pattern)*len(path). Since '*' is the
// only operator, matching each run between stars at its leftmost possible
// place is enough, and takes linear time.
func matchPattern(pattern, path string) bool {
	if strings.HasSuffix(pattern, "$") {
		return matchAnchored(pattern[:len(pattern)-1], path)
	}
	return match(pattern, false, path)
}

// matchAnchored reports whether pattern, followed by an end anchor, matches
// path.
func matchAnchored(pattern, path string) bool { return match(pattern, true, path) }

func match(pattern string, anchored bool, path string) bool {
	star := strings.IndexByte(pattern, '*')
	if star < 0 {
		if anchored {
			return path == pattern
		}
		return strings.HasPrefix(path, pattern)
	}
	if !strings.HasPrefix(path, pattern[:star]) {
		return false
	}
	return matchAfterStar(pattern[star+1:], anchored, path, star)
}

// matchAfterStar reports whether "*" followed by pattern (and an end anchor
// if anchored) matches path from pos: each run between stars is found at
// its leftmost place, which takes time linear in the path.
func matchAfterStar(pattern string, anchored bool, path string, pos int) bool {
	for {
		star := strings.IndexByte(pattern, '*')
		if star < 0 {
			if anchored {
				return len(path)-len(pattern) >= pos && strings.HasSuffix(path, pattern)
			}
			return strings.Contains(path[pos:], pattern)
		}
		if seg := pattern[:star]; seg != "" {
			i := strings.Index(path[pos:], seg)
			if i < 0 {
				return false
			}
			pos += i + len(seg)
		}
		pattern = pattern[star+1:]
	}
}

// literalPrefix is the part of a pattern before its first operator: every
// path the pattern matches starts with it.
func literalPrefix(pattern string) string {
	if i := strings.IndexByte(pattern, '*'); i >= 0 {
		return pattern[:i]
	}
	return strings.TrimSuffix(pattern, "$")
}

const upperHex = "0123456789ABCDEF"

func isHex(c byte) bool {
	return '0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F'
}

func unhex(c byte) byte {
	switch {
	case c <= '9':
		return c - '0'
	case c <= 'F':
		return c - 'A' + 10
	}
	return c - 'a' + 10
}

// escapePattern percent-encodes a pattern as Google's library does: bytes
// of 0x80 and above become %XX and the hex digits of an existing %xx are
// upper-cased. The URL it is compared with is never changed.
func escapePattern(p string) string { return reencode(p, encoding{}) }

// normalizeRFC brings a path or a pattern to the form RFC 9309 compares:
// percent-encoded unreserved octets are decoded, other %xx are upper-cased,
// bytes outside printable ASCII are encoded. In a path, '*' and '$' are
// encoded too, since a pattern matches them literally only as %2A and %24.
func normalizeRFC(s string, pattern bool) string {
	return reencode(s, encoding{decodeUnreserved: true, encodeControls: true, encodeOperators: !pattern})
}

// encodeInnerDollars percent-encodes every '$' of a pattern but a final
// one. RFC 9309 makes '$' an operator only at the end of a pattern;
// elsewhere it is a reserved character like any other, compared
// percent-encoded, as normalizeRFC encodes the '$' of a path: so
// "Disallow: /a$b" blocks "/a$b" (and "/a%24b").
func encodeInnerDollars(p string) string {
	body := strings.TrimSuffix(p, "$")
	if strings.IndexByte(body, '$') < 0 {
		return p
	}
	return strings.ReplaceAll(body, "$", "%24") + p[len(body):]
}

// An encoding says how reencode treats each byte. Every encoding turns
// bytes of 0x80 and above into %XX and upper-cases the hex digits of %xx.
type encoding struct {
	decodeUnreserved bool // %xx of an unreserved character becomes the character
	encodeControls   bool // bytes up to ' ', and 0x7F, become %XX
	encodeOperators  bool // '*' and '$' become %2A and %24
}

func (e encoding) encodes(c byte) bool {
	return c >= 0x80 || e.encodeControls && (c <= ' ' || c == 0x7F) || e.encodeOperators && (c == '*' || c == '$')
}

// reencode rewrites the percent-encoding of s as e says, and returns s
// itself when nothing changes.
func reencode(s string, e encoding) string {
	need := false
	for i := 0; i < len(s) && !need; i++ {
		c := s[i]
		if c == '%' && i+2 < len(s) && isHex(s[i+1]) && isHex(s[i+2]) {
			need = e.decodeUnreserved || s[i+1] >= 'a' || s[i+2] >= 'a'
			i += 2
			continue
		}
		need = e.encodes(c)
	}
	if !need {
		return s
	}
	var b strings.Builder
	b.Grow(len(s) + 16)
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '%' && i+2 < len(s) && isHex(s[i+1]) && isHex(s[i+2]):
			if v := unhex(s[i+1])<<4 | unhex(s[i+2]); e.decodeUnreserved && isUnreserved(v) {
				b.WriteByte(v)
			} else {
				b.WriteByte('%')
				b.WriteByte(upper(s[i+1]))
				b.WriteByte(upper(s[i+2]))
			}
			i += 2
		case e.encodes(c):
			b.WriteByte('%')
			b.WriteByte(upperHex[c>>4])
			b.WriteByte(upperHex[c&15])
		default:
			b.WriteByte(c)
		}
	}
	return b.String()
}

func upper(c byte) byte {
	if 'a' <= c && c <= 'z' {
		return c - 'a' + 'A'
	}
	return c
}

// isUnreserved reports whether c is an unreserved URI character (RFC 3986).
func isUnreserved(c byte) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' ||
		c == '-' || c == '.' || c == '_' || c == '~'
}

// indexDirLength returns, for an Allow pattern whose last segment starts
// with "/index.htm", the length of its directory "<dir>/": Google also
// allows "<dir>/$" with it. Otherwise it returns 0.
func indexDirLength(pattern string) int {
	slash := strings.LastIndexByte(pattern, '/')
	if slash < 0 || !strings.HasPrefix(pattern[slash:], "/index.htm") {
		return 0
	}
	return slash + 1
}

// PathOf returns the part of a URL that robots.txt rules are matched
// against, as Google's library finds it: scheme and authority are dropped,
// path, ;params and ?query kept, the #fragment dropped, and an empty path
// becomes "/". The URL is not re-encoded.
//
// It finds each part in one pass over the bytes, as Google's library
// finds them in several (strings.Index and IndexAny): the same answer, at
// a fraction of the cost in WebAssembly, whose byte searches are plain Go
// loops rather than the vector code they are natively (the site URLs
// panel checks a million URLs in the browser).
func PathOf(url string) string {
	from := 0
	if len(url) >= 2 && url[0] == '/' && url[1] == '/' {
		from = 2
	}
	// The first '/', '?' or ';' starts the path, unless it is the '/' of
	// a "://" that no such byte comes before: a scheme's separator, after
	// which the authority runs to the next one. A '#' before it leaves no
	// path.
	start := pathByte(url, from)
	if start < 0 || url[start] == '#' {
		return "/"
	}
	if url[start] == '/' && start > from && url[start-1] == ':' && start+1 < len(url) && url[start+1] == '/' {
		if start = pathByte(url, start+2); start < 0 || url[start] == '#' {
			return "/"
		}
	}
	end := len(url)
	if i := strings.IndexByte(url[start:], '#'); i >= 0 {
		end = start + i
	}
	if url[start] != '/' {
		return "/" + url[start:end]
	}
	return url[start:end]
}

// pathByte returns the index of the first '/', '?', ';' or '#' of url
// from from on, or -1.
func pathByte(url string, from int) int {
	for i := from; i < len(url); i++ {
		switch url[i] {
		case '/', '?', ';', '#':
			return i
		}
	}
	return -1
}

func indexFrom(s, sub string, from int) int {
	if from > len(s) {
		return -1
	}
	i := strings.Index(s[from:], sub)
	if i < 0 {
		return -1
	}
	return from + i
}

func indexAnyFrom(s, chars string, from int) int {
	if from > len(s) {
		return -1
	}
	i := strings.IndexAny(s[from:], chars)
	if i < 0 {
		return -1
	}
	return from + i
}
