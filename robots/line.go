package robots

import (
	"strconv"
	"strings"
	"unicode/utf8"
)

// LineKind says what a line was read as.
type LineKind uint8

const (
	Blank     LineKind = iota // nothing but white space
	Comment                   // nothing but a comment
	UserAgent                 // a user-agent line: starts or extends a group
	Allow                     // an allow rule
	Disallow                  // a disallow rule
	Sitemap                   // a sitemap record
	Known                     // a key some crawlers read (crawl-delay, host, clean-param, ...) that does not decide access
	Unknown                   // a key no crawler reads, or a line with no key at all
)

var lineKindNames = [...]string{"blank", "comment", "user-agent", "allow", "disallow", "sitemap", "known", "unknown"}

// String returns the kind's name in lower case, as "user-agent".
func (k LineKind) String() string {
	if int(k) < len(lineKindNames) {
		return lineKindNames[k]
	}
	return "LineKind(" + strconv.Itoa(int(k)) + ")"
}

// IsRule reports whether the kind is Allow or Disallow.
func (k LineKind) IsRule() bool { return k == Allow || k == Disallow }

// LineFlag records something unusual about how a line was read.
type LineFlag uint16

const (
	FlagNoColon     LineFlag = 1 << iota // key and value were separated by white space, not a colon
	FlagInexactKey                       // the key was recognised by prefix or as a misspelling ("Disallowed", "Dissalow")
	FlagLong                             // the line was cut after MaxLineLength bytes
	FlagNUL                              // a NUL byte ended the line early
	FlagBOM                              // the line holds a byte-order mark that was not skipped
	FlagInvalidUTF8                      // the line holds bytes that are not UTF-8
	FlagPastLimit                        // the line runs past the fetch limit and was cut there
)

// Flags of the engine's own, kept in the same field.
const (
	// flagRescan marks a line whose key or value does not fit the
	// compact fields of a Line: it is read again when they are asked for.
	flagRescan LineFlag = 1 << 14
	// flagEscape marks a line whose value may need percent-encoding as a
	// pattern: it holds '%' or a byte of 0x80 or above.
	flagEscape LineFlag = 1 << 15
)

// Byte classes for the scan of a line.
const (
	plainByte = iota
	escapeByte
	colonByte
	hashByte
	nulByte
)

var byteClass = func() (t [256]uint8) {
	for c := 0x80; c < 256; c++ {
		t[c] = escapeByte
	}
	t['%'], t[':'], t['#'], t[0] = escapeByte, colonByte, hashByte, nulByte
	return t
}()

// MaxLineLength is the number of bytes of a line (without its end) that
// Google's library reads; the rest of the line is ignored.
const MaxLineLength = 16663

// A Line is one line of a robots.txt file as it was read. Its key and value
// are had from the file: [File.Key] and [File.Value].
type Line struct {
	Number     int      // 1-based; a CRLF pair ends one line, "\n\r" ends two
	Start, End int      // byte range in the file, without the line break
	Flags      LineFlag // what was unusual about how the line was read
	Kind       LineKind // what the Google dialect reads the line as

	// Where the key and the value stand, as lengths from Start: a file
	// makes one Line per line, a blank line included, so a Line is kept
	// to 32 bytes (the 24 of its three ints and 8 more) and holds no
	// pointer for the garbage collector to follow. The key starts
	// keyLead bytes after Start and runs keyLen bytes; the value starts
	// valueGap bytes after the key and runs valueLen bytes (at most
	// MaxLineLength). A line whose lead, key or gap passes 255 bytes is
	// marked flagRescan and read again when asked for its key or value.
	keyLead, keyLen, valueGap uint8
	valueLen                  uint16
}

// Has reports whether all of the given flags are set.
func (l *Line) Has(f LineFlag) bool { return l.Flags&f == f }

// splitLines cuts text into lines the way Google's parser does: LF, CR and
// CRLF end a line, a leading (possibly partial) UTF-8 byte-order mark is
// skipped, and the last line is emitted even when empty. It calls emit with
// each line's 1-based number and its byte range, without the line break
// (and, on the first line, without a skipped BOM).
func splitLines(text string, emit func(n, start, end int)) {
	start := bomLength(text)
	n := 0
	if strings.IndexByte(text, '\r') < 0 {
		// Most files end lines with LF alone: find them with IndexByte.
		for {
			i := strings.IndexByte(text[start:], '\n')
			if i < 0 {
				break
			}
			n++
			emit(n, start, start+i)
			start += i + 1
		}
		emit(n+1, start, len(text))
		return
	}
	for i := start; i < len(text); i++ {
		c := text[i]
		if c != '\n' && c != '\r' {
			continue
		}
		n++
		emit(n, start, i)
		if c == '\r' && i+1 < len(text) && text[i+1] == '\n' {
			i++
		}
		start = i + 1
	}
	emit(n+1, start, len(text))
}

// BareCRsToLF returns text with every bare CR (a CR not followed by LF:
// the line ends of old Macintosh files) made LF, and how many it made.
// Every reading ends a line at a bare CR as at LF, and the two are one
// byte each: the text has the same lines at the same offsets, the fetch
// limit cuts it at the same place, and every verdict is the same. Editors
// draw a bare CR as a line break too, but an LF typed right after one
// would make a CR LF, one line break where the editor shows two; text
// without a bare CR cannot be edited into one that reads differently.
// A CR LF stays as it is.
func BareCRsToLF(text string) (string, int) {
	i := strings.IndexByte(text, '\r')
	if i < 0 {
		return text, 0
	}
	b := []byte(text)
	n := 0
	for ; i < len(b); i++ {
		if b[i] == '\r' && (i+1 == len(b) || b[i+1] != '\n') {
			b[i] = '\n'
			n++
		}
	}
	if n == 0 {
		return text, 0
	}
	return string(b), n
}

// bomLength is the length of the UTF-8 byte-order mark, or of the start of
// one, that opens text.
func bomLength(text string) int {
	n := 0
	for n < 3 && n < len(text) && text[n] == "\xEF\xBB\xBF"[n] {
		n++
	}
	return n
}

// readLine reads line l (its Start and End set) as Google's parser does,
// and records its kind, flags, key and value in l.
func readLine(l *Line, text string) {
	var c scanned
	scanLine(&c, text, l.Start, l.End)
	l.Kind, l.Flags = c.kind, l.Flags|c.flags
	if c.keyEnd == 0 {
		return // no key: blank, a comment, or no key at all
	}
	lead, gap := c.keyStart-l.Start, c.valueStart-c.keyEnd
	keyLen, valueLen := c.keyEnd-c.keyStart, c.valueEnd-c.valueStart
	if lead > 255 || keyLen > 255 || gap > 255 || valueLen > 0xFFFF {
		l.Flags |= flagRescan
		return
	}
	l.keyLead, l.keyLen, l.valueGap, l.valueLen = uint8(lead), uint8(keyLen), uint8(gap), uint16(valueLen)
}

// spans returns the byte ranges in the file of line l's key and value
// (all 0 for a line without a key).
func (l *Line) spans(text string) (keyStart, keyEnd, valueStart, valueEnd int) {
	if l.Flags&flagRescan != 0 {
		var c scanned
		scanLine(&c, text, l.Start, l.End)
		return c.keyStart, c.keyEnd, c.valueStart, c.valueEnd
	}
	if l.keyLen == 0 {
		return 0, 0, 0, 0
	}
	keyStart = l.Start + int(l.keyLead)
	keyEnd = keyStart + int(l.keyLen)
	valueStart = keyEnd + int(l.valueGap)
	return keyStart, keyEnd, valueStart, valueStart + int(l.valueLen)
}

// scanned is what scanLine reads in a line.
type scanned struct {
	kind                                   LineKind
	flags                                  LineFlag
	keyStart, keyEnd, valueStart, valueEnd int // byte ranges in the file; 0 without a key
}

// scanLine reads the line text[start:end] into c as Google's parser does:
// it stops at a NUL byte or after MaxLineLength bytes, drops the comment,
// and separates the key from the value.
func scanLine(c *scanned, text string, start, end int) {
	s := text[start:end]
	if len(s) > MaxLineLength {
		s = s[:MaxLineLength]
		c.flags |= FlagLong
	}
	// One pass finds the end of the content (a NUL or a comment), the
	// first colon before it, and whether any byte may need
	// percent-encoding: lines are short, and this beats several searches.
	commented := false
	colon := -1
	for i := 0; i < len(s); i++ {
		switch byteClass[s[i]] {
		case plainByte:
			continue
		case escapeByte:
			c.flags |= flagEscape
			continue
		case colonByte:
			if colon < 0 {
				colon = i
			}
			continue
		case hashByte:
			commented = true
		case nulByte:
			c.flags |= FlagNUL
			// Google's parser reads the line as a C string: what
			// follows the NUL is not read at all.
		}
		s = s[:i]
		break
	}
	lead := 0
	for lead < len(s) && isSpace(s[lead]) {
		lead++
	}
	s = trimSpace(s)
	if colon >= 0 {
		if colon -= lead; colon >= len(s) {
			colon = -1
		}
	}
	if s == "" {
		if commented {
			c.kind = Comment
		} else {
			c.kind = Blank
		}
		return
	}
	k, v, noColon, ok := keyValueSpans(s, colon)
	if !ok {
		c.kind = Unknown
		return
	}
	if noColon {
		c.flags |= FlagNoColon
	}
	base := start + lead
	c.keyStart, c.keyEnd = base+k.start, base+k.end
	c.valueStart, c.valueEnd = base+v.start, base+v.end
	kind, exact := googleKey(s[k.start:k.end])
	c.kind = kind
	if !exact {
		c.flags |= FlagInexactKey
	}
}

// span is a byte range.
type span struct{ start, end int }

// splitKeyValue separates "key: value". Without a colon, a line of exactly
// two white-space-separated words is read as key and value, a leniency of
// Google's parser. The key must not be empty.
func splitKeyValue(s string) (key, value string, noColon, ok bool) {
	k, v, noColon, ok := keyValueSpans(s, strings.IndexByte(s, ':'))
	return s[k.start:k.end], s[v.start:v.end], noColon, ok
}

// keyValueSpans is splitKeyValue with the index of the first colon (or -1)
// known, giving the key and the value as byte ranges of s.
func keyValueSpans(s string, sep int) (key, value span, noColon, ok bool) {
	if sep < 0 {
		sep = strings.IndexAny(s, " \t")
		if sep < 0 {
			return span{}, span{}, false, false
		}
		rest := strings.TrimLeft(s[sep:], " \t")
		if strings.ContainsAny(rest, " \t") {
			return span{}, span{}, false, false
		}
		noColon = true
	}
	key = trimmedSpan(s, 0, sep)
	if key.start == key.end {
		return span{}, span{}, false, false
	}
	return key, trimmedSpan(s, sep+1, len(s)), noColon, true
}

// trimmedSpan is the range of s[i:j] without white space at either end.
func trimmedSpan(s string, i, j int) span {
	for i < j && isSpace(s[i]) {
		i++
	}
	for j > i && isSpace(s[j-1]) {
		j--
	}
	return span{i, j}
}

// Google's parser accepts these misspellings as well as any key that
// starts with the right word.
var (
	userAgentTypos = []string{"useragent", "user agent"}
	disallowTypos  = []string{"dissallow", "dissalow", "disalow", "diasllow", "disallaw"}
	sitemapTypos   = []string{"site-map"}
)

// knownKeys are keys that some crawler reads but that never decide access.
var knownKeys = []string{
	"clean-param", "content-signal", "content-usage", "crawl-delay", "domain", "host",
	"noarchive", "nofollow", "noindex", "request-rate", "revisit-after", "visit-time",
}

// googleKey classifies a key as Google's parser does, in its order: a key
// that starts with "user-agent" is a user-agent line, then allow, disallow
// and sitemap. exact reports whether the key is the word itself.
func googleKey(key string) (kind LineKind, exact bool) {
	// Each word and its misspellings share a first letter, and no two words
	// do: the first letter picks the one word to try.
	c := lower(key[0])
	for i := range googleKeys {
		k := &googleKeys[i]
		switch {
		case k.word[0] != c:
		case hasPrefixFold(key, k.word):
			return k.kind, len(key) == len(k.word)
		case hasAnyPrefixFold(key, k.typos):
			return k.kind, false
		}
	}
	if isKnownKey(key) {
		return Known, true
	}
	return Unknown, true
}

// googleKeys are the keys Google's parser knows, in the order it tries
// them, with the misspellings it accepts.
var googleKeys = [...]struct {
	word  string
	typos []string
	kind  LineKind
}{
	{"user-agent", userAgentTypos, UserAgent},
	{"allow", nil, Allow},
	{"disallow", disallowTypos, Disallow},
	{"sitemap", sitemapTypos, Sitemap},
}

func isKnownKey(key string) bool {
	for _, k := range knownKeys {
		if equalFoldLower(key, k) {
			return true
		}
	}
	return false
}

// strictKey classifies a key by the standard's grammar: the word itself, in
// any case, and nothing else.
func strictKey(key string) LineKind {
	for _, k := range [...]struct {
		word string
		kind LineKind
	}{{"user-agent", UserAgent}, {"allow", Allow}, {"disallow", Disallow}, {"sitemap", Sitemap}} {
		if strings.EqualFold(key, k.word) {
			return k.kind
		}
	}
	if isKnownKey(key) {
		return Known
	}
	return Unknown
}

// hasPrefixFold reports whether s starts with prefix, a lower-case ASCII
// word, in any case.
func hasPrefixFold(s, prefix string) bool {
	return len(s) >= len(prefix) && equalFoldLower(s[:len(prefix)], prefix)
}

// equalFoldLower reports whether s equals w, a lower-case ASCII word, in
// any case.
func equalFoldLower(s, w string) bool {
	if len(s) != len(w) {
		return false
	}
	for i := 0; i < len(s); i++ {
		if lower(s[i]) != w[i] {
			return false
		}
	}
	return true
}

func hasAnyPrefixFold(s string, prefixes []string) bool {
	for _, p := range prefixes {
		if hasPrefixFold(s, p) {
			return true
		}
	}
	return false
}

// isSpace reports whether c is ASCII white space as C's isspace sees it.
func isSpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\v' || c == '\f' || c == '\r'
}

func trimSpace(s string) string {
	i, j := 0, len(s)
	for i < j && isSpace(s[i]) {
		i++
	}
	for j > i && isSpace(s[j-1]) {
		j--
	}
	return s[i:j]
}

// markEncoding flags lines that hold a byte-order mark past the start of
// the file, or bytes that are not UTF-8. It only looks at lines at all when
// the file as a whole gives a reason to.
func markEncoding(lines []Line, text string) {
	const bom = "\uFEFF"
	// Past the byte-order mark, as the first line starts there: a partial
	// mark leaves bytes that are valid in the file and invalid in the line.
	body := text[bomLength(text):]
	valid := utf8.ValidString(body)
	hasBOM := strings.Contains(body, bom)
	if valid && !hasBOM {
		return
	}
	for i := range lines {
		l := &lines[i]
		s := text[l.Start:l.End]
		if !valid && !utf8.ValidString(s) {
			l.Flags |= FlagInvalidUTF8
		}
		if hasBOM && strings.Contains(s, bom) {
			l.Flags |= FlagBOM
		}
	}
}
