package model

import (
	"fmt"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"
)

// tableState is a small file and tests covering every filter, order and
// grouping: rows 0..5.
func tableState() State {
	return State{
		Robots: "User-agent: *\nDisallow: /a\nAllow: /a/b\n\nUser-agent: bingbot\nDisallow: /b\n",
		Rows: []Row{
			{Agent: "Googlebot", URL: "/a/b"}, // allowed, line 3; readings disagree
			{Agent: "bingbot", URL: "/b"},     // blocked, line 6
			{Agent: "Googlebot", URL: "/a"},   // blocked, line 2
			{Agent: "GPTBot", URL: "/z"},      // allowed, no rule
			{Agent: "bingbot", URL: "/a"},     // allowed, no rule (bingbot's group has no /a)
			{Agent: "googlebot", URL: "/b"},   // allowed, no rule
		},
	}
}

func TestTableFilter(t *testing.T) {
	s := tableState()
	a := Analyze(&s)
	for _, tt := range []struct {
		name string
		q    TableQuery
		want []int
	}{
		{"all", TableQuery{}, []int{0, 1, 2, 3, 4, 5}},
		{"blocked", TableQuery{Filter: ShowBlocked}, []int{1, 2}},
		{"allowed", TableQuery{Filter: ShowAllowed}, []int{0, 3, 4, 5}},
		{"disagree", TableQuery{Filter: ShowDisagree}, []int{0}},
		{"crawler, any case", TableQuery{Filter: ShowCrawler, Crawler: "GOOGLEBOT"}, []int{0, 2, 5}},
		{"crawler unknown", TableQuery{Filter: ShowCrawler, Crawler: "nobot"}, []int{}},
		{"search URL", TableQuery{Search: " /A "}, []int{0, 2, 4}},
		{"search rule", TableQuery{Search: "allow: /a/b"}, []int{0}},
		{"search and filter", TableQuery{Filter: ShowBlocked, Search: "bing"}, []int{1}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			tb := NewTable(a, &s, tt.q)
			if !slices.Equal(tb.Shown, tt.want) {
				t.Errorf("shown %v, want %v", tb.Shown, tt.want)
			}
			allowed := 0
			for _, i := range tt.want {
				if a.Rows[i].Allowed {
					allowed++
				}
			}
			if tb.Allowed != allowed || tb.Blocked != len(tt.want)-allowed {
				t.Errorf("counts %d allowed %d blocked, want %d %d", tb.Allowed, tb.Blocked, allowed, len(tt.want)-allowed)
			}
			if tb.AllAllowed != 4 || tb.AllBlocked != 2 {
				t.Errorf("counts of all: %d allowed %d blocked", tb.AllAllowed, tb.AllBlocked)
			}
		})
	}
}

func TestTableTokensAndRules(t *testing.T) {
	s := tableState()
	a := Analyze(&s)
	tb := NewTable(a, &s, TableQuery{})
	if want := []string{"bingbot", "Googlebot", "GPTBot"}; !slices.Equal(tb.Tokens, want) {
		t.Errorf("tokens %v, want %v", tb.Tokens, want)
	}
	if r := tb.Row(0); r.Rule != "Allow: /a/b" || r.Line != 3 || r.Index != 0 {
		t.Errorf("row 0: %+v", r)
	}
	if r := tb.Row(2); r.Rule != "Disallow: /a" {
		t.Errorf("row 2's rule %q", r.Rule)
	}
	if r := tb.Row(3); r.Rule != "" || r.Line != 0 {
		t.Errorf("row 3's rule %q", r.Rule)
	}
	if r := tb.Row(9); r.Index != -1 {
		t.Errorf("row 9: %+v", r)
	}
	// The comparison is made for the disagree filter only, then reused.
	if tb.Disagreements != -1 || tb.Row(0).Disagree {
		t.Errorf("comparison made unasked: %d", tb.Disagreements)
	}
	NewTable(a, &s, TableQuery{Filter: ShowDisagree})
	if tb := NewTable(a, &s, TableQuery{}); tb.Disagreements != 1 || !tb.Row(0).Disagree || tb.Row(1).Disagree {
		t.Errorf("comparison not reused: %d", tb.Disagreements)
	}
}

func TestTableSort(t *testing.T) {
	s := tableState()
	a := Analyze(&s)
	for _, tt := range []struct {
		key  SortKey
		want []int
	}{
		{SortEntered, []int{0, 1, 2, 3, 4, 5}},
		{SortCrawler, []int{1, 4, 0, 2, 5, 3}}, // bingbot, Googlebot/googlebot (entry order), GPTBot
		{SortURL, []int{2, 4, 0, 1, 5, 3}},
		{SortVerdict, []int{1, 2, 0, 3, 4, 5}},
		{SortLine, []int{2, 0, 1, 3, 4, 5}},
	} {
		if got := NewTable(a, &s, TableQuery{Sort: tt.key}).Shown; !slices.Equal(got, tt.want) {
			t.Errorf("sort %q: %v, want %v", tt.key, got, tt.want)
		}
	}
}

func TestTableGroups(t *testing.T) {
	s := tableState()
	a := Analyze(&s)
	tb := NewTable(a, &s, TableQuery{Group: GroupURL, Sort: SortURL})
	var got []string
	for _, l := range tb.Lines {
		if l.Header() {
			got = append(got, "#"+tb.Groups[l.Group].Key)
		} else {
			got = append(got, fmt.Sprint(l.Row))
		}
	}
	want := "#/a 2 4 #/a/b 0 #/b 1 5 #/z 3"
	if strings.Join(got, " ") != want {
		t.Errorf("lines %v, want %s", got, want)
	}
	g := tb.Groups[0]
	if g.Line != 0 || g.Tests != 2 || g.Allowed != 1 || g.Blocked != 1 {
		t.Errorf("group 0: %+v", g)
	}
	if l := g.Label(); l != "/a · 2 tests: 1 allowed, 1 blocked" {
		t.Errorf("label %q", l)
	}
	if tb.Position(4) != 2 || tb.Position(3) != 9 || tb.Lines[tb.Position(5)].Row != 5 {
		t.Errorf("positions %d %d", tb.Position(4), tb.Position(3))
	}
	// Grouped by crawler, case aside, groups in order of their first test.
	tb = NewTable(a, &s, TableQuery{Group: GroupCrawler})
	var keys []string
	for _, g := range tb.Groups {
		keys = append(keys, fmt.Sprintf("%s:%d", g.Key, g.Tests))
	}
	if strings.Join(keys, " ") != "Googlebot:3 bingbot:2 GPTBot:1" {
		t.Errorf("groups %v", keys)
	}
	if !slices.Equal(tb.Shown, []int{0, 2, 5, 1, 4, 3}) { // in the order drawn
		t.Errorf("shown %v", tb.Shown)
	}
	// A filter that keeps nothing makes no headers.
	if tb := NewTable(a, &s, TableQuery{Group: GroupURL, Search: "nothing"}); len(tb.Lines) != 0 || len(tb.Groups) != 0 {
		t.Errorf("empty grouped table: %+v", tb.Lines)
	}
}

func TestTableStep(t *testing.T) {
	s := tableState()
	a := Analyze(&s)
	// By line 2 0 1 3 4 5, then grouped: Googlebot 2 0 5, bingbot 1 4, GPTBot 3.
	tb := NewTable(a, &s, TableQuery{Sort: SortLine, Group: GroupCrawler})
	if !slices.Equal(tb.Shown, []int{2, 0, 5, 1, 4, 3}) {
		t.Errorf("shown %v", tb.Shown)
	}
	for _, tt := range []struct{ i, delta, want int }{
		{0, 1, 5}, {0, -1, 2}, {2, -1, -1}, {5, 1, 1}, {1, -1, 5}, {4, 1, 3}, {3, 1, -1}, {3, -1, 4}, {2, 3, 1}, {3, -5, 2}, {7, 1, -1},
	} {
		if got := tb.Step(tt.i, tt.delta); got != tt.want {
			t.Errorf("Step(%d, %d) = %d, want %d", tt.i, tt.delta, got, tt.want)
		}
	}
	tb = NewTable(a, &s, TableQuery{Filter: ShowAllowed}) // 0 3 4 5
	for _, tt := range []struct{ i, want int }{
		{0, 2}, // row 3 follows, and becomes 2
		{5, 4}, // the last: row 4, the previous, keeps its index
		{3, 3}, // row 4 follows, becomes 3
		{1, -1},
	} {
		if got := tb.AfterRemove(tt.i); got != tt.want {
			t.Errorf("AfterRemove(%d) = %d, want %d", tt.i, got, tt.want)
		}
	}
	one := State{Robots: "", Rows: []Row{{Agent: "a", URL: "/"}}}
	if got := NewTable(Analyze(&one), &one, TableQuery{}).AfterRemove(0); got != -1 {
		t.Errorf("AfterRemove of the only test = %d", got)
	}
}

// bigState is n tests over a file with a few groups: every second one
// blocked.
func bigState(n int) State {
	s := State{Robots: "User-agent: *\nDisallow: /private/\nAllow: /private/press/\n\nUser-agent: GPTBot\nDisallow: /\n"}
	agents := []string{"Googlebot", "bingbot", "GPTBot", "Baiduspider", "DuckDuckBot"}
	for i := range n {
		u := fmt.Sprintf("/page/%d", i)
		if i%2 == 1 {
			u = fmt.Sprintf("/private/%d", i)
		}
		s.Rows = append(s.Rows, Row{Agent: agents[i%len(agents)], URL: u})
	}
	return s
}

func TestTableThousand(t *testing.T) {
	s := bigState(MaxRows)
	a := Analyze(&s)
	start := time.Now()
	tb := NewTable(a, &s, TableQuery{Filter: ShowDisagree, Sort: SortURL, Group: GroupCrawler})
	if d := time.Since(start); d > 2*time.Second {
		t.Errorf("a table of 1000 tests with the comparison took %v", d)
	}
	if tb.Disagreements < 0 {
		t.Fatalf("no comparison")
	}
	start = time.Now()
	tb = NewTable(a, &s, TableQuery{Sort: SortCrawler, Group: GroupURL})
	if d := time.Since(start); d > 200*time.Millisecond {
		t.Errorf("a table of 1000 tests took %v", d)
	}
	if len(tb.Shown) != MaxRows || len(tb.Lines) != MaxRows+len(tb.Groups) || tb.Allowed+tb.Blocked != MaxRows {
		t.Fatalf("shown %d, lines %d, groups %d", len(tb.Shown), len(tb.Lines), len(tb.Groups))
	}
	// Every test is at its position, once.
	seen := make([]bool, MaxRows)
	for p, l := range tb.Lines {
		if l.Header() {
			continue
		}
		if seen[l.Row] || tb.Position(l.Row) != p {
			t.Fatalf("test %d at %d, position %d", l.Row, p, tb.Position(l.Row))
		}
		seen[l.Row] = true
	}

	// The window: 30 lines of 40 px on screen, 10 more on each side.
	const lh, view, margin = 40.0, 1200.0, 10
	total := float64(len(tb.Lines)) * lh
	for _, top := range []float64{0, 40, 13_000, total - view, total + 500, -50} {
		w := tb.Window(top, view, lh, margin, 1)
		if len(w.Lines) > 30+2*margin+1 {
			t.Errorf("top %v: %d lines drawn", top, len(w.Lines))
		}
		if got := w.Above + float64(len(w.Lines))*lh + w.Below; got != total {
			t.Errorf("top %v: above %v + drawn + below %v = %v, want %v", top, w.Above, w.Below, got, total)
		}
		if w.Above != float64(w.First)*lh || &w.Lines[0] != &tb.Lines[w.First] {
			t.Errorf("top %v: first %d, above %v", top, w.First, w.Above)
		}
		// The lines on screen are all drawn.
		firstOn := int(max(min(top, total-lh), 0) / lh)
		if firstOn < w.First || firstOn >= w.First+len(w.Lines) {
			t.Errorf("top %v: line %d on screen not drawn (%d..%d)", top, firstOn, w.First, w.First+len(w.Lines)-1)
		}
	}
	if w := NewTable(a, &s, TableQuery{Search: "nothing"}).Window(0, view, lh, margin, 8); len(w.Lines) != 0 || w.Above != 0 || w.Below != 0 {
		t.Errorf("empty window: %+v", w)
	}

	// In steps of 12 lines: the same window all along a step, which holds
	// every line in view, and a new one past it.
	const step = 12
	prev := tb.Window(0, view, lh, 4, step)
	moves := 0
	for top := 0.0; top <= total-view; top += 7 {
		w := tb.Window(top, view, lh, 4, step)
		firstOn, lastOn := int(top/lh), int((top+view-1)/lh)
		if firstOn < w.First || lastOn >= w.First+len(w.Lines) {
			t.Fatalf("top %v: lines %d..%d in view, %d..%d drawn", top, firstOn, lastOn, w.First, w.First+len(w.Lines)-1)
		}
		if len(w.Lines) > 30+step+2*4+1 {
			t.Fatalf("top %v: %d lines drawn", top, len(w.Lines))
		}
		if w.Above+float64(len(w.Lines))*lh+w.Below != total {
			t.Fatalf("top %v: heights do not add up", top)
		}
		if w.First != prev.First || len(w.Lines) != len(prev.Lines) {
			moves++
			if int(top/(step*lh)) == int((top-7)/(step*lh)) {
				t.Fatalf("top %v: the window moved within a step", top)
			}
		}
		prev = w
	}
	if want := int((total-view)/lh) / step; moves < want-1 || moves > want+1 {
		t.Errorf("the window moved %d times over %v px, want about %d", moves, total-view, want)
	}
}

func TestScrollInto(t *testing.T) {
	for _, tt := range []struct {
		pos        int
		top, want  float64
		height, lh float64
	}{
		{pos: 5, top: 0, want: 0, height: 400, lh: 40},     // in view
		{pos: 9, top: 0, want: 0, height: 400, lh: 40},     // the last line in view
		{pos: 10, top: 0, want: 40, height: 400, lh: 40},   // just below
		{pos: 50, top: 0, want: 1640, height: 400, lh: 40}, // far below: at the bottom
		{pos: 2, top: 400, want: 40, height: 400, lh: 40},  // above: at the top, with the line before
		{pos: 0, top: 400, want: 0, height: 400, lh: 40},
		{pos: -1, top: 120, want: 120, height: 400, lh: 40}, // not shown
	} {
		if got := ScrollInto(tt.pos, tt.top, tt.height, tt.lh); got != tt.want {
			t.Errorf("ScrollInto(%d, %v) = %v, want %v", tt.pos, tt.top, got, tt.want)
		}
	}
}

func TestTableCounts(t *testing.T) {
	s := tableState()
	a := Analyze(&s)
	for _, tt := range []struct {
		q    TableQuery
		want string
	}{
		{TableQuery{}, "6 tests: 4 allowed, 2 blocked"},
		{TableQuery{Filter: ShowBlocked}, "2 tests shown of 6: 0 allowed, 2 blocked"},
		{TableQuery{Search: "zzz"}, "0 tests shown of 6"},
	} {
		if got := NewTable(a, &s, tt.q).Counts(); got != tt.want {
			t.Errorf("%+v: %q, want %q", tt.q, got, tt.want)
		}
	}
}

func TestTableChoices(t *testing.T) {
	choices := FilterChoices([]string{"Googlebot", "GPTBot"})
	if len(choices) != 7 || choices[5].Value != "crawler:Googlebot" || choices[6].Title != "Only GPTBot" {
		t.Errorf("filter choices %v", choices)
	}
	var q TableQuery
	for _, c := range choices {
		q = q.WithFilter(c.Value)
		if q.FilterValue() != c.Value {
			t.Errorf("filter %q reads back as %q", c.Value, q.FilterValue())
		}
	}
	if q.Filter != ShowCrawler || q.Crawler != "GPTBot" {
		t.Errorf("query %+v", q)
	}
	if q = q.WithFilter("nonsense"); q.Filter != ShowAll || q.Crawler != "" {
		t.Errorf("unknown filter: %+v", q)
	}
	if q = q.WithFilter("crawler:"); q.Filter != ShowAll {
		t.Errorf("empty crawler: %+v", q)
	}
	for _, c := range SortChoices() {
		if got := q.WithSort(c.Value).SortValue(); got != c.Value {
			t.Errorf("sort %q reads back as %q", c.Value, got)
		}
	}
	for _, c := range GroupChoices() {
		if got := q.WithGroup(c.Value).GroupValue(); got != c.Value {
			t.Errorf("group %q reads back as %q", c.Value, got)
		}
	}
	for _, list := range [][]Choice{choices, SortChoices(), GroupChoices()} {
		for _, c := range list {
			if c.Value == "" {
				t.Errorf("option %q has no value", c.Title)
			}
		}
	}
	if (TableQuery{}).FilterValue() != "all" || (TableQuery{}).WithFilter("all").Filter != ShowAll {
		t.Errorf("the zero filter")
	}
	if q.WithSort("x").Sort != SortEntered || q.WithGroup("x").Group != GroupNone {
		t.Errorf("unknown order or grouping kept")
	}
}

func TestTableState(t *testing.T) {
	s := tableState()
	a := Analyze(&s)
	var ts TableState
	ts.SetQuery(TableQuery{Sort: SortURL, Filter: ShowBlocked})
	t1 := ts.Table(a, &s)
	if !slices.Equal(t1.Shown, []int{2, 1}) || t1.Held {
		t.Fatalf("shown %v", t1.Shown)
	}
	if ts.Table(a, &s) != t1 {
		t.Errorf("the same analysis made a new table")
	}
	// Two tables are told apart by their first field, without comparing
	// their tests (go-app compares props with reflect.DeepEqual).
	if t1b := NewTable(a, &s, ts.Query()); t1b.serial == t1.serial || reflect.DeepEqual(*t1b, *t1) {
		t.Errorf("two tables share serial %d", t1.serial)
	}
	if f := reflect.TypeFor[Table]().Field(0); f.Name != "serial" {
		t.Errorf("the first field of Table is %s", f.Name)
	}
	a.Select(&State{Selected: 3, Rows: s.Rows, Robots: s.Robots})
	if ts.Table(a, &s) != t1 {
		t.Errorf("a new selection made a new table")
	}

	// Typing in test 2: the table keeps its lines, though test 2 now sorts
	// last and is allowed.
	s.Rows[2].URL = "/zz"
	a.Recheck(&s)
	t2 := ts.Table(a, &s)
	if !t2.Held || !slices.Equal(t2.Shown, []int{2, 1}) || t2.Row(2).URL != "/zz" || t2.Allowed != 1 || t2.Blocked != 1 {
		t.Errorf("held table: held %v, shown %v, row 2 %q, counts %d %d", t2.Held, t2.Shown, t2.Row(2).URL, t2.Allowed, t2.Blocked)
	}
	if !t2.OrderKept() {
		t.Errorf("a held table sorted by URL does not say its order is kept")
	}
	// Every test as entered: a held table keeps nothing its query would
	// change (no "Sort again" that does nothing).
	var entered TableState
	entered.Table(a, &s)
	s.Rows[2].URL = "/zzz"
	a.Recheck(&s)
	if te := entered.Table(a, &s); !te.Held || te.OrderKept() {
		t.Errorf("as entered: held %v, order kept %v", te.Held, te.OrderKept())
	}
	// Choosing the query again sorts and filters anew.
	ts.SetQuery(ts.Query())
	if t3 := ts.Table(a, &s); t3.Held || !slices.Equal(t3.Shown, []int{1}) {
		t.Errorf("after SetQuery: held %v, shown %v", t3.Held, t3.Shown)
	}
	// A change of dialect (no text changed) sorts anew.
	s.Rows[1].URL = "/a"
	a.Recheck(&s)
	if t4 := ts.Table(a, &s); !t4.Held {
		t.Errorf("typing did not hold")
	}
	s.Dialect = "mk1996"
	a.Recheck(&s)
	if t5 := ts.Table(a, &s); t5.Held {
		t.Errorf("a change of dialect held the lines")
	}
	// A pin is no typing: the table is made anew.
	s.Rows[1].URL = "/ab"
	a.Recheck(&s)
	ts.Table(a, &s)
	s.Rows[1].Expect = ExpectBlocked
	a.Recheck(&s)
	if t6 := ts.Table(a, &s); t6.Held || t6.Pinned != 1 {
		t.Errorf("a pin held the lines (held %v, pinned %d)", t6.Held, t6.Pinned)
	}
	// A change of the file, or of more than one test, sorts anew.
	s.Rows[0].URL, s.Rows[3].URL = "/x", "/y"
	a.Recheck(&s)
	if ts.Table(a, &s).Held {
		t.Errorf("a change of two tests held the lines")
	}
	s.Rows[0].URL = "/xx"
	s.Robots += "Disallow: /xx\n"
	if ts.Table(Analyze(&s), &s).Held {
		t.Errorf("a change of the file held the lines")
	}
	// Removing a test sorts anew.
	s.RemoveRow(0)
	if ts.Table(Analyze(&s), &s).Held {
		t.Errorf("a removal held the lines")
	}
}

func TestTableStateShow(t *testing.T) {
	s := tableState()
	a := Analyze(&s)
	var ts TableState
	ts.SetQuery(TableQuery{Filter: ShowBlocked, Search: "a", Sort: SortURL, Group: GroupURL})
	if ts.Show(a, &s, 2) || ts.Query().Filter != ShowBlocked {
		t.Errorf("a test shown lifted the filter")
	}
	if !ts.Show(a, &s, 0) {
		t.Fatalf("a hidden test did not lift the filter")
	}
	if q := ts.Query(); q != (TableQuery{Sort: SortURL, Group: GroupURL}) {
		t.Errorf("query %+v", q)
	}
	if ts.Table(a, &s).Position(0) < 0 {
		t.Errorf("test 0 still hidden")
	}
	if ts.Show(a, &s, 99) {
		t.Errorf("no such test")
	}
}

func BenchmarkTable1000(b *testing.B) {
	s := bigState(MaxRows)
	a := Analyze(&s)
	for b.Loop() {
		NewTable(a, &s, TableQuery{Sort: SortURL, Group: GroupCrawler, Search: "private"})
	}
}

func BenchmarkCompare1000(b *testing.B) {
	s := bigState(MaxRows)
	a := Analyze(&s)
	for b.Loop() {
		Compare(a.File, &s)
	}
}
