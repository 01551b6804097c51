package panel

import (
	"strings"
	"testing"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"robotstester/app/internal/siteurls"
	"robotstester/app/model"
	"robotstester/app/sitemsg"
	"robotstester/app/sitework"
)

// TestSiteURLsHooks draws the panel over counted URLs: the contract's
// hooks carry the counts, and what a user's file held is text, never
// markup.
func TestSiteURLsHooks(t *testing.T) {
	text := "User-agent: *\nDisallow: /private/\n"
	f := model.Analyze(&model.State{Robots: text}).File
	var s sitework.SiteURLs
	src := s.Begin("pasted", "list", text)
	if _, err := s.ReadSource(src, strings.NewReader("/a\n/private/<b>x</b>\n/private/y\n"), "pasted", nil); err != nil {
		t.Fatal(err)
	}
	q := model.SiteQuery{File: f, Text: text, Crawler: "Googlebot"}
	c, err := s.Cover(sitework.NewQuery(q.Msg()), nil)
	if err != nil {
		t.Fatal(err)
	}
	held := s.State()
	p := &SiteURLs{Shown: siteurls.Shown{View: model.SiteViewOf(&held, &model.SiteCoverage{Query: q, View: sitework.ViewOf(c, sitework.NewQuery(q.Msg()))}, q, false), Done: true, Sitemaps: []string{"https://example.com/s.xml"}}}
	html := app.HTMLString(p.Render())
	for _, want := range []string{`id="site-urls-summary"`, `data-urls="3"`, `data-coverage-line="2"`, `data-count="2"`, `data-verdict="blocked"`, `data-coverage-line="0"`, `id="site-urls-fetch"`} {
		if !strings.Contains(html, want) {
			t.Errorf("no %s in\n%s", want, html)
		}
	}
	if strings.Contains(html, "<b>") {
		t.Errorf("a URL drawn as markup:\n%s", html)
	}
}

// TestSiteURLsTold: what the reading of a source noted is drawn beside
// the counts, in a live region drawn even when empty, as text.
func TestSiteURLsTold(t *testing.T) {
	empty := app.HTMLString((&SiteURLs{}).Render())
	if !strings.Contains(empty, `id="site-urls-notes"`) || !strings.Contains(empty, `data-notes="0"`) {
		t.Errorf("no empty live region in\n%s", empty)
	}
	held := sitemsg.URLsState{Sources: []sitemsg.Source{{Name: "open.csv"}},
		Notes: []string{"open.csv: <b>unclosed</b>", "open.csv: two", "open.csv: three", "open.csv: four", "open.csv: five"}}
	p := &SiteURLs{Shown: siteurls.Shown{View: model.SiteViewOf(&held, nil, model.SiteQuery{Crawler: "Googlebot"}, false), List: held.List}}
	html := app.HTMLString(p.Render())
	// go-app writes attributes in any order: from the element's start.
	notes := html[strings.LastIndex(html[:strings.Index(html, `id="site-urls-notes"`)], "<div"):]
	for _, want := range []string{`role="status"`, `data-notes="4"`, "open.csv: two", "open.csv: four", "And 1 more note, with the sources read below."} {
		if !strings.Contains(notes, want) {
			t.Errorf("no %s in\n%s", want, notes)
		}
	}
	if !strings.Contains(html, "No URLs read from open.csv: &lt;b&gt;unclosed&lt;/b&gt;.") || strings.Contains(html, "<b>") {
		t.Errorf("the summary, or a note drawn as markup:\n%s", html)
	}
	// A file that gave no URL can be cleared, with its notes.
	if _, _, _, off := p.Control("site-urls-clear"); !off {
		t.Error("Clear is enabled with nothing to clear")
	}
	p.Shown.Sources = 1
	if _, _, _, off := p.Control("site-urls-clear"); off {
		t.Error("Clear is disabled with a source read that gave no URL")
	}
	if i, j := strings.Index(html, `id="site-urls-summary"`), strings.Index(html, `id="site-urls-notes"`); i < 0 || j < i || strings.Contains(html[i:j], "<details") {
		t.Errorf("the notes are not beside the counts:\n%s", html)
	}
}
