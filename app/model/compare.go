package model

import "robotstester/robots"

// Comparison is every row's verdict in every dialect, side by side.
type Comparison struct {
	Dialects []robots.Dialect // the columns, Google first
	Rows     []ComparedRow
	// Disagreements counts the rows on which the readings differ.
	Disagreements int
}

// ComparedRow is one row's verdicts, one per dialect.
type ComparedRow struct {
	Cells []ComparedCell
	// Reasons say, for each reading whose verdict differs from Google's,
	// why: "1996 draft: first match in file order picks line 3 (...);
	// Google: the longest match picks line 7 (...)".
	Reasons []string
}

// A ReadingNote is how one reading reads a file, in the engine's words,
// for the comparison's note.
type ReadingNote struct {
	Dialect robots.Dialect
	Title   string // "1996 draft"
	Who     string // who reads robots.txt this way (robots.Dialect.Summary)
	How     string // how it reads a file (robots.Dialect.Describe)
}

// ReadingNotes says how each reading reads a file, Google first: each
// reading's own description from the engine, so that what the comparison
// says of a reading (first match or longest, blank lines, user-agents) is
// what the engine does.
func ReadingNotes() []ReadingNote {
	ds := robots.Dialects()
	notes := make([]ReadingNote, len(ds))
	for i, d := range ds {
		notes[i] = ReadingNote{Dialect: d, Title: d.Title(), Who: d.Summary(), How: d.Describe()}
	}
	return notes
}

// Disagree reports whether the readings give the row different verdicts.
func (r *ComparedRow) Disagree() bool { return len(r.Reasons) > 0 }

// ComparedCell is a row's verdict in one dialect.
type ComparedCell struct {
	Dialect robots.Dialect
	Allowed bool
	Line    int // the deciding line, 0 when no rule matched
}

// Verdict returns "allowed" or "blocked".
func (c *ComparedCell) Verdict() string {
	if c.Allowed {
		return "allowed"
	}
	return "blocked"
}

// Comparison checks every row in every dialect, once per analysis: it
// reads the file once per dialect, so the tester asks for it only while
// the comparison is shown.
func (a *Analysis) Comparison(s *State) *Comparison {
	if a.comparison == nil {
		a.comparison = Compare(a.File, s)
	}
	return a.comparison
}

// Compare checks every row of s against f in every dialect. A row's
// crawler is identified in each reading as that reading's crawlers do
// (robots.File.Ask); its URL is encoded as a browser would send it. When the
// server's answer (s.Answer) is not a 2xx, each reading does what that
// answer means to it instead.
func Compare(f *robots.File, s *State) *Comparison {
	c, _ := ComparePaced(f, s, nil) // only a pause stops it
	return c
}

// ComparePaced is Compare, calling pause while it reads the file in each
// dialect and every pacedRows rows, so that a caller can give the browser
// its turn: 1000 tests in eight readings are eight thousand checks. pause
// may be nil. When pause stops the work, it returns robots.ErrStopped.
func ComparePaced(f *robots.File, s *State, pause robots.Pause) (*Comparison, error) {
	c := &Comparison{Dialects: robots.Dialects()}
	for _, d := range c.Dialects {
		if _, err := f.ReadPaced(d, pause); err != nil {
			return nil, err
		}
	}
	ans := AnswerFor(s.Answer)
	for n, row := range s.Rows {
		if pause != nil && n > 0 && n%pacedRows == 0 && pause() {
			return nil, robots.ErrStopped
		}
		encoded := robots.EncodeURL(row.URL)
		verdicts := make([]robots.Verdict, len(c.Dialects))
		cr := ComparedRow{Cells: make([]ComparedCell, len(c.Dialects))}
		if ans.Class != robots.Success {
			// No reading reads the file: each does what the answer means
			// to it, and that is the reason when it differs from Google.
			google := robots.AccessFor(robots.Google, ans.Class)
			for i, d := range c.Dialects {
				acc := robots.AccessFor(d, ans.Class)
				cr.Cells[i] = ComparedCell{Dialect: d, Allowed: acc.Permission == robots.AllowAll}
				if acc.Permission != google.Permission {
					cr.Reasons = append(cr.Reasons, d.Title()+": "+acc.Permission.Words()+", as "+acc.Reason+
						" Google: "+google.Permission.Words()+".")
				}
			}
		} else {
			for i, d := range c.Dialects {
				verdicts[i] = f.Ask(robots.Question{Agent: row.Agent, URL: encoded, Dialect: d}).Verdict
				cr.Cells[i] = ComparedCell{Dialect: d, Allowed: verdicts[i].Allowed, Line: verdicts[i].Line}
			}
			for i := 1; i < len(verdicts); i++ {
				if reason := robots.Contrast(&verdicts[i], &verdicts[0]); reason != "" {
					cr.Reasons = append(cr.Reasons, reason)
				}
			}
		}
		if cr.Disagree() {
			c.Disagreements++
		}
		c.Rows = append(c.Rows, cr)
	}
	return c, nil
}

// KeepComparison makes c the analysis's comparison, for a c made by
// ComparePaced from the analysis's file and state.
func (a *Analysis) KeepComparison(c *Comparison) { a.comparison = c }

// ComparePage is how many tests the comparison draws at a time: drawing
// six verdicts for each of 1000 tests would hold the page for seconds.
const ComparePage = 50

// Shown returns the tests the comparison draws, the ones on which the
// readings disagree first (the reason it is opened), then the others, in
// their order, at most limit.
func (c *Comparison) Shown(limit int) []int {
	out := make([]int, 0, min(limit, len(c.Rows)))
	for pass := 0; pass < 2 && len(out) < limit; pass++ {
		for i := range c.Rows {
			if len(out) == limit {
				break
			}
			if c.Rows[i].Disagree() == (pass == 0) {
				out = append(out, i)
			}
		}
	}
	return out
}
