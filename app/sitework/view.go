package sitework

import (
	"fmt"
	"slices"

	"robotstester/app/sitemsg"
	"robotstester/robots"
)

// ViewOf words c, counted for q, as the panel draws it (Word, Parts).
// The worker does it, so that none of the wording weighs in the page's
// app.wasm; the page adds what it says of the URLs held now.
func ViewOf(c *sitemsg.Coverage, q Query) sitemsg.View {
	t := &c.Tally
	v := sitemsg.View{Version: c.Version, Crawler: q.Crawler, Agent: t.Agent, Pages: c.Pages, Allowed: t.Allowed, Blocked: t.Blocked, Helped: c.Helped}
	if t.Access.Permission != robots.FollowRules {
		v.Access = "The server's answer decides every URL: " + t.Access.Reason
	}
	w := Word(c, q)
	v.Matrix = matrixNode(c, q)
	v.Parts = w.Parts()
	v.Log = logView(c, q, &w)
	v.Notes = notesOf(c)
	return v
}

// notesOf says, for each line of the file that decides URLs for c's
// crawler, how many and which way, and for each rule of its groups that
// decides none, that it does not: "blocks 12,408 of 120,000 URLs". The
// server's answer, when it decides every URL, leaves the rules nothing
// to say.
func notesOf(c *sitemsg.Coverage) []sitemsg.LineNote {
	t := &c.Tally
	if t.Access.Permission != robots.FollowRules {
		return nil
	}
	var out []sitemsg.LineNote
	of := " of " + sitemsg.Grouped(c.Pages) + " URLs"
	for _, l := range t.Lines {
		if l.Line > 0 {
			out = append(out, sitemsg.LineNote{Line: l.Line, Text: verbFor(l.Allowed) + " " + sitemsg.Grouped(l.Count) + of})
		}
	}
	for _, r := range c.Unused {
		out = append(out, sitemsg.LineNote{Line: r.Line, Text: "matches none of your " + sitemsg.Grouped(c.Pages) + " URLs"})
	}
	return out
}

// Word words c, counted for q.
func Word(c *sitemsg.Coverage, q Query) Wording {
	t := &c.Tally
	v := &Wording{Crawler: q.Crawler}
	v.Lines, v.MoreLines = coverageLines(t, c.Pages, LinesShown)
	for _, r := range c.Unused {
		v.Unused = append(v.Unused, CoverageLine{Line: r.Line, Rule: lineRule(q.File, r.Line), Allowed: r.Allow,
			Says: "decides none of your URLs for " + t.Agent})
	}
	v.finding(c)
	v.changes(c)
	v.logged(c)
	return *v
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
	of := fmt.Sprintf("%s of your %s %s", sitemsg.Grouped(l.Count), sitemsg.Grouped(total), what)
	switch {
	case t.Access.Permission != robots.FollowRules:
		cl.Says = fmt.Sprintf("The server's answer (%s) %s %s for %s.", t.Access.Permission.Words(), verbFor(l.Allowed), of, t.Agent)
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
func (v *Wording) finding(c *sitemsg.Coverage) {
	g := &c.Googlebot
	if c.Submitted == 0 || g.Blocked == 0 {
		return
	}
	v.Finding = fmt.Sprintf("Submitted URL blocked by robots.txt: %s of the %s URLs your sitemaps submit are blocked for Googlebot.",
		sitemsg.Grouped(g.Blocked), sitemsg.Grouped(c.Submitted))
	v.FindingNote = "Search Console's Page indexing report lists them as “Blocked by robots.txt” (“Indexed, though blocked by robots.txt” when Google indexed one without crawling it); its older Coverage report called them “Submitted URL blocked by robots.txt”. A sitemap should list only the pages you want crawled, and a blocked page cannot show Google a noindex."
	for _, l := range g.Lines {
		if !l.Allowed {
			v.FindingLines = append(v.FindingLines, coverageLine(g, l, c.Submitted, "submitted URLs"))
		}
	}
}

// changes words what the edit changes against the base for the
// crawler: two counts, newly allowed and newly blocked, and the changes
// that make them up.
func (v *Wording) changes(c *sitemsg.Coverage) {
	if !c.Compared {
		return
	}
	v.Compared = true
	v.Flips = flipsOf(c.Flips)
	const against = "Against the file as it was when the URLs were loaded, "
	if v.Flips.Allowed+v.Flips.Blocked == 0 {
		v.ChangesSummary = against + "your edit makes no change to these URLs for " + c.Tally.Agent + "."
		return
	}
	v.ChangesSummary = fmt.Sprintf(against+"your edit, for %s: %s.", c.Tally.Agent, flipsSummary(&v.Flips))
}

// logged words a log's requests: for each crawler, catalogued or not,
// those the file does not allow it. The engine counted crawlers' alone
// (robots.Coverage.AddRequest), as the command line does.
func (v *Wording) logged(c *sitemsg.Coverage) {
	v.NotCrawlers = c.NotCrawlers
	for i := range c.Requests {
		t := &c.Requests[i]
		n := t.Allowed + t.Blocked
		lc := LoggedCrawler{Agent: t.Agent, Requests: n, Blocked: t.Blocked}
		for _, l := range t.Lines {
			if !l.Allowed {
				lc.Fetched += l.Fetched
				lc.Lines = append(lc.Lines, coverageLine(t, l, n, "requests"))
			}
		}
		lc.Text = fmt.Sprintf("%s made %s: %s to URLs the file does not allow it", t.Agent, sitemsg.GroupedPlural(n, "request", "requests"), sitemsg.Grouped(t.Blocked))
		if t.Blocked > 0 {
			lc.Text += fmt.Sprintf(", %s of them answered 2xx", sitemsg.Grouped(lc.Fetched))
		}
		lc.Text += "."
		v.Logged = append(v.Logged, lc)
	}
	slices.SortStableFunc(v.Logged, func(a, b LoggedCrawler) int { return b.Blocked - a.Blocked })
}
