package ui

import (
	"sync/atomic"
	"time"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"robotstester/app/model"
	"robotstester/app/ui/dom"
	"robotstester/robots"
)

// linting works out the findings of the file the page shows, in a
// goroutine that gives the browser its turn, once the user pauses.
type linting struct {
	// file is the file the page shows, for a linter running in a
	// goroutine to see that its own is gone.
	file atomic.Pointer[robots.File]
	wait deadline // the wait for a pause in the typing (later)
	page lintPage
}

// lintPage is what linting sees of the page.
type lintPage struct {
	analysis func() *model.Analysis // the page's, the session's
	own      func() app.Context
	ready    func() bool           // the page is live: nothing is linted in slices before
	linted   func(ctx app.Context) // the findings are there to show
}

// shows notes the file the page shows.
func (l *linting) shows(f *robots.File) { l.file.Store(f) }

// lintPause is how long the file must stay unchanged before the linter
// runs: it costs several parses of the file (tens of milliseconds at 500
// KiB), so it waits for a pause in the typing rather than hold up the next
// keystroke.
const lintPause = 400 * time.Millisecond

// later works out the findings once the user pauses, after the
// verdicts are drawn. A newer change makes it moot.
//
// The linter reads the file in other dialects to check what it says of
// other crawlers, then analyses the groups: at 500 KiB, half a second of
// WebAssembly. So that no single task holds the page that long, it runs
// in a goroutine that waits for the browser's turn every workSlice
// (pacer), and stops when the file has changed since.
func (l *linting) later(ctx app.Context) {
	an := l.page.analysis()
	if an.Linted() || !l.page.ready() {
		return
	}
	// Set again at every change, the wait fires once the user pauses: a
	// wait a change was a call into Go a key (issue 38).
	l.wait.set(lintPause, func() {
		l.page.own().Dispatch(func(ctx app.Context) {
			ctx.PreventUpdate() // nothing to draw until the findings are known
			if l.page.analysis() == an && !an.Linted() {
				l.paced(an)
			}
		})
	})
}

// workSlice is the longest that work in a goroutine (the linter, the
// arrival) runs before it gives the browser its thread back for a moment.
const workSlice = 30 * time.Millisecond

// pacer returns a pause for work running in a goroutine: once a slice of
// work is done, it waits for the browser to have had a task of its own.
// It never stops the work (goPaced's does).
func pacer() robots.Pause {
	last := time.Now()
	return func() bool {
		if time.Since(last) >= workSlice {
			dom.WaitForBrowser()
			last = time.Now()
		}
		return false
	}
}

// paced runs the linter on an's reading in slices, then shows the
// findings, unless the file changed in the meantime.
func (l *linting) paced(an *model.Analysis) {
	// Once its File is gone from the page, no one will ask this reading
	// for findings again.
	stale := func() bool { return l.file.Load() != an.File }
	l.goPaced(stale, func(pause robots.Pause) {
		if an.LintPaced(pause) != nil {
			return // stale: the reading keeps nothing, and lints again when asked
		}
		l.page.own().Dispatch(func(ctx app.Context) {
			if l.page.analysis() == an {
				an.Lint() // the reading keeps its findings: no work left
				l.page.linted(ctx)
			}
		})
	})
}

// goPaced runs work in a goroutine, with a pause that waits for the
// browser's turn every slice (pacer) and stops the work, by answering
// true, once stale reports that no one will take its result.
func (l *linting) goPaced(stale func() bool, work func(pause robots.Pause)) {
	l.page.own().Async(func() {
		pause := pacer()
		work(func() bool {
			pause()
			return stale()
		})
	})
}
