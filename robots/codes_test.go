package robots_test

import (
	"regexp"
	"testing"

	"robotstester/robots"
)

// checkFindingCode checks that a finding's code is in the table of codes,
// and that the finding is no more severe than its code.
func checkFindingCode(t *testing.T, name string, fd robots.Finding) {
	t.Helper()
	if !fd.Code.Known() {
		t.Errorf("%s: line %d: code %q is not in the table of codes", name, fd.Line, fd.Code)
	} else if fd.Severity > fd.Code.Severity() {
		t.Errorf("%s: line %d: %s finding %s, more severe than its code's %s", name, fd.Line, fd.Severity, fd.Code, fd.Code.Severity())
	}
}

// TestCodeTable checks the table of lint codes: each code once, written as
// the contract says (lower-case words joined by '-'), with a summary; and
// the codes that outside checks and docs/engine.md name keep their strings.
func TestCodeTable(t *testing.T) {
	seen := map[robots.Code]bool{}
	word := regexp.MustCompile(`^[a-z0-9]+(-[a-z0-9]+)*$`)
	for _, c := range robots.Codes() {
		if seen[c] {
			t.Errorf("%s is twice in the table", c)
		}
		seen[c] = true
		if !word.MatchString(string(c)) {
			t.Errorf("%q is not lower-case words joined by '-'", c)
		}
		if c.Summary() == "" {
			t.Errorf("%s has no summary", c)
		}
	}
	for _, c := range []struct {
		code robots.Code
		want string
		sev  robots.Severity
	}{
		{robots.CodeOrphanRule, "orphan-rule", robots.Warning},
		{robots.CodeNeverMatches, "never-matches", robots.Error},
		{robots.CodeShadowedRule, "shadowed-rule", robots.Warning},
		{robots.CodeUnreachableRule, "unreachable-rule", robots.Warning},
		{robots.CodeMisspelledKey, "misspelled-key", robots.Warning},
		{robots.CodeMissingColon, "missing-colon", robots.Warning},
		{robots.CodeDropsGlobal, "drops-global", robots.Info},
		{robots.CodeMergedGroups, "merged-groups", robots.Info},
		{robots.CodeBlankEndsRecord, "blank-ends-record", robots.Warning},
		{robots.CodeOrderMatters, "order-matters", robots.Info},
		{robots.CodeUnsupportedNoindex, "unsupported-noindex", robots.Warning},
		{robots.CodeAIPrefMalformed, "ai-pref-malformed", robots.Warning},
		{robots.CodeNotRobots, "not-robots", robots.Error},
	} {
		if string(c.code) != c.want || c.code.Severity() != c.sev || !c.code.Known() {
			t.Errorf("%s: %q, %s, known %v; want %q, %s", c.want, c.code, c.code.Severity(), c.code.Known(), c.want, c.sev)
		}
	}
	if robots.Code("no-such-code").Known() || robots.Code("no-such-code").Summary() != "" {
		t.Error("a code outside the table is known")
	}
}

// TestFindingCodes checks that the findings of files that raise many
// kinds of finding, in every dialect, carry codes of the table.
func TestFindingCodes(t *testing.T) {
	for _, text := range []string{
		"Disallow: /orphan\nUser-agent: Googlebot News\nUser agent: x\nDisallowed: /a\nDisallow /b\nAllow: a\nDisallow: /a$b\nCrawl-delay: x\nNoindex: /x\nHost: a\nClean-param: a\nRequest-rate: 1/5\nContent-Signal: search=yes\nSitemap: /s.xml\nFoo: bar\njust text\n\nUser-agent: *\nDisallow: /\nAllow: \nDisallow:\n\nUser-agent: bot\n\nDisallow: /x\nAllow: /x/y\nDisallow: /*.pdf\n",
		"<html><body>not robots</body></html>\n",
		"\xEF\xBB\xBFUser-agent: *\nDisallow: /\xff\n\x00\nhttps://example.com/sitemap.xml\n<<<<<<< HEAD\n",
	} {
		f := robots.Parse([]byte(text))
		for _, d := range robots.Dialects() {
			for _, fd := range f.Read(d).Findings() {
				checkFindingCode(t, d.String(), fd)
			}
		}
	}
}
