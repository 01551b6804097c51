package session

import (
	"strings"
	"testing"
	"time"

	"robotstester/app/internal/effect"
	"robotstester/app/internal/share"
	"robotstester/app/model"
)

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
