package ui

import (
	"net/url"
	"testing"
)

// TestWarm runs the warm-up for the full page and for the embed: a panic in
// it would only leave the start more to compile, silently, so it is a test
// here.
func TestWarm(t *testing.T) {
	for _, address := range []string{"https://example.test/", "https://example.test/?embed=1&panels=why"} {
		u, err := url.Parse(address)
		if err != nil {
			t.Fatal(err)
		}
		if err := Warm(u); err != nil {
			t.Errorf("%s: %v", address, err)
		}
	}
}
