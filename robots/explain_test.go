package robots_test

import (
	"strings"
	"testing"

	"robotstester/robots"
)

// TestExplanationSelection checks the sentence that says which groups
// applied: it never calls a group that applied ignored, and agrees in
// number with the groups.
func TestExplanationSelection(t *testing.T) {
	for _, c := range []struct {
		name, file, agent string
		want              string
	}{
		{"named group", "User-agent: *\nDisallow: /a\n\nUser-agent: a\nDisallow: /b\n", "a",
			"The group at line 4 applies: it names a, so a follows it alone, not a * group."},
		{"a group naming * and the crawler", "User-agent: *\nUser-agent: Googlebot\nDisallow: /a\n", "Googlebot",
			"The group at line 1 applies: it names Googlebot, and * as well."},
		{"merged groups, one naming *", "User-agent: *\nUser-agent: a\nDisallow: /x\n\nUser-agent: a\nDisallow: /y\n", "a",
			"The groups at lines 1 and 5 apply: they name a, and the group at line 1 names * as well."},
		{"merged named groups", "User-agent: a\nDisallow: /x\nUser-agent: b\nDisallow: /y\nUser-agent: a\nDisallow: /z\n", "a",
			"The groups at lines 1 and 5 apply: they name a, so a follows them alone, not a * group."},
		{"the * group", "User-agent: *\nUser-agent: a\nDisallow: /x\n", "b",
			"No group names b, so the * group applies: the group at line 1."},
	} {
		v := robots.Parse([]byte(c.file)).Check(c.agent, "/x")
		if got := v.Explanation()[1]; got != c.want {
			t.Errorf("%s:\n got %s\nwant %s", c.name, got, c.want)
		}
	}
}

// TestExplanationNeverIgnoresAppliedGroup checks, on every corpus file
// and for every crawler a group names, that an explanation whose groups
// include a * group never says the * group is ignored or not followed,
// and that each sentence starts with a capital letter.
func TestExplanationNeverIgnoresAppliedGroup(t *testing.T) {
	for _, cf := range lintCorpus(t) {
		f := robots.Parse(cf.data)
		r := f.Read(robots.Google)
		seen := map[string]bool{}
		for _, g := range r.Groups {
			for _, a := range g.Agents {
				if seen[strings.ToLower(a.Token)] {
					continue
				}
				seen[strings.ToLower(a.Token)] = true
				v := r.Check(a.Token, "https://example.com/")
				global := false
				for _, vg := range v.Groups {
					global = global || vg.Global()
				}
				for _, s := range v.Explanation() {
					if s == "" || s[0] >= 'a' && s[0] <= 'z' {
						t.Errorf("%s, %s: sentence not capitalised: %q", cf.name, a.Token, s)
					}
					if global && (strings.Contains(s, "ignored") || strings.Contains(s, "not a * group")) {
						t.Errorf("%s, %s: a * group applied, yet: %q", cf.name, a.Token, s)
					}
				}
			}
		}
	}
}
