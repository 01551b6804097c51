package robots_test

import (
	"fmt"
	"reflect"
	"strings"
	"testing"

	"robotstester/robots"
)

// TestGroupFindings checks which findings share a group, the order of the
// groups, and their lines and counts.
func TestGroupFindings(t *testing.T) {
	type group struct {
		code  robots.Code
		lines []int
		count int
	}
	for _, c := range []struct {
		name string
		file string
		want []group
	}{
		{"duplicate rules, one error", "User-agent: *\nDisallow: /a\nDisallow: /a\nDisallow: /a\nDisallow: b\n",
			[]group{{"never-matches", []int{5}, 1}, {"shadowed-rule", []int{3, 4}, 2}}},
		{"each empty rule kind apart", "User-agent: *\nAllow:\nDisallow:\nAllow:\n",
			[]group{{"empty-rule", []int{2, 4}, 2}, {"empty-rule", []int{3}, 1}, {"order-matters", []int{3}, 1}}},
		{"warnings before notes, then by first line", "User-agent: *\nDisallow: /x\nNoindex: /a\nUser-agent: B\nDisallow: /y\nNoindex: /b\n",
			[]group{{"unsupported-noindex", []int{3, 6}, 2}, {"drops-global", []int{4}, 1}}},
		{"a clean file", "User-agent: *\nDisallow: /x\n", nil},
		{"each AI-preference key apart", "Content-Usage: train-ai=n\nContent-Signal: ai-train=no\ncontent-usage: search=y\nUser-agent: *\nContent-Signal: ai-train=maybe\nContent-Signal: search=perhaps\nContent-Signal: search=perhaps\n",
			[]group{{"ai-pref-outside-group", []int{1, 3}, 2}, {"ai-pref-outside-group", []int{2}, 1}, {"ai-pref-malformed", []int{5}, 1},
				{"ai-pref-malformed", []int{6, 7}, 2}, {"content-signal", []int{1}, 1}, {"content-signal", []int{2}, 1}, {"empty-group", []int{4}, 1}}},
	} {
		var got []group
		for _, g := range robots.GroupFindings(robots.Parse([]byte(c.file)).Findings()) {
			got = append(got, group{g.Finding.Code, g.Lines, g.Count})
			if g.Finding.Line != g.Lines[0] {
				t.Errorf("%s: example on line %d, first line %d", c.name, g.Finding.Line, g.Lines[0])
			}
			// The group's message names what each of its lines holds.
			f := robots.Parse([]byte(c.file))
			for _, n := range g.Lines {
				key, name := f.Key(n), "Content-Usage"
				if strings.EqualFold(key, "Content-Signal") {
					name = "Content-Signal"
				}
				if strings.HasPrefix(strings.ToLower(key), "content-") && !strings.HasPrefix(g.Finding.Message, name) {
					t.Errorf("%s: the group %q holds line %d, a %s line", c.name, g.Finding.Message, n, key)
				}
			}
		}
		if !reflect.DeepEqual(got, c.want) {
			t.Errorf("%s:\n got %v\nwant %v", c.name, got, c.want)
		}
	}
}

// TestGroupFindingsMadeElsewhere checks findings without a shape (made by
// hand, or out of order): they group by their whole message, and the
// example is the one on the first line.
func TestGroupFindingsMadeElsewhere(t *testing.T) {
	fs := []robots.Finding{
		{Line: 9, Severity: robots.Info, Code: "x", Message: "same"},
		{Line: 2, Severity: robots.Info, Code: "x", Message: "same"},
		{Line: 2, Severity: robots.Info, Code: "x", Message: "same"},
		{Line: 5, Severity: robots.Info, Code: "x", Message: "other"},
		{Line: 7, Severity: robots.Error, Code: "y", Message: "bad"},
	}
	gs := robots.GroupFindings(fs)
	var got []string
	for _, g := range gs {
		got = append(got, fmt.Sprintf("%s %s %d %v %d", g.Finding.Code, g.Finding.Message, g.Finding.Line, g.Lines, g.Count))
	}
	want := []string{"y bad 7 [7] 1", "x same 2 [2 9] 3", "x other 5 [5] 1"}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("got %q\nwant %q", got, want)
	}
}

// TestGroupFindingsCorpus groups the findings of every corpus file: every
// finding is in exactly one group, and a file repeating one mistake gets
// one entry for it. It also checks the two files of issue 10.
func TestGroupFindingsCorpus(t *testing.T) {
	sizes := map[string][2]int{}
	for _, cf := range lintCorpus(t) {
		fs := robots.Parse(cf.data).Findings()
		gs := robots.GroupFindings(fs)
		n := 0
		for i, g := range gs {
			n += g.Count
			if i > 0 && g.Finding.Severity > gs[i-1].Finding.Severity {
				t.Errorf("%s: group %d (%s) is more severe than the one before", cf.name, i, g.Finding.Code)
			}
		}
		if n != len(fs) {
			t.Errorf("%s: groups hold %d findings of %d", cf.name, n, len(fs))
		}
		sizes[cf.name] = [2]int{len(fs), len(gs)}
	}
	for name, max := range map[string]int{"linkedin.com.txt": 12, "docs.oracle.com.txt": 5} {
		if s, ok := sizes[name]; ok && s[1] > max {
			t.Errorf("%s: %d findings in %d groups, want at most %d groups", name, s[0], s[1], max)
		}
	}
}

// TestKeyNotesSaidOnce checks that a note about a key is said once, on its
// first line, naming the others.
func TestKeyNotesSaidOnce(t *testing.T) {
	f := robots.Parse([]byte("User-agent: Yandex\nDisallow: /x\nClean-param: a\nClean-param: b\nclean-param: c\nHost: example.com\n"))
	var notes []robots.Finding
	for _, fd := range f.Findings() {
		if fd.Code == "clean-param" {
			notes = append(notes, fd)
		}
	}
	if len(notes) != 1 || notes[0].Line != 3 || !strings.Contains(notes[0].Message, "the 2 other Clean-param lines (lines 4 and 5)") {
		t.Errorf("clean-param notes: %+v", notes)
	}
}

func ExampleGroupFindings() {
	f := robots.Parse([]byte(`User-agent: *
Disallow: /private/
Disallow: /private/
Disallow: /private/
Disallow: tmp/
`))
	for _, g := range robots.GroupFindings(f.Findings()) {
		fmt.Printf("%s %s, %d× on lines %v: %s\n", g.Finding.Severity, g.Finding.Code, g.Count, g.Lines, g.Finding.Message)
	}
	// Output:
	// error never-matches, 1× on lines [5]: Disallow "tmp/" never matches: a path must start with / or *; start it with /.
	// warning shadowed-rule, 2× on lines [3 4]: This rule never decides anything: line 2 (Disallow: /private/) matches the same URLs and wins over it.
}
