package results

import (
	"fmt"
	"regexp"
	"strings"
	"testing"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"robotstester/app/model"
)

// bigTable is n tests, every second one blocked, and its analysis.
func bigTable(n int, q model.TableQuery) (*model.Analysis, *model.Table) {
	s := model.State{Robots: "User-agent: *\nDisallow: /private/\n\nUser-agent: GPTBot\nDisallow: /\n"}
	agents := []string{"Googlebot", "bingbot", "DuckDuckBot"}
	for i := range n {
		u := fmt.Sprintf("/page/%d", i)
		if i%2 == 1 {
			u = fmt.Sprintf("/private/%d", i)
		}
		s.Rows = append(s.Rows, model.Row{Agent: agents[i%len(agents)], URL: u})
	}
	a := model.Analyze(&s)
	return a, model.NewTable(a, &s, q)
}

// optionChosen reports whether an option of value v is drawn selected
// (HTMLString writes attributes in any order, and selected="true" bare).
func optionChosen(html, v string) bool {
	for _, o := range regexp.MustCompile(`<option[^>]*>`).FindAllString(html, -1) {
		if strings.Contains(o, `value="`+v+`"`) && regexp.MustCompile(` selected[ >]`).MatchString(o) {
			return true
		}
	}
	return false
}

var dataRow = regexp.MustCompile(`data-row="(\d+)"`)

// drawnRows returns the data-row values drawn, in order.
func drawnRows(html string) []string {
	var out []string
	for _, m := range dataRow.FindAllStringSubmatch(html, -1) {
		out = append(out, m[1])
	}
	return out
}

func TestResultsTableDrawsAWindow(t *testing.T) {
	a, tb := bigTable(model.MaxRows, model.TableQuery{})
	html := render(t, &ResultsTable{Table: tb, Selected: 2})
	rows := drawnRows(html)
	view := (ResultsViewHeight - ResultHeadHeight) / ResultRowHeight
	if len(rows) < view || len(rows) > view+ResultsStep+2*ResultsMargin+1 {
		t.Errorf("%d tests drawn of 1000, want about %d", len(rows), view+ResultsStep+ResultsMargin)
	}
	if rows[0] != "0" {
		t.Errorf("first test drawn: %s", rows[0])
	}
	below := (model.MaxRows - len(rows)) * ResultRowHeight
	if !strings.Contains(html, fmt.Sprintf("padding-bottom:%dpx", below)) {
		t.Errorf("no room kept for the %d tests not drawn", model.MaxRows-len(rows))
	}
	for _, want := range []string{
		`id="results"`, `data-allowed="500"`, `data-blocked="500"`, `data-shown="1000"`, `data-total="1000"`,
		`id="rows"`, `id="results-filter"`, `id="results-search"`, `id="results-sort"`, `id="results-group"`,
		`1,000 tests: 500 allowed, 500 blocked.`, `aria-rowcount="1001"`,
		`list="crawler-list"`, `name="agent"`, `name="url"`, `id="url-1"`, `id="agent-3"`,
		`data-verdict="allowed"`, `data-verdict="blocked"`, `✓ Allowed`, `✕ Blocked`,
		`data-line="2"`, `Disallow: /private/`, `data-why="1"`, `class="remove"`,
	} {
		if !strings.Contains(html, want) {
			t.Errorf("table lacks %q", want)
		}
	}
	// HTMLString writes data-selected="true" bare.
	selected := regexp.MustCompile(`<div[^>]*data-selected[^>]*>`).FindAllString(html, -1)
	if len(selected) != 1 || !strings.Contains(selected[0], `data-row="2"`) {
		t.Errorf("tests marked selected: %q, want test 2", selected)
	}
	if !a.Rows[2].Allowed {
		t.Errorf("test 2 is blocked")
	}
}

func TestResultsTableRowsKeepTheirIndex(t *testing.T) {
	// Blocked only, grouped by crawler: the tests drawn are 1, 3, 5... under
	// headers, each with its own index.
	_, tb := bigTable(20, model.TableQuery{Filter: model.ShowBlocked, Group: model.GroupCrawler})
	html := render(t, &ResultsTable{Table: tb, Selected: -1})
	rows := drawnRows(html)
	if len(rows) != 10 {
		t.Fatalf("drawn %v", rows)
	}
	for _, r := range rows {
		var i int
		fmt.Sscan(r, &i)
		if i%2 != 1 {
			t.Errorf("test %d drawn: it is allowed", i)
		}
	}
	if n := strings.Count(html, `class="result-group"`); n != len(tb.Groups) || n != 3 {
		t.Errorf("%d group headers drawn, %d groups", n, len(tb.Groups))
	}
	for _, want := range []string{`data-allowed="0"`, `data-blocked="10"`, "10 tests shown of 20", `bingbot · 4 tests: 0 allowed, 4 blocked`} {
		if !strings.Contains(html, want) {
			t.Errorf("table lacks %q", want)
		}
	}
	for _, want := range []string{"blocked", "crawler"} {
		if !optionChosen(html, want) {
			t.Errorf("option %q not chosen", want)
		}
	}
	if optionChosen(html, "allowed") {
		t.Errorf("option allowed chosen")
	}
	if strings.Contains(html, `data-selected`) {
		t.Errorf("a test is marked selected")
	}
}

func TestResultsTableReadOnlyAndEmpty(t *testing.T) {
	_, tb := bigTable(3, model.TableQuery{})
	html := render(t, &ResultsTable{Table: tb, ReadOnly: true})
	if strings.Contains(html, `class="remove"`) {
		t.Errorf("read-only table offers remove")
	}
	if n := strings.Count(html, "readonly"); n != 6 || strings.Contains(html, `readonly="false"`) {
		t.Errorf("%d read-only fields, want 6", n)
	}
	_, tb = bigTable(3, model.TableQuery{Search: "nothing matches"})
	html = render(t, &ResultsTable{Table: tb})
	if !strings.Contains(html, "No test matches") || !strings.Contains(html, `id="results-show-all"`) || len(drawnRows(html)) != 0 {
		t.Errorf("empty result: %s", html)
	}
	html = render(t, &ResultsTable{})
	if !strings.Contains(html, "No tests yet") || !strings.Contains(html, `data-total="0"`) {
		t.Errorf("no table: %s", html)
	}
}

func TestResultRowNotes(t *testing.T) {
	s := model.State{Rows: []model.Row{
		{Agent: "Mozilla/5.0 (compatible; bingbot/2.0)", URL: "/café"},
		{Agent: "Googlebot", URL: "/plain"},
	}}
	a := model.Analyze(&s)
	tb := model.NewTable(a, &s, model.TableQuery{})
	html := render(t, &ResultRow{Row: tb.Row(0)})
	for _, want := range []string{`class="note token"`, "<code>bingbot</code>", `class="note encoded"`, "<code>/caf%C3%A9</code>", "tested as /caf%C3%A9"} {
		if !strings.Contains(html, want) {
			t.Errorf("test 0 lacks %q", want)
		}
	}
	if html := render(t, &ResultRow{Row: tb.Row(1)}); strings.Contains(html, "note token") || strings.Contains(html, "note encoded") {
		t.Errorf("test 1 has notes: %s", html)
	}
}

func TestResultsTableUserTextIsText(t *testing.T) {
	const evil = `<script>alert(1)</script><b onmouseover="x()">b</b>`
	s := model.State{Robots: "User-agent: *\nDisallow: /" + evil + "\n", Rows: []model.Row{{Agent: evil, URL: "/" + evil}}}
	a := model.Analyze(&s)
	html := render(t, &ResultsTable{Table: model.NewTable(a, &s, model.TableQuery{Group: model.GroupURL, Filter: model.ShowCrawler, Crawler: evil})})
	outside := attrValue.ReplaceAllString(html, `=""`)
	for _, bad := range []string{"<script>", "<b ", "<b>"} {
		if strings.Contains(outside, bad) {
			t.Errorf("user markup %q inserted as markup", bad)
		}
	}
}

// TestResultRowKeepsTypedText checks that a focused field keeps the value
// last drawn in it, and shows the test's text otherwise.
func TestResultRowKeepsTypedText(t *testing.T) {
	r := &ResultRow{Row: model.TableRow{Index: 4, RowView: model.RowView{Agent: "Googlebot", URL: "/a"}}}
	render := func(t *testing.T, r *ResultRow) string { return app.HTMLString(r.Render()) }
	render(t, r)
	r.held.focused = "url"
	r.Row.URL = "/ab" // the test's text, from an input handled earlier
	if html := render(t, r); !strings.Contains(html, `value="/a"`) {
		t.Errorf("the focused field was redrawn: %s", html)
	}
	r.held.focused = ""
	if html := render(t, r); !strings.Contains(html, `value="/ab"`) {
		t.Errorf("the field does not show the test's text once left")
	}
	// The same element drawn for another test shows that test's text.
	r.held.focused = "url"
	r.Row = model.TableRow{Index: 9, RowView: model.RowView{Agent: "bingbot", URL: "/other"}}
	if html := render(t, r); !strings.Contains(html, `value="/other"`) || !strings.Contains(html, `data-row="9"`) {
		t.Errorf("another test's line shows the old text")
	}
}
