package model

import (
	"strings"

	"robotstester/robots"
)

// Overview is what the tester shows about the file as a whole.
type Overview struct {
	Size       int // bytes
	Lines      int // lines, including any past the fetch limit
	Cut        int // byte offset where the 500 KiB fetch limit cut the file; 0 when within it
	CutLine    int // the line the cut fell in
	Dialect    string
	Sitemaps   []Sitemap
	Delays     []Delay
	GroupCount int
	// Preferences are the file's AI-preference lines (Content-Signal,
	// Content-Usage).
	Preferences []PrefLine
	// AIGrid says there are tested URLs, so that Analysis.AIGrid has
	// rows: the grid is worked out only once it is opened.
	AIGrid bool
}

// Sitemap is one sitemap record.
type Sitemap struct {
	Line int
	URL  string
}

// Delay is the crawl-delay of one group.
type Delay struct {
	Line   int
	Agents string // the group's user-agent values, comma-separated
	Value  string // as written
	Valid  bool
	// HonouredBy are the catalogued crawlers that read crawl-delay and
	// that this group applies to.
	HonouredBy []string
}

// Overview returns the overview of the analysis's file, as its reading
// reads it.
func (a *Analysis) Overview() Overview {
	f, r := a.File, a.Reading
	o := Overview{
		Size:       f.Size,
		Lines:      f.TotalLines,
		Cut:        f.Cut,
		CutLine:    f.CutLine,
		Dialect:    r.Dialect.Title(),
		GroupCount: len(r.Groups),
	}
	o.Preferences = preferences(r)
	o.AIGrid = a.hasAIGrid()
	for _, s := range r.Sitemaps {
		o.Sitemaps = append(o.Sitemaps, Sitemap{Line: s.Line, URL: s.Value})
	}
	var honour map[int][]string // group index → crawlers
	for i := range r.Groups {
		g := &r.Groups[i]
		if g.CrawlDelay == nil {
			continue
		}
		if honour == nil {
			honour = honouring(r)
		}
		o.Delays = append(o.Delays, Delay{
			Line:       g.CrawlDelay.Line,
			Agents:     agents(g),
			Value:      g.CrawlDelay.Value,
			Valid:      g.CrawlDelay.Valid,
			HonouredBy: honour[g.Index],
		})
	}
	return o
}

// honouring maps each group of r to the catalogued crawlers that read
// crawl-delay and follow that group.
func honouring(r *robots.Reading) map[int][]string {
	m := make(map[int][]string)
	for _, c := range robots.Crawlers() {
		if !c.HonoursCrawlDelay {
			continue
		}
		v := r.CheckCrawler(c, "/")
		for _, g := range v.Groups {
			m[g.Index] = append(m[g.Index], c.Token)
		}
	}
	return m
}

func agents(g *robots.Group) string {
	vals := make([]string, len(g.Agents))
	for i, ag := range g.Agents {
		vals[i] = ag.Value
	}
	return strings.Join(vals, ", ")
}

// SitemapURLs returns the addresses of the file's Sitemap: lines, as
// Google reads them: those the site URLs panel fetches.
func (a *Analysis) SitemapURLs() []string {
	r := a.File.Read(robots.Google)
	out := make([]string, len(r.Sitemaps))
	for i, s := range r.Sitemaps {
		out[i] = s.Value
	}
	return out
}
