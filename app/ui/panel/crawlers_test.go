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
