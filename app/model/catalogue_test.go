package model

import (
	"strings"
	"testing"

	"robotstester/robots"
)

func TestCatalogueOf(t *testing.T) {
	total := len(robots.Crawlers())
	for _, tt := range []struct {
		name  string
		q     CatalogueQuery
		first string // the first crawler shown
		check func(f CrawlerFacts) bool
		min   int // at least so many found
	}{
		{"everything", CatalogueQuery{}, "Googlebot", func(f CrawlerFacts) bool { return true }, total},
		{"a token", CatalogueQuery{Text: "gptbot"}, "GPTBot", func(f CrawlerFacts) bool { return true }, 1},
		{"an operator's words", CatalogueQuery{Text: "openai"}, "", func(f CrawlerFacts) bool { return f.Operator == "OpenAI" }, 3},
		{"a role", CatalogueQuery{Role: "ai-training"}, "", func(f CrawlerFacts) bool { return f.RoleName == "ai-training" }, 20},
		{"an operator", CatalogueQuery{Operator: "Google"}, "Googlebot", func(f CrawlerFacts) bool { return f.Operator == "Google" }, 5},
		{"a purpose", CatalogueQuery{Text: "images"}, "", func(f CrawlerFacts) bool {
			return strings.Contains(strings.ToLower(f.Purpose+f.Token), "image")
		}, 1},
		{"role and words", CatalogueQuery{Text: "bot", Role: "search"}, "", func(f CrawlerFacts) bool { return f.RoleName == "search" }, 5},
		{"nothing", CatalogueQuery{Text: "no such crawler at all"}, "", nil, 0},
	} {
		t.Run(tt.name, func(t *testing.T) {
			v := CatalogueOf(tt.q)
			if v.Total != total || v.Found < tt.min || len(v.Shown) > v.Found {
				t.Fatalf("found %d (want at least %d), shown %d, of %d", v.Found, tt.min, len(v.Shown), v.Total)
			}
			if tt.min == 0 && v.Found != 0 {
				t.Errorf("found %d, want none", v.Found)
			}
			if tt.first != "" && (len(v.Shown) == 0 || v.Shown[0].Token != tt.first) {
				t.Errorf("first shown is not %s: %+v", tt.first, v.Shown[:min(1, len(v.Shown))])
			}
			for _, f := range v.Shown {
				if tt.check != nil && !tt.check(f) {
					t.Errorf("%s (%s, %s) shown", f.Token, f.Operator, f.RoleName)
				}
			}
			if v.Found > MaxCatalogueShown && len(v.Shown) != MaxCatalogueShown {
				t.Errorf("%d shown of %d found, want the first %d", len(v.Shown), v.Found, MaxCatalogueShown)
			}
			// The featured first.
			for i := 1; i < len(v.Shown); i++ {
				if v.Shown[i].Featured && !v.Shown[i-1].Featured && !strings.EqualFold(v.Shown[i-1].Token, tt.q.Text) {
					t.Errorf("%s, featured, after %s", v.Shown[i].Token, v.Shown[i-1].Token)
				}
			}
		})
	}
	all := CatalogueOf(CatalogueQuery{All: true})
	if len(all.Shown) != total {
		t.Errorf("All shows %d of %d", len(all.Shown), total)
	}
	if got := all.Said(); got != Plural(total, "crawler", "crawlers")+"." {
		t.Errorf("Said: %q", got)
	}
	if got := CatalogueOf(CatalogueQuery{}).Said(); !strings.Contains(got, "the first 40 are shown") {
		t.Errorf("Said: %q", got)
	}
	// Every role's choice counts its crawlers; together, all of them.
	n := 0
	for _, c := range all.Roles[1:] {
		v := CatalogueOf(CatalogueQuery{Role: c.Value})
		if !strings.HasSuffix(c.Title, "("+Grouped(v.Found)+")") {
			t.Errorf("role %s: %q, found %d", c.Value, c.Title, v.Found)
		}
		n += v.Found
	}
	if n != total {
		t.Errorf("the roles hold %d crawlers, of %d", n, total)
	}
}

func TestCrawlerFacts(t *testing.T) {
	v := CatalogueOf(CatalogueQuery{Text: "GPTBot"})
	g := v.Shown[0]
	if g.Token != "GPTBot" || g.Operator != "OpenAI" || g.Role != "AI training" || !g.Fetches || !HTTPS(g.Docs) || g.Robots == "" {
		t.Errorf("GPTBot: %+v", g)
	}
	ge := CatalogueOf(CatalogueQuery{Text: "Google-Extended"}).Shown[0]
	if ge.Token != "Google-Extended" || ge.Fetches {
		t.Errorf("Google-Extended, a control token, fetches: %+v", ge)
	}
	for _, tt := range []struct {
		s    string
		want bool
	}{{"https://openai.com/gptbot", true}, {"http://x.example", false}, {"ai.robots.txt", false}, {"https://x\" onclick", false}} {
		if HTTPS(tt.s) != tt.want {
			t.Errorf("HTTPS(%q) = %v", tt.s, !tt.want)
		}
	}
}

func TestCatalogueQueryWith(t *testing.T) {
	q := CatalogueQuery{Text: "bot", Role: "search", All: true}
	for _, tt := range []struct {
		field, value string
		want         CatalogueQuery
	}{
		{"text", "", CatalogueQuery{Role: "search"}},
		{"role", "ai-training", CatalogueQuery{Text: "bot", Role: "ai-training"}},
		{"operator", "Google", CatalogueQuery{Text: "bot", Role: "search", Operator: "Google"}},
		{"all", "", CatalogueQuery{Text: "bot", Role: "search", All: true}},
		{"unknown", "x", q},
	} {
		if got := q.With(tt.field, tt.value); got != tt.want {
			t.Errorf("With(%q, %q) = %+v, want %+v", tt.field, tt.value, got, tt.want)
		}
	}
}
