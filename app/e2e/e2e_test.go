//go:build !js

package e2e

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// suite is shared by every test of this binary: one browser, one site per
// prefix.
var suite *Suite

func TestMain(m *testing.M) {
	s, err := NewSuite()
	if err != nil {
		fmt.Fprintln(os.Stderr, "e2e:", err)
		os.Exit(1)
	}
	suite = s
	code := m.Run()
	s.Close()
	os.Exit(code)
}

const editor = "#robots-txt"

// TestAppLoads opens the site built for the root, waits for the wasm app,
// types a robots.txt and checks that the app read it.
func TestAppLoads(t *testing.T) {
	p := suite.NewPage(t)
	p.Open(suite.Site(t, ""))
	checkEditor(t, p)
}

// TestSubpath opens a site built with a prefix and served under it: the app
// must load there too.
func TestSubpath(t *testing.T) {
	p := suite.NewPage(t)
	base := suite.Site(t, "/sub/path")
	if !strings.HasSuffix(base, "/sub/path/") {
		t.Fatalf("base URL %s does not end in /sub/path/", base)
	}
	p.Open(base)
	checkEditor(t, p)

	// Every resource the page loaded came from under the prefix.
	urls := Eval[[]string](p, "listing resources",
		`performance.getEntriesByType("resource").map(e => e.name)`)
	if len(urls) == 0 {
		t.Fatal("the page loaded no resources")
	}
	for _, u := range urls {
		if !strings.Contains(u, "/sub/path/") {
			t.Errorf("resource %s loaded from outside /sub/path/", u)
		}
	}
}

// TestCompressedWasm checks that the browser got app.wasm compressed, which
// it does when the web folder holds app.wasm.br (make build writes it). The
// site has a prefix of its own, so it is a new origin that no service worker
// serves from its cache yet.
func TestCompressedWasm(t *testing.T) {
	const prefix = "/compressed"
	dir := suite.SiteDir(t, prefix)
	if _, err := os.Stat(filepath.Join(dir, "web", "app.wasm.br")); err != nil {
		t.Skip("no app.wasm.br in the site (make build writes it):", err)
	}
	p := suite.NewPage(t)
	p.Open(suite.Site(t, prefix))
	type entry struct {
		Name    string  `json:"name"`
		Encoded float64 `json:"encodedBodySize"`
		Decoded float64 `json:"decodedBodySize"`
	}
	// The page's worker fetched app.wasm (site/loader.go): its timing is
	// the worker's, which the worker hands the page.
	entries := Eval[[]entry](p, "reading resource timings", `(() => {
		const early = window.robotsTesterCompile;
		if (early && early.used) return early.timing ? [early.timing] : [];
		return performance.getEntriesByType("resource").filter(e => e.name.endsWith("/web/app.wasm")).map(e => e.toJSON());
	})()`)
	if len(entries) == 0 {
		t.Fatal("no resource timing for app.wasm")
	}
	for _, e := range entries {
		t.Logf("%s: %.0f bytes on the wire, %.0f decoded", e.Name, e.Encoded, e.Decoded)
		if e.Encoded <= 0 || e.Encoded >= e.Decoded {
			t.Errorf("%s: %v bytes on the wire for %v decoded: not compressed", e.Name, e.Encoded, e.Decoded)
		}
	}
}

// checkEditor types into the editor and checks the app's reading of it.
func checkEditor(t *testing.T, p *Page) {
	t.Helper()
	if _, disabled := p.Attr(editor, "disabled"); disabled {
		t.Errorf("%s is disabled once the app is ready", editor)
	}
	if n := p.Count(".loading"); n != 0 {
		t.Errorf("the loading notice is still shown")
	}

	// The example is loaded on a first visit; Clear empties the editor.
	if v := p.Value(editor); !strings.Contains(v, "User-agent: Googlebot") {
		t.Errorf("the editor does not hold the example: %q", v)
	}
	p.Click("#clear-file")
	p.WaitAttr("#summary", "data-bytes", "0")
	// The editor empties a frame after the page says so: a key typed in
	// between goes to the text on screen, the example.
	poll(p, "the editor emptied", `window.robotsTester.text()`, func(s string) bool { return s == "" })
	p.Type(editor, "User-agent: *\nDisallow: /private\n")
	// A final line break starts an empty third line, as the gutter shows.
	p.WaitAttr("#summary", "data-lines", "3")
	if got, want := p.Value(editor), "User-agent: *\nDisallow: /private\n"; got != want {
		t.Errorf("editor value %q, want %q", got, want)
	}

	// Markup typed by the user stays text.
	p.Replace(editor, "<script>alert(1)</script>\n<b>x</b>")
	p.WaitAttr("#summary", "data-bytes", "34")
	if n := p.Count("main script, main b"); n != 0 {
		t.Errorf("typed markup became %d elements", n)
	}
	if got := p.Text("#summary"); got != "2 lines, 34 bytes" {
		t.Errorf("summary %q, want %q", got, "2 lines, 34 bytes")
	}
	if got := p.Text(`#robots-txt [data-line="1"]`); got != "<script>alert(1)</script>" {
		t.Errorf("the editor shows %q", got)
	}

	// A large file goes in one input event.
	big := strings.Repeat("Disallow: /some/fairly/long/path/*.php$\n", 12000)
	p.Replace(editor, big)
	p.WaitAttr("#summary", "data-lines", "12001")

	if ex := p.Exceptions(); len(ex) > 0 {
		t.Errorf("the page reported errors:\n%s", strings.Join(ex, "\n"))
	}
}
