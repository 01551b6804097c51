package ui

import (
	"strings"
	"time"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"robotstester/app/internal/embed"
	"robotstester/app/internal/session"
	"robotstester/app/internal/share"
	"robotstester/app/ui/dom"
)

// saving has the session's autosave write the work once the user pauses,
// and follows what the writes change on the page: the address's link,
// the versions' open list, another tab's saves. In the embed mode nothing
// is saved: the link to the full tester follows the work instead.
type saving struct {
	wait deadline // the wait for a pause in the typing (changed)
	page savingPage
}

// savingPage is what saving sees of the page.
type savingPage struct {
	work     func() *session.Session
	own      func() app.Context
	ready    func() bool // the page is live: nothing is saved before
	embedded func() bool
	linked   func(fullLink string) // the embed's link to the full tester
	versions *versionsPanel
}

// changed notes a change of the work: it is saved once the user pauses.
// In embed mode nothing is saved; the link to the full tester follows.
//
// A keystroke only notes the time: one timer waits for the pause, so that
// typing does not queue a task, and a render, per key.
func (sv *saving) changed(ctx app.Context) {
	p, work := &sv.page, sv.page.work()
	if !p.ready() {
		return
	}
	if p.embedded() {
		sv.wait.set(session.SavePause, func() {
			p.own().Dispatch(func(ctx app.Context) {
				p.linked(embed.FullURL(dom.URL(), share.Fragment(*p.work().State())))
			})
		})
		return
	}
	wait, ok := work.Autosave().SaveIn()
	if !ok {
		return
	}
	// Set again at every change, the wait fires once the user pauses: a
	// wait a change was a call into Go a key (issue 38).
	sv.wait.set(max(wait, time.Millisecond), func() {
		p.own().Dispatch(func(ctx app.Context) {
			save := p.work().Autosave() // the session may have been replaced meanwhile (a new arrival)
			if wait, ok := save.SaveIn(); ok && wait > 0 {
				ctx.PreventUpdate()
				sv.changed(ctx)
				return
			}
			// Encoding the work and writing it are a task's worth each at 4
			// MiB (about 60 ms each for a 3.7 MB file): two tasks.
			var w session.SaveWrite
			var ok bool
			sv.unseen(ctx, func() { w, ok = save.PrepareSave() })
			if !ok {
				return
			}
			dom.NextTask(ctx, func(ctx app.Context) {
				sv.unseen(ctx, func() { sv.saved(p.work().Autosave().FinishSave(w)) })
			})
		})
	})
}

// unseen runs a step of the save, which draws nothing unless it brings a
// notice (the work too large, storage failing, another tab's work kept) or
// a version to the open list.
func (sv *saving) unseen(ctx app.Context, step func()) {
	notes, versions := len(sv.page.work().Notes()), sv.page.versions.seen
	step()
	if len(sv.page.work().Notes()) == notes && sv.page.versions.seen == versions {
		ctx.PreventUpdate()
	}
}

// otherTabWrote takes the browser's storage event: another tab of the
// tester wrote in this browser's storage (a tab is not told of its own
// writes). Its save is said at once, and an open list of versions shows
// the version it kept.
func (sv *saving) otherTabWrote(k, stamp string) {
	sv.page.own().Dispatch(func(ctx app.Context) {
		switch {
		case k == session.StampKey && sv.page.work().Autosave().OtherTabSaved(stamp):
		case k == session.VersionsKey && sv.page.versions.otherTab(): // the open list read again
		default:
			ctx.PreventUpdate()
		}
	})
}

// save writes the work now.
func (sv *saving) save() { sv.saved(sv.page.work().Autosave().Save()) }

// saved drops a link from the address bar that no longer matches the work,
// once the work is written, and reads the versions' open list again when
// the save kept another.
func (sv *saving) saved(wrote bool) {
	if !wrote {
		return
	}
	sv.page.versions.saved()
	// A link waiting for the user's choice stays, for a reload to ask again.
	if u := dom.URL(); u != nil && sv.page.work().Pending() == nil && strings.Contains(u.Fragment, share.FragmentKey+"=") {
		dom.ReplaceURL(embed.PageURL(u))
	}
}
