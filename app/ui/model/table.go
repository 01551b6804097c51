package model

import (
	"cmp"
	"math"
	"slices"
	"strconv"
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

// Row returns the view of test i (an index in the state's rows), or a
// zero TableRow with Index -1 when there is no such test.
func (t *Table) Row(i int) TableRow {
	if i < 0 || i >= len(t.rows) {
		return TableRow{Index: -1}
	}
	return t.rows[i]
}

// Len returns the number of tests of the analysis, shown or not.
func (t *Table) Len() int { return len(t.rows) }

// Position returns the position of test i in Lines, or -1 when it is not
// shown.
func (t *Table) Position(i int) int {
	if i < 0 || i >= len(t.pos) {
		return -1
	}
	return t.pos[i]
}

// Step returns the test shown delta tests after test i (before it when
// delta is negative), headers aside, or -1 when there is none. A test not
// shown has no neighbours.
func (t *Table) Step(i, delta int) int {
	p := t.Position(i)
	if p < 0 {
		return -1
	}
	dir := 1
	if delta < 0 {
		dir, delta = -1, -delta
	}
	for p += dir; p >= 0 && p < len(t.Lines); p += dir {
		if t.Lines[p].Header() {
			continue
		}
		if delta--; delta == 0 {
			return t.Lines[p].Row
		}
	}
	return -1
}

// AfterRemove returns the test that should take the focus once test i is
// removed: the next test shown, else the previous one, as its index after
// the removal (the tests after i move up by one); -1 when none is left.
func (t *Table) AfterRemove(i int) int {
	j := t.Step(i, 1)
	if j < 0 {
		j = t.Step(i, -1)
	}
	switch {
	case j < 0:
		return -1
	case j > i:
		return j - 1
	}
	return j
}

// TableWindow is the part of a table that is drawn: the lines on screen
// and a margin, with the room the others would take above and below, so
// that the scroll bar stays true.
type TableWindow struct {
	// First is the position in Table.Lines of Lines[0].
	First int
	Lines []TableLine
	// Above and Below are the heights in pixels of the lines not drawn.
	Above, Below float64
}

// Window returns the lines of the table to draw for a scroll box scrolled
// to scrollTop and height pixels high, every line being lineHeight pixels
// high, with margin lines more on each side (see Visible). The window moves
// in steps of step lines (1 or less: line by line): drawing a window costs
// about as much however far it moved, since every line drawn may now show
// another test, so a scroll that draws again once per step rather than once
// per line costs step times less.
func (t *Table) Window(scrollTop, height, lineHeight float64, margin, step int) TableWindow {
	if step > 1 && lineHeight > 0 {
		// From the top of the step, down to the bottom of the view when
		// scrolled to the end of the step: the same lines all along it.
		span := float64(step) * lineHeight
		scrollTop = math.Floor(max(scrollTop, 0)/span) * span
		height += span
	}
	w := Visible(scrollTop, height, lineHeight, len(t.Lines), margin)
	if w.Len() == 0 {
		return TableWindow{}
	}
	first, last := w.First-1, w.Last // Visible counts from 1
	return TableWindow{
		First: first,
		Lines: t.Lines[first:last],
		Above: float64(first) * lineHeight,
		Below: float64(len(t.Lines)-last) * lineHeight,
	}
}

// ScrollInto returns the scrollTop that brings the line at position pos
// wholly into a scroll box at scrollTop, height pixels high: scrollTop
// itself when the line is already in view, else the least scroll that
// shows it (with the line before it, a group's header, when scrolling up).
func ScrollInto(pos int, scrollTop, height, lineHeight float64) float64 {
	if pos < 0 || lineHeight <= 0 {
		return scrollTop
	}
	top := float64(pos) * lineHeight
	switch {
	case top < scrollTop:
		return max(top-lineHeight, 0)
	case top+lineHeight > scrollTop+height:
		return max(top+lineHeight-height, 0)
	}
	return scrollTop
}

// Counts says in words how many tests are shown and their verdicts: "12
// tests: 9 allowed, 3 blocked", with "shown of N" when the query hides
// some.
func (t *Table) Counts() string {
	n := len(t.Shown)
	s := Plural(n, "test", "tests")
	if total := len(t.rows); n != total {
		s += " shown of " + strconv.Itoa(total)
	}
	if n == 0 {
		return s
	}
	return s + ": " + strconv.Itoa(t.Allowed) + " allowed, " + strconv.Itoa(t.Blocked) + " blocked"
}

// Label returns the text of a group's header: "https://x/a · 3 tests: 2
// allowed, 1 blocked".
func (g *TableGroup) Label() string {
	return g.Key + " · " + Plural(g.Tests, "test", "tests") + ": " + strconv.Itoa(g.Allowed) + " allowed, " + strconv.Itoa(g.Blocked) + " blocked"
}

// Choice is one option of a control: the value it sends and its title.
type Choice struct{ Value, Title string }

// crawlerPrefix starts the filter control's value of a one-crawler filter.
const crawlerPrefix = "crawler:"

// FilterChoices returns the options of the filter control: the four
// filters, then one per crawler token of tokens (value "crawler:TOKEN").
func FilterChoices(tokens []string) []Choice {
	out := []Choice{
		{"all", "All tests"},
		{string(ShowBlocked), "Blocked only"},
		{string(ShowAllowed), "Allowed only"},
		{string(ShowDisagree), "Readings disagree"},
		{string(ShowBroken), "Expectations broken"},
	}
	for _, tok := range tokens {
		out = append(out, Choice{crawlerPrefix + tok, "Only " + tok})
	}
	return out
}

// FilterValue returns the filter control's value for q. No control value
// is empty: an option without one would send its title.
func (q TableQuery) FilterValue() string {
	switch q.Filter {
	case ShowCrawler:
		return crawlerPrefix + q.Crawler
	case ShowAll:
		return "all"
	}
	return string(q.Filter)
}

// SortValue returns the order control's value for q.
func (q TableQuery) SortValue() string {
	if q.Sort == SortEntered {
		return "entered"
	}
	return string(q.Sort)
}

// GroupValue returns the grouping control's value for q.
func (q TableQuery) GroupValue() string {
	if q.Group == GroupNone {
		return "none"
	}
	return string(q.Group)
}

// WithFilter returns q with the filter of a filter control's value (see
// FilterChoices); an unknown value shows every test.
func (q TableQuery) WithFilter(value string) TableQuery {
	q.Crawler = ""
	switch f := Filter(value); f {
	case ShowBlocked, ShowAllowed, ShowDisagree, ShowBroken:
		q.Filter = f
	default:
		if tok, ok := strings.CutPrefix(value, crawlerPrefix); ok && tok != "" {
			q.Filter, q.Crawler = ShowCrawler, tok
		} else {
			q.Filter = ShowAll
		}
	}
	return q
}

// SortChoices returns the options of the order control.
func SortChoices() []Choice {
	return []Choice{
		{"entered", "As entered"},
		{string(SortCrawler), "Crawler"},
		{string(SortURL), "URL"},
		{string(SortVerdict), "Verdict (blocked first)"},
		{string(SortLine), "Deciding line"},
	}
}

// WithSort returns q in the order of an order control's value; an
// unknown value is the order of entry.
func (q TableQuery) WithSort(value string) TableQuery {
	switch k := SortKey(value); k {
	case SortCrawler, SortURL, SortVerdict, SortLine:
		q.Sort = k
	default:
		q.Sort = SortEntered
	}
	return q
}

// GroupChoices returns the options of the grouping control.
func GroupChoices() []Choice {
	return []Choice{
		{"none", "No groups"},
		{string(GroupURL), "URL"},
		{string(GroupCrawler), "Crawler"},
	}
}

// WithGroup returns q grouped by a grouping control's value; an unknown
// value is no groups.
func (q TableQuery) WithGroup(value string) TableQuery {
	switch k := GroupKey(value); k {
	case GroupURL, GroupCrawler:
		q.Group = k
	default:
		q.Group = GroupNone
	}
	return q
}

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
