package model

import (
	"fmt"
	"strings"

	"robotstester/app/sitemsg"
)

// The panel's view: the worker words its coverage and makes the markup
// of its parts (sitemsg.View, app/sitework's ViewOf); the page says what
// it holds now and whether the coverage drawn is of it.

// SiteView is what the site URLs panel draws.
type SiteView = sitemsg.View

// SiteToldShown is how many notes of the sources' reading the panel says
// in view; the list of sources, under a details element, has them all.
const SiteToldShown = 3

// SiteViewOf returns the panel's view of s, the URLs the worker holds,
// with c the last view it worded (nil before any), q what the panel
// shows now, and reading true while a source is read: a source read
// whole that gave no URL is said to, once none is read.
func SiteViewOf(s *sitemsg.URLsState, c *SiteCoverage, q SiteQuery, reading bool) SiteView {
	told := siteTold(s, reading)
	v := siteCounts(s, c, q)
	if v.Pages+v.Requests == 0 && !reading && len(s.Sources) > 0 {
		v.Summary, told = noURLsFrom(s.Sources, told)
	}
	if len(told) > SiteToldShown {
		told, v.MoreTold = told[:SiteToldShown], len(told)-SiteToldShown
	}
	v.Told = told
	return v
}

// noURLIn is what the panel says of a source read whole that gave no URL
// and whose reading noted nothing: what it should have held.
const noURLIn = "nothing in it was read as a URL (a list needs one URL or path a line; a crawler's CSV export, a URL column such as Address or URL)."

// siteTold returns what the panel says of its sources' reading, source by
// source: why one was not read whole, its notes, and, once no source is
// being read, that one gave no URL when nothing else says why; then the
// notes of no source (a limit of the panel's). A note names its source
// first ("open.csv: ..."), as the worker keeps them.
func siteTold(s *sitemsg.URLsState, reading bool) []string {
	var told []string
	said := make([]bool, len(s.Notes))
	for _, src := range s.Sources {
		from := src.Name + ": "
		n := len(told)
		if src.Error != "" {
			told = append(told, from+src.Error)
		}
		for i, note := range s.Notes {
			if !said[i] && strings.HasPrefix(note, from) {
				said[i] = true
				told = append(told, note)
			}
		}
		if len(told) == n && src.URLs+src.Repeats == 0 && !reading {
			told = append(told, from+noURLIn)
		}
	}
	for i, note := range s.Notes {
		if !said[i] {
			told = append(told, note)
		}
	}
	return told
}

// noURLsFrom returns the summary of sources that gave no URL, and what
// is left to tell: of one source, the first thing told of it is why, and
// is told there, once.
func noURLsFrom(sources []sitemsg.Source, told []string) (string, []string) {
	if len(sources) > 1 {
		return "No URLs read from the " + Grouped(len(sources)) + " sources given.", told
	}
	name := sources[0].Name
	if len(told) > 0 {
		if why, ok := strings.CutPrefix(told[0], name+": "); ok {
			if !strings.HasSuffix(why, ".") {
				why += "."
			}
			return "No URLs read from " + name + ": " + why, told[1:]
		}
	}
	return "No URLs read from " + name + ".", told
}

// siteCounts returns the panel's counts of s, with c the last view the
// worker worded (nil before any) and q what the panel shows now.
func siteCounts(s *sitemsg.URLsState, c *SiteCoverage, q SiteQuery) SiteView {
	v := SiteView{Pages: s.Pages, Requests: s.Requests, Crawler: q.Crawler}
	if v.Pages+v.Requests == 0 {
		v.Summary = "No URLs yet: fetch the sitemaps your robots.txt names, or drop here a sitemap (.xml, .xml.gz, .txt), a list of URLs, a crawler's CSV export or an access log."
		return v
	}
	read := Plural(v.Pages, "URL", "URLs")
	switch {
	case v.Pages == 0:
		read = Grouped(v.Requests) + " logged " + sitemsg.Noun(v.Requests, "request", "requests")
	case v.Requests > 0:
		read += " and " + Grouped(v.Requests) + " logged " + sitemsg.Noun(v.Requests, "request", "requests")
	}
	read += " read" + fromSources(s.Sources)
	if c == nil || !c.Query.sameReading(q) {
		v.Summary = read + ". Counting for " + q.Crawler + "…"
		if c != nil && c.Query.sameAnswer(q) && c.Version == s.Version {
			// Another crawler chosen: every crawler's counts stay
			// while its breakdown is counted.
			v.Matrix = c.Matrix
		}
		return v
	}
	v = c.View
	v.Pages, v.Requests, v.Crawler = s.Pages, s.Requests, q.Crawler
	v.Counted = c.Version == s.Version && c.Query.Same(q)
	v.Summary = fmt.Sprintf("%s. For %s: %s allowed, %s blocked.", read, c.Agent, Grouped(c.Allowed), Grouped(c.Blocked))
	if v.Pages == 0 {
		v.Summary = read + ": each crawler's requests are counted below."
	}
	if !v.Counted {
		v.Summary += " Counting again…"
	}
	return v
}

// SiteSourcesNamed is how many sources the summary names, with what
// each gave.
const SiteSourcesNamed = 4

// fromSources says where the URLs read came from, when more than one
// source gave them or one gave a URL more than once: " from 2 sources
// (crawl.csv: 300 URLs; urls.txt: 500 URLs, 300 of them repeats)". A URL
// is held once, and data-urls counts it once: this says why the sources'
// URLs add up to more.
func fromSources(sources []sitemsg.Source) string {
	if len(sources) == 0 || len(sources) == 1 && sources[0].Repeats == 0 {
		return ""
	}
	var parts []string
	for i, src := range sources {
		if i == SiteSourcesNamed {
			parts = append(parts, "and "+Plural(len(sources)-i, "more", "more"))
			break
		}
		t := src.Name + ": "
		switch src.Kind {
		case "index":
			t += "an index of " + Plural(src.URLs, "sitemap", "sitemaps")
		case "log":
			t += Plural(src.URLs, "request", "requests")
		default:
			t += Plural(src.URLs+src.Repeats, "URL", "URLs")
			if src.Repeats > 0 {
				t += ", " + Grouped(src.Repeats) + " of them " + sitemsg.Noun(src.Repeats, "a repeat", "repeats")
			}
		}
		parts = append(parts, t)
	}
	from := " from " + Plural(len(sources), "source", "sources")
	if len(sources) == 1 {
		from = " from " + sources[0].Name
		parts[0] = strings.TrimPrefix(parts[0], sources[0].Name+": ")
	}
	return from + " (" + strings.Join(parts, "; ") + ")"
}

// Same reports whether q and o are the same query: a coverage of one is
// the other's.
func (q SiteQuery) Same(o SiteQuery) bool { return q.File == o.File && q.sameReading(o) }

// sameReading reports whether q and o count for the same crawler in the
// same reading, whatever the file: an older file's counts may then show
// while the new ones are worked out.
func (q SiteQuery) sameReading(o SiteQuery) bool {
	return q.Crawler == o.Crawler && q.sameAnswer(o)
}

// sameAnswer reports whether q and o read the same file in the same
// reading after the same answer, whatever the crawler: every crawler's
// counts (the matrix) are then the same.
func (q SiteQuery) sameAnswer(o SiteQuery) bool {
	return q.Dialect == o.Dialect && q.Fixed == o.Fixed && q.Answer == o.Answer
}
