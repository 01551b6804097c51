package session

import (
	"math/rand/v2"
	"reflect"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"
	"unicode/utf16"
	"unicode/utf8"

	"robotstester/app/internal/effect"
	"robotstester/app/internal/share"
	"robotstester/app/model"
	"robotstester/robots"
)

// change is a TextChange: line and UTF-16 column, as the editor counts.
func change(fromLine, fromCol, toLine, toCol int, insert string) TextChange {
	return TextChange{FromLine: fromLine, FromCol: fromCol, ToLine: toLine, ToCol: toCol, Insert: insert}
}

// typed is an EditText of one transaction, analysed at once.
func typed(changes ...TextChange) EditText {
	return EditText{Transactions: [][]TextChange{changes}}
}

// TestEditText makes the editor's changes, given by line and UTF-16
// column, in the session's document: the bytes kept are those of the
// text the editor shows (CR LF and lone CR breaks, a byte-order mark,
// characters of 2, 3 and 4 bytes, which count 1 or 2 UTF-16 units), and
// the analysis is that of a fresh parse.
func TestEditText(t *testing.T) {
	tests := []struct {
		name, text string
		edit       EditText
		want       string
	}{
		{"a key at the end", "User-agent: *\nDisallow: /a\n", typed(change(2, 12, 2, 12, "b")), "User-agent: *\nDisallow: /ab\n"},
		{"after a 2-byte character", "Disallow: /ü\n", typed(change(1, 12, 1, 12, "x")), "Disallow: /üx\n"},
		{"after a 3-byte character", "Disallow: /€a\n", typed(change(1, 12, 1, 13, "")), "Disallow: /€\n"},
		{"after a surrogate pair", "Disallow: /😀a\n", typed(change(1, 13, 1, 14, "b")), "Disallow: /😀b\n"},
		{"a surrogate pair deleted", "Allow: /😀😀\n", typed(change(1, 10, 1, 12, "")), "Allow: /😀\n"},
		{"non-ASCII typed", "Disallow: /\n", typed(change(1, 11, 1, 11, "été/😀")), "Disallow: /été/😀\n"},
		{"after a byte-order mark", "\uFEFFUser-agent: *\nDisallow: /\n", typed(change(1, 1, 1, 5, "")), "\uFEFF-agent: *\nDisallow: /\n"},
		{"CR LF kept", "User-agent: *\r\nDisallow: /\r\nAllow: /x\r\n", typed(change(3, 9, 3, 9, "y")), "User-agent: *\r\nDisallow: /\r\nAllow: /xy\r\n"},
		{"a lone CR made LF", "a\rb\rc", typed(change(3, 0, 3, 1, "d")), "a\nb\nd"},
		{"Enter after a lone CR", "User-agent: *\rX\nDisallow: /private/\n", typed(change(2, 0, 2, 0, "\n")), "User-agent: *\n\nX\nDisallow: /private/\n"},
		{"a line emptied after a lone CR", "User-agent: *\rX\nDisallow: /private/\n", typed(change(2, 0, 2, 1, "")), "User-agent: *\n\nDisallow: /private/\n"},
		{"a lone CR inserted before an LF", "a\nb", typed(change(1, 1, 1, 1, "c\r")), "ac\n\nb"},
		{"a line break deleted", "a\r\nb\nc", typed(change(1, 1, 2, 0, "")), "ab\nc"},
		{"lines pasted", "a\nb", typed(change(2, 0, 2, 0, "User-agent: *\nDisallow: /\n")), "a\nUser-agent: *\nDisallow: /\nb"},
		{"several changes in one transaction", "Disallow: /a\nDisallow: /b\nDisallow: /c\n",
			typed(change(1, 11, 1, 12, "x"), change(3, 0, 3, 8, "Allow")), "Disallow: /x\nDisallow: /b\nAllow: /c\n"},
		{"transactions in turn", "ab",
			EditText{Transactions: [][]TextChange{{change(1, 2, 1, 2, "ü")}, {change(1, 3, 1, 3, "\n")}, {change(2, 0, 2, 0, "c")}}}, "abü\nc"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := New(nil, nil, model.State{Robots: tt.text, Rows: []model.Row{{Agent: "Googlebot", URL: "/a"}}})
			fx := s.Apply(tt.edit)
			if s.state.Robots != tt.want || s.Text() != tt.want {
				t.Fatalf("text %q, want %q", s.state.Robots, tt.want)
			}
			if !fx.File || !fx.Rows || !fx.Changed || fx.Editor || fx.Due {
				t.Errorf("effects %+v", fx)
			}
			fresh := robots.ParseString(tt.want)
			if got := s.an.File.Raw(); got != fresh.Raw() || len(s.an.File.Lines) != len(fresh.Lines) {
				t.Errorf("the analysis's file is not the text's")
			}
			if got, want := s.an.Rows[0].Line, model.Analyze(&s.state).Rows[0].Line; got != want {
				t.Errorf("deciding line %d, want %d", got, want)
			}
		})
	}
}

// TestEditTextDoesNotFit: a change outside the text (the editor and the
// session parted ways) takes the editor's whole text instead.
func TestEditTextDoesNotFit(t *testing.T) {
	tests := []struct {
		name string
		c    TextChange
	}{
		{"past the last line", change(3, 0, 3, 0, "x")},
		{"past the line's end", change(1, 5, 1, 5, "x")},
		{"inside a surrogate pair", change(1, 1, 1, 1, "x")},
		{"backwards", change(1, 2, 1, 1, "x")},
		{"line 0", change(0, 0, 0, 0, "x")},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := New(nil, nil, model.State{Robots: "😀b\nc"})
			fx := s.Apply(typed(tt.c))
			if s.state.Robots != "😀b\nc" {
				t.Errorf("without the editor's text, the text became %q", s.state.Robots)
			}
			if !slices.Equal(fx.IO, []effect.IO{effect.ReadEditor{}}) {
				t.Errorf("the editor's text was not asked for: %+v", fx)
			}
			if s.Apply(EditorWhole{Text: "theirs"}); s.state.Robots != "theirs" {
				t.Errorf("text %q, want the editor's", s.state.Robots)
			}
		})
	}
}

// TestEditTextPastTheLimit edits a file longer than the fetch limit,
// where the File holds no lines: before and past the limit.
func TestEditTextPastTheLimit(t *testing.T) {
	line := "Disallow: /archive/*.pdf\n"
	n := robots.FetchLimit/len(line) + 200
	big := "User-agent: *\n" + strings.Repeat(line, n)
	tests := []struct {
		name string
		c    TextChange
		want string
	}{
		{"at the start", change(2, 0, 2, 0, "Allow: /x\n"), "User-agent: *\nAllow: /x\n" + strings.Repeat(line, n)},
		{"past the limit", change(n, 11, n, 11, "ü"), "User-agent: *\n" + strings.Repeat(line, n-2) + "Disallow: /üarchive/*.pdf\n" + line},
		{"at the very end", change(n+2, 0, n+2, 0, "# end"), big + "# end"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := New(nil, nil, model.State{Robots: big})
			s.Apply(typed(tt.c))
			if s.state.Robots != tt.want {
				t.Fatalf("the text differs at %d", commonLen(s.state.Robots, tt.want))
			}
			if fresh := robots.ParseString(tt.want); s.an.File.TotalLines != fresh.TotalLines || s.an.File.Raw() != fresh.Raw() {
				t.Errorf("the File is not the text's")
			}
		})
	}
	// Typing past the limit grows a text within it; deleting brings it back.
	near := strings.Repeat(line, robots.FetchLimit/len(line))
	s := New(nil, nil, model.State{Robots: near})
	last := strings.Count(near, "\n") + 1
	s.Apply(typed(change(last, 0, last, 0, strings.Repeat(line, 100))))
	s.Apply(typed(change(last, 0, last+100, 0, "")))
	if s.state.Robots != near || s.an.File.Cut != 0 || len(s.an.File.Lines) != last {
		t.Errorf("the text or its File differ after growing past the limit and back")
	}
}

func commonLen(a, b string) int {
	i := 0
	for i < len(a) && i < len(b) && a[i] == b[i] {
		i++
	}
	return i
}

// TestEditTextPaced: a paced edit leaves its analysis to a Work, which
// the page runs and hands back; a newer key makes it moot, and any other
// edit makes the analysis due at once, in the order typed.
func TestEditTextPaced(t *testing.T) {
	start := model.State{Robots: "User-agent: *\nDisallow: /a\n", Rows: []model.Row{{Agent: "Googlebot", URL: "/ab"}}}
	key := func(col int, c string) EditText {
		e := typed(change(2, col, 2, col, c))
		e.Paced = true
		return e
	}

	s := New(nil, nil, start)
	shown := s.an
	fx := s.Apply(key(12, "b"))
	if !fx.Due || fx.File || fx.Changed || s.an != shown || s.state.Robots != start.Robots {
		t.Fatalf("a paced key: effects %+v, the analysis or state changed", fx)
	}
	if s.Text() != "User-agent: *\nDisallow: /ab\n" {
		t.Errorf("document %q", s.Text())
	}
	w := s.Due()
	if err := w.Run(nil); err != nil {
		t.Fatal(err)
	}
	fx = s.Apply(Analyzed{w})
	if !fx.File || !fx.Changed || s.Due() != nil || s.state.Robots != "User-agent: *\nDisallow: /ab\n" || s.an.Rows[0].Allowed {
		t.Errorf("the analysis taken: effects %+v, state %q, allowed %v", fx, s.state.Robots, s.an.Rows[0].Allowed)
	}
	if label, _ := s.CanUndo(); label != "Typing in the file" {
		t.Errorf("CanUndo = %q", label)
	}

	// A newer key: the first work stops, and its result is not taken.
	s = New(nil, nil, start)
	s.Apply(key(12, "b"))
	first := s.Due()
	s.Apply(key(13, "c"))
	if err := first.Run(nil); err != robots.ErrStopped {
		t.Errorf("a moot work ran to its end: %v", err)
	}
	if fx := s.Apply(Analyzed{first}); !fx.None() {
		t.Errorf("a moot work was taken: %+v", fx)
	}
	second := s.Due()
	second.Run(nil)
	s.Apply(Analyzed{second})
	if s.state.Robots != "User-agent: *\nDisallow: /abc\n" || !s.an.Rows[0].Allowed {
		t.Errorf("state %q, allowed %v", s.state.Robots, s.an.Rows[0].Allowed)
	}

	// Another edit first takes the text typed.
	s = New(nil, nil, start)
	s.Apply(key(12, "b"))
	w = s.Due()
	fx = s.Apply(SetURL{Row: 0, URL: "/abc"})
	if !fx.File || s.Due() != nil || s.state.Robots != "User-agent: *\nDisallow: /ab\n" || s.an.Rows[0].Allowed {
		t.Errorf("the edit after a key: effects %+v, state %q", fx, s.state.Robots)
	}
	if w.Run(nil) != robots.ErrStopped {
		t.Errorf("the work of a text taken ran on")
	}
	if fx := s.Apply(Settle{}); !fx.None() {
		t.Errorf("Settle with nothing due: %+v", fx)
	}
	s.Apply(Undo{})
	s.Apply(Undo{})
	if s.state.Robots != start.Robots {
		t.Errorf("Undo twice left %q", s.state.Robots)
	}
}

// TestEditTextReplaced: a paste over the whole text is a step of Undo; the
// editor's own Undo of it takes the page's history along.
func TestEditTextReplaced(t *testing.T) {
	guardian := "User-agent: *\nDisallow: /*/print$\n\nSitemap: https://www.theguardian.com/sitemaps/news.xml\n"
	s := New(nil, nil, model.Example())
	ex := s.state.Robots
	lines := strings.Count(ex, "\n") + 1
	fx := s.Apply(typed(change(1, 0, lines, 0, guardian)))
	if !fx.Replaced || s.state.Robots != guardian || model.ExampleTests(s.state.Rows) {
		t.Fatalf("the paste: effects %+v, tests %+v", fx, s.state.Rows)
	}
	back := typed(change(1, 0, strings.Count(guardian, "\n")+1, 0, ex))
	back.History = HistoryUndo
	if fx := s.Apply(back); !fx.Replaced || s.state.Robots != ex || !model.ExampleTests(s.state.Rows) {
		t.Errorf("the editor's Undo: effects %+v, text %q, the example's tests %v", fx, s.state.Robots, model.ExampleTests(s.state.Rows))
	}
}

// TestEditorBehind: an edit that replaces the text (Undo) leaves the
// editor behind until it is given the text; a key typed meanwhile is in
// the editor's text, which wins.
func TestEditorBehind(t *testing.T) {
	s := New(nil, nil, model.State{Robots: "a\n"})
	s.Apply(typed(change(2, 0, 2, 0, "b")))
	if s.EditorBehind() {
		t.Fatal("behind after typing")
	}
	s.Apply(Undo{})
	if !s.EditorBehind() || s.state.Robots != "a\n" {
		t.Fatalf("after Undo: behind %v, text %q", s.EditorBehind(), s.state.Robots)
	}
	if fx := s.Apply(typed(change(2, 1, 2, 1, "c"))); !slices.Equal(fx.IO, []effect.IO{effect.ReadEditor{}}) {
		t.Fatalf("a key that does not fit the text: the editor's text was not asked for: %+v", fx)
	}
	s.Apply(EditorWhole{Text: "a\nbc"})
	if s.EditorBehind() || s.state.Robots != "a\nbc" {
		t.Errorf("a key before the editor was given the text: behind %v, text %q", s.EditorBehind(), s.state.Robots)
	}
	s.Apply(Undo{})
	if got := give(s); got != "a\n" || s.EditorBehind() {
		t.Errorf("EditorText = %q, behind %v", got, s.EditorBehind())
	}
	s.Apply(typed(change(2, 0, 2, 0, "d")))
	if s.state.Robots != "a\nd" {
		t.Errorf("text %q", s.state.Robots)
	}
	s.Apply(SetDialect{Dialect: "bing"})
	if s.EditorBehind() {
		t.Errorf("behind after an edit that left the text")
	}
}

// editorBreaks are the line breaks of CodeMirror's Text.of, and the
// engine's: LF, CR LF and a CR alone.
var editorBreaks = regexp.MustCompile(`\r\n?|\n`)

// editorDoc is the text as the editor holds it, apart from the session's
// code: its lines, each edit made on them as CodeMirror makes it (the
// inserted text split into lines of its own, never joined with a break
// beside it).
type editorDoc []string

// edit replaces line l1's UTF-16 column c1 to line l2's column c2 with
// insert.
func (d editorDoc) edit(l1, c1, l2, c2 int, insert string) editorDoc {
	head := utf16.Decode(utf16.Encode([]rune(d[l1-1])))
	tail := utf16.Encode([]rune(d[l2-1]))
	ins := editorBreaks.Split(insert, -1)
	out := append(editorDoc{}, d[:l1-1]...)
	first := string(utf16.Decode(utf16.Encode(head)[:c1])) + ins[0]
	if len(ins) == 1 {
		out = append(out, first+string(utf16.Decode(tail[c2:])))
	} else {
		out = append(out, first)
		out = append(out, ins[1:len(ins)-1]...)
		out = append(out, ins[len(ins)-1]+string(utf16.Decode(tail[c2:])))
	}
	return append(out, d[l2:]...)
}

// randomPlace is a place in d as the editor gives one: a line and a UTF-16
// column between two characters.
func (d editorDoc) randomPlace(r *rand.Rand) (line, col int) {
	n := r.IntN(len(d))
	runes := []rune(d[n])
	return n + 1, len(utf16.Encode(runes[:r.IntN(len(runes)+1)]))
}

// editPieces are what the property tests make texts and inserts of: the
// three line ends, characters of one to four bytes (one or two UTF-16
// units), a BOM, keys and values.
var editPieces = []string{"a", "b", "\n", "\r", "\r\n", "\n\r", "é", "😀", "\f", ":", " ", "\t", "\uFEFF", "€",
	"User-agent: *", "User-agent: Baiduspider", "Disallow: /private/", "Allow: /private/p", "Disallow: /", "#"}

// randomPiecesText is a text of up to n pieces.
func randomPiecesText(r *rand.Rand, n int) string {
	var b strings.Builder
	for range r.IntN(n + 1) {
		b.WriteString(editPieces[r.IntN(len(editPieces))])
	}
	return b.String()
}

// checkEditsAgree opens text in a session as a drop, a link or saved work
// would bring it (or as a session's first state), then makes edits random
// edits located as the editor locates them, and checks after each that
// the session's text has the editor's lines (split by the engine's rule),
// that its File is a fresh parse of it, and that every test's verdict and
// deciding line are those of the editor's text read afresh.
func checkEditsAgree(t testing.TB, r *rand.Rand, text string, edits int) {
	t.Helper()
	rows := []model.Row{{Agent: "Googlebot", URL: "/private/a"}, {Agent: "Baiduspider", URL: "/private/a"}, {Agent: "Python-urllib/3.14", URL: "/private/p"}}
	var s *Session
	if r.IntN(2) == 0 {
		s = New(nil, nil, model.State{Robots: text, Rows: rows})
	} else {
		s = New(nil, nil, model.State{Rows: rows})
		s.Apply(DropFile{Text: text})
	}
	doc := editorDoc(editorBreaks.Split(text, -1))
	// The page gives the editor the text the session keeps: the lines of
	// the text that came.
	if given := editorBreaks.Split(give(s), -1); !slices.Equal(given, doc) {
		t.Fatalf("%q is given to the editor as lines %q, want %q", text, given, doc)
	}
	for k := range edits {
		l1, c1 := doc.randomPlace(r)
		l2, c2 := doc.randomPlace(r)
		if l2 < l1 || l2 == l1 && c2 < c1 {
			l1, c1, l2, c2 = l2, c2, l1, c1
		}
		insert := randomPiecesText(r, 2)
		if r.IntN(3) > 0 {
			insert = strings.ReplaceAll(strings.ReplaceAll(insert, "\r\n", "\n"), "\r", "\n") // CodeMirror's own: LF
		}
		doc = doc.edit(l1, c1, l2, c2, insert)
		s.Apply(typed(change(l1, c1, l2, c2, insert)))
		got := s.Text()
		if lines := editorBreaks.Split(got, -1); !slices.Equal(lines, doc) {
			t.Fatalf("%q, edit %d (%d:%d-%d:%d %q): the session's text %q has lines %q, the editor's %q", text, k, l1, c1, l2, c2, insert, got, lines, doc)
		}
		if fresh := robots.ParseString(got); !reflect.DeepEqual(s.an.File.Lines, fresh.Lines) {
			t.Fatalf("%q, edit %d: the lines differ from a fresh parse of %q", text, k, got)
		}
		onScreen := model.State{Robots: strings.Join(doc, "\n"), Rows: rows}
		want := model.Analyze(&onScreen)
		for i := range rows {
			g, w := s.an.Rows[i], want.Rows[i]
			if g.Allowed != w.Allowed || g.Line != w.Line {
				t.Fatalf("%q, edit %d: %s on %s: allowed %v at line %d, the editor's text %v at %d", text, k, rows[i].Agent, rows[i].URL, g.Allowed, g.Line, w.Allowed, w.Line)
			}
		}
	}
}

// TestEditTextAgreesWithEditor makes random edits, located the way
// CodeMirror locates them (lines split at LF, CR and CR LF, columns in
// UTF-16 units, computed here apart from the session's code), in texts
// mixing the three line ends, and checks the session against the editor's
// text after each (checkEditsAgree).
func TestEditTextAgreesWithEditor(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for range 3000 {
		checkEditsAgree(t, r, randomPiecesText(r, 14), 1+r.IntN(4))
	}
}

// FuzzEditText is TestEditTextAgreesWithEditor on any text, with edits
// drawn from seed.
func FuzzEditText(f *testing.F) {
	f.Add("User-agent: *\rX\nDisallow: /private/\n", uint64(1))
	f.Add("a\r\nb\rc\n\rd", uint64(2))
	f.Add("\uFEFFUser-agent: Baiduspider\r\rDisallow: /", uint64(3))
	f.Fuzz(func(t *testing.T, text string, seed uint64) {
		if len(text) > 4096 || !utf8.ValidString(text) {
			t.Skip() // the editor holds characters, not bytes
		}
		checkEditsAgree(t, rand.New(rand.NewPCG(seed, 7)), text, 4)
	})
}

// BenchmarkEditTextKey is a key typed in a 500 KiB file, its analysis
// left to a Work: what the key's own task costs before the analysis.
func BenchmarkEditTextKey(b *testing.B) {
	text := strings.Repeat("Disallow: /archive/*.pdf$\n", 500<<10/26)
	s := New(nil, nil, model.State{Robots: text})
	n := strings.Count(text, "\n") / 2
	i := 0
	for b.Loop() {
		e := typed(change(n, 0, n, 0, "x"))
		if i%2 == 1 {
			e = typed(change(n, 0, n, 1, ""))
		}
		e.Paced = true
		s.Apply(e)
		i++
	}
}

// TestArrivedEditor: a session that takes an arrival read on another
// keeps its editor, and knows whether the editor holds the arrival's text.
func TestArrivedEditor(t *testing.T) {
	tests := []struct {
		name, shown, arrived string
		behind               bool
	}{
		{"the same text", "a\n", "a\n", false},
		{"saved work", "a\n", "b\n", true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := New(nil, nil, model.State{Robots: tt.shown})
			give(s)
			read := New(nil, nil, model.State{Robots: tt.arrived})
			if s.Apply(Arrived{Read: read}); s.EditorBehind() != tt.behind {
				t.Errorf("behind %v, want %v", s.EditorBehind(), tt.behind)
			}
			if tt.behind {
				if got := give(s); got != tt.arrived || s.EditorBehind() {
					t.Errorf("EditorText = %q, behind %v", got, s.EditorBehind())
				}
			}
		})
	}
}

// TestArrivedKeepsWhatWasTyped: keys typed in the editor while the
// page arrives (the page made at build time's editor, adopted, stays
// typeable) are kept when the arrival opens the state it began with, and
// give way to saved work, which the page made at build time took no
// input for.
func TestArrivedKeepsWhatWasTyped(t *testing.T) {
	start := model.State{Robots: "User-agent: *\nDisallow: /a\n", Rows: []model.Row{{Agent: "Googlebot", URL: "/a"}}}
	typedAt := func(prev *Session) string {
		// The user adds a line at the end while the arrival is read.
		prev.Apply(EditText{Transactions: [][]TextChange{{{FromLine: 3, FromCol: 0, ToLine: 3, ToCol: 0, Insert: "Allow: /a/b\n"}}}})
		return prev.Text()
	}

	prev := New(nil, nil, start)
	arrival := New(nil, nil, prev.state) // begun before the keys
	typed := typedAt(prev)
	fx, _ := arrive(arrival, "", "")
	if fx = prev.Apply(Arrived{Read: arrival, Effects: fx}); !fx.File || !fx.Editor {
		t.Errorf("the arrival's effects lost: %+v", fx)
	}
	if prev.Text() != typed || prev.EditorBehind() {
		t.Errorf("after an arrival at its start: text %q (behind %v), want what was typed, %q", prev.Text(), prev.EditorBehind(), typed)
	}
	if v := prev.an.Verdicts[0]; v.Allowed {
		t.Errorf("the test is read against %q: %+v", prev.state.Robots, v)
	}

	// A key whose analysis is still due when the arrival comes: the text
	// typed is kept all the same, and analysed.
	prev3 := New(nil, nil, start)
	arrival3 := New(nil, nil, prev3.state)
	prev3.Apply(EditText{Paced: true, Transactions: [][]TextChange{{{FromLine: 3, FromCol: 0, ToLine: 3, ToCol: 0, Insert: "Allow: /a/b\n"}}}})
	if prev3.Due() == nil {
		t.Fatal("the paced key left no analysis due")
	}
	fx, _ = arrive(arrival3, "", "")
	prev3.Apply(Arrived{Read: arrival3, Effects: fx})
	if prev3.Text() != typed || prev3.Due() != nil || prev3.state.Robots != typed || prev3.an.Verdicts[0].Allowed {
		t.Errorf("a key due at the arrival: text %q, due %v, analysed %q", prev3.Text(), prev3.Due() != nil, prev3.state.Robots)
	}

	saved := MemoryStorage{}
	other := New(saved, nil, start)
	other.Apply(SetFile{Text: "User-agent: *\nAllow: /\n"})
	if !saveNow(other) {
		t.Fatal("the work was not saved")
	}
	prev2 := New(nil, nil, start)
	arrival2 := New(saved, nil, prev2.state)
	arrive(arrival2, "", "")
	prev2.Apply(Arrived{Read: arrival2})
	if prev2.Text() != "User-agent: *\nAllow: /\n" || !prev2.EditorBehind() {
		t.Errorf("after an arrival at saved work: text %q (behind %v), want the saved work, the editor to be given it", prev2.Text(), prev2.EditorBehind())
	}
	// The autosave is prev2's now: it writes prev2's work.
	prev2.Apply(SetFile{Text: "User-agent: *\nDisallow: /x\n"})
	if !saveNow(prev2) {
		t.Fatal("the work taken over was not saved")
	}
	if got := New(saved, nil, start); func() string { arrive(got, "", ""); return got.Text() }() != "User-agent: *\nDisallow: /x\n" {
		t.Errorf("saved after the arrival: %q, want the file set after it", got.Text())
	}
}

// TestDropFile: a file dropped on the editor takes the file's place, the
// tests kept, with its analysis made ahead when the work is as it was,
// and made afresh when it is not.
func TestDropFile(t *testing.T) {
	start := model.State{Robots: "User-agent: *\nAllow: /\n", Rows: []model.Row{{Agent: "Googlebot", URL: "/a"}}}
	dropped := "User-agent: *\nDisallow: /a\n"
	tests := []struct {
		name      string
		meanwhile Edit // made after the work ahead was made, before it is taken
		taken     bool
		allowed   bool
	}{
		{"nothing meanwhile", nil, true, false},
		{"a test edited", SetURL{Row: 0, URL: "/b"}, false, true},
		{"a key typed", typed(change(2, 8, 2, 8, "x")), false, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := New(nil, nil, start)
			w := s.DropAhead(dropped)
			if tt.meanwhile != nil {
				s.Apply(tt.meanwhile)
			}
			w.Run(nil)
			fx := s.Apply(DropFile{Text: dropped, Ahead: w})
			if !fx.Editor || !fx.File || s.state.Robots != dropped {
				t.Fatalf("effects %+v, text %q", fx, s.state.Robots)
			}
			if taken := s.an == w.an && w.an != nil; taken != tt.taken {
				t.Errorf("the analysis made ahead taken: %v, want %v", taken, tt.taken)
			}
			if s.an.Rows[0].Allowed != tt.allowed {
				t.Errorf("allowed %v, want %v", s.an.Rows[0].Allowed, tt.allowed)
			}
			if label, _ := s.CanUndo(); label != "File dropped on the editor" {
				t.Errorf("CanUndo = %q", label)
			}
		})
	}
}

// TestSaveLeaving: the page left while an analysis is due writes the
// work with the text typed, without making the analysis; the analysis,
// made later, leaves the same work saved.
func TestSaveLeaving(t *testing.T) {
	st := MemoryStorage{}
	s, clk := newSession(st)
	clk.advance(time.Minute)
	before := s.an
	fx := s.Apply(EditText{Transactions: [][]TextChange{{change(1, 0, 1, 0, "# last words\n")}}, Paced: true})
	if !fx.Due || s.Due() == nil {
		t.Fatalf("no analysis due: %+v", fx)
	}
	if !wroteIn(s.Apply(Leaving{})) {
		t.Fatal("nothing written")
	}
	if s.an != before || s.Due() == nil {
		t.Error("the analysis was made as the page was left")
	}
	saved, err := share.Unmarshal([]byte(st[SaveKey]))
	if err != nil || !strings.HasPrefix(saved.Robots, "# last words\n") {
		t.Fatalf("saved %q, %v", saved.Robots, err)
	}
	// The page comes back: the analysis lands, and the work saved is the same.
	if err := s.Due().Run(nil); err != nil {
		t.Fatal(err)
	}
	s.Apply(Analyzed{Work: s.Due()})
	if !strings.HasPrefix(s.state.Robots, "# last words\n") || s.an == before {
		t.Errorf("after the analysis: %q", s.state.Robots)
	}
	saveNow(s)
	if again, _ := share.Unmarshal([]byte(st[SaveKey])); again.Robots != saved.Robots {
		t.Errorf("saved again %q", again.Robots)
	}
}
