package sitemsg

import (
	"testing"

	"robotstester/robots"
)

func TestFoldText(t *testing.T) {
	g := &RoleGroups[1] // AI training
	for _, tt := range []struct {
		f    FoldCount
		want string
	}{
		{FoldCount{Blocked: 96}, "and 96 more AI training crawlers, all blocked"},
		{FoldCount{Allowed: 90, Blocked: 6}, "and 96 more AI training crawlers: 90 allowed, 6 blocked"},
		{FoldCount{Allowed: 1}, "and 1 more AI training crawler, allowed"},
		{FoldCount{Allowed: 2, Partly: 3}, "and 5 more AI training crawlers: 2 allowed, 3 partly blocked"},
		{FoldCount{Allowed: 1000, Blocked: 1, Partly: 1}, "and 1,002 more AI training crawlers: 1,000 allowed, 1 blocked, 1 partly blocked"},
	} {
		if got := FoldText(g, tt.f); got != tt.want {
			t.Errorf("FoldText(%+v) = %q, want %q", tt.f, got, tt.want)
		}
	}
}

func TestFoldCountAdd(t *testing.T) {
	var f FoldCount
	for _, c := range [][2]int{{3, 0}, {0, 3}, {1, 2}, {0, 0}} {
		f.Add(c[0], c[1])
	}
	if want := (FoldCount{Allowed: 2, Blocked: 1, Partly: 1}); f != want {
		t.Errorf("%+v, want %+v", f, want)
	}
}

// TestRoleGroups: every role is in exactly one group, and every
// crawler of the catalogue in one.
func TestRoleGroups(t *testing.T) {
	for r := robots.Role(0); r.String() != "role(?)"; r++ {
		n := 0
		for i := range RoleGroups {
			if RoleGroups[i].Has(r) {
				n++
			}
		}
		if n != 1 {
			t.Errorf("role %s is in %d groups", r, n)
		}
	}
}

func TestShown(t *testing.T) {
	named := Named(robots.ParseString("User-agent: *\nDisallow: /a\n\nUser-agent: pinterest\nUser-agent: AI2Bot/1.0\nDisallow: /\n").Read(robots.Google))
	for _, tt := range []struct {
		c    robots.Crawler
		want bool
	}{
		{robots.Crawler{Token: "Googlebot", Featured: true}, true},
		{robots.Crawler{Token: "AI2Bot"}, true},
		{robots.Crawler{Token: "Pinterestbot", Aliases: []string{"Pinterest"}}, true},
		{robots.Crawler{Token: "AgentTimes"}, false},
	} {
		if got := Shown(&tt.c, named); got != tt.want {
			t.Errorf("Shown(%s) = %v, want %v", tt.c.Token, got, tt.want)
		}
	}
}
