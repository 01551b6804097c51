package ui

import (
	"strings"
	"testing"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"robotstester/app/internal/parts"
	"robotstester/app/internal/session"
	"robotstester/app/model"
	"robotstester/app/ui/internal/uitest"
	"robotstester/app/ui/panel"
)

// partsView returns the page's view of s, as Render makes it, with a
// recorder for what its views send.
func partsView(s *session.Session, ready bool) (pageView, *uitest.Recorder) {
	to := &uitest.Recorder{}
	return pageView{work: s, state: s.State(), an: s.Analysis(), ready: ready, to: to}, to
}

// TestPartsViewsDrawTheSession: the views of the share link, the live
// box, Import and export, the versions and both comparisons draw what
// the session's parts hold, as text, and are given the page to send to,
// with no handler of the page's.
func TestPartsViewsDrawTheSession(t *testing.T) {
	s := session.New(session.MemoryStorage{}, nil, model.State{
		Robots: "User-agent: *\nDisallow: /private/\n",
		Rows:   []model.Row{{Agent: "Googlebot", URL: "/private/x"}},
	})
	v, _ := partsView(s, false)
	html := app.HTMLString(v.fetchView().(*panel.FetchPanel).Render())
	if !strings.Contains(html, `id="live-fetch"`) || !strings.Contains(html, "disabled") {
		t.Errorf("the live box fetches before the page is ready:\n%s", html)
	}
	s.Apply(parts.FetchRobots{Input: "example.com/x"})
	s.Apply(parts.TextFetched{URL: "https://example.com/robots.txt", Status: 200, Body: "User-agent: *\nAllow: /\n"})
	v, _ = partsView(s, true)
	if html := app.HTMLString(v.fetchView().(*panel.FetchPanel).Render()); !strings.Contains(html, `data-fetch="ok"`) {
		t.Errorf("no fetch report drawn:\n%s", html)
	}

	s.Apply(parts.CopyLink{Page: "https://example.com/<b>x</b>"})
	html = app.HTMLString(v.shareView().(*panel.ShareBar).Render())
	if !strings.Contains(html, `id="copy-link"`) || !strings.Contains(html, "Copying") || strings.Contains(attrValue.ReplaceAllString(html, `=""`), "<b>") {
		t.Errorf("the share bar is not drawn, or drawn as markup:\n%s", html)
	}
	if p := v.transferView().(*panel.TransferPanel); p.To != v.to {
		t.Error("Import and export sends elsewhere than the page")
	} else if html := app.HTMLString(p.Render()); !strings.Contains(html, `id="export-state"`) {
		t.Errorf("no Import and export:\n%s", html)
	}

	s.Apply(parts.ToggleProposal{})
	s.Apply(parts.Propose{Text: "User-agent: *\nDisallow: /\n"})
	v, to := partsView(s, true)
	html = app.HTMLString(v.proposalView().(*panel.VersionsCompare).Render())
	for _, want := range []string{`id="versions-compare-summary"`, `data-changed="1"`, `id="proposed-live"`} {
		if !strings.Contains(html, want) {
			t.Errorf("no %s in the comparison:\n%s", want, html)
		}
	}
	if html := app.HTMLString(v.versionsView().(*panel.VersionsPanel).Render()); !strings.Contains(html, `id="versions"`) {
		t.Errorf("no versions:\n%s", html)
	}
	html = app.HTMLString(v.compareView().(*panel.ComparePanel).Render())
	if !strings.Contains(html, `id="compare-toggle"`) || strings.Contains(html, `id="compare-body"`) {
		t.Errorf("closed, the panel compares:\n%s", html)
	}
	if len(to.Sent) != 0 {
		t.Errorf("drawing sent %v", to.Sent)
	}
}
