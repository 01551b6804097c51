package sitework

import (
	"slices"
	"strconv"
	"strings"

	"robotstester/app/sitemsg"
	"robotstester/robots"
)

// The matrix: every catalogued crawler (and the query's crawler) over
// every URL held, counted in the same pass as the query's crawler, with
// one robots.Coverage of all of them: crawlers the file reads alike are
// decided once per URL (the engine's panel), so that forty crawlers cost
// what their few distinct readings and groups cost.

// matrixAgents returns the crawlers a count of q counts: q's crawler
// first (its tally is the panel's breakdown), then every catalogued
// crawler, in the catalogue's order (Googlebot, whose tally the sitemap
// finding reads, among them).
func matrixAgents(q *Query) []string {
	cs := robots.Crawlers()
	out := make([]string, 0, 1+len(cs))
	out = append(out, q.Crawler)
	for _, c := range cs {
		out = append(out, c.Token)
	}
	return out
}

// googlebotAt is the index of Googlebot in matrixAgents' list.
var googlebotAt = 1 + slices.IndexFunc(robots.Crawlers(), func(c robots.Crawler) bool { return c.Token == "Googlebot" })

// matrixCounts returns each crawler's counts of cov, in cov's order; the
// tallies of the crawlers at keep (their lines and examples, for the
// panel's breakdown) it hands to kept.
func matrixCounts(cov *robots.Coverage, keep []int, kept func(i int, t robots.Tally)) []sitemsg.MatrixCount {
	var out []sitemsg.MatrixCount
	i := 0
	for t := range cov.All() {
		if slices.Contains(keep, i) {
			kept(i, t)
		}
		out = append(out, countOf(&t))
		i++
	}
	return out
}

// countOf returns a tally's counts, as the matrix has them.
func countOf(t *robots.Tally) sitemsg.MatrixCount {
	c := sitemsg.MatrixCount{Allowed: t.Allowed, Blocked: t.Blocked, ByAnswer: t.Access.Permission != robots.FollowRules}
	for _, l := range t.Lines {
		if !l.Allowed {
			c.Blocks = append(c.Blocks, sitemsg.LineCount{Line: l.Line, Count: l.Count})
		}
	}
	return c
}

// addCount adds b's counts to a's: the same crawler over two sets of
// URLs. Their lines stay in line order.
func addCount(a, b sitemsg.MatrixCount) sitemsg.MatrixCount {
	out := sitemsg.MatrixCount{Allowed: a.Allowed + b.Allowed, Blocked: a.Blocked + b.Blocked, ByAnswer: a.ByAnswer || b.ByAnswer}
	out.Blocks = make([]sitemsg.LineCount, 0, max(len(a.Blocks), len(b.Blocks)))
	i, j := 0, 0
	for i < len(a.Blocks) || j < len(b.Blocks) {
		switch {
		case j == len(b.Blocks) || i < len(a.Blocks) && a.Blocks[i].Line < b.Blocks[j].Line:
			out.Blocks = append(out.Blocks, a.Blocks[i])
			i++
		case i == len(a.Blocks) || b.Blocks[j].Line < a.Blocks[i].Line:
			out.Blocks = append(out.Blocks, b.Blocks[j])
			j++
		default:
			out.Blocks = append(out.Blocks, sitemsg.LineCount{Line: a.Blocks[i].Line, Count: a.Blocks[i].Count + b.Blocks[j].Count})
			i++
			j++
		}
	}
	return out
}

// addCounts adds b to a, crawler by crawler; either may be nil (nothing
// counted).
func addCounts(a, b []sitemsg.MatrixCount) []sitemsg.MatrixCount {
	switch {
	case a == nil:
		return b
	case b == nil:
		return a
	}
	out := make([]sitemsg.MatrixCount, len(a))
	for i := range a {
		out[i] = addCount(a[i], b[i])
	}
	return out
}

// sameCount reports whether a and b are the same counts.
func sameCount(a, b *sitemsg.MatrixCount) bool {
	return a.Allowed == b.Allowed && a.Blocked == b.Blocked && a.ByAnswer == b.ByAnswer && slices.Equal(a.Blocks, b.Blocks)
}

// packMatrix returns the matrix of agents with counts, each crawler's,
// the same counts kept once.
func packMatrix(agents []string, counts []sitemsg.MatrixCount) *sitemsg.Matrix {
	m := &sitemsg.Matrix{Agents: agents, Of: make([]int, len(counts))}
	for i := range counts {
		k := slices.IndexFunc(m.Counts, func(c sitemsg.MatrixCount) bool { return sameCount(&c, &counts[i]) })
		if k < 0 {
			k = len(m.Counts)
			m.Counts = append(m.Counts, counts[i])
		}
		m.Of[i] = k
	}
	return m
}

// unpackMatrix returns each crawler's counts of m.
func unpackMatrix(m *sitemsg.Matrix) []sitemsg.MatrixCount {
	out := make([]sitemsg.MatrixCount, len(m.Of))
	for i := range m.Of {
		out[i] = *m.Count(i)
	}
	return out
}

// addMatrices adds up the matrices of the shares of a count; errParts
// when they are not of the same crawlers.
func addMatrices(ms ...*sitemsg.Matrix) (*sitemsg.Matrix, error) {
	if len(ms) == 1 || ms[0] == nil {
		return ms[0], nil
	}
	counts := unpackMatrix(ms[0])
	for _, m := range ms[1:] {
		if m == nil || !slices.Equal(m.Agents, ms[0].Agents) {
			return nil, errParts
		}
		counts = addCounts(counts, unpackMatrix(m))
	}
	return packMatrix(ms[0].Agents, counts), nil
}

// flipsOf returns one crawler's changes fs as two counts, newly allowed
// and newly blocked, with the changes themselves.
func flipsOf(fs []robots.Flip) sitemsg.Flips {
	out := sitemsg.Flips{Changes: fs}
	for _, f := range fs {
		if f.Allowed {
			out.Allowed += f.Count
		} else {
			out.Blocked += f.Count
		}
	}
	return out
}

// flipsByAgent returns, for each of agents, its changes among fs (those
// of a Diff of agents, or of several added up), as flipsOf counts them: a
// flip names its crawler as the engine read it, white space trimmed.
func flipsByAgent(agents []string, fs []robots.Flip) []sitemsg.Flips {
	at := make(map[string]int, len(agents))
	for i, a := range agents {
		at[strings.TrimSpace(a)] = i
	}
	of := make([][]robots.Flip, len(agents))
	for _, f := range fs {
		if i, ok := at[f.Agent]; ok {
			of[i] = append(of[i], f)
		}
	}
	out := make([]sitemsg.Flips, len(agents))
	for i := range of {
		out[i] = flipsOf(of[i])
	}
	return out
}

// matrixNote says in short what the catalogue knows of c that bears on
// its counts: a token that never fetches, a fetcher for a person that may
// not read robots.txt at all, a crawler that reads no * group.
func matrixNote(c robots.Crawler, known bool) string {
	var says []string
	switch {
	case !known:
		return "not in the catalogue: read as typed"
	case c.ControlOnly:
		says = append(says, "a control token: never fetches, only opts your pages out of a use")
	case c.Role == robots.RoleUserFetch:
		says = append(says, "fetches for a person, and may ignore robots.txt")
	}
	if c.IgnoresGlobal {
		says = append(says, "reads no * group, only one naming it")
	}
	if len(c.Fallbacks) > 0 {
		says = append(says, "follows "+strings.Join(c.Fallbacks, ", ")+"'s group when none names it")
	}
	return strings.Join(says, "; ")
}

// changeCell is the matrix's cell of what the edit changes for a
// crawler: its two counts, newly allowed first ("no change" when both are
// 0), which open onto the changes, with their lines and examples.
func changeCell(fl *sitemsg.Flips) sitemsg.Node {
	if fl.Allowed+fl.Blocked == 0 {
		return sitemsg.Node{Tag: "td", Class: "note", Text: "no change"}
	}
	sum := text("summary", "", "Newly allowed "+sitemsg.Grouped(fl.Allowed)+", newly blocked "+sitemsg.Grouped(fl.Blocked))
	return el("td", "", "flips", el("details", "", "", append([]sitemsg.Node{sum}, flipsNodes(fl, 3)...)...))
}

// matrixNode returns the table of every crawler's counts of c (the
// #site-matrix contract: a row tr[data-crawler=TOKEN] with data-allowed
// and data-blocked for each catalogued crawler, and for q's crawler when
// the catalogue does not know it; data-newly-allowed and
// data-newly-blocked, what the file changes against the base, 0 and 0
// when it is the base, and with a change data-change, their difference),
// grouped by role (sitemsg.RoleGroups, tbody[data-role=KEY]), each row a
// button that counts for its crawler, and the line that blocks most; nil
// when there is no matrix. In each role the featured crawlers, those the
// file names and the one chosen come first; the others follow a fold
// row (foldRow), marked data-folded=KEY, which the page draws only once
// the fold is opened (model.FoldMatrix): hundreds of rows that say what
// the * group says would bury the few a site owner asks about.
func matrixNode(c *sitemsg.Coverage, q Query) *sitemsg.Node {
	m := c.Matrix
	if m == nil || c.Pages == 0 || len(m.Agents) == 0 {
		return nil
	}
	compared := m.Changes != nil
	head := []string{"Crawler", "Allowed", "Blocked"}
	if compared {
		head = append(head, "Your edit")
	}
	head = append(head, "Blocks most", "Note")
	cols := strconv.Itoa(len(head))
	var heads []sitemsg.Node
	for _, h := range head {
		heads = append(heads, sitemsg.Node{Tag: "th", Text: h, Attrs: []string{"scope", "col"}})
	}
	table := sitemsg.Node{Tag: "table", ID: "site-matrix", Class: "site-matrix", Data: []string{"urls", strconv.Itoa(c.Pages)},
		Kids: []sitemsg.Node{
			{Tag: "caption", Text: "Every crawler over your " + sitemsg.GroupedPlural(c.Pages, "URL", "URLs") + ": choose one to see the lines that decide for it."},
			{Tag: "thead", Kids: []sitemsg.Node{{Tag: "tr", Kids: heads}}},
		}}
	row := func(i int, token string, cr robots.Crawler, known bool) sitemsg.Node {
		mc := m.Count(i)
		data := []string{"crawler", token, "allowed", strconv.Itoa(mc.Allowed), "blocked", strconv.Itoa(mc.Blocked)}
		class := ""
		if strings.EqualFold(token, strings.TrimSpace(q.Crawler)) {
			class = "chosen"
		}
		cells := []sitemsg.Node{
			{Tag: "th", Attrs: []string{"scope", "row"}, Kids: []sitemsg.Node{{Tag: "button", Class: "linkish", On: "click", Data: []string{"pick", token},
				Title: "Show the lines that decide for " + token, Text: token, Attrs: []string{"type", "button"}}}},
			{Tag: "td", Class: "num", Text: sitemsg.Grouped(mc.Allowed)},
			{Tag: "td", Class: "num", Text: sitemsg.Grouped(mc.Blocked)},
		}
		if compared {
			fl := &m.Changes[i]
			data = append(data, "newly-allowed", strconv.Itoa(fl.Allowed), "newly-blocked", strconv.Itoa(fl.Blocked),
				"change", strconv.Itoa(fl.Blocked-fl.Allowed))
			cells = append(cells, changeCell(fl))
		} else {
			// The file is the base: no change, which the row says too.
			data = append(data, "newly-allowed", "0", "newly-blocked", "0")
		}
		most := sitemsg.Node{Tag: "td"}
		switch l := mc.Most(); {
		case l.Count == 0:
		case mc.ByAnswer || l.Line == 0:
			most.Text = "the server's answer (" + sitemsg.Grouped(l.Count) + ")"
		default:
			most.Kids = []sitemsg.Node{{Line: l.Line}, {Text: " "}, {Tag: "code", Text: lineRule(q.File, l.Line)},
				{Text: " (" + sitemsg.Grouped(l.Count) + ")"}}
			data = append(data, "most", strconv.Itoa(l.Line))
		}
		cells = append(cells, most, sitemsg.Node{Tag: "td", Class: "note", Text: matrixNote(cr, known)})
		return sitemsg.Node{Tag: "tr", Class: class, Data: data, Kids: cells}
	}
	cs := robots.Crawlers()
	_, known := robots.LookupCrawler(strings.TrimSpace(q.Crawler))
	var named map[string]bool
	if q.File != nil {
		named = sitemsg.Named(q.File.Read(robots.Google))
	}
	for gi := range sitemsg.RoleGroups {
		g := &sitemsg.RoleGroups[gi]
		body := sitemsg.Node{Tag: "tbody", Data: []string{"role", g.Key}, Kids: []sitemsg.Node{{Tag: "tr", Class: "role", Kids: []sitemsg.Node{
			{Tag: "th", Text: g.Title, Attrs: []string{"scope", "rowgroup", "colspan", cols}}}}}}
		var folded []sitemsg.Node
		var fc sitemsg.FoldCount
		for k := range cs {
			cr := &cs[k]
			if !g.Has(cr.Role) || 1+k >= len(m.Agents) {
				continue
			}
			r := row(1+k, cr.Token, *cr, true)
			if sitemsg.Shown(cr, named) || strings.EqualFold(cr.Token, strings.TrimSpace(q.Crawler)) {
				body.Kids = append(body.Kids, r)
				continue
			}
			mc := m.Count(1 + k)
			fc.Add(mc.Allowed, mc.Blocked)
			r.Data = append(r.Data, "folded", g.Key)
			folded = append(folded, r)
		}
		if g.Key == "other" && !known {
			body.Kids = append(body.Kids, row(0, strings.TrimSpace(q.Crawler), robots.Crawler{}, false))
		}
		if len(folded) > 0 {
			body.Kids = append(body.Kids, foldRow(g, fc, cols))
			body.Kids = append(body.Kids, folded...)
		}
		if len(body.Kids) > 1 {
			table.Kids = append(table.Kids, body)
		}
	}
	return &sitemsg.Node{Tag: "div", Class: "site-matrix-wrap", Kids: []sitemsg.Node{table}}
}

// FoldID is the id of the button that opens the fold of the role group
// key (sitemsg.RoleGroup.Key) in the matrix, and closes it.
func FoldID(key string) string { return "site-matrix-fold-" + key }

// foldRow is the matrix's row of a role's crawlers that are neither
// featured nor named by the file (tr.fold[data-fold=KEY]): what they get,
// in both directions, and the button (button[data-unfold=KEY]) that
// shows their rows, which follow it marked data-folded=KEY; the page
// draws those only once it is pressed.
func foldRow(g *sitemsg.RoleGroup, fc sitemsg.FoldCount, cols string) sitemsg.Node {
	return sitemsg.Node{Tag: "tr", Class: "fold", Data: []string{"fold", g.Key, "crawlers", strconv.Itoa(fc.Crawlers()),
		"all-allowed", strconv.Itoa(fc.Allowed), "all-blocked", strconv.Itoa(fc.Blocked), "partly", strconv.Itoa(fc.Partly)},
		Kids: []sitemsg.Node{{Tag: "td", Class: "note", Attrs: []string{"colspan", cols}, Kids: []sitemsg.Node{
			{Text: sitemsg.FoldText(g, fc) + " "},
			{Tag: "button", ID: FoldID(g.Key), Class: "linkish", On: "click", Data: []string{"unfold", g.Key},
				Text: "Show them", Attrs: []string{"type", "button"}},
		}}}}
}
