package robots

import (
	"fmt"
	"strings"
)

// Explanation says in plain English, one sentence per entry, how the
// verdict was reached: which groups applied and why, which rules matched,
// which one decided and how a tie was broken.
func (v *Verdict) Explanation() []string {
	var out []string
	say := func(format string, args ...any) { out = append(out, fmt.Sprintf(format, args...)) }
	agent := v.Agent
	if agent == "" {
		agent = "a crawler with no name"
	}
	say("%s reading: the path tested is %s.", v.Dialect.Title(), pathWords(v.Path))
	if v.Dialect.FirstMatch() {
		return append(out, v.explainRecord(agent)...)
	}
	switch v.Selection {
	case AlwaysAllowed:
		if v.Path == "" {
			say("%s cannot split this URL, so it matches no rule (CPython's main branch; its releases raise ValueError).", v.Dialect.Title())
			return out
		}
		say("%s always allows /robots.txt itself, whatever the file says.", v.Dialect.Title())
		return out
	case NoGroup:
		say("No group names %s and there is no * group, so nothing is disallowed.", agent)
		return out
	case GlobalIgnored:
		say("No group names %s, and %s ignores the * group: only a group naming it could restrict it. Nothing is disallowed.", agent, agent)
		return out
	case NamedGroup:
		// A group may name * as well as the crawler: it then applies
		// because it names the crawler, and must not be called ignored.
		groups := capitalize(groupsPhrase(v.Groups))
		switch star := globalAmong(v.Groups); {
		case star != nil && len(v.Groups) == 1:
			say("%s applies: it names %s, and * as well.", groups, agent)
		case star != nil:
			say("%s apply: they name %s, and the group at line %d names * as well.", groups, agent, star.Start)
		default:
			say("%s %s: %s %s, so %s follows %s alone, not a * group.", groups, verb(v.Groups, "applies", "apply"), verb(v.Groups, "it names", "they name"), agent, agent, verb(v.Groups, "it", "them"))
		}
	case FallbackGroup:
		say("No group names %s, so it follows the group of %s: %s %s.", agent, v.Token, groupsPhrase(v.Groups), verb(v.Groups, "applies", "apply"))
	case GlobalGroup:
		say("No group names %s, so the * group applies: %s.", agent, groupsPhrase(v.Groups))
	}
	if len(v.Groups) > 1 {
		say("Groups naming the same crawler are merged: their rules count as one group.")
	}
	if countRulesOf(v.Groups) == 0 {
		if v.ShadowsGlobal {
			say("That group has no rules, so %s may fetch everything, even what the * group disallows.", agent)
		} else {
			say("That group has no rules, so nothing is disallowed.")
		}
		return out
	}
	if len(v.Matches) == 0 {
		say("No rule of the group matches %s, so it is allowed.", pathWords(v.Path))
		return out
	}
	for _, m := range v.Matches {
		via := ""
		if m.ViaIndex {
			via = fmt.Sprintf(" (as %s, since an Allow of an index page also allows its directory)", m.Rule.IndexAlt())
		}
		switch {
		case v.Dialect.parts().has(wildcardScoresByConsumed):
			say("Line %d, %s: %s, matches, with score %d (one more than the length of its pattern, or for a pattern with *, of the part of the path it consumed).", m.Rule.Line, kindWord(m.Rule.Kind()), m.Rule.Value, m.Priority)
		default:
			say("Line %d, %s: %s, matches%s, with priority %d (the length of its pattern).", m.Rule.Line, kindWord(m.Rule.Kind()), m.Rule.Value, via, m.Priority)
		}
	}
	d := v.Decider()
	switch {
	case d == nil:
		say("No rule decides, so it is allowed.")
		return out
	case d.Priority == 0 && !v.Allowed:
		// Cannot happen: a rule of priority 0 never disallows.
	case d.Priority == 0:
		say("Only empty rules match, and an empty rule never disallows: allowed.")
		return out
	}
	prio := "priority"
	if v.Dialect.PriorityName() == "score" {
		prio = "score"
	}
	switch v.Tie {
	case AllowWinsTie:
		say("An Allow and a Disallow tie at %s %d: the Allow wins ties, so line %d decides.", prio, d.Priority, v.Line)
	case FirstWinsTie:
		say("Several %s rules tie at %s %d: the first in the file, line %d, counts.", kindWord(d.Rule.Kind()), prio, d.Priority, v.Line)
	default:
		if len(v.Matches) > 1 && prio == "score" {
			say("The highest score wins: line %d, with score %d.", v.Line, d.Priority)
		} else if len(v.Matches) > 1 {
			say("The longest match wins: line %d, with priority %d.", v.Line, d.Priority)
		} else {
			say("It is the only rule that matches, so line %d decides.", v.Line)
		}
	}
	if !d.Rule.Allow && v.Allowed {
		say("%s reads an empty Disallow as an Allow of everything.", v.Dialect.Title())
	}
	if v.Allowed {
		say("Verdict: allowed.")
	} else {
		say("Verdict: blocked.")
	}
	return out
}

// pathWords names a tested path in a sentence: robotexclusionrulesparser's
// readings leave the path of a bare host empty, which would read as
// nothing at all.
func pathWords(p string) string {
	if p == "" {
		return "the empty path (the URL has none, and no / is put in its place)"
	}
	return p
}

// explainRecord says which record applied in a first-match dialect, and
// how the first matching rule decided.
func (v *Verdict) explainRecord(agent string) []string {
	var out []string
	say := func(format string, args ...any) { out = append(out, fmt.Sprintf(format, args...)) }
	switch v.Selection {
	case NoGroup:
		say("No record names %s and there is no * record, so nothing is disallowed.", agent)
		return out
	case NamedGroup:
		say("The record at line %d applies: its name %q is found in %q. Records are not merged: the first that matches is the only one used.", v.Groups[0].Start, v.Token, agent)
	case GlobalGroup:
		say("No record's name is found in %q, so the * record at line %d applies.", agent, v.Groups[0].Start)
	}
	if len(v.Matches) == 0 {
		say("No rule of the record matches %s, so it is allowed.", pathWords(v.Path))
		return out
	}
	return append(out, v.explainFirstMatch()...)
}

// explainFirstMatch says how the first matching rule decided.
func (v *Verdict) explainFirstMatch() []string {
	d := v.Decider()
	r := d.Rule
	var out []string
	out = append(out, fmt.Sprintf("The rules are tried in file order and the first that matches decides: line %d, %s: %s.", r.Line, kindWord(r.Kind()), r.Value))
	if r.Value == "" {
		if v.Allowed {
			out = append(out, fmt.Sprintf("An empty %s matches every URL and allows it.", kindWord(r.Kind())))
		} else {
			out = append(out, "An empty Allow matches every URL and, in this reading, disallows it.")
		}
	}
	if n := len(v.Matches) - 1; n > 0 {
		out = append(out, fmt.Sprintf("%d later matching %s never considered.", n, plural(n, "rule is", "rules are")))
	}
	if v.Allowed {
		out = append(out, "Verdict: allowed.")
	} else {
		out = append(out, "Verdict: blocked.")
	}
	return out
}

// verb picks the form that agrees with a number of groups.
func verb(groups []*Group, one, many string) string {
	return plural(len(groups), one, many)
}

// capitalize makes the first letter of s upper case (s is ASCII).
func capitalize(s string) string {
	if s == "" || s[0] < 'a' || s[0] > 'z' {
		return s
	}
	return string(s[0]-'a'+'A') + s[1:]
}

// globalAmong returns the first of groups that names *, or nil.
func globalAmong(groups []*Group) *Group {
	for _, g := range groups {
		if g.Global() {
			return g
		}
	}
	return nil
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

func countRulesOf(groups []*Group) int {
	n := 0
	for _, g := range groups {
		n += len(g.Rules)
	}
	return n
}

// groupsPhrase names groups by their first lines: "the group at line 3",
// "the groups at lines 3 and 9".
func groupsPhrase(groups []*Group) string {
	if len(groups) == 1 {
		return fmt.Sprintf("the group at line %d", groups[0].Start)
	}
	lines := make([]string, len(groups))
	for i, g := range groups {
		lines[i] = fmt.Sprint(g.Start)
	}
	return "the groups at lines " + strings.Join(lines[:len(lines)-1], ", ") + " and " + lines[len(lines)-1]
}

// Contrast says in plain English why two verdicts on the same URL differ,
// typically in two dialects: "the 1996 draft: first match in file order
// picks line 3 (Disallow: /a); Google: the longest match picks line 7
// (Allow: /a/b)". It returns "" when they agree on the verdict.
func Contrast(a, b *Verdict) string {
	if a.Allowed == b.Allowed {
		return ""
	}
	switch {
	case a.Selection == AlwaysAllowed:
		return a.Dialect.Title() + " always allows /robots.txt itself; " + b.Dialect.Title() + " reads the rules."
	case b.Selection == AlwaysAllowed:
		return b.Dialect.Title() + " always allows /robots.txt itself; " + a.Dialect.Title() + " reads the rules."
	case groupKey(a) != groupKey(b):
		return fmt.Sprintf("%s: %s; %s: %s.", a.Dialect.Title(), groupsUsed(a), b.Dialect.Title(), groupsUsed(b))
	case a.Path != b.Path && (a.Line == 0 || b.Line == 0):
		return fmt.Sprintf("%s compares the path as %s and %s; %s as %s and %s.", a.Dialect.Title(), a.Path, decision(a), b.Dialect.Title(), b.Path, decision(b))
	}
	return fmt.Sprintf("%s: %s; %s: %s.", a.Dialect.Title(), decision(a), b.Dialect.Title(), decision(b))
}

// groupKey identifies the groups a verdict used.
func groupKey(v *Verdict) string {
	if len(v.Groups) == 0 {
		return v.Selection.String()
	}
	return fmt.Sprint(v.Groups[0].Start)
}

func groupsUsed(v *Verdict) string {
	unit := "group"
	if v.Dialect.FirstMatch() {
		unit = "record"
	}
	switch v.Selection {
	case NoGroup:
		return "no " + unit + " applies, so everything is allowed"
	case GlobalIgnored:
		return "the crawler ignores the * " + unit + ", so everything is allowed"
	case GlobalGroup:
		return fmt.Sprintf("the * %s at line %d applies, and %s", unit, v.Groups[0].Start, decision(v))
	}
	return fmt.Sprintf("the %s at line %d names the crawler, and %s", unit, v.Groups[0].Start, decision(v))
}

// decision says which rule decided a verdict, and how.
func decision(v *Verdict) string {
	d := v.Decider()
	switch {
	case d == nil:
		return "no rule matches (allowed)"
	case v.Dialect.FirstMatch():
		return fmt.Sprintf("first match in file order picks line %d (%s: %s)", d.Rule.Line, kindWord(d.Rule.Kind()), d.Rule.Value)
	case v.Decision() == EmptyRuleAllows:
		return fmt.Sprintf("only the empty line %d matches (allowed)", d.Rule.Line)
	case v.Dialect.PriorityName() == "score":
		return fmt.Sprintf("the highest score picks line %d (%s: %s)", d.Rule.Line, kindWord(d.Rule.Kind()), d.Rule.Value)
	}
	return fmt.Sprintf("the longest match picks line %d (%s: %s)", d.Rule.Line, kindWord(d.Rule.Kind()), d.Rule.Value)
}
