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
	p := previewIntent(an, &s, in)
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
	if again := previewIntent(Analyze(&s), &s, in); !again.Same || again.Changes != 0 {
		t.Errorf("applied twice: same %v, %d changes", again.Same, again.Changes)
	}
}

// TestPreviewIntentFlips: each crawler's checks (the root and its tests)
// that the intent flips are two counts, newly allowed and newly blocked,
// which a change both ways does not cancel out, and which are those of a
// robots.Diff of the two files over the same URLs.
func TestPreviewIntentFlips(t *testing.T) {
	for _, c := range []struct {
		name, file string
		in         robots.Intent
		rows       []Row
		want       map[string][2]int // newly allowed, newly blocked, of some crawlers
	}{
		{
			// An intent changes only what it says (issue 43): allowing
			// GPTBot lifts its Disallow: / and keeps its /blog/, so it
			// flips one way only; both ways are two crawlers.
			name: "both ways, a crawler each",
			file: "User-agent: *\nDisallow: /admin/\n\nUser-agent: GPTBot\nDisallow: /\nDisallow: /blog/\n",
			in:   robots.Intent{Crawlers: map[string]robots.Choice{"GPTBot": robots.Let, "CCBot": robots.Deny}},
			rows: []Row{{Agent: "GPTBot", URL: "https://example.com/blog/a"}, {Agent: "GPTBot", URL: "https://example.com/admin/x"},
				{Agent: "CCBot", URL: "https://example.com/blog/a"}, {Agent: "Googlebot", URL: "https://example.com/blog/a"}},
			want: map[string][2]int{"GPTBot": {2, 0}, "CCBot": {0, 2}, "Googlebot": {0, 0}},
		},
		{
			name: "the root blocked",
			file: "User-agent: *\nDisallow: /admin/\n",
			in:   robots.Intent{Roles: map[robots.Role]robots.Choice{robots.RoleAITraining: robots.Deny}},
			rows: []Row{{Agent: "GPTBot", URL: "https://example.com/blog/"}, {Agent: "CCBot", URL: "https://example.com/admin/"}},
			want: map[string][2]int{"GPTBot": {0, 2}, "CCBot": {0, 1}},
		},
	} {
		t.Run(c.name, func(t *testing.T) {
			s := State{Robots: c.file, Rows: c.rows}
			p := previewIntent(Analyze(&s), &s, c.in)
			old, next := robots.ParseString(c.file), robots.ParseString(p.Text)
			allowed, blocked := 0, 0
			for _, ic := range p.Crawlers {
				if w, ok := c.want[ic.Token]; ok && [2]int{ic.NewlyAllowed, ic.NewlyBlocked} != w {
					t.Errorf("%s: newly allowed and blocked %d and %d, want %v", ic.Token, ic.NewlyAllowed, ic.NewlyBlocked, w)
				}
				// The engine's diff of the two files over the crawler's
				// URLs: the root and its tests.
				urls := []string{"/"}
				for _, r := range c.rows {
					if r.Agent == ic.Token {
						urls = append(urls, r.URL)
					}
				}
				d := robots.NewDiff(old, next, ic.Token)
				for _, u := range urls {
					d.Add(robots.EncodeURL(u))
				}
				var diff [2]int
				for _, f := range d.Flips() {
					if f.Allowed {
						diff[0] += f.Count
					} else {
						diff[1] += f.Count
					}
				}
				if got := [2]int{ic.NewlyAllowed, ic.NewlyBlocked}; got != diff {
					t.Errorf("%s: newly allowed and blocked %v, the engine's diff %v", ic.Token, got, diff)
				}
				allowed += ic.NewlyAllowed
				blocked += ic.NewlyBlocked
			}
			if p.NewlyAllowed != allowed || p.NewlyBlocked != blocked {
				t.Errorf("the preview adds up %d and %d, its crawlers %d and %d", p.NewlyAllowed, p.NewlyBlocked, allowed, blocked)
			}
		})
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
		p := previewIntent(an, &s, in)
		if !p.Same || p.Text != s.Robots || p.Changes != 0 || !strings.Contains(p.Summary(), "changes nothing") {
			t.Errorf("%+v: same %v, %d changes, summary %q", in, p.Same, p.Changes, p.Summary())
		}
	}
}

// previewIntent previews in as the page does, the engine writing it here
// as the site worker does there.
func previewIntent(an *Analysis, s *State, in robots.Intent) *IntentPreview {
	return PreviewIntent(an, s, robots.WriteIntent(s.Robots, in), in.Targets(an.File))
}

// TestPreviewIntentFolds: the crawlers whose verdict changes that are
// neither featured, nor named by the file, nor in a test are folded, by
// role group, in one fold that counts them both ways.
func TestPreviewIntentFolds(t *testing.T) {
	s := State{Robots: "User-agent: *\nDisallow: /admin/\n\nUser-agent: AI2Bot\nDisallow: /x/\n",
		Rows: []Row{{Agent: "AgentTimes", URL: "/blog/"}}}
	an := Analyze(&s)
	in := robots.Intent{Roles: map[robots.Role]robots.Choice{robots.RoleAITraining: robots.Deny}}
	p := previewIntent(an, &s, in)
	folded := 0
	for _, c := range p.Crawlers {
		cr, known := robots.LookupCrawler(c.Token)
		want := known && !cr.Featured && c.Token != "AI2Bot" && len(c.Tests) == 0
		if c.Folded != want {
			t.Errorf("%s: folded %v, want %v", c.Token, c.Folded, want)
		}
		if c.Folded && c.Changed() {
			folded++
			if c.Group != "ai-training" || c.NewlyBlocked == 0 || c.NewlyAllowed != 0 {
				t.Errorf("%s: %+v", c.Token, c)
			}
		}
	}
	folds := p.Folds()
	want := "and " + Grouped(folded) + " more AI training crawlers, all newly blocked"
	if len(folds) != 1 || folds[0].Key != "ai-training" || folds[0].Text != want {
		t.Errorf("folds %+v, want one: %q", folds, want)
	}
}
