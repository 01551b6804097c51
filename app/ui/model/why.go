package model

import (
	"fmt"

	"robotstester/robots"
)

// Why explains the verdict of one row in words a non-programmer follows.
type Why struct {
	Row     int // index of the row
	Allowed bool
	Agent   string // as typed
	Token   string
	URL     string // as typed
	Encoded string // as tested
	Path    string // the part of the URL rules are matched against
	Dialect string

	// Sentences is the engine's own explanation.
	Sentences []string
	// Selection says how the groups were chosen.
	Selection string
	// Groups are the groups whose rules were used.
	Groups []WhyGroup
	// OtherGroups is the number of groups of the file that were not used.
	OtherGroups int
	// Matches are the rules that matched, in file order.
	Matches []WhyMatch
	// Decision says which rule won and why, or that none matched.
	Decision string
	// Answer, when not "", says that the server's answer decided rather
	// than the file, and why; the rest explains what the file would say.
	Answer string
	// Usage is what the file states about the AI uses of the URL by this
	// crawler.
	Usage Usage
}

// WhyGroup is one group that applied.
type WhyGroup struct {
	Start, End int
	Agents     string
	Rules      int
}

// WhyMatch is one rule that matched the URL.
type WhyMatch struct {
	Line     int
	Rule     string // "Disallow: /private/"
	Priority int    // length of the pattern that matched; the longest wins
	Winner   bool
	ViaIndex bool // matched through Google's index.html rule
}

// Why explains the selected row's verdict, and reports false when no row
// is selected.
func (a *Analysis) Why() (Why, bool) {
	i := a.Selected
	if i < 0 || i >= len(a.Rows) {
		return Why{}, false
	}
	rv, v := &a.Rows[i], &a.Verdicts[i]
	w := Why{
		Row:       i,
		Allowed:   rv.Allowed,
		Answer:    rv.Answer,
		Agent:     rv.Agent,
		Token:     rv.Token,
		URL:       rv.URL,
		Encoded:   rv.Encoded,
		Path:      v.Path,
		Dialect:   rv.Dialect,
		Sentences: v.Explanation(),
		Selection: selection(v),
	}
	for _, g := range v.Groups {
		w.Groups = append(w.Groups, WhyGroup{Start: g.Start, End: g.End, Agents: agents(g), Rules: len(g.Rules)})
	}
	w.OtherGroups = len(a.File.Read(v.Dialect).Groups) - len(v.Groups)
	for j, m := range v.Matches {
		kind := "Disallow"
		if m.Rule.Allow {
			kind = "Allow"
		}
		w.Matches = append(w.Matches, WhyMatch{
			Line:     m.Rule.Line,
			Rule:     kind + ": " + m.Rule.Value,
			Priority: m.Priority,
			Winner:   j == v.Winner,
			ViaIndex: m.ViaIndex,
		})
	}
	w.Decision = decision(v)
	w.Usage = UsageOf(a.File, v)
	if w.Answer != "" {
		// The verdict shown is the answer's; the file's is a what-if.
		w.Decision = "Once the file is read: " + w.Decision
	}
	return w, true
}

func selection(v *robots.Verdict) string {
	switch v.Selection {
	case robots.NamedGroup:
		s := fmt.Sprintf("A group names %s itself, so only the groups naming it count: the group for every crawler (User-agent: *) does not apply.", v.Agent)
		for _, g := range v.Groups {
			if g.Global() {
				s = fmt.Sprintf("A group names %s itself, so only the rules of the groups naming it count; the group at line %d names every crawler (User-agent: *) as well, so its rules count too.", v.Agent, g.Start)
				break
			}
		}
		if v.ShadowsGlobal {
			s += " That group has no rules, so nothing is blocked for it."
		}
		return s
	case robots.FallbackGroup:
		return fmt.Sprintf("No group names %s, so it follows the groups for %s, as this crawler does.", v.Agent, v.Token)
	case robots.GlobalGroup:
		return fmt.Sprintf("No group names %s, so the group for every crawler (User-agent: *) applies.", v.Agent)
	case robots.GlobalIgnored:
		return fmt.Sprintf("No group names %s, and this crawler ignores the group for every crawler (User-agent: *), so nothing is blocked.", v.Agent)
	case robots.AlwaysAllowed:
		return v.Dialect.Title() + " always allows this URL, whatever the file says."
	default:
		return fmt.Sprintf("No group names %s and there is no group for every crawler (User-agent: *), so nothing is blocked.", v.Agent)
	}
}

func decision(v *robots.Verdict) string {
	d := v.Decider()
	if d == nil {
		if len(v.Groups) == 0 {
			return "No rule applies: the URL is allowed."
		}
		return "No rule of these groups matches the URL: it is allowed."
	}
	verb := "blocks"
	if d.Rule.Allow {
		verb = "allows"
	}
	if v.Dialect.FirstMatch() {
		// First-match readings take the first rule in file order: the
		// length of the pattern plays no part.
		return fmt.Sprintf("Line %d %s it: it is the first rule of the group, in file order, that matches; %s reads no further.", d.Rule.Line, verb, v.Dialect.Title())
	}
	s := fmt.Sprintf("Line %d %s it: its pattern is the longest that matches (%d characters).", d.Rule.Line, verb, d.Priority)
	switch v.Tie {
	case robots.AllowWinsTie:
		s = fmt.Sprintf("Line %d allows it: an Allow and a Disallow matched with the same length (%d characters), and on a tie the Allow wins.", d.Rule.Line, d.Priority)
	case robots.FirstWinsTie:
		s += " Other rules of the same kind matched with the same length; the first in the file is shown."
	}
	if len(v.Matches) == 1 {
		s = fmt.Sprintf("Line %d %s it: it is the only rule that matches.", d.Rule.Line, verb)
	}
	return s
}
