package robots_test

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"robotstester/robots"
)

func TestParseErrors(t *testing.T) {
	base := "token: X\noperator: O\nrole: search\nsource: crawler.go\n"
	for _, tc := range []struct {
		name, in string
		line     int
		want     string
	}{
		{"no colon", "token X\n", 1, "no colon"},
		{"empty value", "token:\n", 1, "no value"},
		{"bad token", "token: Kangaroo Bot\noperator: O\nrole: search\nsource: s\n", 1, "not a product token"},
		{"unknown role", "token: X\noperator: O\nrole: crawling\nsource: s\n", 3, "not one of the engine's roles"},
		{"unknown key", base + "colour: red\n", 5, "unknown key"},
		{"http docs", base + "docs: http://example.com/bot\n", 5, "not an https URL"},
		{"http ranges", base + "ranges: http://example.com/bot.json\n", 5, "not an https URL"},
		{"http source", "token: X\noperator: O\nrole: search\nsource: http://example.com/\n", 4, "not an https URL"},
		{"bad robots", base + "robots: maybe\n", 5, "want yes, no or partly"},
		{"bad fetches", base + "fetches: sometimes\n", 5, "want yes or no"},
		{"bad rdns", base + "rdns: *.googlebot.com\n", 5, "want a domain"},
		{"twice", base + "operator: P\n", 5, "given twice"},
		{"no operator", "token: X\nrole: search\nsource: s\n", 1, "no operator"},
		{"no role", "token: X\noperator: O\nsource: s\n", 1, "no role"},
		{"no source", "token: X\noperator: O\nrole: search\n", 1, "no source"},
		{"no token", "operator: O\nrole: search\nsource: s\n", 1, "no token"},
		{"source without robots", base + "robots-source: s\n", 1, "robots-source with no robots"},
		{"second record", base + "\n# c\n\ntoken: Y\noperator: O\nrole: nope\nsource: s\n", 10, "not one of"},
		{"listed without why", "listed: Kangaroo Bot\nsource: ai.robots.txt\n", 1, "neither alias-of nor note"},
		{"listed with a field of crawlers", "listed: X Y\nnote: n\nrole: search\nsource: s\n", 3, "in a listed record"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, _, err := robots.ParseCatalogue(strings.NewReader(tc.in))
			var pe *robots.CatalogueError
			if !errors.As(err, &pe) {
				t.Fatalf("Parse: %v, want a *ParseError", err)
			}
			if pe.Line != tc.line || !strings.Contains(pe.Msg, tc.want) {
				t.Errorf("Parse: line %d %q, want line %d and %q", pe.Line, pe.Msg, tc.line, tc.want)
			}
		})
	}
}

func TestParseRecord(t *testing.T) {
	in := `# a comment
token: Googlebot   # the main one
token: Googlebot-Mobile
ua: Googlebot Smartphone
operator: Google
role: search
purpose: search
robots: yes
robots-source: https://example.com/robots
fetches: no
ranges: https://example.com/a.json
rdns: GoogleBot.com
source: crawler.go
source: https://example.com/doc#part

listed: Googlebot/2.1
alias-of: Googlebot
source: ai.robots.txt
`
	cs, listed, err := robots.ParseCatalogue(strings.NewReader(in))
	if err != nil {
		t.Fatal(err)
	}
	if len(cs) != 1 || len(listed) != 1 {
		t.Fatalf("got %d crawlers, %d listed", len(cs), len(listed))
	}
	e := cs[0]
	if e.Token != "Googlebot" || len(e.Aliases) != 1 || e.UAs[0] != "Googlebot Smartphone" || e.Role != robots.RoleSearch ||
		e.Robots != robots.HonoursYes || !e.ControlOnly || e.RDNS[0] != "googlebot.com" || len(e.Sources) != 2 || e.Line != 2 {
		t.Errorf("crawler: %+v", e)
	}
	if l := listed[0]; l.Name != "Googlebot/2.1" || l.AliasOf != "Googlebot" || l.Line != 16 {
		t.Errorf("listed: %+v", l)
	}
}

// TestLookupAliases checks that a crawler is found by any of its tokens,
// in any case.
func TestLookupAliases(t *testing.T) {
	for _, c := range robots.Crawlers() {
		for _, tok := range append([]string{c.Token}, c.Aliases...) {
			got, ok := robots.LookupCrawler(strings.ToUpper(tok))
			if !ok || got.Token != c.Token {
				t.Errorf("LookupCrawler(%q) = %q, %v; want %q", strings.ToUpper(tok), got.Token, ok, c.Token)
			}
		}
	}
}

func TestCatalogueFile(t *testing.T) {
	cs := robots.Crawlers()
	if n := len(cs); n < 250 {
		t.Errorf("%d crawlers, want at least 250", n)
	}
	seen := map[string]int{}
	byRole := map[robots.Role]int{}
	featured := 0
	for _, e := range cs {
		byRole[e.Role]++
		if e.Featured {
			featured++
		}
		if e.Vendor == "" || e.Purpose == "" || len(e.Sources) == 0 {
			t.Errorf("line %d %s: no operator, purpose or source", e.Line, e.Token)
		}
		for _, tok := range append([]string{e.Token}, e.Aliases...) {
			if !validToken(tok) {
				t.Errorf("line %d: %q is not a product token", e.Line, tok)
			}
			k := strings.ToLower(tok)
			if at, dup := seen[k]; dup {
				t.Errorf("line %d: token %s already at line %d", e.Line, tok, at)
			}
			seen[k] = e.Line
		}
		urls := append(append([]string{e.Docs, e.RobotsSource}, e.Ranges...), e.Sources...)
		for _, u := range urls {
			if u == "" || !strings.Contains(u, "://") {
				continue
			}
			p, err := url.Parse(u)
			if err != nil || p.Scheme != "https" || p.Host == "" {
				t.Errorf("line %d %s: %q is not an https URL", e.Line, e.Token, u)
			}
		}
		for _, r := range e.Ranges {
			if !strings.HasSuffix(r, ".json") {
				t.Errorf("line %d %s: ranges %q is not a JSON list", e.Line, e.Token, r)
			}
		}
		for _, fb := range e.Fallbacks {
			if _, ok := robots.LookupCrawler(fb); !ok {
				t.Errorf("line %d %s: falls back to %s, which the catalogue does not have", e.Line, e.Token, fb)
			}
		}
		if e.ControlOnly && e.Role != robots.RoleAITraining {
			t.Errorf("line %d %s: a control token (fetches: no) that is not ai-training", e.Line, e.Token)
		}
	}
	for _, l := range robots.Listed() {
		if l.AliasOf != "" {
			if _, ok := robots.LookupCrawler(l.AliasOf); !ok {
				t.Errorf("line %d: %q is an alias of %q, which no record has", l.Line, l.Name, l.AliasOf)
			}
		}
		if _, ok := seen[strings.ToLower(l.Name)]; ok && validToken(l.Name) && !strings.EqualFold(l.Name, l.AliasOf) {
			t.Errorf("line %d: listed %q is a token of the catalogue", l.Line, l.Name)
		}
	}
	var roles []string
	for r, n := range byRole {
		roles = append(roles, fmt.Sprintf("%s %d", r, n))
	}
	sort.Strings(roles)
	t.Logf("%d crawlers (%d featured), %d listed names; by role: %s", len(cs), featured, len(robots.Listed()), strings.Join(roles, ", "))
	if featured < 30 || featured > 60 {
		t.Errorf("%d featured crawlers: the grid and the matrix show them first, want 30 to 60", featured)
	}
}

// validToken is the catalogue's token: letters, digits, '_' and '-'.
func validToken(s string) bool {
	return s != "" && strings.Trim(s, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-") == ""
}

// referencePath is the reference list, from this package's directory:
// robots → the repository → the shared folder beside it.
var referencePath = filepath.Join("..", "..", "shared", "data", "ai-robots-txt", "robots.json")

// TestReferenceList compares the catalogue with the reference list of AI
// agents: an agent is covered when a record has it as a token or a ua, or
// a listed record answers it.
func TestReferenceList(t *testing.T) {
	b, err := os.ReadFile(referencePath)
	if errors.Is(err, os.ErrNotExist) {
		t.Skipf("the reference list is not at %s (a checkout without ../shared): nothing to compare", referencePath)
	}
	if err != nil {
		t.Fatal(err)
	}
	var ref map[string]json.RawMessage
	if err := json.Unmarshal(b, &ref); err != nil {
		t.Fatalf("%s: %v", referencePath, err)
	}
	known := map[string]bool{}
	for _, e := range robots.Crawlers() {
		for _, s := range append(append([]string{e.Token}, e.Aliases...), e.UAs...) {
			known[strings.ToLower(s)] = true
		}
	}
	for _, l := range robots.Listed() {
		known[strings.ToLower(l.Name)] = true
	}
	var missing []string
	for name := range ref {
		if !known[strings.ToLower(name)] {
			missing = append(missing, name)
		}
	}
	sort.Strings(missing)
	covered := len(ref) - len(missing)
	pct := 100 * float64(covered) / float64(len(ref))
	t.Logf("reference list: %d agents, %d covered (%.1f%%)", len(ref), covered, pct)
	if len(missing) > 0 {
		t.Logf("new in the reference list, not in the catalogue: %s", strings.Join(missing, ", "))
	}
	if pct < 95 {
		t.Errorf("coverage %.1f%% of the reference list, want at least 95%%", pct)
	}
	// Every agent the catalogue answers by a listed record only is a name
	// that is not a product token, or another case of a token.
	for _, l := range robots.Listed() {
		if _, ok := ref[l.Name]; !ok {
			t.Errorf("line %d: listed %q is not in the reference list", l.Line, l.Name)
		}
	}
}

// BenchmarkParseCatalogue is the catalogue's cost, paid once when a
// program first asks for a crawler (the page, at its first analysis).
func BenchmarkParseCatalogue(b *testing.B) {
	for i := 0; i < b.N; i++ {
		if _, _, err := robots.ParseCatalogue(strings.NewReader(robots.CatalogueFile())); err != nil {
			b.Fatal(err)
		}
	}
}
