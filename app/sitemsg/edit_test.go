package sitemsg

import (
	"math/rand/v2"
	"strings"
	"testing"
	"unicode/utf8"
)

// TestEditOf: the edit of one text into another, applied to the first,
// gives the second, for random texts that share a start and an end.
func TestEditOf(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	chars := []rune("ab\n\réè€😀")
	word := func() string {
		return strings.Repeat(string(chars[r.IntN(len(chars))]), r.IntN(4))
	}
	for i := range 5000 {
		common, head, tail := word()+word(), word(), word()
		base := head + common + word() + tail
		text := head + word() + common + tail
		if i%7 == 0 {
			text = ""
		}
		e := EditOf(base, text)
		got, ok := e.Apply(base)
		if !ok || got != text {
			t.Fatalf("EditOf(%q, %q) = %+v, applied %q (%v)", base, text, e, got, ok)
		}
		if len(e.Insert) > len(text) || e.End-e.Start > len(base) {
			t.Fatalf("EditOf(%q, %q) = %+v: more than the texts", base, text, e)
		}
		if !utf8.ValidString(e.Insert) {
			t.Fatalf("EditOf(%q, %q) = %+v: a piece of a character", base, text, e)
		}
	}
	for _, e := range []Edit{{Start: -1}, {Start: 2, End: 1}, {End: 99}} {
		if _, ok := e.Apply("abc"); ok {
			t.Errorf("%+v applied to a text it does not fit", e)
		}
	}
}

// TestSent: the first text goes whole, the next ones as edits of the last
// (numbered in turn), unless the edit is not less than half the file; after
// Forget, whole again.
func TestSent(t *testing.T) {
	file := strings.Repeat("Disallow: /a/b/c\n", 40)
	var s Sent
	steps := []struct {
		text string
		edit bool
	}{
		{file, false},
		{file + "x", true},
		{file + "xy", true},
		{"User-agent: *\n", false},  // another file
		{"User-agent: *\nx", false}, // too small for an edit to be worth it
	}
	var prev int64
	for i, st := range steps {
		q := s.Give(Query{Text: st.text})
		if (q.Edit != nil) != st.edit || q.TextID <= prev {
			t.Fatalf("step %d: %+v", i, q)
		}
		if q.Edit != nil {
			if q.Text != "" || q.Edit.Base != prev {
				t.Fatalf("step %d: an edit with its text, or of %d, not %d: %+v", i, q.Edit.Base, prev, q)
			}
			if got, _ := q.Edit.Apply(steps[i-1].text); got != st.text {
				t.Fatalf("step %d: the edit gives %q", i, got)
			}
		}
		prev = q.TextID
	}
	s.Forget()
	if q := s.Give(Query{Text: file}); q.Edit != nil || q.Text != file {
		t.Errorf("after Forget: %+v", q)
	}
}
