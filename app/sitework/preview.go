package sitework

import (
	"slices"
	"strconv"
	"strings"

	"robotstester/app/sitemsg"
	"robotstester/robots"
)

// previewAgents returns the crawlers a preview counts: every catalogued
// crawler, in the catalogue's order, then q's crawler when the catalogue
// does not know it: a row each, none twice.
func previewAgents(q *Query) []string {
	var out []string
	for _, c := range robots.Crawlers() {
		out = append(out, c.Token)
	}
	if typed := strings.TrimSpace(q.Crawler); typed != "" {
		if _, known := robots.LookupCrawler(typed); !known {
			out = append(out, typed)
		}
	}
	return out
}

// Preview counts the URLs held (submitted and listed: not a log's
// requests, made under the file of then) under two files, from (the file
// shown) and to (a file proposed), each read as its query says, for every
// catalogued crawler and from's crawler when the catalogue does not know
// it: what from blocks (the counts, without their lines), and what to
// changes (Matrix.Changes), the URLs
// newly allowed and newly blocked, as `robotstxt diff` counts them. It
// returns the counts and how many URLs they are of, in steps with pause
// between them, as Cover.
func (s *SiteURLs) Preview(from, to Query, pause robots.Pause) (*sitemsg.Matrix, int, error) {
	h, _ := s.view()
	agents := previewAgents(&from)
	var dialects []robots.Dialect
	for _, a := range agents {
		if d := from.dialectOf(a); !slices.Contains(dialects, d) {
			dialects = append(dialects, d)
		}
	}
	for _, d := range dialects {
		for _, f := range []*robots.File{from.File, to.File} {
			if _, err := f.ReadPaced(d, pause); err != nil {
				return nil, 0, err
			}
		}
	}
	// One pass: the Diff counts the file proposed too (CountNew), and
	// what the file shown blocks is what it blocks less what is newly
	// blocked, plus what is newly allowed.
	diff := robots.NewDiff(from.File, to.File, agents...)
	diff.Dialect, diff.Fixed, diff.OldAnswer, diff.NewAnswer, diff.CountNew = from.Dialect, from.Fixed, from.Answer, to.Answer, true
	for _, set := range []*URLSet{&h.submitted, &h.listed} {
		for i := range set.Len() {
			if i%siteStep == siteStep-1 && pause != nil && pause() {
				return nil, 0, robots.ErrStopped
			}
			diff.Add(set.At(i))
		}
	}
	counts := matrixCounts(diff.Counted(), nil, nil)
	changes := make([]sitemsg.Flips, len(agents))
	for i, fs := range diff.ByAgent() {
		changes[i] = flipsOf(fs)
		c := &counts[i]
		c.Blocked += changes[i].Allowed - changes[i].Blocked
		c.Allowed += changes[i].Blocked - changes[i].Allowed
		c.Blocks = nil // the file proposed's lines, not the file shown's
	}
	m := packMatrix(agents, counts)
	m.Changes = changes
	return m, h.submitted.Len() + h.listed.Len(), nil
}

// PreviewNode returns what a preview's counts m, of urls URLs, say: the
// crawlers whose verdicts change, each a row of the #intent-site contract,
// tr[data-crawler=TOKEN] with data-newly-allowed and data-newly-blocked
// (what the file proposed changes), data-before and data-after (the URLs
// blocked under each file), and the changes, newly allowed first, with
// their lines before and after and examples; a sentence when none does.
// By role, as the matrix: the featured crawlers and those the file shown
// (from) names are rows; the others follow a fold row
// (tr.fold[data-fold=KEY], its button[data-unfold=KEY]) marked
// data-folded=KEY, which the page draws once the fold is opened.
func PreviewNode(m *sitemsg.Matrix, urls int, from *robots.File) *sitemsg.Node {
	over := "Over your site's " + urlCount(urls)
	var named map[string]bool
	if from != nil {
		named = sitemsg.Named(from.Read(robots.Google))
	}
	row := func(i int, a string) sitemsg.Node {
		fl := &m.Changes[i]
		before := m.Count(i).Blocked
		after := before + fl.Blocked - fl.Allowed
		return sitemsg.Node{Tag: "tr", Data: []string{"crawler", a, "newly-allowed", strconv.Itoa(fl.Allowed),
			"newly-blocked", strconv.Itoa(fl.Blocked), "before", strconv.Itoa(before), "after", strconv.Itoa(after)},
			Kids: []sitemsg.Node{
				{Tag: "th", Text: a, Attrs: []string{"scope", "row"}},
				{Tag: "td", Class: "num", Text: sitemsg.Grouped(fl.Allowed)},
				{Tag: "td", Class: "num", Text: sitemsg.Grouped(fl.Blocked)},
				{Tag: "td", Class: "num", Text: sitemsg.Grouped(before) + " → " + sitemsg.Grouped(after)},
				el("td", "", "flips", flipsNodes(fl, 3)...),
			}}
	}
	changed := func(i int) bool { return m.Changes[i].Allowed+m.Changes[i].Blocked > 0 }
	var rows []sitemsg.Node
	known := make([]bool, len(m.Agents))
	for gi := range sitemsg.RoleGroups {
		g := &sitemsg.RoleGroups[gi]
		var folded []sitemsg.Node
		var fc sitemsg.FoldCount
		for i, a := range m.Agents {
			c, ok := robots.LookupCrawler(a)
			if !ok || !g.Has(c.Role) {
				continue
			}
			known[i] = true
			switch {
			case !changed(i):
			case sitemsg.Shown(&c, named):
				rows = append(rows, row(i, a))
			default:
				r := row(i, a)
				r.Data = append(r.Data, "folded", g.Key)
				folded = append(folded, r)
				fc.Add(m.Changes[i].Allowed, m.Changes[i].Blocked)
			}
		}
		if len(folded) > 0 {
			rows = append(rows, sitemsg.Node{Tag: "tr", Class: "fold", Data: []string{"fold", g.Key}, Kids: []sitemsg.Node{
				{Tag: "td", Class: "note", Attrs: []string{"colspan", "5"}, Kids: []sitemsg.Node{
					{Text: sitemsg.FoldWords(g, fc, [3]string{"newly allowed", "newly blocked", "changed both ways"}) + " "},
					{Tag: "button", Class: "linkish", On: "click", Data: []string{"unfold", g.Key}, Text: "Show them", Attrs: []string{"type", "button"}},
				}}}})
			rows = append(rows, folded...)
		}
	}
	for i, a := range m.Agents {
		if !known[i] && changed(i) {
			rows = append(rows, row(i, a))
		}
	}
	if len(rows) == 0 {
		n := text("p", "note", over+": no change, for any crawler.")
		return &n
	}
	var heads []sitemsg.Node
	for _, h := range []string{"Crawler", "Newly allowed", "Newly blocked", "Blocked now → once written", "What changes"} {
		heads = append(heads, sitemsg.Node{Tag: "th", Text: h, Attrs: []string{"scope", "col"}})
	}
	n := el("div", "", "table-scroll", el("table", "", "intent-changes",
		text("caption", "", over+": the crawlers whose verdicts change"),
		el("thead", "", "", el("tr", "", "", heads...)),
		el("tbody", "", "", rows...)))
	return &n
}
