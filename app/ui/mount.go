package ui

import (
	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"robotstester/app/ui/dom"
	"robotstester/app/ui/panel"
	"robotstester/app/ui/results"
)

// The live page is built part by part, behind the prerendered one.
//
// go-app builds the whole DOM of its first render in one task, with its own
// start: for the tester's 570 elements that task was 350–420 ms on a
// 2-core machine, too long for a page that must never freeze. A phone is
// four times slower, and a task over 50 ms holds up what the user does
// there (Lighthouse's Total Blocking Time counts each one's excess). So
// the first render draws the page's root alone (go-app's start is a long
// task already), and each part is drawn in a task of its own, the tests a
// line a task: a part is a few dozen elements, about 10 ms of go-app's
// work on this machine. Meanwhile the prerendered page, the same markup
// made at build time, stays on screen (keepPrerendered moves go-app's
// mount point beside it), and the live page, hidden, takes its place in
// one step once its first screen is complete: the visitor sees no page
// half drawn.

// Page parts, in the order they are drawn (Tester.parts).
const (
	partNone       = iota // the root alone: go-app's first render in the browser
	partTitle             // the header's title
	partTools             // the header's share bar and Undo
	partHeader            // the header whole: the fetch bar and the notices
	partEditor            // the editor, beside an empty side
	partEditorFoot        // what the editor's foot says, and the server's answer
	partBar               // the side's test bar: the selected test's verdict
	partWhy1              // the side's Why, its first section; a section more a part
)

const (
	partWhy   = partWhy1 + panel.WhySections - 1 // the Why whole
	partTests = partWhy + 1                      // the tests, a line a task (Tester.lines)
	partMore  = partTests + 1                    // the other panels, under More: every part drawn
	partAll   = partMore
)

// whyDrawn is how many of the Why's sections are drawn at parts
// (panel.WhyPanel.Drawn).
func whyDrawn(parts int) int {
	if parts >= partWhy {
		return 0 // all
	}
	return parts - partWhy1 + 1
}

// startLines is how many more of the tests' lines each task of the start
// draws: a line is 18 elements, 5 to 6 ms of go-app's work on this
// machine, over 20 on a phone.
const startLines = 1

// firstParts is how much of the page the first render draws: all of it
// when the page is made at build time, the root alone in the browser.
func firstParts() int {
	if app.IsClient {
		return partNone
	}
	return partAll
}

// start builds the live page, one step per task of the browser's: the
// arrival (the link or the saved work, read in a goroutine that pauses),
// the parts of the page after go-app's first render up to the first screen;
// then it shows the live page in place of the prerendered one, and the page
// is ready; then it draws the rest, a part a task.
//
// The first screen is the header, the editor and the side (the test bar
// and the Why) when the visit opens the example the prerendered page shows
// (staged): the prerendered page's other parts stay on in the live page,
// taking input, until each is drawn and takes its place with what the user
// did there (early.js, HandOverParts). A visit that opens other work (a
// link, saved work) draws every part before it shows: the prerendered
// parts are not its.
//
// A part is drawn by go-app's frame after the change of t.parts; Defer
// runs after that frame, and NextTask waits for the browser's turn, so
// each step gets a task to itself.
func (t *Tester) start(ctx app.Context) {
	dom.NextTask(ctx, func(ctx app.Context) {
		switch {
		case !t.arriving:
			// Before the parts: they are then drawn once, with the
			// arrival's work, not with the example's and then again.
			ctx.PreventUpdate()
			t.arriving = true
			t.arrive(ctx, func(ctx app.Context) {
				t.staged = dom.StagedStart()
				ctx.Defer(t.start)
			})
			return
		case !t.shown && !t.drawnTo(firstScreen(t.staged)):
			t.drawSteps(firstScreen(t.staged))
			// The first screen's last part is drawn as the ready page looks
			// (no loading note, the fetch enabled) while still hidden, so
			// that showing it takes no redraw of its own.
			t.ready = t.drawnTo(firstScreen(t.staged))
		case !t.shown:
			// The root's class is changed here, not by a render: the
			// prerendered page must go in the same step.
			t.shown = true
			dom.ShowLivePage(!t.drawnTo(partAll))
			ctx.PreventUpdate()
			// The parts under the first screen stay the prerendered page's
			// until first wanted (drawRest).
			t.restWaits = !t.drawnTo(partAll) && !t.restWanted
			if !t.staged {
				// Other work than the prerendered page's (a link, saved
				// work): its deciding line, brought into view while the
				// page was hidden, is brought again now that it shows (a
				// phone's editor was measured before its final layout).
				t.showInEditor(ctx, true)
			}
			t.next(ctx)
			return
		case !t.drawnTo(partAll):
			t.drawSteps(partAll)
			// In the task of the frame that drew it: no frame shows the
			// part beside the prerendered one it replaces.
			ctx.Defer(func(ctx app.Context) {
				t.pace.Drawn()
				dom.HandOverParts()
				t.next(ctx)
			})
			return
		}
		ctx.Defer(func(ctx app.Context) {
			t.pace.Drawn()
			t.start(ctx)
		})
	})
}

// drawSteps draws as many steps of the page, up to part, as the start's
// pace says fit in one task (dom.Pace): on a phone one, on a desktop up to
// four, where a step costs 2 to 5 ms and one a task left the page idle half
// the time, each step waiting for go-app's next frame.
func (t *Tester) drawSteps(part int) {
	n := 0
	for want := t.pace.Steps(); n < want && !t.drawnTo(part); n++ {
		t.drawMore()
	}
	t.pace.Drawing(n)
}

// drawMore draws the next step of the page: more of the tests' lines while
// the table draws fewer than its window, else the next part.
func (t *Tester) drawMore() {
	if t.lines.On {
		switch {
		case t.lines.Lines < 0:
			t.lines.Lines = 0 // the table's controls and headers
		case dom.LinesCapped():
			t.lines.Lines += startLines
		default:
			t.lines = results.Cap{} // whole: the part takes its place
		}
		return
	}
	t.parts++
	// The embed's view draws its table whole from its first render.
	if t.parts == partTests && app.IsClient && !t.page.embed.On {
		// Its head first, then the table, then its lines.
		t.lines = results.Cap{On: true, Lines: -1}
	}
}

// drawnTo reports whether the page is drawn whole up to part.
func (t *Tester) drawnTo(part int) bool {
	return t.parts > part || t.parts == part && !t.lines.On
}

// firstScreen is the last part drawn before the live page shows: the
// side's Why when the start is staged, every part otherwise.
func firstScreen(staged bool) int {
	if staged {
		return partWhy
	}
	return partAll
}

// next goes on with the start once the live page shows: the next part,
// unless the parts left wait until first wanted (drawRest), and the
// start's end (started).
func (t *Tester) next(ctx app.Context) {
	if !t.drawnTo(partAll) && !t.restWaits {
		t.start(ctx)
		return
	}
	t.started(ctx)
}

// drawRest draws the parts of the page left to the prerendered page at
// the start (restWaits), once they are first wanted: the user is in one
// of them, or one came into view (dom.PartsWanted), or the work they
// stood for changed (show). Until then they are the prerendered page's,
// the same markup made at build time for the same work, taking input
// (early.js): on a phone, drawing them at once was two thirds of the
// start's blocking time (Lighthouse's Total Blocking Time), for parts
// under the first screen, most often not used in the first seconds.
func (t *Tester) drawRest(ctx app.Context) {
	t.restWanted = true
	if !t.restWaits {
		return
	}
	t.restWaits = false
	t.start(ctx)
}

// started does the start's end once the live page shows its first screen,
// each step in a task of its own. The start's garbage waits for the user's
// first pause (dom.ResumeCollector).
func (t *Tester) started(ctx app.Context) {
	if t.ended {
		return
	}
	t.ended = true
	dom.ResumeCollector()
	// Registering the service worker takes 5 to 20 ms of the page's
	// thread: the page answers keys as soon as it shows.
	dom.NextTask(ctx, func(ctx app.Context) {
		ctx.PreventUpdate()
		dom.RegisterWorker()
		t.apply(ctx, siteBegin(t.page.embed.On))
	})
	// The findings are worked out as after a change (lintLater): once
	// the page has been still for a moment, in slices. The linter's first
	// run is 20 to 30 ms here, 100 ms on a phone, most of it the compiling
	// of its code: in one task, it was the longest of the start's after
	// go-app's own, for marks that the editor of the page made at build
	// time does not show either.
	dom.NextTask(ctx, func(ctx app.Context) {
		ctx.PreventUpdate()
		t.lintLater(ctx)
	})
}
