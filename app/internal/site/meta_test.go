//go:build !js

package site

import (
	"bytes"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"robotstester/app/ui"
)

// headMeta returns the meta tags of a page's head, keyed by their property
// or name, and fails on a tag without content.
func headMeta(t *testing.T, page string) map[string]string {
	t.Helper()
	end := strings.Index(page, "</head>")
	if end < 0 {
		t.Fatal("no </head>")
	}
	tags := map[string]string{}
	for _, tag := range metaTag.FindAllString(page[:end], -1) {
		a := metaAttrs(tag)
		if _, ok := a["charset"]; ok {
			continue
		}
		key := a["property"] + a["name"]
		content := strings.TrimSpace(a["content"])
		if key == "" || content == "" || content == "https://" || content == "http://" {
			t.Errorf("an empty or bare meta tag: %s", strings.TrimSpace(tag))
		}
		if _, dup := tags[key]; dup {
			t.Errorf("%s twice", key)
		}
		tags[key] = content
	}
	return tags
}

// TestPageMetadata builds the site at the root and under a subpath, with
// and without its public address, and reads what a link preview reads.
func TestPageMetadata(t *testing.T) {
	ui.Routes()
	web, wasmExec := fixture(t)
	for _, c := range []struct {
		prefix, url string
		page        string // og:url; "" for none
		image       string // og:image
	}{
		{"", "", "", "/web/og-image.png"},
		{"/sub/path", "", "", "/sub/path/web/og-image.png"},
		{"", "https://example.com", "https://example.com/", "https://example.com/web/og-image.png"},
		{"", "https://Example.com/", "https://example.com/", "https://example.com/web/og-image.png"},
		{"/sub/path", "https://example.com", "https://example.com/sub/path/", "https://example.com/sub/path/web/og-image.png"},
		{"/sub/path", "http://127.0.0.1:8000/sub/path/", "http://127.0.0.1:8000/sub/path/", "http://127.0.0.1:8000/sub/path/web/og-image.png"},
	} {
		out := filepath.Join(t.TempDir(), "site")
		if err := Build(Options{Out: out, Web: web, WasmExec: wasmExec, Prefix: c.prefix, URL: c.url}); err != nil {
			t.Fatalf("prefix %q, URL %q: %v", c.prefix, c.url, err)
		}
		page, err := os.ReadFile(filepath.Join(out, "index.html"))
		if err != nil {
			t.Fatal(err)
		}
		tags := headMeta(t, string(page))
		want := map[string]string{
			"description":         Description,
			"og:title":            Name,
			"og:description":      Description,
			"og:type":             "website",
			"og:image":            c.image,
			"og:image:width":      "1200",
			"og:image:height":     "630",
			"twitter:card":        "summary_large_image",
			"twitter:title":       Name,
			"twitter:description": Description,
			"twitter:image":       c.image,
		}
		if c.page != "" {
			want["og:url"] = c.page
		}
		for k, v := range want {
			if tags[k] != v {
				t.Errorf("prefix %q, URL %q: %s is %q, want %q", c.prefix, c.url, k, tags[k], v)
			}
		}
		if got, ok := tags["og:url"]; c.page == "" && ok {
			t.Errorf("prefix %q, no URL: og:url %q, want none", c.prefix, got)
		}
		if _, ok := tags["author"]; ok {
			t.Errorf("an author tag: %q", tags["author"])
		}
		if len(Description) < 100 || !strings.Contains(string(page), "<title>"+Name+"</title>") {
			t.Errorf("prefix %q: the description %q or the title is missing", c.prefix, Description)
		}
		// The picture is in the site, where the tag says, and a PNG of the
		// size the tags say.
		card, err := os.ReadFile(filepath.Join(out, "web", CardName))
		if err != nil {
			t.Fatal(err)
		}
		img, err := png.Decode(bytes.NewReader(card))
		if err != nil {
			t.Fatal(err)
		}
		if b := img.Bounds(); b.Dx() != CardWidth || b.Dy() != CardHeight {
			t.Errorf("the card is %v", b)
		}
		// The compressed page a server sends is the page with its tags.
		if _, err := os.Stat(filepath.Join(out, "index.html.br")); err != nil {
			t.Error(err)
		}
	}
}

func TestPageMetadataRefusesBadURLs(t *testing.T) {
	ui.Routes()
	web, wasmExec := fixture(t)
	for _, c := range [][2]string{
		{"", "https://"},
		{"", "example.com"},
		{"", "ftp://example.com/"},
		{"", "https://example.com/?a=1"},
		{"", "https://example.com/tools/"},
		{"/sub/path", "https://example.com/other/"},
	} {
		err := Build(Options{Out: filepath.Join(t.TempDir(), "site"), Web: web, WasmExec: wasmExec, Prefix: c[0], URL: c[1]})
		if err == nil {
			t.Errorf("prefix %q, URL %q: built", c[0], c[1])
		}
	}
}

// TestCard checks the card's font: every glyph is 5 × 7, and the card is
// the same bytes each time.
func TestCard(t *testing.T) {
	for r, g := range cardGlyphs {
		rows := strings.Fields(g)
		if len(rows) != 7 {
			t.Errorf("%q: %d rows", r, len(rows))
		}
		for _, row := range rows {
			if len(row) != 5 || strings.Trim(row, ".#") != "" {
				t.Errorf("%q: row %q", r, row)
			}
		}
	}
	if !bytes.Equal(Card(), Card()) {
		t.Error("two cards differ")
	}
}
