package ui

import (
	"strings"
	"testing"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// TestTesterPrerender checks the page as the static generator writes it:
// natively OnMount never runs, so the page shows its loading state.
func TestTesterPrerender(t *testing.T) {
	c := &Tester{}
	html := app.HTMLString(c.Render())
	for _, want := range []string{`id="robots-txt"`, "<textarea", "Loading the tester"} {
		if !strings.Contains(html, want) {
			t.Errorf("prerendered HTML lacks %q:\n%s", want, html)
		}
	}
	if strings.Contains(html, "data-ready") {
		t.Errorf("prerendered HTML must not carry data-ready:\n%s", html)
	}
}

// TestTesterReady checks the page once mounted: data-ready is set and the
// summary shows what was typed, as text.
func TestTesterReady(t *testing.T) {
	c := &Tester{ready: true, summary: Summarize("<script>alert(1)</script>\n")}
	html := app.HTMLString(c.Render())
	for _, want := range []string{"data-ready", `data-lines="1"`, "1 line, 26 bytes"} {
		if !strings.Contains(html, want) {
			t.Errorf("HTML lacks %q:\n%s", want, html)
		}
	}
	if strings.Contains(html, "Loading the tester") {
		t.Errorf("mounted HTML still shows the loading state:\n%s", html)
	}
}
