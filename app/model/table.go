package model

import (
	"cmp"
	"slices"
	"strings"
	"sync/atomic"

	"robotstester/robots"
)

// The results table: every test on one line, filtered, sorted and grouped
// as the user asks, drawn a window at a time. Everything here is plain data
// computed from an Analysis, so that the component only draws it.

// Filter chooses which tests the results table shows.
type Filter string

// The filters. Their values are those of the filter control.
const (
	ShowAll      Filter = ""         // every test
	ShowBlocked  Filter = "blocked"  // the tests whose verdict is Blocked
	ShowAllowed  Filter = "allowed"  // the tests whose verdict is Allowed
	ShowDisagree Filter = "disagree" // the tests on which the dialects' readings give different verdicts
	ShowCrawler  Filter = "crawler"  // the tests of one crawler token, TableQuery.Crawler
	ShowBroken   Filter = "broken"   // the tests whose pinned expectation the verdict breaks
)

// SortKey is the order of the results table.
type SortKey string

// The orders. Every order keeps the order of entry among equal tests.
const (
	SortEntered SortKey = ""        // as entered
	SortCrawler SortKey = "crawler" // by crawler token, case aside
	SortURL     SortKey = "url"     // by URL as tested
	SortVerdict SortKey = "verdict" // blocked first, then allowed
	SortLine    SortKey = "line"    // by deciding line; tests no rule decided last
)

// GroupKey is what the results table gathers tests under a header by.
type GroupKey string

// The groupings.
const (
	GroupNone    GroupKey = ""        // no headers
	GroupURL     GroupKey = "url"     // one header per URL as tested
	GroupCrawler GroupKey = "crawler" // one header per crawler token
)

// TableQuery is what the user asked of the results table: which tests,
// in which order, under which headers. The zero value shows every test as
// entered.
type TableQuery struct {
	Filter Filter
	// Crawler is the token whose tests ShowCrawler shows, matched in any
	// case.
	Crawler string
	// Search keeps the tests whose crawler, token, URL (typed or as
	// tested) or deciding rule contains it, case aside; blank keeps all.
	Search string
	Sort   SortKey
	Group  GroupKey
}

// Table is the results table for one analysis and one query.
type Table struct {
	// serial tells tables apart, and comes first: a component given a table
	// as a prop compares it with the last one field by field (go-app uses
	// reflect.DeepEqual), and two tables of 1000 tests would otherwise be
	// compared test by test on every keystroke.
	serial uint64

	Query TableQuery

	// Lines is what the table draws, top to bottom: when grouped, each
	// group's header followed by its tests; otherwise the tests.
	Lines []TableLine
	// Shown is the index (in the state's rows) of each test shown, in the
	// order drawn: a test's stable identity, whatever its place on screen.
	Shown []int
	// Groups are the headers, in order; nil when not grouped.
	Groups []TableGroup

	// Allowed and Blocked count the tests shown; AllAllowed and AllBlocked
	// every test.
	Allowed, Blocked       int
	AllAllowed, AllBlocked int
	// Pinned counts every test that holds an expected verdict, Broken
	// those whose verdict breaks it.
	Pinned, Broken int

	// Tokens are the crawler tokens of all the tests, each once (case
	// aside), sorted: the choices of the one-crawler filter.
	Tokens []string

	// Disagreements counts the tests on which the readings disagree, or is
	// -1 when the comparison was not made (it costs a check per dialect
	// per test, so it is made only when the filter asks for it or the
	// comparison panel is open).
	Disagreements int

	// Held reports that the tests shown and their order are those of the
	// previous table: a test was edited since, and the table does not move
	// or drop the line being typed in. Choosing the query again sorts anew.
	Held bool

	rows []TableRow // every test's view, by index
	pos  []int      // pos[i] is test i's position in Lines, -1 when not shown
}

// OrderKept reports whether the table keeps, while a test is edited, an
// order or a choice of tests that its query would now change: never for
// every test as entered, which a held table shows no differently.
func (t *Table) OrderKept() bool { return t.Held && t.Query != (TableQuery{}) }

// TableLine is one line of the table: a test or a group's header.
type TableLine struct {
	// Row is the index of the test in the state's rows, -1 for a header.
	Row int
	// Group is the index in Table.Groups of the line's group, -1 when not
	// grouped.
	Group int
}

// Header reports whether the line is a group's header.
func (l TableLine) Header() bool { return l.Row < 0 }

// TableGroup is the header of a group of tests.
type TableGroup struct {
	// Key is the URL as tested, or the crawler token, that the group's
	// tests share.
	Key string
	// Line is the position of the header in Table.Lines.
	Line int
	// Tests, Allowed and Blocked count the group's tests shown.
	Tests, Allowed, Blocked int
}

// tableSerial numbers the tables made.
var tableSerial atomic.Uint64

// TableRow is what a test's line shows.
type TableRow struct {
	// Index is the test's index in the state's rows: data-row.
	Index int
	RowView
	// Rule is the deciding rule as "Disallow: /private/", "" when no rule
	// decided.
	Rule string
	// Disagree reports that the readings give the test different verdicts
	// (known only once the comparison was made).
	Disagree bool
}

// NewTable makes the results table of an analysis for query q. The
// comparison of the readings is asked of the analysis (which makes it once)
// only when q keeps the tests on which they disagree; otherwise it is used
// if already made.
func NewTable(a *Analysis, s *State, q TableQuery) *Table {
	t := &Table{serial: tableSerial.Add(1), Query: q, rows: rowViews(a, s, q.Filter == ShowDisagree)}
	t.Disagreements = -1
	if a.comparison != nil {
		t.Disagreements = a.comparison.Disagreements
	}
	t.Tokens = tokens(t.rows)

	shown := make([]int, 0, len(t.rows))
	search := strings.ToLower(strings.TrimSpace(q.Search))
	for i := range t.rows {
		if keep(&t.rows[i], q, search) {
			shown = append(shown, i)
		}
	}
	sortRows(shown, t.rows, q.Sort)
	t.layOut(shown)
	return t
}

// rowViews returns every test's view, with its deciding rule and, when the
// comparison is made (or compare asks to make it), whether the readings
// disagree on it.
func rowViews(a *Analysis, s *State, compare bool) []TableRow {
	var c *Comparison
	if compare && s != nil {
		c = a.Comparison(s)
	} else {
		c = a.comparison
	}
	rows := make([]TableRow, len(a.Rows))
	for i := range a.Rows {
		r := TableRow{Index: i, RowView: a.Rows[i]}
		if i < len(a.Verdicts) && r.Answer == "" {
			r.Rule = ruleText(&a.Verdicts[i])
		}
		if c != nil && i < len(c.Rows) {
			r.Disagree = c.Rows[i].Disagree()
		}
		rows[i] = r
	}
	return rows
}

// ruleText returns the deciding rule of a verdict as written in the
// Why panel, "Allow: /x", or "".
func ruleText(v *robots.Verdict) string {
	d := v.Decider()
	if d == nil {
		return ""
	}
	if d.Rule.Allow {
		return "Allow: " + d.Rule.Value
	}
	return "Disallow: " + d.Rule.Value
}

// keep reports whether the query shows a test; search is the query's
// search text, trimmed and in lower case.
func keep(r *TableRow, q TableQuery, search string) bool {
	switch q.Filter {
	case ShowBlocked:
		if r.Allowed {
			return false
		}
	case ShowAllowed:
		if !r.Allowed {
			return false
		}
	case ShowDisagree:
		if !r.Disagree {
			return false
		}
	case ShowBroken:
		if !r.ExpectBroken() {
			return false
		}
	case ShowCrawler:
		if !strings.EqualFold(r.Token, strings.TrimSpace(q.Crawler)) {
			return false
		}
	}
	if search == "" {
		return true
	}
	for _, f := range [...]string{r.Agent, r.Token, r.URL, r.Encoded, r.Rule} {
		if strings.Contains(strings.ToLower(f), search) {
			return true
		}
	}
	return false
}

// sortRows puts the indices of shown in the order key asks for; equal
// tests keep their order of entry.
func sortRows(shown []int, rows []TableRow, key SortKey) {
	var by func(a, b *TableRow) int
	switch key {
	case SortCrawler:
		by = func(a, b *TableRow) int { return cmpFold(a.Token, b.Token) }
	case SortURL:
		by = func(a, b *TableRow) int { return strings.Compare(a.Encoded, b.Encoded) }
	case SortVerdict:
		by = func(a, b *TableRow) int { return cmpBool(a.Allowed, b.Allowed) }
	case SortLine:
		// No rule (line 0) goes last: those tests are allowed by default.
		by = func(a, b *TableRow) int {
			return cmp.Compare(uint(a.Line-1), uint(b.Line-1))
		}
	default:
		return // as entered: shown is already in that order
	}
	slices.SortStableFunc(shown, func(i, j int) int { return by(&rows[i], &rows[j]) })
}

func cmpBool(a, b bool) int {
	switch {
	case a == b:
		return 0
	case !a:
		return -1
	}
	return 1
}

// cmpFold compares two tokens case aside, then as written so that the
// order is total.
func cmpFold(a, b string) int {
	if c := strings.Compare(strings.ToLower(a), strings.ToLower(b)); c != 0 {
		return c
	}
	return strings.Compare(a, b)
}

// layOut makes the table's lines, groups and counts from the indices of
// the tests shown, in order.
func (t *Table) layOut(shown []int) {
	t.Shown = shown
	t.Lines, t.Groups = nil, nil
	t.Allowed, t.Blocked, t.AllAllowed, t.AllBlocked = 0, 0, 0, 0
	t.Pinned, t.Broken = 0, 0
	t.pos = make([]int, len(t.rows))
	for i := range t.pos {
		t.pos[i] = -1
	}
	for i := range t.rows {
		if t.rows[i].Expect != "" {
			t.Pinned++
			if t.rows[i].ExpectBroken() {
				t.Broken++
			}
		}
		if t.rows[i].Allowed {
			t.AllAllowed++
		} else {
			t.AllBlocked++
		}
	}
	for _, i := range shown {
		if t.rows[i].Allowed {
			t.Allowed++
		} else {
			t.Blocked++
		}
	}
	key := groupKey(t.Query.Group)
	if key == nil {
		t.Lines = make([]TableLine, len(shown))
		for k, i := range shown {
			t.Lines[k] = TableLine{Row: i, Group: -1}
			t.pos[i] = k
		}
		return
	}
	// Groups in order of their first test, each test under its group's
	// header and in the order of the sort.
	index := map[string]int{}
	var members [][]int
	for _, i := range shown {
		k := key(&t.rows[i])
		g, ok := index[k]
		if !ok {
			g = len(t.Groups)
			index[k] = g
			t.Groups = append(t.Groups, TableGroup{Key: groupLabel(t.Query.Group, &t.rows[i])})
			members = append(members, nil)
		}
		members[g] = append(members[g], i)
	}
	t.Lines = make([]TableLine, 0, len(shown)+len(t.Groups))
	t.Shown = make([]int, 0, len(shown))
	for g, rows := range members {
		grp := &t.Groups[g]
		grp.Line = len(t.Lines)
		t.Lines = append(t.Lines, TableLine{Row: -1, Group: g})
		for _, i := range rows {
			t.pos[i] = len(t.Lines)
			t.Lines = append(t.Lines, TableLine{Row: i, Group: g})
			t.Shown = append(t.Shown, i)
			grp.Tests++
			if t.rows[i].Allowed {
				grp.Allowed++
			} else {
				grp.Blocked++
			}
		}
	}
}

// groupKey returns the key tests are grouped by, or nil for no groups.
func groupKey(g GroupKey) func(*TableRow) string {
	switch g {
	case GroupURL:
		return func(r *TableRow) string { return r.Encoded }
	case GroupCrawler:
		return func(r *TableRow) string { return strings.ToLower(r.Token) }
	}
	return nil
}

func groupLabel(g GroupKey, r *TableRow) string {
	if g == GroupURL {
		return r.Encoded
	}
	return r.Token
}

// tokens returns the tokens of rows, each once case aside (as first
// written), sorted.
func tokens(rows []TableRow) []string {
	seen := map[string]bool{}
	var out []string
	for i := range rows {
		k := strings.ToLower(rows[i].Token)
		if !seen[k] {
			seen[k] = true
			out = append(out, rows[i].Token)
		}
	}
	slices.SortFunc(out, cmpFold)
	return out
}
