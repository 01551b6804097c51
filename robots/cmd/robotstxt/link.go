package main

import (
	"bytes"
	"compress/flate"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"
)

// The tester's state, as its share links and state files carry it (see
// the tester's share package; written again here so that the engine's
// command needs nothing of the app). Rows may carry an expected verdict,
// which the tester pins and `robotstxt test` checks.
type state struct {
	Version  int        `json:"v"`
	Robots   string     `json:"robots"`
	Rows     []stateRow `json:"rows"`
	Dialect  string     `json:"dialect,omitempty"`
	Selected int        `json:"selected"`
}

// A stateRow is one test: a crawler, a URL, and the verdict expected.
type stateRow struct {
	Agent string `json:"agent"`
	URL   string `json:"url"`
	// Expect is "allowed" or "blocked"; "" for a test that expects
	// nothing.
	Expect string `json:"expect,omitempty"`
}

// stateVersion is the version of the format written; links and files of
// versions up to it are read.
const stateVersion = 1

// Limits on what is read, so that a damaged or hostile link cannot take
// the machine: the tester's own.
const (
	maxStateJSON = 16 << 20
	// maxLink is the longest link that common browsers and chat tools
	// carry whole.
	maxLink = 32000
)

// linkFragment returns the fragment (without '#') of a tester link that
// carries s: its JSON, compressed with DEFLATE, in unpadded base64url,
// after "s=".
func linkFragment(s state) (string, error) {
	s.Version = stateVersion
	if s.Rows == nil {
		s.Rows = []stateRow{}
	}
	var buf bytes.Buffer
	w, err := flate.NewWriter(&buf, flate.BestCompression)
	if err != nil {
		return "", err
	}
	if err := json.NewEncoder(w).Encode(s); err != nil {
		return "", err
	}
	if err := w.Close(); err != nil {
		return "", err
	}
	return "s=" + base64.RawURLEncoding.EncodeToString(buf.Bytes()), nil
}

// stateFromLink reads the state a tester link carries: a whole link or
// its fragment.
func stateFromLink(link string) (state, error) {
	_, frag, found := strings.Cut(link, "#")
	if !found {
		frag = link
	}
	for _, part := range strings.Split(frag, "&") {
		if k, v, ok := strings.Cut(part, "="); ok && k == "s" {
			raw, err := base64.RawURLEncoding.DecodeString(strings.TrimRight(v, "="))
			if err != nil {
				return state{}, errors.New("the link is damaged: it holds characters a link cannot have")
			}
			data, err := io.ReadAll(io.LimitReader(flate.NewReader(bytes.NewReader(raw)), maxStateJSON+1))
			if err != nil {
				return state{}, errors.New("the link is damaged or incomplete")
			}
			return parseState(data)
		}
	}
	return state{}, errors.New("the link carries no tester state (no #s=...)")
}

// parseState reads a state file, or a link's content.
func parseState(data []byte) (state, error) {
	if len(data) > maxStateJSON {
		return state{}, fmt.Errorf("the state is over %d MiB", maxStateJSON>>20)
	}
	var s state
	dec := json.NewDecoder(bytes.NewReader(data))
	if err := dec.Decode(&s); err != nil {
		var syntax *json.SyntaxError
		var typ *json.UnmarshalTypeError
		switch {
		case errors.As(err, &syntax):
			return state{}, fmt.Errorf("the state is not JSON (at byte %d)", syntax.Offset)
		case errors.As(err, &typ):
			return state{}, fmt.Errorf("the state's %q is %s, which it cannot be", typ.Field, typ.Value)
		}
		return state{}, errors.New("the state is not JSON, or it ends too soon")
	}
	switch {
	case s.Version < 1:
		return state{}, errors.New("the state has no version (\"v\"): it is not a tester state")
	case s.Version > stateVersion:
		return state{}, fmt.Errorf("the state is of format %d; this command reads up to %d", s.Version, stateVersion)
	}
	for i, r := range s.Rows {
		switch strings.ToLower(strings.TrimSpace(r.Expect)) {
		case "", "allowed", "blocked":
			s.Rows[i].Expect = strings.ToLower(strings.TrimSpace(r.Expect))
		default:
			return state{}, fmt.Errorf("test %d expects %q: an expectation is \"allowed\" or \"blocked\"", i+1, r.Expect)
		}
	}
	return s, nil
}
