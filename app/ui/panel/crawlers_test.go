package panel

import (
	"strings"
	"testing"

	"robotstester/app/model"
)

func TestCrawlersDraws(t *testing.T) {
	for _, tt := range []struct {
		name string
		q    model.CatalogueQuery
		want []string
		not  []string
	}{
		{"GPTBot found", model.CatalogueQuery{Text: "GPTBot"},
			[]string{`id="crawler-reference"`, `data-crawler="GPTBot"`, `rel="noopener"`, `target="_blank"`, `href="https://`, "OpenAI", `id="crawler-search"`, `id="crawler-role"`, `id="crawler-operator"`},
			[]string{`data-crawler="Googlebot"`, `id="crawler-all"`}},
		{"every crawler, the first shown", model.CatalogueQuery{},
			[]string{`data-crawler="Googlebot"`, `id="crawler-all"`, "the first 40 are shown"}, nil},
		{"a role", model.CatalogueQuery{Role: "ai-training"},
			[]string{`data-crawler="GPTBot"`, `data-role="ai-training"`}, []string{`data-role="search"`}},
		{"a named source is text", model.CatalogueQuery{Text: "Googlebot-Image"},
			[]string{"crawler.go"}, []string{`href="crawler.go"`}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			html := render(t, &Crawlers{View: model.CatalogueOf(tt.q)})
			for _, w := range tt.want {
				if !strings.Contains(html, w) {
					t.Errorf("no %s", w)
				}
			}
			for _, w := range tt.not {
				if strings.Contains(html, w) {
					t.Errorf("%s drawn", w)
				}
			}
		})
	}
}

// TestAIGridFolds: the overview's AI crawlers' grid draws a fold's rows
// only once it is opened.
func TestAIGridFolds(t *testing.T) {
	s := model.State{Robots: "User-agent: *\nDisallow: /private/\n\nUser-agent: GPTBot\nDisallow: /\n",
		Rows: []model.Row{{Agent: "Googlebot", URL: "/"}}}
	an := model.Analyze(&s)
	g := an.AIGrid()
	for _, tt := range []struct {
		open []string
		want []string
		not  []string
	}{
		{nil, []string{`data-fold="ai-training"`, `data-crawler="GPTBot"`, "more AI training crawlers", "Show them"}, []string{`data-folded=`}},
		{[]string{"ai-training"}, []string{`data-folded="ai-training"`, "Hide them"}, []string{`data-folded="user-fetch"`}},
	} {
		html := render(t, &OverviewPanel{O: an.Overview(), AI: &g, AIOpen: true, AIFolds: tt.open})
		for _, w := range tt.want {
			if !strings.Contains(html, w) {
				t.Errorf("open %v: no %s", tt.open, w)
			}
		}
		for _, w := range tt.not {
			if strings.Contains(html, w) {
				t.Errorf("open %v: %s drawn", tt.open, w)
			}
		}
	}
}
