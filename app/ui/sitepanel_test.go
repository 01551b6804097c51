package ui

import (
	"strings"
	"testing"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"robotstester/app/sitework"
	"robotstester/app/ui/model"
	"robotstester/robots"
)

// TestSiteURLsHooks draws the panel over counted URLs: the contract's
// hooks carry the counts, and what a user's file held is text, never
// markup.
func TestSiteURLsHooks(t *testing.T) {
	text := "User-agent: *\nDisallow: /private/\n"
	f := robots.ParseString(text)
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
	p := &SiteURLsPanel{View: model.SiteViewOf(&held, &model.SiteCoverage{Query: q, View: sitework.ViewOf(c, sitework.NewQuery(q.Msg()))}, q), Done: true, Sitemaps: []string{"https://example.com/s.xml"}}
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
