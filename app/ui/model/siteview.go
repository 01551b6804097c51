package model

import (
	"fmt"

	"robotstester/app/sitemsg"
)

// The panel's view: the worker words its coverage and makes the markup
// of its parts (sitemsg.View, app/sitework's ViewOf); the page says what
// it holds now and whether the coverage drawn is of it.

// SiteView is what the site URLs panel draws.
type SiteView = sitemsg.View

// SiteViewOf returns the panel's view of s, the URLs the worker holds,
// with c the last view it worded (nil before any) and q what the panel
// shows now.
func SiteViewOf(s *sitemsg.URLsState, c *SiteCoverage, q SiteQuery) SiteView {
	v := SiteView{Pages: s.Pages, Requests: s.Requests, Crawler: q.Crawler}
	if v.Pages+v.Requests == 0 {
		v.Summary = "No URLs yet: fetch the sitemaps your robots.txt names, or drop here a sitemap (.xml, .xml.gz, .txt), a list of URLs, a crawler's CSV export or an access log."
		return v
	}
	read := GroupedPlural(v.Pages, "URL", "URLs")
	switch {
	case v.Pages == 0:
		read = Grouped(v.Requests) + " logged " + pluralNoun(v.Requests, "request", "requests")
	case v.Requests > 0:
		read += " and " + Grouped(v.Requests) + " logged " + pluralNoun(v.Requests, "request", "requests")
	}
	if c == nil || !c.Query.sameReading(q) {
		v.Summary = read + " read. Counting for " + q.Crawler + "…"
		return v
	}
	v = c.View
	v.Pages, v.Requests, v.Crawler = s.Pages, s.Requests, q.Crawler
	v.Counted = c.Version == s.Version && c.Query.Same(q)
	v.Summary = fmt.Sprintf("%s read. For %s: %s allowed, %s blocked.", read, c.Agent, Grouped(c.Allowed), Grouped(c.Blocked))
	if v.Pages == 0 {
		v.Summary = read + " read: each crawler's requests are counted below."
	}
	if !v.Counted {
		v.Summary += " Counting again…"
	}
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

// GroupedPlural returns n, its digits grouped, and the noun that goes with
// it: "1 URL", "12,408 URLs".
func GroupedPlural(n int, one, many string) string { return sitemsg.GroupedPlural(n, one, many) }

// pluralNoun returns the noun that goes with n.
func pluralNoun(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}
