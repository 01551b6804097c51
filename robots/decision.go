package robots

import (
	"fmt"
	"strconv"
)

// A Decision says how a verdict was reached: which rule of precedence
// picked the deciding rule, or why no rule decided. Each reading decides
// in its own way ([Dialect.Precedence]); a Decision names the way that
// applied to one verdict, and [Verdict.DecisionSentence] says it in words.
type Decision uint8

const (
	// NoGroupApplies: no group applies to the crawler (none names it,
	// and there is no * group or the crawler ignores it): allowed.
	NoGroupApplies Decision = iota
	// RobotsTxtAllowed: the reading allows /robots.txt itself, whatever
	// the file says (RFC 9309, Python).
	RobotsTxtAllowed
	// URLNotSplit: the reading cannot split the URL into its parts, so no
	// rule matches it (CPython's main branch; its releases raise an
	// error): allowed.
	URLNotSplit
	// GroupHasNoRules: the groups that apply have no rules: allowed.
	GroupHasNoRules
	// NoRuleMatches: the groups that apply have rules, but none matches
	// the URL: allowed.
	NoRuleMatches
	// OnlyMatch: one rule matches, and decides (longest-match readings).
	OnlyMatch
	// LongestMatch: of the rules that match, the one with the highest
	// priority decides: the longest pattern in Google's and the
	// standard's readings, the highest score in Python's.
	LongestMatch
	// AllowWinsATie: an Allow and a Disallow match with the same
	// priority, and the Allow wins the tie.
	AllowWinsATie
	// FirstOfEquals: rules of the same kind match with the same highest
	// priority; the first in the file is reported.
	FirstOfEquals
	// FirstMatch: the rules are tried in file order, and the first that
	// matches decides (first-match readings).
	FirstMatch
	// EmptyRuleAllows: an empty rule decided, and an empty rule allows:
	// an empty Disallow, or only empty rules matching in Google's reading.
	EmptyRuleAllows
	// EmptyAllowDisallows: the first matching rule is an empty Allow,
	// which robotexclusionrulesparser's readings take as disallowing
	// everything.
	EmptyAllowDisallows

	numDecisions
)

var decisionNames = [numDecisions]string{
	"no-group", "robots-txt-allowed", "url-not-split", "no-rules", "no-rule-matches", "only-match",
	"longest-match", "allow-wins-tie", "first-of-equals", "first-match", "empty-rule-allows", "empty-allow-disallows",
}

// decisionWords say each decision in a few words, for a sentence.
var decisionWords = [numDecisions]string{
	"no group applies",
	"/robots.txt is always allowed",
	"the URL cannot be split into its parts",
	"the group that applies has no rules",
	"no rule matches",
	"the only rule that matches decides",
	"the longest match wins",
	"an Allow wins a tie with a Disallow",
	"the first of equal rules counts",
	"the first match in file order wins",
	"an empty rule allows",
	"an empty Allow disallows",
}

// String returns the decision's name in lower case, as "longest-match".
func (d Decision) String() string {
	if d < numDecisions {
		return decisionNames[d]
	}
	return "decision(" + strconv.Itoa(int(d)) + ")"
}

// Words says the decision in a few words, as "the longest match wins".
func (d Decision) Words() string {
	if d < numDecisions {
		return decisionWords[d]
	}
	return d.String()
}

// Allows reports whether a verdict with this decision is always allowed,
// whatever the rules.
func (d Decision) Allows() bool {
	switch d {
	case NoGroupApplies, RobotsTxtAllowed, URLNotSplit, GroupHasNoRules, NoRuleMatches, EmptyRuleAllows:
		return true
	}
	return false
}

// Decision says how the verdict was reached.
func (v *Verdict) Decision() Decision {
	switch v.Selection {
	case AlwaysAllowed:
		if v.Path == "" {
			return URLNotSplit
		}
		return RobotsTxtAllowed
	case NoGroup, GlobalIgnored:
		return NoGroupApplies
	}
	if countRulesOf(v.Groups) == 0 {
		return GroupHasNoRules
	}
	d := v.Decider()
	if d == nil {
		return NoRuleMatches
	}
	if v.Dialect.parts().rules.inFileOrder() {
		switch {
		case d.Rule.Value != "":
			return FirstMatch
		case v.Allowed:
			return EmptyRuleAllows
		}
		return EmptyAllowDisallows
	}
	switch {
	case d.Priority == 0 || d.Rule.Value == "" && v.Allowed:
		return EmptyRuleAllows
	case v.Tie == AllowWinsTie:
		return AllowWinsATie
	case v.Tie == FirstWinsTie:
		return FirstOfEquals
	case len(v.Matches) == 1:
		return OnlyMatch
	}
	return LongestMatch
}

// DecisionSentence says in one or two sentences which rule decided the
// verdict and how, in the words of the reading: "Line 7 blocks it: its
// pattern is the longest that matches (12 characters)." for Google, "Line
// 3 blocks it: it is the first rule of the record, in file order, that
// matches; the 1996 draft reads no further." for a first-match reading.
func (v *Verdict) DecisionSentence() string {
	dec := v.Decision()
	title := v.Dialect.Title()
	unit := v.Dialect.parts().agents.unit
	switch dec {
	case NoGroupApplies:
		return "No " + unit + " applies: the URL is allowed."
	case RobotsTxtAllowed:
		return title + " always allows /robots.txt itself, whatever the file says."
	case URLNotSplit:
		return title + " cannot split this URL into its parts, so no rule matches it: it is allowed."
	case GroupHasNoRules:
		return fmt.Sprintf("The %s that applies has no rules: the URL is allowed.", unit)
	case NoRuleMatches:
		if len(v.Groups) > 1 {
			return "No rule of these " + unit + "s matches the URL: it is allowed."
		}
		return "No rule of this " + unit + " matches the URL: it is allowed."
	}
	d := v.Decider()
	line := d.Rule.Line
	verb := "blocks"
	if v.Allowed {
		verb = "allows"
	}
	prio := v.Dialect.parts().rules.priority
	measure := func(p int) string {
		if prio == "score" {
			return fmt.Sprintf("a score of %d", p)
		}
		return plural(p, "1 character", strconv.Itoa(p)+" characters")
	}
	switch dec {
	case FirstMatch:
		return fmt.Sprintf("Line %d %s it: it is the first rule of the %s, in file order, that matches; %s reads no further.", line, verb, unit, title)
	case EmptyAllowDisallows:
		return fmt.Sprintf("Line %d blocks it: it is the first rule of the %s, in file order, that matches, and %s reads an empty Allow as disallowing every URL.", line, unit, title)
	case EmptyRuleAllows:
		if v.Dialect.parts().rules.inFileOrder() {
			return fmt.Sprintf("Line %d allows it: it is the first rule of the %s, in file order, that matches, and an empty %s allows every URL.", line, unit, kindWord(d.Rule.Kind()))
		}
		if len(v.Matches) == 1 {
			return fmt.Sprintf("Line %d allows it: it is the only rule that matches, and an empty %s never blocks.", line, kindWord(d.Rule.Kind()))
		}
		return fmt.Sprintf("Line %d allows it: only empty rules match, and an empty rule never blocks.", line)
	case OnlyMatch:
		return fmt.Sprintf("Line %d %s it: it is the only rule that matches.", line, verb)
	case AllowWinsATie:
		return fmt.Sprintf("Line %d allows it: an Allow and a Disallow matched with the same %s (%s), and on a tie the Allow wins.", line, prio, measure(d.Priority))
	}
	var s string
	if prio == "score" {
		s = fmt.Sprintf("Line %d %s it: its score is the highest of the rules that match (%d; %s).", line, verb, d.Priority, v.Dialect.parts().rules.scoreWords)
	} else {
		s = fmt.Sprintf("Line %d %s it: its pattern is the longest that matches (%s).", line, verb, measure(d.Priority))
	}
	if dec == FirstOfEquals {
		s += fmt.Sprintf(" Other rules of the same kind matched with the same %s; the first in the file is shown.", prio)
	}
	return s
}

// GroupSentence says in one or two sentences which groups (records, in
// the first-match readings) applied to the crawler, and why, in the words
// of the reading.
func (v *Verdict) GroupSentence() string {
	unit := v.Dialect.parts().agents.unit
	switch v.Selection {
	case AlwaysAllowed:
		return v.Dialect.Title() + " always allows this URL, whatever the file says."
	case NoGroup:
		return fmt.Sprintf("No %s names %s and there is no %s for every crawler (User-agent: *), so nothing is blocked.", unit, v.Agent, unit)
	case GlobalIgnored:
		return fmt.Sprintf("No %s names %s, and this crawler ignores the %s for every crawler (User-agent: *), so nothing is blocked.", unit, v.Agent, unit)
	case FallbackGroup:
		return fmt.Sprintf("No %s names %s, so it follows the %ss for %s, as this crawler does.", unit, v.Agent, unit, v.Token)
	}
	switch v.Dialect.parts().agents.kind {
	case bySubstring:
		if v.Selection == GlobalGroup {
			return fmt.Sprintf("No record's name is found in %q, so the record for every crawler (User-agent: *) at line %d applies.", v.Agent, v.Groups[0].Start)
		}
		return fmt.Sprintf("The record at line %d applies: its name %q is found in %q. Records are not merged: the first that matches is the only one used, and the record for every crawler (User-agent: *) does not apply.", v.Groups[0].Start, v.Token, v.Agent)
	case byPythonKey:
		if v.Selection == GlobalGroup {
			return fmt.Sprintf("No group's name is %q or found in it, so the groups for every crawler (User-agent: *) apply, merged.", v.Agent)
		}
		s := fmt.Sprintf("%s finds the groups named %q for %q (the whole name first, then a name found in it, in file order); they apply, merged, and the group for every crawler (User-agent: *) does not.", v.Dialect.Title(), v.Token, v.Agent)
		if v.ShadowsGlobal {
			s += " They have no rules, so nothing is blocked for it."
		}
		return s
	}
	if v.Selection == GlobalGroup {
		return fmt.Sprintf("No group names %s, so the group for every crawler (User-agent: *) applies.", v.Agent)
	}
	s := fmt.Sprintf("A group names %s itself, so only the groups naming it count: the group for every crawler (User-agent: *) does not apply.", v.Agent)
	if g := globalAmong(v.Groups); g != nil {
		s = fmt.Sprintf("A group names %s itself, so only the rules of the groups naming it count; the group at line %d names every crawler (User-agent: *) as well, so its rules count too.", v.Agent, g.Start)
	}
	if v.ShadowsGlobal {
		s += " That group has no rules, so nothing is blocked for it."
	}
	return s
}
