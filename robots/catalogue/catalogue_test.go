package catalogue

import (
	"encoding/json"
	"errors"
	"net/url"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"robotstester/robots"
)

func load(t *testing.T) Catalogue {
	t.Helper()
	c, err := Load()
	if err != nil {
		t.Fatalf("Load: %v", err)
	}
	return c
}

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
		{"bad robots", base + "robots: maybe\n", 5, "want yes, no, partly"},
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
			_, err := Parse(strings.NewReader(tc.in))
			var pe *ParseError
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
	c, err := Parse(strings.NewReader(in))
	if err != nil {
		t.Fatal(err)
	}
	if len(c.Entries) != 1 || len(c.Listed) != 1 {
		t.Fatalf("got %d entries, %d listed", len(c.Entries), len(c.Listed))
	}
	e := c.Entries[0]
	if e.Token() != "Googlebot" || len(e.Tokens) != 2 || e.UAs[0] != "Googlebot Smartphone" || e.Role != robots.RoleSearch ||
		e.Robots != HonoursYes || e.Fetches || e.RDNS[0] != "googlebot.com" || len(e.Sources) != 2 || e.Line != 2 {
		t.Errorf("entry: %+v", e)
	}
	if l := c.Listed[0]; l.Name != "Googlebot/2.1" || l.AliasOf != "Googlebot" || l.Line != 16 {
		t.Errorf("listed: %+v", l)
	}
	if _, ok := c.Lookup("googlebot-MOBILE"); !ok {
		t.Error("Lookup is not case-insensitive")
	}
}

func TestCatalogue(t *testing.T) {
	c := load(t)
	if n := len(c.Entries); n < 250 {
		t.Errorf("%d crawlers, want at least 250", n)
	}
	seen := map[string]int{}
	byRole := map[robots.Role]int{}
	for _, e := range c.Entries {
		byRole[e.Role]++
		if e.Operator == "" || e.Purpose == "" || len(e.Sources) == 0 {
			t.Errorf("line %d %s: no operator, purpose or source", e.Line, e.Token())
		}
		for _, tok := range e.Tokens {
			if !ValidToken(tok) {
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
				t.Errorf("line %d %s: %q is not an https URL", e.Line, e.Token(), u)
			}
		}
		for _, r := range e.Ranges {
			if !strings.HasSuffix(r, ".json") {
				t.Errorf("line %d %s: ranges %q is not a JSON list", e.Line, e.Token(), r)
			}
		}
		if !e.Fetches && e.Role != robots.RoleAITraining {
			t.Errorf("line %d %s: a control token (fetches: no) that is not ai-training", e.Line, e.Token())
		}
	}
	for _, l := range c.Listed {
		if l.AliasOf != "" {
			if _, ok := c.Lookup(l.AliasOf); !ok {
				t.Errorf("line %d: %q is an alias of %q, which no record has", l.Line, l.Name, l.AliasOf)
			}
		}
		if _, ok := seen[strings.ToLower(l.Name)]; ok && ValidToken(l.Name) && !strings.EqualFold(l.Name, l.AliasOf) {
			t.Errorf("line %d: listed %q is a token of the catalogue", l.Line, l.Name)
		}
	}
	var roles []string
	for r, n := range byRole {
		roles = append(roles, r.String()+" "+itoa(n))
	}
	sort.Strings(roles)
	t.Logf("%d crawlers, %d listed names; by role: %s", len(c.Entries), len(c.Listed), strings.Join(roles, ", "))
	var digits []string
	for _, e := range c.Entries {
		for _, tok := range e.Tokens {
			if Cut(tok) != tok {
				digits = append(digits, tok+"→"+Cut(tok))
			}
		}
	}
	t.Logf("tokens an RFC 9309 parser cuts (digits): %s", strings.Join(digits, " "))
}

func itoa(n int) string {
	b := []byte{}
	for ; n > 0 || len(b) == 0; n /= 10 {
		b = append([]byte{byte('0' + n%10)}, b...)
	}
	return string(b)
}

// TestToday checks that every crawler of robots.Crawlers() is in the
// catalogue with the same role, operator and fetching.
func TestToday(t *testing.T) {
	c := load(t)
	for _, cr := range robots.Crawlers() {
		e, ok := c.Lookup(cr.Token)
		switch {
		case !ok:
			t.Errorf("%s: not in the catalogue", cr.Token)
		case e.Token() != cr.Token:
			t.Errorf("%s: the catalogue's main token is %s", cr.Token, e.Token())
		case e.Role != cr.Role:
			t.Errorf("%s: role %s, crawler.go says %s", cr.Token, e.Role, cr.Role)
		case e.Operator != cr.Vendor:
			t.Errorf("%s: operator %q, crawler.go says %q", cr.Token, e.Operator, cr.Vendor)
		case e.Fetches == cr.ControlOnly:
			t.Errorf("%s: fetches %v, crawler.go says control-only %v", cr.Token, e.Fetches, cr.ControlOnly)
		}
	}
}

// referencePath is the reference list, from this package's directory:
// robots/catalogue → the repository → the shared folder beside it.
var referencePath = filepath.Join("..", "..", "..", "shared", "data", "ai-robots-txt", "robots.json")

// TestReference compares the catalogue with the reference list of AI
// agents: an agent is covered when a record has it as a token or a ua, or
// a listed record answers it.
func TestReference(t *testing.T) {
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
	c := load(t)
	known := map[string]bool{}
	for _, e := range c.Entries {
		for _, s := range append(append([]string(nil), e.Tokens...), e.UAs...) {
			known[strings.ToLower(s)] = true
		}
	}
	for _, l := range c.Listed {
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
	for _, l := range c.Listed {
		if _, ok := ref[l.Name]; !ok {
			t.Errorf("line %d: listed %q is not in the reference list", l.Line, l.Name)
		}
	}
}

func TestCut(t *testing.T) {
	for in, want := range map[string]string{"MJ12bot": "MJ", "Googlebot": "Googlebot", "360Spider": "", "AI2Bot-X": "AI", "a_b-c": "a_b-c"} {
		if got := Cut(in); got != want {
			t.Errorf("Cut(%q) = %q, want %q", in, got, want)
		}
	}
}
