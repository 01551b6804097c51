package sitework

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"robotstester/app/sitemsg"
	"robotstester/robots"
	"robotstester/robots/verify"
)

// SaidMost bounds the sentences said above the log's table: the
// crawlers with the most requests to blocked URLs, or forged ones.
const SaidMost = 6

// ChartDays bounds the days the chart of requests per day draws: the
// last ones of a log that spans more.
const ChartDays = 366

// logView words a log's requests (c.Requests) for the panel's table: a
// row a crawler, the notable ones said in a sentence, the address lists
// used or lacking, and the requests per day; nil when no log is held.
func logView(c *sitemsg.Coverage, q Query, w *Wording) *sitemsg.LogView {
	nc := &c.NotCrawlers
	if len(c.Requests) == 0 && nc.Total() == 0 {
		return nil
	}
	v := &sitemsg.LogView{}
	note := text("p", "note", notCrawlersText(nc)+" A user-agent string can be forged: a request is verified only from inside its operator's published address list, and the file may have been another when it was made.")
	note.Data = []string{"browsers", strconv.Itoa(nc.Browsers), "tools", strconv.Itoa(nc.Tools), "unknown", strconv.Itoa(nc.Unknown)}
	v.NotCrawlers = note
	lists := map[string]*ListAtHand{}
	for i := range q.Lists {
		lists[q.Lists[i].URL] = &q.Lists[i]
	}
	days := daysByAgent(c.Days)
	var listsUsed []string
	for i := range c.Requests {
		t := &c.Requests[i]
		r := sitemsg.LogRow{Agent: t.Agent, Requests: t.Allowed + t.Blocked, Blocked: t.Blocked,
			Verified: t.Origins.All.Verified, Forged: t.Origins.All.Forged, Unverified: t.Origins.All.Unverified}
		cr, known := robots.LookupCrawler(t.Agent)
		if known {
			r.Role, r.Vendor = cr.Role.String(), cr.Vendor
		}
		var lines []CoverageLine
		for _, l := range w.Logged {
			if l.Agent == t.Agent {
				r.Fetched, lines = l.Fetched, l.Lines
			}
		}
		if len(lines) > 0 {
			r.Details = append(r.Details, text("p", "", "The lines that block its requests, with examples:"),
				el("ul", "", "", lineNodes(lines, "log-line")...))
		} else {
			r.Details = append(r.Details, text("p", "note", "The file blocks none of its requests."))
		}
		if d := days[t.Agent]; len(d) > 1 {
			r.Details = append(r.Details, chartNode(d, t.Agent+"'s requests per day"))
		}
		var list *ListAtHand
		if known && len(cr.Ranges) > 0 {
			list = lists[cr.Ranges[0]]
			for _, u := range cr.Ranges {
				l := lists[u]
				if want := listWant(u); l == nil && !slices.Contains(v.Wants, want) {
					v.Wants = append(v.Wants, want)
				}
				if l != nil && !slices.Contains(listsUsed, u) {
					listsUsed = append(listsUsed, u)
				}
			}
		}
		r.Details = append(r.Details, text("p", "note", originWords(&r, cr, known, list, lists)))
		v.Rows = append(v.Rows, r)
	}
	v.Said = notable(v.Rows, c.Requests, lists)
	for _, u := range listsUsed {
		v.Lists = append(v.Lists, listWords(lists[u]))
	}
	if s := unlisted(v.Rows); s != "" {
		v.Lists = append(v.Lists, s)
	}
	if len(v.Wants) > 0 {
		var names []string
		for _, w := range v.Wants {
			if !slices.Contains(names, w.Token) {
				names = append(names, w.Token)
			}
		}
		v.Lists = append(v.Lists, "Getting the address lists of "+strings.Join(names, ", ")+" through this site's relay…")
	}
	if all := allDays(c.Days); len(all) > 1 {
		v.Chart = new(chartNode(all, "Crawlers' requests per day"))
	}
	return v
}

// listWant returns how to ask the relay for the list at u: by the first
// crawler of the catalogue that gives it (Googlebot for Google's common
// crawlers), and its place among that crawler's lists, so that a list is
// asked for once whichever of its crawlers the log names, and by the
// name a relay's folder of lists most likely files it under.
func listWant(u string) sitemsg.ListWant {
	for _, c := range robots.Crawlers() {
		if i := slices.Index(c.Ranges, u); i >= 0 {
			return sitemsg.ListWant{Token: c.Token, N: i}
		}
	}
	return sitemsg.ListWant{}
}

// notable returns the sentences on the crawlers worth saying: the most
// requests to blocked URLs first, then those with forged requests, at
// most SaidMost.
func notable(rows []sitemsg.LogRow, ts []robots.Tally, lists map[string]*ListAtHand) []string {
	order := make([]int, 0, len(rows))
	for i := range rows {
		if rows[i].Blocked > 0 || rows[i].Forged > 0 {
			order = append(order, i)
		}
	}
	slices.SortStableFunc(order, func(a, b int) int {
		return cmpNum(rows[b].Blocked, rows[a].Blocked, rows[b].Forged, rows[a].Forged)
	})
	var out []string
	for _, i := range order[:min(len(order), SaidMost)] {
		cr, _ := robots.LookupCrawler(rows[i].Agent)
		var l *ListAtHand
		if len(cr.Ranges) > 0 {
			l = lists[cr.Ranges[0]]
		}
		out = append(out, said(&rows[i], &ts[i], l != nil && l.List != nil))
	}
	return out
}

// cmpNum compares pairs of numbers in turn.
func cmpNum(ns ...int) int {
	for i := 0; i+1 < len(ns); i += 2 {
		if ns[i] != ns[i+1] {
			if ns[i] < ns[i+1] {
				return -1
			}
			return 1
		}
	}
	return 0
}

// possessive returns "OpenAI's", or "its operator's" for no vendor.
func possessive(vendor string) string {
	if vendor == "" {
		return "its operator's"
	}
	return vendor + "'s"
}

// said is the sentence on one notable crawler of the log (requests to
// blocked URLs, or forged ones), the engine's, as the command line says
// it (robots.Tally.OriginWords): "GPTBot: 215 requests to URLs the file
// blocks: 214 verified as OpenAI's, 1 forged (not OpenAI's)".
func said(r *sitemsg.LogRow, t *robots.Tally, listed bool) string {
	switch {
	case r.Blocked == 0 && r.Forged == 0:
		return ""
	case !listed:
		return r.Agent + ": " + sitemsg.GroupedPlural(r.Blocked, "request", "requests") + " to URLs the file blocks, none checked: no address list at hand."
	}
	return t.OriginWords() + "."
}

// originWords says in a row's details where its requests came from, and
// why they could not be checked when they could not.
func originWords(r *sitemsg.LogRow, cr robots.Crawler, known bool, l *ListAtHand, lists map[string]*ListAtHand) string {
	switch {
	case !known:
		return "The catalogue does not know " + r.Agent + ": no address list to check its requests by."
	case len(cr.Ranges) == 0:
		return possessive(cr.Vendor) + " publishes no address list the catalogue knows: " + r.Agent + "'s requests stay unverified (the command line checks them by reverse DNS where the catalogue knows its domains)."
	case l == nil:
		return "Its address list is being fetched: its requests are unverified until it comes."
	case l.List == nil:
		return "No address list at hand for " + r.Agent + ": " + l.Missing + ". Its requests stay unverified."
	}
	s := fmt.Sprintf("By %s published addresses (%s): %s verified, %s forged, %s unverified (no address logged).",
		possessive(cr.Vendor), asOf(l), sitemsg.Grouped(r.Verified), sitemsg.Grouped(r.Forged), sitemsg.Grouped(r.Unverified))
	held := 0
	for _, u := range cr.Ranges {
		if h := lists[u]; h != nil && h.List != nil {
			held++
		}
	}
	if held < len(cr.Ranges) {
		s += fmt.Sprintf(" Only %d of its %d lists is at hand: a request outside it is unverified, not forged.", held, len(cr.Ranges))
	}
	return s
}

// asOf says the date of a list: "addresses as of 30 November 2026", by
// its creationTime, or when the relay fetched it.
func asOf(l *ListAtHand) string {
	switch {
	case !l.List.Created.IsZero():
		return "addresses as of " + l.List.Created.UTC().Format("2 January 2006")
	case !l.Fetched.IsZero():
		return "addresses as of " + l.Fetched.UTC().Format("2 January 2006") + ", when fetched"
	}
	return "of an unknown date"
}

// listWords says what one list used is, or why it is missing.
func listWords(l *ListAtHand) string {
	if l.List == nil {
		return "No address list at hand for " + l.Token + ": " + l.Missing + ". Its requests stay unverified."
	}
	return l.Token + "'s list (" + l.URL + "): " + asOf(l) + ", " + sitemsg.GroupedPlural(l.List.Len(), "range", "ranges") + "."
}

// unlisted says which crawlers of the log have no list to check by.
func unlisted(rows []sitemsg.LogRow) string {
	var none []string
	for _, r := range rows {
		if cr, ok := robots.LookupCrawler(r.Agent); !ok || len(cr.Ranges) == 0 {
			none = append(none, r.Agent)
		}
	}
	if len(none) == 0 {
		return ""
	}
	return "No address list at hand for " + strings.Join(none, ", ") + ": " + sitemsg.Noun(len(none), "its operator publishes", "their operators publish") +
		" none the catalogue knows, so " + sitemsg.Noun(len(none), "its", "their") + " requests stay unverified."
}

// daysByAgent returns the counts per day by crawler.
func daysByAgent(ds []sitemsg.DayCount) map[string][]sitemsg.DayCount {
	out := map[string][]sitemsg.DayCount{}
	for _, d := range ds {
		out[d.Agent] = append(out[d.Agent], d)
	}
	return out
}

// allDays returns every crawler's requests per day, added up, by day.
func allDays(ds []sitemsg.DayCount) []sitemsg.DayCount {
	by := map[int]int{}
	for _, d := range ds {
		by[d.Day] += d.N
	}
	out := make([]sitemsg.DayCount, 0, len(by))
	for day, n := range by {
		out = append(out, sitemsg.DayCount{Day: day, N: n})
	}
	slices.SortFunc(out, func(a, b sitemsg.DayCount) int { return a.Day - b.Day })
	return out
}

// dayName returns a day's date: "2026-11-27".
func dayName(day int) string { return time.Unix(int64(day)*86400, 0).UTC().Format(time.DateOnly) }

// chartNode draws requests per day (ds, by day, more than one) as a bar
// chart in SVG, a bar a day from the first to the last (ChartDays at
// most, the last ones), each with its date and count as its title, and
// says the same in words for those who do not see it.
func chartNode(ds []sitemsg.DayCount, what string) sitemsg.Node {
	first, last := ds[0].Day, ds[len(ds)-1].Day
	first = max(first, last-ChartDays+1)
	n := last - first + 1
	most, mostDay := 0, first
	by := map[int]int{}
	for _, d := range ds {
		if d.Day >= first {
			by[d.Day] = d.N
			if d.N > most {
				most, mostDay = d.N, d.Day
			}
		}
	}
	const height, barW = 60, 10
	bars := make([]sitemsg.Node, 0, n)
	for k := range n {
		c := by[first+k]
		h := 0
		if most > 0 {
			h = c * height / most
		}
		if c > 0 {
			h = max(h, 1)
		}
		bars = append(bars, sitemsg.Node{Tag: "rect", Class: "bar", Attrs: []string{
			"x", strconv.Itoa(k * barW), "y", strconv.Itoa(height - h), "width", strconv.Itoa(barW - 2), "height", strconv.Itoa(h)},
			Kids: []sitemsg.Node{{Tag: "title", Text: dayName(first+k) + ": " + sitemsg.GroupedPlural(c, "request", "requests")}}})
	}
	words := fmt.Sprintf("%s, %s to %s: most on %s (%s).", what, dayName(first), dayName(last), dayName(mostDay), sitemsg.Grouped(most))
	svg := sitemsg.Node{Tag: "svg", Class: "log-chart", Role: "img", Attrs: []string{
		"viewBox", fmt.Sprintf("0 0 %d %d", n*barW, height), "preserveAspectRatio", "none", "aria-label", words}, Kids: bars}
	return sitemsg.Node{Tag: "figure", Class: "log-days", Data: []string{"days", strconv.Itoa(n)},
		Kids: []sitemsg.Node{svg, text("figcaption", "note", words)}}
}

// originStatus is the word of a request's origin in the CSV export.
func originStatus(s verify.Status) string {
	switch s {
	case verify.Verified:
		return "verified"
	case verify.Forged:
		return "forged"
	}
	return "unverified"
}
