package sitemsg

import (
	"strings"

	"robotstester/robots"
)

// The catalogue holds hundreds of crawlers: a table with a row for each
// would bury the few a site owner asks about. So every per-crawler table
// (the site's matrix, the overview's AI crawlers) groups them by role and
// shows as rows the featured crawlers and those the file names; the rest
// of a role is one row, a fold, that says what they get and opens on
// request. The rule and its words are here, linked into the page and the
// site worker alike, so that both tables fold the same crawlers the same
// way.

// A RoleGroup is a group of roles that per-crawler tables show together,
// under one heading.
type RoleGroup struct {
	// Key names the group in the page: a fold's data-fold and its
	// button's data-unfold.
	Key   string
	Title string // the heading: "AI training"
	// One and Many name its crawlers in a fold's words: "AI training
	// crawler", "AI training crawlers".
	One, Many string
	Roles     []robots.Role
}

// RoleGroups are the groups, in the order shown. Every role is in one.
var RoleGroups = []RoleGroup{
	{"search", "Search", "search crawler", "search crawlers", []robots.Role{robots.RoleSearch}},
	{"ai-training", "AI training", "AI training crawler", "AI training crawlers", []robots.Role{robots.RoleAITraining}},
	{"ai-search", "AI search and assistants", "AI search crawler", "AI search crawlers", []robots.Role{robots.RoleAISearch}},
	{"user-fetch", "User-triggered", "user-triggered fetcher", "user-triggered fetchers", []robots.Role{robots.RoleUserFetch}},
	{"ads", "Ads", "ads crawler", "ads crawlers", []robots.Role{robots.RoleAds}},
	{"tool", "Tools", "tool", "tools", []robots.Role{robots.RoleTool}},
	{"other", "Others", "other crawler", "other crawlers", []robots.Role{robots.RolePreview, robots.RoleService, robots.RoleResearch}},
}

// Has reports whether role r is one of the group's.
func (g *RoleGroup) Has(r robots.Role) bool {
	for _, x := range g.Roles {
		if x == r {
			return true
		}
	}
	return false
}

// Named returns the names that the groups of r name, lower-cased: each
// user-agent line's product token as r reads it, and its value up to a
// slash or a space, as written ("AI2Bot", whose digit Google's reading
// stops at). A crawler any of whose tokens is among them has a group in
// the file, and a row of its own in a table.
func Named(r *robots.Reading) map[string]bool {
	out := map[string]bool{}
	for i := range r.Groups {
		for _, a := range r.Groups[i].Agents {
			v, _, _ := strings.Cut(strings.TrimSpace(a.Value), "/")
			v, _, _ = strings.Cut(v, " ")
			for _, n := range []string{a.Token, v} {
				if n != "" && n != "*" {
					out[strings.ToLower(n)] = true
				}
			}
		}
	}
	return out
}

// Shown reports whether a table shows c as a row of its own: a featured
// crawler, or one whose token or alias named holds (Named).
func Shown(c *robots.Crawler, named map[string]bool) bool {
	if c.Featured || named[strings.ToLower(c.Token)] {
		return true
	}
	for _, a := range c.Aliases {
		if named[strings.ToLower(a)] {
			return true
		}
	}
	return false
}

// A FoldCount is what the crawlers of a fold get: how many are allowed
// everything, blocked everything, and allowed some and blocked some.
// Both ways are said whenever both happen, never a net.
type FoldCount struct{ Allowed, Blocked, Partly int }

// Add counts one crawler that is allowed allowed things and blocked
// blocked ones.
func (f *FoldCount) Add(allowed, blocked int) {
	switch {
	case blocked == 0:
		f.Allowed++
	case allowed == 0:
		f.Blocked++
	default:
		f.Partly++
	}
}

// Crawlers returns how many crawlers were counted.
func (f FoldCount) Crawlers() int { return f.Allowed + f.Blocked + f.Partly }

// FoldText says what a fold of g holds: "and 96 more AI training
// crawlers, all blocked", "and 96 more AI training crawlers: 90 allowed,
// 6 blocked".
func FoldText(g *RoleGroup, f FoldCount) string {
	return FoldWords(g, f, [3]string{"allowed", "blocked", "partly blocked"})
}

// FoldWords says what a fold of g holds as FoldText does, in the words
// given for the crawlers counted Allowed, Blocked and Partly: "and 52
// more AI training crawlers, all newly blocked".
func FoldWords(g *RoleGroup, f FoldCount, words [3]string) string {
	n := f.Crawlers()
	s := "and " + Grouped(n) + " more " + Noun(n, g.One, g.Many)
	var parts []string
	for _, p := range []struct {
		n    int
		word string
	}{{f.Allowed, words[0]}, {f.Blocked, words[1]}, {f.Partly, words[2]}} {
		if p.n == n {
			if n == 1 {
				return s + ", " + p.word
			}
			return s + ", all " + p.word
		}
		if p.n > 0 {
			parts = append(parts, Grouped(p.n)+" "+p.word)
		}
	}
	return s + ": " + strings.Join(parts, ", ")
}
