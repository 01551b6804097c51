package model

import (
	"strings"

	"robotstester/robots"
)

// CrawlerSet is a ready-made set of crawler tokens for the grid: "Google's
// crawlers", "AI training", ...
type CrawlerSet struct {
	// ID names the set in the page (a checkbox's value): the engine's
	// name of the set (robots.CrawlerSet.Name), "google", "ai-training".
	ID    string
	Title string
	// Tokens are the set's featured crawlers (those the tester shows
	// first), and More its others, each in the catalogue's order: the
	// grid offers the long tail apart (its ID is MoreID's), so that a set
	// of dozens of crawlers is not dozens of tests a URL unasked.
	Tokens, More []string
}

// MoreID returns the ID that chooses the long tail (More) of the set id.
func MoreID(id string) string { return id + "-more" }

// gridSets are the engine's crawler sets (robots.CrawlerSets) the grid
// offers, in its order: the others (all, ai, other) are too broad to be
// one question.
var gridSets = []string{"google", "search", "ai-training", "ai-assistants"}

// CrawlerSets returns the ready-made sets of the grid, as the engine's
// catalogue makes them (robots.CrawlerSets): Google's crawlers, search
// engines, AI training, AI search and assistants.
func CrawlerSets() []CrawlerSet {
	out := make([]CrawlerSet, 0, len(gridSets))
	for _, name := range gridSets {
		s, ok := robots.LookupCrawlerSet(name)
		if !ok || len(s.Tokens) == 0 {
			continue
		}
		cs := CrawlerSet{ID: s.Name, Title: s.Title}
		for _, tok := range s.Tokens {
			if c, _ := robots.LookupCrawler(tok); c.Featured {
				cs.Tokens = append(cs.Tokens, tok)
			} else {
				cs.More = append(cs.More, tok)
			}
		}
		out = append(out, cs)
	}
	return out
}

func hasFold(list []string, s string) bool {
	for _, x := range list {
		if strings.EqualFold(x, s) {
			return true
		}
	}
	return false
}

// SetTokens returns the crawlers of a grid: the tokens of the ready-made
// sets whose IDs are checked (a set's ID its featured crawlers, its
// MoreID the others), in the order of CrawlerSets, then those of the free
// text more (see SplitTokens), each once, case aside.
func SetTokens(checked []string, more string) []string {
	var out []string
	for _, s := range CrawlerSets() {
		if hasFold(checked, s.ID) {
			out = append(out, s.Tokens...)
		}
		if hasFold(checked, MoreID(s.ID)) {
			out = append(out, s.More...)
		}
	}
	return uniqueFold(append(out, SplitTokens(more)...), true)
}

// SplitTokens returns the crawler tokens or user-agent strings of a free
// text: one per line when the text has several lines (a user-agent string
// may hold commas: "(KHTML, like Gecko)"), else separated by commas; each
// trimmed, blanks dropped.
func SplitTokens(text string) []string {
	if strings.ContainsAny(strings.TrimSpace(text), "\r\n") {
		return SplitLines(text)
	}
	var out []string
	for _, t := range strings.Split(text, ",") {
		if t = strings.TrimSpace(t); t != "" {
			out = append(out, t)
		}
	}
	return out
}

// Grid returns the tests of every crawler on every URL, URL by URL and in
// the crawlers' order within each, at most room of them, and how many did
// not fit (left). Crawlers and URLs are trimmed; blanks and repeats (a
// crawler in any case) are dropped. Room is State.Room() when the tests
// are added, MaxRows when they replace the others.
func Grid(crawlers []string, urls []string, room int) (rows []Row, left int) {
	crawlers, urls = uniqueFold(crawlers, true), uniqueFold(urls, false)
	total := len(crawlers) * len(urls)
	n := min(total, max(room, 0))
	rows = make([]Row, 0, n)
	for _, u := range urls {
		for _, c := range crawlers {
			if len(rows) == n {
				return rows, total - n
			}
			rows = append(rows, Row{Agent: c, URL: u})
		}
	}
	return rows, total - n
}

// uniqueFold returns list trimmed, without blanks or repeats (case aside
// when fold is set), in order.
func uniqueFold(list []string, fold bool) []string {
	seen := make(map[string]bool, len(list))
	out := make([]string, 0, len(list))
	for _, s := range list {
		s = strings.TrimSpace(s)
		k := s
		if fold {
			k = strings.ToLower(s)
		}
		if s == "" || seen[k] {
			continue
		}
		seen[k] = true
		out = append(out, s)
	}
	return out
}

// GridPlan says what a grid of crawlers × URLs will make, before it is
// made: the counts after blanks and repeats are dropped, and how many fit.
type GridPlan struct {
	Crawlers, URLs int
	Tests          int // Crawlers × URLs
	Fit            int // how many of them there is room for
	Room           int
}

// PlanGrid returns the plan of Grid(crawlers, urls, room).
func PlanGrid(crawlers, urls []string, room int) GridPlan {
	p := GridPlan{Crawlers: len(uniqueFold(crawlers, true)), URLs: len(uniqueFold(urls, false)), Room: max(room, 0)}
	p.Tests = p.Crawlers * p.URLs
	p.Fit = min(p.Tests, p.Room)
	return p
}

// String says the plan in words: "3 crawlers × 4 URLs: 12 tests.", with
// what does not fit.
func (p GridPlan) String() string {
	s := Plural(p.Crawlers, "crawler", "crawlers") + " × " + Plural(p.URLs, "URL", "URLs") + ": " + Plural(p.Tests, "test", "tests") + "."
	switch {
	case p.Tests == 0:
		if p.Crawlers == 0 && p.URLs == 0 {
			return "Choose crawlers and type URLs."
		}
		if p.Crawlers == 0 {
			return s + " Choose at least one crawler."
		}
		return s + " Type at least one URL."
	case p.Fit == 0:
		return s + " None fits: the tester holds at most " + Plural(MaxRows, "test", "tests") + "."
	case p.Fit < p.Tests:
		return s + " Only the first " + Plural(p.Fit, "test fits", "fit") + " (the tester holds at most " + Plural(MaxRows, "test", "tests") + "): " + Plural(p.Tests-p.Fit, "test is", "tests are") + " left out."
	}
	return s
}
