package model

import "robotstester/robots"

// TableState is the results table as the page keeps it: the query, and the
// last table made, so that drawing the page again without a change costs
// nothing and a table passed to a component stays the same value.
//
// While the user types in a test, the table keeps its lines: a test whose
// URL is being typed must not jump to another place (sorted by URL) or
// vanish (filtered) under the caret. Setting the query, even to the same
// one, sorts and filters anew.
type TableState struct {
	query TableQuery
	last  *Table

	an    *Analysis
	file  *robots.File
	views *RowView // the analysis's Rows when last was made (identity)
	n     int
	texts []Row // the tests' texts when last was made
	comp  bool  // the comparison was made when last was made
	fresh bool  // sort anew at the next Table
}

// Query returns the query of the table.
func (ts *TableState) Query() TableQuery { return ts.query }

// SetQuery sets the query; the next table is sorted and filtered anew.
func (ts *TableState) SetQuery(q TableQuery) {
	ts.query = q
	ts.fresh = true
}

// Show makes sure the table shows test i (a test just added, or given the
// focus): when the query hides it, the filter and the search are lifted
// (the order and the groups stay). It reports whether the query changed.
func (ts *TableState) Show(a *Analysis, s *State, i int) bool {
	if i < 0 || i >= len(a.Rows) || ts.Table(a, s).Position(i) >= 0 {
		return false
	}
	q := ts.query
	q.Filter, q.Crawler, q.Search = ShowAll, "", ""
	ts.SetQuery(q)
	return true
}

// Table returns the results table of the analysis of s for the query: the
// last one when nothing it shows changed; one with the same lines (Held)
// when only the text of one test changed in place; else a new one.
func (ts *TableState) Table(a *Analysis, s *State) *Table {
	var views *RowView
	if len(a.Rows) > 0 {
		views = &a.Rows[0]
	}
	comp := a.comparison != nil
	if t := ts.last; t != nil && !ts.fresh && ts.an == a && ts.views == views && ts.n == len(a.Rows) && ts.comp == comp {
		return t
	}
	var t *Table
	if prev := ts.last; prev != nil && !ts.fresh && ts.file == a.File && ts.n == len(a.Rows) && oneTextEdit(ts.texts, s.Rows) {
		t = &Table{serial: tableSerial.Add(1), Query: ts.query, rows: rowViews(a, s, false), Held: true, Disagreements: -1}
		if a.comparison != nil {
			t.Disagreements = a.comparison.Disagreements
		}
		t.Tokens = tokens(t.rows)
		t.layOut(prev.Shown)
	} else {
		t = NewTable(a, s, ts.query)
	}
	ts.last, ts.an, ts.file, ts.views, ts.n, ts.fresh = t, a, a.File, views, len(a.Rows), false
	ts.comp = a.comparison != nil
	ts.texts = append(ts.texts[:0], s.Rows...)
	return t
}

// oneTextEdit reports whether now differs from before in the text of
// exactly one test: the trace of typing in a field. A pin set or taken off
// is no typing: the table is made anew.
func oneTextEdit(before, now []Row) bool {
	if len(before) != len(now) {
		return false
	}
	changed := 0
	for i := range now {
		if now[i].Expect != before[i].Expect {
			return false
		}
		if now[i] != before[i] {
			changed++
		}
	}
	return changed == 1
}
