package model

import (
	"slices"
	"sort"

	"robotstester/robots"
)

// Analysis is what the tester knows about a State: the parsed file and a
// verdict for every row. Make it with Analyze when the file changed, and
// refresh the rows with Recheck when only they changed.
type Analysis struct {
	File *robots.File
	Rows []RowView
	// Verdicts[i] is the engine's verdict for Rows[i], kept apart from the
	// flat RowView because it points into the reading.
	Verdicts []robots.Verdict

	// Selected is the index of the row the Why panel explains, -1 for none.
	Selected int
	// Reading is the file as the selected row was checked (Google's reading
	// when there are no rows): the read view shows its line kinds and its
	// findings.
	Reading *robots.Reading
	// Findings are the linter's findings on Reading, in line order, once
	// Lint has run. The linter costs several times a parse, so the tester
	// runs it after the verdicts are on screen.
	Findings []robots.Finding
	groups   []robots.FindingGroup // Findings grouped, for the findings panel
	linted   bool

	comparison *Comparison // made on demand by Comparison
	aiGrid     *AIGrid     // made on demand by AIGrid

	content     string // the content note, once asked for
	contentRead bool

	// dialect is the dialect every row is checked in when fixed is set;
	// otherwise each crawler is checked in its own.
	dialect robots.Dialect
	fixed   bool
}

// ContentNote says what the text is when it is not a robots.txt (a URL, a
// web page…), or is "" (see the function ContentNote). It reads the whole
// file, so it is worked out when the page draws it rather than with the
// verdicts of a keystroke.
func (a *Analysis) ContentNote() string {
	if !a.contentRead {
		a.content, a.contentRead = ContentNote(a.File), true
	}
	return a.content
}

// Lint works out the findings of the reading shown, if not done yet.
func (a *Analysis) Lint() {
	if !a.linted {
		a.Findings = a.Reading.Findings()
		a.groups = robots.GroupFindings(a.Findings)
		a.linted = true
	}
}

// LintPaced works out the findings of the reading shown, calling pause
// between the linter's steps, so that it can run in a goroutine that gives
// the browser its turn: at 500 KiB it is half a second of WebAssembly. It
// changes nothing of a, which may be in use meanwhile: the reading keeps
// the findings, and Lint then takes them at no cost. When pause stops
// the work, it returns robots.ErrStopped, and the reading keeps nothing.
func (a *Analysis) LintPaced(pause robots.Pause) error {
	_, err := a.Reading.FindingsPaced(pause)
	return err
}

// Linted reports whether Findings are those of the reading shown.
func (a *Analysis) Linted() bool { return a.linted }

// FindingCounts is how many findings of each severity a file has.
type FindingCounts struct{ Errors, Warnings, Infos int }

// FindingCounts counts the findings worked out so far by severity.
func (a *Analysis) FindingCounts() FindingCounts {
	c := robots.Count(a.Findings)
	return FindingCounts{Errors: c[robots.Error], Warnings: c[robots.Warning], Infos: c[robots.Info]}
}

// RowView is what a row shows: its verdict and how it was reached, flat.
type RowView struct {
	Agent, URL string // as typed

	// Token is the product token checked: Agent itself, the token found in
	// a user-agent string, or "*" when Agent is blank.
	Token string
	// Extracted reports that Token was taken out of a longer Agent, so the
	// row shows it.
	Extracted bool
	Known     bool   // Token names a catalogued crawler
	Vendor    string // of a catalogued crawler
	Encoded   string // the URL as tested, percent-encoded
	Dialect   string // title of the dialect the row was checked in

	Allowed bool
	// FileAllowed is the file's own verdict, whatever the server's answer:
	// the one expectations are about, as `robotstxt test` checks the file.
	FileAllowed bool
	// Expect is the verdict the test should have, "" for none (Row.Expect).
	Expect string
	Line   int         // the deciding rule's line, 0 when no rule matched
	Groups []LineRange // the lines of the groups that applied
	// Answer, when not "", says why the server's answer (State.Answer)
	// decided instead of the file: Allowed is then what the reading does
	// after that answer, and Line and Groups are empty.
	Answer string
	// Permission is what the reading does when Answer decided, with the
	// answer: "disallow all (503)".
	Permission string
}

// Verdict returns "allowed" or "blocked", the value of the data-verdict hook.
func (r *RowView) Verdict() string {
	if r.Allowed {
		return "allowed"
	}
	return "blocked"
}

// Focus returns the line the editor brings into view for the row: its
// deciding line, or when no rule matched the first line of the group
// used (a file with no rule for the URL still has the group that was
// read), 0 when there is neither.
func (r *RowView) Focus() int {
	if r.Line > 0 || len(r.Groups) == 0 {
		return r.Line
	}
	return r.Groups[0].Start
}

// InGroup reports whether line n is in one of the row's groups.
func (r *RowView) InGroup(n int) bool {
	for _, g := range r.Groups {
		if g.Start <= n && n <= g.End {
			return true
		}
	}
	return false
}

// LineRange is the lines From to To, inclusive.
type LineRange struct{ Start, End int }

// Analyze parses the state's file, once, and checks every row against it.
// Call Lint for the findings.
func Analyze(s *State) *Analysis {
	a, _ := AnalyzePaced(s, nil) // only a pause stops it
	return a
}

// pacedRows is how many rows AnalyzePaced checks between two pauses.
const pacedRows = 100

// AnalyzePaced is Analyze, calling pause between its steps (the parse,
// each reading the rows need, every pacedRows rows checked), so that a
// caller can give the browser its turn: a link of 1000 tests on a file of
// 18,000 groups is a second of WebAssembly in one piece. pause may be nil.
// When pause stops the work, it returns robots.ErrStopped.
func AnalyzePaced(s *State, pause robots.Pause) (*Analysis, error) {
	a := &Analysis{File: robots.ParseString(s.Robots)}
	if err := a.checkPaced(s, pause); err != nil {
		return nil, err
	}
	return a, nil
}

// checkPaced makes the readings the rows need, each in a step of its own
// (the reading of the whole file is the costly part of a check), then
// checks the rows, with pause between the steps.
func (a *Analysis) checkPaced(s *State, pause robots.Pause) error {
	if pause != nil && pause() { // after the parse
		return robots.ErrStopped
	}
	// The dialect is parsed once an analysis: the readings, the checks
	// and the reading shown take it from here.
	d, fixed := robots.ParseDialect(s.Dialect)
	a.dialect, a.fixed = d, fixed
	var need []robots.Dialect
	if !fixed && len(s.Rows) > 0 {
		for _, row := range s.Rows {
			if own := robots.Identify(row.Agent).Crawler.Dialect; !slices.Contains(need, own) {
				need = append(need, own)
			}
		}
	} else {
		need = append(need, d)
	}
	for _, d := range need {
		if _, err := a.File.ReadPaced(d, pause); err != nil {
			return err
		}
		if pause != nil && pause() {
			return robots.ErrStopped
		}
	}
	return a.recheck(s, pause)
}

// Reanalyze is Analyze for a state whose file is prev's after an edit, such
// as a key typed: the file is read again only where it changed
// (robots.File.Reparse). prev may be nil.
func Reanalyze(prev *Analysis, s *State) *Analysis {
	a, _ := ReanalyzePaced(prev, s, nil) // only a pause stops it
	return a
}

// ReanalyzePaced is Reanalyze, with AnalyzePaced's pauses. pause may be
// nil. When pause stops the work, it returns robots.ErrStopped.
func ReanalyzePaced(prev *Analysis, s *State, pause robots.Pause) (*Analysis, error) {
	if prev == nil || prev.File == nil {
		return AnalyzePaced(s, pause)
	}
	return AnalyzeFilePaced(prev.File.Reparse(s.Robots), s, pause)
}

// AnalyzeFilePaced is AnalyzePaced for a state whose file is f, read
// already (robots.File.Edit, by the session that keeps the document):
// only the readings and the checks are made. pause may be nil. When pause
// stops the work, it returns robots.ErrStopped.
func AnalyzeFilePaced(f *robots.File, s *State, pause robots.Pause) (*Analysis, error) {
	a := &Analysis{File: f}
	if err := a.checkPaced(s, pause); err != nil {
		return nil, err
	}
	return a, nil
}

// Recheck checks the state's rows again against the file already parsed,
// for when the rows, the dialect or the selection changed but not the file.
func (a *Analysis) Recheck(s *State) {
	a.dialect, a.fixed = robots.ParseDialect(s.Dialect)
	a.recheck(s, nil)
}

// recheck checks the rows in the dialect parsed (a.dialect, a.fixed),
// pause called every pacedRows rows; it returns robots.ErrStopped when
// pause stops it, the analysis then half made.
func (a *Analysis) recheck(s *State, pause robots.Pause) error {
	d, fixed := a.dialect, a.fixed
	ans := AnswerFor(s.Answer)
	a.comparison, a.aiGrid = nil, nil
	// Fresh slices: views handed to components must not change under them.
	a.Rows = make([]RowView, 0, len(s.Rows))
	a.Verdicts = make([]robots.Verdict, 0, len(s.Rows))
	for i, row := range s.Rows {
		if pause != nil && i > 0 && i%pacedRows == 0 && pause() {
			return robots.ErrStopped
		}
		rv, v := check(a.File, row, d, fixed, ans)
		a.Rows = append(a.Rows, rv)
		a.Verdicts = append(a.Verdicts, v)
	}
	a.Select(s)
	return nil
}

// Select follows the state's selected row: the read view then shows the
// file in that row's dialect (the state's dialect as the analysis last
// parsed it).
func (a *Analysis) Select(s *State) {
	d, fixed := a.dialect, a.fixed
	i := s.SelectedRow()
	a.Selected = i
	if i >= 0 && i < len(a.Verdicts) {
		d = a.Verdicts[i].Dialect
	} else if !fixed {
		d = robots.Google
	}
	r := a.File.Read(d)
	if r != a.Reading {
		a.Reading = r
		a.Findings, a.groups, a.linted = nil, nil, false
	}
}

// SelectedRow returns the view of the selected row, or nil.
func (a *Analysis) SelectedRow() *RowView {
	if a.Selected < 0 || a.Selected >= len(a.Rows) {
		return nil
	}
	return &a.Rows[a.Selected]
}

// check checks one row, as the engine answers every question
// (robots.File.Ask): the crawler the row names, in its own dialect unless
// one is fixed, with the server's answer. When the answer is not a 2xx,
// the reading may not read the file at all: the row's view then says
// what it does instead, and why, while the verdict stays the file's (the
// Why explains both).
func check(f *robots.File, row Row, d robots.Dialect, fixed bool, ans ServerAnswer) (RowView, robots.Verdict) {
	encoded := robots.EncodeURL(row.URL)
	ru := f.Ask(robots.Question{Agent: row.Agent, URL: encoded, Dialect: d, OwnDialect: !fixed, Answer: ans.Class})
	v := ru.Verdict
	rv := RowView{
		Agent:       row.Agent,
		URL:         row.URL,
		Token:       ru.Token,
		Extracted:   ru.Extracted(),
		Known:       ru.Known,
		Encoded:     encoded,
		Dialect:     v.Dialect.Title(),
		Allowed:     ru.Allowed,
		FileAllowed: v.Allowed,
		Expect:      CleanExpect(row.Expect),
		Line:        ru.Line,
	}
	if ru.Known {
		rv.Vendor = ru.Crawler.Vendor
	}
	if ru.ByAnswer() {
		rv.Answer = "The server answers " + ans.Short + ": " + ru.Access.Reason
		rv.Permission = ru.Access.Permission.Words() + " (" + ans.Tag + ")"
		return rv, v
	}
	for _, g := range v.Groups {
		rv.Groups = append(rv.Groups, LineRange{g.Start, g.End})
	}
	return rv, v
}

// FindingsIn returns the findings on lines from..to, inclusive, of
// findings sorted by line.
func FindingsIn(findings []robots.Finding, from, to int) []robots.Finding {
	i := sort.Search(len(findings), func(i int) bool { return findings[i].Line >= from })
	j := sort.Search(len(findings), func(i int) bool { return findings[i].Line > to })
	if j < i {
		j = i
	}
	return findings[i:j]
}
