package robots_test

import (
	"fmt"
	"strings"
	"testing"

	"robotstester/robots"
)

// TestDecision checks, reading by reading, how each verdict was reached,
// and that the engine's words for it fit the reading: the first-match
// readings never speak of the longest pattern, the others never of file
// order.
func TestDecision(t *testing.T) {
	const longest = "User-agent: *\nDisallow: /a\nAllow: /a/b\n"
	for _, c := range []struct {
		d       robots.Dialect
		file    string
		agent   string
		url     string
		allowed bool
		line    int
		want    robots.Decision
		says    string // in DecisionSentence
	}{
		{robots.Google, longest, "bot", "/a/b", true, 3, robots.LongestMatch, "Line 3 allows it: its pattern is the longest that matches (4 characters)."},
		{robots.Google, longest, "bot", "/a/x", false, 2, robots.OnlyMatch, "Line 2 blocks it: it is the only rule that matches."},
		{robots.Google, "User-agent: *\nDisallow: /a\nAllow: /a\n", "bot", "/a", true, 3, robots.AllowWinsATie, "on a tie the Allow wins"},
		{robots.Google, "User-agent: *\nDisallow: /a\nDisallow: /a\n", "bot", "/a", false, 2, robots.FirstOfEquals, "the first in the file is shown"},
		{robots.Google, "User-agent: *\nDisallow:\n", "bot", "/x", true, 2, robots.EmptyRuleAllows, "never blocks"},
		{robots.Google, longest, "bot", "/z", true, 0, robots.NoRuleMatches, "No rule of this group matches"},
		{robots.Google, "User-agent: *\nDisallow: /\n\nUser-agent: FooBot\n", "FooBot", "/x", true, 0, robots.GroupHasNoRules, "has no rules"},
		{robots.Google, "User-agent: FooBot\nDisallow: /\n", "BarBot", "/x", true, 0, robots.NoGroupApplies, "No group applies"},
		{robots.Google, "User-agent: *\nDisallow: /\n", "bot", "/robots.txt", false, 2, robots.OnlyMatch, "only rule"},
		{robots.RFC9309, "User-agent: *\nDisallow: /\n", "bot", "/robots.txt", true, 0, robots.RobotsTxtAllowed, "always allows /robots.txt"},
		{robots.RFC9309, longest, "bot", "/a/b", true, 3, robots.LongestMatch, "longest"},
		{robots.Python, longest, "bot", "/a/b", true, 3, robots.LongestMatch, "its score is the highest of the rules that match (5;"},
		{robots.Python, "User-agent: *\nDisallow: /a\nAllow: /a\n", "bot", "/a", true, 3, robots.AllowWinsATie, "same score (a score of 3)"},
		{robots.Python, "User-agent: *\nDisallow:\n", "bot", "/x", true, 2, robots.EmptyRuleAllows, "an empty Disallow never blocks"},
		{robots.Python, "User-agent: *\nDisallow: /\n", "bot", "http://[::1/x", true, 0, robots.URLNotSplit, "cannot split this URL"},
		{robots.Python, "User-agent: *\nDisallow: /\n", "bot", "/robots.txt", true, 0, robots.RobotsTxtAllowed, "always allows /robots.txt"},
		{robots.GYM2008, longest, "bot", "/a/b", false, 2, robots.FirstMatch, "Line 2 blocks it: it is the first rule of the record, in file order, that matches; GYM 2008 reads no further."},
		{robots.GYM2008, "User-agent: *\nAllow:\n", "bot", "/x", false, 2, robots.EmptyAllowDisallows, "reads an empty Allow as disallowing every URL"},
		{robots.GYM2008, "User-agent: *\nDisallow:\nDisallow: /\n", "bot", "/x", true, 2, robots.EmptyRuleAllows, "an empty Disallow allows every URL"},
		{robots.GYM2008, longest, "bot", "/z", true, 0, robots.NoRuleMatches, "No rule of this record matches"},
		{robots.MK1996, "User-agent: FooBot\nDisallow: /\n", "BarBot", "/x", true, 0, robots.NoGroupApplies, "No record applies"},
		{robots.MK1996, longest, "bot", "/a/b", false, 2, robots.FirstMatch, "first rule of the record"},
		{robots.MK1994, longest, "bot", "/a/b", false, 2, robots.FirstMatch, "first rule of the record"},
		{robots.PythonLegacy, longest, "bot", "/a/b", false, 2, robots.FirstMatch, "first rule of the record"},
		{robots.PythonLegacy, "User-agent: *\nDisallow:\n", "bot", "/x", true, 2, robots.EmptyRuleAllows, "allows every URL"},
	} {
		url := c.url
		if strings.HasPrefix(url, "/") {
			url = "https://example.com" + url
		}
		v := robots.Parse([]byte(c.file)).CheckDialect(c.d, c.agent, url)
		name := fmt.Sprintf("%s %q %s %s", c.d, c.file, c.agent, c.url)
		if v.Allowed != c.allowed || v.Line != c.line || v.Decision() != c.want {
			t.Errorf("%s: allowed %v line %d %s; want %v %d %s", name, v.Allowed, v.Line, v.Decision(), c.allowed, c.line, c.want)
		}
		if c.want.Allows() && !v.Allowed {
			t.Errorf("%s: %s always allows, and the URL is blocked", name, c.want)
		}
		s := v.DecisionSentence()
		if !strings.Contains(s, c.says) {
			t.Errorf("%s: %q does not say %q", name, s, c.says)
		}
		first := c.d.FirstMatch()
		if first && strings.Contains(s+v.GroupSentence(), "longest") || !first && strings.Contains(s, "file order") {
			t.Errorf("%s: the words %q do not fit the reading", name, s)
		}
	}
}

// TestDecisionNames checks that every decision has a name and words of
// its own.
func TestDecisionNames(t *testing.T) {
	names, words := map[string]bool{}, map[string]bool{}
	for d := robots.NoGroupApplies; d <= robots.EmptyAllowDisallows; d++ {
		if names[d.String()] || words[d.Words()] || strings.HasPrefix(d.String(), "decision(") {
			t.Errorf("%d: %q, %q", d, d, d.Words())
		}
		names[d.String()], words[d.Words()] = true, true
	}
	if s := robots.Decision(200).String(); s != "decision(200)" {
		t.Errorf("out of range: %q", s)
	}
}

// ExampleVerdict_Decision shows how one URL is decided in two readings:
// Google takes the longest match, the 1996 draft the first in file order.
func ExampleVerdict_Decision() {
	f := robots.Parse([]byte("User-agent: *\nDisallow: /a\nAllow: /a/b\n"))
	for _, d := range []robots.Dialect{robots.Google, robots.MK1996} {
		v := f.CheckDialect(d, "Baiduspider", "https://example.com/a/b")
		fmt.Printf("%s: %s (%s)\n", d, v.Decision(), v.Decision().Words())
		fmt.Println(v.DecisionSentence())
	}
	// Output:
	// google: longest-match (the longest match wins)
	// Line 3 allows it: its pattern is the longest that matches (4 characters).
	// mk1996: first-match (the first match in file order wins)
	// Line 2 blocks it: it is the first rule of the record, in file order, that matches; 1996 draft reads no further.
}

// TestGroupSentence checks, reading by reading, the words that say which
// groups applied: records in the first-match readings, found by substring;
// CPython's lookup by name; Google's product tokens.
func TestGroupSentence(t *testing.T) {
	const file = "User-agent: *\nDisallow: /a\n\nUser-agent: FooBot\nDisallow: /b\n"
	for _, c := range []struct {
		d     robots.Dialect
		agent string
		says  string
	}{
		{robots.Google, "FooBot", "A group names FooBot itself, so only the groups naming it count"},
		{robots.Google, "BarBot", "No group names BarBot, so the group for every crawler (User-agent: *) applies."},
		{robots.RFC9309, "FooBot", "A group names FooBot itself"},
		{robots.GYM2008, "Mozilla/5.0 (compatible; FooBot/2.1)", `The record at line 4 applies: its name "FooBot" is found in "Mozilla/5.0 (compatible; FooBot/2.1)".`},
		{robots.MK1996, "BarBot", `No record's name is found in "BarBot", so the record for every crawler (User-agent: *) at line 1 applies.`},
		{robots.PythonLegacy, "FooBot/2.1", `The record at line 4 applies`},
		{robots.Python, "FooBot/2.1", `finds the groups named "FooBot" for "FooBot/2.1"`},
		{robots.Python, "BarBot", `No group's name is "BarBot" or found in it`},
	} {
		v := robots.Parse([]byte(file)).CheckDialect(c.d, c.agent, "https://example.com/b")
		if s := v.GroupSentence(); !strings.Contains(s, c.says) {
			t.Errorf("%s %s: %q does not say %q", c.d, c.agent, s, c.says)
		}
	}
}

// TestGroupSentenceShadows checks that a named group without rules is said
// to leave the crawler free, in the readings where it does.
func TestGroupSentenceShadows(t *testing.T) {
	f := robots.Parse([]byte("User-agent: *\nDisallow: /\n\nUser-agent: FooBot\nCrawl-delay: 5\n"))
	for _, d := range []robots.Dialect{robots.Google, robots.RFC9309, robots.Python} {
		v := f.CheckDialect(d, "FooBot", "https://example.com/x")
		if !v.Allowed || !v.ShadowsGlobal || !strings.Contains(v.GroupSentence(), "no rules, so nothing is blocked for it") || v.Decision() != robots.GroupHasNoRules {
			t.Errorf("%s: allowed %v, shadows %v, %s: %q", d, v.Allowed, v.ShadowsGlobal, v.Decision(), v.GroupSentence())
		}
	}
}
