package robots_test

import (
	"strconv"
	"strings"
	"testing"

	"robotstester/robots"
)

// orderCase is one fact of REFERENCE.md section 4, checked in the
// order-based dialects. An empty want string skips that dialect.
type orderCase struct {
	name, robots, agent, url string
	// want per dialect: "a3" allowed by line 3, "b2" blocked by line 2,
	// "a" allowed with no line.
	gym, mk96, mk94, py string
}

var orderCases = []orderCase{
	{"first match in file order", "User-agent: *\nDisallow: /a\nAllow: /a/b", "x", "/a/b", "b2", "b2", "b2", "b2"},
	{"first match: Allow before Disallow", "User-agent: *\nAllow: /a/b\nDisallow: /a", "x", "/a/b", "a2", "a2", "b3", "a2"},
	{"blank line ends the record", "User-agent: *\n\nDisallow: /", "x", "/x", "a", "a", "a", "a"},
	{"comment line does not end the record", "User-agent: *\n# c\nDisallow: /", "x", "/x", "b3", "b3", "b3", "b3"},
	{"indented comment is a comment line", "User-agent: *\n   # c\nDisallow: /", "x", "/x", "b3", "b3", "b3", "b3"},
	{"white-space-only line ends the record (rerp), not Python", "User-agent: *\nDisallow: /a\n  \nDisallow: /b", "x", "/b", "a", "a", "a", "b4"},
	{"rules before a user-agent are dropped", "Disallow: /\nUser-agent: *\nDisallow: /b", "x", "/x", "a", "a", "a", "a"},
	{"substring of the user-agent string", "User-agent: foobot\nDisallow: /", "Mozilla/5.0 (compatible; FooBot/2.1)", "/x", "b2", "b2", "b2", "a"},
	{"Python cuts the crawler's name at /", "User-agent: foobot\nDisallow: /", "FooBot/2.1", "/x", "b2", "b2", "b2", "b2"},
	{"named records before *", "User-agent: *\nDisallow: /\n\nUser-agent: foo\nDisallow: /x", "foo", "/y", "a", "a", "a", "a"},
	{"records are not merged", "User-agent: foo\nDisallow: /a\n\nUser-agent: foo\nDisallow: /b", "foo", "/b", "a", "a", "a", "a"},
	{"record without rules is dropped", "User-agent: foo\n\nUser-agent: *\nDisallow: /", "foo", "/x", "b4", "b4", "b4", "b4"},
	{"consecutive user-agents name one record", "User-agent: a\nUser-agent: foo\nDisallow: /x", "foo", "/x", "b3", "b3", "b3", "b3"},
	{"empty Disallow allows", "User-agent: *\nDisallow:\nDisallow: /", "x", "/x", "a2", "a2", "a2", "a2"},
	{"empty Allow disallows (rerp), allows (Python)", "User-agent: *\nAllow:\nDisallow: /x", "x", "/y", "b2", "b2", "a", "a2"},
	{"wildcard in gym2008 only", "User-agent: *\nDisallow: /*.pdf", "x", "/a.pdf", "b2", "a", "a", "a"},
	{"literal * in mk1996", "User-agent: *\nDisallow: /*.pdf", "x", "/*.pdf", "b2", "b2", "b2", "b2"},
	{"end anchor in gym2008", "User-agent: *\nDisallow: /a$", "x", "/ab", "a", "a", "a", "a"},
	{"end anchor matches exactly", "User-agent: *\nDisallow: /a$", "x", "/a", "b2", "a", "a", "a"},
	{"percent-decoding both sides", "User-agent: *\nDisallow: /%7Ea", "x", "/~a", "b2", "b2", "b2", "b2"},
	{"%2F stays encoded", "User-agent: *\nDisallow: /a%2fb", "x", "/a/b", "a", "a", "a", "b2"},
	{"%2F in both cases", "User-agent: *\nDisallow: /a%2fb", "x", "/a%2Fb", "b2", "b2", "b2", "b2"},
	{"fragment kept", "User-agent: *\nDisallow: /a#", "x", "/a#x", "b2", "b2", "b2", "b2"},
	{"directive found anywhere: Dissallow is an Allow", "User-agent: *\nDisallow: /\nDissallow: /a", "x", "/a", "b2", "b2", "b2", "b2"},
	{"no space before the colon", "User-agent: *\nDisallow : /a", "x", "/a", "a", "a", "a", "b2"},
	{"mk1994 ignores Allow", "User-agent: *\nAllow: /a\nDisallow: /", "x", "/a", "a2", "a2", "b3", "a2"},
	{"a path of * alone", "User-agent: *\nDisallow: *", "x", "/a", "b2", "a", "a", "a"},
	{"Python: BOM spoils the first line", "\uFEFFUser-agent: *\nDisallow: /", "x", "/a", "b2", "b2", "b2", "a"},
	{"Python: user-agent then blank loses the record", "User-agent: a\n\nDisallow: /", "a", "/a", "a", "a", "a", "a"},
	{"first * record only", "User-agent: *\nDisallow: /a\n\nUser-agent: *\nDisallow: /b", "x", "/b", "a", "a", "a", "a"},
}

func TestOrderDialects(t *testing.T) {
	for _, c := range orderCases {
		f := robots.Parse([]byte(c.robots))
		for _, d := range []struct {
			dialect robots.Dialect
			want    string
		}{{robots.GYM2008, c.gym}, {robots.MK1996, c.mk96}, {robots.MK1994, c.mk94}, {robots.PythonLegacy, c.py}} {
			if d.want == "" {
				continue
			}
			v := f.CheckDialect(d.dialect, c.agent, "http://example.com"+c.url)
			got := "b"
			if v.Allowed {
				got = "a"
			}
			if v.Line > 0 {
				got += strconv.Itoa(v.Line)
			}
			if got != d.want {
				t.Errorf("%s [%s]: %s, want %s\n%s", c.name, d.dialect, got, d.want, strings.Join(v.Explanation(), "\n"))
			}
		}
	}
}

// TestDraft1996ExampleEveryDialect runs the 1996 draft's own example. The
// draft allows /robots.txt whatever the rules say; robotexclusionrulesparser
// has no such exception, so gym2008 and mk1996, which read as it does, let
// "Disallow: /" block it.
func TestDraft1996ExampleEveryDialect(t *testing.T) {
	const file = "User-agent: *\nDisallow: /org/plans.html\nAllow: /org/\nAllow: /serv\nAllow: /~mak\nDisallow: /\n"
	f := robots.Parse([]byte(file))
	urls := []string{"/", "/index.html", "/robots.txt", "/server.html", "/services/fast.html", "/orgo.gif", "/org/about.html", "/org/plans.html", "/%7Ejim/jim.html", "/%7Emak/mak.html"}
	want := map[robots.Dialect]string{
		robots.Google:       "nnnyyynynnn"[:10],
		robots.RFC9309:      "nnyyynynny",
		robots.GYM2008:      "nnnyynynny",
		robots.MK1996:       "nnnyynynny",
		robots.MK1994:       "nnnnnnnnnn",
		robots.Python:       "nnyyynynny",
		robots.Python313:    "nnyyynynny",
		robots.PythonLegacy: "nnnyynynny",
	}
	want[robots.Google] = "nnnyynynnn"
	for _, d := range robots.Dialects() {
		var got strings.Builder
		for _, u := range urls {
			if f.CheckDialect(d, "anybot", "http://www.example.com"+u).Allowed {
				got.WriteByte('y')
			} else {
				got.WriteByte('n')
			}
		}
		if got.String() != want[d] {
			t.Errorf("%s: %s, want %s (for %v)", d, got.String(), want[d], urls)
		}
	}
}

func TestOrderCrawlDelay(t *testing.T) {
	f := robots.Parse([]byte("User-agent: foo\nCrawl-delay: 2.5\nDisallow: /x\n"))
	for _, c := range []struct {
		d     robots.Dialect
		valid bool
	}{{robots.GYM2008, true}, {robots.MK1996, true}, {robots.PythonLegacy, false}} {
		g := f.Read(c.d).Groups
		if len(g) != 1 || (g[0].CrawlDelay != nil) != c.valid {
			t.Errorf("%s: groups %d, crawl-delay %+v", c.d, len(g), g)
		}
	}
}
