package session

import (
	"go/parser"
	"go/token"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"robotstester/app/internal/effect"
	"robotstester/app/model"
)

// TestOneDoor: the session changes by Apply alone. Every exported method
// of the session, and of what its readers hand out, is Apply or a reader
// on this list, which says why it writes nothing; a new method fails here
// until it is a message, or is shown to be a reader.
func TestOneDoor(t *testing.T) {
	readers := map[string]string{
		"*Session.Apply": "the door itself",
		"*Session.State": "the state, to read (its callers move to a value; until then they only read it, " +
			"and every change of it is an Edit)",
		"*Session.Analysis": "the analysis shown; its findings (Analysis.Lint) are worked out into the " +
			"analysis itself, never into the work",
		"*Session.Notes":        "a copy of the notices",
		"*Session.Pending":      "a copy of the link's state waiting for the user's choice",
		"*Session.Autosave":     "the autosave's readers (Autosave, an interface listed below)",
		"*Session.CanUndo":      "the label on top of the undo stack",
		"*Session.CanRedo":      "the label on top of the redo stack",
		"*Session.Text":         "the document's text",
		"*Session.EditorBehind": "a flag; the editor is given the text by EditorGiven",
		"*Session.EditorText":   "the document's text, for the editor; EditorGiven says it was given",
		"*Session.Due":          "the analysis still to be made, a Work (listed below), which only Analyzed takes",
		"*Session.DropAhead":    "a new Work of the session's state with another file; the session keeps nothing of it",
		"*Session.TakesHistory": "counts steps of the history, moving none",
		"*Session.Parts":        "the parts' readers (PartsView, listed below)",

		"PartsView.Versions":      "a copy of the versions' model: its messages go through Apply",
		"PartsView.ProposedDiff":  "the comparison of the proposed file, kept in the versions' model until either changes: a memo, never the work",
		"PartsView.Compare":       "a copy of the comparison's model",
		"PartsView.Transfers":     "a copy of the transfers' model",
		"PartsView.Intent":        "what Rules by intent shows, a value",
		"PartsView.SiteURLs":      "what the site URLs panel shows, a value",
		"PartsView.SiteLineNotes": "a new map of each line's note",

		"Autosave.SaveIn":        "reads the clock and the changes counted",
		"Autosave.Saves":         "a flag",
		"Autosave.Versions":      "reads storage",
		"Autosave.VersionsKept":  "a count",
		"Autosave.VersionRobots": "reads storage",
		"Autosave.AsideState":    "the saved state that could not be read, as kept",

		"*Work.Text": "the work's own text",
		"*Work.Run": "makes the analysis into the Work itself, which the session holds apart from its work: " +
			"the session takes it only by Apply(Analyzed{...})",

		"Effects.None": "a value's test",
		"Effects.And":  "returns a new value",
	}
	types := []reflect.Type{
		reflect.TypeFor[*Session](),
		reflect.TypeFor[Autosave](),
		reflect.TypeFor[*Work](),
		reflect.TypeFor[Effects](),
		reflect.TypeFor[PartsView](),
	}
	seen := map[string]bool{}
	for _, typ := range types {
		name := strings.ReplaceAll(typ.String(), "session.", "")
		for i := range typ.NumMethod() {
			m := name + "." + typ.Method(i).Name
			seen[m] = true
			if _, ok := readers[m]; !ok {
				t.Errorf("%s is neither Apply nor a reader: a change of the session is a message to Apply", m)
			}
		}
	}
	for m := range readers {
		if !seen[m] {
			t.Errorf("%s is listed as a reader but is gone: take it off the list", m)
		}
	}
	// Nor can anything be written to it from outside.
	for _, typ := range []reflect.Type{reflect.TypeFor[Session](), reflect.TypeFor[autosave](), reflect.TypeFor[Work]()} {
		for i := range typ.NumField() {
			if f := typ.Field(i); f.IsExported() {
				t.Errorf("%v has the exported field %s", typ, f.Name)
			}
		}
	}
}

// TestPlainGo: the session and the effects it asks for are plain Go,
// tested natively: they import neither go-app nor syscall/js, not even
// through another package (as the browser's build sees them).
func TestPlainGo(t *testing.T) {
	forbidden := []string{"syscall/js", "github.com/maxence-charriere/go-app"}
	bad := func(path string) bool {
		return slices.ContainsFunc(forbidden, func(f string) bool { return path == f || strings.HasPrefix(path, f+"/") })
	}
	for _, dir := range []string{".", "../effect"} {
		entries, err := os.ReadDir(dir)
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range entries {
			if !strings.HasSuffix(e.Name(), ".go") || strings.HasSuffix(e.Name(), "_test.go") {
				continue
			}
			f, err := parser.ParseFile(token.NewFileSet(), filepath.Join(dir, e.Name()), nil, parser.ImportsOnly)
			if err != nil {
				t.Fatal(err)
			}
			for _, imp := range f.Imports {
				if path, _ := strconv.Unquote(imp.Path.Value); bad(path) {
					t.Errorf("%s imports %s", filepath.Join(dir, e.Name()), path)
				}
			}
		}
	}
	goCmd, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command: the packages they import are not checked")
	}
	// The packages they import, as the browser's build sees them, and what
	// those import in turn; the standard library's own syscall/js (time
	// and syscall have it in the browser) is no import of the app's.
	cmd := exec.Command(goCmd, "list", "-deps", "-f", "{{if not .Standard}}{{.ImportPath}} {{join .Imports \" \"}}{{end}}", ".", "../effect")
	cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	for line := range strings.Lines(string(out)) {
		pkg, imports, _ := strings.Cut(strings.TrimSpace(line), " ")
		for _, path := range append(strings.Fields(imports), pkg) {
			if bad(path) {
				t.Errorf("%s imports %s: the session or the effects would import it through it", pkg, path)
			}
		}
	}
}

// arrive has s read the page's arrival (Arrive), and returns its effects
// and what became of the link.
func arrive(s *Session, fragment, damaged string) (Effects, LinkOutcome) {
	fx := s.Apply(Arrive{Fragment: fragment, Damaged: damaged})
	return fx, fx.Link
}

// saveNow has s write the work now (Save), and reports whether it wrote.
func saveNow(s *Session) bool { return wroteIn(s.Apply(Save{})) }

// wroteIn reports whether a message with effects fx wrote the work.
func wroteIn(fx Effects) bool { return slices.Contains(fx.IO, effect.IO(effect.Saved{})) }

// toldOfOtherTab gives s another tab's stamp (OtherTabSaved), and reports
// whether a notice of it came.
func toldOfOtherTab(s *Session, stamp string) bool {
	before, _ := s.notes.get(NoteTabs)
	s.notes.dismiss(NoteTabs)
	s.Apply(OtherTabSaved{Stamp: stamp})
	_, ok := s.notes.get(NoteTabs)
	if !ok && before.ID != "" {
		s.notes.add(before)
	}
	return ok
}

// give gives the editor the text it is to hold, as the page does, and
// returns it.
func give(s *Session) string {
	text := s.EditorText()
	s.Apply(EditorGiven{Text: text})
	return text
}

// TestSavesLeaveTheAnalysisDue: the autosave's steps never make the
// analysis of the text typed at once (a large file's is seconds of a slow
// machine's time, which a save must not hold the page for): the work
// still due stays due, for the page to run where it can pause.
func TestSavesLeaveTheAnalysisDue(t *testing.T) {
	for _, m := range []Msg{Save{}, SaveDue{}, Leaving{}, OtherTabSaved{Stamp: "other:1"}, EditorGiven{Text: "x"}} {
		s, clk := newSession(MemoryStorage{})
		clk.advance(time.Minute)
		s.Apply(EditText{Transactions: [][]TextChange{{change(1, 0, 1, 0, "# typed\n")}}, Paced: true})
		w := s.Due()
		if w == nil {
			t.Fatal("no analysis due")
		}
		s.Apply(m)
		if s.Due() != w {
			t.Errorf("%T made the analysis due at once", m)
		}
	}
	// Any other message does, first: it must find the work as typed.
	s, _ := newSession(MemoryStorage{})
	s.Apply(EditText{Transactions: [][]TextChange{{change(1, 0, 1, 0, "# typed\n")}}, Paced: true})
	if s.Apply(Settle{}); s.Due() != nil || !strings.HasPrefix(s.state.Robots, "# typed\n") {
		t.Errorf("Settle left the analysis due: %q", s.state.Robots)
	}
}

// TestEditorGiven: the editor holds what the page says it gave it; it is
// behind when that is not the document (a text given before a newer edit
// replaced it).
func TestEditorGiven(t *testing.T) {
	s := New(nil, nil, model.State{Robots: "a\n"})
	s.Apply(Replace{State: model.State{Robots: "b\n"}, Label: "Another file"})
	if !s.EditorBehind() {
		t.Fatal("not behind after an edit that replaced the text")
	}
	if s.Apply(EditorGiven{Text: "a\n"}); !s.EditorBehind() {
		t.Error("given an older text, the editor is taken to hold the document")
	}
	if s.Apply(EditorGiven{Text: s.EditorText()}); s.EditorBehind() {
		t.Error("given the document, the editor is still behind")
	}
	if s.EditorText() != "b\n" {
		t.Errorf("EditorText = %q", s.EditorText())
	}
}

// TestReadersHandCopies: what a reader hands out changes nothing of the
// session when written to.
func TestReadersHandCopies(t *testing.T) {
	s := New(nil, nil, model.Example())
	s.notes.add(Note{ID: NoteLink, Text: "a link"})
	s.Notes()[0].Text = "changed"
	if n, _ := s.notes.get(NoteLink); n.Text != "a link" {
		t.Errorf("a notice changed through Notes: %+v", n)
	}
	p := model.Example()
	s.pending = &p
	got := s.Pending()
	got.Robots = "changed"
	got.Rows[0].URL = "changed"
	if s.pending.Robots == "changed" || s.pending.Rows[0].URL == "changed" {
		t.Error("the link's state changed through Pending")
	}
}
