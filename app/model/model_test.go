package model

import (
	"encoding/json"
	"fmt"
	"reflect"
	"slices"
	"strings"
	"testing"

	"robotstester/app/internal/textedit"
	"robotstester/robots"
)

func TestExampleVerdicts(t *testing.T) {
	s := Example()
	a := Analyze(&s)
	a.Lint()
	tests := []struct {
		allowed bool
		line    int
		token   string
		encoded string
	}{
		{true, 13, "Googlebot", "https://shop.example/private/press/launch.html"},
		{false, 12, "Googlebot", "https://shop.example/private/plans.pdf"},
		{true, 15, "Googlebot", "https://shop.example/shop/"},
		{false, 19, "GPTBot", "https://shop.example/blog/robots-explained"},
		{true, 0, "bingbot", "https://shop.example/cart/checkout?sessionid=42"},
		{false, 4, "DuckDuckBot", "/search?q=caf%C3%A9%20au%20lait"},
		{true, 0, "Googlebot-Image", "/images/logo.png"},
	}
	if len(a.Rows) != len(tests) {
		t.Fatalf("%d rows, want %d", len(a.Rows), len(tests))
	}
	for i, tt := range tests {
		r := a.Rows[i]
		if r.Allowed != tt.allowed || r.Line != tt.line || r.Token != tt.token || r.Encoded != tt.encoded {
			t.Errorf("row %d: allowed %v line %d token %q encoded %q; want %v %d %q %q",
				i, r.Allowed, r.Line, r.Token, r.Encoded, tt.allowed, tt.line, tt.token, tt.encoded)
		}
	}
	if !a.Rows[4].Extracted || a.Rows[0].Extracted {
		t.Errorf("Extracted: row 4 %v, row 0 %v; want true, false", a.Rows[4].Extracted, a.Rows[0].Extracted)
	}
	if got := a.Verdicts[2].Tie; got != robots.AllowWinsTie {
		t.Errorf("row 2 tie = %v, want AllowWinsTie", got)
	}
}

func TestRowViewGroups(t *testing.T) {
	s := State{Robots: "User-agent: a\nDisallow: /x\n\nUser-agent: b\nDisallow: /\n\nUser-agent: a\nAllow: /x/y\n",
		Rows: []Row{{Agent: "a", URL: "/x/z"}, {Agent: "", URL: ""}}}
	a := Analyze(&s)
	a.Lint()
	r := a.Rows[0]
	if want := []LineRange{{1, 2}, {7, 8}}; !reflect.DeepEqual(r.Groups, want) {
		t.Errorf("groups %v, want %v", r.Groups, want)
	}
	for n, want := range map[int]bool{1: true, 2: true, 3: false, 4: false, 7: true, 8: true} {
		if r.InGroup(n) != want {
			t.Errorf("InGroup(%d) = %v, want %v", n, !want, want)
		}
	}
	if r.Verdict() != "blocked" || r.Line != 2 {
		t.Errorf("verdict %s line %d, want blocked 2", r.Verdict(), r.Line)
	}
	if b := a.Rows[1]; b.Token != "*" || b.Encoded != "/" || !b.Allowed {
		t.Errorf("blank row: %+v", b)
	}
}

// TestRowViewFocus: the editor shows a row's deciding line, or the group
// used when no rule matched, or nothing when no group applied.
func TestRowViewFocus(t *testing.T) {
	s := State{Robots: "# a\nUser-agent: a\nDisallow: /x\n\nUser-agent: b\nDisallow: /y\n",
		Rows: []Row{{Agent: "a", URL: "/x"}, {Agent: "b", URL: "/z"}, {Agent: "c", URL: "/x"}}}
	a := Analyze(&s)
	for i, want := range []int{3, 5, 0} {
		if got := a.Rows[i].Focus(); got != want {
			t.Errorf("row %d: Focus %d, want %d (line %d, groups %v)", i, got, want, a.Rows[i].Line, a.Rows[i].Groups)
		}
	}
}

func TestDialectChoice(t *testing.T) {
	// RFC 9309 always allows /robots.txt; Google reads the file.
	s := State{Robots: "User-agent: *\nDisallow: /\n", Rows: []Row{{Agent: "x", URL: "/robots.txt"}}}
	for _, tt := range []struct {
		dialect string
		allowed bool
		title   string
	}{
		{"", false, "Google"},
		{"google", false, "Google"},
		{"rfc9309", true, "RFC 9309"},
	} {
		s.Dialect = tt.dialect
		a := Analyze(&s)
		a.Lint()
		if a.Rows[0].Allowed != tt.allowed || a.Rows[0].Dialect != tt.title {
			t.Errorf("dialect %q: allowed %v in %q, want %v in %q", tt.dialect, a.Rows[0].Allowed, a.Rows[0].Dialect, tt.allowed, tt.title)
		}
	}
	choices := DialectChoices()
	if choices[0].Value != "" || len(choices) != len(robots.Dialects())+1 {
		t.Errorf("choices %v", choices)
	}
}

func TestVisible(t *testing.T) {
	tests := []struct {
		top, height, lh float64
		total, margin   int
		want            Window
	}{
		{0, 100, 20, 1000, 0, Window{1, 5}},
		{0, 100, 20, 1000, 10, Window{1, 15}},
		{200, 100, 20, 1000, 10, Window{1, 25}},
		{2000, 100, 20, 1000, 10, Window{91, 115}},
		{19990, 100, 20, 1000, 10, Window{990, 1000}},
		{50000, 100, 20, 1000, 10, Window{1000, 1000}},
		{0, 100, 20, 3, 10, Window{1, 3}},
		{0, 100, 20, 0, 10, Window{1, 0}},
		{-50, 100, 20, 10, 0, Window{1, 5}},
	}
	for _, tt := range tests {
		if got := Visible(tt.top, tt.height, tt.lh, tt.total, tt.margin); got != tt.want {
			t.Errorf("Visible(%v, %v, %v, %d, %d) = %v, want %v", tt.top, tt.height, tt.lh, tt.total, tt.margin, got, tt.want)
		}
	}
}

func TestLines(t *testing.T) {
	s := State{Robots: "User-agent: a\nDisalow: /x\nFoo: bar\n\nUser-agent: b\nCrawl-delay: 2\nDisallow: /\n",
		Rows: []Row{{Agent: "b", URL: "/p"}}}
	a := Analyze(&s)
	a.Lint()
	lines := a.Lines(Window{1, 100})
	// A final line break starts an empty last line, as in the editor.
	if len(lines) != 8 {
		t.Fatalf("%d lines, want 8", len(lines))
	}
	kinds := make([]string, len(lines))
	var group, deciding []int
	for i, l := range lines {
		kinds[i] = l.Kind
		if l.Group {
			group = append(group, l.N)
		}
		if l.Deciding {
			deciding = append(deciding, l.N)
		}
	}
	if want := []string{"user-agent", "disallow", "ignored", "", "user-agent", "crawl-delay", "disallow", ""}; !slices.Equal(kinds, want) {
		t.Errorf("kinds %q, want %q", kinds, want)
	}
	if !slices.Equal(group, []int{5, 6, 7}) || !slices.Equal(deciding, []int{7}) {
		t.Errorf("group %v deciding %v, want [5 6 7] [7]", group, deciding)
	}
	if len(lines[1].Findings) == 0 {
		t.Errorf("no finding on the misspelt line 2; findings: %v", a.Findings)
	}
	if got := a.Lines(Window{6, 7}); len(got) != 2 || got[0].N != 6 {
		t.Errorf("window 6-7: %+v", got)
	}
}

func TestOverview(t *testing.T) {
	s := Example()
	a := Analyze(&s)
	a.Lint()
	a.Lint()
	o := a.Overview()
	if len(o.Sitemaps) != 1 || o.Sitemaps[0].URL != "https://shop.example/sitemap.xml" || o.Sitemaps[0].Line != 21 {
		t.Errorf("sitemaps %+v", o.Sitemaps)
	}
	if len(o.Delays) != 1 || o.Delays[0].Value != "5" || !slices.Contains(o.Delays[0].HonouredBy, "bingbot") ||
		slices.Contains(o.Delays[0].HonouredBy, "Googlebot") {
		t.Errorf("delays %+v", o.Delays)
	}
	if o.Size != len(s.Robots) || o.Lines != 22 || o.Cut != 0 {
		t.Errorf("size %d lines %d cut %d", o.Size, o.Lines, o.Cut)
	}

	big := strings.Repeat("Disallow: /a/very/long/path/to/fill/the/file\n", 14000)
	o = Analyze(&State{Robots: big}).Overview()
	if o.Cut == 0 || o.CutLine == 0 || o.Lines != 14001 {
		t.Errorf("big file: cut %d line %d, %d lines", o.Cut, o.CutLine, o.Lines)
	}
}

func TestWhy(t *testing.T) {
	s := Example()
	s.Selected = 2 // the tie
	a := Analyze(&s)
	a.Lint()
	w, ok := a.Why()
	if !ok || !w.Allowed || len(w.Matches) != 2 || len(w.Sentences) == 0 {
		t.Fatalf("why: %+v", w)
	}
	if !strings.Contains(w.Decision, "Allow wins") {
		t.Errorf("decision %q does not mention the tie", w.Decision)
	}
	if len(w.Groups) != 1 || w.Groups[0].Start != 9 || w.OtherGroups != 2 {
		t.Errorf("groups %+v, %d others", w.Groups, w.OtherGroups)
	}
	if !strings.Contains(w.Selection, "names Googlebot") {
		t.Errorf("selection %q", w.Selection)
	}
	s.Selected = 4 // bingbot through a user-agent string: the * group is ignored
	a.Recheck(&s)
	if w, _ := a.Why(); !strings.Contains(w.Decision, "No rule") {
		t.Errorf("decision %q", w.Decision)
	}
	if _, ok := Analyze(&State{}).Why(); ok {
		t.Errorf("Why with no rows reports a row")
	}
}

func TestRowEdits(t *testing.T) {
	s := State{Rows: []Row{{Agent: "a", URL: "/1"}, {Agent: "b", URL: "/2"}, {Agent: "c", URL: "/3"}}, Selected: 2}
	if n := s.PasteURLs(1, "/x\n\n  /y  \r\n/z"); n != 3 {
		t.Errorf("PasteURLs = %d, want 3", n)
	}
	want := []Row{{Agent: "a", URL: "/1"}, {Agent: "b", URL: "/x"}, {Agent: "b", URL: "/y"}, {Agent: "b", URL: "/z"}, {Agent: "c", URL: "/3"}}
	if !slices.Equal(s.Rows, want) {
		t.Errorf("rows %v, want %v", s.Rows, want)
	}
	s.Selected = 4
	s.RemoveRow(4)
	if s.Selected != 3 || len(s.Rows) != 4 {
		t.Errorf("after removing the selected last row: selected %d, %d rows", s.Selected, len(s.Rows))
	}
	s.Selected = 2
	s.RemoveRow(0)
	if s.Selected != 1 || s.Rows[1] != (Row{Agent: "b", URL: "/y"}) {
		t.Errorf("after removing row 0: selected %d, rows %v", s.Selected, s.Rows)
	}
	if (&State{}).SelectedRow() != -1 {
		t.Errorf("SelectedRow with no rows")
	}
}

func TestCrawlerChoices(t *testing.T) {
	cs := CrawlerChoices()
	if len(cs) != len(robots.Crawlers()) {
		t.Errorf("%d choices, catalogue has %d crawlers", len(cs), len(robots.Crawlers()))
	}
	seenOther := false
	for _, c := range cs {
		cr, ok := robots.LookupCrawler(c.Value)
		if !ok || cr.Token != c.Value {
			t.Errorf("%q is no catalogued token", c.Value)
			continue
		}
		if !cr.Featured {
			seenOther = true
		} else if seenOther {
			t.Errorf("%s, featured, after one that is not", c.Value)
		}
		if !strings.HasPrefix(c.Title, cr.Vendor+" · ") {
			t.Errorf("%s's title %q", c.Value, c.Title)
		}
	}
	if cs[0].Value != "Googlebot" || cs[0].Title != "Google · Search engines" {
		t.Errorf("first %+v", cs[0])
	}
}

func TestFindingsIn(t *testing.T) {
	fs := []robots.Finding{{Line: 1}, {Line: 3}, {Line: 3}, {Line: 8}}
	for _, tt := range []struct{ from, to, want int }{{1, 1, 1}, {2, 3, 2}, {4, 7, 0}, {1, 100, 4}, {9, 9, 0}} {
		if got := len(FindingsIn(fs, tt.from, tt.to)); got != tt.want {
			t.Errorf("FindingsIn(%d, %d) has %d, want %d", tt.from, tt.to, got, tt.want)
		}
	}
}

func TestContentNote(t *testing.T) {
	for _, c := range []struct{ text, want string }{
		{"User-agent: *\nDisallow: /\n", ""},
		{"", ""},
		{"https://www.example.com/robots.txt\n", "open https://www.example.com/robots.txt in your browser"},
		{"<!doctype html>\n<html><head><title>Not found</title></head>\n<body><div>Oops</div></body></html>\n", "web page (HTML)"},
	} {
		got := ContentNote(robots.ParseString(c.text))
		if c.want == "" && got != "" || !strings.Contains(got, c.want) {
			t.Errorf("ContentNote(%.30q) = %q, want it to say %q", c.text, got, c.want)
		}
	}
}

func TestFindingGroups(t *testing.T) {
	s := State{Robots: "User-agent: *\nDisallow: x\nFoo: 1\nFoo: 2\nFoo: 3\n", Rows: []Row{{Agent: "Googlebot", URL: "/"}}}
	a := Analyze(&s)
	a.Lint()
	all := a.FindingGroups("")
	if len(all) == 0 {
		t.Fatal("no findings")
	}
	for i := 1; i < len(all); i++ {
		if severityOrder(all[i].Severity) > severityOrder(all[i-1].Severity) {
			t.Errorf("group %d (%s) after a less severe one", i, all[i].Severity)
		}
	}
	for _, g := range a.FindingGroups("error") {
		if g.Severity != "error" {
			t.Errorf("filter kept a %s", g.Severity)
		}
	}
}

func severityOrder(s string) int {
	return map[string]int{"error": 2, "warning": 1}[s]
}

// TestWhyNeverDeniesTheVerdict: the Why says that a group naming both *
// and the crawler applies, and that a first-match reading took the first
// rule, not the longest.
func TestWhyNeverDeniesTheVerdict(t *testing.T) {
	s := State{
		Robots: "User-agent: *\nUser-agent: Googlebot\nDisallow: /athletic/async-\nAllow: /athletic/async-feed/ok\n\nUser-agent: Baiduspider\nDisallow: /a\nAllow: /a/b\n",
		Rows:   []Row{{Agent: "Googlebot", URL: "/athletic/async-feed"}, {Agent: "Baiduspider", URL: "/a/b"}},
	}
	a := Analyze(&s)
	w, _ := a.Why()
	if w.Allowed || !strings.Contains(w.Selection, "line 1 names every crawler (User-agent: *) as well") {
		t.Errorf("Googlebot: allowed %v, selection %q", w.Allowed, w.Selection)
	}
	s.Selected = 1
	a.Select(&s)
	w, _ = a.Why()
	if w.Allowed || !strings.Contains(w.Decision, "first rule") || strings.Contains(w.Decision, "longest") {
		t.Errorf("Baiduspider: allowed %v, decision %q", w.Allowed, w.Decision)
	}
}

// TestAnalyzePaced checks that the analysis done in steps is the analysis
// done at once, and that it pauses between its steps: after the parse,
// after each reading the rows need, and every pacedRows rows.
func TestAnalyzePaced(t *testing.T) {
	s := State{Robots: "User-agent: *\nDisallow: /private/\n\nUser-agent: Baiduspider\nDisallow: /\n"}
	for i := range 250 {
		agent := "Googlebot"
		if i%2 == 1 {
			agent = "Baiduspider" // read as mk1996: a second reading
		}
		s.Rows = append(s.Rows, Row{Agent: agent, URL: fmt.Sprintf("/private/%d", i)})
	}
	for _, dialect := range []string{"", "google", "python"} {
		s.Dialect = dialect
		pauses := 0
		got, err := AnalyzePaced(&s, func() bool { pauses++; return false })
		want := Analyze(&s)
		if err != nil {
			t.Fatalf("dialect %q: %v", dialect, err)
		}
		if !reflect.DeepEqual(got.Rows, want.Rows) || got.Selected != want.Selected || got.Reading.Dialect != want.Reading.Dialect {
			t.Errorf("dialect %q: the paced analysis differs from Analyze", dialect)
		}
		readings := 1
		if dialect == "" {
			readings = 2
		}
		if wantPauses := 1 + readings + (len(s.Rows)-1)/pacedRows; pauses != wantPauses {
			t.Errorf("dialect %q: %d pauses, want %d", dialect, pauses, wantPauses)
		}
		// Stopped at any pause, the work says so and gives nothing; the
		// next analysis is whole.
		for stop := 1; stop <= pauses; stop++ {
			n := 0
			pause := func() bool { n++; return n == stop }
			if an, err := AnalyzePaced(&s, pause); an != nil || err != robots.ErrStopped || n != stop {
				t.Errorf("dialect %q, stopped at pause %d: %v, %v, %d pauses", dialect, stop, an != nil, err, n)
			}
			n = 0
			if an, err := ReanalyzePaced(want, &s, pause); an != nil || err != robots.ErrStopped || n != stop {
				t.Errorf("dialect %q, reanalysis stopped at pause %d: %v, %v, %d pauses", dialect, stop, an != nil, err, n)
			}
		}
		if again := Reanalyze(want, &s); !reflect.DeepEqual(again.Rows, want.Rows) {
			t.Errorf("dialect %q: the analysis after a stop differs", dialect)
		}
	}
}

func TestLineMarks(t *testing.T) {
	s := State{Robots: "# hi\nUser-agent: *\nDisallow: /p\nAlow: /x\n\nSitemap: https://a.example/s.xml", Rows: []Row{{Agent: "x", URL: "/p"}}}
	an := Analyze(&s)
	type M = textedit.LineMark
	// The group ends at its last line before the blank one: a sitemap line
	// belongs to no group. Lines past the file have empty marks.
	want := []M{{Kind: "comment"}, {Kind: "user-agent", Group: true}, {Kind: "disallow", Group: true, Deciding: true},
		{Kind: "ignored", Group: true}, {}, {Kind: "sitemap"}, {}, {}}
	if got := lineMarks(t, an.LineMarks(1, 8, nil)); !slices.Equal(got, want) {
		t.Errorf("LineMarks = %+v, want %+v", got, want)
	}
	if got := lineMarks(t, an.LineMarks(3, 3, nil)); !slices.Equal(got, want[2:3]) {
		t.Errorf("LineMarks(3, 3) = %+v", got)
	}
	// What a rule decides over the site's URLs goes with its line, as
	// written: the JSON carries a tab or a line break as any other.
	notes := map[int]string{3: "blocks 2 of 9 URLs", 6: "matches\tnone"}
	want = []M{{Kind: "disallow", Group: true, Deciding: true, Note: "blocks 2 of 9 URLs"}, {Kind: "ignored", Group: true}, {}, {Kind: "sitemap", Note: "matches\tnone"}}
	if got := lineMarks(t, an.LineMarks(3, 6, notes)); !slices.Equal(got, want) {
		t.Errorf("LineMarks with notes = %+v, want %+v", got, want)
	}
}

// lineMarks reads the marks as the editor does.
func lineMarks(t *testing.T, text string) []textedit.LineMark {
	t.Helper()
	var m []textedit.LineMark
	if err := json.Unmarshal([]byte(text), &m); err != nil {
		t.Fatalf("%q: %v", text, err)
	}
	return m
}

func TestFindingMarks(t *testing.T) {
	s := State{Robots: "User-agent: *\nDisallow: private\nAlow: /x\n"}
	an := Analyze(&s)
	an.Lint()
	var got []textedit.FindingMark
	if err := json.Unmarshal([]byte(an.FindingMarks(1, 3)), &got); err != nil {
		t.Fatal(err)
	}
	if len(got) != len(FindingsIn(an.Findings, 1, 3)) || len(got) == 0 || got[0].Line != 2 || got[0].Severity != "error" || got[0].Message == "" {
		t.Errorf("FindingMarks = %+v", got)
	}
	if got := an.FindingMarks(4, 9); got != "[]" {
		t.Errorf("FindingMarks past the file = %q", got)
	}
}

// TestLintPaced: a lint stopped halfway keeps nothing, and the findings
// are all there when asked for after it, paced or not.
func TestLintPaced(t *testing.T) {
	s := State{Robots: "User-agent: *\nDisalow: /a\nDisallow: /b\nDisallow: /b\nNoindex: /c\n", Rows: []Row{{Agent: "Googlebot", URL: "/a"}}}
	want := Analyze(&s)
	want.Lint()
	if len(want.Findings) == 0 {
		t.Fatal("the file has no findings to find")
	}
	tests := []struct {
		name  string
		pause robots.Pause
		err   error
	}{
		{"stopped at once", func() bool { return true }, robots.ErrStopped},
		{"never paused", nil, nil},
		{"paused, not stopped", func() bool { return false }, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			a := Analyze(&s)
			if err := a.LintPaced(tt.pause); err != tt.err {
				t.Fatalf("LintPaced: %v, want %v", err, tt.err)
			}
			if a.Linted() {
				t.Error("LintPaced changed the analysis")
			}
			a.Lint()
			if len(a.Findings) != len(want.Findings) {
				t.Errorf("%d findings, want %d", len(a.Findings), len(want.Findings))
			}
		})
	}
}

// TestReanalyzeCarriesReadings types a key in a comment: the analysis of
// the new text takes the readings of the old File (robots.File.Reparse
// carries them) rather than reading the file again in each dialect, and
// checks the same.
func TestReanalyzeCarriesReadings(t *testing.T) {
	s := State{
		Robots: "User-agent: *\nDisallow: /private/\n# a comment\nUser-agent: Baiduspider\nDisallow: /\n",
		Rows:   []Row{{Agent: "Googlebot", URL: "/private/x"}, {Agent: "Baiduspider", URL: "/a"}},
	}
	before := Analyze(&s)
	s.Robots = strings.Replace(s.Robots, "# a comment", "# a comments", 1)
	after := Reanalyze(before, &s)
	for _, d := range []robots.Dialect{robots.Google, robots.MK1996} {
		old, got := before.File.Read(d), after.File.Read(d)
		if got.File != after.File || &got.Groups[0] != &old.Groups[0] {
			t.Errorf("%s: the reading was made again, not carried", d)
		}
	}
	if !reflect.DeepEqual(after.Verdicts, Analyze(&s).Verdicts) {
		t.Error("the verdicts differ from a fresh analysis")
	}
}
