package ui

import (
	"math"
	"strconv"
	"strings"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"robotstester/app/ui/model"

	"robotstester/app/ui/dom"

	"robotstester/app/ui/widget"
)

// Geometry of the results table, shared with web/results.css: the table
// draws only the lines near view and places them by arithmetic, so every
// line (a test or a group's header) is exactly one row height high.
const (
	// ResultRowHeight is the height in pixels of a line of the results
	// table (results.css: --result-row).
	ResultRowHeight = 40
	// ResultRowHeightNarrow is that height in a narrow table, where a test
	// takes three lines: its crawler and verdict, its URL, its deciding
	// rule and Why control (results.css: --result-row inside
	// the @container query of ResultsNarrowWidth).
	ResultRowHeightNarrow = 110
	// ResultHeadHeight is the height in pixels of the column headers, which
	// stay at the top of the scroll box (results.css: --result-head).
	ResultHeadHeight = 32
	// ResultsNarrowWidth is the width in CSS pixels of the table (#results)
	// under which a test takes three lines: a phone, a tablet held upright,
	// a docs page's 800 px frame. On one line, so narrow a table leaves the
	// URL and the deciding rule a few characters each. results.css uses the
	// same, in a container query, so that the Go side and the style sheet
	// agree.
	ResultsNarrowWidth = 880
	// ResultsViewHeight is the height in pixels assumed for the scroll box
	// until the browser gives its own (the prerendered page).
	ResultsViewHeight = 480
	// ResultsMargin is how many lines are drawn above and below those in
	// view, so that a fast scroll shows no blank before the next frame.
	ResultsMargin = 4
	// ResultsStep is how many lines the drawn window moves at once: every
	// line drawn then shows another test, so the table is drawn again once
	// per ResultsStep lines scrolled rather than once per line.
	ResultsStep = 12

	// ResultsID is the id of the table's root, which carries data-allowed
	// and data-blocked: the counts of the tests shown.
	ResultsID = "results"
	// ResultsBoxID is the id of the table's scroll box.
	ResultsBoxID = "rows"
)

// RowReveal asks the results table to bring a test into view, and to give
// one of its fields the focus. The table acts each time Seq changes (and at
// mount when Seq is not 0), so that revealing the same test twice works.
type RowReveal struct {
	Row int // the test's index in the state's rows
	// Field is the field to focus: "url" or "agent"; "" brings the test
	// into view without moving the focus.
	Field string
	// Select selects the field's text, so that typing replaces it.
	Select bool
	Seq    int
}

// ResultsTable is the tests as a compact table, one line per test: the
// filter, order and grouping controls and the counts at the top, then a
// scroll box that draws only the lines near view, so that 1000 tests cost
// no more to draw than 50.
//
// Tester gives it the table to draw (model.TableState.Table) and the
// selected test; the table keeps its scroll to itself. Hooks: #results
// [data-allowed][data-blocked][data-shown][data-total], the controls
// #results-filter, #results-search, #results-sort, #results-group (and
// #results-resort while the lines are held), #results-counts (with
// data-pinned and data-broken on #results: the expectations pinned, and
// broken), the scroll
// box #rows, and each test's line (see ResultRow).
type ResultsTable struct {
	app.Compo

	Table    *model.Table
	Selected int  // the selected test's index, -1 for none
	ReadOnly bool // embed mode's readonly=1: fields read-only, no remove, no Enter
	Reveal   RowReveal

	onAgent  func(ctx app.Context, i int, agent string)
	onURL    func(ctx app.Context, i int, url string)
	onPaste  func(ctx app.Context, i int, text string)
	onSelect func(ctx app.Context, i int)
	// onWhy is the Why control of test i: select it and show the Why
	// panel. Without it, the control calls onSelect.
	onWhy    func(ctx app.Context, i int)
	onRemove func(ctx app.Context, i int)
	// onPin pins test i's verdict as expected, or takes the pin off.
	onPin    func(ctx app.Context, i int)
	onReveal func(ctx app.Context, line int)
	// onEnter is Enter in test i's URL field: Tester adds a test after it
	// and reveals it.
	onEnter func(ctx app.Context, i int)
	onQuery func(ctx app.Context, q model.TableQuery)

	own     app.Context // from OnMount: timers and focus moves outlive a row
	mounted bool
	// settled is set a task after the table is mounted: its first draw
	// (27 tests at most, 430 elements, which go-app draws in about 100 ms
	// on a 2-core machine) draws the lines in view only, and the lines
	// above and below them follow in a task of their own.
	settled   bool
	top       float64 // the scroll box's scrollTop
	maxHeight float64 // the scroll box's max-height, from the style sheet
	narrow    bool    // the table is narrower than ResultsNarrowWidth
	revealed  int     // the Reveal.Seq acted upon
	search    string  // the search field's first value; the field is the user's after
	searchSet bool
	next      *focusTarget // where the focus goes once the table is drawn
}

// focusTarget is a control of a test's line to give the focus to.
type focusTarget struct {
	row  int    // the test; -1: the scroll box
	ctl  string // "agent", "url", "why", "remove", "line", or "" to scroll only
	sel  bool   // select the field's text
	hold bool   // keep the focus where it was: only if the redraw took it away

	el         app.Value // hold: the element that had the focus
	start, end int       // hold: the field's selection
	tries      int
}

// OnMount runs in the browser: the table measures its box and follows a
// Reveal given before.
func (p *ResultsTable) OnMount(ctx app.Context) {
	p.own, p.mounted = ctx, true
	p.revealed = 0
	dom.AfterFrame(ctx, func(app.Context) { p.settled = true })
	changed := p.measure()
	if p.Reveal.Seq != 0 {
		p.bring(p.Reveal)
		changed = true
	}
	if changed {
		ctx.Update()
	}
}

// OnResize measures the box again: the row height may have changed.
func (p *ResultsTable) OnResize(ctx app.Context) { p.measure() }

// OnUpdate runs when Tester gives new props, before they are drawn.
func (p *ResultsTable) OnUpdate(ctx app.Context) {
	p.syncSearch()
	if p.Reveal.Seq != p.revealed {
		p.bring(p.Reveal)
		return
	}
	p.holdFocus()
}

// syncSearch writes the query's search text into the search field when
// the query was changed from outside (Tester lifting a filter) and the
// field is not being typed in: the field is otherwise the user's, never
// written by a redraw (go-app cannot clear a field it drew, #1083).
func (p *ResultsTable) syncSearch() {
	if !p.mounted {
		return
	}
	f := dom.Element("results-search")
	if !f.Truthy() || f.Equal(app.Window().Get("document").Get("activeElement")) {
		return
	}
	if q := p.table().Query.Search; f.Get("value").String() != q {
		f.Set("value", q)
	}
}

// measure reads the box's max-height and which row height applies, and
// reports whether either changed.
func (p *ResultsTable) measure() bool {
	if !app.IsClient {
		return false
	}
	narrow := p.narrow
	if root := dom.Element(ResultsID); root.Truthy() {
		if w := root.Get("clientWidth").Float(); w > 0 {
			narrow = w < ResultsNarrowWidth
		}
	}
	h := p.maxHeight
	if box := dom.Element(ResultsBoxID); box.Truthy() {
		css := app.Window().Call("getComputedStyle", box).Get("maxHeight").String()
		if v, err := strconv.ParseFloat(strings.TrimSuffix(css, "px"), 64); err == nil && v > 0 {
			h = v
		} else if ch := box.Get("clientHeight").Float(); ch > 0 {
			h = ch
		}
		p.top = box.Get("scrollTop").Float()
	}
	changed := narrow != p.narrow || h != p.maxHeight
	p.narrow, p.maxHeight = narrow, h
	return changed
}

func (p *ResultsTable) table() *model.Table {
	if p.Table == nil {
		return &model.Table{}
	}
	return p.Table
}

// rowHeight returns the height of a line.
func (p *ResultsTable) rowHeight() float64 {
	if p.narrow {
		return ResultRowHeightNarrow
	}
	return ResultRowHeight
}

// view returns the height in pixels of the box's part where lines show:
// the box, as high as its lines up to its max-height, less the headers.
func (p *ResultsTable) view() float64 {
	h := p.maxHeight
	if h <= 0 {
		h = ResultsViewHeight
	}
	lines := float64(len(p.table().Lines)) * p.rowHeight()
	return max(min(h-ResultHeadHeight, lines), 0)
}

// window returns the lines to draw.
func (p *ResultsTable) window() model.TableWindow {
	t, lh := p.table(), p.rowHeight()
	top := min(p.top, max(float64(len(t.Lines))*lh-p.view(), 0))
	margin, step := ResultsMargin, ResultsStep
	if app.IsClient && !p.settled {
		// The table's first draw, in the browser: the lines in view only.
		margin, step = 0, 1
	}
	return t.Window(top, p.view(), lh, margin, step)
}

// Render returns the component's markup.
func (p *ResultsTable) Render() app.UI {
	t := p.table()
	q := t.Query
	if !p.searchSet {
		p.search, p.searchSet = q.Search, true
	}
	w := p.window()

	lines := make([]app.UI, len(w.Lines))
	for k, l := range w.Lines {
		pos := w.First + k
		if l.Header() {
			g := &t.Groups[l.Group]
			lines[k] = app.Div().Class("result-group").Role("row").Aria("rowindex", pos+2).Body(
				app.Span().Role("rowheader").Aria("colspan", 6).Text(g.Label()),
			)
			continue
		}
		lines[k] = &ResultRow{
			Row:      t.Row(l.Row),
			Pos:      pos,
			Selected: l.Row == p.Selected,
			ReadOnly: p.ReadOnly,
			onAgent:  p.onAgent,
			onURL:    p.onURL,
			onPaste:  p.onPaste,
			onFocus:  p.focusRow,
			onWhy:    p.why,
			onRemove: p.remove,
			onPin:    p.onPin,
			onReveal: p.RevealLine,
			onKey:    p.key,
		}
	}

	root := app.Div().ID(ResultsID).Class("results").
		DataSet("allowed", t.Allowed).
		DataSet("blocked", t.Blocked).
		DataSet("shown", len(t.Shown)).
		DataSet("total", t.Len()).
		DataSet("pinned", t.Pinned).
		DataSet("broken", t.Broken)
	if t.Held {
		root = root.DataSet("held", "true")
	}
	return root.Body(
		p.controls(t, q),
		app.P().ID("results-counts").Class("note").Aria("live", "polite").Text(countsText(t)),
		app.Div().ID(ResultsBoxID).Class("results-scroll").TabIndex(-1).OnScroll(p.scroll).Body(
			app.Div().Class("results-table").Role("table").
				Aria("label", "Tests").
				Aria("rowcount", len(t.Lines)+1).
				Body(
					app.Div().Class("results-head").Role("rowgroup").Body(
						app.Div().Class("result").Role("row").Aria("rowindex", 1).Body(
							app.Span().Class("num").Role("columnheader").Text("#"),
							app.Span().Class("agent").Role("columnheader").Text("Crawler"),
							app.Span().Class("url").Role("columnheader").Text("URL"),
							app.Span().Class("outcome").Role("columnheader").Text("Verdict"),
							app.Span().Class("rule").Role("columnheader").Text("Deciding rule"),
							app.Span().Class("actions").Role("columnheader").Aria("label", "Actions").Text(""),
						),
					),
					app.Div().Class("results-body").Role("rowgroup").
						Style("padding-top", px(w.Above)).
						Style("padding-bottom", px(w.Below)).
						Body(lines...),
				),
		),
		app.If(len(t.Shown) == 0, func() app.UI {
			if t.Len() == 0 {
				return app.P().Class("note results-empty").Text("No tests yet.")
			}
			return app.P().Class("note results-empty").Body(
				app.Text("No test matches. "),
				app.Button().Type("button").ID("results-show-all").OnClick(p.showAll).Text("Show all tests"),
			)
		}),
	)
}

// controls returns the filter, search, order and grouping controls.
func (p *ResultsTable) controls(t *model.Table, q model.TableQuery) app.UI {
	filters := model.FilterChoices(t.Tokens)
	if q.Filter == model.ShowCrawler && !hasChoice(filters, q.FilterValue()) {
		// The crawler's tests are gone: the filter still says what it is.
		filters = append(filters, model.Choice{Value: q.FilterValue(), Title: "Only " + q.Crawler})
	}
	return app.Div().Class("results-controls tools").Role("group").Aria("label", "Which tests, in which order").Body(
		app.Span().Class("control").Body(
			app.Label().For("results-filter").Text("Show"),
			widget.ChoiceSelect("results-filter", filters, q.FilterValue(), p.filter),
		),
		app.Span().Class("control").Body(
			app.Label().For("results-search").Text("Find"),
			app.Input().ID("results-search").Type("search").Name("results-search").
				Value(p.search).
				Placeholder("crawler, URL, rule").
				Attr("autocomplete", "off").
				Spellcheck(false).
				OnInput(p.searchInput),
		),
		app.Span().Class("control").Body(
			app.Label().For("results-sort").Text("Sort by"),
			widget.ChoiceSelect("results-sort", model.SortChoices(), q.SortValue(), p.sort),
		),
		app.Span().Class("control").Body(
			app.Label().For("results-group").Text("Group by"),
			widget.ChoiceSelect("results-group", model.GroupChoices(), q.GroupValue(), p.group),
		),
		app.If(t.OrderKept(), func() app.UI {
			return app.Button().Type("button").ID("results-resort").
				Title("The order is kept while you edit a test").
				OnClick(p.resort).Text("Sort again")
		}),
	)
}

// countsText says how many tests are shown, their verdicts and, once the
// comparison is made, on how many the readings disagree.
func countsText(t *model.Table) string {
	s := t.Counts() + "."
	if t.Disagreements > 0 {
		s += " The readings disagree on " + model.Plural(t.Disagreements, "test", "tests") + "."
	}
	if e := model.ExpectCounts(t.Pinned, t.Broken); e != "" {
		s += " " + e + "."
	}
	if t.OrderKept() {
		s += " Order kept while you edit."
	}
	return s
}

func hasChoice(choices []model.Choice, value string) bool {
	for _, c := range choices {
		if c.Value == value {
			return true
		}
	}
	return false
}

func px(v float64) string { return strconv.FormatFloat(math.Round(v), 'f', 0, 64) + "px" }

// The controls' handlers: each sends the new query.

func (p *ResultsTable) query(ctx app.Context, q model.TableQuery) {
	if p.onQuery != nil {
		p.onQuery(ctx, q)
	}
}

func (p *ResultsTable) filter(ctx app.Context, e app.Event) {
	p.query(ctx, p.table().Query.WithFilter(ctx.JSSrc().Get("value").String()))
}

func (p *ResultsTable) sort(ctx app.Context, e app.Event) {
	p.query(ctx, p.table().Query.WithSort(ctx.JSSrc().Get("value").String()))
}

func (p *ResultsTable) group(ctx app.Context, e app.Event) {
	p.query(ctx, p.table().Query.WithGroup(ctx.JSSrc().Get("value").String()))
}

func (p *ResultsTable) searchInput(ctx app.Context, e app.Event) {
	q := p.table().Query
	q.Search = ctx.JSSrc().Get("value").String()
	p.query(ctx, q)
}

func (p *ResultsTable) resort(ctx app.Context, e app.Event) { p.query(ctx, p.table().Query) }

func (p *ResultsTable) showAll(ctx app.Context, e app.Event) {
	q := p.table().Query
	q.Filter, q.Crawler, q.Search = model.ShowAll, "", ""
	if f := dom.Element("results-search"); f.Truthy() {
		f.Set("value", "") // go-app cannot clear a field it drew (#1083)
	}
	p.query(ctx, q)
}

// scroll follows the box's scroll; the page is drawn again only when other
// lines come into the window.
func (p *ResultsTable) scroll(ctx app.Context, e app.Event) {
	before := p.window()
	p.top = ctx.JSSrc().Get("scrollTop").Float()
	after := p.window()
	if after.First == before.First && len(after.Lines) == len(before.Lines) {
		ctx.PreventUpdate()
		return
	}
	p.holdFocus()
}

// The rows' handlers.

func (p *ResultsTable) focusRow(ctx app.Context, i int) {
	if p.onSelect != nil {
		p.onSelect(ctx, i)
	}
}

// why selects test i for the Why panel, and makes sure the panel is in
// view once drawn.
func (p *ResultsTable) why(ctx app.Context, i int) {
	switch {
	case p.onWhy != nil:
		p.onWhy(ctx, i)
	case p.onSelect != nil:
		p.onSelect(ctx, i)
	}
	if p.mounted {
		p.own.Defer(func(app.Context) { showWhy(i) })
	}
}

// remove removes test i, and keeps the focus in the table: on the next
// test shown's remove button, or the previous one's, or the box.
func (p *ResultsTable) remove(ctx app.Context, i int) {
	target := p.table().AfterRemove(i)
	if p.onRemove != nil {
		p.onRemove(ctx, i)
	}
	p.next = &focusTarget{row: target, ctl: "remove"}
	p.deferFocus()
}

func (p *ResultsTable) RevealLine(ctx app.Context, i, line int) {
	if p.onSelect != nil && i != p.Selected {
		p.onSelect(ctx, i)
	}
	if p.onReveal != nil {
		p.onReveal(ctx, line)
	}
}

// key handles a key in test i's field: Enter in a URL field asks for a
// new test after it; ArrowUp and ArrowDown move to the same field of the
// previous or next test shown.
func (p *ResultsTable) key(ctx app.Context, i int, field, key string) bool {
	switch key {
	case "Enter":
		if field != "url" || p.ReadOnly || p.onEnter == nil {
			return false
		}
		p.onEnter(ctx, i)
		return true
	case "ArrowUp", "ArrowDown":
		delta := 1
		if key == "ArrowUp" {
			delta = -1
		}
		if f := p.next; f != nil && !f.hold && f.ctl == field && f.row >= 0 {
			// Keys come faster than frames: the focus has yet to reach
			// the test the last key chose; go on from there.
			i = f.row
		}
		j := p.table().Step(i, delta)
		if j < 0 {
			return false
		}
		p.bring(RowReveal{Row: j, Field: field, Seq: p.revealed})
		return true
	}
	return false
}

// bring scrolls test r.Row into view and, once drawn, focuses its field.
// A test the query hides is not shown.
func (p *ResultsTable) bring(r RowReveal) {
	p.revealed = r.Seq
	pos := p.table().Position(r.Row)
	if pos < 0 {
		return
	}
	p.top = model.ScrollInto(pos, p.top, p.view(), p.rowHeight())
	p.next = &focusTarget{row: r.Row, ctl: r.Field, sel: r.Select}
	p.deferFocus()
}

// holdFocus notes the control that has the focus, before a redraw that
// may give its element to another test (the lines are drawn into the same
// elements, by place), so as to give the focus back to that control after.
func (p *ResultsTable) holdFocus() {
	if p.next != nil || !p.mounted {
		return
	}
	el := app.Window().Get("document").Get("activeElement")
	box := dom.Element(ResultsBoxID)
	if !el.Truthy() || !box.Truthy() || !box.Call("contains", el).Bool() {
		return
	}
	row := el.Call("closest", "["+"data-"+dom.RowAttr+"]")
	if !row.Truthy() {
		return
	}
	i, err := strconv.Atoi(row.Call("getAttribute", "data-"+dom.RowAttr).String())
	if err != nil {
		return
	}
	f := &focusTarget{row: i, ctl: controlOf(el), hold: true, el: el}
	if f.ctl == "agent" || f.ctl == "url" {
		f.start, f.end = el.Get("selectionStart").Int(), el.Get("selectionEnd").Int()
	}
	p.next = f
	p.deferFocus()
}

func (p *ResultsTable) deferFocus() {
	if p.mounted {
		p.own.Defer(p.applyFocus)
	}
}

// applyFocus runs once the table is drawn: it scrolls the box to the
// table's scroll and gives the focus to the target.
func (p *ResultsTable) applyFocus(ctx app.Context) {
	f := p.next
	if f == nil {
		return
	}
	p.next = nil
	box := dom.Element(ResultsBoxID)
	if !box.Truthy() {
		return
	}
	if f.hold {
		p.refocus(box, f)
		return
	}
	if math.Abs(box.Get("scrollTop").Float()-p.top) >= 1 {
		box.Set("scrollTop", p.top)
	}
	if f.row < 0 {
		box.Call("focus")
		return
	}
	if f.ctl == "" {
		return
	}
	el := box.Call("querySelector", controlSelector(f.row, f.ctl))
	if !el.Truthy() {
		// Not drawn: the table changed under the target. Scroll to it and
		// try once more after the next drawing.
		if pos := p.table().Position(f.row); pos >= 0 && f.tries == 0 {
			f.tries++
			p.top = model.ScrollInto(pos, p.top, p.view(), p.rowHeight())
			p.next = f
			p.own.Dispatch(func(ctx app.Context) { ctx.Defer(p.applyFocus) })
			return
		}
		box.Call("focus")
		return
	}
	el.Call("focus")
	if f.sel {
		el.Call("select")
	}
}

// refocus gives the focus back to the control that had it before a
// redraw, if the redraw took it: its element now shows another test, or
// was replaced. A focus moved on purpose meanwhile is left alone.
func (p *ResultsTable) refocus(box app.Value, f *focusTarget) {
	active := app.Window().Get("document").Get("activeElement")
	connected := f.el.Get("isConnected").Bool()
	switch {
	case connected && !active.Equal(f.el):
		return // the focus moved on purpose
	case connected:
		row := f.el.Call("closest", "[data-"+dom.RowAttr+"]")
		if row.Truthy() && row.Call("getAttribute", "data-"+dom.RowAttr).String() == strconv.Itoa(f.row) {
			return // still the same test's control
		}
	case active.Truthy() && !active.Equal(app.Window().Get("document").Get("body")):
		return // the element went and the focus is elsewhere
	}
	el := box.Call("querySelector", controlSelector(f.row, f.ctl))
	if !el.Truthy() {
		// The test scrolled out of the window: keep the keys out of
		// another test's fields.
		box.Call("focus", map[string]any{"preventScroll": true})
		return
	}
	el.Call("focus", map[string]any{"preventScroll": true})
	if f.ctl == "agent" || f.ctl == "url" {
		el.Call("setSelectionRange", f.start, f.end)
	}
}

// controlOf names a control of a test's line.
func controlOf(el app.Value) string {
	switch {
	case el.Get("name").String() == "agent":
		return "agent"
	case el.Get("name").String() == "url":
		return "url"
	case el.Call("hasAttribute", "data-why").Bool():
		return "why"
	case el.Call("hasAttribute", "data-line").Bool():
		return "line"
	}
	return "remove"
}

// controlSelector matches a control of test i's line.
func controlSelector(i int, ctl string) string {
	row := dom.RowSelector(i) + " "
	switch ctl {
	case "agent", "url":
		return row + "input[name=" + ctl + "]"
	case "why":
		return row + "[data-why]"
	case "line":
		return row + "button[data-line]"
	}
	return row + "button.remove"
}

// showWhy makes sure, once a Why control of test i was used, that the Why
// panel is in view and does not hide the test: shown as a sheet over the
// bottom of the screen (a narrow layout), the page scrolls the test above
// it; in the page's flow and out of view, the panel is scrolled into view.
func showWhy(i int) {
	el := dom.Element("why")
	if !el.Truthy() {
		return
	}
	r := el.Call("getBoundingClientRect")
	h := app.Window().Get("innerHeight").Float()
	if app.Window().Call("getComputedStyle", el).Get("position").String() == "fixed" {
		sheet := r.Get("top").Float()
		row := app.Window().Get("document").Call("querySelector", dom.RowSelector(i))
		if !row.Truthy() {
			return
		}
		// The whole test first (its Why control is on its last line: the
		// click may have left its top above the window), then above the
		// sheet.
		row.Call("scrollIntoView", map[string]any{"block": "nearest"})
		if bottom := row.Call("getBoundingClientRect").Get("bottom").Float(); bottom > sheet-8 {
			app.Window().Call("scrollBy", 0, bottom-sheet+8)
		}
		return
	}
	if top := r.Get("top").Float(); top < 0 || top > h-48 {
		el.Call("scrollIntoView", map[string]any{"block": "start"})
	}
}
