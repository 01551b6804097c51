package panel

import (
	"strings"
	"testing"

	"robotstester/app/model"
)

func TestWhyPanelHooks(t *testing.T) {
	s := model.State{Robots: "User-agent: *\nDisallow: /a\nAllow: /a/b\n", Rows: []model.Row{{Agent: "x", URL: "/"}, {Agent: "x", URL: "/a/b/c"}}, Selected: 1}
	why, has := model.Analyze(&s).Why()
	html := render(t, &WhyPanel{Why: why, Has: has})
	for _, want := range []string{`id="why"`, `data-why-row="1"`, `data-line="2"`, `data-line="3"`, `data-line="1"`} {
		if !strings.Contains(html, want) {
			t.Errorf("Why lacks %q", want)
		}
	}
	if strings.Contains(html, "data-sheet") || strings.Contains(html, "why-close") {
		t.Errorf("a sheet unasked")
	}
	html = render(t, &WhyPanel{Why: why, Has: has, Sheet: true})
	if !strings.Contains(html, `data-sheet="open"`) || !strings.Contains(html, `id="why-close"`) {
		t.Errorf("no sheet: %s", html)
	}
	if html := render(t, &WhyPanel{Sheet: true}); strings.Contains(html, "data-sheet") {
		t.Errorf("a sheet with nothing to explain")
	}
}
