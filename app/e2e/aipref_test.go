//go:build !js

package e2e

import (
	"strings"
	"testing"
)

// textContent returns the text of the element sel, shown or not, once the
// element exists.
func textContent(p *Page, sel string) string {
	p.tb.Helper()
	p.Wait(sel)
	return Eval[string](p, "reading the text of "+sel, "document.querySelector("+jsString(sel)+").textContent")
}

// TestAIPreferences: the Why says what AI use the file states for the
// test, the overview lists the AI-preference lines, and the grid shows
// the AI crawlers on the tested URLs.
func TestAIPreferences(t *testing.T) {
	p := suite.NewPage(t)
	p.Open(suite.Site(t, ""))
	p.Click(row(0, "button.why"))
	p.WaitAttr("#why", "data-why-row", "0")
	p.Replace(editor, "User-agent: *\nContent-Signal: search=yes, ai-train=no\nDisallow: /private/\n\nUser-agent: GPTBot\nDisallow: /\n")
	p.Replace(row(0, "input[name=agent]"), "ClaudeBot")
	p.Replace(row(0, "input[name=url]"), "/")
	verdict(p, 0, "allowed")
	p.WaitAttr("#why-usage", "data-stated", "true")
	if got := textContent(p, "#why-usage"); got != "AI use stated: search yes, AI training no (line 2)." {
		t.Errorf("#why-usage %q", got)
	}
	if got := textContent(p, "#overview-usage"); !strings.Contains(got, "Content-Signal: search=yes, ai-train=no") || !strings.Contains(got, "in the group for *") {
		t.Errorf("#overview-usage %q", got)
	}
	p.Click("#ai-grid > summary") // the grid's table is drawn once opened
	p.Wait("#ai-grid table")
	grid := textContent(p, "#ai-grid")
	for _, want := range []string{"GPTBot", "ClaudeBot", "search yes, AI training no (line 2)"} {
		if !strings.Contains(grid, want) {
			t.Errorf("#ai-grid lacks %q: %q", want, grid)
		}
	}
	p.Replace(row(0, "input[name=url]"), "/private/x")
	verdict(p, 0, "blocked")
	p.WaitAttr("#why-usage", "data-stated", "false")
	if got := textContent(p, "#why-usage"); !strings.Contains(got, "may not be crawled") {
		t.Errorf("#why-usage on a blocked URL %q", got)
	}
	if ex := p.Exceptions(); len(ex) > 0 {
		t.Errorf("exceptions: %q", ex)
	}
}
