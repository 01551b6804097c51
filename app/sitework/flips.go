package sitework

import (
	"slices"
	"strconv"

	"robotstester/app/sitemsg"
	"robotstester/robots"
)

// What a file changes against another, in words and markup: wherever the
// panel counts a change (what an edit changes, the matrix's column, the
// intent preview over the site's URLs) it is two counts, newly allowed and
// newly blocked, never their difference, each with the lines that decided
// before and after and example URLs, as `robotstxt diff --summary` lists
// them: an edit that blocks 600 URLs and allows 600 others shows both.

// FlipsShown is how many changes of each way a list of changes shows,
// and FlipExamples how many example URLs each.
const (
	FlipsShown   = 5
	FlipExamples = 3
)

// deciderText says what decided a verdict as `robotstxt diff` words it:
// "line 4: Disallow: /x", "no rule matched", "the server's answer".
func deciderText(d robots.Decider) string {
	switch {
	case d.ByAnswer:
		return "the server's answer"
	case d.Line == 0:
		return "no rule matched"
	}
	return "line " + strconv.Itoa(d.Line) + ": " + d.Rule
}

// flipText says what decided before and after: "line 2: Disallow: /a →
// line 5: Allow: /a".
func flipText(f *robots.Flip) string { return deciderText(f.Old) + " → " + deciderText(f.New) }

// urlCount writes n URLs: "1 URL", "1,204 URLs".
func urlCount(n int) string { return sitemsg.GroupedPlural(n, "URL", "URLs") }

// flipsSummary says fl's two counts, newly allowed first: "newly allowed
// 1 URL, newly blocked 600 URLs"; "no change" when both are 0.
func flipsSummary(fl *sitemsg.Flips) string {
	if fl.Allowed+fl.Blocked == 0 {
		return "no change"
	}
	return "newly allowed " + urlCount(fl.Allowed) + ", newly blocked " + urlCount(fl.Blocked)
}

// byWay returns fl's changes of one way (allowed: newly allowed), most
// URLs first, the file's order among equals.
func byWay(fl *sitemsg.Flips, allowed bool) []robots.Flip {
	var out []robots.Flip
	for _, f := range fl.Changes {
		if f.Allowed == allowed {
			out = append(out, f)
		}
	}
	slices.SortStableFunc(out, func(a, b robots.Flip) int { return b.Count - a.Count })
	return out
}

// flipsNodes lists fl's changes, the newly allowed first, then the newly
// blocked: for each way with URLs, a heading with its count and the
// changes, at most shown, each its URLs, the lines before → after and
// examples (li[data-flip-way=allowed|blocked][data-count]).
func flipsNodes(fl *sitemsg.Flips, shown int) []sitemsg.Node {
	var out []sitemsg.Node
	for _, way := range []struct {
		allowed bool
		name    string
		n       int
	}{{true, "Newly allowed", fl.Allowed}, {false, "Newly blocked", fl.Blocked}} {
		if way.n == 0 {
			continue
		}
		fs := byWay(fl, way.allowed)
		items := make([]sitemsg.Node, 0, min(len(fs), shown)+1)
		for _, f := range fs[:min(len(fs), shown)] {
			li := sitemsg.Node{Tag: "li", Data: []string{"flip-way", verdictWord(way.allowed), "count", strconv.Itoa(f.Count)},
				Kids: []sitemsg.Node{plain(urlCount(f.Count) + ": " + flipText(&f))}}
			if ex := f.Examples[:min(len(f.Examples), FlipExamples)]; len(ex) > 0 {
				li.Kids = append(li.Kids, plain(", e.g. "))
				for k, e := range ex {
					if k > 0 {
						li.Kids = append(li.Kids, plain(" "))
					}
					li.Kids = append(li.Kids, text("code", "", e))
				}
			}
			items = append(items, li)
		}
		if more := len(fs) - shown; more > 0 {
			items = append(items, text("li", "note", "and "+sitemsg.GroupedPlural(more, "other change", "other changes")+": the command line's robotstxt diff lists them all"))
		}
		out = append(out, text("p", "flip-way", way.name+": "+urlCount(way.n)), el("ul", "", "flips", items...))
	}
	return out
}
