package ui

import (
	"sync/atomic"
	"time"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"robotstester/app/ui/dom"
)

// linting is what the page keeps of the linter, which works out the
// findings of the file the page shows, in a goroutine that gives the
// browser its turn, once the user pauses (Tester.lintLater).
type linting struct {
	// file is the file the page shows (the analysis' File: a reading of
	// the engine's, which the page holds without looking into), for a
	// linter running in a goroutine to see that its own is gone.
	file atomic.Value
	wait deadline // the wait for a pause in the typing (lintLater)
}

// lintPause is how long the file must stay unchanged before the linter
// runs: it costs several parses of the file (tens of milliseconds at 500
// KiB), so it waits for a pause in the typing rather than hold up the next
// keystroke.
const lintPause = 400 * time.Millisecond

// lintLater works out the findings once the user pauses, after the
// verdicts are drawn, then shows them in the editor. A newer change makes
// it moot.
//
// The linter reads the file in other dialects to check what it says of
// other crawlers, then analyses the groups: at 500 KiB, half a second of
// WebAssembly. So that no single task holds the page that long, it runs
// in a goroutine that waits for the browser's turn every workSlice
// (pacer), and stops once the file the page shows is another: its reading
// then keeps nothing, and is linted again when asked.
func (t *Tester) lintLater(ctx app.Context) {
	an := t.work.Analysis()
	if an.Linted() || !t.ready {
		return // nothing is linted in slices before the page is live
	}
	l := &t.lint
	// Set again at every change, the wait fires once the user pauses: a
	// wait a change was a call into Go a key (issue 38).
	l.wait.set(lintPause, func() {
		t.own.Dispatch(func(ctx app.Context) {
			ctx.PreventUpdate() // nothing to draw until the findings are known
			if t.work.Analysis() != an || an.Linted() {
				return
			}
			t.own.Async(func() {
				pause := pacer()
				// Once its File is gone from the page, no one will ask
				// this reading for findings again.
				stale := func() bool {
					pause()
					return l.file.Load() != an.File
				}
				if an.LintPaced(stale) != nil {
					return
				}
				t.own.Dispatch(func(ctx app.Context) {
					if t.work.Analysis() == an {
						an.Lint() // the reading keeps its findings: no work left
						t.showInEditor(ctx, false)
					}
				})
			})
		})
	})
}

// workSlice is the longest that work in a goroutine (the linter, the
// arrival) runs before it gives the browser its thread back for a moment:
// on a phone, four times slower, a task of 40 ms, under the 50 ms past
// which a task holds up what the user does (a long task).
const workSlice = 10 * time.Millisecond

// pacer returns a pause for work running in a goroutine (a robots.Pause):
// once a slice of work is done, it waits for the browser to have had a
// task of its own.
// It never stops the work (lintLater's does, once the file is another).
func pacer() func() bool {
	last := time.Now()
	return func() bool {
		if time.Since(last) >= workSlice {
			dom.WaitForBrowser()
			last = time.Now()
		}
		return false
	}
}
