package model

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"robotstester/robots"
)

func TestCrawlerSets(t *testing.T) {
	sets := CrawlerSets()
	byID := map[string]CrawlerSet{}
	for _, s := range sets {
		if s.ID == "" || s.Title == "" || len(s.Tokens) == 0 {
			t.Errorf("set %+v", s)
		}
		if _, dup := byID[s.ID]; dup {
			t.Errorf("set %q twice", s.ID)
		}
		byID[s.ID] = s
		for _, tok := range s.Tokens {
			c, ok := robots.LookupCrawler(tok)
			if !ok || c.Token != tok {
				t.Errorf("set %q: %q is not in the catalogue", s.ID, tok)
			}
		}
	}
	for _, id := range []string{"google", "search", "ai-training", "ai-assistants"} {
		if _, ok := byID[id]; !ok {
			t.Errorf("no set %q", id)
		}
	}
	for _, tt := range []struct {
		id    string
		in    []string
		notIn []string
	}{
		{"google", []string{"Googlebot", "Googlebot-Image", "Google-Extended", "AdsBot-Google"}, []string{"bingbot"}},
		{"search", []string{"Googlebot", "bingbot", "YandexBot", "Baiduspider", "DuckDuckBot", "Applebot"}, []string{"GPTBot", "AdsBot-Google"}},
		{"ai-training", []string{"GPTBot", "ClaudeBot", "CCBot", "Google-Extended", "Applebot-Extended", "Bytespider", "meta-externalagent"}, []string{"ChatGPT-User", "OAI-SearchBot", "Googlebot"}},
		{"ai-assistants", []string{"ChatGPT-User", "OAI-SearchBot", "Claude-User", "PerplexityBot", "Perplexity-User"}, []string{"GPTBot", "CCBot"}},
	} {
		s := byID[tt.id]
		for _, tok := range tt.in {
			if !slices.Contains(s.Tokens, tok) {
				t.Errorf("set %q lacks %q", tt.id, tok)
			}
		}
		for _, tok := range tt.notIn {
			if slices.Contains(s.Tokens, tok) {
				t.Errorf("set %q holds %q", tt.id, tok)
			}
		}
	}
	// Every AI crawler of the catalogue is in exactly one of the AI sets.
	for _, c := range robots.Crawlers() {
		if c.Category != robots.AICrawler {
			continue
		}
		n := 0
		for _, id := range []string{"ai-training", "ai-assistants"} {
			s := byID[id]
			in := slices.Contains(s.Tokens, c.Token)
			if in != c.Featured && in {
				t.Errorf("%s, not featured, among %s's first", c.Token, id)
			}
			if in || slices.Contains(s.More, c.Token) {
				n++
			}
		}
		if n != 1 {
			t.Errorf("%s is in %d AI sets", c.Token, n)
		}
	}
}

func TestSplitTokens(t *testing.T) {
	for _, tt := range []struct {
		text string
		want []string
	}{
		{"", nil},
		{" GPTBot, CCBot ,,ClaudeBot ", []string{"GPTBot", "CCBot", "ClaudeBot"}},
		{"Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko)\nbingbot\n\n",
			[]string{"Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko)", "bingbot"}},
		{"GPTBot\r\nCCBot", []string{"GPTBot", "CCBot"}},
	} {
		if got := SplitTokens(tt.text); !slices.Equal(got, tt.want) {
			t.Errorf("SplitTokens(%q) = %q, want %q", tt.text, got, tt.want)
		}
	}
}

// TestSetTokensMore: a set's long tail is chosen apart, after its
// featured crawlers.
func TestSetTokensMore(t *testing.T) {
	var ai CrawlerSet
	for _, s := range CrawlerSets() {
		if s.ID == "ai-training" {
			ai = s
		}
	}
	if len(ai.Tokens) == 0 || len(ai.More) == 0 {
		t.Fatalf("AI training: %d featured, %d more", len(ai.Tokens), len(ai.More))
	}
	for _, tt := range []struct {
		checked []string
		want    []string
	}{
		{[]string{"ai-training"}, ai.Tokens},
		{[]string{"ai-training-more"}, ai.More},
		{[]string{"ai-training-more", "ai-training"}, append(slices.Clone(ai.Tokens), ai.More...)},
	} {
		if got := SetTokens(tt.checked, ""); !slices.Equal(got, tt.want) {
			t.Errorf("SetTokens(%q) = %d tokens, want %d", tt.checked, len(got), len(tt.want))
		}
	}
}

func TestSetTokens(t *testing.T) {
	got := SetTokens([]string{"ai-training", "google", "nonsense"}, "gptbot, MyBot\n")
	// Google's set first (the sets' order), then AI training without
	// Google-Extended again, then MyBot; GPTBot once.
	if got[0] != "Googlebot" || !slices.Contains(got, "GPTBot") || slices.Contains(got, "gptbot") || got[len(got)-1] != "MyBot" {
		t.Errorf("SetTokens = %q", got)
	}
	n := 0
	for _, tok := range got {
		if tok == "Google-Extended" {
			n++
		}
	}
	if n != 1 {
		t.Errorf("Google-Extended %d times", n)
	}
	if got := SetTokens(nil, ""); len(got) != 0 {
		t.Errorf("nothing chosen: %q", got)
	}
}

func TestGrid(t *testing.T) {
	rowsText := func(rows []Row) string {
		var b []string
		for _, r := range rows {
			b = append(b, r.Agent+" "+r.URL)
		}
		return strings.Join(b, ", ")
	}
	for _, tt := range []struct {
		name     string
		crawlers []string
		urls     []string
		room     int
		want     string
		left     int
	}{
		{"by URL then crawler", []string{"A", "B"}, []string{"/1", "/2"}, 10, "A /1, B /1, A /2, B /2", 0},
		{"cut to the room", []string{"A", "B"}, []string{"/1", "/2"}, 3, "A /1, B /1, A /2", 1},
		{"no room", []string{"A"}, []string{"/1", "/2"}, 0, "", 2},
		{"negative room", []string{"A"}, []string{"/1"}, -3, "", 1},
		{"blanks and repeats", []string{" A ", "", "a", "B"}, []string{"/1", " ", "/1 ", "/2"}, 10, "A /1, B /1, A /2, B /2", 0},
		{"no crawler", nil, []string{"/1"}, 10, "", 0},
	} {
		t.Run(tt.name, func(t *testing.T) {
			rows, left := Grid(tt.crawlers, tt.urls, tt.room)
			if got := rowsText(rows); got != tt.want || left != tt.left {
				t.Errorf("Grid = %q, %d left; want %q, %d", got, left, tt.want, tt.left)
			}
			p := PlanGrid(tt.crawlers, tt.urls, tt.room)
			if p.Fit != len(rows) || p.Tests-p.Fit != left {
				t.Errorf("plan %+v, grid %d rows %d left", p, len(rows), left)
			}
		})
	}
	// A grid of the whole room: 1000 tests, the rest reported.
	var urls []string
	for i := range 300 {
		urls = append(urls, fmt.Sprintf("/p%d", i))
	}
	var s State
	rows, left := Grid([]string{"Googlebot", "bingbot", "GPTBot", "CCBot"}, urls, s.Room())
	if len(rows) != MaxRows || left != 200 || rows[MaxRows-1] != (Row{Agent: "CCBot", URL: "/p249"}) {
		t.Errorf("%d rows, %d left, last %+v", len(rows), left, rows[len(rows)-1])
	}
}

func TestGridPlanString(t *testing.T) {
	for _, tt := range []struct {
		p    GridPlan
		want string
	}{
		{PlanGrid(nil, nil, 10), "Choose crawlers and type URLs."},
		{PlanGrid(nil, []string{"/"}, 10), "0 crawlers × 1 URL: 0 tests. Choose at least one crawler."},
		{PlanGrid([]string{"a"}, nil, 10), "1 crawler × 0 URLs: 0 tests. Type at least one URL."},
		{PlanGrid([]string{"a", "b", "c"}, []string{"/1", "/2"}, 10), "3 crawlers × 2 URLs: 6 tests."},
		{PlanGrid([]string{"a", "b", "c"}, []string{"/1", "/2"}, 4), "3 crawlers × 2 URLs: 6 tests. Only the first 4 fit (the tester holds at most 1,000 tests): 2 tests are left out."},
		{PlanGrid([]string{"a"}, []string{"/1"}, 0), "1 crawler × 1 URL: 1 test. None fits: the tester holds at most 1,000 tests."},
	} {
		if got := tt.p.String(); got != tt.want {
			t.Errorf("%+v: %q, want %q", tt.p, got, tt.want)
		}
	}
}
