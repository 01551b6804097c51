package robots_test

import (
	"strings"
	"testing"

	"robotstester/robots"
)

func TestVerdictExplains(t *testing.T) {
	const file = `User-agent: *
Disallow: /shop/
Allow: /shop/
Disallow: /a*
Disallow: /*a

User-agent: FooBot
User-agent: BarBot
Disallow: /foo/
Allow: /foo/public

User-agent: foobot
Disallow: /more/

User-agent: Quiet
`
	f := robots.Parse([]byte(file))
	type want struct {
		allowed bool
		line    int
		sel     robots.Selection
		groups  []int // first lines
		matches []int // lines
		tie     robots.Tie
		shadows bool
	}
	for _, c := range []struct {
		agent, url string
		want       want
	}{
		{"other", "/shop/x", want{true, 3, robots.GlobalGroup, []int{1}, []int{2, 3}, robots.AllowWinsTie, false}},
		{"other", "/a", want{false, 4, robots.GlobalGroup, []int{1}, []int{4, 5}, robots.FirstWinsTie, false}},
		{"other", "/zzz", want{true, 0, robots.GlobalGroup, []int{1}, nil, robots.NoTie, false}},
		{"FOOBOT", "/foo/public/x", want{true, 10, robots.NamedGroup, []int{7, 12}, []int{9, 10}, robots.NoTie, false}},
		{"foobot", "/more/x", want{false, 13, robots.NamedGroup, []int{7, 12}, []int{13}, robots.NoTie, false}},
		{"barbot", "/more/x", want{true, 0, robots.NamedGroup, []int{7}, nil, robots.NoTie, false}},
		{"quiet", "/shop/x", want{true, 0, robots.NamedGroup, []int{15}, nil, robots.NoTie, true}},
	} {
		v := f.Check(c.agent, c.url)
		var groups, matches []int
		for _, g := range v.Groups {
			groups = append(groups, g.Start)
		}
		for _, m := range v.Matches {
			matches = append(matches, m.Rule.Line)
		}
		got := want{v.Allowed, v.Line, v.Selection, groups, matches, v.Tie, v.ShadowsGlobal}
		if !equalWant(got.groups, c.want.groups) || !equalWant(got.matches, c.want.matches) ||
			got.allowed != c.want.allowed || got.line != c.want.line || got.sel != c.want.sel || got.tie != c.want.tie || got.shadows != c.want.shadows {
			t.Errorf("Check(%q, %q) = %+v, want %+v", c.agent, c.url, got, c.want)
		}
		if ex := v.Explanation(); len(ex) < 2 {
			t.Errorf("Check(%q, %q): explanation too short: %q", c.agent, c.url, ex)
		}
		if d := v.Decider(); (d == nil) != (v.Line == 0) || d != nil && d.Rule.Line != v.Line {
			t.Errorf("Check(%q, %q): Decider %+v disagrees with Line %d", c.agent, c.url, d, v.Line)
		}
	}
}

func equalWant(a, b []int) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

func TestExplanationWords(t *testing.T) {
	f := robots.Parse([]byte("User-agent: *\nDisallow: /x\nAllow: /x\n\nUser-agent: Quiet\n"))
	for _, c := range []struct{ agent, url, want string }{
		{"a", "/x", "the Allow wins ties"},
		{"a", "/y", "No rule of the group matches"},
		{"quiet", "/x", "even what the * group disallows"},
	} {
		v := f.Check(c.agent, c.url)
		if ex := strings.Join(v.Explanation(), " "); !strings.Contains(ex, c.want) {
			t.Errorf("Check(%q, %q) explanation %q lacks %q", c.agent, c.url, ex, c.want)
		}
	}
}

func TestRecords(t *testing.T) {
	const file = `Sitemap: https://example.com/a.xml
User-agent: Yandex
Crawl-delay: 2.5
Clean-param: ref /shop/
Host: example.com
Disallow: /x
sitemap: https://example.com/b.xml

User-agent: bingbot
Crawl-delay: soon
Noindex: /y
`
	f := robots.Parse([]byte(file))
	r := f.Read(robots.Google)
	if len(r.Sitemaps) != 2 || r.Sitemaps[0].Line != 1 || r.Sitemaps[1].Line != 7 || r.Sitemaps[1].Value != "https://example.com/b.xml" {
		t.Errorf("sitemaps = %+v", r.Sitemaps)
	}
	if len(r.Groups) != 2 {
		t.Fatalf("groups = %d, want 2", len(r.Groups))
	}
	if cd := r.Groups[0].CrawlDelay; cd == nil || cd.Line != 3 || cd.Seconds != 2.5 || !cd.Valid || cd.Value != "2.5" {
		t.Errorf("crawl-delay of group 1 = %+v", cd)
	}
	if cd := r.Groups[1].CrawlDelay; cd == nil || cd.Valid || cd.Value != "soon" {
		t.Errorf("crawl-delay of group 2 = %+v", cd)
	}
	var keys []string
	for _, rec := range r.Records {
		keys = append(keys, rec.Key)
	}
	if got := strings.Join(keys, ","); got != "Crawl-delay,Clean-param,Host,Crawl-delay,Noindex" {
		t.Errorf("records = %s", got)
	}
	if r.Records[2].Value != "example.com" || r.Records[2].Group != 0 || r.Records[4].Group != 1 {
		t.Errorf("host record = %+v, noindex = %+v", r.Records[2], r.Records[4])
	}
	// The sitemap line after the group's last rule belongs to no group.
	if g := r.Groups[0]; g.Start != 2 || g.End != 6 {
		t.Errorf("group 1 spans %d-%d, want 2-6", g.Start, g.End)
	}
}

func TestLineKinds(t *testing.T) {
	const file = "# c\n\nUser-agent: *\nDisallow: /x # c\nAllow: /y\nSitemap: https://e.com/s\nCrawl-delay: 1\nFoo: bar\njunk\n"
	want := []robots.LineKind{robots.Comment, robots.Blank, robots.UserAgent, robots.Disallow, robots.Allow, robots.Sitemap, robots.Known, robots.Unknown, robots.Unknown, robots.Blank}
	f := robots.Parse([]byte(file))
	if len(f.Lines) != len(want) {
		t.Fatalf("%d lines, want %d", len(f.Lines), len(want))
	}
	for i, l := range f.Lines {
		if l.Kind != want[i] || l.Number != i+1 {
			t.Errorf("line %d: %v, want %v", l.Number, l.Kind, want[i])
		}
	}
	if f.Key(4) != "Disallow" || f.Value(4) != "/x" || f.Text(4) != "Disallow: /x # c" {
		t.Errorf("line 4 = %q %q %q", f.Key(4), f.Value(4), f.Text(4))
	}
}

func TestFetchLimit(t *testing.T) {
	var b strings.Builder
	b.WriteString("User-agent: *\n")
	for b.Len() < robots.FetchLimit+1000 {
		b.WriteString("Disallow: /some/long/path/to/fill/the/file\n")
	}
	b.WriteString("Disallow: /\n")
	data := []byte(b.String())
	f := robots.Parse(data)
	if f.Cut != robots.FetchLimit || f.CutLine != len(f.Lines) || f.Size != len(data) {
		t.Errorf("cut at %d line %d (of %d kept), size %d", f.Cut, f.CutLine, len(f.Lines), f.Size)
	}
	if f.TotalLines != strings.Count(b.String(), "\n")+1 {
		t.Errorf("total lines %d, want %d", f.TotalLines, strings.Count(b.String(), "\n")+1)
	}
	if !f.Check("x", "/other").Allowed {
		t.Errorf("the Disallow: / past the limit was read")
	}
	if !f.Lines[len(f.Lines)-1].Has(robots.FlagPastLimit) {
		t.Errorf("last line not flagged")
	}
}

func TestContrast(t *testing.T) {
	for _, c := range []struct {
		file, agent, url string
		a, b             robots.Dialect
		want             string
	}{
		{"User-agent: *\nDisallow: /a\nAllow: /a/b\n", "x", "/a/b", robots.MK1996, robots.Google,
			"1996 draft: first match in file order picks line 2 (Disallow: /a); Google: the longest match picks line 3 (Allow: /a/b)."},
		{"User-agent: *\nDisallow: /\n", "x", "/robots.txt", robots.RFC9309, robots.Google,
			"RFC 9309 always allows /robots.txt itself; Google reads the rules."},
		{"User-agent: *\nDisallow: /\n\nUser-agent: foo\nAllow: /\n", "Mozilla/5.0 (compatible; foo/1.0)", "/x", robots.Google, robots.GYM2008,
			"Google: the * group at line 1 applies, and the longest match picks line 2 (Disallow: /); GYM 2008: the record at line 4 names the crawler, and first match in file order picks line 5 (Allow: /)."},
		{"User-agent: *\nDisallow: /\nAllow: /%7Emak\n", "x", "/~mak", robots.Google, robots.RFC9309,
			"Google: the longest match picks line 2 (Disallow: /); RFC 9309: the longest match picks line 3 (Allow: /%7Emak)."},
		{"User-agent: *\nDisallow: /a\n", "x", "/b", robots.Google, robots.RFC9309, ""},
	} {
		f := robots.Parse([]byte(c.file))
		a, b := f.CheckDialect(c.a, c.agent, c.url), f.CheckDialect(c.b, c.agent, c.url)
		if got := robots.Contrast(&a, &b); got != c.want {
			t.Errorf("Contrast(%s, %s) on %q:\n got %s\nwant %s", c.a, c.b, c.url, got, c.want)
		}
	}
}

func TestParseStringAgreesWithParse(t *testing.T) {
	big := strings.Repeat("Disallow: /a\r\n", robots.FetchLimit/14+100) + "\r\nx"
	for _, text := range []string{"", "User-agent: *\nDisallow: /x\n", big, big[:robots.FetchLimit+1]} {
		a, b := robots.Parse([]byte(text)), robots.ParseString(text)
		if a.Size != b.Size || a.TotalLines != b.TotalLines || a.Cut != b.Cut || a.CutLine != b.CutLine || len(a.Lines) != len(b.Lines) {
			t.Errorf("Parse and ParseString differ on %d bytes: %d/%d/%d/%d vs %d/%d/%d/%d", len(text),
				a.Size, a.TotalLines, a.Cut, a.CutLine, b.Size, b.TotalLines, b.Cut, b.CutLine)
		}
	}
}
