package robots

import (
	"fmt"
	"slices"
	"strings"
)

// This file holds what the linter says about the differences between
// readings: the findings of the first-match dialects, and, in the Google
// reading, the lines that first-match readers take otherwise.

// runOrder lints a first-match reading.
func (l *linter) runOrder() {
	p := l.r.Dialect.parts()
	if l.breathe() {
		return
	}
	google := l.read(Google)
	if google == nil {
		return // stopped
	}
	ruleLines := l.r.ruleLines()
	for i := range l.f.Lines {
		if l.breatheEvery(i, 256) {
			return
		}
		line := &l.f.Lines[i]
		n := line.Number
		kind := l.r.Kind(n)
		gkind := line.Kind
		switch {
		case n == 1 && l.f.BOM > 0 && p.lines.bomSpoilsKey && kind == Unknown:
			l.add(n, CodeBOMSpoils, "Python's robotparser does not skip the byte-order mark, so it does not recognise this first line; Google reads it as %s.", kindWord(gkind))
		case kind == Unknown && (gkind.IsRule() || gkind == UserAgent || gkind == Sitemap) && !ruleLines[n]:
			// (Python splits some lines in two, at characters such as
			// U+0085: one part may still be a rule.)
			why := ""
			switch {
			case strings.Contains(l.f.Text(n), " :") || strings.Contains(l.f.Text(n), "\t:"):
				why = " (no space may stand before the colon)"
			case line.Has(FlagNoColon):
				why = " (it has no colon)"
			}
			l.add(n, CodeDialectIgnores, "%s ignores this line%s; Google reads it as %s.", l.dialect, why, kindWord(gkind))
			if gkind.IsRule() {
				l.claim(Claim{Dialect: l.r.Dialect, Every: true, Effect: DoesNotApply, Rules: []int{n}})
			}
		case kind.IsRule() && gkind.IsRule() && kind != gkind:
			l.add(n, CodeDialectMisreads, "%s reads this line as %s (it finds %q in it); Google reads it as %s.", l.dialect, kindWord(kind), strings.ToLower(kindWord(kind))+":", kindWord(gkind))
		case kind == Allow && p.has(noAllow):
			l.add(n, CodeAllowIgnored, "%s has no Allow: this line is ignored, so it reopens nothing that a Disallow blocks.", l.dialect)
			l.claim(Claim{Dialect: l.r.Dialect, Every: true, Effect: DoesNotApply, Rules: []int{n}})
		}
	}
	for _, n := range l.r.Orphans {
		l.add(n, CodeOrphanRule, "%s: this rule belongs to no record (no User-agent line since the last blank line), so it is ignored.", l.dialect)
		l.claim(Claim{Dialect: l.r.Dialect, Every: true, Effect: DoesNotApply, Rules: []int{n}})
	}
	l.blankLinesEndRecords(google)
	for gi := range l.r.Groups {
		if l.breatheEvery(gi, 64) {
			return
		}
		g := &l.r.Groups[gi]
		for i := range g.Rules {
			rule := &g.Rules[i]
			if strings.ContainsAny(rule.Value, "*$") && p.has(literalWildcards) {
				l.add(rule.Line, CodeWildcardLiteral, "%s has no wildcards: %q is matched literally, '*' and '$' included.", l.dialect, rule.Value)
			}
		}
		for _, u := range unreachableRules(g.Rules, l.r.Dialect, l.breathe) {
			e, line := g.Rules[u.hider], g.Rules[u.hidden].Line
			l.add(line, CodeUnreachableRule, "%s never reaches this rule: line %d (%s: %s) comes first and matches every URL this one matches.", l.dialect, e.Line, kindWord(e.Kind()), e.Value)
			if agent, ok := recordAgent(l.r, g); ok {
				l.claim(Claim{Dialect: l.r.Dialect, Agent: agent, Effect: NeverDecides, Rules: []int{line}, By: e.Line})
			}
		}
	}
}

// blankLinesEndRecords reports blank lines that fall inside what Google
// reads as one group: a first-match reader ends the record there, so the
// rules below it do not apply to the crawlers named above it.
func (l *linter) blankLinesEndRecords(google *Reading) {
	for gi := range google.Groups {
		g := &google.Groups[gi]
		n, lost := l.blankSplits(g, l.r)
		if n == 0 {
			continue
		}
		var orphans []int
		for _, o := range l.r.Orphans {
			if n < o && o <= g.End {
				orphans = append(orphans, o)
			}
		}
		if len(orphans) > 0 {
			l.add(n, CodeBlankEndsRecord, "%s ends the record at this blank line: the rules after it, up to line %d, belong to no record and are ignored. Google reads them as part of the group of line %d.", l.dialect, g.End, g.Start)
			l.claim(Claim{Dialect: l.r.Dialect, Every: true, Effect: DoesNotApply, Rules: orphans})
			continue
		}
		names := make([]string, len(lost))
		for i, c := range lost {
			names[i] = c.Agent
		}
		l.add(n, CodeBlankEndsRecord, "%s ends the record at this blank line: the rules below it apply only to the crawlers named below it, not to %s above it. Google reads them as part of the group of line %d, for all of them.", l.dialect, nameList(names), g.Start)
		for _, c := range lost {
			l.claim(c)
		}
	}
}

// blankSplits looks for the first blank line inside Google's group g that
// ends a record in the first-match reading fm. It returns the blank line
// and, for each crawler the group names, the rules of g below it that do
// not apply to that crawler in fm (a crawler named above a blank line that
// ends its record loses them); 0 when no crawler loses a rule.
func (l *linter) blankSplits(g *Group, fm *Reading) (int, []Claim) {
	blank := 0
	for n := g.Start + 1; n < g.End; n++ {
		if l.f.Lines[n-1].Kind == Blank && endsRecord(fm.Dialect, l.f, n) {
			blank = n
			break
		}
	}
	if blank == 0 || !hasRuleAfter(g, blank) {
		return 0, nil
	}
	var claims []Claim
	for _, a := range g.Agents {
		name := a.Value
		if a.Token == "*" {
			name = "*"
		}
		rec := recordFor(fm, name)
		var lost []int
		for i := range g.Rules {
			if rule := &g.Rules[i]; rule.Line > blank && !recordHasRule(rec, rule.Line) {
				lost = append(lost, rule.Line)
			}
		}
		if len(lost) > 0 && !slices.ContainsFunc(claims, func(c Claim) bool { return c.Agent == name }) {
			claims = append(claims, Claim{Dialect: fm.Dialect, Agent: name, Effect: DoesNotApply, Rules: lost})
		}
	}
	if len(claims) == 0 {
		return 0, nil
	}
	return blank, claims
}

// recordFor returns the record a crawler called name uses in a first-match
// reading ("*": a crawler no record names), or nil. It asks the reading's
// own check, so that the linter and the verdicts cannot disagree on it.
func recordFor(r *Reading, name string) *Group {
	if name == "*" {
		// The first * record in file order serves the crawlers that no
		// record names (Python keeps no other).
		for gi := range r.Groups {
			if r.Groups[gi].Global() {
				return &r.Groups[gi]
			}
		}
		return nil
	}
	v := r.Check(name, "https://example.com/")
	if len(v.Groups) == 0 {
		return nil
	}
	return v.Groups[0]
}

// recordAgent returns a crawler name for which a first-match reading uses
// record g: one of its names, or "*" for a * record that serves the
// crawlers no record names. It reports false when no crawler reaches g.
func recordAgent(r *Reading, g *Group) (string, bool) {
	for _, a := range g.Agents {
		name := a.Value
		if a.Token == "*" {
			name = "*"
		}
		if recordFor(r, name) == g {
			return name, true
		}
	}
	return "", false
}

func recordHasRule(g *Group, line int) bool {
	if g == nil {
		return false
	}
	for i := range g.Rules {
		if g.Rules[i].Line == line {
			return true
		}
	}
	return false
}

// ruleLines returns the lines that hold a rule in this reading, in a group
// or not.
func (r *Reading) ruleLines() map[int]bool {
	m := make(map[int]bool, len(r.Orphans))
	for _, n := range r.Orphans {
		m[n] = true
	}
	for gi := range r.Groups {
		for i := range r.Groups[gi].Rules {
			m[r.Groups[gi].Rules[i].Line] = true
		}
	}
	return m
}

// endsRecord reports whether line n ends a record in a first-match dialect.
func endsRecord(d Dialect, f *File, n int) bool {
	ends := false
	d.parts().lines.line(f, n, &emitter{to: eventFunc(func(l *lineEvent) { ends = ends || l.endsRecord })})
	return ends
}

// firstMatchReaders are the readings the Google reading's findings about
// first-match readers speak of.
var firstMatchReaders = []Dialect{MK1996, PythonLegacy}

// readersPhrase names first-match readings for a sentence.
func readersPhrase(ds []Dialect) string {
	names := make([]string, len(ds))
	for i, d := range ds {
		names[i] = d.Title()
		if d.valid() {
			names[i] = d.parts().readers
		}
	}
	if len(names) == 1 {
		return names[0]
	}
	return strings.Join(names[:len(names)-1], ", ") + " and " + names[len(names)-1]
}

// crossDialect adds, to the Google reading's findings, the lines that
// first-match readers (the 1996 draft, Python's robotparser and others)
// take otherwise: rules that an earlier, shorter rule hides from them, a
// blank line that ends their record, wildcards they read literally.
func (l *linter) crossDialect() {
	// The first-match readings settle what those readers do; they cost a
	// reading each, so they are made only when Google's groups show a
	// case: every record of theirs holds rules of one Google group, in
	// the same order, so a rule they never reach is one here too.
	if l.crossCandidates() {
		readers := make([]*Reading, len(firstMatchReaders))
		for i, d := range firstMatchReaders {
			if l.breathe() { // a reading of a large file is a step of its own
				return
			}
			readers[i] = l.read(d)
		}
		if l.stopped {
			return
		}
		l.blankLinesEndRecordsGoogle(readers)
		if l.breathe() {
			return
		}
		l.orderMatters(readers)
		if l.breathe() {
			return
		}
	}
	wildcards := 0
	first := 0
	for gi := range l.r.Groups {
		g := &l.r.Groups[gi]
		for i := range g.Rules {
			if strings.ContainsAny(g.Rules[i].Value, "*") || strings.HasSuffix(g.Rules[i].Value, "$") {
				if wildcards == 0 {
					first = g.Rules[i].Line
				}
				wildcards++
			}
		}
	}
	if wildcards > 0 {
		more := ""
		if wildcards > 1 {
			more = fmt.Sprintf(" (and %d more lines)", wildcards-1)
		}
		var literal []Dialect
		for _, d := range Dialects() {
			if d.parts().has(literalWildcards) {
				literal = append(literal, d)
			}
		}
		l.add(first, CodeWildcardsElsewhere, "Google reads * and a final $ as wildcards, but %s match them literally%s.", readersPhrase(literal), more)
	}
}

// crossCandidates reports whether a Google group has a blank line that
// ends a first-match record before one of its rules, or a rule that an
// earlier, shorter rule of the other kind hides from first-match readers.
func (l *linter) crossCandidates() bool {
	for gi := range l.r.Groups {
		g := &l.r.Groups[gi]
		for _, u := range unreachableRules(g.Rules, MK1996, l.breathe) {
			if g.Rules[u.hidden].Allow != g.Rules[u.hider].Allow {
				return true
			}
		}
		for n := g.Start + 1; n < g.End; n++ {
			if l.f.Lines[n-1].Kind == Blank && hasRuleAfter(g, n) {
				return true
			}
		}
	}
	return false
}

// orderMatters reports, once for the file, the rules that first-match
// readers never reach because an earlier, shorter rule of the other kind
// matches every URL they match, where Google lets the longest rule win. It
// is said once: a file often has the same pattern for every Allow, and one
// note per line would bury everything else.
func (l *linter) orderMatters(readers []*Reading) {
	type hide struct{ hidden, by *Rule }
	var first *hide
	hidden := map[int]bool{}
	var claims []Claim
	var who []Dialect
	for _, fm := range readers {
		found := false
		for gi := range fm.Groups {
			if gi%8 == 7 {
				if l.breathe() {
					return
				}
			}
			rec := &fm.Groups[gi]
			var lines []int
			var by []int
			for _, u := range unreachableRules(rec.Rules, fm.Dialect, l.breathe) {
				h, e := &rec.Rules[u.hidden], &rec.Rules[u.hider]
				if h.Allow == e.Allow {
					continue
				}
				if first == nil || h.Line < first.hidden.Line {
					first = &hide{h, e}
				}
				hidden[h.Line] = true
				lines, by = append(lines, h.Line), append(by, e.Line)
			}
			if len(lines) == 0 {
				continue
			}
			found = true
			if agent, ok := recordAgent(fm, rec); ok {
				for i := range lines {
					claims = append(claims, Claim{Dialect: fm.Dialect, Agent: agent, Effect: NeverDecides, Rules: lines[i : i+1], By: by[i]})
				}
			}
		}
		if found {
			who = append(who, fm.Dialect)
		}
	}
	if first == nil {
		return
	}
	h, e := first.hidden, first.by
	lead := fmt.Sprintf("Google lets the longest rule win, but first-match readers (%s) stop at the first rule that matches: line %d (%s: %s) comes before this %s and matches every URL it matches, so for them this %s never applies", readersPhrase(who), e.Line, kindWord(e.Kind()), e.Value, kindWord(h.Kind()), kindWord(h.Kind()))
	if len(hidden) == 1 {
		l.add(h.Line, CodeOrderMatters, "%s. Put it before line %d to agree everywhere.", lead, e.Line)
	} else {
		lines := make([]int, 0, len(hidden))
		for n := range hidden {
			lines = append(lines, n)
		}
		slices.Sort(lines)
		more := fmt.Sprintf("nor do %d more rules (%s), each after", len(lines)-1, linesPhrase(lines[1:], 8))
		if len(lines) == 2 {
			more = fmt.Sprintf("nor does one more rule (%s), after", linesPhrase(lines[1:], 8))
		}
		l.add(h.Line, CodeOrderMatters, "%s; %s an earlier, shorter rule of the other kind that matches every URL it matches. Put each before the rule that hides it to agree everywhere.", lead, more)
	}
	l.out[len(l.out)-1].Claims = claims
}

// linesPhrase names up to max line numbers: "lines 4, 9 and 12", "lines 4,
// 9, 12, ... (20 in all)".
func linesPhrase(lines []int, max int) string {
	if len(lines) == 1 {
		return fmt.Sprintf("line %d", lines[0])
	}
	parts := make([]string, 0, max)
	for _, n := range lines {
		if len(parts) == max {
			break
		}
		parts = append(parts, fmt.Sprint(n))
	}
	if len(lines) > max {
		return "lines " + strings.Join(parts, ", ") + ", …"
	}
	return "lines " + strings.Join(parts[:len(parts)-1], ", ") + " and " + parts[len(parts)-1]
}

// blankLinesEndRecordsGoogle reports, in the Google reading, a blank line
// inside a group where first-match readers end the record, when a crawler
// named above it then loses rules below it in one of them.
func (l *linter) blankLinesEndRecordsGoogle(readers []*Reading) {
	for gi := range l.r.Groups {
		g := &l.r.Groups[gi]
		blank := 0
		var claims []Claim
		var who []Dialect
		for _, fm := range readers {
			n, lost := l.blankSplits(g, fm)
			if n == 0 || blank != 0 && n != blank {
				continue
			}
			blank = n
			claims = append(claims, lost...)
			who = append(who, fm.Dialect)
		}
		if blank == 0 {
			continue
		}
		var above []string
		for _, c := range claims {
			if !slices.Contains(above, c.Agent) {
				above = append(above, c.Agent)
			}
		}
		for i, a := range above {
			if a == "*" {
				above[i] = "the crawlers of the * group"
			}
		}
		below := rulesAfter(g, blank)
		if !hasRuleBefore(g, blank) {
			// The group has only user-agent lines (and perhaps such
			// records as crawl-delay) before the blank line: Google
			// goes on reading the group, whose rules then apply to the
			// crawlers named above as well.
			sev := Info
			if hasAgentAfter(g, blank) {
				sev = Warning // the rules below were likely meant for the crawlers named below alone
			}
			l.addAs(blank, sev, CodeBlankInGroup, "The group of line %d has no rule before this blank line, so Google reads on: its rules below (from line %d) apply to %s as well. First-match readers (%s) end the record at the blank line, so for them those rules do not apply to these crawlers. Give each crawler its own rules to agree everywhere.", g.Start, below[0], nameList(above), readersPhrase(who))
		} else {
			l.addAs(blank, Info, CodeBlankInGroup, "Google reads on past this blank line, but first-match readers (%s) end the group here: for them its rules below (from line %d) do not apply to %s. Remove the blank line to agree everywhere.", readersPhrase(who), below[0], nameList(above))
		}
		l.out[len(l.out)-1].Claims = claims
	}
}

func hasRuleAfter(g *Group, n int) bool {
	// A group's rules are in file order: the last is the latest.
	return len(g.Rules) > 0 && g.Rules[len(g.Rules)-1].Line > n
}

func hasRuleBefore(g *Group, n int) bool {
	return len(g.Rules) > 0 && g.Rules[0].Line < n
}

func hasAgentAfter(g *Group, n int) bool {
	return g.Agents[len(g.Agents)-1].Line > n
}

func rulesAfter(g *Group, n int) []int {
	var out []int
	for i := range g.Rules {
		if g.Rules[i].Line > n {
			out = append(out, g.Rules[i].Line)
		}
	}
	return out
}
