package session

import (
	"errors"
	"fmt"
	"reflect"
	"strings"
	"testing"
	"time"

	"robotstester/app/internal/effect"
	"robotstester/app/internal/share"
	"robotstester/app/model"
	"robotstester/robots"
)

// clock is a fake clock that moves only when told.
type clock struct{ t time.Time }

func (c *clock) now() time.Time          { return c.t }
func (c *clock) advance(d time.Duration) { c.t = c.t.Add(d) }
func newClock() *clock                   { return &clock{time.Date(2026, 11, 23, 10, 0, 0, 0, time.UTC)} }
func newSession(st Storage) (*Session, *clock) {
	c := newClock()
	return New(st, c.now, model.Example()), c
}

// failing is a Storage that refuses reads, writes or both.
type failing struct {
	MemoryStorage
	read, write error
}

func (f failing) Get(k string) (string, bool, error) {
	if f.read != nil {
		return "", false, f.read
	}
	return f.MemoryStorage.Get(k)
}

func (f failing) Set(k, v string) error {
	if f.write != nil {
		return f.write
	}
	return f.MemoryStorage.Set(k, v)
}

var (
	mine = model.State{Robots: "User-agent: *\nDisallow: /\n", Rows: []model.Row{{Agent: "Googlebot", URL: "/"}}}
	them = model.State{Robots: "User-agent: *\nAllow: /\n", Rows: []model.Row{{Agent: "Bingbot", URL: "/x"}, {Agent: "GPTBot", URL: "/"}}}
)

func urls(n int) string {
	var b strings.Builder
	for i := range n {
		b.WriteString("/page/")
		b.WriteString(strings.Repeat("x", i%5))
		b.WriteString(string(rune('a' + i%26)))
		b.WriteString("?n=")
		b.WriteString(strings.Repeat("1", 1+i/26))
		b.WriteByte('\n')
	}
	return b.String()
}

func hasNote(s *Session, id, contains string) bool {
	n, ok := s.notes.get(id)
	return ok && strings.Contains(n.Text, contains)
}

func TestArrive(t *testing.T) {
	saved := string(share.Marshal(mine))
	link := share.Fragment(them)
	big := model.State{Robots: "x", Rows: make([]model.Row, model.MaxRows+6)}
	for _, tt := range []struct {
		name            string
		fragment, saved string
		readErr         error
		want            model.State
		outcome         LinkOutcome
		pending         bool
		note            string // a notice's ID that must show
		aside           bool
	}{
		{name: "first visit", want: model.Example()},
		{name: "autosave", saved: saved, want: mine},
		{name: "damaged autosave", saved: "{not json", want: model.Example(), note: NoteAside, aside: true},
		{name: "autosave over the limits", saved: string(share.Marshal(big)), want: func() model.State { b := big; b.Fit(); return b }(), note: NoteAside, aside: true},
		{name: "other fragment", fragment: "#section-2", saved: saved, want: mine},
		{name: "link, no autosave", fragment: "#" + link, want: them, outcome: LinkOpened},
		{name: "link equal to autosave", fragment: link, saved: string(share.Marshal(them)), want: them, outcome: LinkOpened},
		{name: "link differing from autosave", fragment: link, saved: saved, want: mine, outcome: LinkWaits, pending: true},
		{name: "damaged link", fragment: "#s=!!!", saved: saved, want: mine, outcome: LinkFailed, note: NoteLink},
		{name: "damaged link, no autosave", fragment: "s=AAAA", want: model.Example(), outcome: LinkFailed, note: NoteLink},
		{name: "storage denied", fragment: link, readErr: errors.New("SecurityError"), want: them, outcome: LinkOpened, note: NoteStorage},
	} {
		st := failing{MemoryStorage: MemoryStorage{}, read: tt.readErr}
		if tt.saved != "" {
			st.MemoryStorage[SaveKey] = tt.saved
		}
		s, _ := newSession(st)
		_, outcome := arrive(s, tt.fragment, "")
		if !share.Same(s.state, tt.want) || outcome != tt.outcome || (s.pending != nil) != tt.pending {
			t.Errorf("%s: got %d rows, outcome %d, pending %v", tt.name, len(s.state.Rows), outcome, s.pending != nil)
		}
		if tt.note != "" {
			if _, ok := s.notes.get(tt.note); !ok {
				t.Errorf("%s: no %q notice in %+v", tt.name, tt.note, s.notes)
			}
		}
		if tt.aside {
			if st.MemoryStorage[AsideKey] != tt.saved || s.Autosave().AsideState() != tt.saved {
				t.Errorf("%s: the unreadable save was not kept aside", tt.name)
			}
			if n, _ := s.notes.get(NoteAside); n.Action != ActionExportAside {
				t.Errorf("%s: the notice offers no export", tt.name)
			}
		}
		if len(s.an.Rows) != len(s.state.Rows) {
			t.Errorf("%s: analysis out of step", tt.name)
		}
	}
}

func TestArriveDamagedAddress(t *testing.T) {
	s, _ := newSession(MemoryStorage{})
	arrive(s, "%E0%A4%A", "a broken %-escape")
	if !hasNote(s, NoteLink, "damaged") {
		t.Errorf("no notice of the damaged address: %+v", s.notes)
	}
}

// TestLinkGiven: a link given to the page already open waits for the
// user's choice unless it is the work shown; one that cannot be read, or
// a damaged address, is said, and the work stays as it was.
func TestLinkGiven(t *testing.T) {
	for _, tt := range []struct {
		name, fragment, damaged string
		outcome                 LinkOutcome
		pending                 bool
		note                    string // in the notice NoteLink, when not ""
	}{
		{name: "a jump within the page", fragment: "tests"},
		{name: "the work shown", fragment: share.Fragment(mine), outcome: LinkOpened},
		{name: "other tests", fragment: "#" + share.Fragment(them), outcome: LinkWaits, pending: true},
		{name: "unreadable", fragment: "s=!!!", outcome: LinkFailed, note: "Your work is as it was"},
		{name: "damaged address", fragment: "s=a%2", damaged: "a broken %-escape", outcome: LinkFailed, note: "could not be opened"},
		{name: "damaged, no link", fragment: "x%2", damaged: "a broken %-escape", note: "damaged"},
	} {
		s, _ := newSession(MemoryStorage{})
		arrive(s, "", "")
		s.Apply(Replace{State: mine, Label: "mine"})
		if got := s.Apply(LinkGiven{Fragment: tt.fragment, Damaged: tt.damaged}).Link; got != tt.outcome || (s.pending != nil) != tt.pending {
			t.Errorf("%s: outcome %d, pending %v", tt.name, got, s.pending != nil)
		}
		if !share.Same(s.state, mine) {
			t.Errorf("%s: the work changed before the user chose", tt.name)
		}
		if tt.note != "" && !hasNote(s, NoteLink, tt.note) {
			t.Errorf("%s: no notice with %q in %+v", tt.name, tt.note, s.notes)
		}
		if tt.note == "" && len(s.notes) > 0 {
			if _, ok := s.notes.get(NoteLink); ok {
				t.Errorf("%s: a link notice %+v", tt.name, s.notes)
			}
		}
		if tt.pending {
			s.Apply(OpenShared{})
			if !share.Same(s.state, them) {
				t.Errorf("%s: opening the link gave %d rows", tt.name, len(s.state.Rows))
			}
		}
	}
}

func TestUnreadableSaveNeverOverwritten(t *testing.T) {
	// Storage that holds the unreadable save but cannot keep a copy aside:
	// nothing may be saved over it.
	st := &asideRefused{MemoryStorage{SaveKey: "{broken"}}
	s, c := newSession(st)
	arrive(s, "", "")
	s.Apply(SetFile{Text: "User-agent: *\n"})
	c.advance(time.Second)
	if saveNow(s) || st.MemoryStorage[SaveKey] != "{broken" {
		t.Errorf("the unreadable save was overwritten")
	}
	if !hasNote(s, NoteAside, "Nothing will be saved over it") {
		t.Errorf("notice: %+v", s.notes)
	}
}

type asideRefused struct{ MemoryStorage }

func (a *asideRefused) Set(k, v string) error {
	if k == AsideKey {
		return ErrQuota
	}
	return a.MemoryStorage.Set(k, v)
}

func TestLimits(t *testing.T) {
	s, _ := newSession(MemoryStorage{})
	fx := s.Apply(PasteURLs{Row: 0, Text: urls(1500)})
	if len(s.state.Rows) != model.MaxRows || !fx.Rows || len(s.an.Rows) != model.MaxRows {
		t.Fatalf("paste of 1500 URLs: %d rows", len(s.state.Rows))
	}
	if n, ok := s.notes.get(NoteLimit); !ok || !strings.Contains(n.Text, "left out") || n.Action != ActionUndo {
		t.Errorf("the paste did not say what it left out, with Undo: %+v", s.notes)
	}
	if fx := s.Apply(AddRow{After: 3}); fx.Rows || len(s.state.Rows) != model.MaxRows || !hasNote(s, NoteLimit, "No test added") {
		t.Errorf("AddRow past the limit: %d rows, %+v", len(s.state.Rows), s.notes)
	}
	if fx := s.Apply(ImportURLs{"/a\n/b\n"}); fx.Rows || !hasNote(s, NoteLimit, "no test added") {
		t.Errorf("import past the limit: %+v", s.notes)
	}
	s.Apply(SetURL{Row: 2, URL: strings.Repeat("é", model.MaxURL)})
	if u := s.state.Rows[2].URL; len(u) > model.MaxURL || !strings.HasPrefix(u, "éé") || !hasNote(s, NoteLimit, "URL") {
		t.Errorf("long URL kept %d bytes, notes %+v", len(u), s.notes)
	}
	fx = s.Apply(SetFile{Text: strings.Repeat("a\n", model.MaxFile)})
	if len(s.state.Robots) != model.MaxFile || !fx.Editor || !hasNote(s, NoteLimit, "robots.txt") {
		t.Errorf("huge file kept %d bytes, editor rewritten %v", len(s.state.Robots), fx.Editor)
	}
	// Undo brings back the tests as they were before the paste.
	for {
		if _, ok := s.CanUndo(); !ok {
			break
		}
		s.Apply(Undo{})
	}
	if len(s.state.Rows) != len(model.Example().Rows) {
		t.Errorf("undo all: %d rows", len(s.state.Rows))
	}
}

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

func TestAddRowAndGrid(t *testing.T) {
	s, _ := newSession(MemoryStorage{})
	n := len(s.state.Rows)
	fx := s.Apply(AddRow{After: 1})
	if len(s.state.Rows) != n+1 || s.state.Rows[2] != (model.Row{Agent: s.state.Rows[1].Agent, URL: "/"}) || fx.Focus != 3 || s.state.Selected != 2 {
		t.Errorf("AddRow after 1: %+v, focus %d", s.state.Rows[2], fx.Focus)
	}
	s.Apply(Grid{Crawlers: []string{"Googlebot", "GPTBot"}, URLs: []string{"/a", "/b", "/c"}, Replace: true})
	if len(s.state.Rows) != 6 || s.state.Rows[1] != (model.Row{Agent: "GPTBot", URL: "/a"}) || s.state.Robots != model.Example().Robots {
		t.Errorf("grid: %+v", s.state.Rows)
	}
	if note, _ := s.notes.get(NoteUndo); note.Text != fmt.Sprintf("%d tests replaced by a grid of 2 crawlers × 3 URLs.", n+1) {
		t.Errorf("the grid's notice %q", note.Text)
	}
	s.Apply(Grid{Crawlers: []string{"Bingbot"}, URLs: []string{"/d"}})
	if len(s.state.Rows) != 7 {
		t.Errorf("grid added: %d rows", len(s.state.Rows))
	}
	s.Apply(Undo{})
	s.Apply(Undo{})
	if len(s.state.Rows) != n+1 {
		t.Errorf("undo of two grids: %d rows", len(s.state.Rows))
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

func TestSetDialect(t *testing.T) {
	s, _ := newSession(MemoryStorage{})
	for in, want := range map[string]string{"python": "python", "Each crawler's own": "", "": "", "GYM2008": "gym2008"} {
		s.Apply(SetDialect{in})
		if s.state.Dialect != want {
			t.Errorf("SetDialect(%q) = %q, want %q", in, s.state.Dialect, want)
		}
	}
}

func TestAutosave(t *testing.T) {
	st := MemoryStorage{SaveKey: string(share.Marshal(mine))}
	s, c := newSession(st)
	arrive(s, "", "")
	if _, ok := s.Autosave().SaveIn(); ok {
		t.Errorf("nothing changed, yet a save is due")
	}
	s.Apply(SetFile{Text: "User-agent: *\nDisallow: /a\n"})
	if wait, ok := s.Autosave().SaveIn(); !ok || wait != SavePause {
		t.Errorf("SaveIn = %v, %v; want %v", wait, ok, SavePause)
	}
	c.advance(200 * time.Millisecond)
	s.Apply(SetFile{Text: "User-agent: *\nDisallow: /ab\n"})
	if wait, _ := s.Autosave().SaveIn(); wait != SavePause {
		t.Errorf("a keystroke must restart the pause: %v", wait)
	}
	c.advance(SavePause)
	if wait, ok := s.Autosave().SaveIn(); !ok || wait != 0 || !saveNow(s) {
		t.Fatalf("the save did not happen")
	}
	got, _ := share.Unmarshal([]byte(st[SaveKey]))
	if got.Robots != "User-agent: *\nDisallow: /ab\n" {
		t.Errorf("saved %q", got.Robots)
	}
	// The work as it was before this visit is a version.
	vs := s.Autosave().Versions()
	if len(vs) != 1 || !strings.HasPrefix(vs[0].Label, "Before the visit") || vs[0].State != string(share.Marshal(mine)) {
		t.Fatalf("versions: %+v", vs)
	}
	// Example: the work before it becomes a version, and Undo is offered.
	c.advance(time.Minute)
	s.Apply(Replace{State: model.Example(), Label: "Example loaded"})
	c.advance(time.Second)
	saveNow(s)
	if vs := s.Autosave().Versions(); len(vs) != 2 || vs[0].Label != "Before: Example loaded" {
		t.Fatalf("versions after Example: %+v", vs)
	}
	s.Apply(RestoreVersion{0})
	if s.state.Robots != "User-agent: *\nDisallow: /ab\n" {
		t.Errorf("restored %q", s.state.Robots)
	}
	// Its label names the version by its time, not by its own label: a
	// version of the restore would nest the labels.
	if label, _ := s.CanUndo(); !strings.HasPrefix(label, "Version of ") || strings.Contains(label, "Before") {
		t.Errorf("the restore's label %q", label)
	}
	if n, _ := s.notes.get(NoteUndo); !strings.HasSuffix(n.Text, " restored.") {
		t.Errorf("the restore's notice %q", n.Text)
	}
	s.Apply(Undo{})
	if n, _ := s.notes.get(NoteUndo); !strings.HasPrefix(n.Text, "Undone: version of ") {
		t.Errorf("Undo's notice %q", n.Text)
	}
	s.Apply(Redo{})
	// At most MaxVersions are kept.
	for i := range 10 {
		s.Apply(Replace{State: model.State{Robots: strings.Repeat("#", i+1)}, Label: "Replace"})
		c.advance(time.Second)
		saveNow(s)
	}
	if n := len(s.Autosave().Versions()); n != MaxVersions {
		t.Errorf("%d versions kept", n)
	}
}

func TestAutosaveReload(t *testing.T) {
	// 1,500 pasted URLs, then a reload: what was kept is what was said.
	st := MemoryStorage{}
	s, c := newSession(st)
	arrive(s, "", "")
	s.Apply(PasteURLs{Row: 0, Text: urls(1500)})
	c.advance(time.Second)
	if !saveNow(s) {
		t.Fatal("not saved")
	}
	again, _ := newSession(st)
	arrive(again, "", "")
	if len(again.state.Rows) != model.MaxRows || len(again.notes) != 0 {
		t.Errorf("reload: %d rows, notes %+v", len(again.state.Rows), again.notes)
	}
}

func TestAutosaveStorageFails(t *testing.T) {
	st := failing{MemoryStorage: MemoryStorage{}, write: ErrQuota}
	s, c := newSession(st)
	arrive(s, "", "")
	s.Apply(SetFile{Text: "x"})
	c.advance(time.Second)
	if saveNow(s) || !hasNote(s, NoteStorage, "full") {
		t.Errorf("a full storage must be said: %+v", s.notes)
	}
	s.Apply(SetFile{Text: "y"})
	if _, ok := s.Autosave().SaveIn(); ok {
		t.Errorf("storage failed once: no more tries")
	}
}

// TestSaveWhilePendingNotEmbedded: while a link waits for the user's
// choice, the user's own work is saved as it changes (nothing is saved
// until it does); an embed saves nothing.
func TestSaveWhilePendingNotEmbedded(t *testing.T) {
	st := MemoryStorage{SaveKey: string(share.Marshal(mine))}
	s, c := newSession(st)
	arrive(s, share.Fragment(them), "")
	c.advance(time.Second)
	if saveNow(s) {
		t.Errorf("the work, unchanged, was saved again while the link waits")
	}
	s.Apply(SetURL{Row: 0, URL: "/typed"})
	c.advance(time.Second)
	if !saveNow(s) {
		t.Errorf("what was typed while the link waits was not saved")
	}
	if got, err := share.Unmarshal([]byte(st[SaveKey])); err != nil || got.Rows[0].URL != "/typed" {
		t.Errorf("saved %+v, %v", got.Rows, err)
	}
	s.Apply(OpenShared{})
	c.advance(time.Second)
	if !saveNow(s) || !share.Same(s.state, them) {
		t.Errorf("the shared tests were not opened and saved")
	}
	s.Apply(Undo{})
	if s.state.Rows[0].URL != "/typed" {
		t.Errorf("undo of opening the shared tests: %+v", s.state.Rows[0])
	}

	e, c := newSession(st)
	e.embed = true
	arrive(e, "", "")
	e.Apply(SetFile{Text: "x"})
	c.advance(time.Second)
	if saveNow(e) {
		t.Errorf("an embed saved")
	}
}

func TestImportState(t *testing.T) {
	s, _ := newSession(MemoryStorage{})
	if fx := s.Apply(ImportState{"{\"v\":1} trailing"}); fx.Changed || !hasNote(s, NoteImport, "could not be imported") {
		t.Errorf("a bad state file was imported: %+v", s.notes)
	}
	s.Apply(ImportState{string(share.Marshal(them))})
	if !share.Same(s.state, them) {
		t.Errorf("state file not imported")
	}
	s.Apply(Undo{})
	if !share.Same(s.state, model.Example()) {
		t.Errorf("import not undone")
	}
}

func TestPin(t *testing.T) {
	s, _ := newSession(MemoryStorage{})
	s.Apply(SetFile{Text: "User-agent: *\nDisallow: /x\n"})
	s.Apply(Replace{State: model.State{Robots: s.state.Robots, Rows: []model.Row{{Agent: "Googlebot", URL: "/x"}, {Agent: "Googlebot", URL: "/y"}}}, Label: "setup"})
	if fx := s.Apply(Pin{Row: 0}); !fx.Rows || s.state.Rows[0].Expect != "blocked" {
		t.Fatalf("pin: %+v, row %+v", fx, s.state.Rows[0])
	}
	if label, _ := s.CanUndo(); label != "Test 1 pinned as blocked" {
		t.Errorf("undo label %q", label)
	}
	// The file changes: the expectation breaks, and says so.
	s.Apply(SetFile{Text: "User-agent: *\nDisallow: /z\n"})
	if _, broken := s.an.Expectations(); broken != 1 {
		t.Errorf("broken %d, want 1", broken)
	}
	s.Apply(Pin{Row: 0}) // takes it off
	if s.state.Rows[0].Expect != "" {
		t.Errorf("unpin: %+v", s.state.Rows[0])
	}
	s.Apply(Undo{})
	if s.state.Rows[0].Expect != "blocked" {
		t.Errorf("undo of unpin: %+v", s.state.Rows[0])
	}
	s.Apply(PinAll{})
	if s.state.Rows[0].Expect != "allowed" || s.state.Rows[1].Expect != "allowed" {
		t.Errorf("pin all: %+v", s.state.Rows)
	}
	if fx := s.Apply(Pin{Row: 7}); fx.Changed {
		t.Errorf("pin of a missing test changed the work")
	}
	// The pins travel with the saved work.
	data, err := share.ForStorage(s.state)
	if err != nil {
		t.Fatal(err)
	}
	back, err := share.Unmarshal(data)
	if err != nil || back.Rows[1].Expect != "allowed" {
		t.Errorf("round trip: %v %+v", err, back.Rows)
	}
}

func TestSetAnswer(t *testing.T) {
	s, _ := newSession(MemoryStorage{})
	before := s.an.Rows[3].Allowed // the example's GPTBot on a blog post: blocked
	if fx := s.Apply(SetAnswer{Answer: "404"}); !fx.Rows || !fx.Changed || s.state.Answer != "404" {
		t.Fatalf("SetAnswer: %+v %q", fx, s.state.Answer)
	}
	if !s.an.Rows[3].Allowed || before {
		t.Errorf("under 404 every crawler may crawl: %+v", s.an.Rows[3])
	}
	if fx := s.Apply(SetAnswer{Answer: "404"}); fx.Changed {
		t.Errorf("the same answer again changed the work")
	}
	s.Apply(SetAnswer{Answer: "bogus"}) // read as 200
	if s.state.Answer != "" {
		t.Errorf("bogus answer kept as %q", s.state.Answer)
	}
	s.Apply(Undo{})
	if s.state.Answer != "404" || !s.an.Rows[3].Allowed {
		t.Errorf("undo: %q", s.state.Answer)
	}
	data, _ := share.ForStorage(s.state)
	if back, err := share.Unmarshal(data); err != nil || back.Answer != "404" {
		t.Errorf("saved answer: %v %q", err, back.Answer)
	}
}

func TestFetch(t *testing.T) {
	s, _ := newSession(MemoryStorage{})
	before := s.state.Robots
	s.Apply(Fetch{URL: "https://example.com/robots.txt", Status: 200, Body: "User-agent: *\nDisallow: /\n"})
	if s.state.Robots != "User-agent: *\nDisallow: /\n" || s.an.Rows[0].Allowed {
		t.Fatalf("after a fetch: %q", s.state.Robots)
	}
	if label, _ := s.CanUndo(); label != "Fetched https://example.com/robots.txt (HTTP 200)" {
		t.Errorf("undo label %q", label)
	}
	s.Apply(Fetch{URL: "https://example.com/robots.txt", Status: 429})
	if s.state.Answer != "429" || s.state.Robots != "User-agent: *\nDisallow: /\n" {
		t.Errorf("after a 429: %q %q", s.state.Answer, s.state.Robots)
	}
	s.Apply(Fetch{URL: "https://example.com/robots.txt"})
	if label, _ := s.CanUndo(); label != "No answer from https://example.com/robots.txt" {
		t.Errorf("undo label of no answer %q", label)
	}
	s.Apply(Undo{})
	s.Apply(Undo{})
	s.Apply(Undo{})
	if s.state.Robots != before {
		t.Errorf("undo did not bring the file back")
	}
	s.Apply(Fetch{URL: "u", Status: 200, Body: strings.Repeat("x", model.MaxFile+10)})
	if len(s.state.Robots) != model.MaxFile || !hasNote(s, NoteLimit, "cut") {
		t.Errorf("a huge fetch: %d bytes, notes %+v", len(s.state.Robots), s.notes)
	}
}

// TestFetchSites checks that a fetch is reported once, and that tests are
// not read against another site's answer unnoticed: the example's follow the
// site fetched; the user's own on other sites are said.
func TestFetchSites(t *testing.T) {
	s, _ := newSession(MemoryStorage{})
	s.Apply(Fetch{URL: "https://www.example.com/robots.txt", TestURL: "https://www.example.com/x"})
	for i, r := range s.state.Rows {
		if site := robots.SiteOf(r.URL); site != "" && site != "https://www.example.com" {
			t.Errorf("after no answer from www.example.com, test %d is still on %s: %q", i+1, site, r.URL)
		}
	}
	if hasNote(s, NoteUndo, "") || hasNote(s, NoteSites, "") {
		t.Errorf("a fetch said again in notices: %+v", s.notes)
	}
	s.Apply(Undo{})
	if !model.ExampleTests(s.state.Rows) {
		t.Errorf("undo did not bring the example's tests back")
	}

	s.Apply(Replace{State: model.State{Robots: "User-agent: *\n", Rows: []model.Row{
		{Agent: "Googlebot", URL: "https://a.example/x"},
		{Agent: "Googlebot", URL: "b.example/y"},
		{Agent: "Googlebot", URL: "/z"},
	}}, Label: "Tests"})
	s.Apply(Fetch{URL: "https://a.example/robots.txt", Status: 503})
	if !hasNote(s, NoteSites, "1 test is on other sites than https://a.example") {
		t.Errorf("a test on another site is not said: %+v", s.notes)
	}
	s.Apply(Fetch{URL: "https://b.example/robots.txt", Status: 200, Body: "User-agent: *\n"})
	if !hasNote(s, NoteSites, "1 test is on other sites than https://b.example") {
		t.Errorf("after a second fetch: %+v", s.notes)
	}
}

func TestVersionRobots(t *testing.T) {
	store := MemoryStorage{}
	s, c := newSession(store)
	s.Apply(SetFile{Text: "User-agent: *\nDisallow: /a\n"})
	c.advance(time.Second)
	saveNow(s)
	s.Apply(Replace{State: model.Example(), Label: "Example loaded"})
	c.advance(time.Second)
	saveNow(s)
	if got, err := s.Autosave().VersionRobots(0); err != nil || got != "User-agent: *\nDisallow: /a\n" {
		t.Errorf("version 0: %q, %v", got, err)
	}
	if _, err := s.Autosave().VersionRobots(9); err == nil {
		t.Errorf("a missing version read")
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

// TestExampleTestsFollowTheFile: once another file takes the example's
// place, the example's tests move to the file's site (its Sitemap line),
// with a notice and Undo; without a Sitemap line they stay, with a notice;
// a key typed in the example moves nothing.
func TestExampleTestsFollowTheFile(t *testing.T) {
	guardian := "User-agent: *\nDisallow: /*/print$\n\nSitemap: https://www.theguardian.com/sitemaps/news.xml\n"
	s := New(nil, nil, model.Example())
	s.Apply(SetFile{Text: guardian})
	if got := s.state.Rows[0].URL; got != "https://www.theguardian.com/private/press/launch.html" {
		t.Errorf("test 1's URL %q", got)
	}
	if got := s.state.Rows[4].URL; got != "www.theguardian.com/cart/checkout?sessionid=42" {
		t.Errorf("test 5's URL %q", got)
	}
	if n, ok := s.notes.get(NoteExample); !ok || n.Action != ActionUndo || !strings.Contains(n.Text, "www.theguardian.com") {
		t.Errorf("notice %+v, %v", n, ok)
	}
	s.Apply(Undo{})
	if !model.ExampleTests(s.state.Rows) || s.state.Robots != guardian {
		t.Errorf("Undo left %q and %+v", s.state.Robots, s.state.Rows)
	}

	s = New(nil, nil, model.Example())
	s.Apply(SetFile{Text: "User-agent: *\nDisallow: /x\n"})
	if !model.ExampleTests(s.state.Rows) {
		t.Errorf("tests moved without a site to move to")
	}
	if _, ok := s.notes.get(NoteExample); !ok {
		t.Errorf("no notice that the tests are the example's")
	}
	s.Apply(SetURL{Row: 0, URL: "/x"})
	if _, ok := s.notes.get(NoteExample); ok {
		t.Errorf("the notice outlived the user's edit of a test")
	}

	s = New(nil, nil, model.Example())
	s.Apply(SetFile{Text: model.Example().Robots + "Disallow: /more\n"})
	if _, ok := s.notes.get(NoteExample); ok || !model.ExampleTests(s.state.Rows) {
		t.Errorf("a key typed in the example moved the tests")
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

// TestSaveInTwoSteps: the page encodes the work in one task and writes it
// in the next. A change in between is saved later; a save in between (the
// page being left) writes the newer work, and the older write is not made.
func TestSaveInTwoSteps(t *testing.T) {
	saved := func(st MemoryStorage) string {
		got, err := share.Unmarshal([]byte(st[SaveKey]))
		if err != nil {
			t.Fatal(err)
		}
		return got.Robots
	}

	st := MemoryStorage{}
	s, _ := newSession(st)
	arrive(s, "", "")
	s.Apply(SetFile{Text: "User-agent: *\nDisallow: /a\n"})
	fx := s.Apply(SaveDue{})
	if len(fx.IO) != 1 {
		t.Fatalf("nothing to save: %+v", fx)
	}
	next, ok := fx.IO[0].(effect.NextTask)
	if !ok {
		t.Fatalf("the write is not left to the next task: %+v", fx.IO)
	}
	s.Apply(SetFile{Text: "User-agent: *\nDisallow: /b\n"})
	if !wroteIn(s.Apply(next.Msg)) || saved(st) != "User-agent: *\nDisallow: /a\n" {
		t.Fatalf("the prepared write was not made: %q", saved(st))
	}
	if _, ok := s.Autosave().SaveIn(); !ok {
		t.Fatal("the change made between the steps is not left to save")
	}
	if !saveNow(s) || saved(st) != "User-agent: *\nDisallow: /b\n" {
		t.Fatalf("the later change was not saved: %q", saved(st))
	}

	s.Apply(SetFile{Text: "User-agent: *\nDisallow: /c\n"})
	next = s.Apply(SaveDue{}).IO[0].(effect.NextTask)
	s.Apply(SetFile{Text: "User-agent: *\nDisallow: /d\n"})
	if !wroteIn(s.Apply(Leaving{})) { // the page is left
		t.Fatal("not saved on leaving")
	}
	if wroteIn(s.Apply(next.Msg)) || saved(st) != "User-agent: *\nDisallow: /d\n" {
		t.Fatalf("an older write replaced a newer one: %q", saved(st))
	}
}

// TestNoticesGoWhenTheirMomentPasses: a notice that reports an action, or
// what it left out, goes once the work moves on by a step of Undo (another
// action kept, Undo, Redo); an Undo offered by a notice always undoes the
// action the notice reports. Notices about the page (storage) stay.
func TestNoticesGoWhenTheirMomentPasses(t *testing.T) {
	guardian := "User-agent: *\nDisallow: /*/print$\n\nSitemap: https://www.theguardian.com/sitemaps/news.xml\n"
	shown := func(s *Session) string {
		var b strings.Builder
		for _, n := range s.notes {
			b.WriteString("[" + n.ID + ": " + n.Text + "]")
		}
		return b.String()
	}
	for _, tc := range []struct {
		name string
		do   func(s *Session)
		gone []string // IDs not shown at the end
		want []string // IDs shown at the end
	}{
		{"an action's notice goes with the next action", func(s *Session) {
			s.Apply(Replace{State: mine, Label: "Clear"})
			s.Apply(Replace{State: model.Example(), Label: "Example loaded"})
			// The example's file pasted over: the tests move, a step of its own.
			s.Apply(FileReplaced{})
			s.Apply(SetFile{Text: guardian})
		}, []string{NoteUndo}, []string{NoteExample}},
		{"undone, the example's tests moved no more", func(s *Session) {
			s.Apply(SetFile{Text: guardian})
			s.Apply(Undo{})
		}, []string{NoteExample}, []string{NoteUndo}},
		{"the file cut, then undone", func(s *Session) {
			s.Apply(FileReplaced{})
			s.Apply(SetFile{Text: strings.Repeat("a\n", model.MaxFile)})
			s.Apply(Undo{})
		}, []string{NoteLimit}, []string{NoteUndo}},
		{"the file cut, then the example", func(s *Session) {
			s.Apply(SetFile{Text: strings.Repeat("a\n", model.MaxFile)})
			s.Apply(Replace{State: model.Example(), Label: "Example loaded"})
		}, []string{NoteLimit}, []string{NoteUndo}},
		{"URLs left out, then undone", func(s *Session) {
			s.Apply(PasteURLs{Row: 0, Text: urls(1200)})
			s.Apply(Undo{})
		}, []string{NoteLimit}, []string{NoteUndo}},
		{"the example's tests, then undone back to the user's", func(s *Session) {
			s.Apply(Replace{State: mine, Label: "Import"})
			s.Apply(Replace{State: model.State{}, Label: "Clear"})
			s.Apply(Undo{})
			s.Apply(Redo{})
			s.Apply(Undo{})
		}, []string{NoteExample}, []string{NoteUndo}},
		{"a storage failure stays", func(s *Session) {
			s.save.storageFailed(errors.New("denied"))
			s.Apply(Replace{State: mine, Label: "Import"})
			s.Apply(Undo{})
		}, nil, []string{NoteStorage, NoteUndo}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s, _ := newSession(MemoryStorage{})
			tc.do(s)
			for _, id := range tc.gone {
				if _, ok := s.notes.get(id); ok {
					t.Errorf("the %q notice outlived its moment: %s", id, shown(s))
				}
			}
			for _, id := range tc.want {
				if _, ok := s.notes.get(id); !ok {
					t.Errorf("no %q notice: %s", id, shown(s))
				}
			}
			// At most one notice offers Undo, and it names the step Undo takes back.
			label, _ := s.CanUndo()
			offers := 0
			for _, n := range s.notes {
				if n.Action == ActionUndo {
					offers++
					if n.ID == NoteUndo && n.Text != label+"." {
						t.Errorf("the notice %q offers Undo, which undoes %q", n.Text, label)
					}
				}
			}
			if offers > 1 {
				t.Errorf("%d notices offer Undo: %s", offers, shown(s))
			}
		})
	}
}

// TestRemoveRowSaysSo: removing a test is said, with Undo.
func TestRemoveRowSaysSo(t *testing.T) {
	s, _ := newSession(MemoryStorage{})
	s.Apply(RemoveRow{Row: 1})
	if n, ok := s.notes.get(NoteUndo); !ok || n.Text != "Test 2 removed." || n.Action != ActionUndo {
		t.Errorf("notice %+v, %v", n, ok)
	}
}

// TestTwoTabs: with the tester open in two tabs of one browser, each saves
// its own work; what one saved is never dropped in silence by the other's
// save: it becomes a version, and a notice says so. One tab alone, or a
// reload, says nothing.
func TestTwoTabs(t *testing.T) {
	st := MemoryStorage{}
	saved := func() string {
		got, err := share.Unmarshal([]byte(st[SaveKey]))
		if err != nil {
			t.Fatal(err)
		}
		return got.Robots
	}
	a, _ := newSession(st)
	arrive(a, "", "")
	a.Apply(SetFile{Text: "User-agent: *\nDisallow: /a1\n"})
	saveNow(a)
	b, _ := newSession(st) // opened after a's first save
	arrive(b, "", "")
	if b.state.Robots != "User-agent: *\nDisallow: /a1\n" {
		t.Fatalf("tab b opened with %q", b.state.Robots)
	}
	a.Apply(SetFile{Text: "User-agent: *\nDisallow: /a2\n"})
	if !saveNow(a) {
		t.Fatal("a did not save")
	}
	if _, ok := a.notes.get(NoteTabs); ok {
		t.Errorf("one tab saving twice was told of another: %+v", a.notes)
	}

	b.Apply(SetFile{Text: "User-agent: *\nDisallow: /b\n"})
	if !saveNow(b) || saved() != "User-agent: *\nDisallow: /b\n" {
		t.Fatalf("b's work is not saved: %q", saved())
	}
	if _, ok := b.notes.get(NoteTabs); !ok {
		t.Errorf("b saved over a's work and was not told: %+v", b.notes)
	}
	kept := func(s *Session, robots string) bool {
		for _, v := range s.Autosave().Versions() {
			if got, err := share.Unmarshal([]byte(v.State)); err == nil && got.Robots == robots && v.Label == "Saved by another tab" {
				return true
			}
		}
		return false
	}
	if !kept(b, "User-agent: *\nDisallow: /a2\n") {
		t.Errorf("a's work is not among the versions: %+v", b.Autosave().Versions())
	}

	// a saves again: b's work is kept in turn.
	a.Apply(SetFile{Text: "User-agent: *\nDisallow: /a3\n"})
	saveNow(a)
	if !kept(a, "User-agent: *\nDisallow: /b\n") {
		t.Errorf("b's work is not among the versions: %+v", a.Autosave().Versions())
	}
	if _, ok := a.notes.get(NoteTabs); !ok {
		t.Errorf("a saved over b's work and was not told")
	}

	// A reload of a reads the stamp: its next save is not another tab's.
	again, _ := newSession(st)
	arrive(again, "", "")
	again.Apply(SetFile{Text: "User-agent: *\nDisallow: /again\n"})
	saveNow(again)
	if _, ok := again.notes.get(NoteTabs); ok {
		t.Errorf("a reload was told of another tab: %+v", again.notes)
	}
}

// TestOtherTabSavedSaysSo: a tab hears at once (the browser's storage
// event) that another tab saved its work, and is not told of its own saves,
// nor when it does not save (embedded, storage failed).
func TestOtherTabSavedSaysSo(t *testing.T) {
	st := MemoryStorage{}
	a, _ := newSession(st)
	arrive(a, "", "")
	b, _ := newSession(st)
	arrive(b, "", "")
	a.Apply(SetFile{Text: "User-agent: *\nDisallow: /a\n"})
	if !saveNow(a) {
		t.Fatal("a did not save")
	}
	if toldOfOtherTab(a, st[StampKey]) {
		t.Errorf("a was told of its own save: %+v", a.notes)
	}
	if !toldOfOtherTab(b, st[StampKey]) {
		t.Fatal("b was not told of a's save")
	}
	if n, ok := b.notes.get(NoteTabs); !ok || !strings.Contains(n.Text, "another tab") || !strings.Contains(n.Text, "Earlier versions") {
		t.Errorf("b's notice %+v, %v", n, ok)
	}
	if toldOfOtherTab(b, "") {
		t.Errorf("a stamp removed was taken for a save")
	}
	embedded, _ := newSession(st)
	embedded.embed = true
	if toldOfOtherTab(embedded, st[StampKey]) {
		t.Errorf("an embedded tester, which saves nothing, was told")
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
