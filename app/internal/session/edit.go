package session

import (
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"robotstester/app/internal/effect"
	"robotstester/app/internal/share"
	"robotstester/app/model"
	"robotstester/robots"
)

// An Edit is one thing the user does to the work. The edits are the types
// of this file, edit_tests.go and edit_history.go; Apply carries them out.
type Edit interface{ apply(*Session) Effects }

// A Msg is what Apply takes: an Edit of the work, or a message to one of
// the parts the session holds, of the type its package declares (route).
// The page's views send them; the page sends back what came of an IO.
type Msg = any

// Effects says what an edit changed, for the page to show it.
type Effects struct {
	// File: the robots.txt changed, and An is a new analysis.
	File bool
	// Editor: the editor must be given State.Robots, since the change did
	// not come from typing in it.
	Editor bool
	// Rows: the tests or their verdicts changed.
	Rows bool
	// Focus is the 1-based number of the test whose URL field takes the
	// focus, 0 for none; with FocusAgent, its crawler field, selected.
	Focus      int
	FocusAgent bool
	// Changed: the work changed and is saved after a pause.
	Changed bool
	// Lint: the findings shown are no longer current.
	Lint bool
	// Due: the text typed waits for its analysis, which the page runs
	// where it can pause (Due's Work, then Apply(Analyzed{...})); until
	// then, the page shows the analysis it has.
	Due bool
	// Replaced: the user replaced the whole text in the editor (a paste
	// over it all, or the editor's Undo of one): the line it showed was
	// the old file's.
	Replaced bool
	// Link is what became of a link given to the page (LinkGiven), or of
	// the one it opened with (Arrive).
	Link LinkOutcome
	// IO is the work with the browser the change asks of the page, in
	// order.
	IO []effect.IO
}

// None reports whether fx asks nothing of the page.
func (fx Effects) None() bool {
	return !fx.File && !fx.Editor && !fx.Rows && fx.Focus == 0 && !fx.FocusAgent && !fx.Changed &&
		!fx.Lint && !fx.Due && !fx.Replaced && fx.Link == NoLink && len(fx.IO) == 0
}

// And returns what the page must do after an edit with effects fx and
// then one with effects next.
func (fx Effects) And(next Effects) Effects { return fx.and(next) }

// and returns the effects of fx, then of next.
func (fx Effects) and(next Effects) Effects {
	focus, focusAgent, link := next.Focus, next.FocusAgent, next.Link
	if focus == 0 {
		focus, focusAgent = fx.Focus, fx.FocusAgent
	}
	if link == NoLink {
		link = fx.Link
	}
	return Effects{
		File:       fx.File || next.File,
		Editor:     fx.Editor || next.Editor,
		Rows:       fx.Rows || next.Rows,
		Focus:      focus,
		FocusAgent: focusAgent,
		Changed:    fx.Changed || next.Changed,
		Lint:       fx.Lint || next.Lint,
		Due:        next.Due,
		Replaced:   fx.Replaced || next.Replaced,
		Link:       link,
		IO:         append(fx.IO[:len(fx.IO):len(fx.IO)], next.IO...),
	}
}

// Apply carries out a message: the session's one door, through which
// every change of it goes (TestOneDoor). It keeps the state within its
// limits (what does not fit is said in a notice) and the analysis in
// step. Any edit first makes the analysis still due (settle): it must find
// the work as the user typed it. Those that need none say why (keepsDue):
// the editor's own, an arrival, which takes another work (the text typed
// meanwhile, when it keeps it, is the editor's), and the autosave's steps.
func (s *Session) Apply(m Msg) Effects {
	var fx Effects
	e := route(m)
	if settles(m) && !keepsDue(e) {
		fx = s.settle()
	}
	fx = followParts(s, e, fx.and(e.apply(s)))
	if fx.Editor {
		s.editorBehind = s.state.Robots != s.editorText
	}
	if fx.Changed {
		s.save.changed()
	}
	return fx
}

// fit holds the state to the limits, saying where the user acted what was
// left out, and returns what it cut.
func (s *Session) fit(where string) model.Cuts {
	c := s.state.Fit()
	s.sayCut(where, c)
	return c
}

// sayCut says, where the user acted, what the limits left out, if
// anything, and what became of the file's bare CRs.
func (s *Session) sayCut(where string, c model.Cuts) {
	if c.Any() {
		s.notes.add(Note{ID: NoteLimit, Alert: true, Text: where + ": " + c.String() + "."})
	}
	s.sayLineEnds(where, c)
}

// sayLineEnds says, where the text came from, that its bare CRs were made
// LF, if it had any.
func (s *Session) sayLineEnds(where string, c model.Cuts) {
	if c.BareCRs > 0 {
		s.notes.add(Note{ID: NoteLineEnds, Text: where + ": " + c.LineEnds() + "."})
	}
}

// typingFile names a run of typing in the file, in Undo's label.
const typingFile = "the file"

// SetFile is the editor's whole text after the user typed or pasted in
// it, when the page has it whole rather than as changes (EditText).
type SetFile struct{ Text string }

func (e SetFile) apply(s *Session) Effects { return s.setFile(e.Text, nil, nil) }

// setFile makes text the work's file: a run of typing is a step of Undo,
// and a text that replaces the example's takes its tests along
// (followExample). file, when not nil, is text's File, read already
// (robots.File.Edit); an, when not nil, its analysis, made by a Work.
func (s *Session) setFile(text string, file *robots.File, an *model.Analysis) Effects {
	if s.replacing {
		s.replacing = false // the text of FileReplaced's step
	} else if text != s.state.Robots {
		s.typed(typingFile)
	}
	wasExample := model.IsExampleFile(s.state.Robots)
	s.state.Robots = text
	fx := Effects{File: true, Rows: true, Changed: true, Lint: true}
	var cut model.Cuts
	if len(text) > model.MaxFile {
		cut = s.state.Fit()
		fx.Editor = true // the editor still holds the text that was cut
		file, an = nil, nil
	}
	switch {
	case an != nil:
		s.an = an
	case file != nil:
		s.an, _ = model.AnalyzeFilePaced(file, &s.state, nil) // only a pause stops it
	default:
		s.an = model.Reanalyze(s.an, &s.state)
	}
	if wasExample {
		s.followExample() // a step of Undo: the notices before it go
	}
	s.sayCut("Too large", cut) // after followExample's step, which would dismiss it
	return fx
}

// FileReplaced says that the user is replacing the editor's whole text
// (all selected, then pasted or typed over, or deleted): the work as it
// was is kept for Undo, as the page's own replacing actions (Example,
// Clear, a drop, a fetch) keep it, and a notice offers it back, unless the
// text was the example's. The new text follows as a SetFile. It makes no
// version of its own: typing is the editor's, and saving a version of a
// large file at every paste over it was a task of 300 to 450 ms (a 3.7 MB
// file).
type FileReplaced struct {
	Deleted bool // nothing was put in its place
}

func (e FileReplaced) apply(s *Session) Effects {
	label := "Whole file replaced"
	if e.Deleted {
		label = "Whole file deleted"
	}
	s.keep(label)
	s.undo[len(s.undo)-1].whole = true
	s.replacing = true
	if !model.IsExampleFile(s.state.Robots) {
		s.notes.add(Note{ID: NoteUndo, Text: label + ".", Action: ActionUndo})
	}
	return Effects{}
}

// followExample keeps the example's tests from going on as if they were
// the user's once another file has taken the example's place: when the
// file names its site (a Sitemap line), the tests move to that site; either
// way a notice says what became of them, with Undo.
func (s *Session) followExample() {
	if !model.ExampleTests(s.state.Rows) || !model.ReplacesExample(s.state.Robots) {
		return
	}
	n := model.Plural(len(s.state.Rows), "test", "tests")
	scheme, host := s.an.SiteOf()
	if slices.Equal(model.RehostExample(s.state.Rows, scheme, host), s.state.Rows) && host != "" {
		return // the file names the example's own site (rules by intent written into the example): no test moves
	}
	if host == "" {
		s.notes.add(Note{ID: NoteExample, Text: "The " + n + " below are the example's, on shop.example: edit them, or add your own."})
		return
	}
	s.remember("The example's tests moved to " + host)
	if n := len(s.undo); n > 1 && s.undo[n-2].whole {
		s.undo[n-1].follows = true
	}
	s.state.Rows = model.RehostExample(s.state.Rows, scheme, host)
	s.an.Recheck(&s.state)
	s.notes.add(Note{ID: NoteExample, Text: "The example's " + n + " now test " + host + ", the site of the file's Sitemap line.", Action: ActionUndo})
}

// SetDialect reads every test in one dialect (by its short name), or in
// each crawler's own for "".
type SetDialect struct{ Dialect string }

func (e SetDialect) apply(s *Session) Effects {
	s.state.Dialect = model.CleanDialect(e.Dialect)
	s.an.Recheck(&s.state)
	return Effects{Rows: true, Changed: true, Lint: true}
}

// ImportState replaces the work with a state file's text, or says why it
// cannot be read.
type ImportState struct{ Text string }

func (e ImportState) apply(s *Session) Effects {
	st, err := share.Unmarshal([]byte(e.Text))
	if err != nil {
		s.notes.add(Note{ID: NoteImport, Alert: true, Text: "The state file could not be imported: " + err.Error() + "."})
		return Effects{}
	}
	s.notes.dismiss(NoteImport)
	return Replace{State: st, Label: "State file imported"}.apply(s)
}

// LowerFirst returns label as it reads after a colon: its first letter
// lower-cased ("Undone: test 2 removed.").
func LowerFirst(label string) string {
	r, n := utf8.DecodeRuneInString(label)
	return string(unicode.ToLower(r)) + label[n:]
}

// Report shows a notice about something that happened outside the work,
// such as a file the browser could not read.
type Report struct{ Note Note }

func (e Report) apply(s *Session) Effects {
	s.notes.add(e.Note)
	return Effects{}
}

// Dismiss hides a notice.
type Dismiss struct{ ID string }

func (e Dismiss) apply(s *Session) Effects {
	s.notes.dismiss(e.ID)
	return Effects{}
}

// OpenShared replaces the work with the shared tests of the link the page
// was opened with, as the user chose. It can be undone.
type OpenShared struct{}

func (OpenShared) apply(s *Session) Effects {
	if s.pending == nil {
		return chosen
	}
	p := *s.pending
	s.pending = nil
	return Replace{State: p, Label: "Shared tests opened"}.apply(s).and(chosen)
}

// KeepMine drops the link's tests, as the user chose.
type KeepMine struct{}

func (KeepMine) apply(s *Session) Effects {
	if s.pending == nil {
		return chosen
	}
	s.pending = nil
	return Effects{Changed: s.save.unsaved()}.and(chosen)
}

// chosen is what the user's choice over a link asks of the page: the
// choice kept at once, and the link gone from the address bar, so that a
// reload does not ask again.
var chosen = Effects{IO: []effect.IO{effect.SaveNow{}, effect.DropLink{}}}

// ExportAside hands the user the saved work that could not be opened.
type ExportAside struct{}

func (ExportAside) apply(s *Session) Effects {
	return Effects{IO: []effect.IO{effect.Download{
		Name: "robots-tester-saved-work.json", Type: "application/json",
		Data: []byte(s.save.AsideState()), Failed: "The export failed",
	}}}
}

// SetAnswer sets the server's answer the verdicts assume (a value of
// model.AnswerChoices, "" for 200). It can be undone.
type SetAnswer struct{ Answer string }

func (e SetAnswer) apply(s *Session) Effects {
	a := model.AnswerFor(e.Answer)
	if a.Value == s.state.Answer {
		return Effects{}
	}
	s.remember("Server answer set to “" + a.Title + "”")
	s.state.Answer = a.Value
	s.an.Recheck(&s.state)
	return Effects{Rows: true, Changed: true}
}

// Fetch is the answer the browser got for a robots.txt it fetched: on a
// 2xx its body replaces the file, otherwise the status sets the server
// answer (see model.Fetched). It can be undone.
type Fetch struct {
	URL    string
	Status int
	Body   string
	// TestURL, when not "", is the page the user asked about: it becomes
	// the selected test's URL (a first test's, when there is none), in the
	// same step.
	TestURL string
}

func (e Fetch) apply(s *Session) Effects {
	st := model.Fetched(s.snapshot(), e.Status, e.Body)
	site := robots.SiteOf(e.URL)
	if scheme, host, ok := strings.Cut(site, "://"); ok && model.ExampleTests(st.Rows) {
		// The example's tests are about shop.example: read against the
		// file and answer of the site fetched, they follow it.
		st.Rows = model.RehostExample(st.Rows, scheme, host)
	}
	if e.TestURL != "" {
		if len(st.Rows) == 0 {
			st.Rows, st.Selected = []model.Row{{Agent: "Googlebot"}}, 0
		}
		st.Selected = min(max(st.Selected, 0), len(st.Rows)-1)
		st.Rows[st.Selected].URL = e.TestURL
	}
	label := "No answer from " + e.URL
	if e.Status > 0 {
		label = "Fetched " + e.URL + " (HTTP " + strconv.Itoa(e.Status) + ")"
	}
	fx := Replace{State: st, Label: label}.apply(s)
	s.notes.dismiss(NoteExample) // the tests follow the page asked about
	// The fetch's own report says what came and that Undo takes it back:
	// the step's notice would say it again.
	s.notes.dismiss(NoteUndo)
	s.notes.dismiss(NoteSites)
	if n := testsElsewhere(st.Rows, site); n > 0 && site != "" {
		s.notes.add(Note{ID: NoteSites, Text: model.Plural(n, "test is", "tests are") + " on other sites than " + site +
			": a robots.txt applies to its own site only, but every test here is read against the file and server answer above."})
	}
	return fx
}

// testsElsewhere counts the tests whose URL names another site than site
// (a bare path names none).
func testsElsewhere(rows []model.Row, site string) int {
	n := 0
	for _, r := range rows {
		if s := robots.SiteOf(r.URL); s != "" && s != site {
			n++
		}
	}
	return n
}
