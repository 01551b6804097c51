// Package share moves the tester's state in and out of the page: share
// links (the state compressed into the URL fragment), state files, results
// as CSV and JSON, and lists of URLs to import.
//
// The formats of the state are package statefile's, which the robotstxt
// command reads and writes too; here they take and give model.State,
// cleaned as the page holds it. Everything here is plain Go, so that the
// formats and their limits are tested natively; the components only call
// it.
package share

import (
	"robotstester/app/model"
	"robotstester/robots"
	"robotstester/robots/statefile"
)

// Version is the version of the state format that Encode writes. Decode
// reads every version up to it.
const Version = statefile.Version

// Limits on what a link or a state file may bring in (statefile's).
const (
	MaxDecoded = statefile.MaxDecoded
	MaxLink    = statefile.MaxLink
)

// FragmentKey names the state in a URL fragment: "#s=<payload>".
const FragmentKey = statefile.FragmentKey

// Errors that Decode returns, wrapped with details; their text is meant for
// people.
var (
	ErrDamaged  = statefile.ErrDamaged
	ErrTooLarge = statefile.ErrTooLarge
	ErrNewer    = statefile.ErrNewer
	ErrInvalid  = statefile.ErrInvalid
)

// Encode returns the state as a link payload (statefile.Encode).
func Encode(s model.State) string { return statefile.Encode(statefile.State(s)) }

// Fragment returns the URL fragment (without '#') that carries the state.
func Fragment(s model.State) string { return statefile.Fragment(statefile.State(s)) }

// Decode reads a link payload made by Encode, of this version or an older
// one. Whatever the input, it returns a valid state or an error that says
// what is wrong.
func Decode(payload string) (model.State, error) { return DecodePaced(payload, nil) }

// DecodePaced is Decode with pauses (statefile.DecodePaced): a link of
// 1000 tests on a large file is a quarter of a second of WebAssembly to
// read, which a page runs in a goroutine that gives the browser its turn
// in the pauses.
func DecodePaced(payload string, pause robots.Pause) (model.State, error) {
	return clean(statefile.DecodePaced(payload, pause))
}

// FromFragment finds the state in a URL fragment ("s=...", with or without
// '#', possibly among other "key=value" parts joined by '&'). ok is false
// when the fragment carries no state at all.
func FromFragment(fragment string) (s model.State, ok bool, err error) {
	return FromFragmentPaced(fragment, nil)
}

// FromFragmentPaced is FromFragment with pauses (DecodePaced).
func FromFragmentPaced(fragment string, pause robots.Pause) (s model.State, ok bool, err error) {
	st, ok, err := statefile.FromFragmentPaced(fragment, pause)
	s, err = clean(st, err)
	return s, ok, err
}

// Unmarshal reads a state written as JSON (a link's content or a state
// file) and checks it. It keeps every test: the caller holds the state to
// the tester's limits with model.State.Fit, which says what it leaves out.
func Unmarshal(data []byte) (model.State, error) { return UnmarshalPaced(data, nil) }

// UnmarshalPaced is Unmarshal with pauses (statefile.UnmarshalPaced).
func UnmarshalPaced(data []byte, pause robots.Pause) (model.State, error) {
	return clean(statefile.UnmarshalPaced(data, pause))
}

// clean holds a state read to what the page shows: an expectation, a
// dialect or an answer it does not know is none, and the selection is
// clamped to the tests.
func clean(st statefile.State, err error) (model.State, error) {
	if err != nil {
		return model.State{}, err
	}
	s := model.State(st)
	for i := range s.Rows {
		s.Rows[i].Expect = model.CleanExpect(s.Rows[i].Expect)
	}
	s.Dialect, s.Answer = model.CleanDialect(s.Dialect), model.CleanAnswer(s.Answer)
	s.Selected = max(s.SelectedRow(), 0)
	return s, nil
}

// Marshal writes a state as an indented JSON state file.
func Marshal(s model.State) []byte { return statefile.Marshal(statefile.State(s)) }
