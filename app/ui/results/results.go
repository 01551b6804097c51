package results

import (
	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"robotstester/app/model"
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
	// Seq numbers the request: a new one is acted upon.
	Seq int
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

	Table    *model.Table // the tests as filtered, ordered and grouped
	Selected int          // the selected test's index, -1 for none
	ReadOnly bool         // embed mode's readonly=1: fields read-only, no remove, no Enter
	Reveal   RowReveal    // the test to bring into view
	Cap      Cap          // while the page starts: how many lines it draws at most

	// To is sent what the user did: to the work, the session's edits (a
	// key typed in a test's fields, a list of URLs pasted, the focus
	// coming into a test's line, a test removed or pinned, Enter in a URL
	// field); to the page, a test's Why (widget.ExplainTest), a deciding
	// line's button (widget.ShowLine), the controls' new query
	// (widget.SetTableQuery).
	To widget.Sender

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

// Cap limits the lines the table draws while the page starts: go-app
// draws a test's line, 18 elements, in about 5 ms on a phone, so the
// start draws the tests a line a task (app/ui/mount.go) rather than
// in one task of a hundred milliseconds and more. A table that draws fewer
// lines than its window says so (dom.CappedAttr), for the start to go on.
type Cap struct {
	On    bool
	Lines int // the lines drawn at most, with On; below 0, the page draws no table yet
}

// focusTarget is a control of a test's line to give the focus to.
type focusTarget struct {
	row  int    // the test; -1: the scroll box
	ctl  string // "agent", "url", "why", "remove", "line", or "" to scroll only
	sel  bool   // select the field's text
	hold bool   // keep the focus where it was: only if the redraw took it away

	held  dom.HeldFocus // hold: the control that had the focus
	tries int
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
	if p.mounted {
		dom.SetFieldUnlessFocused("results-search", p.table().Query.Search)
	}
}

// measure reads the box's max-height and which row height applies, and
// reports whether either changed.
func (p *ResultsTable) measure() bool {
	if !app.IsClient {
		return false
	}
	b, drawn := dom.MeasureBox(ResultsID, ResultsBoxID)
	narrow, h := p.narrow, p.maxHeight
	if b.Width > 0 {
		narrow = b.Width < ResultsNarrowWidth
	}
	if drawn {
		if b.MaxHeight > 0 {
			h = b.MaxHeight
		}
		p.top = b.Top
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
	w, _ := p.drawn()
	return w
}

// drawn returns the lines to draw, and whether the start's Cap cut them.
func (p *ResultsTable) drawn() (w model.TableWindow, cut bool) {
	t, lh := p.table(), p.rowHeight()
	top := min(p.top, max(float64(len(t.Lines))*lh-p.view(), 0))
	margin, step := ResultsMargin, ResultsStep
	if app.IsClient && !p.settled {
		// The table's first draw, in the browser: the lines in view only.
		margin, step = 0, 1
	}
	w = t.Window(top, p.view(), lh, margin, step)
	if n := max(p.Cap.Lines, 0); p.Cap.On && len(w.Lines) > n {
		w.Below += float64(len(w.Lines)-n) * lh
		w.Lines = w.Lines[:n]
		cut = true
	}
	return w, cut
}
