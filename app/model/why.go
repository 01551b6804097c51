package model

import (
	"strconv"
	"strings"
	"unicode/utf8"
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
	// Selection says how the groups were chosen, in the engine's words
	// (robots.Verdict.GroupSentence).
	Selection string
	// Groups are the groups whose rules were used.
	Groups []WhyGroup
	// OtherGroups is the number of groups of the file that were not used.
	OtherGroups int
	// Matches are the rules that matched, in file order.
	Matches []WhyMatch
	// Decision says which rule won and why, or that none matched, in the
	// engine's words (robots.Verdict.DecisionSentence).
	Decision string
	// Decided names how the verdict was reached: "longest-match",
	// "first-match", "allow-wins-tie", ... (robots.Decision).
	Decided string
	// Precedence says how a rule wins in the reading: "the longest
	// matching pattern wins, and an Allow wins a tie", "the first
	// matching rule in file order wins" (robots.Dialect.Precedence).
	Precedence string
	// PriorityName says what a match's Priority measures in the reading:
	// "length", "score", or "" when it plays no part (first match).
	PriorityName string
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
	Priority int    // the rule's priority, as the reading measures it (Why.PriorityName); unused in first-match readings
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
		Row:          i,
		Allowed:      rv.Allowed,
		Answer:       rv.Answer,
		Agent:        rv.Agent,
		Token:        rv.Token,
		URL:          rv.URL,
		Encoded:      rv.Encoded,
		Path:         v.Path,
		Dialect:      rv.Dialect,
		Sentences:    v.Explanation(),
		Selection:    v.GroupSentence(),
		Decision:     v.DecisionSentence(),
		Decided:      v.Decision().String(),
		Precedence:   v.Dialect.Precedence(),
		PriorityName: v.Dialect.PriorityName(),
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
	w.Usage = UsageOf(a.File, v)
	if w.Answer != "" {
		// The verdict shown is the answer's; the file's is a what-if.
		w.Decision = "Once the file is read: " + w.Decision
	}
	return w, true
}

// Winner returns the rule that decided, or nil when none matched.
func (w *Why) Winner() *WhyMatch {
	for i := range w.Matches {
		if w.Matches[i].Winner {
			return &w.Matches[i]
		}
	}
	return nil
}

// InputNote says how the test read what was typed in its fields, when that
// is not what one might think: an empty crawler field, an empty URL field,
// or text that is not a URL nor a path (it has spaces), which is tested as
// a path all the same. "" when the fields say what is tested.
func (w *Why) InputNote() string {
	agent, url := strings.TrimSpace(w.Agent), strings.TrimSpace(w.URL)
	var notes []string
	if agent == "" {
		notes = append(notes, "No crawler given: tested as a crawler that no group names, which follows the * group.")
	}
	switch {
	case url == "":
		notes = append(notes, "No URL given: tested as /, the site's home page.")
	case strings.ContainsAny(url, " \t") && !strings.Contains(url, "://"):
		notes = append(notes, "“"+Elide(url, 60)+"” is not a URL or a path: it is tested as the path "+Elide(w.Encoded, 80)+".")
	}
	return strings.Join(notes, " ")
}

// Elide returns s, or when it is longer than n bytes its first n bytes (at
// a character's boundary) and how long it is: a URL of thousands of
// characters would push what follows it screens down.
func Elide(s string, n int) string {
	if len(s) <= n {
		return s
	}
	cut := n
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return s[:cut] + "… (" + strconv.Itoa(utf8.RuneCountInString(s)) + " characters in all)"
}
