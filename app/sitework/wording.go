package sitework

import (
	"fmt"

	"robotstester/app/sitemsg"
	"robotstester/robots"
)

// LinesShown is how many deciding lines of each verdict the panel
// draws at first: a file of thousands of rules may decide with hundreds.
const LinesShown = 50

// Wording is a coverage in words: the lines that decide, the sitemap
// finding, what the edit changes and a log's requests. Parts draws it.
type Wording struct {
	// Crawler is the one counted for.
	Crawler string
	// Lines are the lines that decide, the blocking ones first, then the
	// allowing ones, each by count, most first; no rule (line 0) last.
	Lines []CoverageLine
	// MoreLines is how many lines past those are not drawn.
	MoreLines int
	// Unused are the rules of the crawler's groups that decide no URL.
	Unused []CoverageLine
	// Finding is the URLs sitemaps submit that the file blocks for
	// Googlebot, in Search Console's words; "" when there are none.
	Finding, FindingNote string
	FindingLines         []CoverageLine
	// Flips are what the edit changes against the base, for the
	// crawler, and ChangesSummary says it in a sentence.
	Compared       bool
	ChangesSummary string
	Flips          sitemsg.Flips
	// Logged are the crawlers of the log's requests, catalogued or not
	// (robots.ReadRequester); NotCrawlers counts the requests of
	// browsers, tools and strings naming nothing, which robots.txt does
	// not bind.
	Logged      []LoggedCrawler
	NotCrawlers robots.NotCrawlers
}

// A CoverageLine is one line and the URLs it decides.
type CoverageLine struct {
	Line    int // 0: no rule decides
	Rule    string
	Allowed bool
	Count   int
	Fetched int // of a log's requests, those answered 2xx
	// Says is what the line does, after its number and rule: "blocks
	// 12,408 of your 120,000 URLs for Googlebot".
	Says     string
	Examples []string
}

// Verdict returns "allowed" or "blocked".
func (l *CoverageLine) Verdict() string { return verdictWord(l.Allowed) }

// Text returns the line in one sentence: "line 14, `Disallow: /shop/*`,
// blocks 12,408 of your 120,000 URLs for Googlebot".
func (l *CoverageLine) Text() string {
	if l.Line == 0 {
		return l.Says
	}
	return fmt.Sprintf("line %d, `%s`, %s", l.Line, l.Rule, l.Says)
}

// LoggedCrawler is one crawler's requests in a log.
type LoggedCrawler struct {
	Agent             string // the product token
	Requests, Blocked int
	Fetched           int // of the blocked, those the server answered 2xx
	Text              string
	Lines             []CoverageLine // the lines that forbid its requests
}

func verdictWord(allowed bool) string {
	if allowed {
		return "allowed"
	}
	return "blocked"
}
