// Package share moves the tester's state in and out of the page: share
// links (the state compressed into the URL fragment), state files, results
// as CSV and JSON, and lists of URLs to import.
//
// Everything here is plain Go over model.State, so that the formats and
// their limits are tested natively; the components only call it.
package share

import (
	"bytes"
	"compress/flate"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"
	"unicode/utf8"

	"robotstester/app/ui/model"
)

// Version is the version of the state format that Encode writes. Decode
// reads every version up to it.
const Version = 1

// Limits on what a link or a state file may bring in, so that a damaged or
// hostile one cannot freeze the page.
const (
	// MaxDecoded is the largest state, in bytes of JSON, that is read:
	// room for model.MaxFile and model.MaxRows tests, escaped.
	MaxDecoded = 16 << 20
	// MaxLink is the longest link that common browsers and chat tools
	// carry whole; past it, the JSON export is the way to share.
	MaxLink = 32000
	// maxPayload bounds the fragment itself: compressed state is never
	// larger than a few times MaxDecoded / 4.
	maxPayload = 4 * MaxDecoded
)

// FragmentKey names the state in a URL fragment: "#s=<payload>".
const FragmentKey = "s"

// fileState is the state as it is written: model.State with its version.
type fileState struct {
	Version  int         `json:"v"`
	Robots   string      `json:"robots"`
	Rows     []model.Row `json:"rows"`
	Dialect  string      `json:"dialect,omitempty"`
	Selected int         `json:"selected"`
	Answer   string      `json:"answer,omitempty"`
}

// Errors that Decode returns, wrapped with details; their text is meant for
// people.
var (
	ErrDamaged  = errors.New("the link is damaged or incomplete")
	ErrTooLarge = errors.New("the shared state is too large")
	ErrNewer    = errors.New("the link was made by a newer version of the tester")
	ErrInvalid  = errors.New("the shared state is not valid")
)

// Encode returns the state as a link payload: its JSON, compressed with
// DEFLATE, in unpadded base64url.
func Encode(s model.State) string {
	var buf bytes.Buffer
	w, _ := flate.NewWriter(&buf, flate.BestCompression) // the level is valid
	json.NewEncoder(w).Encode(toFile(s))                 // a State always encodes
	w.Close()
	return base64.RawURLEncoding.EncodeToString(buf.Bytes())
}

// Fragment returns the URL fragment (without '#') that carries the state.
func Fragment(s model.State) string { return FragmentKey + "=" + Encode(s) }

// Decode reads a link payload made by Encode, of this version or an older
// one. Whatever the input, it returns a valid state or an error that says
// what is wrong.
func Decode(payload string) (model.State, error) { return DecodePaced(payload, nil) }

// DecodePaced is Decode with a pause called between parts of the work (the
// tests are read a hundred at a time): a link of 1000 tests on a large
// file is a quarter of a second of WebAssembly to read, which a page runs
// in a goroutine that gives the browser its turn in the pauses.
func DecodePaced(payload string, pause func()) (model.State, error) {
	payload = strings.TrimSpace(payload)
	if payload == "" {
		return model.State{}, fmt.Errorf("%w: it holds no state", ErrDamaged)
	}
	if len(payload) > maxPayload {
		return model.State{}, fmt.Errorf("%w: the link is %d characters long", ErrTooLarge, len(payload))
	}
	raw, err := base64.RawURLEncoding.DecodeString(strings.TrimRight(payload, "="))
	if err != nil {
		return model.State{}, fmt.Errorf("%w: it holds characters a link cannot have", ErrDamaged)
	}
	// Read one byte past the limit to tell a state at the limit from a
	// larger one: a compression bomb stops there.
	data, err := io.ReadAll(io.LimitReader(flate.NewReader(bytes.NewReader(raw)), MaxDecoded+1))
	if err != nil {
		return model.State{}, fmt.Errorf("%w: part of it is missing or changed", ErrDamaged)
	}
	if len(data) > MaxDecoded {
		return model.State{}, fmt.Errorf("%w: over %d KiB once unpacked", ErrTooLarge, MaxDecoded>>10)
	}
	return UnmarshalPaced(data, pause)
}

// FromFragment finds the state in a URL fragment ("s=...", with or without
// '#', possibly among other "key=value" parts joined by '&'). ok is false
// when the fragment carries no state at all.
func FromFragment(fragment string) (s model.State, ok bool, err error) {
	return FromFragmentPaced(fragment, nil)
}

// FromFragmentPaced is FromFragment with pauses (DecodePaced).
func FromFragmentPaced(fragment string, pause func()) (s model.State, ok bool, err error) {
	fragment = strings.TrimPrefix(fragment, "#")
	for _, part := range strings.Split(fragment, "&") {
		if k, v, found := strings.Cut(part, "="); found && k == FragmentKey {
			s, err := DecodePaced(v, pause)
			return s, true, err
		}
	}
	return model.State{}, false, nil
}

// Unmarshal reads a state written as JSON (a link's content or a state
// file) and checks it. It keeps every test: the caller holds the state to
// the tester's limits with model.State.Fit, which says what it leaves out.
func Unmarshal(data []byte) (model.State, error) { return UnmarshalPaced(data, nil) }

// UnmarshalPaced is Unmarshal with pauses: the tests are read a hundred
// at a time, pause called between.
func UnmarshalPaced(data []byte, pause func()) (model.State, error) {
	if pause == nil {
		pause = func() {}
	}
	if len(data) > MaxDecoded {
		return model.State{}, fmt.Errorf("%w: over %d KiB", ErrTooLarge, MaxDecoded>>10)
	}
	// The state with its tests left as JSON: read in a second step, with
	// pauses.
	var f struct {
		fileState
		Rows json.RawMessage `json:"rows"`
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	if err := dec.Decode(&f); err != nil {
		return model.State{}, fmt.Errorf("%w: %v", ErrInvalid, plainJSONError(err))
	}
	if _, err := dec.Token(); err != io.EOF {
		return model.State{}, fmt.Errorf("%w: something follows the state", ErrInvalid)
	}
	pause()
	rows, err := unmarshalRows(f.Rows, pause)
	if err != nil {
		return model.State{}, fmt.Errorf("%w: %v", ErrInvalid, err)
	}
	f.fileState.Rows = rows
	switch {
	case f.Version < 1:
		return model.State{}, fmt.Errorf("%w: it has no version", ErrInvalid)
	case f.Version > Version:
		return model.State{}, fmt.Errorf("%w (format %d; this one reads up to %d)", ErrNewer, f.Version, Version)
	case !utf8.ValidString(f.Robots):
		return model.State{}, fmt.Errorf("%w: the robots.txt is not text", ErrInvalid)
	}
	for i := range rows {
		rows[i].Expect = model.CleanExpect(rows[i].Expect)
	}
	s := model.State{Robots: f.Robots, Rows: rows, Dialect: model.CleanDialect(f.Dialect), Selected: f.Selected,
		Answer: model.CleanAnswer(f.Answer)}
	s.Selected = max(s.SelectedRow(), 0)
	return s, nil
}

// unmarshalRows reads a state's tests, a hundred between pauses.
func unmarshalRows(data json.RawMessage, pause func()) ([]model.Row, error) {
	if len(data) == 0 || string(data) == "null" {
		return nil, nil
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	if t, err := dec.Token(); err != nil || t != json.Delim('[') {
		return nil, errors.New(`"rows" should be a list`)
	}
	rows := []model.Row{}
	for dec.More() {
		var r model.Row
		if err := dec.Decode(&r); err != nil {
			var typeErr *json.UnmarshalTypeError
			if errors.As(err, &typeErr) {
				typeErr.Field = "rows." + typeErr.Field
			}
			return nil, errors.New(plainJSONError(err))
		}
		rows = append(rows, r)
		if len(rows)%100 == 0 {
			pause()
		}
	}
	return rows, nil
}

// Marshal writes a state as an indented JSON state file.
func Marshal(s model.State) []byte {
	data, _ := json.MarshalIndent(toFile(s), "", "  ") // a State always encodes
	return append(data, '\n')
}

func toFile(s model.State) fileState {
	rows := s.Rows
	if rows == nil {
		rows = []model.Row{}
	}
	return fileState{Version: Version, Robots: s.Robots, Rows: rows, Dialect: s.Dialect, Selected: s.Selected, Answer: s.Answer}
}

// plainJSONError words a JSON error for people.
func plainJSONError(err error) string {
	var typeErr *json.UnmarshalTypeError
	if errors.As(err, &typeErr) {
		return fmt.Sprintf("%q should be %s, not %s", typeErr.Field, kindOf(typeErr.Type.Kind().String()), typeErr.Value)
	}
	var syntaxErr *json.SyntaxError
	if errors.As(err, &syntaxErr) {
		return fmt.Sprintf("it is not JSON (at byte %d)", syntaxErr.Offset)
	}
	return "it is not JSON, or it ends too soon"
}

func kindOf(k string) string {
	switch k {
	case "string":
		return "text"
	case "int":
		return "a number"
	case "slice":
		return "a list"
	case "struct":
		return "an object"
	}
	return k
}
