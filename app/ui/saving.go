package ui

import (
	"slices"
	"time"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"robotstester/app/internal/embed"
	"robotstester/app/internal/session"
	"robotstester/app/internal/share"
	"robotstester/app/ui/dom"
)

// The autosave, on the page's side. The session writes, and says what a
// write changed (session.Save, SaveDue, SavePrepared, Leaving,
// OtherTabSaved); the page keeps the wait for a pause in the typing and
// the browser's tasks, and follows a write on the page (effect.Saved, in
// Tester.run): the address's link, the versions' open list. In the embed mode nothing is
// saved: the link to the full tester follows the work instead.

// saveLater has the work saved once the user pauses, after a change.
//
// A keystroke only notes the time: one timer waits for the pause, so that
// typing does not queue a task, and a render, per key.
func (t *Tester) saveLater(ctx app.Context) {
	if !t.ready {
		return // nothing is saved before the page is live
	}
	if t.page.embed.On {
		t.saveAt.set(session.SavePause, func() {
			t.own.Dispatch(func(ctx app.Context) {
				t.page.fullLink = embed.FullURL(dom.URL(), share.Fragment(*t.work.State()))
			})
		})
		return
	}
	wait, ok := t.work.Autosave().SaveIn()
	if !ok {
		return
	}
	// Set again at every change, the wait fires once the user pauses: a
	// wait a change was a call into Go a key (issue 38).
	t.saveAt.set(max(wait, time.Millisecond), func() {
		t.own.Dispatch(func(ctx app.Context) {
			// Read again: the session may have been replaced meanwhile (a
			// new arrival), or the user typed since.
			if wait, ok := t.work.Autosave().SaveIn(); ok && wait > 0 {
				ctx.PreventUpdate()
				t.saveLater(ctx)
				return
			}
			// Encoding the work and writing it are a task's worth each at
			// 4 MiB (about 60 ms each for a 3.7 MB file): the session asks
			// for the write in a task of its own (effect.NextTask).
			t.unseen(ctx, session.SaveDue{})
		})
	})
}

// unseen gives the session a message whose work is out of sight (the
// autosave's steps), and carries out what it asks: it draws nothing
// unless it brings a notice (the work too large, storage failing, another
// tab's work kept or saved) or a version to the open list.
func (t *Tester) unseen(ctx app.Context, m session.Msg) {
	notes, versions := t.work.Notes(), t.versions.seen
	t.run(ctx, t.work.Apply(m).IO)
	if slices.Equal(t.work.Notes(), notes) && t.versions.seen == versions {
		ctx.PreventUpdate()
	}
}
