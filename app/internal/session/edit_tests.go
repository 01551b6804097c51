package session

import (
	"strconv"

	"robotstester/app/internal/share"
	"robotstester/app/model"
)

// The edits of the tests: their fields, the URLs pasted, added, removed,
// selected, imported, a grid of crawlers and URLs, and the pinned
// expectations.

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
	if i < 0 || i >= len(s.state.Rows) {
		return Effects{}
	}
	r := s.state.Rows[i]
	if edit(&r); r != s.state.Rows[i] {
		s.typed("test " + strconv.Itoa(i+1))
	}
	s.state.Rows[i] = r
	s.state.Selected = i
	s.notes.dismiss(NoteExample) // its moment has passed: the tests are the user's now
	s.fit("Test " + strconv.Itoa(i+1))
	s.an.Recheck(&s.state)
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
	if len(urls) == 0 || e.Row < 0 || e.Row >= len(s.state.Rows) {
		return Effects{}
	}
	s.remember(model.Plural(len(urls), "URL", "URLs") + " pasted")
	room := s.state.Room() + 1 // the first URL takes the test pasted into
	placed := min(len(urls), room)
	s.state.PlaceURLs(e.Row, urls[:placed])
	s.state.Selected = e.Row
	if left := len(urls) - placed; left > 0 {
		s.notes.add(Note{ID: NoteLimit, Alert: true, Text: "Pasted " + model.Plural(len(urls), "URL", "URLs") + ": " +
			strconv.Itoa(placed) + " placed, " + model.Plural(left, "URL", "URLs") +
			" left out (the tester holds at most " + strconv.Itoa(model.MaxRows) + " tests).", Action: ActionUndo})
	}
	s.fit("Pasted URLs")
	s.an.Recheck(&s.state)
	return Effects{Rows: true, Changed: true, Lint: true, Focus: e.Row + 1}
}

// AddRow makes a new test after test After (at the end when After is out
// of range), with that test's crawler, and gives it the focus: its crawler
// field's, selected, so that a crawler typed replaces the one copied
// (typed into the URL field, "Applebot" would be tested as the path
// /Applebot), or with URLNext its URL field's (Enter in a URL field: the
// next URL of a list). It is a step of Undo of its own, which the typing
// before it is not part of.
type AddRow struct {
	After   int
	URLNext bool
}

func (e AddRow) apply(s *Session) Effects {
	if s.state.Room() == 0 {
		s.notes.add(Note{ID: NoteLimit, Alert: true, Text: "No test added: the tester holds at most " +
			model.Plural(model.MaxRows, "test", "tests") + ". Remove some to add others."})
		return Effects{}
	}
	rows := s.state.Rows
	at := len(rows)
	if e.After >= 0 && e.After < len(rows) {
		at = e.After + 1
	}
	agent := "Googlebot"
	if at > 0 {
		agent = rows[at-1].Agent
	}
	s.keep("Test " + strconv.Itoa(at+1) + " added")
	s.state.Rows = append(rows[:at:at], append([]model.Row{{Agent: agent, URL: "/"}}, rows[at:]...)...)
	s.state.Selected = at
	s.an.Recheck(&s.state)
	fx := Effects{Rows: true, Changed: true, Lint: true, Focus: at + 1, FocusAgent: true}
	if e.URLNext {
		fx.FocusAgent = false
	}
	return fx
}

// RemoveRow removes a test. It can be undone.
type RemoveRow struct{ Row int }

func (e RemoveRow) apply(s *Session) Effects {
	if e.Row < 0 || e.Row >= len(s.state.Rows) {
		return Effects{}
	}
	label := "Test " + strconv.Itoa(e.Row+1) + " removed"
	s.remember(label)
	s.notes.add(Note{ID: NoteUndo, Text: label + ".", Action: ActionUndo})
	s.state.RemoveRow(e.Row)
	s.an.Recheck(&s.state)
	return Effects{Rows: true, Changed: true, Lint: true}
}

// Select makes a test the one the Why panel explains.
type Select struct{ Row int }

func (e Select) apply(s *Session) Effects {
	if e.Row < 0 || e.Row >= len(s.state.Rows) || e.Row == s.state.Selected {
		return Effects{}
	}
	s.state.Selected = e.Row
	s.an.Select(&s.state)
	return Effects{Changed: true, Lint: true}
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
	wasExample := model.IsExampleFile(s.state.Robots)
	s.remember(e.Label)
	s.state = e.State
	s.state.Rows = cloneRows(e.State.Rows)
	if cut := s.fit(e.Label); e.Analysis != nil && !cut.Any() && cut.BareCRs == 0 {
		s.an = e.Analysis
	} else {
		s.an = model.Analyze(&s.state)
	}
	s.notes.add(Note{ID: NoteUndo, Text: e.Label + ".", Action: ActionUndo})
	s.notes.dismiss(NoteExample)
	if wasExample {
		s.followExample()
	}
	return Effects{File: true, Editor: true, Rows: true, Changed: true, Lint: true}
}

// LoadExample puts the example in place of the work. It can be undone.
type LoadExample struct{}

func (LoadExample) apply(s *Session) Effects {
	return Replace{State: model.Example(), Label: "Example loaded"}.apply(s)
}

// ClearFile empties the robots.txt, keeping the tests. It can be undone.
type ClearFile struct{}

func (ClearFile) apply(s *Session) Effects {
	st := s.snapshot()
	st.Robots = ""
	return Replace{State: st, Label: "robots.txt cleared"}.apply(s)
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
		s.notes.add(Note{ID: NoteImport, Text: e.Label + ": no test to add."})
		return Effects{}
	}
	room := s.state.Room()
	if room == 0 {
		s.notes.add(Note{ID: NoteLimit, Alert: true, Text: e.Label + ": no test added, the tester holds at most " +
			model.Plural(model.MaxRows, "test", "tests") + ". Remove some first."})
		return Effects{}
	}
	s.remember(e.Label)
	n := min(room, len(e.Rows))
	first := len(s.state.Rows)
	s.state.Rows = append(s.state.Rows, e.Rows[:n]...)
	s.state.Selected = first
	text := e.Label + ": " + model.Plural(n, "test", "tests") + " added."
	alert := false
	if left := len(e.Rows) - n; left > 0 {
		text = e.Label + ": " + model.Plural(n, "test", "tests") + " added, " + model.Plural(left, "test", "tests") +
			" left out (the tester holds at most " + strconv.Itoa(model.MaxRows) + ")."
		alert = true
	}
	s.notes.add(Note{ID: NoteImport, Alert: alert, Text: text, Action: ActionUndo})
	s.fit(e.Label)
	s.an.Recheck(&s.state)
	return Effects{Rows: true, Changed: true, Lint: true, Focus: first + 1}
}

// ImportURLs adds a test per URL of a list (one per line, or a CSV's first
// column), with the selected test's crawler.
type ImportURLs struct{ Text string }

func (e ImportURLs) apply(s *Session) Effects {
	urls := share.URLs(e.Text)
	if len(urls) == 0 {
		s.notes.add(Note{ID: NoteImport, Text: "No URLs found: put one per line, or in the first column of a CSV file."})
		return Effects{}
	}
	agent := "Googlebot"
	if i := s.state.SelectedRow(); i >= 0 {
		agent = s.state.Rows[i].Agent
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
		s.notes.add(Note{ID: NoteImport, Text: label + ": no test to make."})
		return Effects{}
	}
	st.Rows = rows
	fx := Replace{State: st, Label: model.Plural(len(s.state.Rows), "test", "tests") + " replaced by a " + LowerFirst(label)}.apply(s)
	fx.Editor, fx.File = false, false
	return fx
}

// gridRows returns the crawlers × URLs tests, URL by URL, without
// repeats; AddRows and Fit say what does not fit.
func gridRows(e Grid) []model.Row {
	rows, _ := model.Grid(e.Crawlers, e.URLs, len(e.Crawlers)*len(e.URLs))
	return rows
}

// Pin pins a test's current verdict as the one it should have, or takes
// the pin off when it holds one. It can be undone.
type Pin struct{ Row int }

func (e Pin) apply(s *Session) Effects {
	if e.Row < 0 || e.Row >= len(s.state.Rows) || e.Row >= len(s.an.Rows) {
		return Effects{}
	}
	expect := model.PinFor(&s.an.Rows[e.Row])
	label := "Test " + strconv.Itoa(e.Row+1) + " pinned as " + expect
	if expect == "" {
		label = "Test " + strconv.Itoa(e.Row+1) + " unpinned"
	}
	s.remember(label)
	s.state.Rows[e.Row].Expect = expect
	s.an.Recheck(&s.state)
	return Effects{Rows: true, Changed: true}
}

// PinAll pins every test's current verdict as the one it should have: the
// tests of a file known to be right, made into checks of the next edit.
// It can be undone.
type PinAll struct{}

func (PinAll) apply(s *Session) Effects {
	if len(s.state.Rows) == 0 || len(s.an.Rows) != len(s.state.Rows) {
		return Effects{}
	}
	s.remember("Every verdict pinned")
	for i := range s.state.Rows {
		s.state.Rows[i].Expect = s.an.Rows[i].FileVerdict()
	}
	s.an.Recheck(&s.state)
	s.notes.add(Note{ID: NoteUndo, Text: "Every verdict pinned as expected: " + model.Plural(len(s.state.Rows), "test", "tests") + ".", Action: ActionUndo})
	return Effects{Rows: true, Changed: true}
}
