package robots_test

import (
	"strings"
	"testing"

	"robotstester/robots"
)

// pyFacts are the facts of READINGS-2026.md's part on CPython's current
// robotparser (gh-138907), one case or more each. src is the line of
// Lib/urllib/robotparser.py (at that change) the fact comes from.
var pyFacts = []struct {
	src, fact     string
	robots        string
	agent, url    string
	allowed       bool
	legacyAllowed *bool // what PythonLegacy says, where the table of differences gives it
}{
	// Lines, comments, keys.
	{"L74 splitlines", "\\u2028 ends a line", "User-agent: *\u2028Disallow: /a", "x", "/a", false, nil},
	{"L74 splitlines", "\\v ends a line", "User-agent: *\vDisallow: /a", "x", "/a", false, nil},
	{"L74 splitlines", "\\x1c ends a line", "User-agent: *\x1cDisallow: /a", "x", "/a", false, nil},
	{"L74 splitlines", "UTF-8 NEL ends a line", "User-agent: *\u0085Disallow: /a", "x", "/a", false, nil},
	{"L74 surrogateescape", "a bare byte 0x85 does not end a line", "User-agent: *\x85Disallow: /a", "x", "/a", true, nil},
	{"L102–104", "a comment is cut wherever it stands, inside a path too", "User-agent: *\nDisallow: /x#y", "x", "/x/z", false, nil},
	{"L105 strip", "Unicode white space is stripped", "User-agent: *\nDisallow:\u00a0/a\u3000", "x", "/a", false, nil},
	{"L105 strip", "a BOM is not stripped: the first line is an unknown key", "\ufeffUser-agent: *\nDisallow: /a", "x", "/a", true, nil},
	{"L106–107", "blank lines never end a group", "User-agent: a\n\nDisallow: /x", "a", "/x", false, ptr(true)},
	{"L108", "a line without ':' is ignored", "User-agent: *\nDisallow /a", "x", "/a", true, nil},
	{"L110–111", "space before the colon is stripped", "User-agent : *\nDisallow : /a", "x", "/a", false, nil},
	{"L112–154", "useragent is no key", "Useragent: *\nDisallow: /a", "x", "/a", true, nil},
	{"L112–154", "dissallow is no key", "User-agent: *\nDissallow: /a", "x", "/a", true, nil},
	{"L112–154", "user agent is no key", "User agent: *\nDisallow: /a", "x", "/a", true, nil},
	{"L112–154", "an unknown key does not change the state", "User-agent: a\nHost: x\nUser-agent: b\nDisallow: /x", "a", "/x", false, nil},
	// CPython has no size limit; Parse keeps the first 500 KiB for every
	// reading (what Google fetches), so past it the engine differs: a
	// deliberate limit of the File, which the linter reports.
	{"no limit", "no limit on lines", "User-agent: *\n" + strings.Repeat("#\n", 250000) + "Disallow: /a", "x", "/a", false, nil},

	// Groups.
	{"L112–118", "a user-agent value is kept whole: Foo Bar is not foo", "User-agent: Foo Bar\nDisallow: /", "foo", "/a", true, nil},
	{"L112–118", "a user-agent value is kept whole: foo bar is Foo Bar", "User-agent: Foo Bar\nDisallow: /", "foo bar", "/a", false, nil},
	{"L119–148", "rules before the first user-agent are ignored", "Disallow: /a\nUser-agent: *\nDisallow: /b", "x", "/a", true, nil},
	{"L133–140", "crawl-delay ends the user-agent lines: two groups", "User-agent: a\nCrawl-delay: 1\nUser-agent: b\nDisallow: /x", "a", "/x", true, nil},
	{"L133–140", "crawl-delay ends the user-agent lines: b has its own", "User-agent: a\nCrawl-delay: 1\nUser-agent: b\nDisallow: /x", "b", "/x", false, nil},
	{"L149–154", "sitemap does not change the state", "User-agent: a\nSitemap: http://e.com/s.xml\nUser-agent: b\nDisallow: /x", "a", "/x", false, nil},
	{"L155–156", "a trailing user-agent with no rules is kept and shadows *", "User-agent: *\nDisallow: /\nUser-agent: a", "a", "/x", true, nil},
	{"L76–83 L352", "groups naming the same agent merge", "User-agent: a\nDisallow: /x\nUser-agent: b\nDisallow: /y\nUser-agent: a\nDisallow: /z", "a", "/z", false, nil},
	{"L76–83 L352", "groups naming the same agent merge: the first one's rules stay", "User-agent: a\nDisallow: /x\nUser-agent: b\nDisallow: /y\nUser-agent: a\nDisallow: /z", "a", "/x", false, nil},
	{"L76–83", "two * groups merge", "User-agent: *\nDisallow: /a\n\nUser-agent: *\nDisallow: /b", "x", "/b", false, ptr(true)},
	{"L351", "merged names are the case-sensitive intersection: xa-bot skips the merged a", "User-agent: A\nUser-agent: B\nDisallow: /x\nUser-agent: a\nDisallow: /y", "xa-bot", "/y", true, nil},
	{"L351", "merged names are the case-sensitive intersection: xa-bot finds A,B", "User-agent: A\nUser-agent: B\nDisallow: /x\nUser-agent: a\nDisallow: /y", "xa-bot", "/x", false, nil},
	{"L351", "the exact agent a finds the merged entry", "User-agent: A\nUser-agent: B\nDisallow: /x\nUser-agent: a\nDisallow: /y", "a", "/y", false, nil},

	// User-agent selection.
	{"L158–159", "the whole name is looked up, lower-cased", "User-agent: Googlebot/2.1\nDisallow: /", "googlebot/2.1", "/a", false, nil},
	{"L160–163 L291–302", "a version defeats the exact match: the first substring group", "User-agent: google\nDisallow: /a\nUser-agent: googlebot\nDisallow: /b", "Googlebot/2.1", "/a", false, nil},
	{"L160–163 L291–302", "a version defeats the exact match: googlebot's rules do not apply", "User-agent: google\nDisallow: /a\nUser-agent: googlebot\nDisallow: /b", "Googlebot/2.1", "/b", true, nil},
	{"L158–159", "without a version the exact group", "User-agent: google\nDisallow: /a\nUser-agent: googlebot\nDisallow: /b", "Googlebot", "/b", false, nil},
	{"L158–159", "groups bot then googlebot: googlebot is exact", "User-agent: bot\nDisallow: /a\n\nUser-agent: googlebot\nDisallow: /b", "googlebot", "/a", true, ptr(false)},
	{"L291–302", "the name is cut at '/'", "User-agent: bot\nDisallow: /", "foo/bot", "/a", true, nil},
	{"L291–302", "an empty user-agent matches everyone, before *", "User-agent: *\nDisallow: /a\nUser-agent:\nDisallow: /b", "x", "/b", false, nil},
	{"L291–302", "an empty user-agent matches everyone: * does not apply", "User-agent: *\nDisallow: /a\nUser-agent:\nDisallow: /b", "x", "/a", true, nil},
	{"L164", "* is the last resort", "User-agent: *\nDisallow: /a\nUser-agent: x\nDisallow: /b", "y", "/a", false, nil},
	{"L76–83", "a group of * and x is reachable through x", "User-agent: *\nUser-agent: x\nDisallow: /a", "x", "/a", false, nil},
	{"L76–83", "a group of * and x is reachable through *", "User-agent: *\nUser-agent: x\nDisallow: /a", "y", "/a", false, nil},

	// Rules.
	{"L225–227", "an empty Disallow never beats a real one", "User-agent: *\nDisallow:\nDisallow: /", "x", "/a", false, nil},
	{"L225–227", "an empty Disallow allows", "User-agent: *\nDisallow:", "x", "/a", true, nil},
	{"L225–227", "an empty Allow never beats a Disallow", "User-agent: *\nAllow:\nDisallow: /", "x", "/a", false, nil},
	{"L228–229", "/a$* is /a$: /a", "User-agent: *\nDisallow: /a$*", "x", "/a", false, nil},
	{"L228–229", "/a$* is /a$: not /ab", "User-agent: *\nDisallow: /a$*", "x", "/ab", true, nil},
	{"L228–229", "**+ is *", "User-agent: *\nDisallow: /a**b", "x", "/axxb", false, nil},
	{"L231–234", "/a$*b is /a$b, dropped", "User-agent: *\nDisallow: /a$*b", "x", "/a$b", true, nil},
	{"L231–234", "a $ not last drops the rule", "User-agent: *\nDisallow: /a$b\nDisallow: /c", "x", "/a$b", true, nil},
	{"L121 L128", "a dropped rule still ends the user-agent lines", "User-agent: a\nDisallow: /a$b\nUser-agent: b\nDisallow: /c", "a", "/c", true, nil},
	{"L322–324", "%7E decodes to ~", "User-agent: *\nDisallow: /%7Ea", "x", "/~a", false, nil},
	{"L322–324", "%2F decodes to /", "User-agent: *\nDisallow: /a%2Fb", "x", "/a/b", false, nil},
	{"L322–324", "lower-case hex is upper-cased", "User-agent: *\nDisallow: /a%3a", "x", "/a:", false, nil},
	{"L322–324", "non-ASCII becomes UTF-8 %XX", "User-agent: *\nDisallow: /ä", "x", "/%C3%A4", false, nil},
	{"L322–324", "an undecodable byte becomes %XX", "User-agent: *\nDisallow: /\xff", "x", "/%FF", false, nil},
	{"L322–324", "an invalid escape is encoded", "User-agent: *\nDisallow: /%zz", "x", "/%25zz", false, nil},
	{"L322–324", "space is encoded", "User-agent: *\nDisallow: /a b", "x", "/a%20b", false, nil},
	{"L326–340", "raw = and & stay raw in a query", "User-agent: *\nDisallow: /a?b=c&d", "x", "/a?b=c&d", false, nil},
	{"L326–340", "%3D stays encoded and is not =", "User-agent: *\nDisallow: /a?b%3Dc", "x", "/a?b=c", true, nil},
	{"L326–332", "a literal * in a URL is %2A", "User-agent: *\nDisallow: /a%2A", "x", "/a*", false, nil},
	{"L326–332", "a literal $ in a URL is %24", "User-agent: *\nDisallow: /a%24", "x", "/a$", false, nil},
	{"L342–347", "* matches any run", "User-agent: *\nDisallow: /*.pdf$", "x", "/f.pdf", false, ptr(true)},
	{"L342–347", "$ anchors the end", "User-agent: *\nDisallow: /*.pdf$", "x", "/f.pdf?x", true, nil},
	{"L252–258", "matching is case-sensitive", "User-agent: *\nDisallow: /A", "x", "/a", true, nil},
	{"L245–259", "a wildcard scores by what it consumed: Allow /a* beats Disallow /a/b/c/d", "User-agent: *\nAllow: /a*\nDisallow: /a/b/c/d", "x", "/a/b/c/d", true, nil},
	{"L245–259", "/*.php scores up to the last .php", "User-agent: *\nDisallow: /*.php\nAllow: /x.php/y", "x", "/x.php/y.php", false, nil},
	{"L304–319", "the longest match wins", "User-agent: *\nDisallow: /a\nAllow: /a/b", "x", "/a/b", true, ptr(false)},
	{"L304–319", "Allow wins a tie, after", "User-agent: *\nDisallow: /a\nAllow: /a", "x", "/a", true, nil},
	{"L304–319", "Allow wins a tie, before", "User-agent: *\nAllow: /a\nDisallow: /a", "x", "/a", true, nil},
	{"L304–319", "no matching rule: allowed", "User-agent: *\nDisallow: /a", "x", "/b", true, nil},

	// The URL.
	{"L181–182", "an empty query is kept", "User-agent: *\nDisallow: /a?", "x", "/a?", false, nil},
	{"L181–182", "no query, no ?", "User-agent: *\nDisallow: /a?", "x", "/a", true, nil},
	{"L181–182", "the fragment is kept and encoded", "User-agent: *\nDisallow: /a%23", "x", "/a#b", false, nil},
	{"L181–182", "a // path gets // more", "User-agent: *\nDisallow: /a", "x", "http://h//a", true, nil},
	{"L177–180", "a URL _urlsplit rejects matches no rule (main)", "User-agent: *\nDisallow: /", "x", "http://[::1", true, nil},
	{"L184–185", "an empty path is /", "User-agent: *\nDisallow: /", "x", "http://example.com", false, nil},
	{"L184–185", "an empty path with a query is not /", "User-agent: *\nDisallow: /", "x", "http://example.com?foo", true, nil},
	{"L184–185", "a relative URL is compared as is", "User-agent: *\nDisallow: /", "x", "a/b", true, nil},
	{"L186–188", "/robots.txt is always allowed", "User-agent: *\nDisallow: /", "x", "/robots.txt", true, ptr(false)},
	{"L186–188", "/robots%2Etxt is /robots.txt", "User-agent: *\nDisallow: /", "x", "/robots%2Etxt", true, nil},
	{"L186–188", "/robots.txt?x is not", "User-agent: *\nDisallow: /", "x", "/robots.txt?x", false, nil},
	{"L186–188", "/ROBOTS.TXT is not", "User-agent: *\nDisallow: /", "x", "/ROBOTS.TXT", false, nil},
	{"L189–192", "no group: allowed", "User-agent: a\nDisallow: /", "b", "/x", true, nil},
}

func ptr[T any](v T) *T { return &v }

// TestPythonFacts checks every fact of READINGS-2026.md's CPython part in
// the Python dialect, and, where its table of differences says what CPython
// 3.11 does, in PythonLegacy.
func TestPythonFacts(t *testing.T) {
	for _, c := range pyFacts {
		f := robots.Parse([]byte(c.robots))
		v := f.CheckDialect(robots.Python, c.agent, c.url)
		if v.Allowed != c.allowed {
			t.Errorf("%s, %s: %s %s allowed = %v, want %v\n%s", c.src, c.fact, c.agent, c.url, v.Allowed, c.allowed, strings.Join(v.Explanation(), "\n"))
		}
		if c.legacyAllowed != nil {
			if got := f.CheckDialect(robots.PythonLegacy, c.agent, c.url).Allowed; got != *c.legacyAllowed {
				t.Errorf("%s, %s: legacy allowed = %v, want %v", c.src, c.fact, got, *c.legacyAllowed)
			}
		}
	}
}

// TestPythonCrawlDelay checks crawl-delay as the current robotparser
// reads it: whole numbers of decimal digits of any script (L133–140), the
// later valid line of a group winning, and across merged groups the later
// given (L353–354).
func TestPythonCrawlDelay(t *testing.T) {
	for _, c := range []struct {
		robots string
		want   float64 // -1: none
	}{
		{"User-agent: a\nCrawl-delay: 5", 5},
		{"User-agent: a\nCrawl-delay: 1.5", -1},
		{"User-agent: a\nCrawl-delay: ١٢", 12},
		{"User-agent: a\nCrawl-delay: ²", -1}, // main ignores it; the releases abort parse (gh-153404)
		{"User-agent: a\nCrawl-delay: 3\nCrawl-delay: 4", 4},
		{"User-agent: a\nCrawl-delay: 3\nCrawl-delay: x", 3},
		{"User-agent: a\nCrawl-delay: 3\nDisallow: /\nUser-agent: a\nCrawl-delay: 7", 7},
		{"User-agent: a\nCrawl-delay: 3\nDisallow: /\nUser-agent: a\nDisallow: /b", 3},
		{"Crawl-delay: 3\nUser-agent: a\nDisallow: /", -1},
	} {
		got := -1.0
		for _, g := range robots.Parse([]byte(c.robots)).CheckDialect(robots.Python, "a", "/x").Groups {
			if g.CrawlDelay != nil {
				got = g.CrawlDelay.Seconds
			}
		}
		if got != c.want {
			t.Errorf("%q: crawl-delay %v, want %v", c.robots, got, c.want)
		}
	}
}

// TestPythonSitemaps: every Sitemap line, in file order, wherever it
// stands (L149–154, L210–213).
func TestPythonSitemaps(t *testing.T) {
	r := robots.Parse([]byte("Sitemap: http://e.com/1\nUser-agent: *\nSitemap: http://e.com/2\nDisallow: /\nSitemap: http://e.com/3")).Read(robots.Python)
	var got []string
	for _, s := range r.Sitemaps {
		got = append(got, s.Value)
	}
	if strings.Join(got, " ") != "http://e.com/1 http://e.com/2 http://e.com/3" {
		t.Errorf("sitemaps %q", got)
	}
}

// TestPythonVerdictLine checks the line and tie the Python dialect reports:
// the first rule reaching the best score, replaced by an allowing rule of
// the same score (L304–319).
func TestPythonVerdictLine(t *testing.T) {
	for _, c := range []struct {
		robots, url string
		line        int
		tie         robots.Tie
	}{
		{"User-agent: *\nDisallow: /a\nAllow: /a", "/a", 3, robots.AllowWinsTie},
		{"User-agent: *\nDisallow: /a\nDisallow: /a", "/a", 2, robots.FirstWinsTie},
		{"User-agent: *\nDisallow: /a\nAllow: /a/b", "/a/b", 3, robots.NoTie},
		{"User-agent: *\nDisallow:\nDisallow: /", "/a", 3, robots.NoTie},
		{"User-agent: *\nDisallow: /b", "/a", 0, robots.NoTie},
	} {
		v := robots.Parse([]byte(c.robots)).CheckDialect(robots.Python, "x", c.url)
		if v.Line != c.line || v.Tie != c.tie {
			t.Errorf("%q %s: line %d tie %d, want %d %d", c.robots, c.url, v.Line, v.Tie, c.line, c.tie)
		}
	}
}

// TestParseDialectPython: every reading of CPython has a name.
func TestParseDialectPython(t *testing.T) {
	for name, want := range map[string]robots.Dialect{"python": robots.Python, "python-3.13": robots.Python313, "Python-3.13": robots.Python313, "python-legacy": robots.PythonLegacy, "Python-Legacy": robots.PythonLegacy} {
		if d, ok := robots.ParseDialect(name); !ok || d != want {
			t.Errorf("ParseDialect(%q) = %v, %v", name, d, ok)
		}
	}
	var zero robots.Dialect
	if zero != robots.Google {
		t.Errorf("the zero dialect is %v", zero)
	}
}

// TestPythonExplanation: the Python dialect's words name its score, its
// empty Disallow and the URLs it cannot split.
func TestPythonExplanation(t *testing.T) {
	for _, c := range []struct{ robots, url, want string }{
		{"User-agent: *\nAllow: /a*\nDisallow: /a/b/c/d", "/a/b/c/d", "with score 9 (one more than the length of its pattern, or for a pattern with *, of the part of the path it consumed)"},
		{"User-agent: *\nDisallow:", "/a", "reads an empty Disallow as an Allow of everything"},
		{"User-agent: *\nDisallow: /", "http://[::1", "cannot split this URL"},
	} {
		v := robots.Parse([]byte(c.robots)).CheckDialect(robots.Python, "x", c.url)
		if got := strings.Join(v.Explanation(), "\n"); !strings.Contains(got, c.want) {
			t.Errorf("%q %s: explanation lacks %q:\n%s", c.robots, c.url, c.want, got)
		}
	}
}

// TestPython313EmptyQuery holds the one way in which CPython 3.13's
// backport of gh-138907 (python-3.13) reads otherwise than 3.14 and 3.15
// (python): it splits the URL with the public urlsplit and urlunsplit,
// which drop an empty query and an empty fragment (READINGS-2026.md).
// Every case is read in both, with the path each compares.
func TestPython313EmptyQuery(t *testing.T) {
	for _, c := range []struct {
		name, robots, url   string
		path, path313       string // the path each reading compares
		allowed, allowed313 bool
	}{
		{"an empty query", "Disallow: /x?", "/x?", "/x?", "/x", false, true},
		{"an empty fragment", "Disallow: /x%23", "/x#", "/x%23", "/x", false, true},
		{"an empty query and fragment", "Disallow: /x?", "/x?#", "/x?%23", "/x", false, true},
		{"an empty query before a fragment", "Disallow: /x%23", "/x?#f", "/x?%23f", "/x%23f", true, false},
		{"a rule ending in ?", "Disallow: /join/*?", "http://e.com/join/.html?", "/join/.html?", "/join/.html", false, true},
		{"a rule ending in ?, a query", "Disallow: /join/*?", "http://e.com/join/.html?a=1", "/join/.html?a=1", "/join/.html?a=1", false, false},
		{"a rule ending in ?, no query", "Disallow: /join/*?", "http://e.com/join/.html", "/join/.html", "/join/.html", true, true},
		{"a query", "Disallow: /x?", "/x?a", "/x?a", "/x?a", false, false},
		{"a fragment", "Disallow: /x%23", "/x#a", "/x%23a", "/x%23a", false, false},
		{"no query", "Disallow: /x?", "/x", "/x", "/x", true, true},
		{"only an empty query: / in 3.13", "Disallow: /", "http://e.com?", "?", "/", true, false},
		{"only an empty fragment: / in 3.13", "Disallow: /", "http://e.com#", "%23", "/", true, false},
		{"an empty query after a '$' rule", "Disallow: /x$", "/x?", "/x?", "/x", true, false},
	} {
		f := robots.Parse([]byte("User-agent: *\n" + c.robots))
		for _, r := range []struct {
			d       robots.Dialect
			path    string
			allowed bool
		}{{robots.Python, c.path, c.allowed}, {robots.Python313, c.path313, c.allowed313}} {
			v := f.CheckDialect(r.d, "bot", c.url)
			if v.Path != r.path || v.Allowed != r.allowed {
				t.Errorf("%s: %s, %q under %q: path %q allowed %v, want %q %v\n%s", c.name, r.d, c.url, c.robots, v.Path, v.Allowed, r.path, r.allowed, strings.Join(v.Explanation(), "\n"))
			}
		}
	}
}

// TestPython313IsPython: python-3.13 is the python reading with one
// quirk: on a URL with no '?' and no '#' it decides as python does, by the
// same line, and it is named, described and answers as python.
func TestPython313IsPython(t *testing.T) {
	if d, ok := robots.ParseDialect("python-3.13"); !ok || d != robots.Python313 || d.String() != "python-3.13" {
		t.Fatalf("ParseDialect(python-3.13) = %v, %v", d, ok)
	}
	py, py313 := robots.Python, robots.Python313
	if py313.Precedence() != py.Precedence() || py313.PriorityName() != py.PriorityName() || py313.FirstMatch() {
		t.Errorf("python-3.13 decides otherwise than python: %q %q", py313.Precedence(), py313.PriorityName())
	}
	if !strings.HasPrefix(py313.Describe(), py.Describe()+"; ") || !strings.Contains(py313.Describe(), "empty '?' or '#'") {
		t.Errorf("python-3.13 is described as %q", py313.Describe())
	}
	if !strings.Contains(py313.Summary(), "3.13.14") || strings.Contains(py.Summary(), "3.13") || !strings.Contains(py.Summary(), "3.14.5") {
		t.Errorf("summaries: python %q, python-3.13 %q", py.Summary(), py313.Summary())
	}
	files := corpusFiles(t)
	for _, cf := range files[:min(200, len(files))] {
		f := robots.Parse(cf.data)
		for _, agent := range []string{"Googlebot", "googlebot/2.1", "unknownbot"} {
			for _, u := range corpusURLs {
				a, b := f.CheckDialect(py, agent, u), f.CheckDialect(py313, agent, u)
				if a.Allowed != b.Allowed || a.Line != b.Line || a.Path != b.Path {
					t.Fatalf("%s %s %s: python %v (line %d, %s), python-3.13 %v (line %d, %s)", cf.name, agent, u, a.Allowed, a.Line, a.Path, b.Allowed, b.Line, b.Path)
				}
			}
		}
	}
}
