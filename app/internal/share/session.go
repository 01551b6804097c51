package share

import (
	"errors"
	"fmt"
	"slices"

	"robotstester/app/ui/model"
)

// SaveKey is the localStorage key under which the tester autosaves the
// state, as a state file (Marshal).
const SaveKey = "robots-tester:state"

// ErrLinkTooLong is returned by Link for a state whose link would pass
// MaxLink characters.
var ErrLinkTooLong = errors.New("the link would be too long")

// Same reports whether a and b hold the same state. A nil and an empty list
// of rows are the same; the selected row is compared once clamped.
func Same(a, b model.State) bool {
	return a.Robots == b.Robots && a.Dialect == b.Dialect &&
		a.SelectedRow() == b.SelectedRow() && slices.Equal(a.Rows, b.Rows)
}

// Link returns page (a URL without fragment) with the state in its
// fragment. Past MaxLink characters it returns the link anyway, with an
// error wrapping ErrLinkTooLong that says how long it is.
func Link(page string, s model.State) (string, error) {
	link := page + "#" + Fragment(s)
	if len(link) > MaxLink {
		return link, fmt.Errorf("%w: %d characters, over the %d that browsers and chat tools carry safely; export the state as a JSON file instead",
			ErrLinkTooLong, len(link), MaxLink)
	}
	return link, nil
}

// ForStorage returns the state as the tester autosaves it. A state too
// large to be read back (over MaxDecoded) is not saved: it returns an
// error wrapping ErrTooLarge instead.
func ForStorage(s model.State) ([]byte, error) {
	data := Marshal(s)
	if len(data) > MaxDecoded {
		return nil, fmt.Errorf("%w to keep in the browser: %d KiB, at most %d", ErrTooLarge, len(data)>>10, MaxDecoded>>10)
	}
	return data, nil
}

// Arrival is what a page shows when it opens: the state to load, and what
// to tell or ask the user.
type Arrival struct {
	// State is the state to show at once.
	State model.State
	// Restored is true when State is the autosaved work.
	Restored bool
	// FromLink is true when State is the one the link carries.
	FromLink bool
	// Pending, when not nil, is a shared state that differs from the
	// autosaved work shown in State: the user chooses between them, and
	// the autosave is kept as it is until then.
	Pending *model.State
	// LinkErr says why the link's state could not be read; State is then
	// the user's own.
	LinkErr error
}

// Arrive works out what a page opened with a URL fragment and an autosave
// (saved, as written by ForStorage, or empty when there is none) shows.
// fallback is shown when neither gives a state. A saved state that cannot
// be read is ignored: it is replaced at the next save.
func Arrive(fragment, saved string, fallback model.State) Arrival {
	own, hasOwn := fallback, false
	if saved != "" {
		if s, err := Unmarshal([]byte(saved)); err == nil {
			own, hasOwn = s, true
		}
	}
	shared, ok, err := FromFragment(fragment)
	switch {
	case !ok:
		return Arrival{State: own, Restored: hasOwn}
	case err != nil:
		return Arrival{State: own, Restored: hasOwn, LinkErr: err}
	case !hasOwn || Same(own, shared):
		return Arrival{State: shared, FromLink: true}
	}
	return Arrival{State: own, Restored: true, Pending: &shared}
}

// AddURLs appends one row per URL, with the crawler of the selected row
// (Googlebot when there are no rows), up to MaxRows rows in all. It
// returns the number of rows added and selects the first of them.
func AddURLs(s *model.State, urls []string) int {
	agent := "Googlebot"
	if i := s.SelectedRow(); i >= 0 {
		agent = s.Rows[i].Agent
	}
	n := 0
	first := len(s.Rows)
	for _, u := range urls {
		if len(s.Rows) >= MaxRows {
			break
		}
		s.Rows = append(s.Rows, model.Row{Agent: agent, URL: u})
		n++
	}
	if n > 0 {
		s.Selected = first
	}
	return n
}
