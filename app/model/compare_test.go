package model

import (
	"reflect"
	"strconv"
	"strings"
	"testing"

	"robotstester/robots"
)

func TestCompare(t *testing.T) {
	s := State{
		Robots: "User-agent: *\nDisallow: /a\nAllow: /a/b\n\nUser-agent: foobot\nDisallow: /f\n",
		Rows: []Row{
			{Agent: "Googlebot", URL: "/a/b"},
			{Agent: "Googlebot", URL: "/z"},
			{Agent: "Mozilla/5.0 (compatible; FooBot/1.0)", URL: "/f"},
		},
	}
	a := Analyze(&s)
	c := a.Comparison(&s)
	if len(c.Dialects) != len(robots.Dialects()) || c.Dialects[0] != robots.Google {
		t.Fatalf("columns %v", c.Dialects)
	}
	verdicts := func(r ComparedRow) string {
		var b strings.Builder
		for _, cell := range r.Cells {
			b.WriteString(cell.Verdict()[:1])
		}
		return b.String()
	}
	// google, rfc9309, gym2008, mk1996, mk1994, python, python-3.13, python-legacy
	for i, want := range []string{"aabbbaab", "aaaaaaaa", "bbbbbaaa"} {
		if got := verdicts(c.Rows[i]); got != want {
			t.Errorf("row %d: %s, want %s", i, got, want)
		}
	}
	if c.Rows[1].Disagree() || !c.Rows[0].Disagree() || c.Disagreements != 2 {
		t.Errorf("disagreements: %d (%v %v)", c.Disagreements, c.Rows[0].Reasons, c.Rows[1].Reasons)
	}
	if r := c.Rows[0].Reasons; len(r) != 4 || !strings.Contains(r[0], "first match in file order picks line 2") || !strings.Contains(r[0], "the longest match picks line 3") {
		t.Errorf("reasons of row 0: %q", r)
	}
	// Python cuts the crawler's name at "/": "mozilla" names no record,
	// in each of its readings.
	if r := c.Rows[2].Reasons; len(r) != 3 || !strings.Contains(r[0], "Python") || !strings.Contains(r[1], "3.13.14") || !strings.Contains(r[2], "Python") {
		t.Errorf("reasons of row 2: %q", r)
	}
	if a.Comparison(&s) != c {
		t.Errorf("the comparison was made twice")
	}
	a.Recheck(&s)
	if a.Comparison(&s) == c {
		t.Errorf("a recheck kept the old comparison")
	}
}

func TestComparisonShown(t *testing.T) {
	s := State{Robots: "User-agent: *\nDisallow: /a\nAllow: /a/b\n"}
	for i := range 120 {
		url := "/x"
		if i%10 == 9 {
			url = "/a/b" // first match and longest match differ
		}
		s.Rows = append(s.Rows, Row{Agent: "Googlebot", URL: url})
	}
	c := Compare(robots.ParseString(s.Robots), &s)
	shown := c.Shown(ComparePage)
	if len(shown) != ComparePage || c.Disagreements != 12 {
		t.Fatalf("%d shown, %d disagreements", len(shown), c.Disagreements)
	}
	for k, i := range shown {
		if got := c.Rows[i].Disagree(); got != (k < 12) {
			t.Errorf("position %d: test %d disagrees %v", k, i, got)
		}
	}
	if n := len(c.Shown(1000)); n != 120 {
		t.Errorf("Shown(1000) = %d tests", n)
	}
}

// TestComparePaced checks that the comparison made in steps is Compare's,
// and pauses every pacedRows rows.
func TestComparePaced(t *testing.T) {
	s := State{Robots: "User-agent: *\nDisallow: /private/\n\nUser-agent: Baiduspider\nAllow: /\n"}
	for i := range 250 {
		s.Rows = append(s.Rows, Row{Agent: []string{"Googlebot", "Baiduspider", "Bingbot"}[i%3], URL: "/private/" + strconv.Itoa(i)})
	}
	f := robots.ParseString(s.Robots)
	pauses := 0
	got, err := ComparePaced(f, &s, func() bool { pauses++; return false })
	if err != nil {
		t.Fatal(err)
	}
	if c, err := ComparePaced(f, &s, func() bool { return true }); c != nil || err != robots.ErrStopped {
		t.Errorf("stopped: %v, %v", c != nil, err)
	}
	if want := Compare(f, &s); !reflect.DeepEqual(got, want) {
		t.Error("the paced comparison differs from Compare")
	}
	if want := (len(s.Rows) - 1) / pacedRows; pauses != want {
		t.Errorf("%d pauses, want %d", pauses, want)
	}
	a := Analyze(&s)
	a.KeepComparison(got)
	if a.Comparison(&s) != got {
		t.Error("the comparison kept is not the one given")
	}
}
