package model

import (
	"strings"

	"robotstester/app/sitemsg"
	"robotstester/robots"
)

// The site URLs panel: a whole site's URLs (its sitemaps', a list's, a
// crawler's export, an access log's requests), counted against the file
// by deciding line for one crawler, and what an edit changes over them.
// The URLs are read, held and counted in a Web Worker (app/sitework, in a
// WebAssembly of its own); the page holds what the worker says it holds
// (sitemsg.URLsState), the last coverage it sent, and draws them
// (SiteViewOf).

// MaxSiteURLs is the most URLs (and logged requests) the panel holds.
const MaxSiteURLs = sitemsg.MaxURLs

// A SiteSource is one sitemap, list, export or log read into the panel.
type SiteSource = sitemsg.Source

// A SiteQuery is what a coverage is of: the file shown, read as the
// tests are (the dialect chosen, the server's answer), for the crawler
// chosen in the panel.
type SiteQuery struct {
	File *robots.File
	// Text is the file's text: the worker parses it, and an edit is told
	// from the base by it.
	Text    string
	Crawler string
	Dialect robots.Dialect
	Fixed   bool
	Answer  robots.AnswerClass
}

// SiteQueryFor returns the query of the state s's file, analysed as an,
// for crawler ("" is Googlebot).
func SiteQueryFor(an *Analysis, s *State, crawler string) SiteQuery {
	d, fixed := robots.ParseDialect(s.Dialect)
	return SiteQuery{File: an.File, Text: s.Robots, Crawler: SiteCrawler(crawler), Dialect: d, Fixed: fixed, Answer: AnswerFor(s.Answer).Class}
}

// Msg returns q as the worker is asked it.
func (q SiteQuery) Msg() sitemsg.Query {
	return sitemsg.Query{Text: q.Text, Crawler: q.Crawler, Dialect: q.Dialect, Fixed: q.Fixed, Answer: q.Answer}
}

// SiteCrawler returns the crawler a panel counts for: the one typed, or
// Googlebot when none is.
func SiteCrawler(typed string) string {
	if c := strings.TrimSpace(typed); c != "" {
		return c
	}
	return "Googlebot"
}

// A SiteCoverage is what the worker counted for Query, worded.
type SiteCoverage struct {
	Query SiteQuery
	sitemsg.View
}

// Grouped writes n with a comma between each group of three digits, as
// the panel's counts read: "12,408".
func Grouped(n int) string { return sitemsg.Grouped(n) }
