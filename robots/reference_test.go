package robots_test

import (
	"strings"
	"testing"

	"robotstester/robots"
)

// referenceCase is one fact of REFERENCE.md sections 2 and 3: a file, a
// check, and the verdict and deciding line expected in each dialect.
type referenceCase struct {
	name       string
	robots     string
	agent, url string
	google     verdict
	rfc        verdict
}

type verdict struct {
	allowed bool
	line    int
}

var (
	allowed = func(line int) verdict { return verdict{true, line} }
	blocked = func(line int) verdict { return verdict{false, line} }
)

var referenceCases = []referenceCase{
	// 2.1 Lines.
	{"CRLF, CR and LF end lines", "User-agent: *\r\nDisallow: /a\rDisallow: /b\nDisallow: /c", "x", "/c", blocked(4), blocked(4)},
	{"LF CR is two line breaks", "User-agent: *\n\rDisallow: /x", "x", "/x", blocked(3), blocked(3)},
	{"BOM skipped", "\xEF\xBB\xBFUser-agent: *\nDisallow: /x", "x", "/x", blocked(2), blocked(2)},
	{"partial BOM skipped", "\xEF\xBBUser-agent: *\nDisallow: /x", "x", "/x", blocked(2), blocked(2)},
	{"one BOM byte skipped", "\xEFUser-agent: *\nDisallow: /x", "x", "/x", blocked(2), blocked(2)},
	{"BOM elsewhere spoils its line", "User-agent: *\n\xEF\xBB\xBFDisallow: /x", "x", "/x", allowed(0), allowed(0)},
	{"comment inside value", "User-agent: *\nDisallow: /a#b", "x", "/ax", blocked(2), blocked(2)},
	{"NUL ends the line", "User-agent: *\nDisallow: /a\x00b", "x", "/ax", blocked(2), blocked(2)},
	{"long line cut by Google only", "User-agent: *\nDisallow: /" + strings.Repeat("a", 20000), "x", "/" + strings.Repeat("a", 16652) + "b", blocked(2), allowed(0)},
	{"no colon, two words", "User-agent: *\nDisallow /x", "x", "/x", blocked(2), allowed(0)},
	{"no colon, three words ignored", "User-agent: *\nDisallow /x /y", "x", "/x", allowed(0), allowed(0)},
	{"keys are case-insensitive", "USER-AGENT: *\nDISALLOW: /x", "x", "/x", blocked(2), blocked(2)},
	{"key by prefix: Disallowed", "User-agent: *\nDisallowed: /x", "x", "/x", blocked(2), allowed(0)},
	{"key by prefix: Allowance", "User-agent: *\nDisallow: /\nAllowance: /x", "x", "/x", allowed(3), blocked(2)},
	{"misspelling useragent", "useragent: *\nDisallow: /x", "x", "/x", blocked(2), allowed(0)},
	{"misspelling user agent", "user agent: *\nDisallow: /x", "x", "/x", blocked(2), allowed(0)},
	{"misspelling dissallow", "User-agent: *\nDissallow: /x", "x", "/x", blocked(2), allowed(0)},
	{"misspelling dissalow", "User-agent: *\nDissalow: /x", "x", "/x", blocked(2), allowed(0)},
	{"misspelling disalow", "User-agent: *\nDisalow: /x", "x", "/x", blocked(2), allowed(0)},
	{"misspelling diasllow", "User-agent: *\nDiasllow: /x", "x", "/x", blocked(2), allowed(0)},
	{"misspelling disallaw", "User-agent: *\nDisallaw: /x", "x", "/x", blocked(2), allowed(0)},
	{"Allow has no misspellings", "User-agent: *\nDisallow: /\nAlow: /x", "x", "/x", blocked(2), blocked(2)},
	{"white space around key and value", " \tDisallow \t: \t/x \t\nUser-agent: *\n  Disallow  :  /y  ", "x", "/y", blocked(3), blocked(3)},

	// 2.2 Groups.
	{"consecutive user-agents share a group", "User-agent: a\nUser-agent: x\nDisallow: /x", "x", "/x", blocked(3), blocked(3)},
	{"user-agent after a rule starts a group", "User-agent: x\nDisallow: /x\nUser-agent: y\nDisallow: /y", "x", "/y", allowed(0), allowed(0)},
	{"blank lines do not end a group", "User-agent: x\n\n\nDisallow: /x", "x", "/x", blocked(4), blocked(4)},
	{"comments, sitemaps and unknown lines do not end a group", "User-agent: a\n# c\nSitemap: https://e.com/s.xml\nFoo: bar\nUser-agent: x\nDisallow: /x", "x", "/x", blocked(6), blocked(6)},
	{"rules before any user-agent are ignored", "Disallow: /x\nUser-agent: *\nDisallow: /y", "x", "/x", allowed(0), allowed(0)},
	{"groups naming the same agent are merged", "User-agent: x\nDisallow: /a\nUser-agent: y\nDisallow: /b\nUser-agent: X\nDisallow: /c", "x", "/c", blocked(6), blocked(6)},
	{"merged groups: first group's rule", "User-agent: x\nDisallow: /a\nUser-agent: y\nDisallow: /b\nUser-agent: X\nDisallow: /c", "x", "/a", blocked(2), blocked(2)},
	{"* groups are merged", "User-agent: *\nDisallow: /a\nUser-agent: y\nDisallow: /b\nUser-agent: *\nDisallow: /c", "x", "/a", blocked(2), blocked(2)},
	{"* never merged with a named group", "User-agent: *\nDisallow: /a\nUser-agent: x\nDisallow: /c", "x", "/a", allowed(0), allowed(0)},

	// 2.3 The user-agent line.
	{"* followed by white space is global", "User-agent: * foo\nDisallow: /x", "x", "/x", blocked(2), blocked(2)},
	{"version cut from token", "User-agent: Googlebot/2.1\nDisallow: /x", "Googlebot", "/x", blocked(2), blocked(2)},
	{"token ends at a space", "User-agent: Foo Bar\nDisallow: /x", "Foo", "/x", blocked(2), blocked(2)},
	{"digits end the token", "User-agent: Bot2000\nDisallow: /x", "Bot", "/x", blocked(2), blocked(2)},
	{"*Bot gives an empty token", "User-agent: *Bot\nDisallow: /x", "x", "/x", allowed(0), allowed(0)},
	{"tokens compare case-insensitively", "User-agent: GOOGLEBOT\nDisallow: /x", "googlebot", "/x", blocked(2), blocked(2)},
	{"crawler's name taken as given", "User-agent: Googlebot\nDisallow: /x", "Googlebot/2.1", "/x", allowed(0), allowed(0)},

	// 2.4 Choosing the group.
	{"named group beats *", "User-agent: *\nDisallow: /\nUser-agent: x\nDisallow: /y", "x", "/x", allowed(0), allowed(0)},
	{"named group without rules shadows *", "User-agent: *\nDisallow: /\nUser-agent: FooBot", "FooBot", "/x", allowed(0), allowed(0)},
	{"* applies without a named group", "User-agent: *\nDisallow: /\nUser-agent: FooBot", "other", "/x", blocked(2), blocked(2)},
	{"no group at all", "User-agent: a\nDisallow: /", "x", "/x", allowed(0), allowed(0)},

	// 2.5 Matching a rule.
	{"scheme and authority dropped", "User-agent: *\nDisallow: /x", "x", "https://example.com:8080/x", blocked(2), blocked(2)},
	{"query kept", "User-agent: *\nDisallow: /x?a=1", "x", "http://e.com/x?a=1&b", blocked(2), blocked(2)},
	{"params kept", "User-agent: *\nDisallow: /x;s", "x", "http://e.com/x;s=1", blocked(2), blocked(2)},
	{"fragment dropped", "User-agent: *\nDisallow: /x$", "x", "http://e.com/x#top", blocked(2), blocked(2)},
	{"empty path is /", "User-agent: *\nDisallow: /$", "x", "http://e.com", blocked(2), blocked(2)},
	{"* matches any run including /", "User-agent: *\nDisallow: /a*z", "x", "/a/b/c/z", blocked(2), blocked(2)},
	{"* matches nothing", "User-agent: *\nDisallow: /a*z", "x", "/az", blocked(2), blocked(2)},
	{"$ anchors the end", "User-agent: *\nDisallow: /*.pdf$", "x", "/a.pdf?x", allowed(0), allowed(0)},
	{"$ at the end matches", "User-agent: *\nDisallow: /*.pdf$", "x", "/a/b.pdf", blocked(2), blocked(2)},
	// RFC 9309: a '$' not last is a reserved character, compared
	// percent-encoded as the URL's is (issue 11).
	{"$ inside is literal", "User-agent: *\nDisallow: /a$b", "x", "/a$b", blocked(2), blocked(2)},
	{"$ inside does not anchor", "User-agent: *\nDisallow: /a$b", "x", "/a", allowed(0), allowed(0)},
	{"pattern without leading / never matches", "User-agent: *\nDisallow: private", "x", "/private", allowed(0), allowed(0)},
	{"matching is case-sensitive", "User-agent: *\nDisallow: /Private", "x", "/private", allowed(0), allowed(0)},

	// 2.6 Which rule wins.
	{"length counts * and $", "User-agent: *\nDisallow: /*****\nAllow: /abcd", "x", "/abcd", blocked(2), blocked(2)},
	{"Disallow /* beats Allow /", "User-agent: *\nAllow: /\nDisallow: /*", "x", "/x", blocked(3), blocked(3)},
	{"Allow wins a tie", "User-agent: *\nDisallow: /x\nAllow: /x", "x", "/x", allowed(3), allowed(3)},
	{"longest wins", "User-agent: *\nAllow: /a/b\nDisallow: /a", "x", "/a/b/c", allowed(2), allowed(2)},
	{"first of equal disallows", "User-agent: *\nDisallow: /a*\nDisallow: /*a", "x", "/a", blocked(2), blocked(2)},
	{"empty Disallow reports its line", "User-agent: *\nDisallow:", "x", "/x", allowed(2), allowed(2)},
	{"empty Allow and empty Disallow: Allow's line", "User-agent: *\nDisallow:\nAllow:", "x", "/x", allowed(3), allowed(3)},
	{"empty Disallow never decides", "User-agent: *\nDisallow:\nDisallow: /x", "x", "/x", blocked(3), blocked(3)},
	{"no matching rule: no line", "User-agent: *\nDisallow: /a", "x", "/b", allowed(0), allowed(0)},
	{"index.html allows its directory", "User-agent: *\nDisallow: /d/\nAllow: /d/index.html", "x", "/d/", allowed(3), blocked(2)},
	{"index.html: not with a query", "User-agent: *\nDisallow: /d/\nAllow: /d/index.html", "x", "/d/?a", blocked(2), blocked(2)},
	{"index.htm too", "User-agent: *\nDisallow: /\nAllow: /index.htm", "x", "/", allowed(3), blocked(2)},

	// 2.7 and 3: percent-encoding.
	{"non-ASCII pattern matches the encoded URL", "User-agent: *\nDisallow: /\nAllow: /foo/bar/ツ", "x", "/foo/bar/%E3%83%84", allowed(3), allowed(3)},
	{"non-ASCII pattern and raw URL: Google no, RFC yes", "User-agent: *\nDisallow: /\nAllow: /foo/bar/ツ", "x", "/foo/bar/ツ", blocked(2), allowed(3)},
	{"encoded unreserved: Google no, RFC yes", "User-agent: *\nDisallow: /\nAllow: /%62%61%7A", "x", "/baz", blocked(2), allowed(3)},
	{"encoded tilde in URL", "User-agent: *\nDisallow: /\nAllow: /~mak", "x", "/%7Emak/a", blocked(2), allowed(3)},
	{"pattern hex upper-cased: blocks %2F", "User-agent: *\nDisallow: /x%2f", "x", "/x%2F", blocked(2), blocked(2)},
	{"pattern hex upper-cased: not %2f in the URL (Google)", "User-agent: *\nDisallow: /x%2f", "x", "/x%2f", allowed(0), blocked(2)},
	{"reserved octets stay encoded", "User-agent: *\nDisallow: /a%2Fb", "x", "/a/b", allowed(0), allowed(0)},
	{"%2A matches a literal * (RFC)", "User-agent: *\nDisallow: /a%2Ab", "x", "/a*b", allowed(0), blocked(2)},
	{"%2A is not a wildcard", "User-agent: *\nDisallow: /a%2Ab", "x", "/axb", allowed(0), allowed(0)},
	{"%24 matches a literal $ (RFC)", "User-agent: *\nDisallow: /foo-%24", "x", "/foo-$", allowed(0), blocked(2)},
	{"/robots.txt always allowed (RFC)", "User-agent: *\nDisallow: /", "x", "/robots.txt", blocked(2), allowed(0)},
}

func TestReference(t *testing.T) {
	for _, c := range referenceCases {
		f := robots.Parse([]byte(c.robots))
		for _, d := range []struct {
			dialect robots.Dialect
			want    verdict
		}{{robots.Google, c.google}, {robots.RFC9309, c.rfc}} {
			v := f.CheckDialect(d.dialect, c.agent, c.url)
			if got := (verdict{v.Allowed, v.Line}); got != d.want {
				t.Errorf("%s [%s]: CheckDialect(%q, %q) = %+v, want %+v\n%s", c.name, d.dialect, c.agent, c.url, got, d.want, strings.Join(v.Explanation(), "\n"))
			}
		}
	}
}

// The 1996 draft's own example, in both dialects.
func TestDraft1996Example(t *testing.T) {
	const file = "User-agent: *\nDisallow: /org/plans.html\nAllow: /org/\nAllow: /serv\nAllow: /~mak\nDisallow: /\n"
	f := robots.Parse([]byte(file))
	for _, c := range []struct {
		url         string
		google, rfc bool
	}{
		{"/", false, false},
		{"/index.html", false, false},
		{"/robots.txt", false, true},
		{"/server.html", true, true},
		{"/services/fast.html", true, true},
		{"/orgo.gif", false, false},
		{"/org/about.html", true, true},
		{"/org/plans.html", false, false},
		{"/%7Ejim/jim.html", false, false},
		{"/%7Emak/mak.html", false, true},
	} {
		if got := f.Check("anybot", c.url).Allowed; got != c.google {
			t.Errorf("google: %s allowed = %v, want %v", c.url, got, c.google)
		}
		if got := f.CheckDialect(robots.RFC9309, "anybot", c.url).Allowed; got != c.rfc {
			t.Errorf("rfc9309: %s allowed = %v, want %v", c.url, got, c.rfc)
		}
	}
}
