// Package model computes what the tester shows from what the user typed.
//
// It is plain Go over package robots, with no go-app: the components of
// package ui only draw the views computed here, so that everything the tester
// decides is tested natively. A change is parsed once (Analyze); every row's
// verdict, the file's overview and the visible lines are then computed from
// the same *robots.File.
package model

import (
	"strings"

	"robotstester/robots"
	"robotstester/robots/statefile"
)

// State is everything the user chose, and nothing computed from it: the
// state file's and the share link's (statefile.State), which the
// robotstxt command reads too.
type State statefile.State

// Row is one test: a crawler and a URL, as typed (statefile.Row).
type Row = statefile.Row

// SelectedRow returns s.Selected clamped to the rows, or -1 when there are
// none.
func (s *State) SelectedRow() int {
	switch {
	case len(s.Rows) == 0:
		return -1
	case s.Selected < 0:
		return 0
	case s.Selected >= len(s.Rows):
		return len(s.Rows) - 1
	}
	return s.Selected
}

// RemoveRow removes row i, keeping the selection on the same row when it
// stays, or on its neighbour.
func (s *State) RemoveRow(i int) {
	if i < 0 || i >= len(s.Rows) {
		return
	}
	s.Rows = append(s.Rows[:i:i], s.Rows[i+1:]...)
	if s.Selected > i || s.Selected >= len(s.Rows) {
		s.Selected--
	}
	if s.Selected < 0 {
		s.Selected = 0
	}
}

// PasteURLs puts the URLs of a pasted list, one per line, into rows (see
// PlaceURLs). Blank lines are skipped. It returns the number of URLs placed.
func (s *State) PasteURLs(i int, text string) int { return s.PlaceURLs(i, SplitLines(text)) }

// PlaceURLs puts urls into rows: the first replaces the URL of row i,
// each other one gets a new row after it, with the same crawler. It
// returns the number of URLs placed.
func (s *State) PlaceURLs(i int, urls []string) int {
	if len(urls) == 0 || i < 0 || i >= len(s.Rows) {
		return 0
	}
	agent := s.Rows[i].Agent
	s.Rows[i].URL = urls[0]
	added := make([]Row, 0, len(urls)-1)
	for _, u := range urls[1:] {
		added = append(added, Row{Agent: agent, URL: u})
	}
	rows := make([]Row, 0, len(s.Rows)+len(added))
	rows = append(rows, s.Rows[:i+1]...)
	rows = append(rows, added...)
	s.Rows = append(rows, s.Rows[i+1:]...)
	return len(urls)
}

// SplitLines returns the non-blank lines of text, trimmed of white space.
func SplitLines(text string) []string {
	var out []string
	for line := range strings.Lines(text) {
		if line = strings.TrimSpace(line); line != "" {
			out = append(out, line)
		}
	}
	return out
}

// DialectChoices returns the entries of the dialect selector: each
// crawler's own dialect first, then every dialect the engine knows.
func DialectChoices() []Choice {
	out := []Choice{{Value: "", Title: "Each crawler's own"}}
	for _, d := range robots.Dialects() {
		out = append(out, Choice{Value: d.String(), Title: d.Title()})
	}
	return out
}

// PrepareCrawlers reads the catalogue of crawlers now, calling pause
// between its records (robots.PrepareCatalogue): the first analysis needs
// it (a test's user-agent string), and a page starting reads it in short
// steps of its own.
func PrepareCrawlers(pause func() bool) { robots.PrepareCatalogue(pause) }

// CrawlerChoices returns the crawler fields' suggestions: every crawler of
// the engine's catalogue, the featured first (those the tester shows
// first), each as its token and, for its title, its operator and role
// ("OpenAI · AI training").
func CrawlerChoices() []Choice {
	cs := robots.Crawlers()
	out := make([]Choice, 0, len(cs))
	for _, featured := range []bool{true, false} {
		for i := range cs {
			if cs[i].Featured == featured {
				out = append(out, Choice{Value: cs[i].Token, Title: cs[i].Vendor + " · " + RoleTitle(cs[i].Role)})
			}
		}
	}
	return out
}

// Example is the state of a first visit: a small shop's robots.txt with a
// few groups, wildcards, a crawl-delay and a sitemap, and rows that show an
// allowed URL, a blocked one, an Allow/Disallow tie, a fallback and a whole
// user-agent string.
func Example() State {
	return State{
		Robots: `# robots.txt for shop.example
User-agent: *
Disallow: /cart/
Disallow: /search
Allow: /search/help
Disallow: /*?sessionid=
Disallow: /*.pdf$

User-agent: Googlebot
User-agent: bingbot
Crawl-delay: 5
Disallow: /private/
Allow: /private/press/
Disallow: /shop/*
Allow: /shop/$

User-agent: GPTBot
User-agent: CCBot
Disallow: /

Sitemap: https://shop.example/sitemap.xml
`,
		Rows: []Row{
			{Agent: "Googlebot", URL: "https://shop.example/private/press/launch.html"},
			{Agent: "Googlebot", URL: "https://shop.example/private/plans.pdf"},
			{Agent: "Googlebot", URL: "https://shop.example/shop/"},
			{Agent: "GPTBot", URL: "https://shop.example/blog/robots-explained"},
			{Agent: "Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)", URL: "shop.example/cart/checkout?sessionid=42"},
			{Agent: "DuckDuckBot", URL: "/search?q=café au lait"},
			{Agent: "Googlebot-Image", URL: "/images/logo.png"},
		},
	}
}

// CleanDialect returns the short name of the dialect name names, or "" (each
// crawler's own) when it names none.
func CleanDialect(name string) string {
	if d, ok := robots.ParseDialect(name); ok {
		return d.String()
	}
	return ""
}
