package robots_test

import (
	"fmt"
	"math/rand/v2"
	"reflect"
	"runtime"
	"slices"
	"strings"
	"testing"

	"robotstester/robots"
	"robotstester/robots/internal/benchdata"
)

const coverageFile = `User-agent: *
Disallow: /private/
Allow: /private/press/
Disallow: /*.pdf$

User-agent: GPTBot
Disallow: /
`

func TestCoverage(t *testing.T) {
	f := robots.ParseString(coverageFile)
	c := robots.NewCoverage(f, "Googlebot", "GPTBot", "Baiduspider")
	c.Examples = 2
	for _, u := range []string{
		"https://example.com/", "https://example.com/private/a", "https://example.com/private/b",
		"https://example.com/private/c", "https://example.com/private/press/x", "https://example.com/doc.pdf",
		"https://example.com/robots.txt",
	} {
		c.Add(u)
	}
	got := c.Tallies()
	want := []robots.Tally{
		{Agent: "Googlebot", Dialect: robots.Google, Allowed: 3, Blocked: 4, Lines: []robots.LineCount{
			{Line: 0, Allowed: true, Count: 2, Examples: []string{"https://example.com/", "https://example.com/robots.txt"}},
			{Line: 2, Rule: "Disallow: /private/", Count: 3, Examples: []string{"https://example.com/private/a", "https://example.com/private/b"}},
			{Line: 3, Rule: "Allow: /private/press/", Allowed: true, Count: 1, Examples: []string{"https://example.com/private/press/x"}},
			{Line: 4, Rule: "Disallow: /*.pdf$", Count: 1, Examples: []string{"https://example.com/doc.pdf"}},
		}},
		{Agent: "GPTBot", Dialect: robots.Google, Blocked: 7, Lines: []robots.LineCount{
			{Line: 7, Rule: "Disallow: /", Count: 7, Examples: []string{"https://example.com/", "https://example.com/private/a"}},
		}},
		// Baiduspider reads as the 1996 draft: the first matching rule
		// decides (Disallow: /private/ comes before the Allow), "*" is a
		// character, and /robots.txt is always allowed.
		{Agent: "Baiduspider", Dialect: robots.MK1996, Allowed: 3, Blocked: 4, Lines: []robots.LineCount{
			{Line: 0, Allowed: true, Count: 3, Examples: []string{"https://example.com/", "https://example.com/doc.pdf"}},
			{Line: 2, Rule: "Disallow: /private/", Count: 4, Examples: []string{"https://example.com/private/a", "https://example.com/private/b"}},
		}},
	}
	if c.URLs() != 7 {
		t.Errorf("URLs() = %d", c.URLs())
	}
	for i := range want {
		want[i].Access = robots.AccessFor(want[i].Dialect, robots.Success)
		if i >= len(got) || fmt.Sprint(got[i]) != fmt.Sprint(want[i]) {
			t.Errorf("tally %d:\n got %+v\nwant %+v", i, at(got, i), want[i])
		}
	}
}

func at[T any](s []T, i int) any {
	if i < len(s) {
		return s[i]
	}
	return "nothing"
}

// TestCoverageFixedDialect: with Fixed, every crawler reads as Dialect.
func TestCoverageFixedDialect(t *testing.T) {
	c := robots.NewCoverage(robots.ParseString(coverageFile), "Baiduspider")
	c.Dialect, c.Fixed = robots.Google, true
	c.Add("https://example.com/private/press/x")
	if got := c.Tallies()[0]; got.Dialect != robots.Google || got.Allowed != 1 || got.Lines[0].Line != 3 {
		t.Errorf("%+v", got)
	}
}

// TestCoverageAnswer: after a 503, Google's reading disallows every URL
// and the 1996 draft's too; after a 404 both allow every URL; the file is
// not read.
func TestCoverageAnswer(t *testing.T) {
	for _, tc := range []struct {
		answer  robots.AnswerClass
		allowed bool
	}{{robots.ServerError, false}, {robots.ClientError, true}} {
		c := robots.NewCoverage(robots.ParseString(coverageFile), "Googlebot", "Baiduspider")
		c.Answer = tc.answer
		c.Add("https://example.com/private/a")
		c.Add("https://example.com/blog")
		c.AddRequest("Mozilla/5.0 (compatible; GPTBot/1.2)", "/x", 200)
		for _, tl := range c.Tallies() {
			if tl.Access.Permission == robots.FollowRules || len(tl.Lines) != 1 || tl.Lines[0].Line != 0 || tl.Lines[0].Allowed != tc.allowed {
				t.Errorf("%v, %s: %+v", tc.answer, tl.Agent, tl)
			}
		}
	}
}

// TestCoverageRequests: logged requests, each checked for its own
// user-agent string and counted under its product token.
func TestCoverageRequests(t *testing.T) {
	c := robots.NewCoverage(robots.ParseString(coverageFile))
	for _, r := range []struct {
		agent, url string
		status     int
	}{
		{"Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)", "/private/a", 200},
		{"Mozilla/5.0 (Linux; Android 6.0.1; Nexus 5X Build/MMB29P) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)", "/private/b", 404},
		{"Mozilla/5.0 (compatible; GPTBot/1.2; +https://openai.com/gptbot)", "/blog", 200},
		{"Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)", "/blog", 200},
	} {
		c.AddRequest(r.agent, r.url, r.status)
	}
	got := c.Tallies()
	if len(got) != 2 || got[0].Agent != "Googlebot" || got[1].Agent != "GPTBot" {
		t.Fatalf("%+v", got)
	}
	g := got[0]
	if g.Allowed != 1 || g.Blocked != 2 || len(g.Lines) != 2 || g.Lines[1].Line != 2 || g.Lines[1].Count != 2 || g.Lines[1].Fetched != 1 {
		t.Errorf("Googlebot: %+v", g)
	}
	if b := got[1]; b.Blocked != 1 || b.Lines[0].Line != 7 || b.Lines[0].Fetched != 1 {
		t.Errorf("GPTBot: %+v", b)
	}
}

// TestCoverageAgreesWithCheckAgent: the batch a Coverage checks with
// gives, for every corpus file, reading, crawler and URL, the verdict and
// line CheckAgent gives.
func TestCoverageAgreesWithCheckAgent(t *testing.T) {
	agents := []string{"Googlebot", "Googlebot-Image", "AdsBot-Google", "bingbot", "GPTBot", "Baiduspider",
		"Python-urllib", "Mozilla/5.0 (compatible; YandexBot/3.0; +http://yandex.com/bots)", "unknownbot", "*"}
	paths := []string{"/", "/robots.txt", "/search?q=1", "/admin/", "/wp-admin/admin-ajax.php", "/cart", "/a.pdf",
		"/private/x", "/%7Euser/", "/index.html", "/tag/x?utm=1", "/api/v1/", "/cgi-bin/", "/images/a.jpg"}
	files := corpusFiles(t)
	if testing.Short() {
		files = files[:100]
	}
	checks := 0
	for _, cf := range files {
		f := robots.Parse(cf.data)
		for _, d := range robots.Dialects() {
			c := robots.NewCoverage(f, agents...)
			c.Dialect, c.Fixed, c.Examples = d, true, 1<<20
			for _, p := range paths {
				c.Add("https://example.com" + p)
			}
			for _, tl := range c.Tallies() {
				for _, lc := range tl.Lines {
					for _, u := range lc.Examples {
						v := f.Read(d).CheckAgent(tl.Agent, u)
						checks++
						if v.Allowed != lc.Allowed || v.Line != lc.Line {
							t.Fatalf("%s, %s, %q, %s: coverage says %v at line %d, CheckAgent %v at line %d",
								cf.name, d, tl.Agent, u, lc.Allowed, lc.Line, v.Allowed, v.Line)
						}
					}
				}
			}
		}
	}
	t.Logf("%d checks agree", checks)
}

func TestDiff(t *testing.T) {
	old := robots.ParseString(coverageFile)
	new := robots.ParseString("User-agent: *\nDisallow: /private/\nDisallow: /shop/\n\nUser-agent: GPTBot\nDisallow: /private/\n")
	d := robots.NewDiff(old, new, "Googlebot", "GPTBot")
	for _, u := range []string{"/", "/shop/a", "/shop/b", "/private/press/x", "/private/y", "/doc.pdf"} {
		d.Add("https://example.com" + u)
	}
	var got []string
	for _, f := range d.Flips() {
		got = append(got, fmt.Sprintf("%s %v %d:%s -> %d:%s %d %v", f.Agent, f.Allowed, f.Old.Line, f.Old.Rule, f.New.Line, f.New.Rule, f.Count, f.Examples))
	}
	want := []string{
		"Googlebot false 0: -> 3:Disallow: /shop/ 2 [https://example.com/shop/a https://example.com/shop/b]",
		"Googlebot false 3:Allow: /private/press/ -> 2:Disallow: /private/ 1 [https://example.com/private/press/x]",
		"Googlebot true 4:Disallow: /*.pdf$ -> 0: 1 [https://example.com/doc.pdf]",
		"GPTBot true 7:Disallow: / -> 0: 4 [https://example.com/ https://example.com/shop/a https://example.com/shop/b]",
	}
	if !slices.Equal(got, want) {
		t.Errorf("got\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if d.URLs() != 6 || d.Checks() != 12 {
		t.Errorf("%d URLs, %d checks", d.URLs(), d.Checks())
	}
}

// TestDiffCountNew: a Diff that counts the new file too counts it as a
// Coverage of it does, in every reading, after every answer, with any
// number of examples; and ByAgent gives each crawler's changes, in the
// order of Flips, a crawler named twice twice.
func TestDiffCountNew(t *testing.T) {
	old := robots.ParseString(coverageFile)
	new := robots.ParseString("User-agent: *\nDisallow: /private/\nDisallow: /shop/\nAllow: /*.pdf$\n\nUser-agent: GPTBot\nDisallow: /private/\n")
	agents := []string{"Googlebot", "GPTBot", "Baiduspider", "Googlebot", " Mozilla/5.0 (compatible; bingbot/2.0)"}
	r := rand.New(rand.NewPCG(43, 2))
	paths := []string{"/", "/shop/a", "/shop/b", "/private/press/x", "/private/y", "/doc.pdf", "/doc.pdf?x", "/robots.txt"}
	var urls []string
	for range 300 {
		urls = append(urls, "https://example.com"+paths[r.IntN(len(paths))]+fmt.Sprint(r.IntN(4)))
	}
	for _, how := range []struct {
		fixed    bool
		dialect  robots.Dialect
		answer   robots.AnswerClass
		examples int
	}{{false, robots.Google, robots.Success, 0}, {true, robots.MK1996, robots.Success, 2}, {true, robots.PythonLegacy, robots.Success, -1},
		{false, robots.Google, robots.ServerError, 5}, {true, robots.RFC9309, robots.Forbidden, 0}} {
		name := fmt.Sprintf("%+v", how)
		d := robots.NewDiff(old, new, agents...)
		d.Dialect, d.Fixed, d.NewAnswer, d.Examples, d.CountNew = how.dialect, how.fixed, how.answer, how.examples, true
		c := robots.NewCoverage(new, agents...)
		c.Dialect, c.Fixed, c.Answer, c.Examples = how.dialect, how.fixed, how.answer, how.examples
		for _, u := range urls {
			d.Add(u)
			c.Add(u)
		}
		if got, want := d.Counted().Tallies(), c.Tallies(); !reflect.DeepEqual(got, want) {
			t.Errorf("%s: counted\n%+v\nwant a Coverage's\n%+v", name, got, want)
		}
		if d.Counted().URLs() != len(urls) {
			t.Errorf("%s: counted %d URLs", name, d.Counted().URLs())
		}
		by := d.ByAgent()
		if len(by) != len(agents) || !reflect.DeepEqual(by[0], by[3]) || len(by[0]) == 0 {
			t.Fatalf("%s: by agent %+v", name, by)
		}
		if all := slices.Concat(by...); !reflect.DeepEqual(all, d.Flips()) {
			t.Errorf("%s: by agent, put together\n%+v\nwant Flips\n%+v", name, all, d.Flips())
		}
	}
	if d := robots.NewDiff(old, new, "Googlebot"); d.Counted() != nil {
		t.Error("a Diff without CountNew counted")
	}
}

// TestDiffAnswer: a file deployed while the server answers 503 flips
// every URL Googlebot may fetch, said as the answer's doing.
func TestDiffAnswer(t *testing.T) {
	f := robots.ParseString(coverageFile)
	d := robots.NewDiff(f, f, "Googlebot")
	d.NewAnswer = robots.ServerError
	for _, u := range []string{"/", "/private/a", "/private/press/b"} {
		d.Add("https://example.com" + u)
	}
	flips := d.Flips()
	if len(flips) != 2 || flips[0].Count != 1 || flips[0].Old.Line != 0 || flips[1].Old.Line != 3 || !flips[0].New.ByAnswer || flips[0].New.Line != 0 || flips[0].Old.ByAnswer {
		t.Errorf("%+v", flips)
	}
}

// benchURLs returns n URLs made from the big file's pairs, with the
// query varied: a site's URLs, meeting the file's rules as bulk checks do.
func benchURLs(n int) []string {
	pairs := benchdata.BigPairs()
	out := make([]string, n)
	for i := range out {
		out[i] = pairs[i%len(pairs)].URL
	}
	return out
}

// coverageAgents are the ten crawlers of the command line's throughput
// figure (robots/cmd/robotstxt's benchAgents).
var coverageAgents = []string{
	"Googlebot", "Googlebot-Image", "bingbot", "GPTBot", "ClaudeBot",
	"CCBot", "Baiduspider", "Python-urllib", "botaa-crawler", "botkc-crawler",
}

// BenchmarkCoverage counts the 500 KiB file's verdicts for ten crawlers:
// one op is one URL checked for the ten.
func BenchmarkCoverage(b *testing.B) {
	f := robots.Parse(benchdata.Big())
	urls := benchURLs(2400)
	c := robots.NewCoverage(f, coverageAgents...)
	for _, u := range urls {
		c.Add(u) // readings and merged rules are made on first use
	}
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		c.Add(urls[i])
		if i++; i == len(urls) {
			i = 0
		}
	}
	b.ReportMetric(float64(b.N*len(coverageAgents))/b.Elapsed().Seconds(), "checks/s")
}

// BenchmarkCoverageCheckAgent is the same work done with CheckAgent, one
// crawler and URL at a time, as a caller without a Coverage does it.
func BenchmarkCoverageCheckAgent(b *testing.B) {
	f := robots.Parse(benchdata.Big())
	urls := benchURLs(2400)
	count := map[int]int{}
	check := func(u string) {
		for _, a := range coverageAgents {
			v := f.Read(robots.Identify(a).Crawler.Dialect).CheckAgent(a, u)
			count[v.Line]++
		}
	}
	for _, u := range urls {
		check(u)
	}
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		check(urls[i])
		if i++; i == len(urls) {
			i = 0
		}
	}
	b.ReportMetric(float64(b.N*len(coverageAgents))/b.Elapsed().Seconds(), "checks/s")
}

// BenchmarkCoverageMemory adds 10,000,000 distinct URLs for three crawlers
// and reports the live heap after 100,000 and at the end: a Coverage
// keeps counts by line, never the URLs.
//
//	go test -run NONE -bench CoverageMemory -benchtime 1x ./robots
func BenchmarkCoverageMemory(b *testing.B) {
	for b.Loop() {
		heapAfter, heapEnd := coverageHeap(b, 10_000_000)
		b.ReportMetric(float64(heapAfter)/(1<<20), "MiB-after-100k")
		b.ReportMetric(float64(heapEnd)/(1<<20), "MiB-after-10M")
	}
}

// TestCoverageMemoryFlat: over a million URLs the live heap does not grow.
func TestCoverageMemoryFlat(t *testing.T) {
	n := 1_000_000
	if testing.Short() {
		n = 200_000
	}
	after, end := coverageHeap(t, n)
	if end > after+1<<20 {
		t.Errorf("the live heap grew from %d to %d bytes over %d URLs", after, end, n)
	}
	t.Logf("live heap %d KiB after 100,000 URLs, %d KiB after %d", after>>10, end>>10, n)
}

func coverageHeap(t testing.TB, n int) (after, end uint64) {
	f := robots.Parse(benchdata.Big())
	c := robots.NewCoverage(f, "Googlebot", "botkc-crawler", "Baiduspider")
	heap := func() uint64 {
		runtime.GC()
		var ms runtime.MemStats
		runtime.ReadMemStats(&ms)
		return ms.HeapAlloc
	}
	buf := make([]byte, 0, 128)
	for i := range n {
		buf = fmt.Appendf(buf[:0], "https://www.example.com/%s/page-%d?id=%d", []string{"search", "cart", "blog", "api"}[i%4], i, i*7)
		c.Add(string(buf))
		if i == 100_000 {
			after = heap()
		}
	}
	runtime.KeepAlive(c)
	return after, heap()
}

// alikeAgents are crawlers that many files read alike (the * group, a
// group naming several, a fallback to Googlebot) and some they do not
// (a group of their own, no * group, a whole user-agent string).
var alikeAgents = []string{
	"Googlebot", "Googlebot-Image", "AdsBot-Google", "Mediapartners-Google", "bingbot", "GPTBot", "ClaudeBot",
	"CCBot", "Applebot", "Baiduspider", "Python-urllib", "Mozilla/5.0 (compatible; YandexBot/3.0; +http://yandex.com/bots)",
	"unknownbot", "*", "",
}

// TestCoverageReadsAlikeAsAlone is the property of the crawlers that the
// file reads alike, decided once and counted once: a Coverage of many
// crawlers gives, for each, exactly the Tally that a Coverage of that
// crawler alone gives, on generated files and on every corpus file, in
// each crawler's own reading, in every reading, and after the server's
// answers that decide alone.
func TestCoverageReadsAlikeAsAlone(t *testing.T) {
	type config struct {
		dialect robots.Dialect
		fixed   bool
		answer  robots.AnswerClass
	}
	configs := []config{{answer: robots.Success}, {answer: robots.ServerError}, {answer: robots.ClientError}}
	for _, d := range robots.Dialects() {
		configs = append(configs, config{dialect: d, fixed: true})
	}
	check := func(name string, f *robots.File, urls []string) {
		for _, cf := range configs {
			many := robots.NewCoverage(f, alikeAgents...)
			many.Dialect, many.Fixed, many.Answer, many.Examples = cf.dialect, cf.fixed, cf.answer, 2
			alone := make([]*robots.Coverage, len(alikeAgents))
			for i, a := range alikeAgents {
				alone[i] = robots.NewCoverage(f, a)
				alone[i].Dialect, alone[i].Fixed, alone[i].Answer, alone[i].Examples = cf.dialect, cf.fixed, cf.answer, 2
			}
			for _, u := range urls {
				many.Add(u)
				for _, c := range alone {
					c.Add(u)
				}
			}
			got := many.Tallies()
			for i, c := range alone {
				if want := c.Tallies()[0]; !reflect.DeepEqual(got[i], want) {
					t.Fatalf("%s, %+v, %q: with the others\n%+v\nalone\n%+v", name, cf, alikeAgents[i], got[i], want)
				}
			}
		}
	}
	rng := rand.New(rand.NewPCG(37, 1))
	n := 300
	if testing.Short() {
		n = 50
	}
	for i := range n {
		data, urls := alikeFile(rng)
		check(fmt.Sprintf("generated file %d:\n%s", i, data), robots.ParseString(data), urls)
	}
	files := corpusFiles(t)
	if testing.Short() {
		files = files[:100]
	}
	var paths []string
	for _, p := range []string{"/", "/robots.txt", "/search?q=1", "/admin/", "/wp-admin/admin-ajax.php", "/cart", "/a.pdf",
		"/private/x", "/%7Euser/", "/index.html", "/tag/x?utm=1", "/api/v1/", "/cgi-bin/", "/images/a.jpg"} {
		paths = append(paths, "https://example.com"+p)
	}
	for _, cf := range files {
		check(cf.name, robots.Parse(cf.data), paths)
	}
}

// alikeFile returns a generated file whose groups name the crawlers of
// alikeAgents and others, in any order and case, with blank lines between
// some records and not others, and URLs that its rules match and miss.
func alikeFile(rng *rand.Rand) (string, []string) {
	names := []string{"*", "Googlebot", "googlebot", "Googlebot-Image", "AdsBot-Google", "bingbot", "GPTBot", "ClaudeBot",
		"CCBot", "Baiduspider", "python", "Yandex", "bot", "unknownbot", "google"}
	patterns := []string{"/", "", "/a", "/a/", "/a/b", "/*.pdf$", "/b*", "/private/", "/private/press/", "/robots.txt", "/*?", "/a$", "/%7Euser/", "/~user/"}
	var b strings.Builder
	if rng.IntN(4) == 0 {
		fmt.Fprintf(&b, "Disallow: %s\n", patterns[rng.IntN(len(patterns))])
	}
	for range 1 + rng.IntN(5) {
		for range 1 + rng.IntN(3) {
			fmt.Fprintf(&b, "User-agent: %s\n", names[rng.IntN(len(names))])
		}
		for range rng.IntN(5) {
			key := []string{"Allow", "Disallow", "disallow", "Crawl-delay"}[rng.IntN(4)]
			fmt.Fprintf(&b, "%s: %s\n", key, patterns[rng.IntN(len(patterns))])
		}
		if rng.IntN(3) > 0 {
			b.WriteString("\n")
		}
	}
	var urls []string
	for range 20 {
		p := patterns[rng.IntN(len(patterns))]
		p = strings.TrimSuffix(strings.ReplaceAll(p, "*", "x"), "$")
		if !strings.HasPrefix(p, "/") {
			p = "/" + p
		}
		urls = append(urls, "https://example.com"+p+[]string{"", "x", "/c.pdf", "?q=1"}[rng.IntN(4)])
	}
	return b.String(), urls
}

// TestCoverageMemoryLines: counting a million URLs for ten crawlers on a
// file of 9,000 rules, each of which decides, keeps less than 192 bytes
// for each deciding line of the file, however many crawlers it decides
// for: the count and the example of the crawlers that the file reads
// alike are kept once (eight of the ten obey the * group, two their
// own), and a line's count costs no allocation of its own. (With a
// tally of each line for each crawler, before, the live heap grew by
// 9.5 MiB here, 180 bytes for each of the 54,010 (crawler, line) counts;
// now by about 1 MiB, 112 bytes a deciding line.)
func TestCoverageMemoryLines(t *testing.T) {
	const shared, own = 6000, 3000
	var b strings.Builder
	b.WriteString("User-agent: *\n")
	for i := range shared {
		fmt.Fprintf(&b, "Disallow: /p/%d/\n", i)
	}
	b.WriteString("\nUser-agent: GPTBot\nUser-agent: CCBot\n")
	for i := range own {
		fmt.Fprintf(&b, "Disallow: /p/%d/\n", i)
	}
	f := robots.ParseString(b.String())
	agents := []string{"Googlebot", "bingbot", "GPTBot", "ClaudeBot", "CCBot", "Applebot", "DuckDuckBot", "YandexBot", "PerplexityBot", "Amazonbot"}
	warm := robots.NewCoverage(f, agents...)
	warm.Add("https://www.example.com/p/1/") // the readings and their rules are made on first use
	n := 1_000_000
	if testing.Short() {
		n = 100_000
	}
	live := func() uint64 {
		runtime.GC()
		var ms runtime.MemStats
		runtime.ReadMemStats(&ms)
		return ms.HeapAlloc
	}
	before := live()
	c := robots.NewCoverage(f, agents...)
	c.Examples = 1
	buf := make([]byte, 0, 128)
	for i := range n {
		buf = fmt.Appendf(buf[:0], "https://www.example.com/p/%d/page-%d", i%(shared+100), i)
		c.Add(string(buf))
	}
	after := live()
	runtime.KeepAlive(c)
	lines := 0
	for _, tl := range c.Tallies() {
		lines += len(tl.Lines)
	}
	grown := int64(after) - int64(before)
	t.Logf("%d URLs × %d crawlers, %d (crawler, line) counts: the live heap grew by %d KiB", n, len(agents), lines, grown>>10)
	if lines < 9*shared {
		t.Fatalf("%d (crawler, line) counts: the URLs do not reach the rules", lines)
	}
	if limit := int64(192 * (shared + own)); grown > limit {
		t.Errorf("the live heap grew by %d bytes, over %d (192 a deciding line)", grown, limit)
	}
}

// TestCoverageExamplesDistinct: a line's examples are distinct URLs: a log
// that asks for one page many times shows it once, and the next pages.
func TestCoverageExamplesDistinct(t *testing.T) {
	f := robots.ParseString("User-agent: *\nDisallow: /private/\n")
	c := robots.NewCoverage(f, "Googlebot")
	for _, u := range []string{"/private/a", "/private/a", "/private/a", "/private/b", "/private/a", "/private/c", "/private/d"} {
		c.Add(u)
	}
	for _, tl := range c.Tallies() {
		for _, l := range tl.Lines {
			if l.Line == 2 && strings.Join(l.Examples, " ") != "/private/a /private/b /private/c" {
				t.Errorf("examples %q", l.Examples)
			}
		}
	}
}
