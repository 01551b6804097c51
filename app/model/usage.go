package model

import (
	"robotstester/app/sitemsg"
	"robotstester/robots"
)

// Usage is what the file states about the AI uses of one row's URL by its
// crawler (Content-Signal and Content-Usage lines), in a line of text.
type Usage struct {
	// Text is "AI use stated: search yes, AI training no (line 12)", "AI
	// use: not stated", or, for a URL the crawler may not fetch, "AI use:
	// none applies, the URL may not be crawled".
	Text string
	// Stated reports whether the file states anything for this row.
	Stated bool
	// Lines are the lines that decided, in the order of Text.
	Lines []int
}

// UsageOf returns what the file states about the uses of the URL of v, a
// verdict of one of f's readings, for its crawler.
func UsageOf(f *robots.File, v *robots.Verdict) Usage {
	u := f.Read(v.Dialect).UsageOf(v)
	switch {
	case !u.Crawlable:
		return Usage{Text: "AI use: none applies, the URL may not be crawled"}
	case !u.Stated():
		return Usage{Text: "AI use: not stated"}
	}
	out := Usage{Text: "AI use stated: " + u.Summary(), Stated: true}
	add := func(n int) {
		for _, m := range out.Lines {
			if m == n {
				return
			}
		}
		out.Lines = append(out.Lines, n)
	}
	for _, p := range u.Purposes {
		if p.Stance != robots.NotStated {
			add(p.Line)
		}
	}
	if u.Use != "" {
		add(u.UseLine)
	}
	return out
}

// Usages returns the usage statement of every row, in row order.
func (a *Analysis) Usages() []Usage {
	out := make([]Usage, len(a.Verdicts))
	for i := range a.Verdicts {
		out[i] = UsageOf(a.File, &a.Verdicts[i])
	}
	return out
}

// PrefLine is one AI-preference line of the file, for the overview.
type PrefLine struct {
	Line   int
	Text   string // the line as written, "Content-Signal: search=yes, ai-train=no"
	Agents string // the user-agent values of its group, "" when it stands in none
	// Note says what is wrong with it, "" when nothing is.
	Note string
}

// preferences lists the AI-preference lines of r.
func preferences(r *robots.Reading) []PrefLine {
	var out []PrefLine
	for _, p := range r.Preferences() {
		pl := PrefLine{Line: p.Line, Text: p.Key + ": " + p.Value}
		if p.Group >= 0 && p.Group < len(r.Groups) {
			pl.Agents = agents(&r.Groups[p.Group])
		} else {
			pl.Note = "before any User-agent line: it applies to no crawler"
		}
		if len(p.Problems) > 0 && pl.Note == "" {
			pl.Note = p.Problems[0]
		}
		out = append(out, pl)
	}
	return out
}

// MaxAIGridURLs is the number of tested URLs the AI-crawler grid shows.
const MaxAIGridURLs = 6

// AIGrid is which of the catalogue's AI crawlers may fetch which tested
// URL, and what use the file states for each, as the file says (a server
// answer set for the tests is not applied).
type AIGrid struct {
	URLs []string // the tested URLs, as tested, in row order, each once
	More int      // tested URLs left out past MaxAIGridURLs
	// Rows are every AI crawler of the catalogue, in its order; Sections
	// are the same by role, as the grid shows them.
	Rows     []AIGridRow
	Sections []AIGridSection
}

// AIGridRow is one AI crawler of the catalogue.
type AIGridRow struct {
	Token   string
	Purpose string
	Cells   []AIGridCell // one per URL
}

// AIGridSection is the AI crawlers of one role group (sitemsg.RoleGroups):
// the featured and those the file names as rows; the others folded, in
// one row that says what they get (Fold) until it is opened.
type AIGridSection struct {
	Key, Title string
	Rows       []AIGridRow
	Folded     []AIGridRow
	// Fold says what the folded crawlers get on the URLs shown, both
	// ways: "and 40 more AI training crawlers: 38 allowed, 2 blocked".
	Fold string
}

// AIGridCell is one crawler on one URL.
type AIGridCell struct {
	Allowed bool
	Line    int    // the deciding rule's line, 0 when none matched
	Usage   string // the engine's summary of what is stated ("not stated", ...)
}

// AIGrid checks every AI crawler of the catalogue against the tested
// URLs, as the tests are checked: in the dialect chosen for all of them,
// or else in each crawler's own; empty when there are no tests. It is
// made once per analysis: the overview is drawn after every keystroke.
func (a *Analysis) AIGrid() AIGrid {
	if a.aiGrid == nil {
		g := a.aiGridNow()
		a.aiGrid = &g
	}
	return *a.aiGrid
}

func (a *Analysis) aiGridNow() AIGrid {
	var g AIGrid
	for _, rv := range a.Rows {
		switch {
		case containsString(g.URLs, rv.Encoded):
		case len(g.URLs) == MaxAIGridURLs:
			g.More++
		default:
			g.URLs = append(g.URLs, rv.Encoded)
		}
	}
	if len(g.URLs) == 0 {
		return g
	}
	named := sitemsg.Named(a.File.Read(robots.Google))
	cs := robots.Crawlers()
	for gi := range sitemsg.RoleGroups {
		rg := &sitemsg.RoleGroups[gi]
		sec := AIGridSection{Key: rg.Key, Title: rg.Title}
		var fc sitemsg.FoldCount
		for k := range cs {
			c := &cs[k]
			if c.Category != robots.AICrawler || !rg.Has(c.Role) {
				continue
			}
			row := AIGridRow{Token: c.Token, Purpose: c.Purpose, Cells: make([]AIGridCell, len(g.URLs))}
			allowed := 0
			for i, url := range g.URLs {
				v := a.File.Ask(robots.Question{Agent: c.Token, URL: url, Dialect: a.dialect, OwnDialect: !a.fixed}).Verdict
				u := a.File.Read(v.Dialect).UsageOf(&v)
				row.Cells[i] = AIGridCell{Allowed: v.Allowed, Line: v.Line, Usage: u.Summary()}
				if v.Allowed {
					allowed++
				}
			}
			g.Rows = append(g.Rows, row)
			if sitemsg.Shown(c, named) {
				sec.Rows = append(sec.Rows, row)
			} else {
				sec.Folded = append(sec.Folded, row)
				fc.Add(allowed, len(g.URLs)-allowed)
			}
		}
		if len(sec.Folded) > 0 {
			sec.Fold = sitemsg.FoldText(rg, fc)
		}
		if len(sec.Rows)+len(sec.Folded) > 0 {
			g.Sections = append(g.Sections, sec)
		}
	}
	return g
}

// hasAIGrid reports whether AIGrid has rows: there are tested URLs (the
// catalogue has AI crawlers).
func (a *Analysis) hasAIGrid() bool { return len(a.Rows) > 0 }

func containsString(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// Path returns the path of the grid's URL i, as its column's head shows it.
func (g *AIGrid) Path(i int) string { return robots.PathOf(g.URLs[i]) }
