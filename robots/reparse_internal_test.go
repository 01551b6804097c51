package robots

import (
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"robotstester/internal/shared"
	"robotstester/robots/internal/benchdata"
)

// sameFile reports how got differs from want, as ParseString makes it:
// "" when every line and every count is the same.
func sameFile(got, want *File) string {
	switch {
	case got.text != want.text:
		return "text differs"
	case got.Size != want.Size || got.TotalLines != want.TotalLines || got.Cut != want.Cut || got.CutLine != want.CutLine || got.BOM != want.BOM:
		return "counts differ"
	case len(got.Lines) != len(want.Lines):
		return "line counts differ"
	}
	for i := range want.Lines {
		if !reflect.DeepEqual(got.Lines[i], want.Lines[i]) {
			return fmt.Sprintf("line %s differs: got %+v, want %+v", want.Lines[i].Key(want.text), got.Lines[i], want.Lines[i])
		}
	}
	return ""
}

// Key is a test helper: the line's text, to name it in a message.
func (l Line) Key(text string) string { return "«" + text[l.Start:l.End] + "»" }

// edit returns text with n bytes at pos replaced by insert, pos and n
// brought within the text.
func edit(text string, pos, n int, insert string) string {
	pos = min(max(pos, 0), len(text))
	n = min(max(n, 0), len(text)-pos)
	return text[:pos] + insert + text[pos+n:]
}

func checkReparse(t *testing.T, old, text string) {
	t.Helper()
	before := ParseString(old)
	got := before.Reparse(text)
	if d := sameFile(got, ParseString(text)); d != "" {
		t.Fatalf("Reparse(%q → %q): %s", old, text, d)
	}
	if d := sameFile(before, ParseString(old)); d != "" {
		t.Fatalf("Reparse changed the old file: %s", d)
	}
	// The verdicts follow: a reading made from the reparsed file decides
	// as one made from a fresh parse.
	for _, u := range []string{"/", "/a", "/x/y"} {
		if g, w := got.Check("Googlebot", u), ParseString(text).Check("Googlebot", u); g.Allowed != w.Allowed || g.Line != w.Line {
			t.Fatalf("Reparse(%q → %q): %s decided %v at line %d, want %v at %d", old, text, u, g.Allowed, g.Line, w.Allowed, w.Line)
		}
	}
}

// TestReparse edits at the places where the lines around an edit could be
// read differently: next to CR, LF and CRLF breaks, a byte-order mark, the
// first and last lines, empty files.
func TestReparse(t *testing.T) {
	base := "\xEF\xBB\xBFUser-agent: *\nDisallow: /a\r\nAllow: /a/b\r\rUser-agent: Googlebot\n\nDisallow: /x\n# end"
	tests := []struct {
		old  string
		pos  int
		n    int
		with string
	}{
		{base, len(base), 0, "x"},
		{base, len(base) - 1, 1, ""},
		{base, 0, 0, "x"},
		{base, 3, 0, "\n"},
		{"a\nb\nc\r", 6, 0, "\n"},        // a CR at the end becomes CRLF
		{"a\nb\nc\r\nd\ne", 6, 1, ""},    // a CRLF loses its LF
		{"a\nb\nc\rd\ne\nf", 6, 0, "\n"}, // a lone CR before the edit becomes CRLF
		{"a\nb\nc\nd\ne\nf", 5, 0, "\r"}, // a CR put before an LF
		{"a\nb\nc\nd\ne\nf", 5, 1, ""},   // two lines become one
		{"a\nb\nc\nd\ne\nf", 4, 0, "x\ny\r\nz\r"},
		{"a\nb\nc\nd\ne\nf", 4, 6, ""},
		{"a\nb\nc\nd\ne\nf", 4, 0, "\xEF\xBB\xBF"}, // a BOM that is not at the start
		{"a\nb\nc\nd\ne\nf", 4, 0, "\xff"},         // invalid UTF-8
		{base + "\n\n\n", len(base) + 1, 1, ""},
		{"", 0, 0, "User-agent: *\nDisallow: /"},
		{"a\nb\nc", 0, 5, ""},
		{"a\nb\nc\nd", 4, 0, strings.Repeat("Disallow: /a\n", 100)},
		{"x\ny\n" + strings.Repeat("Disallow: /b\n", 5000), 4, 0, strings.Repeat("z", 3000)}, // a line past MaxLineLength
	}
	for _, tt := range tests {
		checkReparse(t, tt.old, edit(tt.old, tt.pos, tt.n, tt.with))
	}
}

// TestReparsePastLimit edits a file longer than the fetch limit: past the
// limit, only the counts change; within it, the file is read again.
func TestReparsePastLimit(t *testing.T) {
	big := "User-agent: *\n" + strings.Repeat("Disallow: /archive/*.pdf\n", FetchLimit/25+100)
	for _, text := range []string{
		big + "x", big[:len(big)-10], big + "\n\n\r\n", edit(big, FetchLimit-3, 0, "\n"), edit(big, 100, 0, "x"), big[:FetchLimit-5],
	} {
		checkReparse(t, big, text)
	}
	checkReparse(t, big[:FetchLimit-5], big)
}

// TestReparseCorpus makes random edits in every file of the corpus: typed
// bytes, deletions, line breaks of each kind, pasted lines.
func TestReparseCorpus(t *testing.T) {
	dir := filepath.Join(shared.Dir(t, "corpus"), "files")
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	inserts := []string{"x", "\n", "\r", "\r\n", "", "Disallow: /p\n", "User-agent: a\r\nAllow: /\r\n", "#"}
	rng := rand.New(rand.NewPCG(1, 2))
	for _, e := range entries {
		data, err := os.ReadFile(filepath.Join(dir, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		old := string(data)
		if len(old) > FetchLimit {
			old = old[:FetchLimit]
		}
		for range 4 {
			pos := rng.IntN(len(old) + 1)
			text := edit(old, pos, rng.IntN(3), inserts[rng.IntN(len(inserts))])
			if d := sameFile(ParseString(old).Reparse(text), ParseString(text)); d != "" {
				t.Fatalf("%s: an edit at %d: %s", e.Name(), pos, d)
			}
			old = text
		}
	}
}

// FuzzReparse edits any file in any way: Reparse must give what a fresh
// parse gives.
func FuzzReparse(f *testing.F) {
	f.Add("User-agent: *\nDisallow: /a\r\nAllow: /b\r\r\nx", 10, 1, "\r")
	f.Add("a\nb\nc\r", 6, 0, "\n")
	f.Add("\xEF\xBB\xBFa\nb", 4, 0, "\xEF\xBB")
	f.Fuzz(func(t *testing.T, old string, pos, n int, with string) {
		text := edit(old, pos, n, with)
		if d := sameFile(ParseString(old).Reparse(text), ParseString(text)); d != "" {
			t.Fatalf("Reparse(%q → %q): %s", old, text, d)
		}
	})
}

// BenchmarkKeystroke is a key typed in the 500 KiB file, in the middle and
// at the end, read by a fresh parse and by Reparse, with a check after it
// (which makes the reading).
func BenchmarkKeystroke(b *testing.B) {
	big := string(benchdata.Big())
	for _, at := range []struct {
		name string
		pos  int
	}{{"middle", len(big) / 2}, {"end", len(big)}} {
		typed := edit(big, at.pos, 0, "x")
		before := ParseString(big)
		b.Run("Parse/"+at.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				sink = ParseString(typed)
			}
		})
		b.Run("Reparse/"+at.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				sink = before.Reparse(typed)
			}
		})
	}
}

var sink *File
