// Package session is the tester's work and everything that happens to it:
// the edits a user makes, undo and redo, the autosave with its last few
// versions, and the arrival of a page with a link or a saved state.
//
// It is plain Go over model.State, with the browser's storage behind the
// Storage interface and time behind a clock, so that every rule (limits,
// nothing lost, what can be undone) is tested natively. The Tester
// component hands each user action, and each step of the autosave, to
// Session.Apply as a message and carries out the Effects it returns: it
// holds no state of its own about the work, and changes it no other way.
package session

import (
	"math/rand/v2"
	"slices"
	"strconv"
	"sync/atomic"
	"time"

	"robotstester/app/internal/byintent"
	"robotstester/app/internal/parts"
	"robotstester/app/internal/siteurls"
	"robotstester/app/model"
	"robotstester/robots"
)

// Session is one page's work: the state, its analysis, the notices to show
// and the history to undo. It changes by Apply alone, its autosave's
// writes too; what it holds is read through its methods, which change
// nothing (TestOneDoor holds them to a list).
type Session struct {
	// state is what the user made; an is its analysis, kept in step by
	// Apply.
	state model.State
	an    *model.Analysis

	// notes are the notices to show, oldest first.
	notes notices
	// pending, when not nil, is a shared state that differs from the saved
	// work shown: the user chooses between them (OpenShared or KeepMine).
	pending *model.State

	// embed is true in the embed mode: nothing is read from or written to
	// storage.
	embed bool

	now func() time.Time

	undo, redo []step
	// typing is what the typing since the last step of Undo is in ("" when
	// none): the file, or a test. A run of typing is a step of its own,
	// kept at its first key: Undo takes it back before the action before
	// it, rather than with it.
	typing string
	// replacing is set by FileReplaced: its text comes next, as a
	// SetFile that is part of the replacement's step, not typing.
	replacing bool

	save autosave

	// The parts with state of their own, changed by their messages
	// (parts.go, route.go).
	versions  parts.Versions
	compare   parts.Compare
	transfers parts.Transfers
	// intent is Rules by intent, its form and its preview (byintent);
	// site, the site URLs panel's (siteurls).
	intent byintent.Intent
	site   siteurls.SiteURLs

	// due is the analysis of the text typed still to be made, nil when
	// the analysis shown is the document's (text.go); gen counts the
	// edits, for a Work running meanwhile to see that it is moot.
	due *Work
	gen atomic.Uint64
	// editorText is the text the editor holds, as far as the session
	// knows; editorBehind is set when an edit replaced the document
	// since, and the editor must be given it (EditorText).
	editorText string
	// arrivedAtStart: the arrival (Arrive) opened the state the session
	// began with, no link's nor saved work (FollowEditor).
	arrivedAtStart bool
	editorBehind   bool
}

// State returns what the user made, to read: a change to it is an Edit
// given to Apply, which keeps its analysis and its history in step.
func (s *Session) State() *model.State { return &s.state }

// Analysis returns the analysis of State, to read. It works out the
// findings itself (Analysis.Lint), which change nothing of the work.
func (s *Session) Analysis() *model.Analysis { return s.an }

// Notes returns the notices to show, oldest first: a copy, since a view
// given the session's own list would see it change under it, and go-app,
// comparing the list it drew with the same list, would draw nothing new.
func (s *Session) Notes() []Note { return slices.Clone(s.notes) }

// Pending returns the shared state that differs from the saved work shown,
// for the user to choose between them (OpenShared or KeepMine); nil when
// there is none. It is a copy: the choice is made by a message.
func (s *Session) Pending() *model.State {
	if s.pending == nil {
		return nil
	}
	p := *s.pending
	p.Rows = cloneRows(p.Rows)
	return &p
}

// Autosave returns what the page reads of the session's autosave: when to
// save the work, and its versions. Its writes are messages to Apply.
func (s *Session) Autosave() Autosave { return &s.save }

// step is a state to go back to, and what the action that left it was.
type step struct {
	label string
	state model.State
	stepMarks
	// an is state's analysis, kept on the newest step of each stack only
	// (pushStep): going back to it then costs nothing, where analysing
	// 1000 tests again held the page a fifth of a second, and older steps
	// hold no more than their text.
	an *model.Analysis
}

// stepMarks say what a step was, for the editor's own Undo and Redo,
// which take a whole text replaced and what came of it back and forth
// together (EditorHistory).
type stepMarks struct {
	whole   bool // a whole text replaced in the editor (FileReplaced)
	follows bool // what came of the step below it (the example's tests moved to the new file's site)
	inFile  bool // a run of typing in the file, which the editor's Undo takes back before the replacement
}

// pushStep puts the current state on stack as a step labelled label.
func (s *Session) pushStep(stack *[]step, label string) {
	if n := len(*stack); n > 0 {
		(*stack)[n-1].an = nil
	}
	// A copy: the session's analysis changes by assignments to its
	// fields (Recheck, Select, Lint), never inside what it points to.
	an := *s.an
	*stack = append(*stack, step{label: label, state: s.snapshot(), an: &an})
}

// MaxUndo is how many actions can be undone.
const MaxUndo = 50

// NewEmbed returns a session of the embed mode, showing initial until
// Arrive says otherwise: it reads nothing from storage and writes nothing.
func NewEmbed(initial model.State) *Session {
	s := New(nil, nil, initial)
	s.embed = true
	return s
}

// New returns a session over store, telling time with now, showing
// initial until Arrive says otherwise.
func New(store Storage, now func() time.Time, initial model.State) *Session {
	if store == nil {
		store = MemoryStorage{}
	}
	if now == nil {
		now = time.Now
	}
	s := &Session{now: now}
	s.save = autosave{work: s, store: store, now: now, id: strconv.FormatUint(rand.Uint64(), 36)}
	s.set(initial)
	s.editorText = s.state.Robots
	return s
}

// Note is a notice: something the user should know, shown until dismissed
// or replaced by a notice with the same ID.
type Note struct {
	ID    string
	Alert bool   // something went wrong or was left out, rather than news
	Text  string // plain text, never markup
	// Action names what the notice's button does, if it has one:
	// ActionExportAside or ActionUndo.
	Action string
}

// Notice IDs: one notice of each kind shows at a time.
const (
	NoteStorage = "storage"
	NoteLink    = "link"
	NoteFile    = "file"
	NoteImport  = "import"
	NoteLimit   = "limit"
	NoteAside   = "aside"
	NoteUndo    = "undo"
	NoteExample = "example" // what became of the example's tests when a file replaced the example
	NoteTabs    = "tabs"    // another tab saved other work over this one's, or this one over it
	NoteSites   = "sites"   // tests on other sites than the one whose robots.txt was fetched
	// NoteLineEnds: the file that came had bare CRs, now LF (model.Cuts.LineEnds).
	NoteLineEnds = "line-ends"
)

// Notice actions.
const (
	// ActionExportAside downloads the saved state that could not be read.
	ActionExportAside = "export-aside"
	// ActionUndo undoes the action the notice reports.
	ActionUndo = "undo"
)

// notices are the notices shown, oldest first: one of each ID.
type notices []Note

// add shows a notice, replacing any with the same ID.
func (ns *notices) add(n Note) {
	ns.dismiss(n.ID)
	*ns = append(*ns, n)
}

// passed dismisses the notices whose moment has passed once the work has
// moved on by a step of Undo (an action kept, or Undo and Redo
// themselves): those that report an action, what it left out or what it
// did to the example's tests describe the work before the step, and an
// Undo offered by one of them would now undo another action. What stays
// true whatever the work (storage failing, a saved state kept aside, the
// link the page was opened with, another tab's work) stays.
func (ns *notices) passed() {
	for _, id := range []string{NoteUndo, NoteExample, NoteImport, NoteLimit, NoteFile, NoteLineEnds} {
		ns.dismiss(id)
	}
}

// dismiss takes the notice with the given ID away.
func (ns *notices) dismiss(id string) {
	*ns = slices.DeleteFunc(*ns, func(n Note) bool { return n.ID == id })
}

// get returns the notice with the given ID, if shown.
func (ns notices) get(id string) (Note, bool) {
	if i := slices.IndexFunc(ns, func(n Note) bool { return n.ID == id }); i >= 0 {
		return ns[i], true
	}
	return Note{}, false
}

// set replaces the state and analyses it afresh.
func (s *Session) set(st model.State) { s.setPaced(st, nil) }

// setPaced is set, with model.AnalyzePaced's pauses, which must not stop
// it (neverStops).
func (s *Session) setPaced(st model.State, pause robots.Pause) {
	st.Rows = cloneRows(st.Rows)
	// The states that reach here were fitted (model.State.Fit), but for a
	// session's first: the document never holds a bare CR, whose editor
	// line an LF typed after it would join.
	st.Robots, _ = robots.BareCRsToLF(st.Robots)
	s.state = st
	s.an, _ = model.AnalyzePaced(&s.state, neverStops(pause))
}

// CanUndo returns what Undo would undo, and whether there is anything.
func (s *Session) CanUndo() (label string, ok bool) {
	if len(s.undo) == 0 {
		return "", false
	}
	return s.undo[len(s.undo)-1].label, true
}

// CanRedo returns what Redo would redo, and whether there is anything.
func (s *Session) CanRedo() (label string, ok bool) {
	if len(s.redo) == 0 {
		return "", false
	}
	return s.redo[len(s.redo)-1].label, true
}

// remember keeps the current state to go back to before an action
// labelled label, and makes the saved state a version at the next save.
func (s *Session) remember(label string) {
	s.keep(label)
	s.save.versionBefore("Before: " + label)
}

// keep keeps the current state to go back to before an action labelled
// label, for Undo only.
func (s *Session) keep(label string) {
	s.notes.passed()
	s.pushStep(&s.undo, label)
	if len(s.undo) > MaxUndo {
		s.undo = append(s.undo[:0:0], s.undo[len(s.undo)-MaxUndo:]...)
	}
	s.redo = nil
	s.typing = ""
}

// typed notes a key typed in what (the file, a test): the first of a run
// keeps the state before it as a step of Undo ("Typing in the file"); the
// next keys in the same place join it. Any action ends the run, and so
// does typing elsewhere. The step drops what Redo held, as typing does in
// any editor.
func (s *Session) typed(what string) {
	if s.typing == what {
		return
	}
	s.keep("Typing in " + what)
	s.undo[len(s.undo)-1].inFile = what == typingFile
	s.typing = what
}

func (s *Session) snapshot() model.State {
	st := s.state
	st.Rows = cloneRows(st.Rows)
	return st
}

func cloneRows(rows []model.Row) []model.Row {
	if rows == nil {
		return nil
	}
	return append(make([]model.Row, 0, len(rows)), rows...)
}
