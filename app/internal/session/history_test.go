package session

import (
	"fmt"
	"reflect"
	"strings"
	"testing"

	"robotstester/app/internal/share"
	"robotstester/app/model"
)

// TestOneActionOneUndo: an action and what comes of it are one step of
// Undo. A test added is a step of its own, apart from the typing before
// it, and gives its crawler field the focus (Enter in a URL field, its URL
// field); an edit of the example that names the example's own site (the
// rules by intent written into it) moves no test, and takes no second
// step to say so.
func TestOneActionOneUndo(t *testing.T) {
	s, _ := newSession(MemoryStorage{})
	n := len(s.state.Rows)
	s.Apply(SetURL{Row: 0, URL: "/typed"})
	fx := s.Apply(AddRow{After: -1})
	if len(s.state.Rows) != n+1 || fx.Focus != n+1 || !fx.FocusAgent {
		t.Fatalf("AddRow: %d rows, effects %+v", len(s.state.Rows), fx)
	}
	if label, _ := s.CanUndo(); label != fmt.Sprintf("Test %d added", n+1) {
		t.Errorf("Undo would undo %q", label)
	}
	s.Apply(Undo{})
	if len(s.state.Rows) != n || s.state.Rows[0].URL != "/typed" {
		t.Errorf("Undo after AddRow: %d rows, test 1's URL %q; want the typing before it kept", len(s.state.Rows), s.state.Rows[0].URL)
	}
	if fx := s.Apply(AddRow{After: 0, URLNext: true}); fx.FocusAgent || fx.Focus != 2 {
		t.Errorf("Enter in a URL field: effects %+v", fx)
	}

	s, _ = newSession(MemoryStorage{})
	st := s.snapshot()
	// More than half of the example's text changed, its Sitemap line kept:
	// the page takes such a file for another site's, whose tests move.
	st.Robots = "# BEGIN rules by intent\nUser-agent: GPTBot\nDisallow: /\n# END rules by intent\n\n# " +
		strings.ReplaceAll(st.Robots, "\n", "\n# ") + "\nSitemap: https://shop.example/sitemap.xml\n"
	if !model.ReplacesExample(st.Robots) {
		t.Fatal("the edit is not one the page takes for another file")
	}
	before := len(s.undo)
	s.Apply(Replace{State: st, Label: "Rules by intent applied"})
	if len(s.undo) != before+1 || hasNote(s, NoteExample, "") {
		t.Errorf("the example's file edited: %d steps of Undo, want 1; notices %+v", len(s.undo)-before, s.notes)
	}
	s.Apply(Undo{})
	if s.state.Robots != model.Example().Robots {
		t.Errorf("one Undo left %q", s.state.Robots)
	}
}

func TestUndoRedo(t *testing.T) {
	s, _ := newSession(MemoryStorage{})
	s.Apply(PasteURLs{Row: 0, Text: urls(20)})
	work := s.snapshot()
	fx := s.Apply(Replace{State: model.Example(), Label: "Example loaded"})
	if !fx.Editor || len(s.state.Rows) != 7 {
		t.Fatalf("example: %d rows", len(s.state.Rows))
	}
	if label, ok := s.CanUndo(); !ok || label != "Example loaded" {
		t.Errorf("CanUndo = %q, %v", label, ok)
	}
	if fx := s.Apply(Undo{}); !fx.Editor || !share.Same(s.state, work) || len(s.an.Rows) != len(work.Rows) {
		t.Errorf("undo: %d rows", len(s.state.Rows))
	}
	s.Apply(Redo{})
	if len(s.state.Rows) != 7 {
		t.Errorf("redo: %d rows", len(s.state.Rows))
	}
	s.Apply(Undo{})
	s.Apply(RemoveRow{Row: 3})
	if _, ok := s.CanRedo(); ok {
		t.Errorf("a new action must clear redo")
	}
	s.Apply(Undo{})
	if !share.Same(s.state, work) {
		t.Errorf("undo of a removal")
	}
	// The work shares no rows with what it was given or with its history.
	given := model.Example()
	s.Apply(Replace{State: given, Label: "Example loaded"})
	given.Rows[0].URL = "/changed"
	if s.state.Rows[0].URL == "/changed" {
		t.Errorf("the work shares rows with its input")
	}

}

// TestTypingIsAStepOfUndo: a run of typing is a step of Undo of its own,
// so that Undo never takes back what was typed after an action together
// with the action (a paste moved the example's tests, the user typed, and
// Undo took both the move and the typing); typing drops what Redo held.
func TestTypingIsAStepOfUndo(t *testing.T) {
	guardian := "User-agent: *\nDisallow: /*/print$\n\nSitemap: https://www.theguardian.com/sitemaps/news.xml\n"
	s, _ := newSession(MemoryStorage{})
	arrive(s, "", "")
	s.Apply(FileReplaced{})
	s.Apply(SetFile{Text: guardian})
	moved := s.state.Rows[0].URL
	if !strings.Contains(moved, "theguardian.com") {
		t.Fatalf("the example's tests did not move: %q", moved)
	}
	typed := guardian + "# my own edit\n"
	s.Apply(SetFile{Text: guardian + "# my own"})
	s.Apply(SetFile{Text: typed}) // the same run
	if label, _ := s.CanUndo(); label != "Typing in the file" {
		t.Errorf("Undo would take back %q", label)
	}
	if _, ok := s.notes.get(NoteExample); ok {
		t.Errorf("the move's notice, whose Undo would now take back the typing, stayed")
	}

	s.Apply(Undo{})
	if s.state.Robots != guardian || s.state.Rows[0].URL != moved {
		t.Fatalf("Undo took back more than the typing: %q, %q", s.state.Robots, s.state.Rows[0].URL)
	}
	s.Apply(Undo{})
	if s.state.Robots != guardian || strings.Contains(s.state.Rows[0].URL, "theguardian") {
		t.Fatalf("the second Undo did not take back the move alone: %q, %q", s.state.Robots, s.state.Rows[0].URL)
	}
	s.Apply(Undo{})
	if !model.IsExampleFile(s.state.Robots) {
		t.Fatalf("the third Undo did not take back the paste: %q", s.state.Robots)
	}
	s.Apply(Redo{})
	s.Apply(Redo{})
	s.Apply(Redo{})
	if s.state.Robots != typed {
		t.Fatalf("Redo did not bring back the typing: %q", s.state.Robots)
	}

	// Typing after Undo drops what Redo held: it is not written over later.
	s.Apply(Undo{})
	s.Apply(SetFile{Text: guardian + "# other\n"})
	if _, ok := s.CanRedo(); ok {
		t.Errorf("Redo would write over what was typed after Undo")
	}

	// A test's field: a run of its own, each field's separate.
	s.Apply(SetAgent{Row: 1, Agent: "Bing"})
	s.Apply(SetAgent{Row: 1, Agent: "Bingbot"})
	s.Apply(SetURL{Row: 2, URL: "/x"})
	s.Apply(Undo{})
	if s.state.Rows[2].URL == "/x" || s.state.Rows[1].Agent != "Bingbot" {
		t.Errorf("Undo of test 3's typing: test 2 %q, test 3 %q", s.state.Rows[1].Agent, s.state.Rows[2].URL)
	}
	s.Apply(Undo{})
	if s.state.Rows[1].Agent == "Bingbot" || s.state.Robots != guardian+"# other\n" {
		t.Errorf("Undo of test 2's typing: %q, file %q", s.state.Rows[1].Agent, s.state.Robots)
	}
}

// TestUndoKeepsAnalysis checks that Undo and Redo go back to the newest
// step's analysis as it was, without analysing again, and that it is the
// analysis a fresh Analyze gives, even after the edits that followed
// (which change the session's analysis in place: Recheck, Select, Lint).
func TestUndoKeepsAnalysis(t *testing.T) {
	s, _ := newSession(MemoryStorage{})
	s.Apply(PasteURLs{Row: 0, Text: urls(20)})
	s.Apply(SetAgent{Row: 2, Agent: "Bingbot"})
	s.Apply(Select{Row: 2})
	before := s.an
	s.Apply(Replace{State: model.Example(), Label: "Example loaded"})
	s.an.Lint()
	s.Apply(RemoveRow{Row: 1}) // Recheck in place, after a step of its own
	example := s.an
	s.Apply(Undo{}) // the removal
	s.Apply(Undo{}) // the example
	if s.an == before {
		t.Errorf("Undo gave back the live analysis itself, not a copy")
	}
	want := model.Analyze(&s.state)
	if !reflect.DeepEqual(s.an.Rows, want.Rows) || s.an.Selected != want.Selected || s.an.Reading != s.an.File.Read(s.an.Reading.Dialect) {
		t.Errorf("after Undo, the analysis is not the state's")
	}
	if len(s.an.Rows) != len(s.state.Rows) || s.an.Rows[2].Token != "Bingbot" {
		t.Errorf("after Undo: %d rows, row 3 %q", len(s.an.Rows), s.an.Rows[2].Token)
	}
	s.Apply(Redo{})
	if s.an.File != example.File {
		t.Errorf("Redo analysed the file again")
	}
	// Only the newest step of each stack holds an analysis.
	for i, st := range s.undo[:len(s.undo)-1] {
		if st.an != nil {
			t.Errorf("undo step %d keeps an analysis", i)
		}
	}
}

// TestFileReplacedCanBeUndone: the editor's whole text selected and pasted
// over, or deleted, is a step of Undo, with a notice offering it, unless
// the text was the example's.
func TestFileReplacedCanBeUndone(t *testing.T) {
	s, _ := newSession(MemoryStorage{})
	s.Apply(FileReplaced{})
	s.Apply(SetFile{Text: "User-agent: *\nDisallow: /mine\n"})
	if _, ok := s.notes.get(NoteUndo); ok {
		t.Errorf("replacing the example offers an Undo notice")
	}
	mine := s.snapshot()

	s.Apply(FileReplaced{Deleted: true})
	s.Apply(SetFile{Text: ""})
	if label, ok := s.CanUndo(); !ok || label != "Whole file deleted" {
		t.Errorf("CanUndo = %q, %v", label, ok)
	}
	if n, ok := s.notes.get(NoteUndo); !ok || n.Action != ActionUndo {
		t.Errorf("no notice offering Undo: %+v", s.notes)
	}
	if fx := s.Apply(Undo{}); !fx.Editor || !share.Same(s.state, mine) {
		t.Errorf("Undo gave %q back, want %q", s.state.Robots, mine.Robots)
	}

	s.Apply(FileReplaced{})
	s.Apply(SetFile{Text: "User-agent: *\nAllow: /\n"})
	if label, _ := s.CanUndo(); label != "Whole file replaced" {
		t.Errorf("CanUndo = %q", label)
	}
}

// TestEditorHistoryTakesTheTestsAlong: a file pasted over the example moves
// the example's tests to its site; the editor's own Undo (Ctrl+Z in it),
// even after typing in the new file, puts the example's text back, and the
// tests go back with it; the editor's Redo brings the file and the moved
// tests again. An Undo of the editor's that is not a replacement taken
// back is typing.
func TestEditorHistoryTakesTheTestsAlong(t *testing.T) {
	guardian := "User-agent: *\nDisallow: /*/print$\n\nSitemap: https://www.theguardian.com/sitemaps/news.xml\n"
	s := New(nil, nil, model.Example())
	example := s.snapshot()
	s.Apply(FileReplaced{})
	s.Apply(SetFile{Text: guardian})
	moved := s.snapshot()
	if share.Same(moved, model.State{Robots: guardian, Rows: example.Rows}) {
		t.Fatal("the example's tests did not move to the file's site")
	}
	s.Apply(SetFile{Text: guardian + "# a note\n"})
	s.Apply(EditorHistory{Text: guardian}) // the editor takes back the typing first

	if fx := s.Apply(EditorHistory{Text: example.Robots}); !fx.Rows || !share.Same(s.state, example) {
		t.Errorf("after the editor's Undo the work is %q with %v, want the example", s.state.Robots, s.state.Rows)
	}
	if n, ok := s.notes.get(NoteUndo); !ok || !strings.HasPrefix(n.Text, "Undone: ") {
		t.Errorf("no notice of what was undone: %+v", s.notes)
	}
	if _, ok := s.CanUndo(); ok {
		t.Errorf("a step is left to undo after the paste was taken back")
	}

	s.Apply(EditorHistory{Text: guardian, Redo: true})
	if !share.Same(s.state, moved) {
		t.Errorf("after the editor's Redo the work is %q with %v, want the file with the moved tests", s.state.Robots, s.state.Rows)
	}

	// Not a replacement taken back: the text as typed.
	s.Apply(SetFile{Text: guardian + "Disallow: /x\n"})
	s.Apply(EditorHistory{Text: guardian})
	if s.state.Robots != guardian || !share.Same(model.State{Robots: guardian, Rows: s.state.Rows}, moved) {
		t.Errorf("an Undo of typing gave %q", s.state.Robots)
	}
}
