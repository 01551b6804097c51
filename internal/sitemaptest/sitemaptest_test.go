package sitemaptest

import (
	"bytes"
	"compress/gzip"
	"io"
	"strings"
	"testing"
)

// TestBombInflates: the bomb is a valid gzip stream of what it says.
func TestBombInflates(t *testing.T) {
	zr, err := gzip.NewReader(bytes.NewReader(Bomb(1000, 500)))
	if err != nil {
		t.Fatal(err)
	}
	got, err := io.ReadAll(zr)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(string(got), Head) || strings.Count(string(got), "<url>") < 1000 || len(got) < 1000*450 {
		t.Errorf("%d bytes, %d URLs", len(got), strings.Count(string(got), "<url>"))
	}
}
