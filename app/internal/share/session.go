package share

import (
	"errors"
	"fmt"
	"slices"

	"robotstester/app/model"
	"robotstester/robots/statefile"
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
	return a.Robots == b.Robots && a.Dialect == b.Dialect && a.Answer == b.Answer &&
		a.SelectedRow() == b.SelectedRow() && slices.Equal(a.Rows, b.Rows)
}

// Link returns page (a URL without fragment) with the state in its
// fragment. A link is given only when the tester would open it: past
// MaxLink characters, or for a state larger than a link may unpack to, it
// returns an error wrapping ErrLinkTooLong that says why (with the link
// when it was made, for its length).
func Link(page string, s model.State) (string, error) {
	if n := len(Marshal(s)); n > MaxDecoded {
		// Compressed, it might fit; but the tester would refuse to open it.
		return "", fmt.Errorf("%w: %d KiB of state, over the %d KiB a link may unpack to; export the state as a JSON file instead",
			ErrLinkTooLong, n>>10, MaxDecoded>>10)
	}
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
	// Compact, not indented as a state file: at 500 KiB and 1000 tests the
	// autosave runs in the page's only thread.
	data := statefile.MarshalCompact(statefile.State(s))
	if len(data) > MaxDecoded {
		return nil, fmt.Errorf("%w to keep in the browser: %d KiB, at most %d", ErrTooLarge, len(data)>>10, MaxDecoded>>10)
	}
	return data, nil
}
