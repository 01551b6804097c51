package model

import (
	"slices"
	"strings"
	"testing"

	"robotstester/robots"
)

const aiFile = `Content-Signal: search=yes
User-agent: *
Content-Signal: search=yes, ai-train=no
Disallow: /private/
Content-Usage: /data/ train-ai=y

User-agent: GPTBot
Disallow: /
`

func TestUsages(t *testing.T) {
	s := State{Robots: aiFile, Rows: []Row{
		{Agent: "ClaudeBot", URL: "https://example.com/"},
		{Agent: "ClaudeBot", URL: "https://example.com/data/x.csv"},
		{Agent: "ClaudeBot", URL: "https://example.com/private/x"},
		{Agent: "GPTBot", URL: "https://example.com/"},
	}}
	a := Analyze(&s)
	want := []Usage{
		{Text: "AI use stated: search yes, AI training no (line 3)", Stated: true, Lines: []int{3}},
		// Content-Signal's no and Content-Usage's y combine: no wins.
		{Text: "AI use stated: search yes, AI training no (line 3)", Stated: true, Lines: []int{3}},
		{Text: "AI use: none applies, the URL may not be crawled"},
		{Text: "AI use: none applies, the URL may not be crawled"},
	}
	got := a.Usages()
	for i := range want {
		if got[i].Text != want[i].Text || got[i].Stated != want[i].Stated || !slices.Equal(got[i].Lines, want[i].Lines) {
			t.Errorf("row %d: %+v, want %+v", i, got[i], want[i])
		}
	}
	s.Robots = "User-agent: *\nDisallow: /x\n"
	if u := Analyze(&s).Usages()[0]; u.Text != "AI use: not stated" || u.Stated {
		t.Errorf("no preferences: %+v", u)
	}
	s.Robots = "User-agent: *\nContent-Usage: train-ai=y\nContent-Usage: /data/ search=n\n"
	if u := Analyze(&s).Usages()[1]; u.Text != "AI use stated: search no (line 3)" {
		t.Errorf("longest match: %+v", u)
	}
}

func TestWhyUsage(t *testing.T) {
	s := State{Robots: aiFile, Rows: []Row{{Agent: "ClaudeBot", URL: "/"}}}
	w, ok := Analyze(&s).Why()
	if !ok || w.Usage.Text != "AI use stated: search yes, AI training no (line 3)" {
		t.Errorf("why usage %+v", w.Usage)
	}
}

func TestOverviewPreferences(t *testing.T) {
	o := Analyze(&State{Robots: aiFile}).Overview()
	want := []PrefLine{
		{Line: 1, Text: "Content-Signal: search=yes", Note: "before any User-agent line: it applies to no crawler"},
		{Line: 3, Text: "Content-Signal: search=yes, ai-train=no", Agents: "*"},
		{Line: 5, Text: "Content-Usage: /data/ train-ai=y", Agents: "*"},
	}
	if !slices.Equal(o.Preferences, want) {
		t.Errorf("preferences %+v, want %+v", o.Preferences, want)
	}
	bad := Analyze(&State{Robots: "User-agent: *\nContent-Usage: ai-train=n\n"}).Overview()
	if len(bad.Preferences) != 1 || bad.Preferences[0].Note == "" {
		t.Errorf("malformed: %+v", bad.Preferences)
	}
}

func TestAIGrid(t *testing.T) {
	s := State{Robots: aiFile, Rows: []Row{
		{Agent: "Googlebot", URL: "https://example.com/"},
		{Agent: "bingbot", URL: "https://example.com/"},
		{Agent: "Googlebot", URL: "https://example.com/private/x"},
	}}
	g := Analyze(&s).AIGrid()
	if !slices.Equal(g.URLs, []string{"https://example.com/", "https://example.com/private/x"}) || g.More != 0 {
		t.Fatalf("urls %q, %d more", g.URLs, g.More)
	}
	cells := map[string][]AIGridCell{}
	for _, r := range g.Rows {
		cells[r.Token] = r.Cells
	}
	if len(cells) < 10 || cells["Googlebot"] != nil {
		t.Fatalf("rows: %d, Googlebot among them: %v", len(cells), cells["Googlebot"] != nil)
	}
	want := map[string][]AIGridCell{
		"ClaudeBot": {{Allowed: true, Usage: "search yes, AI training no (line 3)"}, {Allowed: false, Line: 4, Usage: "none: the URL may not be crawled"}},
		"GPTBot":    {{Allowed: false, Line: 8, Usage: "none: the URL may not be crawled"}, {Allowed: false, Line: 8, Usage: "none: the URL may not be crawled"}},
	}
	for tok, w := range want {
		if !slices.Equal(cells[tok], w) {
			t.Errorf("%s: %+v, want %+v", tok, cells[tok], w)
		}
	}
	// By role: the featured as rows, the others folded; every AI
	// crawler in one of them. The folded follow the * group: allowed /,
	// blocked /private/x, so each is partly blocked.
	n := 0
	for _, sec := range g.Sections {
		n += len(sec.Rows) + len(sec.Folded)
		for _, r := range sec.Folded {
			if c, _ := robots.LookupCrawler(r.Token); c.Featured {
				t.Errorf("%s, featured, folded", r.Token)
			}
		}
		if want := "and " + Grouped(len(sec.Folded)) + " more "; len(sec.Folded) > 0 && (!strings.HasPrefix(sec.Fold, want) || !strings.Contains(sec.Fold, "partly blocked")) {
			t.Errorf("%s's fold says %q", sec.Key, sec.Fold)
		}
	}
	if n != len(g.Rows) || len(g.Sections) != 3 || g.Sections[0].Key != "ai-training" || !slices.ContainsFunc(g.Sections[0].Rows, func(r AIGridRow) bool { return r.Token == "GPTBot" }) {
		t.Errorf("%d rows in %d sections, of %d; %+v", n, len(g.Sections), len(g.Rows), g.Sections[0].Key)
	}
	if g := Analyze(&State{Robots: aiFile}).AIGrid(); len(g.Rows) != 0 || len(g.URLs) != 0 {
		t.Errorf("no tests: %+v", g)
	}
	var many State
	for i := 0; i < MaxAIGridURLs+2; i++ {
		many.Rows = append(many.Rows, Row{Agent: "x", URL: "/" + string(rune('a'+i))})
	}
	if g := Analyze(&many).AIGrid(); len(g.URLs) != MaxAIGridURLs || g.More != 2 {
		t.Errorf("many: %d urls, %d more", len(g.URLs), g.More)
	}
}

func TestAIGridDialect(t *testing.T) {
	// A first-match reading does not keep the AI-preference lines: with
	// every test checked as gym2008, the grid says so; with each crawler's
	// own dialect (Google's, for the AI crawlers), it reads them, even
	// when the selected test is another dialect's.
	s := State{Robots: aiFile, Rows: []Row{{Agent: "Baiduspider", URL: "/"}}}
	cell := func(s *State) string {
		for _, r := range Analyze(s).AIGrid().Rows {
			if r.Token == "ClaudeBot" {
				return r.Cells[0].Usage
			}
		}
		return ""
	}
	if got := cell(&s); got != "search yes, AI training no (line 3)" {
		t.Errorf("own dialects: %q", got)
	}
	s.Dialect = "gym2008"
	if got := cell(&s); got != "not stated" {
		t.Errorf("gym2008: %q", got)
	}
}
