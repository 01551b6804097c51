package share

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"unicode/utf8"

	"robotstester/app/ui/model"
)

// SaveKey is the localStorage key under which the tester autosaves the
// state, as a state file (Marshal).
const SaveKey = "robots-tester:state"

// ErrLinkTooLong is returned by Link for a state whose link would pass
// MaxLink characters.
var ErrLinkTooLong = errors.New("the link would be too long")

// Same reports whether a and b hold the same state. A nil and an empty list
// of rows are the same; the selected row is compared once clamped.
func Same(a, b model.State) bool {
	return a.Robots == b.Robots && a.Dialect == b.Dialect && a.Answer == b.Answer &&
		a.SelectedRow() == b.SelectedRow() && slices.Equal(a.Rows, b.Rows)
}

// Link returns page (a URL without fragment) with the state in its
// fragment. A link is given only when the tester would open it: past
// MaxLink characters, or for a state larger than a link may unpack to, it
// returns an error wrapping ErrLinkTooLong that says why (with the link
// when it was made, for its length).
func Link(page string, s model.State) (string, error) {
	if n := len(Marshal(s)); n > MaxDecoded {
		// Compressed, it might fit; but the tester would refuse to open it.
		return "", fmt.Errorf("%w: %d KiB of state, over the %d KiB a link may unpack to; export the state as a JSON file instead",
			ErrLinkTooLong, n>>10, MaxDecoded>>10)
	}
	link := page + "#" + Fragment(s)
	if len(link) > MaxLink {
		return link, fmt.Errorf("%w: %d characters, over the %d that browsers and chat tools carry safely; export the state as a JSON file instead",
			ErrLinkTooLong, len(link), MaxLink)
	}
	return link, nil
}

// ForStorage returns the state as the tester autosaves it. A state too
// large to be read back (over MaxDecoded) is not saved: it returns an
// error wrapping ErrTooLarge instead.
func ForStorage(s model.State) ([]byte, error) {
	// Compact, not indented as a state file: at 500 KiB and 1000 tests the
	// autosave runs in the page's only thread.
	data := marshalCompact(s)
	if len(data) > MaxDecoded {
		return nil, fmt.Errorf("%w to keep in the browser: %d KiB, at most %d", ErrTooLarge, len(data)>>10, MaxDecoded>>10)
	}
	return data, nil
}

// marshalCompact writes s as compact JSON, the robots.txt's text escaped by
// appendJSONString: encoding/json takes a quarter of a second of
// WebAssembly for a 4 MiB file, a table of bytes a few milliseconds.
func marshalCompact(s model.State) []byte {
	f := toFile(s)
	robots := f.Robots
	f.Robots = ""
	rest, _ := json.Marshal(f) // a State always encodes
	const empty = `"robots":""`
	i := bytes.Index(rest, []byte(empty)) // the second field: before any test
	if robots == "" || i < 0 || !utf8.ValidString(robots) {
		f.Robots = robots
		data, _ := json.Marshal(f)
		return data
	}
	out := make([]byte, 0, len(rest)+len(robots)+len(robots)/16)
	out = append(out, rest[:i]...)
	out = append(out, `"robots":`...)
	out = appendJSONString(out, robots)
	return append(out, rest[i+len(empty):]...)
}

// jsonEscape says which bytes a JSON string must escape, and how: 'u' for
// \u00XX, else the letter after the backslash.
var jsonEscape = func() (t [256]byte) {
	for c := 0; c < 0x20; c++ {
		t[c] = 'u'
	}
	t['"'], t['\\'], t['\n'], t['\r'], t['\t'] = '"', '\\', 'n', 'r', 't'
	return t
}()

// appendJSONString appends s, valid UTF-8, to dst as a JSON string: the
// bytes that need no escape are copied in runs.
func appendJSONString(dst []byte, s string) []byte {
	dst = append(dst, '"')
	start := 0
	for i := 0; i < len(s); i++ {
		e := jsonEscape[s[i]]
		if e == 0 {
			continue
		}
		dst = append(dst, s[start:i]...)
		if e == 'u' {
			const hex = "0123456789abcdef"
			dst = append(dst, '\\', 'u', '0', '0', hex[s[i]>>4], hex[s[i]&0xf])
		} else {
			dst = append(dst, '\\', e)
		}
		start = i + 1
	}
	dst = append(dst, s[start:]...)
	return append(dst, '"')
}
