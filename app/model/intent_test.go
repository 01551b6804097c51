package model

import (
	"strings"
	"testing"

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
