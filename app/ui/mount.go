package ui

import (
	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"robotstester/app/ui/dom"
)

// The live page is built part by part, behind the prerendered one.
//
// go-app builds the whole DOM of its first render in one task, with its own
// start: for the tester's 570 elements that task was 350–420 ms on a
// 2-core machine, too long for a page that must never freeze. So the
// first render draws the top of the page only, and each later part is
// drawn in a task of its own. Meanwhile the prerendered page, the same
// markup made at build time, stays on screen (keepPrerendered moves
// go-app's mount point beside it), and the live page, hidden, takes its
// place in one step once complete: the visitor sees no page half drawn.

// Page parts, in the order they are drawn (Tester.parts).
const (
	partTop   = 1 + iota // the header and the editor
	partRead             // the file as read
	partTests            // the tests and the Why
	partAll              // the other panels: every part drawn
)

// firstParts is how much of the page the first render draws: all of it
// when the page is made at build time, the top only in the browser.
func firstParts() int {
	if app.IsClient {
		return partTop
	}
	return partAll
}

// lintNowSize is the largest file whose findings are worked out in one
// task as soon as the page shows (next): the example's. A larger file
// (saved work, a link) is linted in slices once the user pauses, like a
// file typed.
const lintNowSize = 16 << 10

// start builds the live page, one step per task of the browser's: the
// arrival (the link or the saved work, read in a goroutine that pauses),
// the parts of the page after go-app's first render up to the first screen;
// then it shows the live page in place of the prerendered one, and the page
// is ready; then it draws the rest, a part a task.
//
// The first screen is the header, the editor and the test bar with the Why
// when the visit opens the example the prerendered page shows (staged): the
// prerendered page's other parts stay on in the live page, taking input,
// until each is drawn and takes its place with what the user did there
// (early.js, HandOverParts). A visit that opens other work (a link, saved
// work) draws every part before it shows: the prerendered parts are not its.
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
		case !t.shown && t.parts < firstScreen(t.staged):
			t.parts++
			// The first screen's last part is drawn as the ready page looks
			// (no loading note, the fetch enabled) while still hidden, so
			// that showing it takes no redraw of its own.
			t.ready = t.parts == firstScreen(t.staged)
		case !t.shown:
			// The root's class is changed here, not by a render: the
			// prerendered page must go in the same step.
			t.shown = true
			dom.ShowLivePage(t.parts < partAll)
			ctx.PreventUpdate()
			if !t.staged {
				// Other work than the prerendered page's (a link, saved
				// work): its deciding line, brought into view while the
				// page was hidden, is brought again now that it shows (a
				// phone's editor was measured before its final layout).
				t.showInEditor(ctx, true)
			}
			t.next(ctx)
			return
		case t.parts < partAll:
			t.parts++
			// In the task of the frame that drew it: no frame shows the
			// part beside the prerendered one it replaces.
			ctx.Defer(func(ctx app.Context) {
				dom.HandOverParts()
				t.next(ctx)
			})
			return
		}
		ctx.Defer(t.start)
	})
}

// firstScreen is the last part drawn before the live page shows: the
// part after the editor when the start is staged, every part otherwise.
func firstScreen(staged bool) int {
	if staged {
		return partRead
	}
	return partAll
}

// next goes on with the start once the live page shows: the next part,
// or the start's end.
func (t *Tester) next(ctx app.Context) {
	if t.parts < partAll {
		t.start(ctx)
		return
	}
	// The start's end, once every part is drawn and shown.
	dom.ResumeCollector()
	// In a task of its own: the page answers keys as soon as it shows,
	// and registering the service worker takes 5 to 20 ms of the page's
	// thread.
	dom.NextTask(ctx, func(ctx app.Context) {
		ctx.PreventUpdate()
		dom.RegisterWorker()
		t.apply(ctx, siteBegin(t.page.embed.On))
	})
	// The findings of a small file (the example's) are worked out in the
	// task after the page shows, a larger one's once the user pauses
	// (lintLater). The linter's first run is 20 to 30 ms, most of it the
	// compiling of its code: run before the live page showed, it held back
	// the moment the page is ready, for marks that the editor of the page
	// made at build time does not show either.
	dom.NextTask(ctx, func(ctx app.Context) {
		an := t.work.Analysis()
		if an.Linted() || an.File.Size > lintNowSize {
			ctx.PreventUpdate()
			t.lintLater(ctx)
			return
		}
		an.Lint()
		t.showInEditor(ctx, false)
	})
}
