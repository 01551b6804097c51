package sitework

import (
	"robotstester/internal/relayapi"

	"encoding/json"
	"errors"
	"io"
	"strings"

	"robotstester/robots"
)

// SitemapAnswer is the fetch relay's answer to ?sitemap=URL, or the
// Error of its refusal ({"error": ...}): no fetch was made.
type SitemapAnswer struct {
	relayapi.SitemapAnswer
	Error string
}

// errNotJSON is what a text that is no JSON object gives: no relay answered.
var errNotJSON = errors.New("not a relay's answer")

// ReadSitemapAnswer reads the relay's answer to ?sitemap=URL, one token
// at a time with pause every siteStep URLs: an answer of 50,000 URLs is a
// few megabytes, which decoded in one piece would hold the page for
// hundreds of milliseconds. pause may be nil.
func ReadSitemapAnswer(text string, pause robots.Pause) (SitemapAnswer, error) {
	var a SitemapAnswer
	dec := json.NewDecoder(strings.NewReader(text))
	if t, err := dec.Token(); err != nil || t != json.Delim('{') {
		return a, errNotJSON
	}
	for dec.More() {
		t, err := dec.Token()
		if err != nil {
			return a, err
		}
		key, _ := t.(string)
		var v any
		switch key {
		case "url":
			v = &a.URL
		case "status":
			v = &a.Status
		case "final_url":
			v = &a.FinalURL
		case "index":
			v = &a.Index
		case "notes":
			v = &a.Notes
		case "complete":
			v = &a.Complete
		case "fetch_error":
			v = &a.FetchError
		case "took_ms":
			v = &a.TookMS
		case "error":
			v = &a.Error
		case "locs":
			if err := readLocs(dec, &a.Locs, pause); err != nil {
				return a, err
			}
			continue
		default:
			v = new(json.RawMessage)
		}
		if err := dec.Decode(v); err != nil {
			return a, err
		}
	}
	return a, nil
}

// readLocs reads a JSON array of strings, pausing every siteStep.
func readLocs(dec *json.Decoder, locs *[]string, pause robots.Pause) error {
	t, err := dec.Token()
	if err != nil {
		return err
	}
	if t == nil {
		return nil // null
	}
	if t != json.Delim('[') {
		return errors.New("locs is not a list")
	}
	for n := 1; ; n++ {
		if n%siteStep == 0 && pause != nil && pause() {
			return robots.ErrStopped
		}
		t, err := dec.Token()
		if err == io.EOF {
			return io.ErrUnexpectedEOF
		}
		if err != nil {
			return err
		}
		if t == json.Delim(']') {
			return nil
		}
		if s, ok := t.(string); ok {
			*locs = append(*locs, s)
		}
	}
}
