package ui

import (
	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"robotstester/app/internal/share"
	"robotstester/app/model"
	"robotstester/app/ui/dom"
	"robotstester/app/ui/panel"
)

// comparePanel is every crawler's reading of every test (ComparePanel),
// with what it holds: whether it is open and how many tests it has drawn.
// The page draws it in its place (view) and has it draw the tests that
// came (grow), and reaches nothing else of it. Of the page it knows only
// what it is given (comparePage).
type comparePanel struct {
	page comparePage

	open    bool // the side-by-side comparison is shown
	limit   int  // how many tests it draws, past the first page
	drawn   int  // how many it has drawn so far: compareStep more per task
	growing bool // a grow step is due
}

// comparePage is what the compare panel needs of the page it is drawn
// in, given by the page (Tester.OnInit).
type comparePage struct {
	// analysis and state are the file shown and its tests: the
	// comparison is the analysis's, kept for the state it was made for.
	analysis func() *model.Analysis
	state    func() *model.State
	// own is the page's own context: the comparison made in a goroutine
	// and the steps of its drawing outlive the handler that asked.
	own func() app.Context
	// settle has the analysis of the text typed made now, before the
	// comparison reads the file.
	settle func(app.Context)
	// reveal shows a line in the editor.
	reveal func(ctx app.Context, n int)
}

// compareStep is how many tests of the comparison are drawn in one task:
// go-app draws a test's 29 elements in about 4 ms on a 2-core machine, and
// a task must stay well under 200 ms.
const compareStep = 25

// view draws every test in every dialect, once asked to: the comparison
// reads the file once per dialect.
func (cp *comparePanel) view() app.UI {
	an := cp.page.analysis()
	p := &panel.ComparePanel{Open: cp.open, Rows: an.Rows, Limit: min(model.ComparePage+cp.limit, cp.drawn), Drawing: !cp.done(),
		OnToggle: cp.toggle, OnMore: cp.more, OnReveal: cp.page.reveal}
	if cp.open {
		p.C = an.Comparison(cp.page.state())
	}
	return p
}

// toggle shows or hides the comparison of readings. It reads the file
// once per dialect and checks every test in each (at 1000 tests, a second
// of WebAssembly): before it opens, that is done in a goroutine that
// pauses (pacer), on a copy of the state, and kept if the work has not
// changed meanwhile.
func (cp *comparePanel) toggle(ctx app.Context) {
	cp.page.settle(ctx)
	if cp.open {
		cp.open = false
		return
	}
	ctx.PreventUpdate()
	an, st, own := cp.page.analysis(), stateCopy(cp.page.state()), cp.page.own()
	own.Async(func() {
		c, _ := model.ComparePaced(an.File, &st, pacer()) // pacer never stops it
		own.Dispatch(func(ctx app.Context) {
			if cp.page.analysis() == an && share.Same(*cp.page.state(), st) {
				an.KeepComparison(c)
			}
			cp.open = true
			cp.drawn = compareStep
			cp.grow(ctx)
		})
	})
}

// grow draws compareStep more tests of the comparison in a task of its
// own, and so on until the tests asked for are drawn. One chain of steps
// at a time: a click on "Show more" while one runs extends it.
func (cp *comparePanel) grow(ctx app.Context) {
	if cp.growing || cp.done() {
		return
	}
	cp.growing = true
	dom.AfterFrame(ctx, func(ctx app.Context) {
		cp.growing = false
		if cp.done() {
			ctx.PreventUpdate()
			return
		}
		cp.drawn += compareStep
		cp.grow(ctx)
	})
}

// target is how many tests the comparison is to draw.
func (cp *comparePanel) target() int {
	return min(model.ComparePage+cp.limit, len(cp.page.state().Rows))
}

// done reports whether the comparison is closed or drawn whole.
func (cp *comparePanel) done() bool {
	return !cp.open || cp.drawn >= cp.target()
}

func (cp *comparePanel) more(ctx app.Context) {
	cp.limit += model.ComparePage
	cp.grow(cp.page.own()) // the panel's own context may not outlive a redraw
}
