package model

import (
	"strings"
	"testing"
)

func TestDiffVersions(t *testing.T) {
	s := State{Robots: "User-agent: *\nDisallow: /private/\nDisallow: /tmp/\n", Rows: []Row{
		{Agent: "Googlebot", URL: "/private/a"}, // blocked, then allowed
		{Agent: "Googlebot", URL: "/public"},    // allowed, then blocked
		{Agent: "Googlebot", URL: "/tmp/x"},     // blocked in both
		{Agent: "GPTBot", URL: "/other"},        // allowed in both
	}}
	a := Analyze(&s)
	proposed, cut := ProposedFile("User-agent: *\nDisallow: /tmp/\nDisallow: /public\n")
	d := DiffVersions(a, proposed, &s)
	if cut != 0 || d.Tests != 4 || len(d.Changes) != 2 || d.NowAllowed != 1 || d.NowBlocked != 1 {
		t.Fatalf("diff: %+v", d)
	}
	c := d.Changes[0]
	if c.Index != 0 || c.Current.Allowed || c.Current.Line != 2 || c.Current.Rule != "Disallow: /private/" ||
		!c.Proposed.Allowed || c.Proposed.Line != 0 || c.Proposed.Rule != "" {
		t.Errorf("change 0: %+v", c)
	}
	if c := d.Changes[1]; c.Index != 1 || c.Proposed.Line != 3 || c.Proposed.Rule != "Disallow: /public" || c.Proposed.Verdict() != "blocked" {
		t.Errorf("change 1: %+v", c)
	}
	if got := d.Summary(); got != "2 of 4 tests change verdict: 1 now blocked, 1 now allowed." {
		t.Errorf("summary %q", got)
	}
	// The same file: nothing changes.
	same, _ := ProposedFile(s.Robots)
	if d := DiffVersions(a, same, &s); len(d.Changes) != 0 || d.Summary() != "No test changes verdict (4 tests compared)." {
		t.Errorf("same file: %+v", d)
	}
	// Under a 503 neither file is read: nothing changes.
	s.Answer = "503"
	a = Analyze(&s)
	if d := DiffVersions(a, proposed, &s); len(d.Changes) != 0 {
		t.Errorf("under 503: %+v", d.Changes)
	}
	// A proposed file past the limit is cut, not refused.
	if _, cut := ProposedFile(strings.Repeat("#", MaxFile+5)); cut != 5 {
		t.Errorf("cut %d, want 5", cut)
	}
	// Bad input never panics: no rows, an analysis of other rows.
	DiffVersions(Analyze(&State{}), proposed, &State{Rows: []Row{{Agent: "x"}}})
}
