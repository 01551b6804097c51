package ui

import (
	"strings"
	"testing"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"robotstester/app/model"
	"robotstester/app/ui/panel"
)

// TestComparePanelAlone drives the compare panel through the page it is
// given, with no Tester: closed, it compares nothing; open, it draws the
// tests asked for, each with every reading; closing it settles the typing
// first; "Show more" asks for another page of tests.
func TestComparePanelAlone(t *testing.T) {
	s := model.State{Robots: "User-agent: *\nDisallow: /private/\n"}
	for range model.ComparePage + 3 {
		s.Rows = append(s.Rows, model.Row{Agent: "Googlebot", URL: "/private/x"})
	}
	an := model.Analyze(&s)
	settled := 0
	cp := &comparePanel{page: comparePage{
		analysis: func() *model.Analysis { return an },
		state:    func() *model.State { return &s },
		own:      func() app.Context { return app.Context{} },
		settle:   func(app.Context) { settled++ },
	}}
	html := app.HTMLString(cp.view().(*panel.ComparePanel).Render())
	if !strings.Contains(html, `id="compare-toggle"`) || strings.Contains(html, `id="compare-body"`) {
		t.Errorf("closed, the panel compares:\n%s", html)
	}
	if !cp.done() || cp.target() != model.ComparePage {
		t.Errorf("closed: done %v, target %d", cp.done(), cp.target())
	}

	// As the comparison made in a goroutine leaves it (toggle).
	cp.open, cp.drawn = true, model.ComparePage
	html = app.HTMLString(cp.view().(*panel.ComparePanel).Render())
	for _, want := range []string{`id="compare-summary"`, `data-compare-row="0"`, `id="compare-more"`} {
		if !strings.Contains(html, want) {
			t.Errorf("no %s in the comparison:\n%s", want, html)
		}
	}
	if !cp.done() {
		t.Error("the first page of tests drawn, the panel is still drawing")
	}
	cp.drawn = len(s.Rows) // what grow draws after "Show more"
	cp.more(app.Context{})
	if cp.limit != model.ComparePage || cp.target() != len(s.Rows) || !cp.done() {
		t.Errorf("after Show more: limit %d, target %d, done %v", cp.limit, cp.target(), cp.done())
	}
	cp.toggle(app.Context{})
	if settled != 1 || cp.open {
		t.Errorf("closed: settled %d times, open %v", settled, cp.open)
	}
}
