package robots

import (
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

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
	dir := filepath.Join(benchdata.SharedDir(t, "corpus"), "files")
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
// at the end, read by a fresh parse, by Reparse (which finds the edit by
// comparing the texts) and by Edit (which is told where it is).
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
		// The new text made by the caller, as an editor's change makes it,
		// for the comparison with Edit, which makes it itself.
		b.Run("TextReparse/"+at.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				sink = before.Reparse(edit(big, at.pos, 0, "x"))
			}
		})
		b.Run("Edit/"+at.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				sink = before.Edit(at.pos, at.pos, "x")
			}
		})
	}
}

var sink *File

// checkEdit checks that old's File edited at [start, end) with insert is
// the File, groups and verdicts of a fresh parse of the result, in every
// dialect, and that the old File is left as it was.
func checkEdit(t *testing.T, old string, start, end int, insert string) {
	t.Helper()
	text := old[:start] + insert + old[end:]
	before := ParseString(old)
	got, want := before.Edit(start, end, insert), ParseString(text)
	if d := sameFile(got, want); d != "" {
		t.Fatalf("Edit(%q, %d, %d, %q): %s", old, start, end, insert, d)
	}
	if d := sameFile(before, ParseString(old)); d != "" {
		t.Fatalf("Edit changed the old file: %s", d)
	}
	for _, d := range Dialects() {
		g, w := got.Read(d), want.Read(d)
		if !reflect.DeepEqual(g.Groups, w.Groups) || !reflect.DeepEqual(g.Orphans, w.Orphans) {
			t.Fatalf("Edit(%q, %d, %d, %q): the groups of %s differ", old, start, end, insert, d.Title())
		}
		for _, u := range []string{"/", "/a", "/a/b", "/x/y"} {
			for _, agent := range []string{"Googlebot", "bingbot", "a"} {
				gv, wv := got.CheckDialect(d, agent, u), want.CheckDialect(d, agent, u)
				if gv.Allowed != wv.Allowed || gv.Line != wv.Line {
					t.Fatalf("Edit(%q, %d, %d, %q): %s in %s decided %v at line %d, want %v at %d",
						old, start, end, insert, u, d.Title(), gv.Allowed, gv.Line, wv.Allowed, wv.Line)
				}
			}
		}
	}
}

// TestEdit edits by position where the lines around an edit could be read
// differently (next to CR, LF and CRLF breaks, a byte-order mark, the
// first and last lines, empty files), and where it takes the file past
// the fetch limit.
func TestEdit(t *testing.T) {
	base := "\xEF\xBB\xBFUser-agent: *\nDisallow: /a\r\nAllow: /a/b\r\rUser-agent: Googlebot\n\nDisallow: /x\n# end"
	abc := "a\nb\nc\nd\ne\nf"
	near := "User-agent: *\n" + strings.Repeat("Disallow: /archive/*.pdf\n", (FetchLimit-100)/25)
	tests := []struct {
		name       string
		old        string
		start, end int
		insert     string
	}{
		{"typed at the end", base, len(base), len(base), "x"},
		{"deleted at the end", base, len(base) - 1, len(base), ""},
		{"typed before the mark", base, 0, 0, "x"},
		{"a break after the mark", base, 3, 3, "\n"},
		{"a CR at the end becomes CRLF", "a\nb\nc\r", 6, 6, "\n"},
		{"a CRLF loses its LF", "a\nb\nc\r\nd\ne", 6, 7, ""},
		{"a lone CR before the edit becomes CRLF", "a\nb\nc\rd\ne\nf", 6, 6, "\n"},
		{"a CR put before an LF", abc, 5, 5, "\r"},
		{"two lines become one", abc, 5, 6, ""},
		{"lines of each break pasted", abc, 4, 4, "x\ny\r\nz\r"},
		{"lines deleted", abc, 4, 10, ""},
		{"a mark not at the start", abc, 4, 4, "\xEF\xBB\xBF"},
		{"invalid UTF-8", abc, 4, 4, "\xff"},
		{"non-ASCII typed", "User-agent: *\nDisallow: /ü\n", 25, 25, "é😀"},
		{"blank lines lost", base + "\n\n\n", len(base) + 1, len(base) + 2, ""},
		{"into an empty file", "", 0, 0, "User-agent: *\nDisallow: /"},
		{"everything deleted", "a\nb\nc", 0, 5, ""},
		{"a rule replaced", "User-agent: *\nDisallow: /a\nAllow: /a/b\n", 14, 26, "Disallow: /x"},
		{"a group's agent changed", "User-agent: a\nDisallow: /\n\nUser-agent: b\nAllow: /\n", 12, 13, "Googlebot"},
		{"many lines pasted", "a\nb\nc\nd", 4, 4, strings.Repeat("Disallow: /a\n", 100)},
		{"a line past MaxLineLength", "x\ny\n" + strings.Repeat("Disallow: /b\n", 5000), 4, 4, strings.Repeat("z", 3000)},
		{"past the fetch limit", near, 20, 20, strings.Repeat("Disallow: /more\n", 100)},
		{"nothing changed", base, 10, 10, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) { checkEdit(t, tt.old, tt.start, tt.end, tt.insert) })
	}
}

// TestEditOutside panics for what Edit cannot do: a range outside the
// text, or a file whose text past the fetch limit it does not hold.
func TestEditOutside(t *testing.T) {
	cut := ParseString(strings.Repeat("Disallow: /a\n", FetchLimit/13+10))
	tests := []struct {
		name       string
		f          *File
		start, end int
	}{
		{"before the start", ParseString("abc"), -1, 0},
		{"past the end", ParseString("abc"), 2, 4},
		{"backwards", ParseString("abc"), 2, 1},
		{"a cut file", cut, 0, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			defer func() {
				if recover() == nil {
					t.Fatal("Edit did not panic")
				}
			}()
			tt.f.Edit(tt.start, tt.end, "x")
		})
	}
}

// TestEditCorpus makes random edits by position in every file of the
// corpus, each on the File the one before made: typed bytes, deletions,
// line breaks of each kind, pasted lines.
func TestEditCorpus(t *testing.T) {
	dir := filepath.Join(benchdata.SharedDir(t, "corpus"), "files")
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	inserts := []string{"x", "\n", "\r", "\r\n", "", "Disallow: /p\n", "User-agent: a\r\nAllow: /\r\n", "#", "ü"}
	rng := rand.New(rand.NewPCG(3, 4))
	for _, e := range entries {
		data, err := os.ReadFile(filepath.Join(dir, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		text := string(data)
		if len(text) > FetchLimit-1000 {
			text = text[:FetchLimit-1000]
		}
		f := ParseString(text)
		for range 6 {
			start := rng.IntN(len(text) + 1)
			end := min(start+rng.IntN(3), len(text))
			insert := inserts[rng.IntN(len(inserts))]
			f = f.Edit(start, end, insert)
			text = text[:start] + insert + text[end:]
			want := ParseString(text)
			if d := sameFile(f, want); d != "" {
				t.Fatalf("%s: an edit at %d: %s", e.Name(), start, d)
			}
			for _, u := range []string{"/", "/search", "/wp-admin/"} {
				if g, w := f.Check("Googlebot", u), want.Check("Googlebot", u); g.Allowed != w.Allowed || g.Line != w.Line {
					t.Fatalf("%s: an edit at %d: %s decided %v at line %d, want %v at %d", e.Name(), start, u, g.Allowed, g.Line, w.Allowed, w.Line)
				}
			}
		}
	}
}

// FuzzEdit edits any file at any place: Edit must give the File, groups
// and verdicts a fresh parse gives.
func FuzzEdit(f *testing.F) {
	f.Add("User-agent: *\nDisallow: /a\r\nAllow: /b\r\r\nx", 10, 1, "\r")
	f.Add("a\nb\nc\r", 6, 0, "\n")
	f.Add("\xEF\xBB\xBFa\nb", 4, 0, "\xEF\xBB")
	f.Add("User-agent: a\nDisallow: /\n\nUser-agent: b\nAllow: /ü\n", 12, 1, "Googlebot\n")
	f.Fuzz(func(t *testing.T, old string, pos, n int, insert string) {
		if len(old) > FetchLimit {
			return
		}
		start, end := fuzzRange(old, pos, n)
		checkEdit(t, old, start, end, insert)
	})
}

// fuzzRange returns the bytes of old from pos, n long, held within old:
// the range a fuzzed edit replaces.
func fuzzRange(old string, pos, n int) (start, end int) {
	start = min(max(pos, 0), len(old))
	return start, start + min(max(n, 0), len(old)-start)
}
