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
	spec := l.r.Dialect.spec()
	google := l.f.Read(Google)
	for i := range l.f.Lines {
		line := &l.f.Lines[i]
		n := line.Number
		kind := l.r.Kind(n)
		gkind := line.Kind
		switch {
		case n == 1 && l.f.BOM > 0 && spec.python && kind == Unknown:
			l.add(n, Warning, "bom-spoils", "Python's robotparser does not skip the byte-order mark, so it does not recognise this first line; Google reads it as %s.", kindWord(gkind))
		case kind == Unknown && (gkind.IsRule() || gkind == UserAgent || gkind == Sitemap):
			why := ""
			switch {
			case strings.Contains(l.f.Text(n), " :") || strings.Contains(l.f.Text(n), "\t:"):
				why = " (no space may stand before the colon)"
			case line.Has(FlagNoColon):
				why = " (it has no colon)"
			}
			l.add(n, Warning, "dialect-ignores", "%s ignores this line%s; Google reads it as %s.", l.dialect, why, kindWord(gkind))
		case kind.IsRule() && gkind.IsRule() && kind != gkind:
			l.add(n, Error, "dialect-misreads", "%s reads this line as %s (it finds %q in it); Google reads it as %s.", l.dialect, kindWord(kind), strings.ToLower(kindWord(kind))+":", kindWord(gkind))
		case kind == Allow && !spec.allowRules:
			l.add(n, Info, "allow-ignored", "%s has no Allow: this line is ignored, so what it allows stays disallowed.", l.dialect)
		}
	}
	for _, n := range l.r.Orphans {
		l.add(n, Warning, "orphan-rule", "%s: this rule belongs to no record (no User-agent line since the last blank line), so it is ignored.", l.dialect)
	}
	l.blankLinesEndRecords(google)
	for gi := range l.r.Groups {
		g := &l.r.Groups[gi]
		for i := range g.Rules {
			rule := &g.Rules[i]
			if strings.ContainsAny(rule.Value, "*$") && !spec.wildcards {
				l.add(rule.Line, Warning, "wildcard-literal", "%s has no wildcards: %q is matched literally, '*' and '$' included.", l.dialect, rule.Value)
			}
		}
		for _, u := range unreachableRules(g.Rules, l.r.Dialect) {
			e, line := g.Rules[u.hider], g.Rules[u.hidden].Line
			l.add(line, Warning, "unreachable-rule", "%s never reaches this rule: line %d (%s: %s) comes first and matches every URL this one matches.", l.dialect, e.Line, kindWord(e.Kind()), e.Value)
		}
	}
}

// blankLinesEndRecords reports blank lines that fall inside what Google
// reads as one group: a first-match reader ends the record there.
func (l *linter) blankLinesEndRecords(google *Reading) {
	for gi := range google.Groups {
		g := &google.Groups[gi]
		for n := g.Start + 1; n < g.End; n++ {
			if l.r.Kind(n) == Blank && endsRecord(l.r.Dialect, l.f, n) {
				l.add(n, Warning, "blank-ends-record", "%s ends the record at this blank line: the lines after it, up to line %d, belong to no record and are ignored. Google reads them as part of the group of line %d.", l.dialect, g.End, g.Start)
				break
			}
		}
	}
}

// endsRecord reports whether line n ends a record in a first-match dialect.
func endsRecord(d Dialect, f *File, n int) bool {
	ends := false
	d.spec().reader(f, n, func(l orderLine) { ends = ends || l.endsRecord })
	return ends
}

// hiddenRule is a rule that an earlier one hides from first-match readers:
// indexes in a record's rules.
type hiddenRule struct{ hidden, hider int }

// unreachableRules finds, for a first-match reading, the rules that an
// earlier literal rule of the same record hides: it matches every URL they
// match.
func unreachableRules(rules []Rule, d Dialect) []hiddenRule {
	var out []hiddenRule
	var earlier prefixSet // the literal patterns seen so far
	for i := range rules {
		p := rules[i].Pattern()
		if j, ok := earlier.findPrefix(p); ok {
			out = append(out, hiddenRule{i, j})
		} else if !d.spec().wildcards || !strings.ContainsAny(p, "*$") {
			earlier.add(p, i)
		}
	}
	return out
}

// A prefixSet is a set of strings, each with a number, that finds the ones
// that are prefixes of a string: it looks up only the lengths it holds.
type prefixSet struct {
	m       map[string]int
	lengths []int
}

func (s *prefixSet) add(p string, n int) {
	if s.m == nil {
		s.m = map[string]int{}
	}
	if _, ok := s.m[p]; ok {
		return
	}
	if !slices.Contains(s.lengths, len(p)) {
		s.lengths = append(s.lengths, len(p))
	}
	s.m[p] = n
}

// findPrefix returns the number of a member that is a prefix of p.
func (s *prefixSet) findPrefix(p string) (int, bool) {
	for _, k := range s.lengths {
		if k <= len(p) {
			if n, ok := s.m[p[:k]]; ok {
				return n, true
			}
		}
	}
	return 0, false
}

// crossDialect adds, to the Google reading's findings, the lines that
// first-match readers (the 1996 draft, Python's robotparser and others)
// take otherwise: an Allow that a shorter earlier Disallow hides from them,
// a blank line that ends their record, wildcards they read literally.
func (l *linter) crossDialect() {
	l.blankLinesEndRecordsGoogle()
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
		for _, u := range unreachableRules(g.Rules, MK1996) {
			hidden, e := &g.Rules[u.hidden], &g.Rules[u.hider]
			if hidden.Allow == e.Allow {
				continue
			}
			l.add(hidden.Line, Info, "order-matters", "Google lets the longest rule win, but first-match readers (the 1996 draft, Baidu, Python's robotparser) stop at line %d (%s: %s), which comes first: for them this %s never applies. Put it before line %d to agree everywhere.", e.Line, kindWord(e.Kind()), e.Value, kindWord(hidden.Kind()), e.Line)
		}
	}
	if wildcards > 0 {
		more := ""
		if wildcards > 1 {
			more = fmt.Sprintf(" (and %d more lines)", wildcards-1)
		}
		l.add(first, Info, "wildcards-elsewhere", "Google reads * and a final $ as wildcards, but the 1994 and 1996 conventions and Python's robotparser match them literally%s.", more)
	}
}

func (l *linter) blankLinesEndRecordsGoogle() {
	for gi := range l.r.Groups {
		g := &l.r.Groups[gi]
		for n := g.Start + 1; n < g.End; n++ {
			if l.f.Lines[n-1].Kind == Blank && endsRecord(MK1996, l.f, n) && hasRuleAfter(g, n) {
				l.add(n, Info, "blank-in-group", "Google reads on past this blank line, but first-match readers (the 1996 draft, Python's robotparser) end the group here and ignore its rules below. Remove the blank line to agree everywhere.")
				break
			}
		}
	}
}

func hasRuleAfter(g *Group, n int) bool {
	for i := range g.Rules {
		if g.Rules[i].Line > n {
			return true
		}
	}
	return false
}
