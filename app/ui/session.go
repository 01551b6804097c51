package ui

import (
	"errors"
	"strings"
	"time"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"robotstester/app/internal/embed"
	"robotstester/app/internal/share"
	"robotstester/app/ui/model"
)

// savePause is how long the state must stay unchanged before it is
// autosaved: saving a 500 KiB file costs milliseconds, so it waits for a
// pause in the typing, like the linter, and never runs per keystroke. The
// page also saves when it is hidden or closed.
const savePause = 500 * time.Millisecond

// maxFile is the largest file read when dropped or chosen: the engine reads
// only 500 KiB of a robots.txt, but reading a huge file at all would freeze
// the page.
const maxFile = 4 << 20

// IDs of the notices.
const (
	noteStorage = "storage"
	noteLink    = "link"
	noteFile    = "file"
	noteImport  = "import"
)

// session is the Tester's part that outlives the page: autosave, share
// links, the embed mode, imports and exports.
type session struct {
	embed   embed.Options
	notes   []note
	pending *model.State // a shared state waiting for the user's choice

	lastChange  time.Time // of the state; a save waits for a pause after it
	saveWaiting bool      // a save is scheduled
	dirty       bool      // changes not saved yet
	noSave      bool      // storage failed: said once, not tried again
	onUnload    app.Func

	linkStatus  string // the outcome of the last "Copy link"
	linkShown   string // the link, when it must be copied by hand
	linkTooLong bool
	fullLink    string // embed mode: the "Open in full tester" link
}

// note is a notice shown until dismissed.
type note struct {
	id    string
	alert bool
	text  string
}

// arrive picks the state the page opens with, once mounted: the link's,
// the autosaved work or the example, and in embed mode sets up the
// compact layout.
func (t *Tester) arrive(ctx app.Context) {
	s := &t.sess
	u := app.Window().URL()
	s.embed = embed.Parse(u.Query())
	saved := ""
	if !s.embed.On {
		var err error
		if saved, err = storageGet(share.SaveKey); err != nil {
			t.storageFailed(err)
		}
	}
	a := share.Arrive(u.Fragment, saved, t.state)
	if !share.Same(a.State, t.state) {
		t.load(a.State)
		t.lintLater(ctx)
	}
	// The editor may be drawn after this hook: write its text once drawn.
	ctx.Defer(func(app.Context) {
		if el := app.Window().GetElementByID(EditorID); el.Truthy() && el.Get("value").String() != t.state.Robots {
			el.Set("value", t.state.Robots)
		}
	})
	if a.LinkErr != nil {
		msg := "This link's tests could not be opened: " + a.LinkErr.Error() + "."
		if a.Restored {
			msg += " Your own work is shown instead."
		}
		t.notify(noteLink, true, msg)
	}
	if s.embed.On {
		s.fullLink = embed.FullURL(u, share.Fragment(t.state))
		reportHeight()
		return
	}
	s.pending = a.Pending
	if a.FromLink {
		s.dirty = true // the shared tests are the user's work from now on
		t.save()
	}
	if a.Pending == nil && (a.FromLink || a.LinkErr != nil) {
		replaceURL(embed.PageURL(u)) // a reload must not ask again
	}
	// Hidden tabs may be closed without notice: save what is left.
	s.onUnload = app.FuncOf(func(app.Value, []app.Value) any {
		// syscall/js runs this while the page's Go code waits: wasm has one
		// thread, so it does not race with go-app's loop.
		t.save()
		return nil
	})
	w := app.Window()
	w.Call("addEventListener", "pagehide", s.onUnload)
	w.Get("document").Call("addEventListener", "visibilitychange", s.onUnload)
}

// changed notes a change of the state: it is saved once the user pauses.
// In embed mode nothing is saved; the link to the full tester follows.
//
// A keystroke only notes the time: one timer waits for the pause, so that
// typing does not queue a task, and a render, per key.
func (t *Tester) changed(ctx app.Context) {
	s := &t.sess
	s.dirty = true
	s.lastChange = time.Now()
	if !s.saveWaiting {
		s.saveWaiting = true
		t.saveAfter(ctx, savePause)
	}
}

// saveAfter saves once d has passed, or waits again if the state changed
// in the meantime.
func (t *Tester) saveAfter(ctx app.Context, d time.Duration) {
	s := &t.sess
	ctx.After(d, func(ctx app.Context) {
		if wait := savePause - time.Since(s.lastChange); wait > 0 {
			ctx.PreventUpdate()
			t.saveAfter(ctx, wait)
			return
		}
		s.saveWaiting = false
		if s.embed.On {
			s.fullLink = embed.FullURL(app.Window().URL(), share.Fragment(t.state))
			return
		}
		notes := len(s.notes)
		t.save()
		if len(s.notes) == notes {
			ctx.PreventUpdate() // nothing to draw: the save is invisible
		}
	})
}

// save writes the state to localStorage if it changed, unless the user has
// yet to choose between a shared link and the saved work, or storage has
// failed before.
func (t *Tester) save() {
	s := &t.sess
	if !s.dirty || s.pending != nil || s.noSave || s.embed.On {
		return
	}
	s.dirty = false
	data, err := share.ForStorage(t.state)
	if err != nil {
		t.notify(noteStorage, true, "This work is too large to be saved in the browser ("+err.Error()+"): export the state as a JSON file to keep it.")
		return
	}
	if err := storageSet(share.SaveKey, string(data)); err != nil {
		t.storageFailed(err)
		return
	}
	// A link in the address bar no longer matches the work: drop it, so
	// that a reload does not offer it.
	if u := app.Window().URL(); strings.Contains(u.Fragment, share.FragmentKey+"=") {
		replaceURL(embed.PageURL(u))
	}
}

// storageFailed says, once, that the work is not being saved.
func (t *Tester) storageFailed(err error) {
	if t.sess.noSave {
		return
	}
	t.sess.noSave = true
	t.notify(noteStorage, true, "Your work is not being saved in this browser: its storage is full or disabled ("+
		err.Error()+"). Everything still works; copy a link or export the state to keep your work.")
}

// notify shows a notice, replacing any with the same id.
func (t *Tester) notify(id string, alert bool, text string) {
	t.removeNote(id)
	t.sess.notes = append(t.sess.notes, note{id: id, alert: alert, text: text})
}

func (t *Tester) dismiss(ctx app.Context, id string) { t.removeNote(id) }

func (t *Tester) removeNote(id string) {
	notes := t.sess.notes[:0]
	for _, n := range t.sess.notes {
		if n.id != id {
			notes = append(notes, n)
		}
	}
	t.sess.notes = notes
}

// notices draws the notices and, when a link waits for the user's choice,
// the choice.
func (t *Tester) notices() app.UI {
	items := make([]app.UI, 0, len(t.sess.notes)+1)
	if p := t.sess.pending; p != nil {
		items = append(items, &SharedChoice{Rows: len(p.Rows), onOpen: t.openShared, onKeep: t.keepMine})
	}
	for _, n := range t.sess.notes {
		items = append(items, &Notice{ID: n.id, Alert: n.alert, Text: n.text, onDismiss: t.dismiss})
	}
	return app.Div().ID("notices").Class("notices").Aria("live", "polite").Body(items...)
}

// openShared replaces the work with the link's tests, as the user chose.
func (t *Tester) openShared(ctx app.Context) {
	s := &t.sess
	if s.pending == nil {
		return
	}
	t.load(*s.pending)
	s.pending = nil
	s.dirty = true
	t.save()
	replaceURL(embed.PageURL(app.Window().URL()))
	t.lintLater(ctx)
}

// keepMine drops the link's tests, as the user chose.
func (t *Tester) keepMine(ctx app.Context) {
	t.sess.pending = nil
	t.save() // what was typed while the choice was open
	replaceURL(embed.PageURL(app.Window().URL()))
}

// copyLink puts the state in the address bar's fragment and copies the
// link; when the clipboard refuses, the link is shown to copy by hand.
func (t *Tester) copyLink(ctx app.Context) {
	s := &t.sess
	link, err := share.Link(embed.PageURL(app.Window().URL()), t.state)
	s.linkShown, s.linkTooLong = "", false
	if errors.Is(err, share.ErrLinkTooLong) {
		s.linkStatus = "No link: " + err.Error() + "."
		s.linkTooLong = true
		return
	}
	replaceURL(link)
	// The link shows until the clipboard confirms the copy: a browser may
	// refuse it, or leave the request pending without an answer.
	s.linkStatus = "Copying…"
	s.linkShown = link
	settled := false
	copyText(link, func(err error) {
		ctx.Dispatch(func(ctx app.Context) {
			settled = true
			if s.linkShown != link {
				return // a newer copy
			}
			if err != nil {
				s.linkStatus = "The browser did not let the page copy the link (" + err.Error() + "): copy it from here."
				return
			}
			s.linkStatus = "Link copied. It holds the file, tests and dialect; nothing is sent to a server."
			s.linkShown = ""
		})
	})
	ctx.After(2*time.Second, func(ctx app.Context) {
		if !settled && s.linkShown == link {
			s.linkStatus = "The browser has not confirmed the copy: copy the link from here."
		}
	})
}

// export downloads the results or the state.
func (t *Tester) export(ctx app.Context, format string) {
	var err error
	switch format {
	case ExportCSV:
		err = download("robots-test-results.csv", "text/csv", share.ResultsCSV(share.Results(t.an, &t.state)))
	case ExportJSON:
		err = download("robots-test-results.json", "application/json", share.ResultsJSON(share.Results(t.an, &t.state)))
	default:
		err = download("robots-tester-state.json", "application/json", share.Marshal(t.state))
	}
	if err != nil {
		t.notify(noteFile, true, "The export failed: "+err.Error()+".")
	}
}

// importStateFile replaces the state with a state file's.
func (t *Tester) importStateFile(ctx app.Context, file app.Value) {
	readText(file, maxFile, func(text string, err error) {
		ctx.Dispatch(func(ctx app.Context) { t.importState(ctx, text, err) })
	})
}

// importState replaces the state with the one of a state file's text, or
// says why it cannot.
func (t *Tester) importState(ctx app.Context, text string, err error) {
	var s model.State
	if err == nil {
		s, err = share.Unmarshal([]byte(text))
	}
	if err != nil {
		t.notify(noteImport, true, "The state file could not be imported: "+err.Error()+".")
		return
	}
	t.dismiss(ctx, noteImport)
	t.load(s)
	t.changed(ctx)
	t.lintLater(ctx)
}

// importURLs adds a test per URL of a list.
func (t *Tester) importURLs(ctx app.Context, text string) {
	urls := share.URLs(text)
	n := share.AddURLs(&t.state, urls)
	switch {
	case len(urls) == 0:
		t.notify(noteImport, false, "No URLs found: put one per line, or in the first column of a CSV file.")
		return
	case n == 0:
		t.notify(noteImport, true, "No test added: the tester holds at most "+plural(share.MaxRows, "test", "tests")+".")
		return
	case n < len(urls):
		t.notify(noteImport, true, plural(n, "test", "tests")+" added; the rest were left out: the tester holds at most "+plural(share.MaxRows, "test", "tests")+".")
	default:
		t.notify(noteImport, false, plural(n, "test", "tests")+" added.")
	}
	if el := app.Window().GetElementByID(URLListID); el.Truthy() {
		el.Set("value", "")
	}
	t.an.Recheck(&t.state)
	t.changed(ctx)
	t.lintLater(ctx)
}

func (t *Tester) importURLFile(ctx app.Context, file app.Value) {
	t.readFile(ctx, file, noteImport, t.importURLs)
}

// readFile reads a file the user chose or dropped and hands its text to
// use, on the UI goroutine; when it cannot be read, the notice of kind
// note says why.
func (t *Tester) readFile(ctx app.Context, file app.Value, note string, use func(ctx app.Context, text string)) {
	readText(file, maxFile, func(text string, err error) {
		ctx.Dispatch(func(ctx app.Context) {
			if err != nil {
				t.notify(note, true, "The file could not be read: "+err.Error()+".")
				return
			}
			use(ctx, text)
		})
	})
}

// dropRobots loads a robots.txt dropped on the editor.
func (t *Tester) dropRobots(ctx app.Context, file app.Value) {
	t.readFile(ctx, file, noteFile, func(ctx app.Context, text string) {
		t.dismiss(ctx, noteFile)
		s := t.state
		s.Robots = text
		t.load(s)
		t.changed(ctx)
		t.lintLater(ctx)
	})
}

// exportState downloads the state file, the way to share a state too
// large for a link.
func (t *Tester) exportState(ctx app.Context) { t.export(ctx, ExportState) }
