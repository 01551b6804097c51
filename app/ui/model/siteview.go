package model

import (
	"fmt"
	"slices"
	"strconv"

	"robotstester/app/sitemsg"
	"robotstester/robots"
)

// SiteLinesShown is how many deciding lines of each verdict the panel
// draws at first: a file of thousands of rules may decide with hundreds.
const SiteLinesShown = 50

// SiteView is what the site URLs panel draws: the counts for its crawler,
// the lines that decide them, the sitemap finding, what the edit changes
// and a log's requests, in words.
type SiteView struct {
	// Pages and Requests count the URLs and logged requests held.
	Pages, Requests int
	Crawler         string
	// Counted reports that the coverage drawn is of the URLs held and the
	// file shown: while it is not, the counts are an older file's.
	Counted bool
	Summary string
	// Allowed and Blocked count the URLs the crawler may and may not fetch.
	Allowed, Blocked int
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
	// Changes say what the edit changes against the base.
	Compared       bool
	ChangesSummary string
	Changes        []SiteChange
	// Logged are the crawlers of the log's requests; Others counts the
	// requests of other agents (browsers), which robots.txt does not bind.
	Logged []LoggedCrawler
	Others int
	// Access says that the server's answer decides every URL, when it does.
	Access string
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

// A SiteChange is the URLs whose verdict an edit flips, by what decided
// before and after.
type SiteChange struct {
	Allowed  bool // the new verdict
	Count    int
	Old, New robots.Decider
	Text     string
	Examples []string
}

// LoggedCrawler is one crawler's requests in a log.
type LoggedCrawler struct {
	Agent             string // the product token
	Requests, Blocked int
	Fetched           int // of the blocked, those the server answered 2xx
	Text              string
	Lines             []CoverageLine // the lines that forbid its requests
}

// Verdict returns the new verdict: "allowed" or "blocked".
func (c *SiteChange) Verdict() string { return verdictWord(c.Allowed) }

func verdictWord(allowed bool) string {
	if allowed {
		return "allowed"
	}
	return "blocked"
}

// SiteViewOf returns the panel's view of s, the URLs the worker holds,
// with c the last coverage it worked out (nil before any) and q what the
// panel shows now.
func SiteViewOf(s *sitemsg.URLsState, c *SiteCoverage, q SiteQuery) SiteView {
	v := SiteView{Pages: s.Pages, Requests: s.Requests, Crawler: q.Crawler}
	version := s.Version
	if v.Pages+v.Requests == 0 {
		v.Summary = "No URLs yet: fetch the sitemaps your robots.txt names, or drop here a sitemap (.xml, .xml.gz, .txt), a list of URLs, a crawler's CSV export or an access log."
		return v
	}
	v.Counted = c != nil && c.Version == version && c.Query.Same(q)
	read := Grouped(v.Pages) + " " + plural(v.Pages, "URL", "URLs")
	switch {
	case v.Pages == 0:
		read = Grouped(v.Requests) + " logged " + plural(v.Requests, "request", "requests")
	case v.Requests > 0:
		read += " and " + Grouped(v.Requests) + " logged " + plural(v.Requests, "request", "requests")
	}
	if c == nil || !c.Query.sameReading(q) {
		v.Summary = read + " read. Counting for " + q.Crawler + "…"
		return v
	}
	t := &c.Tally
	v.Allowed, v.Blocked = t.Allowed, t.Blocked
	v.Summary = fmt.Sprintf("%s read. For %s: %s allowed, %s blocked.", read, t.Agent, Grouped(t.Allowed), Grouped(t.Blocked))
	if v.Pages == 0 {
		v.Summary = read + " read: each crawler's requests are counted below."
	}
	if !v.Counted {
		v.Summary += " Counting again…"
	}
	if t.Access.Permission != robots.FollowRules {
		v.Access = "The server's answer decides every URL: " + t.Access.Reason
	}
	v.Lines, v.MoreLines = coverageLines(t, c.Pages, SiteLinesShown)
	for _, r := range c.Unused {
		v.Unused = append(v.Unused, CoverageLine{Line: r.Line, Rule: lineRule(q.File, r.Line), Allowed: r.Allow,
			Says: "decides none of your URLs for " + t.Agent})
	}
	v.finding(c)
	v.changes(c)
	v.logged(c)
	return v
}

// Same reports whether q and o are the same query: a coverage of one is
// the other's.
func (q SiteQuery) Same(o SiteQuery) bool { return q.File == o.File && q.sameReading(o) }

// sameReading reports whether q and o count for the same crawler in the
// same reading, whatever the file: an older file's counts may then show
// while the new ones are worked out.
func (q SiteQuery) sameReading(o SiteQuery) bool {
	return q.Crawler == o.Crawler && q.Dialect == o.Dialect && q.Fixed == o.Fixed && q.Answer == o.Answer
}

// coverageLines returns t's lines as the panel lists them, at most shown,
// and how many more there are.
func coverageLines(t *robots.Tally, total, shown int) ([]CoverageLine, int) {
	lines := slices.Clone(t.Lines)
	slices.SortStableFunc(lines, func(a, b robots.LineCount) int {
		switch {
		case (a.Line == 0) != (b.Line == 0):
			if a.Line == 0 {
				return 1
			}
			return -1
		case a.Allowed != b.Allowed:
			if a.Allowed {
				return 1
			}
			return -1
		}
		return b.Count - a.Count
	})
	out := make([]CoverageLine, 0, min(len(lines), shown))
	for _, l := range lines[:min(len(lines), shown)] {
		out = append(out, coverageLine(t, l, total, "URLs"))
	}
	return out, len(lines) - len(out)
}

// coverageLine words one line of t; what names what is counted ("URLs",
// "requests").
func coverageLine(t *robots.Tally, l robots.LineCount, total int, what string) CoverageLine {
	cl := CoverageLine{Line: l.Line, Rule: l.Rule, Allowed: l.Allowed, Count: l.Count, Fetched: l.Fetched, Examples: l.Examples}
	of := fmt.Sprintf("%s of your %s %s", Grouped(l.Count), Grouped(total), what)
	switch {
	case t.Access.Permission != robots.FollowRules:
		cl.Says = fmt.Sprintf("The server's answer (%s) %s %s for %s.", permissionText(t.Access.Permission), verbFor(l.Allowed), of, t.Agent)
	case l.Line == 0:
		cl.Says = fmt.Sprintf("No rule decides %s: %s may fetch them.", of, t.Agent)
	default:
		cl.Says = fmt.Sprintf("%s %s for %s", verbFor(l.Allowed), of, t.Agent)
	}
	return cl
}

func verbFor(allowed bool) string {
	if allowed {
		return "allows"
	}
	return "blocks"
}

// finding words the URLs sitemaps submit that the file blocks for
// Googlebot: what Search Console reports of them.
func (v *SiteView) finding(c *SiteCoverage) {
	g := &c.Googlebot
	if c.Submitted == 0 || g.Blocked == 0 {
		return
	}
	v.Finding = fmt.Sprintf("Submitted URL blocked by robots.txt: %s of the %s URLs your sitemaps submit are blocked for Googlebot.",
		Grouped(g.Blocked), Grouped(c.Submitted))
	v.FindingNote = "Search Console's Page indexing report lists them as “Blocked by robots.txt” (“Indexed, though blocked by robots.txt” when Google indexed one without crawling it); its older Coverage report called them “Submitted URL blocked by robots.txt”. A sitemap should list only the pages you want crawled, and a blocked page cannot show Google a noindex."
	for _, l := range g.Lines {
		if !l.Allowed {
			v.FindingLines = append(v.FindingLines, coverageLine(g, l, c.Submitted, "submitted URLs"))
		}
	}
}

// changes words what the edit changes against the base: the flips,
// newly blocked first.
func (v *SiteView) changes(c *SiteCoverage) {
	if !c.Compared {
		return
	}
	v.Compared = true
	blocked, allowed := 0, 0
	for _, f := range c.Flips {
		ch := SiteChange{Allowed: f.Allowed, Count: f.Count, Old: f.Old, New: f.New, Examples: f.Examples}
		if f.Allowed {
			allowed += f.Count
			ch.Text = fmt.Sprintf("Your edit allows %s URLs it blocked for %s: %s decided before, %s now.",
				Grouped(f.Count), f.Agent, deciderWords(f.Old), deciderWords(f.New))
		} else {
			blocked += f.Count
			ch.Text = fmt.Sprintf("Your edit blocks %s more URLs for %s (%s).", Grouped(f.Count), f.Agent, deciderWords(f.New))
		}
		v.Changes = append(v.Changes, ch)
	}
	slices.SortStableFunc(v.Changes, func(a, b SiteChange) int {
		if a.Allowed != b.Allowed {
			if a.Allowed {
				return 1
			}
			return -1
		}
		return b.Count - a.Count
	})
	switch {
	case blocked+allowed == 0:
		v.ChangesSummary = "Against the file as it was when the URLs were loaded, your edit changes no verdict of these URLs for " + c.Tally.Agent + "."
	default:
		v.ChangesSummary = fmt.Sprintf("Against the file as it was when the URLs were loaded, your edit blocks %s more URLs and allows %s more for %s.",
			Grouped(blocked), Grouped(allowed), c.Tally.Agent)
	}
}

// deciderWords says what decided: "line 22, `Disallow: /x`", "no rule".
func deciderWords(d robots.Decider) string {
	switch {
	case d.ByAnswer:
		return "the server's answer"
	case d.Line == 0:
		return "no rule"
	}
	return "line " + strconv.Itoa(d.Line) + ", `" + d.Rule + "`"
}

// logged words a log's requests: for each known crawler, those the file
// does not allow it.
func (v *SiteView) logged(c *SiteCoverage) {
	for i := range c.Requests {
		t := &c.Requests[i]
		n := t.Allowed + t.Blocked
		if _, known := robots.LookupCrawler(t.Agent); !known {
			v.Others += n
			continue
		}
		lc := LoggedCrawler{Agent: t.Agent, Requests: n, Blocked: t.Blocked}
		for _, l := range t.Lines {
			if !l.Allowed {
				lc.Fetched += l.Fetched
				lc.Lines = append(lc.Lines, coverageLine(t, l, n, "requests"))
			}
		}
		lc.Text = fmt.Sprintf("%s made %s %s: %s to URLs the file does not allow it", t.Agent, Grouped(n), plural(n, "request", "requests"), Grouped(t.Blocked))
		if t.Blocked > 0 {
			lc.Text += fmt.Sprintf(", %s of them answered 2xx", Grouped(lc.Fetched))
		}
		lc.Text += "."
		v.Logged = append(v.Logged, lc)
	}
	slices.SortStableFunc(v.Logged, func(a, b LoggedCrawler) int { return b.Blocked - a.Blocked })
}

// plural returns the noun that goes with n.
func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}
