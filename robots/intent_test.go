package robots_test

import (
	"fmt"
	"math/rand/v2"
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

// checkIntent checks what WriteIntent wrote from before: every catalogued
// crawler the intent governs is blocked everywhere or allowed at the root,
// in its own reading; every other one has the verdict it had on every
// path; the write is idempotent; the linter finds no control token sharing
// a group in the block.
func checkIntent(t *testing.T, name, before string, in robots.Intent) {
	t.Helper()
	after := robots.WriteIntent(before, in)
	if again := robots.WriteIntent(after, in); again != after {
		t.Errorf("%s: writing the intent twice changes the file:\n--- once\n%s\n--- twice\n%s", name, after, again)
		return
	}
	// A crawler the intent does not govern reads the file as it is
	// without the block, which the write takes away with what it said.
	old, neu := robots.ParseString(stripped(before)), robots.ParseString(after)
	targets := map[string]robots.IntentTarget{}
	for _, tg := range in.Targets(robots.ParseString(stripped(before))) {
		targets[tg.Token] = tg
	}
	paths := append(append([]string(nil), intentPaths...), filePaths(old, 6)...)
	for _, c := range robots.Crawlers() {
		tg, governed := targets[c.Token]
		for _, p := range paths {
			url := "https://example.com" + p
			was, is := old.CheckCrawler(c, url), neu.CheckCrawler(c, url)
			switch {
			case governed && tg.Choice == robots.Deny && is.Allowed && is.Selection != robots.AlwaysAllowed:
				t.Errorf("%s: %s is to be blocked, and may fetch %s (line %d)", name, c.Token, p, is.Line)
			case governed && tg.Choice == robots.Let && p == "/" && !is.Allowed:
				t.Errorf("%s: %s is to be allowed, and may not fetch / (line %d: %s)", name, c.Token, is.Line, neu.Text(is.Line))
			case !governed && was.Allowed != is.Allowed:
				t.Errorf("%s: %s is not governed, and its verdict of %s changed from %v (line %d) to %v (line %d)\n%s",
					name, c.Token, p, was.Allowed, was.Line, is.Allowed, is.Line, after)
			}
		}
	}
	begin, end := blockLines(after)
	for _, fd := range neu.Findings() {
		if fd.Code == robots.CodeControlShared && fd.Line > begin && fd.Line < end {
			t.Errorf("%s: the block puts a control token beside a crawler: line %d: %s", name, fd.Line, fd.Message)
		}
	}
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
			name: "an allowed crawler keeps the * group's rules but those blocking the root",
			file: "User-agent: *\nDisallow: /admin/\nDisallow: /\nAllow: /public/\n",
			in:   robots.Intent{Crawlers: map[string]robots.Choice{"bingbot": robots.Let}},
			want: []string{robots.IntentBegin, "User-agent: bingbot", "Disallow: /admin/", "Allow: /public/", robots.IntentEnd},
		},
		{
			name: "preferences go in the * group and the allowed crawlers' groups, replacing others",
			file: "User-agent: *\nContent-Signal: search=yes\nDisallow: /x\n",
			in: robots.Intent{Roles: map[robots.Role]robots.Choice{robots.RoleAISearch: robots.Let},
				Pref: robots.AIPref{Stances: [robots.NumUsePurposes]robots.Stance{robots.StatedYes, robots.StatedYes, robots.StatedNo}, Usage: true}},
			want: []string{"User-agent: OAI-SearchBot", "Content-Signal: search=yes, ai-input=yes, ai-train=no", "Content-Usage: search=y, train-ai=n", "Disallow: /x", robots.IntentEnd,
				"", "User-agent: *", "Content-Signal: search=yes, ai-input=yes, ai-train=no", "Content-Usage: search=y, train-ai=n", "# off by intent: Content-Signal: search=yes", "Disallow: /x"},
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
			name: "an intent of nothing takes the block away",
			file: robots.IntentBegin + "\nUser-agent: GPTBot\nDisallow: /\n" + robots.IntentEnd + "\n\nUser-agent: *\nDisallow: /x\n",
			in:   robots.Intent{},
			want: []string{"User-agent: *", "Disallow: /x"},
			not:  []string{robots.IntentBegin, "User-agent: GPTBot"},
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
		checkIntent(t, name, b.String(), in)
		if t.Failed() {
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
		checkIntent(t, cf.name, string(cf.data), randomIntent(rng))
		if t.Failed() {
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
