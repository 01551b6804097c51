// The lifting of a site blocker for the crawlers an intent allows.

package robots

import (
	"slices"
	"strings"
)

// lift has the allowed crawlers' site blockers taken away: in place in a
// group every crawler of which is lifted, else in a copy of the group for
// them, put before it.
func (w *intentWriter) lift(pending []IntentTarget) {
	if w.blockers == nil {
		w.blockers = map[string]bool{}
	}
	lifted, denied := map[string]bool{}, map[string]bool{}
	for _, t := range pending {
		if t.Choice == Let {
			lifted[lowerASCII(t.Token)] = true
		} else {
			denied[lowerASCII(t.Token)] = true
		}
	}
	w.denied = denied
	if w.before == nil {
		w.before = map[int][]string{}
	}
	// readers are, by group, the lifted crawlers that read it without
	// being named in it: each needs a copy.
	readers := map[int][]IntentTarget{}
	named := map[int]bool{} // the groups naming a lifted crawler with a blocker
	var order []int
	see := func(gi int) {
		if !named[gi] && readers[gi] == nil {
			order = append(order, gi)
		}
	}
	for _, t := range pending {
		if t.Choice != Let {
			continue
		}
		c := CrawlerFor(t.Token)
		v := w.r.CheckCrawler(c, "/")
		if c.Dialect != Google {
			// A crawler of another reading (Baiduspider's) has the
			// records that reading gives it lifted: the groups that hold
			// them, or a copy for it, which comes first there.
			if own := w.f.Read(c.Dialect).CheckCrawler(c, "/"); keptOff(&own, w.blockers) {
				for _, rec := range own.Groups {
					gi := w.groupAt(rec.Start)
					switch {
					case gi >= 0 && sameAgentLines(rec, &w.r.Groups[gi]) && slices.ContainsFunc(rec.Agents, func(a Agent) bool { return strings.EqualFold(a.Token, c.Token) }):
						see(gi)
						named[gi] = true
					case gi >= 0 && sameAgentLines(rec, &w.r.Groups[gi]):
						see(gi)
						readers[gi] = append(readers[gi], t)
					case gi >= 0:
						// Its reading splits the group (a blank line
						// ends a record there): the copy is of the
						// record, before the group.
						w.before[w.r.Groups[gi].Start] = append(w.before[w.r.Groups[gi].Start], w.copyLines(rec, []IntentTarget{t})...)
					default:
						// A record Google's reading does not read at
						// all (its user-agent line spoilt for Google):
						// the copy is of the record, in the block,
						// where no line Google reads as a rule of its
						// group follows it.
						w.ownCopies = append(w.ownCopies, w.copyLines(rec, []IntentTarget{t})...)
					}
				}
				continue
			}
		}
		switch v.Selection {
		case NamedGroup:
			for _, g := range v.Groups {
				if w.hasBlocker(g) {
					see(g.Index)
					named[g.Index] = true
				}
			}
		case FallbackGroup, GlobalGroup:
			if v.Selection == FallbackGroup && lifted[lowerASCII(v.Token)] {
				continue // it reads the groups of a crawler lifted with it
			}
			for _, g := range v.Groups {
				see(g.Index)
				readers[g.Index] = append(readers[g.Index], t)
			}
		case NoGroup:
			// It read no group, and the one it falls back to is to be
			// blocked: a group that allows all keeps it as it was.
			w.let = append(w.let, t.Token)
		}
	}
	slices.Sort(order)
	for _, gi := range order {
		g := &w.r.Groups[gi]
		var names []string // the lifted crawlers named in g
		inPlace := !g.Global()
		for _, a := range g.Agents {
			switch tok := lowerASCII(a.Token); {
			case lifted[tok]:
				names = append(names, a.Token)
			case denied[tok]:
			default:
				inPlace = false
			}
		}
		if inPlace && len(names) > 0 {
			w.liftInPlace(g)
		}
		var copyFor []IntentTarget
		if !inPlace {
			for _, a := range g.Agents {
				if lifted[lowerASCII(a.Token)] {
					w.offAgent(gi, a.Line)
					c := CrawlerFor(a.Token)
					copyFor = append(copyFor, IntentTarget{Token: a.Token, Choice: Let, Control: c.ControlOnly})
				}
			}
		}
		copyFor = append(copyFor, readers[gi]...)
		w.copyGroup(g, copyFor)
	}
}

// sameAgentLines reports whether two groups (of two readings) are opened
// by the same user-agent lines.
func sameAgentLines(a, b *Group) bool {
	return slices.EqualFunc(a.Agents, b.Agents, func(x, y Agent) bool { return x.Line == y.Line })
}

// groupAt returns the index of the group of Google's reading that holds
// line n, or -1.
func (w *intentWriter) groupAt(n int) int {
	i, found := slices.BinarySearchFunc(w.r.Groups, n, func(g Group, n int) int {
		switch {
		case g.End < n:
			return -1
		case g.Start > n:
			return 1
		}
		return 0
	})
	if !found {
		return -1
	}
	return i
}

// everyReadingRule reports whether line n is a rule every reading reads
// as one: its key "allow" or "disallow", the colon right after it. A
// group left with no such rule ends with "Allow: /", which decides
// nothing another rule would (it is the shortest, and the last), so that
// the readings that drop a record without rules (and Google, which reads
// the next group's user-agent lines as its own) keep the group.
func (w *intentWriter) everyReadingRule(n int) bool {
	l := &w.f.Lines[n-1]
	line := strings.ToLower(strings.TrimSpace(w.text[l.Start:l.End]))
	return strings.HasPrefix(line, "allow:") || strings.HasPrefix(line, "disallow:")
}

// hasBlocker reports whether a rule of g is a site blocker.
func (w *intentWriter) hasBlocker(g *Group) bool {
	for i := range g.Rules {
		if isBlocker(&g.Rules[i], w.blockers) {
			return true
		}
	}
	return false
}

// liftInPlace comments out g's site blockers, with the rules that stand
// in for some of them (standIns).
func (w *intentWriter) liftInPlace(g *Group) {
	stand := w.standIns(g)
	for i := range g.Rules {
		n := g.Rules[i].Line
		if !isBlocker(&g.Rules[i], w.blockers) || !w.offLine(n) {
			continue
		}
		if st := stand[n]; st != "" {
			if w.edits[n] == deleted {
				w.edits[n] = st
			} else {
				w.edits[n] += w.nl + st
			}
		}
	}
}

// standIns returns, by the line of a site blocker of g, the rule to
// write after it once it is commented out: an empty rule of its key,
// "Disallow:", which decides nothing in Google's reading and allows what
// is left in the others, as the blocker's absence would, where its
// absence would instead change which group a crawler reads:
//   - after the last blocker when the group is left with no rule: Google
//     would read the next group's user-agent lines as its own, and the
//     readings that drop a record without rules would give its crawlers
//     another;
//   - after the last blocker every reading reads as a rule when no such
//     rule is left ("Allow : /$" is Google's alone), for the same reason
//     in the other readings;
//   - after a blocker that ends a record in the readings where a blank
//     line ends one (a blank line follows it), for the same reason there.
//
// A reading that did not read the blocker (a misspelt key) does not read
// the empty rule either.
func (w *intentWriter) standIns(g *Group) map[int]string {
	out := map[int]string{}
	left, leftEvery := false, false // a rule left; one every reading reads
	last, lastEvery := 0, 0
	for i := range g.Rules {
		r := &g.Rules[i]
		if !isBlocker(r, w.blockers) {
			left = true
			leftEvery = leftEvery || w.everyReadingRule(r.Line)
			continue
		}
		last = r.Line
		if w.everyReadingRule(r.Line) {
			lastEvery = r.Line
		}
		if w.endsRecord(g, r.Line) {
			out[r.Line] = w.emptyRule(r.Line)
		}
	}
	if !left && last != 0 {
		out[last] = w.emptyRule(last)
	}
	if !leftEvery && lastEvery != 0 {
		out[lastEvery] = w.emptyRule(lastEvery)
	}
	return out
}

// emptyRule returns the empty rule that stands in for the blocker of
// line n: "Disallow:", or its own key when not every reading reads it.
func (w *intentWriter) emptyRule(n int) string {
	if w.everyReadingRule(n) {
		return "Disallow:"
	}
	return w.f.Key(n) + ":"
}

// endsRecord reports whether a blank line, comments aside, follows line n
// of g (or g ends there, but for its last group, when a user-agent line
// follows): a record ends there in the readings where blank lines end
// records.
func (w *intentWriter) endsRecord(g *Group, n int) bool {
	for m := n + 1; m <= len(w.f.Lines); m++ {
		switch w.f.Lines[m-1].Kind {
		case Comment:
			continue
		case Blank:
			return true
		}
		return m > g.End
	}
	return true
}

// copyGroup puts before g a copy of it for the crawlers of targets: their
// user-agent lines, then g's lines but its user-agent lines, its sitemaps
// (a copy would name them twice) and its site blockers (commented out,
// outside the block), then a blank line. Control tokens get a copy each.
func (w *intentWriter) copyGroup(g *Group, targets []IntentTarget) {
	if w.before == nil {
		w.before = map[int][]string{}
	}
	w.before[g.Start] = append(w.before[g.Start], w.copyLines(g, targets)...)
}

// copyLines returns the lines of copyGroup's copies, each ended by a
// blank line.
func (w *intentWriter) copyLines(g *Group, targets []IntentTarget) []string {
	var fetchers []string
	var controls [][]string
	for _, t := range targets {
		if t.Control {
			controls = append(controls, []string{t.Token})
		} else if !slices.Contains(fetchers, t.Token) {
			fetchers = append(fetchers, t.Token)
		}
	}
	var body []string
	blockerAt := map[int]bool{}
	for i := range g.Rules {
		if isBlocker(&g.Rules[i], w.blockers) {
			blockerAt[g.Rules[i].Line] = true
		}
	}
	stand := w.standIns(g)
	agentLines := map[int]bool{}
	for _, a := range g.Agents {
		agentLines[a.Line] = true
	}
	for n := g.Start; n <= g.End && n <= len(w.f.Lines); n++ {
		l := &w.f.Lines[n-1]
		line := w.text[l.Start:l.End]
		switch {
		case l.Kind == UserAgent || l.Kind == Sitemap || l.Has(FlagPastLimit) || agentLines[n]:
		case strings.HasPrefix(line, intentOff) && (l.Kind == Comment || w.edits[n] != ""):
			// A line an intent took away is not the group's.
		case blockerAt[n]:
			if !w.inBlock(g.Start) {
				body = append(body, intentOff+line)
			}
			if stand[n] != "" {
				body = append(body, stand[n])
			}
		default:
			body = append(body, line)
		}
	}
	var out []string
	for _, tokens := range append([][]string{fetchers}, controls...) {
		if len(tokens) == 0 {
			continue
		}
		for _, t := range tokens {
			out = append(out, "User-agent: "+t)
		}
		out = append(out, body...)
		out = append(out, "")
	}
	return out
}
