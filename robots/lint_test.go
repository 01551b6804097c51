package robots_test

import (
	"strings"
	"testing"

	"robotstester/robots"
)

// TestFindings checks that each finding of REFERENCE section 6 is made, on
// the line it is about.
func TestFindings(t *testing.T) {
	for _, c := range []struct {
		name, file string
		line       int
		code       robots.Code
		sev        robots.Severity
		dialect    robots.Dialect
	}{
		{"rule before any user-agent", "Disallow: /x\nUser-agent: *\nDisallow: /y", 1, "orphan-rule", robots.Warning, robots.Google},
		{"path without /", "User-agent: *\nDisallow: private", 2, "never-matches", robots.Error, robots.Google},
		{"full URL as path", "User-agent: *\nDisallow: https://e.com/x", 2, "never-matches", robots.Error, robots.Google},
		{"$ not at the end", "User-agent: *\nDisallow: /a$b", 2, "dollar-inside", robots.Warning, robots.Google},
		{"misspelling Google accepts", "User-agent: *\nDissallow: /x", 2, "misspelled-key", robots.Warning, robots.Google},
		{"key by prefix", "User-agent: *\nDisallowed: /x", 2, "misspelled-key", robots.Warning, robots.Google},
		{"misspelling the standard ignores", "User-agent: *\nDisalow: /x", 2, "strict-ignored", robots.Warning, robots.RFC9309},
		{"unknown key", "User-agent: *\nDisalloww /x\nFoo: bar", 3, "unknown-key", robots.Warning, robots.Google},
		{"missing colon", "User-agent: *\nDisallow /x", 2, "missing-colon", robots.Warning, robots.Google},
		{"token cut", "User-agent: Googlebot News\nDisallow: /x", 1, "agent-cut", robots.Warning, robots.Google},
		{"digits cut the token", "User-agent: MJ12bot\nDisallow: /x", 1, "agent-cut", robots.Warning, robots.Google},
		{"version dropped", "User-agent: Googlebot/2.1\nDisallow: /x", 1, "agent-version", robots.Info, robots.Google},
		{"no token", "User-agent: *Bot\nDisallow: /x", 1, "agent-no-token", robots.Error, robots.Google},
		{"named group drops * rules", "User-agent: *\nDisallow: /admin/\n\nUser-agent: Googlebot\nDisallow: /tmp/", 4, "drops-global", robots.Info, robots.Google},
		{"group without rules", "User-agent: *\nDisallow: /x\nUser-agent: FooBot", 3, "empty-group", robots.Warning, robots.Google},
		{"merged groups", "User-agent: a\nDisallow: /x\nUser-agent: b\nDisallow: /y\nUser-agent: A\nDisallow: /z", 5, "merged-groups", robots.Info, robots.Google},
		{"sitemap not absolute", "Sitemap: /sitemap.xml", 1, "sitemap-not-absolute", robots.Warning, robots.Google},
		{"stray BOM", "User-agent: *\n\uFEFFDisallow: /x", 2, "stray-bom", robots.Warning, robots.Google},
		{"not UTF-8", "User-agent: *\nDisallow: /\xff", 2, "not-utf8", robots.Warning, robots.Google},
		{"HTML", "<!DOCTYPE html>\n<html><body>Not found</body></html>", 1, "html", robots.Error, robots.Google},
		{"noindex", "User-agent: *\nNoindex: /x", 2, "unsupported-noindex", robots.Warning, robots.Google},
		{"crawl-delay", "User-agent: *\nCrawl-delay: 10", 2, "crawl-delay", robots.Info, robots.Google},
		{"host", "User-agent: *\nHost: example.com", 2, "host", robots.Info, robots.Google},
		{"clean-param", "User-agent: Yandex\nClean-param: ref", 2, "clean-param", robots.Info, robots.Google},
		{"disallow all", "User-agent: *\nDisallow: /", 2, "disallow-all", robots.Warning, robots.Google},
		{"same pattern: Disallow never decides", "User-agent: *\nDisallow: /x\nAllow: /x", 2, "shadowed-rule", robots.Warning, robots.Google},
		{"trailing * changes nothing", "User-agent: *\nDisallow: /x\nAllow: /x*", 2, "shadowed-rule", robots.Warning, robots.Google},
		{"duplicate rule", "User-agent: *\nDisallow: /x\nDisallow: /x", 3, "shadowed-rule", robots.Warning, robots.Google},
		{"long line", "User-agent: *\nDisallow: /" + strings.Repeat("a", 17000), 2, "long-line", robots.Warning, robots.Google},
		{"NUL byte", "User-agent: *\nDisallow: /a\x00b", 2, "nul-byte", robots.Warning, robots.Google},
		{"not a record", "User-agent: *\nDisallow /a /b", 2, "not-a-record", robots.Warning, robots.Google},
		{"control token", "User-agent: Google-Extended\nDisallow: /", 1, "control-token", robots.Info, robots.Google},

		// Lines that mean different things in different dialects.
		{"Allow after a shorter Disallow", "User-agent: *\nDisallow: /a\nAllow: /a/b", 3, "order-matters", robots.Info, robots.Google},
		{"wildcards elsewhere", "User-agent: *\nDisallow: /a\nDisallow: /*.pdf$", 3, "wildcards-elsewhere", robots.Info, robots.Google},
		{"blank line inside a group", "User-agent: *\nDisallow: /a\n\nDisallow: /b", 3, "blank-in-group", robots.Info, robots.Google},
		{"blank line ends the record", "User-agent: *\nDisallow: /a\n\nDisallow: /b", 3, "blank-ends-record", robots.Warning, robots.MK1996},
		{"rule after the blank line is orphaned", "User-agent: *\nDisallow: /a\n\nDisallow: /b", 4, "orphan-rule", robots.Warning, robots.PythonLegacy},
		{"wildcard read literally", "User-agent: *\nDisallow: /*.pdf", 2, "wildcard-literal", robots.Warning, robots.MK1996},
		{"Allow never reached", "User-agent: *\nDisallow: /\nAllow: /public", 3, "unreachable-rule", robots.Warning, robots.GYM2008},
		{"Dissallow read as Allow", "User-agent: *\nDissallow: /x", 2, "dialect-misreads", robots.Error, robots.MK1996},
		{"space before colon", "User-agent: *\nDisallow : /x", 2, "dialect-ignores", robots.Warning, robots.GYM2008},
		{"Allow ignored in 1994", "User-agent: *\nAllow: /x\nDisallow: /", 2, "allow-ignored", robots.Info, robots.MK1994},
		{"BOM spoils Python's first line", "\uFEFFUser-agent: *\nDisallow: /", 1, "bom-spoils", robots.Warning, robots.PythonLegacy},
		{"a group without rules before a blank line runs on", "User-agent: a\nCrawl-delay: 5\n\nUser-agent: b\nDisallow: /x", 3, "blank-in-group", robots.Warning, robots.Google},
		{"the blank line gives the rules below to the names below", "User-agent: a\nCrawl-delay: 5\n\nUser-agent: b\nDisallow: /x", 3, "blank-ends-record", robots.Warning, robots.MK1996},
		{"BOM converted twice", "\u00ef\u00bb\u00bfUser-agent: *\nDisallow: /x", 1, "mangled-bom", robots.Error, robots.Google},
		{"shadowed for one of the names only", "User-agent: a\nUser-agent: b\nDisallow: /x\n\nUser-agent: a\nAllow: /x", 3, "shadowed-rule", robots.Warning, robots.Google},
	} {
		f := robots.Parse([]byte(c.file))
		found := false
		for _, fd := range f.Read(c.dialect).Findings() {
			if fd.Code == c.code && fd.Line == c.line {
				found = true
				if fd.Severity != c.sev {
					t.Errorf("%s: severity %v, want %v", c.name, fd.Severity, c.sev)
				}
				if fd.Message == "" {
					t.Errorf("%s: empty message", c.name)
				}
			}
		}
		if !found {
			t.Errorf("%s: no %s finding on line %d; got %+v", c.name, c.code, c.line, f.Read(c.dialect).Findings())
		}
	}
}

func TestFindingsQuietOnCleanFile(t *testing.T) {
	const file = `# example.com
User-agent: *
Disallow: /admin/
Allow: /admin/public/
Disallow: /*?session=

Sitemap: https://example.com/sitemap.xml
`
	for _, fd := range robots.Parse([]byte(file)).Findings() {
		if fd.Severity != robots.Info {
			t.Errorf("finding on a clean file: %+v", fd)
		}
	}
}

func TestPastLimitFinding(t *testing.T) {
	data := []byte("User-agent: *\n" + strings.Repeat("Disallow: /aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa\n", 14000))
	f := robots.Parse(data)
	for _, fd := range f.Findings() {
		if fd.Code == "past-limit" {
			if fd.Line != f.CutLine {
				t.Errorf("past-limit on line %d, cut line %d", fd.Line, f.CutLine)
			}
			return
		}
	}
	t.Errorf("no past-limit finding")
}

func TestDropsGlobalQuietWhenCovered(t *testing.T) {
	f := robots.Parse([]byte("User-agent: *\nDisallow: /cart/\nDisallow: /search\n\nUser-agent: GPTBot\nDisallow: /\n\nUser-agent: Bot\nDisallow: /cart\nDisallow: /search\n"))
	for _, fd := range f.Findings() {
		if fd.Code == "drops-global" {
			t.Errorf("drops-global although every * rule is covered: %+v", fd)
		}
	}
}

// TestFindingsNotMade checks findings that would be wrong: each file reads
// otherwise than the finding would say.
func TestFindingsNotMade(t *testing.T) {
	for _, c := range []struct {
		name, file string
		line       int
		code       robots.Code
		dialect    robots.Dialect
	}{
		// The group names * and Googlebot: its rules apply to Googlebot.
		{"a group naming * and the crawler", "User-agent: *\nUser-agent: Googlebot\nDisallow: /a*\n\nUser-agent: Googlebot\nDisallow: /b", 2, "drops-global", robots.Google},
		{"the crawler's own rule blocks as much", "User-agent: *\nDisallow: /a/b\n\nUser-agent: Bot\nDisallow: /a*", 4, "drops-global", robots.Google},
		// a is named by the first group too, which has a rule.
		{"an empty group merged with one with rules", "User-agent: a\nDisallow: /x\nUser-agent: *\nDisallow: /y\nUser-agent: a", 5, "empty-group", robots.Google},
		// Allow: / wins the tie: the Disallow blocks nothing.
		{"Disallow: / that an Allow: / undoes", "User-agent: *\nDisallow: /\nAllow: /", 2, "disallow-all", robots.Google},
		// Python splits the line at U+0085: "Disallow: /a" is a rule.
		{"a line Python splits", "User-agent: *\nDisallow: /a\u0085b", 2, "dialect-ignores", robots.PythonLegacy},
		// Python reads on past a line of spaces, where the 1996 draft
		// ends the record: only the 1996 draft's reading differs.
		{"a line of spaces, in Python", "User-agent: a\nDisallow: /x\n  \nDisallow: /y", 3, "blank-ends-record", robots.PythonLegacy},
	} {
		for _, fd := range robots.Parse([]byte(c.file)).Read(c.dialect).Findings() {
			if fd.Code == c.code && fd.Line == c.line {
				t.Errorf("%s: %s finding on line %d: %s", c.name, c.code, c.line, fd.Message)
			}
		}
	}
}

// TestOrderMattersOnce checks that the rules first-match readers never
// reach are reported in one finding, which claims each of them.
func TestOrderMattersOnce(t *testing.T) {
	f := robots.Parse([]byte("User-agent: *\nDisallow: /a\nAllow: /a/1\nAllow: /a/2\nDisallow: /b\nAllow: /b/1\n"))
	var got []robots.Finding
	for _, fd := range f.Findings() {
		if fd.Code == "order-matters" {
			got = append(got, fd)
		}
	}
	if len(got) != 1 {
		t.Fatalf("%d order-matters findings, want 1: %+v", len(got), got)
	}
	if got[0].Line != 3 || !strings.Contains(got[0].Message, "2 more rules (lines 4 and 6)") {
		t.Errorf("finding: line %d, %q", got[0].Line, got[0].Message)
	}
	hidden := map[int]bool{}
	for _, c := range got[0].Claims {
		if c.Effect != robots.NeverDecides || c.Agent != "*" {
			t.Errorf("claim %+v", c)
		}
		for _, n := range c.Rules {
			hidden[n] = true
		}
	}
	if len(hidden) != 3 || !hidden[3] || !hidden[4] || !hidden[6] {
		t.Errorf("claimed rules %v, want 3, 4 and 6", hidden)
	}
}

// TestEmptyAllowNote checks what the note on an empty Allow says of the
// other readings against their verdicts.
func TestEmptyAllowNote(t *testing.T) {
	f := robots.Parse([]byte("User-agent: *\nAllow:\n"))
	for _, c := range []struct {
		d       robots.Dialect
		allowed bool
	}{{robots.Google, true}, {robots.GYM2008, false}, {robots.MK1996, false}} {
		if v := f.CheckDialect(c.d, "anybot", "/page"); v.Allowed != c.allowed {
			t.Errorf("%s: allowed %v, the note says %v", c.d, v.Allowed, c.allowed)
		}
	}
}

// TestOtherReadersSaid checks that a line Google ignores but first-match
// readers read is not said to be ignored by every crawler, nor a rule
// after it.
func TestOtherReadersSaid(t *testing.T) {
	for _, c := range []struct {
		name, file string
		line       int
		says       string
	}{
		{"a key behind other words", "User-agent: *\nDisallow: /x\nImage Sitemap: https://example.com/i.xml", 3,
			"Google and the standard ignore this line, but GYM 2008 parsers, the 1996 draft that Baidu follows and the 1994 convention read it as Sitemap."},
		{"a rule after a user-agent line only first-match readers read", "\u00ef\u00bb\u00bfUser-agent: *\nDisallow: /x", 2,
			"so Google ignores it; GYM 2008 parsers, the 1996 draft that Baidu follows and the 1994 convention find a User-agent line above it"},
	} {
		found := false
		for _, fd := range robots.Parse([]byte(c.file)).Findings() {
			if fd.Line == c.line {
				found = true
				if !strings.Contains(fd.Message, c.says) {
					t.Errorf("%s: %q, want it to say %q", c.name, fd.Message, c.says)
				}
			}
		}
		if !found {
			t.Errorf("%s: no finding on line %d", c.name, c.line)
		}
	}
}

// TestWildcardsElsewhereNamesReaders checks that the note on wildcards
// names the readings that match them literally, as the table of readings
// says: CPython's current robotparser reads them, its legacy one does not.
func TestWildcardsElsewhereNamesReaders(t *testing.T) {
	f := robots.Parse([]byte("User-agent: *\nDisallow: /*.pdf$\n"))
	for _, fd := range f.Findings() {
		if fd.Code != robots.CodeWildcardsElsewhere {
			continue
		}
		if want := "but the 1996 draft that Baidu follows, the 1994 convention and Python's robotparser up to 3.12 match them literally."; !strings.Contains(fd.Message, want) {
			t.Errorf("%q does not say %q", fd.Message, want)
		}
		return
	}
	t.Error("no wildcards-elsewhere finding")
}
