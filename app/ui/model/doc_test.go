package model

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"unicode/utf16"
)

func TestDocApply(t *testing.T) {
	tests := []struct {
		name    string
		text    string
		changes []Change
		want    string
	}{
		{"type a key", "User-agent: *\nDisallow: /\n", []Change{{2, 10, 2, 11, "/x"}}, "User-agent: *\nDisallow: /x\n"},
		{"new line", "a\nb", []Change{{1, 1, 1, 1, "\n"}}, "a\n\nb"},
		{"join lines", "a\nb", []Change{{1, 1, 2, 0, ""}}, "ab"},
		{"CR LF kept where not touched", "a\r\nb\r\nc", []Change{{2, 1, 2, 1, "!"}}, "a\r\nb!\r\nc"},
		{"join a CR LF break", "a\r\nb", []Change{{1, 1, 2, 0, ""}}, "ab"},
		{"byte-order mark counts one unit", "\uFEFFUser-agent: *", []Change{{1, 1, 1, 1, "#"}}, "\uFEFF#User-agent: *"},
		{"emoji counts two units", "a😀b", []Change{{1, 3, 1, 4, "c"}}, "a😀c"},
		{"form feed is not a break", "a\fb\nc", []Change{{1, 3, 1, 3, "!"}}, "a\fb!\nc"},
		{"several changes", "a\nb\nc", []Change{{1, 0, 1, 1, "x"}, {3, 0, 3, 1, "z"}}, "x\nb\nz"},
		{"replace everything", "a\nb", []Change{{1, 0, 2, 1, "new"}}, "new"},
		{"empty text", "", []Change{{1, 0, 1, 0, "User-agent: *"}}, "User-agent: *"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			d := NewDoc(tc.text)
			if err := d.Apply(tc.changes); err != nil {
				t.Fatal(err)
			}
			if d.Text() != tc.want {
				t.Fatalf("text %q, want %q", d.Text(), tc.want)
			}
			if want := NewDoc(tc.want); !slices.Equal(d.starts, want.starts) {
				t.Fatalf("line starts %v, want %v", d.starts, want.starts)
			}
		})
	}
}

func TestDocApplyRefusesWhatDoesNotFit(t *testing.T) {
	for _, c := range []Change{
		{3, 0, 3, 0, "x"},  // no line 3
		{1, 5, 1, 5, "x"},  // line 1 has 2 units
		{1, 1, 1, 2, "x"},  // inside the emoji's surrogate pair
		{2, 0, 1, 0, "x"},  // backwards
		{0, 0, 1, 0, "x"},  // no line 0
		{1, -1, 1, 0, "x"}, // negative column
	} {
		d := NewDoc("😀\nb")
		if err := d.Apply([]Change{c}); err == nil {
			t.Errorf("%+v: applied, giving %q", c, d.Text())
		}
		if d.Text() != "😀\nb" {
			t.Errorf("%+v: text changed to %q", c, d.Text())
		}
	}
}

// TestDocApplyAgreesWithEditor applies random changes, located the way
// CodeMirror locates them (lines split at LF, CR and CR LF, columns in
// UTF-16 units), and checks the text and its lines against a Doc made
// afresh.
func TestDocApplyAgreesWithEditor(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	pieces := []string{"a", "b", "\n", "\r", "\r\n", "é", "😀", "\f", ":", " ", "\t", "\uFEFF"}
	random := func(n int) string {
		s := ""
		for range n {
			s += pieces[r.IntN(len(pieces))]
		}
		return s
	}
	for i := range 5000 {
		text := random(r.IntN(12))
		d := NewDoc(text)
		// A position as the editor gives it: a line and a UTF-16 column
		// that is not inside a pair.
		pos := func() (int, int) {
			n := 1 + r.IntN(d.Lines())
			start, end, _ := d.LineRange(n)
			units := utf16.Encode([]rune(text[start:end]))
			col := r.IntN(len(units) + 1)
			if col > 0 && col < len(units) && utf16.IsSurrogate(rune(units[col])) && units[col] >= 0xDC00 {
				col--
			}
			return n, col
		}
		l1, c1 := pos()
		l2, c2 := pos()
		if l2 < l1 || l2 == l1 && c2 < c1 {
			l1, c1, l2, c2 = l2, c2, l1, c1
		}
		ins := random(r.IntN(4))
		from, _ := d.offset(l1, c1)
		to, _ := d.offset(l2, c2)
		want := text[:from] + ins + text[to:]
		if err := d.Apply([]Change{{l1, c1, l2, c2, ins}}); err != nil {
			t.Fatalf("case %d: %q, change %d:%d-%d:%d %q: %v", i, text, l1, c1, l2, c2, ins, err)
		}
		if d.Text() != want {
			t.Fatalf("case %d: %q → %q, want %q", i, text, d.Text(), want)
		}
		if fresh := NewDoc(want); !slices.Equal(d.starts, fresh.starts) {
			t.Fatalf("case %d: %q, change %d:%d-%d:%d %q: starts %v, want %v", i, text, l1, c1, l2, c2, ins, d.starts, fresh.starts)
		}
	}
}

// BenchmarkDocKey is a key typed in a 500 KiB file: the change applied and
// the line starts moved.
func BenchmarkDocKey(b *testing.B) {
	text := strings.Repeat("Disallow: /archive/*.pdf$\n", 500<<10/26)
	d := NewDoc(text)
	n := d.Lines() / 2
	b.ResetTimer()
	for i := range b.N {
		c := Change{FromLine: n, FromCol: 0, ToLine: n, ToCol: 0, Insert: "x"}
		if i%2 == 1 {
			c.ToCol, c.Insert = 1, ""
		}
		if err := d.Apply([]Change{c}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkDocPaste is a paste of 3.7 MB over the whole text.
func BenchmarkDocPaste(b *testing.B) {
	text := strings.Repeat("Disallow: /archive/*.pdf$\n", 3_700_000/26)
	b.ResetTimer()
	for range b.N {
		d := NewDoc("User-agent: *\n")
		if err := d.Apply([]Change{{1, 0, 2, 0, text}}); err != nil {
			b.Fatal(err)
		}
	}
}

func TestDocSpans(t *testing.T) {
	d := NewDoc("ab\ncd\n")
	for _, c := range []struct {
		change Change
		want   bool
	}{
		{Change{FromLine: 1, FromCol: 0, ToLine: 3, ToCol: 0}, true},  // all, to the empty last line
		{Change{FromLine: 1, FromCol: 0, ToLine: 2, ToCol: 2}, false}, // not the last line break
		{Change{FromLine: 1, FromCol: 1, ToLine: 3, ToCol: 0}, false},
		{Change{FromLine: 1, FromCol: 0, ToLine: 9, ToCol: 0}, false}, // past the end
	} {
		if got := d.Spans(c.change); got != c.want {
			t.Errorf("Spans(%+v) = %v, want %v", c.change, got, c.want)
		}
	}
	if e := NewDoc(""); e.Spans(Change{FromLine: 1, ToLine: 1}) {
		t.Errorf("an empty text: nothing to replace")
	}
}
