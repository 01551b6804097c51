package model

import (
	"strings"
	"testing"

	"robotstester/app/sitemsg"
	"robotstester/robots"
)

// TestPreviewIntent previews "AI training: block" over a file and tests:
// the trainers' root verdicts and their tests change, the others' do not,
// and applying it a second time changes nothing.
func TestPreviewIntent(t *testing.T) {
	s := State{Robots: "User-agent: *\nDisallow: /admin/\n", Rows: []Row{
		{Agent: "GPTBot", URL: "https://example.com/blog/"},
		{Agent: "Googlebot", URL: "https://example.com/blog/"},
		{Agent: "CCBot", URL: "https://example.com/admin/"},
	}}
	an := Analyze(&s)
	in := robots.Intent{Roles: map[robots.Role]robots.Choice{robots.RoleAITraining: robots.Deny}}
	p := PreviewIntent(an, &s, in)
	if p.Same || len(p.Block) == 0 || p.Block[0] != robots.IntentBegin {
		t.Fatalf("same %v, block %q", p.Same, p.Block)
	}
	if len(p.Tests.Changes) != 1 || p.Tests.Changes[0].Agent != "GPTBot" {
		t.Errorf("test changes %+v, want GPTBot's alone", p.Tests.Changes)
	}
	got := map[string]IntentCrawler{}
	for _, c := range p.Crawlers {
		got[c.Token] = c
	}
	if c := got["GPTBot"]; c.Before != "allowed" || c.After != "blocked" || c.Governed != "block" || len(c.Tests) != 1 || c.Role != "AI training" {
		t.Errorf("GPTBot: %+v", c)
	}
	if c := got["Googlebot"]; c.Changed() || c.Governed != "" {
		t.Errorf("Googlebot: %+v", c)
	}
	if c := got["CCBot"]; c.Before != "allowed" || c.After != "blocked" || len(c.Tests) != 0 {
		t.Errorf("CCBot (its test was blocked already): %+v", c)
	}
	if !strings.Contains(p.Summary(), "1 of 3 tests change verdict") {
		t.Errorf("summary %q", p.Summary())
	}
	s.Robots = p.Text
	if again := PreviewIntent(Analyze(&s), &s, in); !again.Same || again.Changes != 0 {
		t.Errorf("applied twice: same %v, %d changes", again.Same, again.Changes)
	}
}

// TestIntentSite names the crawlers whose URLs blocked change, once each,
// and the URLs counted.
func TestIntentSite(t *testing.T) {
	counts := func(blocked ...int) *sitemsg.Matrix {
		m := &sitemsg.Matrix{Agents: []string{"Googlebot", "Googlebot", "GPTBot", "CCBot"}}
		for i, b := range blocked {
			m.Counts = append(m.Counts, sitemsg.MatrixCount{Allowed: 10 - b, Blocked: b})
			m.Of = append(m.Of, i)
		}
		return m
	}
	urls, changes := IntentSite(counts(1, 1, 0, 3), counts(1, 1, 10, 3))
	if urls != 10 || len(changes) != 1 || changes[0] != (IntentSiteChange{Agent: "GPTBot", Before: 0, After: 10}) {
		t.Errorf("%d URLs, changes %+v", urls, changes)
	}
	if urls, changes := IntentSite(nil, counts(0, 0, 0, 0)); urls != 0 || changes != nil {
		t.Errorf("without the counts before: %d, %+v", urls, changes)
	}
}

// TestPreviewIntentNothingChanges previews, on the example, intents the
// file already says (issue 43): search engines allowed (Googlebot and
// bingbot have a group of their own, which allows the site), and GPTBot
// and CCBot blocked. The preview says the file is the same, and the
// summary that applying it changes nothing.
func TestPreviewIntentNothingChanges(t *testing.T) {
	s := Example()
	an := Analyze(&s)
	for _, in := range []robots.Intent{
		{Roles: map[robots.Role]robots.Choice{robots.RoleSearch: robots.Let}},
		{Crawlers: map[string]robots.Choice{"GPTBot": robots.Deny, "CCBot": robots.Deny}},
		{},
	} {
		p := PreviewIntent(an, &s, in)
		if !p.Same || p.Text != s.Robots || p.Changes != 0 || !strings.Contains(p.Summary(), "changes nothing") {
			t.Errorf("%+v: same %v, %d changes, summary %q", in, p.Same, p.Changes, p.Summary())
		}
	}
}
