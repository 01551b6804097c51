package main

import (
	"compress/gzip"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"unicode"

	"robotstester/robots"
	"robotstester/robots/internal/benchdata"
)

// rulePath finds the paths of a file's Allow and Disallow lines, to make
// URLs that its rules decide.
var rulePath = regexp.MustCompile(`(?im)^\s*(?:allow|disallow)\s*:\s*(\S+)`)

// siteURLs returns n URLs of https://example.com for the file text: its
// rules' paths (their wildcards filled, their end anchors dropped; those
// with control characters, a mangled file's, left out) with
// a few endings, and paths no rule names, in an order of seed's.
func siteURLs(text string, n int, seed uint64) []string {
	var paths []string
	for _, m := range rulePath.FindAllStringSubmatch(text, 400) {
		p := strings.TrimSuffix(strings.ReplaceAll(m[1], "*", "x"), "$")
		if strings.ContainsFunc(p, unicode.IsControl) {
			continue // no URL: a list's reader skips the line, and says so
		}
		if !strings.HasPrefix(p, "/") {
			p = "/" + p
		}
		paths = append(paths, p)
	}
	paths = append(paths, "/", "/index.html", "/search?q=a", "/private/x", "/%E3%83%84", "/a/b/c.pdf")
	endings := []string{"", "a", "/", "/page.html", "?id=7", "x/y"}
	r := rand.New(rand.NewPCG(seed, 1))
	urls := make([]string, n)
	for i := range urls {
		urls[i] = fmt.Sprintf("https://example.com%s%s", paths[r.IntN(len(paths))], endings[r.IntN(len(endings))])
		if i%7 == 0 {
			urls[i] += fmt.Sprintf("-%d", i) // distinct URLs too
		}
	}
	return urls
}

// writeSiteIndex writes urls as a local sitemap index in dir: sitemaps of
// at most 50,000 URLs each (the protocol's limit), every other one
// gzipped, and the last a plain list.
func writeSiteIndex(t *testing.T, dir string, urls []string) string {
	t.Helper()
	var index strings.Builder
	index.WriteString(`<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">` + "\n")
	for part, from := 0, 0; from < len(urls); part++ {
		to := min(from+50000, len(urls))
		var name string
		var body strings.Builder
		switch {
		case to == len(urls):
			name = fmt.Sprintf("part%d.txt", part)
			for _, u := range urls[from:to] {
				body.WriteString(u + "\n")
			}
		default:
			name = fmt.Sprintf("part%d.xml", part)
			body.WriteString(`<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">` + "\n")
			for _, u := range urls[from:to] {
				body.WriteString("<url><loc>" + strings.ReplaceAll(u, "&", "&amp;") + "</loc></url>\n")
			}
			body.WriteString("</urlset>\n")
		}
		data := []byte(body.String())
		if part%2 == 1 && !strings.HasSuffix(name, ".txt") {
			name += ".gz"
			var gz strings.Builder
			zw := gzip.NewWriter(&gz)
			zw.Write(data)
			zw.Close()
			data = []byte(gz.String())
		}
		if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
			t.Fatal(err)
		}
		index.WriteString("<sitemap><loc>" + name + "</loc></sitemap>\n")
		from = to
	}
	index.WriteString("</sitemapindex>\n")
	path := filepath.Join(dir, "index.xml")
	if err := os.WriteFile(path, []byte(index.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// verdictCounts counts the row output's (--json) allowed and blocked
// URLs, by agent.
func verdictCounts(t *testing.T, out string) map[string][2]int {
	t.Helper()
	counts := map[string][2]int{}
	for line := range strings.SplitSeq(strings.TrimSpace(out), "\n") {
		var r struct{ Agent, Verdict string }
		if err := json.Unmarshal([]byte(line), &r); err != nil {
			t.Fatalf("%q: %v", line, err)
		}
		c := counts[r.Agent]
		if r.Verdict == "allowed" {
			c[0]++
		} else {
			c[1]++
		}
		counts[r.Agent] = c
	}
	return counts
}

// matrixRow is a line of --matrix --json.
type matrixRow struct {
	Agent            string
	Allowed, Blocked int
	Reading          string
	Line, Count      int
}

// matrixOf runs --matrix --json with args, and returns its rows by agent.
func matrixOf(t *testing.T, args ...string) map[string]matrixRow {
	t.Helper()
	code, out, errOut := runCmd("", append([]string{"check", "-a", "all", "--matrix", "--json"}, args...)...)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	rows := map[string]matrixRow{}
	for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
		var r matrixRow
		if err := json.Unmarshal([]byte(line), &r); err != nil {
			t.Fatalf("%q: %v", line, err)
		}
		rows[r.Agent] = r
	}
	return rows
}

// checkMatrix compares the matrix of file over urls with each catalogued
// crawler's verdicts, URL by URL, in its own reading, each URL encoded as
// the command line encodes what it is given (robots.EncodeURL: a path in
// UTF-8 is matched percent-encoded, as crawlers send it).
func checkMatrix(t *testing.T, name, text string, urls []string, got map[string]matrixRow) {
	t.Helper()
	f := robots.ParseString(text)
	set, _ := robots.LookupCrawlerSet("all")
	if len(got) != len(set.Tokens) {
		t.Errorf("%s: %d crawlers, want %d", name, len(got), len(set.Tokens))
	}
	for _, tok := range set.Tokens {
		r := f.Read(robots.Identify(tok).Crawler.Dialect)
		var allowed, blocked int
		for _, u := range urls {
			if r.CheckAgent(tok, robots.EncodeURL(u)).Allowed {
				allowed++
			} else {
				blocked++
			}
		}
		if g := got[tok]; g.Allowed != allowed || g.Blocked != blocked {
			t.Errorf("%s: %s: allowed %d, blocked %d; URL by URL %d and %d", name, tok, g.Allowed, g.Blocked, allowed, blocked)
		}
	}
}

// TestMatrixOverASite: on a sitemap index of 120,000 URLs (three
// sitemaps, one gzipped, and a list), --matrix gives every catalogued
// crawler the counts that its verdicts give URL by URL, in its own
// reading; and for crawlers of each reading, the counts of the row
// output's own lines. Files: generated ones over 120,000 URLs, and the
// largest of the corpus (6,481 rules) and the engine's 500 KiB one over
// 20,000, which every crawler's check URL by URL makes slow.
func TestMatrixOverASite(t *testing.T) {
	type site struct {
		text string
		urls int
	}
	sites := map[string]site{
		"generated-1": {siteRobots(1), 120000},
		"generated-2": {siteRobots(2), 120000},
		"big":         {string(benchdata.Big()), 20000},
	}
	if data, err := os.ReadFile(filepath.Join(benchdata.SharedDir(t, "corpus"), "files", "www.xuexi.cn.txt")); err == nil {
		sites["www.xuexi.cn.txt"] = site{string(data), 20000}
	}
	for name, s := range sites {
		t.Run(name, func(t *testing.T) {
			text := s.text
			urls := siteURLs(text, s.urls, 7)
			dir := t.TempDir()
			index := writeSiteIndex(t, dir, urls)
			robotsFile := filepath.Join(dir, "robots.txt")
			os.WriteFile(robotsFile, []byte(text), 0o644)
			got := matrixOf(t, "--file", robotsFile, "--sitemap", index)
			checkMatrix(t, name, text, urls, got)

			// The row output, URL by URL, for one crawler of each reading.
			agents := []string{"Googlebot", "GPTBot", "Baiduspider", "Yandex", "Google-Extended"}
			args := []string{"check", "--file", robotsFile, "--sitemap", index, "--json"}
			for _, a := range agents {
				args = append(args, "-a", a)
			}
			code, out, errOut := runCmd("", args...)
			if code != 0 && code != 1 { // 1: some URL is blocked
				t.Fatalf("rows: exit %d: %s", code, errOut)
			}
			rows := verdictCounts(t, out)
			for _, a := range agents {
				if g := got[a]; [2]int{g.Allowed, g.Blocked} != rows[a] {
					t.Errorf("%s: matrix %d allowed, %d blocked; rows %v", a, g.Allowed, g.Blocked, rows[a])
				}
			}
		})
	}
}

// TestMatrixOverTheCorpus: for every 20th file of the corpus, over 2,000
// URLs its rules decide (a list given with --urls), --matrix gives every
// catalogued crawler the counts of its verdicts URL by URL.
func TestMatrixOverTheCorpus(t *testing.T) {
	dir := filepath.Join(benchdata.SharedDir(t, "corpus"), "files")
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	tmp := t.TempDir()
	for i, e := range entries {
		if i%20 != 0 {
			continue
		}
		data, err := os.ReadFile(filepath.Join(dir, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		urls := siteURLs(string(data), 2000, uint64(i))
		list := filepath.Join(tmp, "urls.txt")
		os.WriteFile(list, []byte(strings.Join(urls, "\n")+"\n"), 0o644)
		got := matrixOf(t, "--file", filepath.Join(dir, e.Name()), "--urls", list)
		checkMatrix(t, e.Name(), string(data), urls, got)
	}
}

// siteRobots returns a robots.txt of seed's: groups for some AI
// crawlers and search engines, a * group, rules with wildcards and end
// anchors, and lines that other readings take apart.
func siteRobots(seed uint64) string {
	r := rand.New(rand.NewPCG(seed, 2))
	dirs := []string{"/private/", "/search", "/a/", "/a/b/", "/*.pdf$", "/*?q=", "/index.html$", "/%E3%83%84", "/x*y", "/page"}
	rule := func() string {
		verb := "Disallow"
		if r.IntN(3) == 0 {
			verb = "Allow"
		}
		return verb + ": " + dirs[r.IntN(len(dirs))]
	}
	var b strings.Builder
	groups := [][]string{{"*"}, {"Googlebot"}, {"GPTBot", "ClaudeBot"}, {"Baiduspider"}, {"Google-Extended"}, {"bingbot"}, {"Yandex"}}
	for _, g := range groups {
		for _, a := range g {
			b.WriteString("User-agent: " + a + "\n")
		}
		for range 2 + r.IntN(5) {
			b.WriteString(rule() + "\n")
		}
		b.WriteString("\n")
	}
	return b.String()
}
