// Package statefile reads and writes the robots.txt tester's state: a
// robots.txt, the tests of it (a crawler, a URL, the verdict expected),
// the reading chosen and the server's answer. It is carried in two forms,
// a JSON state file and a share link (the JSON compressed into the URL's
// fragment), which the tester's page and the robotstxt command both read
// and write through this package.
package statefile

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

	"robotstester/robots"
)

// Version is the version of the state format that Encode writes. Decode
// reads every version up to it.
const Version = 1

// Limits on what a link or a state file may bring in, so that a damaged or
// hostile one cannot freeze the page or take the machine.
const (
	// MaxDecoded is the largest state, in bytes of JSON, that is read:
	// room for the tester's largest file and 1000 tests, escaped.
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

// State is everything the user of the tester chose, and nothing computed
// from it: a plain value, so that it can be saved, shared in a link or
// embedded.
type State struct {
	Robots string `json:"robots"`
	Rows   []Row  `json:"rows"`
	// Dialect is the short name of the dialect every row is checked in
	// (robots.Dialect.String()), or "" for each crawler's own.
	Dialect  string `json:"dialect,omitempty"`
	Selected int    `json:"selected"` // index in Rows of the row the tester's Why panel explains
	// Answer is the server's answer to the request for robots.txt that
	// the verdicts assume (a value of the tester's answer control), ""
	// for a 200 with the file as written.
	Answer string `json:"answer,omitempty"`
}

// Row is one test: a crawler and a URL, as typed.
type Row struct {
	// Agent is a product token ("Googlebot"), a catalogued crawler's token
	// or a whole user-agent string.
	Agent string `json:"agent"`
	// URL is a full URL, a URL without a scheme or a bare path, typed as a
	// person would.
	URL string `json:"url"`
	// Expect is the verdict the test should have, ExpectAllowed or
	// ExpectBlocked, or "" when it expects nothing (see CleanExpect). It is
	// the field `robotstxt test` checks.
	Expect string `json:"expect,omitempty"`
}

// The values of Row.Expect.
const (
	ExpectAllowed = "allowed"
	ExpectBlocked = "blocked"
)

// CleanExpect returns the expectation e names ("allowed" or "blocked",
// in any case, with spaces around), or "" when it names none.
func CleanExpect(e string) string {
	switch e = strings.ToLower(strings.TrimSpace(e)); e {
	case ExpectAllowed, ExpectBlocked:
		return e
	}
	return ""
}

// CheckExpectations returns an error naming the first test whose
// expectation is neither "allowed" nor "blocked" (in any case), for a
// reader that refuses one rather than read it as expecting nothing, as
// the page does (CleanExpect).
func (s *State) CheckExpectations() error {
	for i, r := range s.Rows {
		if CleanExpect(r.Expect) == "" && strings.TrimSpace(r.Expect) != "" {
			return fmt.Errorf("%w: test %d expects %q: an expectation is %q or %q", ErrInvalid, i+1, r.Expect, ExpectAllowed, ExpectBlocked)
		}
	}
	return nil
}

// fileState is the state as it is written: State with its version.
type fileState struct {
	Version int `json:"v"`
	State
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
func Encode(s State) string {
	var buf bytes.Buffer
	w, _ := flate.NewWriter(&buf, flate.BestCompression) // the level is valid
	json.NewEncoder(w).Encode(toFile(s))                 // a State always encodes
	w.Close()
	return base64.RawURLEncoding.EncodeToString(buf.Bytes())
}

// Fragment returns the URL fragment (without '#') that carries the state.
func Fragment(s State) string { return FragmentKey + "=" + Encode(s) }

// Decode reads a link payload made by Encode, of this version or an older
// one. Whatever the input, it returns a valid state or an error that says
// what is wrong.
func Decode(payload string) (State, error) { return DecodePaced(payload, nil) }

// DecodePaced is Decode with a pause called between parts of the work (the
// tests are read a hundred at a time): a link of 1000 tests on a large
// file is a quarter of a second of WebAssembly to read, which a page runs
// in a goroutine that gives the browser its turn in the pauses. When the
// pause stops it, it returns robots.ErrStopped.
func DecodePaced(payload string, pause robots.Pause) (State, error) {
	payload = strings.TrimSpace(payload)
	if payload == "" {
		return State{}, fmt.Errorf("%w: it holds no state", ErrDamaged)
	}
	if len(payload) > maxPayload {
		return State{}, fmt.Errorf("%w: the link is %d characters long", ErrTooLarge, len(payload))
	}
	raw, err := base64.RawURLEncoding.DecodeString(strings.TrimRight(payload, "="))
	if err != nil {
		return State{}, fmt.Errorf("%w: it holds characters a link cannot have", ErrDamaged)
	}
	// Read one byte past the limit to tell a state at the limit from a
	// larger one: a compression bomb stops there.
	data, err := io.ReadAll(io.LimitReader(flate.NewReader(bytes.NewReader(raw)), MaxDecoded+1))
	if err != nil {
		return State{}, fmt.Errorf("%w: part of it is missing or changed", ErrDamaged)
	}
	if len(data) > MaxDecoded {
		return State{}, fmt.Errorf("%w: over %d KiB once unpacked", ErrTooLarge, MaxDecoded>>10)
	}
	return UnmarshalPaced(data, pause)
}

// FromFragment finds the state in a URL fragment ("s=...", with or without
// '#', possibly among other "key=value" parts joined by '&'). ok is false
// when the fragment carries no state at all.
func FromFragment(fragment string) (s State, ok bool, err error) {
	return FromFragmentPaced(fragment, nil)
}

// FromFragmentPaced is FromFragment with pauses (DecodePaced).
func FromFragmentPaced(fragment string, pause robots.Pause) (s State, ok bool, err error) {
	fragment = strings.TrimPrefix(fragment, "#")
	for _, part := range strings.Split(fragment, "&") {
		if k, v, found := strings.Cut(part, "="); found && k == FragmentKey {
			s, err := DecodePaced(v, pause)
			return s, true, err
		}
	}
	return State{}, false, nil
}

// FromLink reads the state a tester link carries: a whole link
// ("https://…/#s=…") or its fragment.
func FromLink(link string) (State, error) {
	if _, frag, found := strings.Cut(link, "#"); found {
		link = frag
	}
	s, ok, err := FromFragment(link)
	if !ok {
		return State{}, fmt.Errorf("%w: it carries no tester state (no #%s=...)", ErrDamaged, FragmentKey)
	}
	return s, err
}

// Unmarshal reads a state written as JSON (a link's content or a state
// file) and checks its format. It keeps every test, and the values as
// written, but for an expectation that names a verdict, which is written
// as ExpectAllowed or ExpectBlocked: a reader cleans the rest as it
// needs (the page reads an unknown expectation as none, the command
// refuses it: CheckExpectations).
func Unmarshal(data []byte) (State, error) { return UnmarshalPaced(data, nil) }

// UnmarshalPaced is Unmarshal with pauses: the tests are read a hundred
// at a time, pause called between. When the pause stops it, it returns
// robots.ErrStopped.
func UnmarshalPaced(data []byte, pause robots.Pause) (State, error) {
	if len(data) > MaxDecoded {
		return State{}, fmt.Errorf("%w: over %d KiB", ErrTooLarge, MaxDecoded>>10)
	}
	// The state with its tests left as JSON: read in a second step, with
	// pauses.
	var f struct {
		fileState
		Rows json.RawMessage `json:"rows"`
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	if err := dec.Decode(&f); err != nil {
		return State{}, fmt.Errorf("%w: %v", ErrInvalid, plainJSONError(err))
	}
	if _, err := dec.Token(); err != io.EOF {
		return State{}, fmt.Errorf("%w: something follows the state", ErrInvalid)
	}
	if pause != nil && pause() {
		return State{}, robots.ErrStopped
	}
	rows, err := unmarshalRows(f.Rows, pause)
	switch {
	case err == robots.ErrStopped:
		return State{}, err
	case err != nil:
		return State{}, fmt.Errorf("%w: %v", ErrInvalid, err)
	case f.Version < 1:
		return State{}, fmt.Errorf("%w: it has no version", ErrInvalid)
	case f.Version > Version:
		return State{}, fmt.Errorf("%w (format %d; this one reads up to %d)", ErrNewer, f.Version, Version)
	case !utf8.ValidString(f.Robots):
		return State{}, fmt.Errorf("%w: the robots.txt is not text", ErrInvalid)
	}
	for i := range rows {
		if e := CleanExpect(rows[i].Expect); e != "" {
			rows[i].Expect = e
		}
	}
	s := f.State
	s.Rows = rows
	return s, nil
}

// unmarshalRows reads a state's tests, a hundred between pauses.
func unmarshalRows(data json.RawMessage, pause robots.Pause) ([]Row, error) {
	if len(data) == 0 || string(data) == "null" {
		return nil, nil
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	if t, err := dec.Token(); err != nil || t != json.Delim('[') {
		return nil, errors.New(`"rows" should be a list`)
	}
	rows := []Row{}
	for dec.More() {
		var r Row
		if err := dec.Decode(&r); err != nil {
			var typeErr *json.UnmarshalTypeError
			if errors.As(err, &typeErr) {
				typeErr.Field = "rows." + typeErr.Field
			}
			return nil, errors.New(plainJSONError(err))
		}
		rows = append(rows, r)
		if len(rows)%100 == 0 && pause != nil && pause() {
			return nil, robots.ErrStopped
		}
	}
	return rows, nil
}

// Marshal writes a state as an indented JSON state file.
func Marshal(s State) []byte {
	data, _ := json.MarshalIndent(toFile(s), "", "  ") // a State always encodes
	return append(data, '\n')
}

func toFile(s State) fileState {
	if s.Rows == nil {
		s.Rows = []Row{}
	}
	return fileState{Version: Version, State: s}
}

// MarshalCompact writes s as compact JSON, as the tester autosaves it (Unmarshal reads it),, the robots.txt's text escaped by
// appendJSONString: encoding/json takes a quarter of a second of
// WebAssembly for a 4 MiB file, a table of bytes a few milliseconds.
func MarshalCompact(s State) []byte {
	f := toFile(s)
	robots := f.Robots
	f.Robots = ""
	rest, _ := json.Marshal(f) // a State always encodes
	const empty = `"robots":""`
	i := bytes.Index(rest, []byte(empty)) // the second field: before any test
	if robots == "" || i < 0 || !utf8.ValidString(robots) {
		f.Robots = robots
		data, _ := json.Marshal(f)
		return data
	}
	out := make([]byte, 0, len(rest)+len(robots)+len(robots)/16)
	out = append(out, rest[:i]...)
	out = append(out, `"robots":`...)
	out = appendJSONString(out, robots)
	return append(out, rest[i+len(empty):]...)
}

// jsonEscape says which bytes a JSON string must escape, and how: 'u' for
// \u00XX, else the letter after the backslash.
var jsonEscape = func() (t [256]byte) {
	for c := 0; c < 0x20; c++ {
		t[c] = 'u'
	}
	t['"'], t['\\'], t['\n'], t['\r'], t['\t'] = '"', '\\', 'n', 'r', 't'
	return t
}()

// appendJSONString appends s, valid UTF-8, to dst as a JSON string: the
// bytes that need no escape are copied in runs.
func appendJSONString(dst []byte, s string) []byte {
	dst = append(dst, '"')
	start := 0
	for i := 0; i < len(s); i++ {
		e := jsonEscape[s[i]]
		if e == 0 {
			continue
		}
		dst = append(dst, s[start:i]...)
		if e == 'u' {
			const hex = "0123456789abcdef"
			dst = append(dst, '\\', 'u', '0', '0', hex[s[i]>>4], hex[s[i]&0xf])
		} else {
			dst = append(dst, '\\', e)
		}
		start = i + 1
	}
	dst = append(dst, s[start:]...)
	return append(dst, '"')
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
