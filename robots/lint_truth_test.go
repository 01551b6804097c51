package robots_test

import (
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"
	"testing"

	"robotstester/robots"
	"robotstester/robots/internal/benchdata"
)

// This file checks that nothing the linter says contradicts a verdict of
// the engine: every claim a finding makes (a rule applies to a crawler, does
// not apply, never decides) is checked with Check, for that crawler, on URLs
// built to hit the rule, in the dialect the claim is about.

// claimChecker checks the claims of the findings on one file.
type claimChecker struct {
	f       *robots.File
	unnamed string // a crawler name no group of any reading names, or ""
	checked int    // claim, crawler and rule combinations checked
	skipped int    // rules no URL could be built to hit
	wrong   []string
	byCode  map[string]int // contradictions by finding code
	found   map[string]bool
	skips   map[string]int // rules no URL hits, by finding code
}

func newClaimChecker(f *robots.File) *claimChecker {
	return &claimChecker{f: f, unnamed: unnamedCrawler(f), byCode: map[string]int{}, found: map[string]bool{}, skips: map[string]int{}}
}

// unnamedCrawler returns a crawler name that no reading's group names: as a
// product token or as a substring, as first-match readers look names up.
func unnamedCrawler(f *robots.File) string {
	for _, name := range []string{"zqxjvk", "qqzzxxw", "xjqzvwk-q"} {
		named := false
		for _, d := range robots.Dialects() {
			for _, g := range f.Read(d).Groups {
				for _, a := range g.Agents {
					v := strings.ToLower(a.Value)
					if a.Token != "*" && (strings.EqualFold(a.Token, name) || strings.Contains(name, v)) {
						named = true
					}
				}
			}
		}
		if !named {
			return name
		}
	}
	return ""
}

// agents returns the crawler names a claim's Agent stands for in reading r.
func (c *claimChecker) agents(r *robots.Reading, cl robots.Claim) []string {
	switch {
	case cl.Agent == "*":
		if c.unnamed == "" {
			return nil
		}
		return []string{c.unnamed}
	case cl.Every:
		names := []string{}
		if c.unnamed != "" {
			names = append(names, c.unnamed)
		}
		for _, g := range r.Groups {
			for _, a := range g.Agents {
				name := a.Token
				if r.Dialect.FirstMatch() {
					name = a.Value
				}
				if name != "*" && name != "" && !slices.Contains(names, name) {
					names = append(names, name)
				}
			}
		}
		return names
	}
	return []string{cl.Agent}
}

// ruleAt returns the rule at line n in reading r, or nil.
func ruleAt(r *robots.Reading, n int) *robots.Rule {
	for gi := range r.Groups {
		g := &r.Groups[gi]
		for i := range g.Rules {
			if g.Rules[i].Line == n {
				return &g.Rules[i]
			}
		}
	}
	return nil
}

// urlsFor builds URLs that the rule at line n matches in dialect d, had its
// pattern stood alone in a group: each candidate is checked on a file of
// that one rule. It returns none when no candidate hits (a pattern that
// does not start with / or *).
func (c *claimChecker) urlsFor(d robots.Dialect, n int) []string {
	r := c.f.Read(d)
	var values []string
	if rule := ruleAt(r, n); rule != nil {
		values = append(values, rule.Value, rule.Pattern())
	}
	values = append(values, c.f.Value(n))
	var out []string
	for _, v := range values {
		for _, star := range []string{"", "x1"} {
			p := v
			anchored := false
			if d != robots.MK1996 && d != robots.MK1994 && d != robots.PythonLegacy {
				anchored = strings.HasSuffix(p, "$")
				p = strings.TrimSuffix(p, "$")
				p = strings.ReplaceAll(p, "*", star)
			}
			if !anchored && star != "" {
				p += "z9"
			}
			if !strings.HasPrefix(p, "/") {
				p = "/" + p
			}
			u := "https://example.com" + p
			if p == "/robots.txt" || slices.Contains(out, u) {
				continue
			}
			one := robots.Parse([]byte("User-agent: *\nDisallow: " + v + "\n"))
			vd := one.CheckDialect(d, "anybot", u)
			if len(vd.Matches) > 0 && vd.Matches[0].Rule.Line == 2 {
				out = append(out, u)
			}
		}
	}
	return out
}

func (c *claimChecker) check(name string, fd robots.Finding, cl robots.Claim) {
	r := c.f.Read(cl.Dialect)
	for _, n := range cl.Rules {
		urls := c.urlsFor(cl.Dialect, n)
		if len(urls) == 0 {
			c.skipped++
			c.skips[string(fd.Code)]++
			continue
		}
		for _, agent := range c.agents(r, cl) {
			c.checked++
			decided := false
			for _, u := range urls {
				v := r.Check(agent, u)
				matched, byMatched := false, false
				for _, m := range v.Matches {
					matched = matched || m.Rule.Line == n
					byMatched = byMatched || m.Rule.Line == cl.By
				}
				var bad string
				switch cl.Effect {
				case robots.Applies:
					if !matched {
						bad = "the rule does not match"
					}
				case robots.DoesNotApply:
					if matched {
						bad = "the rule matches"
					}
				case robots.NeverDecides:
					switch {
					case v.Line == n:
						bad = "the rule decides"
					case cl.By != 0 && matched && !byMatched:
						bad = fmt.Sprintf("line %d does not match", cl.By)
					}
				}
				decided = decided || v.Line == n
				if bad != "" {
					c.byCode[string(fd.Code)]++
					c.found[fmt.Sprintf("%s %s %d %s", name, cl.Dialect, fd.Line, fd.Code)] = true
					c.wrong = append(c.wrong, fmt.Sprintf("%s line %d %s (%s): claim %s %q every=%v line %d by %d: %s for %s (verdict %v, line %d): %s",
						name, fd.Line, fd.Code, cl.Dialect, cl.Effect, cl.Agent, cl.Every, n, cl.By, bad, u, v.Allowed, v.Line, fd.Message))
					break
				}
			}
			_ = decided
		}
	}
}

type lintCorpusFile struct {
	name string
	data []byte
}

func lintCorpus(t testing.TB) []lintCorpusFile {
	dir := filepath.Join(benchdata.SharedDir(t, "corpus"), "files")
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var files []lintCorpusFile
	for _, e := range entries {
		data, err := os.ReadFile(filepath.Join(dir, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, lintCorpusFile{e.Name(), data})
	}
	return files
}

// TestFindingsAgreeWithVerdicts checks every claim of every finding on
// every corpus file, in every dialect, against the engine's verdicts. The
// files are checked side by side, one worker per CPU.
func TestFindingsAgreeWithVerdicts(t *testing.T) {
	files := lintCorpus(t)
	results := make([]*claimChecker, len(files))
	claimCounts := make([]int, len(files))
	next := make(chan int)
	var wg sync.WaitGroup
	for range runtime.GOMAXPROCS(0) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				f := robots.Parse(files[i].data)
				c := newClaimChecker(f)
				for _, d := range robots.Dialects() {
					for _, fd := range f.Read(d).Findings() {
						for _, cl := range fd.Claims {
							claimCounts[i]++
							c.check(files[i].name, fd, cl)
						}
					}
				}
				results[i] = c
			}
		}()
	}
	for i := range files {
		next <- i
	}
	close(next)
	wg.Wait()

	var checked, skipped, claims, findings int
	var wrong []string
	byCode, skips := map[string]int{}, map[string]int{}
	for i, c := range results {
		claims += claimCounts[i]
		checked += c.checked
		skipped += c.skipped
		findings += len(c.found)
		wrong = append(wrong, c.wrong...)
		for code, n := range c.byCode {
			byCode[code] += n
		}
		for code, n := range c.skips {
			skips[code] += n
		}
	}
	t.Logf("rules no URL hits, by finding: %v", skips)
	if len(byCode) > 0 {
		t.Logf("contradictions by finding: %v", byCode)
	}
	t.Logf("%d claims: %d crawler and rule checks, %d rules with no URL to hit them, %d contradictions in %d findings", claims, checked, skipped, len(wrong), findings)
	for i, w := range wrong {
		if i == 50 {
			t.Errorf("... and %d more", len(wrong)-i)
			break
		}
		t.Error(w)
	}
}

// FuzzFindingsAgreeWithVerdicts checks the claims of the findings on any
// text, in every dialect, as TestFindingsAgreeWithVerdicts does on the
// corpus.
func FuzzFindingsAgreeWithVerdicts(f *testing.F) {
	for _, s := range []string{
		"User-agent: *\nUser-agent: Googlebot\nDisallow: /a*\n\nUser-agent: Googlebot\nDisallow: /b\n",
		"User-agent: a\nCrawl-delay: 5\n\nUser-agent: b\nDisallow: /x\n",
		"User-agent: *\nDisallow: /a\nAllow: /a/b\n\nDisallow: /c\n",
		"User-agent: a\nUser-agent: b\nDisallow: /x\n\nUser-agent: a\nAllow: /x\n",
		"Disallow: /x\nUser-agent: *\nDisallow: /\nAllow: /p\nUser-agent: bot\n",
		"\u00ef\u00bb\u00bfUser-agent: *\nDisallow: /x\n",
		"User-agent: *\nDisallow: /d/\nAllow: /d/index.html\nUser-agent: x\nDisallow: /e\n",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		file := robots.Parse([]byte(text))
		c := newClaimChecker(file)
		for _, d := range robots.Dialects() {
			for _, fd := range file.Read(d).Findings() {
				for _, cl := range fd.Claims {
					c.check("fuzz", fd, cl)
				}
			}
		}
		for _, w := range c.wrong {
			t.Errorf("%q: %s", text, w)
		}
	})
}
