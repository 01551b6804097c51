package robots

import (
	"strings"
	"testing"
	"unsafe"
)

// TestLineSize keeps a Line at 32 bytes: a file makes one per line, and a
// file of blank lines one per byte.
func TestLineSize(t *testing.T) {
	if n := unsafe.Sizeof(Line{}); n != 32 {
		t.Errorf("a Line takes %d bytes, want 32", n)
	}
}

// TestCompactKeyValue reads lines whose key and value stand where the
// compact fields of a Line cannot say (more than 255 bytes of white space
// before the key or after it, a key of more than 255 bytes) besides
// ordinary ones: Key and Value must give what the line holds.
func TestCompactKeyValue(t *testing.T) {
	long := strings.Repeat("x", 300)
	cases := []struct {
		name, line string
		kind       LineKind
		key, value string
	}{
		{"plain", "Disallow: /a", Disallow, "Disallow", "/a"},
		{"comment", "Disallow: /a # no", Disallow, "Disallow", "/a"},
		{"blank", "   ", Blank, "", ""},
		{"comment line", "  # c", Comment, "", ""},
		{"no key", "just words here", Unknown, "", ""},
		{"unknown key", "Foo: bar", Unknown, "Foo", "bar"},
		{"no colon", "Disallow /a", Disallow, "Disallow", "/a"},
		{"empty value", "Disallow:", Disallow, "Disallow", ""},
		{"255 spaces before the key", strings.Repeat(" ", 255) + "Allow: /b", Allow, "Allow", "/b"},
		{"256 spaces before the key", strings.Repeat(" ", 256) + "Allow: /b", Allow, "Allow", "/b"},
		{"300 spaces after the colon", "Allow:" + strings.Repeat(" ", 300) + "/b", Allow, "Allow", "/b"},
		{"300 tabs without a colon", "Allow" + strings.Repeat("\t", 300) + "/b", Allow, "Allow", "/b"},
		{"a key of 300 bytes", long + ": v", Unknown, long, "v"},
		{"a key of 255 bytes", long[:255] + ": v", Unknown, long[:255], "v"},
		{"a long value", "Disallow: /" + long, Disallow, "Disallow", "/" + long},
		{"a value cut at MaxLineLength", "Disallow: /" + strings.Repeat("a", 20000), Disallow, "Disallow", "/" + strings.Repeat("a", MaxLineLength-len("Disallow: /"))},
		{"everything long", strings.Repeat(" ", 400) + long + ":" + strings.Repeat(" ", 400) + long, Unknown, long, long},
	}
	for _, c := range cases {
		// The line stands second, so that its Start is not 0.
		f := ParseString("User-agent: *\n" + c.line + "\nDisallow: /z")
		if got := f.Lines[1].Kind; got != c.kind {
			t.Errorf("%s: kind %v, want %v", c.name, got, c.kind)
		}
		if k, v := f.Key(2), f.Value(2); k != c.key || v != c.value {
			t.Errorf("%s: key %q, value %q; want %q, %q", c.name, trim(k), trim(v), trim(c.key), trim(c.value))
		}
		if k, v := f.Key(3), f.Value(3); k != "Disallow" || v != "/z" {
			t.Errorf("%s: the next line reads %q, %q", c.name, k, v)
		}
		// What the compact fields give is what reading the line again
		// gives.
		l := &f.Lines[1]
		var c2 scanned
		scanLine(&c2, f.text, l.Start, l.End)
		ks, ke, vs, ve := l.spans(f.text)
		if c2.keyEnd != 0 && (ks != c2.keyStart || ke != c2.keyEnd || vs != c2.valueStart || ve != c2.valueEnd) {
			t.Errorf("%s: spans %d-%d %d-%d, read again %d-%d %d-%d", c.name, ks, ke, vs, ve, c2.keyStart, c2.keyEnd, c2.valueStart, c2.valueEnd)
		}
	}
}

func trim(s string) string {
	if len(s) > 40 {
		return s[:20] + "..." + s[len(s)-10:]
	}
	return s
}
