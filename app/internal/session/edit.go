package session

import (
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"robotstester/app/internal/share"
	"robotstester/app/ui/model"
	"robotstester/robots"
)

// An Edit is one thing the user does to the work. The edits are the types
// of this file; Apply carries them out.
type Edit interface{ apply(*Session) Effects }

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
	// focus, 0 for none.
	Focus int
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
}

// and returns the effects of fx, then of next.
func (fx Effects) and(next Effects) Effects {
	focus := next.Focus
	if focus == 0 {
		focus = fx.Focus
	}
	return Effects{
		File:     fx.File || next.File,
		Editor:   fx.Editor || next.Editor,
		Rows:     fx.Rows || next.Rows,
		Focus:    focus,
		Changed:  fx.Changed || next.Changed,
		Lint:     fx.Lint || next.Lint,
		Due:      next.Due,
		Replaced: fx.Replaced || next.Replaced,
	}
}

// Apply carries out an edit, keeping the state within its limits (what
// does not fit is said in a notice) and the analysis in step. Any edit
// but the editor's own first makes the analysis still due (settle): it
// must find the work as the user typed it.
func (s *Session) Apply(e Edit) Effects {
	var fx Effects
	switch e.(type) {
	case EditText, Analyzed:
	default:
		fx = s.settle()
	}
	fx = fx.and(e.apply(s))
	if fx.Editor {
		s.editorBehind = s.State.Robots != s.editorText
	}
	if fx.Changed {
		s.changes++
		s.lastChange = s.now()
	}
	return fx
}

// fit holds the state to the limits, saying where the user acted what was
// left out, and returns what it cut.
func (s *Session) fit(where string) model.Cuts {
	c := s.State.Fit()
	s.sayCut(where, c)
	return c
}

// sayCut says, where the user acted, what the limits left out, if anything.
func (s *Session) sayCut(where string, c model.Cuts) {
	if c.Any() {
		s.notify(Note{ID: NoteLimit, Alert: true, Text: where + ": " + c.String() + "."})
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
	} else if text != s.State.Robots {
		s.typed(typingFile)
	}
	wasExample := model.IsExampleFile(s.State.Robots)
	s.State.Robots = text
	fx := Effects{File: true, Rows: true, Changed: true, Lint: true}
	var cut model.Cuts
	if len(text) > model.MaxFile {
		cut = s.State.Fit()
		fx.Editor = true // the editor still holds the text that was cut
		file, an = nil, nil
	}
	switch {
	case an != nil:
		s.An = an
	case file != nil:
		s.An, _ = model.AnalyzeFilePaced(file, &s.State, nil) // only a pause stops it
	default:
		s.An = model.Reanalyze(s.An, &s.State)
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
	if !model.IsExampleFile(s.State.Robots) {
		s.notify(Note{ID: NoteUndo, Text: label + ".", Action: ActionUndo})
	}
	return Effects{}
}

// followExample keeps the example's tests from going on as if they were
// the user's once another file has taken the example's place: when the
// file names its site (a Sitemap line), the tests move to that site; either
// way a notice says what became of them, with Undo.
func (s *Session) followExample() {
	if !model.ExampleTests(s.State.Rows) || !model.ReplacesExample(s.State.Robots) {
		return
	}
	n := model.Plural(len(s.State.Rows), "test", "tests")
	scheme, host := s.An.SiteOf()
	if host == "" {
		s.notify(Note{ID: NoteExample, Text: "The " + n + " below are the example's, on shop.example: edit them, or add your own."})
		return
	}
	s.remember("The example's tests moved to " + host)
	if n := len(s.undo); n > 1 && s.undo[n-2].whole {
		s.undo[n-1].follows = true
	}
	s.State.Rows = model.RehostExample(s.State.Rows, scheme, host)
	s.An.Recheck(&s.State)
	s.notify(Note{ID: NoteExample, Text: "The example's " + n + " now test " + host + ", the site of the file's Sitemap line.", Action: ActionUndo})
}

// SetAgent is a test's crawler field, as typed.
type SetAgent struct {
	Row   int
	Agent string
}

func (e SetAgent) apply(s *Session) Effects {
	return s.editRow(e.Row, func(r *model.Row) { r.Agent = e.Agent })
}

// SetURL is a test's URL field, as typed.
type SetURL struct {
	Row int
	URL string
}

func (e SetURL) apply(s *Session) Effects {
	return s.editRow(e.Row, func(r *model.Row) { r.URL = e.URL })
}

func (s *Session) editRow(i int, edit func(*model.Row)) Effects {
	if i < 0 || i >= len(s.State.Rows) {
		return Effects{}
	}
	r := s.State.Rows[i]
	if edit(&r); r != s.State.Rows[i] {
		s.typed("test " + strconv.Itoa(i+1))
	}
	s.State.Rows[i] = r
	s.State.Selected = i
	s.dismiss(NoteExample) // its moment has passed: the tests are the user's now
	s.fit("Test " + strconv.Itoa(i+1))
	s.An.Recheck(&s.State)
	return Effects{Rows: true, Changed: true, Lint: true}
}

// PasteURLs is a list of URLs, one per line, pasted into a test's URL
// field: the first replaces that test's URL, each other one makes a test
// after it, with the same crawler.
type PasteURLs struct {
	Row  int
	Text string
}

func (e PasteURLs) apply(s *Session) Effects {
	urls := model.SplitLines(e.Text)
	if len(urls) == 0 || e.Row < 0 || e.Row >= len(s.State.Rows) {
		return Effects{}
	}
	s.remember(model.Plural(len(urls), "URL", "URLs") + " pasted")
	room := s.State.Room() + 1 // the first URL takes the test pasted into
	placed := min(len(urls), room)
	s.State.PlaceURLs(e.Row, urls[:placed])
	s.State.Selected = e.Row
	if left := len(urls) - placed; left > 0 {
		s.notify(Note{ID: NoteLimit, Alert: true, Text: "Pasted " + model.Plural(len(urls), "URL", "URLs") + ": " +
			strconv.Itoa(placed) + " placed, " + model.Plural(left, "URL", "URLs") +
			" left out (the tester holds at most " + strconv.Itoa(model.MaxRows) + " tests).", Action: ActionUndo})
	}
	s.fit("Pasted URLs")
	s.An.Recheck(&s.State)
	return Effects{Rows: true, Changed: true, Lint: true, Focus: e.Row + 1}
}

// AddRow makes a new test after test After (at the end when After is out
// of range), with that test's crawler, and gives it the focus.
type AddRow struct{ After int }

func (e AddRow) apply(s *Session) Effects {
	if s.State.Room() == 0 {
		s.notify(Note{ID: NoteLimit, Alert: true, Text: "No test added: the tester holds at most " +
			model.Plural(model.MaxRows, "test", "tests") + ". Remove some to add others."})
		return Effects{}
	}
	rows := s.State.Rows
	at := len(rows)
	if e.After >= 0 && e.After < len(rows) {
		at = e.After + 1
	}
	agent := "Googlebot"
	if at > 0 {
		agent = rows[at-1].Agent
	}
	s.State.Rows = append(rows[:at:at], append([]model.Row{{Agent: agent, URL: "/"}}, rows[at:]...)...)
	s.State.Selected = at
	s.An.Recheck(&s.State)
	return Effects{Rows: true, Changed: true, Lint: true, Focus: at + 1}
}

// RemoveRow removes a test. It can be undone.
type RemoveRow struct{ Row int }

func (e RemoveRow) apply(s *Session) Effects {
	if e.Row < 0 || e.Row >= len(s.State.Rows) {
		return Effects{}
	}
	label := "Test " + strconv.Itoa(e.Row+1) + " removed"
	s.remember(label)
	s.notify(Note{ID: NoteUndo, Text: label + ".", Action: ActionUndo})
	s.State.RemoveRow(e.Row)
	s.An.Recheck(&s.State)
	return Effects{Rows: true, Changed: true, Lint: true}
}

// Select makes a test the one the Why panel explains.
type Select struct{ Row int }

func (e Select) apply(s *Session) Effects {
	if e.Row < 0 || e.Row >= len(s.State.Rows) || e.Row == s.State.Selected {
		return Effects{}
	}
	s.State.Selected = e.Row
	s.An.Select(&s.State)
	return Effects{Changed: true, Lint: true}
}

// SetDialect reads every test in one dialect (by its short name), or in
// each crawler's own for "".
type SetDialect struct{ Dialect string }

func (e SetDialect) apply(s *Session) Effects {
	s.State.Dialect = model.CleanDialect(e.Dialect)
	s.An.Recheck(&s.State)
	return Effects{Rows: true, Changed: true, Lint: true}
}

// Replace puts another state in place of the work: the example, a cleared
// file, a state file, a dropped robots.txt, a version. Label says what was
// done as its notice reads it ("Example loaded"); Undo and the versions list
// name the step with it. It can be undone.
type Replace struct {
	State model.State
	Label string
	// Analysis, when not nil, is State's analysis made ahead (a Work run
	// where the page can pause: DropAhead): it is taken when State fits
	// the limits as it is.
	Analysis *model.Analysis
}

func (e Replace) apply(s *Session) Effects {
	wasExample := model.IsExampleFile(s.State.Robots)
	s.remember(e.Label)
	s.State = e.State
	s.State.Rows = cloneRows(e.State.Rows)
	if cut := s.fit(e.Label); e.Analysis != nil && !cut.Any() {
		s.An = e.Analysis
	} else {
		s.An = model.Analyze(&s.State)
	}
	s.notify(Note{ID: NoteUndo, Text: e.Label + ".", Action: ActionUndo})
	s.dismiss(NoteExample)
	if wasExample {
		s.followExample()
	}
	return Effects{File: true, Editor: true, Rows: true, Changed: true, Lint: true}
}

// AddRows adds tests at the end, as many as there is room for: an import
// of URLs, or a grid of crawlers and URLs. Label names the action. It can
// be undone.
type AddRows struct {
	Rows  []model.Row
	Label string
}

func (e AddRows) apply(s *Session) Effects {
	if len(e.Rows) == 0 {
		s.notify(Note{ID: NoteImport, Text: e.Label + ": no test to add."})
		return Effects{}
	}
	room := s.State.Room()
	if room == 0 {
		s.notify(Note{ID: NoteLimit, Alert: true, Text: e.Label + ": no test added, the tester holds at most " +
			model.Plural(model.MaxRows, "test", "tests") + ". Remove some first."})
		return Effects{}
	}
	s.remember(e.Label)
	n := min(room, len(e.Rows))
	first := len(s.State.Rows)
	s.State.Rows = append(s.State.Rows, e.Rows[:n]...)
	s.State.Selected = first
	text := e.Label + ": " + model.Plural(n, "test", "tests") + " added."
	alert := false
	if left := len(e.Rows) - n; left > 0 {
		text = e.Label + ": " + model.Plural(n, "test", "tests") + " added, " + model.Plural(left, "test", "tests") +
			" left out (the tester holds at most " + strconv.Itoa(model.MaxRows) + ")."
		alert = true
	}
	s.notify(Note{ID: NoteImport, Alert: alert, Text: text, Action: ActionUndo})
	s.fit(e.Label)
	s.An.Recheck(&s.State)
	return Effects{Rows: true, Changed: true, Lint: true, Focus: first + 1}
}

// ImportState replaces the work with a state file's text, or says why it
// cannot be read.
type ImportState struct{ Text string }

func (e ImportState) apply(s *Session) Effects {
	st, err := share.Unmarshal([]byte(e.Text))
	if err != nil {
		s.notify(Note{ID: NoteImport, Alert: true, Text: "The state file could not be imported: " + err.Error() + "."})
		return Effects{}
	}
	s.dismiss(NoteImport)
	return Replace{State: st, Label: "State file imported"}.apply(s)
}

// ImportURLs adds a test per URL of a list (one per line, or a CSV's first
// column), with the selected test's crawler.
type ImportURLs struct{ Text string }

func (e ImportURLs) apply(s *Session) Effects {
	urls := share.URLs(e.Text)
	if len(urls) == 0 {
		s.notify(Note{ID: NoteImport, Text: "No URLs found: put one per line, or in the first column of a CSV file."})
		return Effects{}
	}
	agent := "Googlebot"
	if i := s.State.SelectedRow(); i >= 0 {
		agent = s.State.Rows[i].Agent
	}
	rows := make([]model.Row, len(urls))
	for i, u := range urls {
		rows[i] = model.Row{Agent: agent, URL: u}
	}
	return AddRows{rows, "Import of " + model.Plural(len(urls), "URL", "URLs")}.apply(s)
}

// Grid makes a test for every crawler and URL, replacing the tests or
// adding to them.
type Grid struct {
	Crawlers, URLs []string
	Replace        bool
}

func (e Grid) apply(s *Session) Effects {
	label := "Grid of " + model.Plural(len(e.Crawlers), "crawler", "crawlers") + " × " + model.Plural(len(e.URLs), "URL", "URLs")
	if !e.Replace {
		return AddRows{gridRows(e), label}.apply(s)
	}
	st := s.snapshot()
	st.Rows = nil
	st.Selected = 0
	rows := gridRows(e)
	if len(rows) == 0 {
		s.notify(Note{ID: NoteImport, Text: label + ": no test to make."})
		return Effects{}
	}
	st.Rows = rows
	fx := Replace{State: st, Label: model.Plural(len(s.State.Rows), "test", "tests") + " replaced by a " + LowerFirst(label)}.apply(s)
	fx.Editor, fx.File = false, false
	return fx
}

// gridRows returns the crawlers × URLs tests, URL by URL, without
// repeats; AddRows and Fit say what does not fit.
func gridRows(e Grid) []model.Row {
	rows, _ := model.Grid(e.Crawlers, e.URLs, len(e.Crawlers)*len(e.URLs))
	return rows
}

// Undo goes back to the state before the last action that can be undone.
type Undo struct{}

func (Undo) apply(s *Session) Effects { return s.travel(&s.undo, &s.redo, "Undone") }

// Redo does again the last action undone.
type Redo struct{}

func (Redo) apply(s *Session) Effects { return s.travel(&s.redo, &s.undo, "Redone") }

// travel puts back the last state of from, keeping the work as it was on
// to, so that the move can be taken back.
func (s *Session) travel(from, to *[]step, verb string) Effects {
	if len(*from) == 0 {
		return Effects{}
	}
	last := (*from)[len(*from)-1]
	*from = (*from)[:len(*from)-1]
	s.typing, s.replacing = "", false
	s.passed()
	s.pushStep(to, last.label)
	(*to)[len(*to)-1].stepMarks = last.stepMarks
	if last.an != nil {
		s.State, s.An = last.state, last.an
	} else {
		s.set(last.state)
	}
	s.notify(Note{ID: NoteUndo, Text: verb + ": " + LowerFirst(last.label) + "."})
	return Effects{File: true, Editor: true, Rows: true, Changed: true, Lint: true}
}

// EditorHistory is the editor's own Undo (Ctrl+Z in it) or Redo putting
// back a whole text. When it takes back a replacement of the whole text
// (a paste over it all), the page's Undo takes back that step and what
// came of it (the example's tests moved to the new file's site), so that
// the tests go back with the text; Redo the same forward. Otherwise the
// text is taken as typed.
type EditorHistory struct {
	Text string
	Redo bool
}

func (e EditorHistory) apply(s *Session) Effects {
	n := s.historySteps(e.Text, e.Redo)
	if n == 0 {
		return SetFile{Text: e.Text}.apply(s)
	}
	from, to, verb := &s.undo, &s.redo, "Undone"
	if e.Redo {
		from, to, verb = &s.redo, &s.undo, "Redone"
	}
	var fx Effects
	for range n {
		fx = s.travel(from, to, verb)
	}
	return fx
}

// TakesHistory reports whether the editor's own Undo (or Redo) that made
// text takes back (or brings again) a replacement of the whole text, so
// that EditorHistory moves the page's history rather than taking a text
// as typed.
func (s *Session) TakesHistory(text string, redo bool) bool { return s.historySteps(text, redo) > 0 }

// historySteps returns how many steps of the page's history EditorHistory
// travels for text: the replacement and what came of it, or 0.
func (s *Session) historySteps(text string, redo bool) int {
	if redo {
		// The replacement on top, then what came of it.
		steps := s.redo
		n := len(steps)
		if n == 0 || !steps[n-1].whole || steps[n-1].state.Robots != text {
			return 0
		}
		k := n - 1
		for k > 0 && steps[k-1].follows {
			k--
		}
		return n - k
	}
	// The typing and what came of the replacement on top, then the
	// replacement.
	steps := s.undo
	k := len(steps) - 1
	for k >= 0 && (steps[k].follows || steps[k].inFile) {
		k--
	}
	if k < 0 || !steps[k].whole || steps[k].state.Robots != text {
		return 0
	}
	return len(steps) - k
}

// LowerFirst returns label as it reads after a colon: its first letter
// lower-cased ("Undone: test 2 removed.").
func LowerFirst(label string) string {
	r, n := utf8.DecodeRuneInString(label)
	return string(unicode.ToLower(r)) + label[n:]
}

// Dismiss hides a notice.
type Dismiss struct{ ID string }

func (e Dismiss) apply(s *Session) Effects {
	s.dismiss(e.ID)
	return Effects{}
}

// OpenShared replaces the work with the shared tests of the link the page
// was opened with, as the user chose. It can be undone.
type OpenShared struct{}

func (OpenShared) apply(s *Session) Effects {
	if s.Pending == nil {
		return Effects{}
	}
	p := *s.Pending
	s.Pending = nil
	return Replace{State: p, Label: "Shared tests opened"}.apply(s)
}

// KeepMine drops the link's tests, as the user chose.
type KeepMine struct{}

func (KeepMine) apply(s *Session) Effects {
	if s.Pending == nil {
		return Effects{}
	}
	s.Pending = nil
	return Effects{Changed: s.unsaved()}
}

// Pin pins a test's current verdict as the one it should have, or takes
// the pin off when it holds one. It can be undone.
type Pin struct{ Row int }

func (e Pin) apply(s *Session) Effects {
	if e.Row < 0 || e.Row >= len(s.State.Rows) || e.Row >= len(s.An.Rows) {
		return Effects{}
	}
	expect := model.PinFor(&s.An.Rows[e.Row])
	label := "Test " + strconv.Itoa(e.Row+1) + " pinned as " + expect
	if expect == "" {
		label = "Test " + strconv.Itoa(e.Row+1) + " unpinned"
	}
	s.remember(label)
	s.State.Rows[e.Row].Expect = expect
	s.An.Recheck(&s.State)
	return Effects{Rows: true, Changed: true}
}

// PinAll pins every test's current verdict as the one it should have: the
// tests of a file known to be right, made into checks of the next edit.
// It can be undone.
type PinAll struct{}

func (PinAll) apply(s *Session) Effects {
	if len(s.State.Rows) == 0 || len(s.An.Rows) != len(s.State.Rows) {
		return Effects{}
	}
	s.remember("Every verdict pinned")
	for i := range s.State.Rows {
		s.State.Rows[i].Expect = s.An.Rows[i].FileVerdict()
	}
	s.An.Recheck(&s.State)
	s.notify(Note{ID: NoteUndo, Text: "Every verdict pinned as expected: " + model.Plural(len(s.State.Rows), "test", "tests") + ".", Action: ActionUndo})
	return Effects{Rows: true, Changed: true}
}

// SetAnswer sets the server's answer the verdicts assume (a value of
// model.AnswerChoices, "" for 200). It can be undone.
type SetAnswer struct{ Answer string }

func (e SetAnswer) apply(s *Session) Effects {
	a := model.AnswerFor(e.Answer)
	if a.Value == s.State.Answer {
		return Effects{}
	}
	s.remember("Server answer set to “" + a.Title + "”")
	s.State.Answer = a.Value
	s.An.Recheck(&s.State)
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
	s.dismiss(NoteExample) // the tests follow the page asked about
	// The fetch's own report says what came and that Undo takes it back:
	// the step's notice would say it again.
	s.dismiss(NoteUndo)
	s.dismiss(NoteSites)
	if n := testsElsewhere(st.Rows, site); n > 0 && site != "" {
		s.notify(Note{ID: NoteSites, Text: model.Plural(n, "test is", "tests are") + " on other sites than " + site +
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
