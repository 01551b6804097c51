package sitework

import (
	"fmt"
	"strings"
	"sync"
	"sync/atomic"

	"robotstester/app/sitemsg"
)

// A Keeper keeps the panel's URLs for the next visit, in their binary
// form (AppendState): the browser's IndexedDB in app/siteworker. A
// million URLs read from a file dropped a minute ago are the user's work,
// which a reload must not lose.
type Keeper interface {
	// Keep keeps state in place of what was kept.
	Keep(state []byte) error
	// Kept returns what is kept; nil when nothing is.
	Kept() ([]byte, error)
	// Forget drops what is kept.
	Forget() error
}

// maxKept is the most the worker keeps: past it (a million URLs of 250
// bytes each), the browser's storage would be asked for too much, and
// the URLs are not kept.
const maxKept = 256 << 20

// keeping is the worker's side of its Keeper.
type keeping struct {
	mu   sync.Mutex  // one keep at a time: each keeps what is held when it runs
	kept atomic.Bool // what is held is kept (URLsState.Kept)
}

// syncKept keeps what is held, or forgets what was kept when nothing is,
// unless a reading is under way (its end keeps it). Called after each
// change that a reload must not undo: a reading's end, a Clear, its Undo,
// a new base. What goes wrong is said to the page under id, after said
// (what the change itself said, which it must not hide).
func (w *Worker) syncKept(id int64, said string) {
	if w.Keeper == nil || w.reading.Load() > 0 {
		return
	}
	k := &w.keeping
	k.mu.Lock()
	defer k.mu.Unlock()
	was := k.kept.Load()
	why := ""
	defer func() {
		// In a goroutine of its own, out of Handle's reach: a panic would
		// end the worker, and the URLs it holds.
		if r := recover(); r != nil {
			k.kept.Store(false)
			why = fmt.Sprintf("These URLs are not kept for your next visit: the worker failed (%v).", r)
		}
		if why != "" {
			w.Send(sitemsg.Reply{Kind: sitemsg.Status, ID: id, Status: strings.TrimSpace(said + " " + why)}, nil)
		}
		if k.kept.Load() != was {
			w.sendState()
		}
	}()
	switch size := w.URLs.StateSize(); {
	case w.URLs.Empty():
		if err := w.Keeper.Forget(); err != nil {
			why = "The URLs cleared are still kept in this browser: its storage refused to forget them (" + err.Error() + ")."
		}
		k.kept.Store(false)
	case size > maxKept:
		// Not made: a copy of that size could take the worker's last
		// memory, and the URLs with it.
		w.Keeper.Forget()
		k.kept.Store(false)
		why = fmt.Sprintf("These URLs are not kept for your next visit: they take %d MiB, more than the %d MiB kept.", size>>20, maxKept>>20)
	default:
		err := w.Keeper.Keep(w.URLs.AppendState(make([]byte, 0, size)))
		k.kept.Store(err == nil)
		if err != nil {
			why = "These URLs are not kept for your next visit: this browser's storage refused them (" + err.Error() + ")."
		}
	}
}

// resume reads back the URLs kept from the last visit, unless the worker
// holds some already (a source read meanwhile: it is kept in their
// place), and returns what to say ("" when all went well).
func (w *Worker) resume() string {
	if w.Keeper == nil {
		return ""
	}
	k := &w.keeping
	k.mu.Lock()
	defer k.mu.Unlock()
	b, err := w.Keeper.Kept()
	switch {
	case err != nil:
		return "The URLs kept from your last visit could not be read back: this browser's storage refused (" + err.Error() + ")."
	case b == nil:
		k.kept.Store(false)
		return ""
	}
	loaded, err := w.URLs.LoadIfEmpty(b)
	switch {
	case err != nil:
		w.Keeper.Forget()
		k.kept.Store(false)
		return "The URLs kept from your last visit could not be read back (" + err.Error() + "): add them again."
	case loaded:
		k.kept.Store(true)
	}
	return ""
}
