package robots_test

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"robotstester/robots"
	"robotstester/robots/internal/benchdata"
)

// intentPaths are the paths every crawler is checked on, before and after
// an intent is written, with some of each file's own rule paths.
var intentPaths = []string{"/", "/index.html", "/admin/", "/private/x", "/search?q=x", "/a/b/c.pdf", "/wp-admin/admin-ajax.php"}

// filePaths returns a few paths of f's own Disallow and Allow rules, as
// URLs they match, for the checks to reach past the root.
func filePaths(f *robots.File, n int) []string {
	var out []string
	for _, g := range f.Read(robots.Google).Groups {
		for _, r := range g.Rules {
			p := strings.ReplaceAll(strings.TrimSuffix(r.Value, "$"), "*", "x")
			if strings.HasPrefix(p, "/") && len(out) < n {
				out = append(out, p)
			}
		}
	}
	return out
}

// checkIntent checks what WriteIntent wrote from before (intentHolds)
// on the paths and each file's own rule paths, and that writing it again
// changes nothing.
func checkIntent(t *testing.T, name, before string, in robots.Intent) bool {
	t.Helper()
	after := robots.WriteIntent(before, in)
	if again := robots.WriteIntent(after, in); again != after {
		t.Errorf("%s: writing the intent twice changes the file:\n--- once\n%s\n--- twice\n%s", name, after, again)
		return false
	}
	old := robots.ParseString(before)
	paths := append(append([]string(nil), intentPaths...), filePaths(old, 6)...)
	_, ok := intentHolds(t, name, before, after, in, paths, nil)
	return ok
}

// intentHolds checks, in every reading, for every catalogued crawler and
// the tokens given, on every path, that the file written (after) differs
// from before only as the intent says, and returns the number of
// verdicts compared. The crawler's choice is the intent's for it
// (Intent.Targets), or in a reading where it reads a group naming a
// crawler the intent governs (Googlebot-Image reads Googlebot's, and
// Baiduspider a record named "Aidu" in the readings that look for names
// in its name), that crawler's. Then:
//   - no choice (left as is, outside the intent): every verdict is the
//     same;
//   - Block: every URL is blocked (but those a reading always allows,
//     /robots.txt in RFC 9309);
//   - Allow, in the crawler's own reading and those that give it the same
//     groups: no URL allowed before is blocked; a URL blocked before by a
//     rule that is not a site blocker (a Disallow matching "/" in
//     Google's reading) stays blocked; and in its own reading, "/" is
//     allowed. A reading that gives it other groups (one that reads a
//     group naming * and it as a * group, or drops a record of
//     Crawl-delay lines alone) is not bound: the intent follows the
//     crawler's own reading.
//
// A control token (Google-Extended), which never fetches, is checked in
// its vendor's reading alone. The linter finds no control token sharing a
// group in the block.
func intentHolds(t *testing.T, name, before, after string, in robots.Intent, paths []string, tokens []string) (int, bool) {
	return intentHoldsOn(t, name, newVerdicts(robots.ParseString(before)), after, in, paths, tokens)
}

// verdicts are a file's verdicts, each made once: the property test
// compares one file with 21 written from it.
type verdicts struct {
	f    *robots.File
	memo map[verdictKey]robots.Verdict
}

type verdictKey struct {
	d           robots.Dialect
	token, path string
}

func newVerdicts(f *robots.File) *verdicts {
	return &verdicts{f: f, memo: map[verdictKey]robots.Verdict{}}
}

func (vs *verdicts) check(d robots.Dialect, c robots.Crawler, path string) robots.Verdict {
	k := verdictKey{d, c.Token, path}
	v, ok := vs.memo[k]
	if !ok {
		v = vs.f.Read(d).CheckCrawler(c, "https://example.com"+path)
		vs.memo[k] = v
	}
	return v
}

// intentHoldsOn is intentHolds with the verdicts before made already.
func intentHoldsOn(t *testing.T, name string, vs *verdicts, after string, in robots.Intent, paths []string, tokens []string) (int, bool) {
	t.Helper()
	old, neu := vs.f, robots.ParseString(after)
	same := after == old.Raw()
	choice := map[string]robots.Choice{}
	for _, tg := range in.Targets(old) {
		choice[strings.ToLower(tg.Token)] = tg.Choice
	}
	crawlers := intentCrawlers(in.Targets(old), neu)
	for _, tok := range tokens {
		crawlers = append(crawlers, robots.CrawlerFor(tok))
	}
	blocker := map[string]bool{}
	isBlocker := func(m *robots.Match) bool {
		if m == nil || m.Rule.Allow || strings.TrimSpace(m.Rule.Value) == "" {
			return false
		}
		b, ok := blocker[m.Rule.Value]
		if !ok {
			b = !robots.ParseString("User-agent: *\nDisallow: "+m.Rule.Value+"\n").Check("x", "/").Allowed
			blocker[m.Rule.Value] = b
		}
		return b
	}
	n, errs := 0, 0
	fail := func(format string, args ...any) {
		if errs++; errs <= 5 {
			t.Errorf(name+": "+format, args...)
		}
	}
	for _, d := range robots.Dialects() {
		rn := neu.Read(d)
		for _, c := range crawlers {
			if c.ControlOnly && d != c.Dialect {
				continue // it never fetches: only its vendor's reading means anything
			}
			ch, governed := choice[strings.ToLower(c.Token)]
			if v := rn.CheckCrawler(c, "/"); choice[strings.ToLower(v.Token)] != robots.Leave && !strings.EqualFold(v.Token, c.Token) {
				continue // it reads that crawler's group: its verdicts are that crawler's, checked as its
			}
			if v := vs.check(d, c, "/"); !governed && choice[strings.ToLower(v.Token)] != robots.Leave && !strings.EqualFold(v.Token, c.Token) {
				ch, governed = choice[strings.ToLower(v.Token)], true
			}
			if same && (!governed || ch == robots.Leave) {
				continue // the same file: the same verdicts
			}
			// The intent lifts the groups the crawler's own reading
			// gives it: a reading that gives it other lines (a record of
			// Crawl-delay lines alone, which the first-match readings
			// drop) is not bound by Allow.
			asOwn := d == c.Dialect || sameGroups(vs.check(d, c, "/"), vs.check(c.Dialect, c, "/"))
			for _, p := range paths {
				was, is := vs.check(d, c, p), rn.CheckCrawler(c, "https://example.com"+p)
				n++
				switch {
				case !governed || ch == robots.Leave:
					if was.Allowed != is.Allowed {
						fail("%s: %s is left as is, and its verdict of %s changed from %v (line %d) to %v (line %d)\n%s", d, c.Token, p, was.Allowed, was.Line, is.Allowed, is.Line, after)
					}
				case ch == robots.Deny:
					if is.Allowed && is.Selection != robots.AlwaysAllowed {
						fail("%s: %s is to be blocked, and may fetch %s (line %d)\n%s", d, c.Token, p, is.Line, after)
					}
				case was.Allowed && !is.Allowed && asOwn:
					fail("%s: %s is to be allowed, and %s goes blocked (line %d: %s)\n%s", d, c.Token, p, is.Line, neu.Text(is.Line), after)
				case !was.Allowed && is.Allowed && !isBlocker(was.Decider()) && asOwn:
					fail("%s: %s is to be allowed, and %s, blocked by line %d (%s), which is no site blocker, goes allowed\n%s", d, c.Token, p, was.Line, old.Text(was.Line), after)
				case p == "/" && !is.Allowed && d == c.Dialect:
					fail("%s: %s is to be allowed, and may not fetch / (line %d: %s)\n%s", d, c.Token, is.Line, neu.Text(is.Line), after)
				}
			}
		}
	}
	begin, end := blockLines(after)
	for _, fd := range neu.Findings() {
		if fd.Code == robots.CodeControlShared && fd.Line > begin && fd.Line < end {
			t.Errorf("%s: the block puts a control token beside a crawler: line %d: %s", name, fd.Line, fd.Message)
			errs++
		}
	}
	return n, errs == 0
}

// stripped is before without a block written earlier.
func stripped(text string) string {
	s, _ := robots.StripIntent(text)
	return s
}

// blockLines returns the lines of the block's markers, 0 0 when none.
func blockLines(text string) (int, int) {
	begin, end := 0, 0
	for i, l := range strings.Split(strings.ReplaceAll(text, "\r\n", "\n"), "\n") {
		switch l {
		case robots.IntentBegin:
			begin = i + 1
		case robots.IntentEnd:
			end = i + 1
		}
	}
	return begin, end
}

// randomIntent returns an intent of random choices per role, per some
// crawlers, and of random AI preferences.
func randomIntent(rng *rand.Rand) robots.Intent {
	in := robots.Intent{Roles: map[robots.Role]robots.Choice{}, Crawlers: map[string]robots.Choice{}}
	for _, r := range robots.IntentRoles() {
		ch := robots.Choice(rng.IntN(3))
		for _, role := range r.Roles {
			in.Roles[role] = ch
		}
	}
	cs := robots.Crawlers()
	for range rng.IntN(4) {
		c := cs[rng.IntN(len(cs))]
		in.Crawlers[c.Token] = robots.Choice(rng.IntN(3))
	}
	if rng.IntN(4) == 0 {
		in.Crawlers["ExampleBot"] = robots.Choice(1 + rng.IntN(2))
	}
	if rng.IntN(2) == 0 {
		for i := range in.Pref.Stances {
			in.Pref.Stances[i] = robots.Stance(rng.IntN(3))
		}
		in.Pref.Usage = rng.IntN(2) == 0
	}
	return in
}

// TestWriteIntentTable writes intents into small files and checks the
// text written, line for line.
func TestWriteIntentTable(t *testing.T) {
	blockAI := robots.Intent{Roles: map[robots.Role]robots.Choice{robots.RoleAITraining: robots.Deny}}
	for _, c := range []struct {
		name, file string
		in         robots.Intent
		want       []string // lines the result holds, in this order
		not        []string // lines it must not hold
		same       bool     // the file is returned as it is
	}{
		{
			name: "a crawler named with others: only its line goes",
			file: "User-agent: GPTBot\nUser-agent: Foo\nDisallow: /x\n",
			in:   blockAI,
			want: []string{robots.IntentBegin, "User-agent: GPTBot", "Disallow: /", robots.IntentEnd, "", "# off by intent: User-agent: GPTBot", "User-agent: Foo", "Disallow: /x"},
		},
		{
			name: "a group naming only governed crawlers goes whole, its sitemap stays",
			file: "User-agent: *\nDisallow: /tmp/\n\nUser-agent: CCBot\nCrawl-delay: 5\nAllow: /\nSitemap: https://example.com/s.xml\n",
			in:   blockAI,
			want: []string{"# off by intent: User-agent: CCBot", "# off by intent: Crawl-delay: 5", "# off by intent: Allow: /", "Sitemap: https://example.com/s.xml"},
		},
		{
			name: "control tokens have groups of their own",
			file: "User-agent: *\nAllow: /\n",
			in:   robots.Intent{Roles: map[robots.Role]robots.Choice{robots.RoleAITraining: robots.Deny, robots.RoleSearch: robots.Deny}},
			want: []string{"User-agent: Googlebot", "User-agent: GPTBot", "Disallow: /", "", "User-agent: Google-Extended", "Disallow: /", "", "User-agent: Applebot-Extended", "Disallow: /"},
		},
		{
			name: "the issue's file: search engines allowed already, nothing changes",
			file: issueFile,
			in:   robots.Intent{Roles: map[robots.Role]robots.Choice{robots.RoleSearch: robots.Let}},
			same: true,
		},
		{
			name: "allowed: the site blocker goes, in place, and the group's path rules and Crawl-delay stay",
			file: "User-agent: *\nDisallow: /cart/\n\nUser-agent: Googlebot\nUser-agent: bingbot\nCrawl-delay: 5\nDisallow: /\nDisallow: /private/\nAllow: /private/press/\n",
			in:   robots.Intent{Roles: map[robots.Role]robots.Choice{robots.RoleSearch: robots.Let}},
			want: []string{"User-agent: *", "Disallow: /cart/", "", "User-agent: Googlebot", "User-agent: bingbot", "Crawl-delay: 5", "# off by intent: Disallow: /", "Disallow: /private/", "Allow: /private/press/"},
			not:  []string{robots.IntentBegin},
		},
		{
			name: "allowed, in a group shared with another crawler: a copy of the group for it",
			file: "User-agent: Googlebot\nUser-agent: FooBot\nDisallow: /\nDisallow: /x\n",
			in:   robots.Intent{Crawlers: map[string]robots.Choice{"Googlebot": robots.Let}},
			want: []string{"User-agent: Googlebot", "# off by intent: Disallow: /", "Disallow: /x", "", "# off by intent: User-agent: Googlebot", "User-agent: FooBot", "Disallow: /", "Disallow: /x"},
		},
		{
			name: "allowed, reading the * group: a copy of it, the site blocker out",
			file: "User-agent: *\nDisallow: /admin/\nDisallow: /\nAllow: /public/\n",
			in:   robots.Intent{Crawlers: map[string]robots.Choice{"bingbot": robots.Let}},
			want: []string{"User-agent: bingbot", "Disallow: /admin/", "# off by intent: Disallow: /", "Allow: /public/", "", "User-agent: *", "Disallow: /admin/", "Disallow: /", "Allow: /public/"},
			not:  []string{robots.IntentBegin},
		},
		{
			name: "allowed, its group left with no rule: an empty rule keeps it a group",
			file: "User-agent: GPTBot\nDisallow: /\nUser-agent: CCBot\nDisallow: /\n",
			in:   robots.Intent{Crawlers: map[string]robots.Choice{"GPTBot": robots.Let}},
			want: []string{"User-agent: GPTBot", "# off by intent: Disallow: /", "Disallow:", "User-agent: CCBot", "Disallow: /"},
		},
		{
			name: "blocked already: nothing changes",
			file: "User-agent: GPTBot\nUser-agent: CCBot\nDisallow: /\n",
			in:   robots.Intent{Crawlers: map[string]robots.Choice{"GPTBot": robots.Deny}},
			same: true,
		},
		{
			name: "preferences go in the * group, replacing others; an allowed crawler already allowed is left",
			file: "User-agent: *\nContent-Signal: search=yes\nDisallow: /x\n",
			in: robots.Intent{Roles: map[robots.Role]robots.Choice{robots.RoleAISearch: robots.Let},
				Pref: robots.AIPref{Stances: [robots.NumUsePurposes]robots.Stance{robots.StatedYes, robots.StatedYes, robots.StatedNo}, Usage: true}},
			want: []string{"User-agent: *", "Content-Signal: search=yes, ai-input=yes, ai-train=no", "Content-Usage: search=y, train-ai=n", "# off by intent: Content-Signal: search=yes", "Disallow: /x"},
			not:  []string{robots.IntentBegin, "User-agent: OAI-SearchBot"},
		},
		{
			name: "preferences without a * group get one",
			file: "Sitemap: https://example.com/s.xml",
			in:   robots.Intent{Pref: robots.AIPref{Stances: [robots.NumUsePurposes]robots.Stance{robots.NotStated, robots.NotStated, robots.StatedNo}}},
			want: []string{"Sitemap: https://example.com/s.xml", "", robots.IntentBegin, "User-agent: *", "Content-Signal: ai-train=no", "Allow: /", robots.IntentEnd, ""},
		},
		{
			name: "Googlebot-Image follows Googlebot's choice, unnamed",
			file: "User-agent: *\nDisallow: /x\n",
			in:   robots.Intent{Crawlers: map[string]robots.Choice{"Googlebot": robots.Deny}},
			want: []string{robots.IntentBegin, "User-agent: Googlebot", "Disallow: /", robots.IntentEnd},
			not:  []string{"User-agent: Googlebot-Image"},
		},
		{
			name: "an intent of nothing keeps the block",
			file: robots.IntentBegin + "\nUser-agent: GPTBot\nDisallow: /\n" + robots.IntentEnd + "\n\nUser-agent: *\nDisallow: /x\n",
			in:   robots.Intent{},
			same: true,
		},
		{
			name: "a crawler of the block now allowed: out of its group there, in a group of its own",
			file: robots.IntentBegin + "\nUser-agent: GPTBot\nUser-agent: CCBot\nDisallow: /\n" + robots.IntentEnd + "\n\nUser-agent: *\nDisallow: /x\n",
			in:   robots.Intent{Crawlers: map[string]robots.Choice{"GPTBot": robots.Deny, "CCBot": robots.Let}},
			want: []string{robots.IntentBegin, "User-agent: CCBot", "Disallow:", "", "User-agent: GPTBot", "Disallow: /", robots.IntentEnd, "", "User-agent: *", "Disallow: /x"},
			not:  []string{"# off by intent: User-agent: CCBot", "# off by intent: Disallow: /"},
		},
		{
			name: "a crawler blocked, a block written before: its group added to the block",
			file: robots.IntentBegin + "\nUser-agent: GPTBot\nDisallow: /\n" + robots.IntentEnd + "\n\nUser-agent: *\nDisallow: /x\n",
			in:   robots.Intent{Crawlers: map[string]robots.Choice{"GPTBot": robots.Deny, "CCBot": robots.Deny}},
			want: []string{robots.IntentBegin, "User-agent: GPTBot", "Disallow: /", "", "User-agent: CCBot", "Disallow: /", robots.IntentEnd, "", "User-agent: *"},
		},
		{
			name: "an unknown token is written as given, a bad one is not",
			file: "",
			in:   robots.Intent{Crawlers: map[string]robots.Choice{"ExampleBot": robots.Deny, "not a token": robots.Deny, "*": robots.Deny}},
			want: []string{robots.IntentBegin, "User-agent: ExampleBot", "Disallow: /", robots.IntentEnd},
			not:  []string{"User-agent: *", "User-agent: not a token"},
		},
	} {
		got := robots.WriteIntent(c.file, c.in)
		if c.same && got != c.file {
			t.Errorf("%s: the file changed:\n%s", c.name, got)
		}
		lines := strings.Split(got, "\n")
		at := 0
		for _, w := range c.want {
			for at < len(lines) && lines[at] != w {
				at++
			}
			if at == len(lines) {
				t.Errorf("%s: no line %q in order in:\n%s", c.name, w, got)
				break
			}
			at++
		}
		for _, n := range c.not {
			for _, l := range lines {
				if l == n {
					t.Errorf("%s: line %q in:\n%s", c.name, n, got)
				}
			}
		}
		checkIntent(t, c.name, c.file, c.in)
	}
}

// issueFile is the page's example (issue 43): Googlebot and bingbot have
// a group of their own, with path rules and a Crawl-delay; the * group
// lets any other crawler crawl the site.
const issueFile = `# robots.txt for shop.example
User-agent: *
Disallow: /cart/
Disallow: /search
Allow: /search/help
Disallow: /*?sessionid=
Disallow: /*.pdf$

User-agent: Googlebot
User-agent: bingbot
Crawl-delay: 5
Disallow: /private/
Allow: /private/press/
Disallow: /shop/*
Allow: /shop/$

User-agent: GPTBot
User-agent: CCBot
Disallow: /

Sitemap: https://shop.example/sitemap.xml
`

// TestWriteIntentCRLF keeps a file's CRLF or CR line ends in what it
// writes.
func TestWriteIntentCRLF(t *testing.T) {
	in := robots.Intent{Roles: map[robots.Role]robots.Choice{robots.RoleAITraining: robots.Deny}}
	got := robots.WriteIntent("User-agent: *\r\nDisallow: /x\r\n", in)
	if strings.Count(got, "\n") != strings.Count(got, "\r\n") {
		t.Errorf("a lone LF in a CRLF file:\n%q", got)
	}
	checkIntent(t, "crlf", "User-agent: *\r\nDisallow: /x\r\n", in)
	in.Pref.Stances[robots.UseAITrain] = robots.StatedNo
	for _, file := range []string{"\ufeffUser-agent: *\rAllow: /\r", "User-agent: *\rDisallow: /x", "Sitemap: https://example.com/s.xml\r"} {
		got := robots.WriteIntent(file, in)
		if strings.Contains(got, "\n") {
			t.Errorf("a LF in a file of CR line ends:\n%q", got)
		}
		checkIntent(t, "cr", file, in)
	}
}

// TestWriteIntentRandom writes random intents into generated files made
// of the catalogue's tokens, and checks every crawler (checkIntent).
func TestWriteIntentRandom(t *testing.T) {
	rng := rand.New(rand.NewPCG(39, 3))
	cs := robots.Crawlers()
	rules := []string{"Disallow: /", "Disallow: /admin/", "Allow: /", "Allow: /public/", "Disallow: /*.pdf$", "Disallow: /private", "Crawl-delay: 3", "Content-Signal: ai-train=no", "Disallow:", "Allow: /$"}
	for i := range 300 {
		var b strings.Builder
		for range 1 + rng.IntN(5) {
			for range 1 + rng.IntN(3) {
				tok := "*"
				if rng.IntN(4) > 0 {
					tok = cs[rng.IntN(len(cs))].Token
				}
				fmt.Fprintf(&b, "User-agent: %s\n", tok)
			}
			// Records (Crawl-delay, Content-Signal) only after a rule:
			// between user-agent lines, Google reads one group where
			// CPython reads two, and commenting out a user-agent line
			// there is left out (see WriteIntent).
			for j := range rng.IntN(4) {
				r := rules[rng.IntN(len(rules))]
				if j == 0 && !strings.HasPrefix(r, "Allow") && !strings.HasPrefix(r, "Disallow") {
					r = "Disallow: /nothing-here"
				}
				b.WriteString(r + "\n")
			}
			if rng.IntN(2) == 0 {
				b.WriteString("\n")
			}
		}
		in := randomIntent(rng)
		name := fmt.Sprintf("file %d", i)
		if !checkIntent(t, name, b.String(), in) {
			t.Logf("%s:\n%s\nintent %+v", name, b.String(), in)
			return
		}
	}
}

// TestWriteIntentCorpus writes random intents into the corpus's real
// files (those under 128 KiB: 4 s for them all), and checks every crawler
// (checkIntent).
func TestWriteIntentCorpus(t *testing.T) {
	rng := rand.New(rand.NewPCG(39, 4))
	failed := 0
	for _, cf := range corpusFiles(t) {
		if len(cf.data) > robots.FetchLimit/4 {
			continue
		}
		in := randomIntent(rng)
		if !checkIntent(t, cf.name, string(cf.data), in) {
			t.Logf("%s: intent %+v", cf.name, in)
			if failed++; failed > 3 {
				return
			}
		}
	}
}

// TestLintIntentMistakes finds the mistakes of rules written by intent by
// hand: a control token beside a crawler that fetches, a user-triggered
// fetcher disallowed; and not in the groups written by WriteIntent.
func TestLintIntentMistakes(t *testing.T) {
	for _, c := range []struct {
		file string
		code robots.Code
		line int // 0: no finding of code
	}{
		{"User-agent: Googlebot\nUser-agent: Google-Extended\nDisallow: /\n", robots.CodeControlShared, 2},
		{"User-agent: Google-Extended\nUser-agent: Applebot-Extended\nDisallow: /\n", robots.CodeControlShared, 0},
		{"User-agent: Google-Extended\nUser-agent: Googlebot\n", robots.CodeControlShared, 0}, // no rules: empty-group says it
		{"User-agent: ChatGPT-User\nDisallow: /\n", robots.CodeUserFetch, 1},
		{"User-agent: ChatGPT-User\nAllow: /\n", robots.CodeUserFetch, 0},
		{"User-agent: GPTBot\nDisallow: /\n", robots.CodeUserFetch, 0},
		{robots.WriteIntent("", robots.Intent{Roles: map[robots.Role]robots.Choice{robots.RoleSearch: robots.Deny, robots.RoleAITraining: robots.Deny}}), robots.CodeControlShared, 0},
	} {
		got := 0
		for _, fd := range robots.ParseString(c.file).Findings() {
			checkFindingCode(t, c.file, fd)
			if fd.Code == c.code {
				got = fd.Line
			}
		}
		if got != c.line {
			t.Errorf("%q: %s at line %d, want %d", c.file, c.code, got, c.line)
		}
	}
}

// BenchmarkWriteIntentBig writes an intent into the 500 KiB generated
// file (20,000 rules): the page previews it at each change of the form.
func BenchmarkWriteIntentBig(b *testing.B) {
	text := string(benchdata.Big())
	in := robots.Intent{Roles: map[robots.Role]robots.Choice{robots.RoleAITraining: robots.Deny, robots.RoleSearch: robots.Let}}
	b.ReportAllocs()
	for b.Loop() {
		robots.WriteIntent(text, in)
	}
}

// TestWriteIntentSameEveryTime writes an intent whose crawlers differ only
// in case many times: the file written is the same each time (the map's
// order does not leak into it).
func TestWriteIntentSameEveryTime(t *testing.T) {
	in := robots.Intent{Crawlers: map[string]robots.Choice{"examplebot": robots.Deny, "ExampleBot": robots.Let, "gptbot": robots.Deny, "GPTBot": robots.Let}}
	first := robots.WriteIntent("User-agent: *\nDisallow: /x\n", in)
	for range 50 {
		if got := robots.WriteIntent("User-agent: *\nDisallow: /x\n", in); got != first {
			t.Fatalf("another file:\n%s\nthan first:\n%s", got, first)
		}
	}
}

// intentCrawlers are the crawlers whose verdicts intentHolds compares:
// the featured ones, those the intent governs, those a group of the file
// written names, and the first of every role among the rest; comparing
// all of the catalogue's on every path, reading and file would take
// minutes for nothing more.
func intentCrawlers(targets []robots.IntentTarget, written *robots.File) []robots.Crawler {
	governed := map[string]bool{}
	for _, tg := range targets {
		governed[strings.ToLower(tg.Token)] = true
	}
	raw := strings.ToLower(written.Raw())
	roles := map[robots.Role]bool{}
	var out []robots.Crawler
	for _, c := range robots.Crawlers() {
		tok := strings.ToLower(c.Token)
		if c.Featured || governed[tok] || !roles[c.Role] || strings.Contains(raw, tok) {
			out = append(out, c)
			roles[c.Role] = true
		}
	}
	return out
}

// TestIntentRoleCrawlers: a role's governed crawlers are those the
// intent writes (Targets with the role's choice), its left ones those it
// does not; together, the catalogue's crawlers of the role.
func TestIntentRoleCrawlers(t *testing.T) {
	f := robots.ParseString("User-agent: *\nDisallow:\n")
	for _, r := range robots.IntentRoles() {
		governed, left := r.Crawlers()
		in := robots.Intent{Roles: map[robots.Role]robots.Choice{}}
		for _, role := range r.Roles {
			in.Roles[role] = robots.Deny
		}
		var targeted []string
		for _, tg := range in.Targets(f) {
			if tg.Follows == "" {
				targeted = append(targeted, tg.Token)
			}
		}
		slices.Sort(targeted)
		g := slices.Sorted(slices.Values(governed))
		if !slices.Equal(g, targeted) {
			t.Errorf("%s: governed %v, targeted %v", r.Name, g, targeted)
		}
		n := 0
		for _, c := range robots.Crawlers() {
			if slices.Contains(r.Roles, c.Role) {
				n++
			}
		}
		if len(governed)+len(left) != n {
			t.Errorf("%s: %d governed + %d left, the catalogue has %d", r.Name, len(governed), len(left), n)
		}
		if r.Name == "ai-training" && !slices.Contains(left, "AI2Bot") {
			t.Errorf("ai-training leaves %v, not AI2Bot", left)
		}
	}
}
