package main

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"encoding/json"
	"fmt"
	"io"
	"maps"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"robotstester/robots"
	"runtime"
	"slices"
	"strings"
	"testing"
)

// siteSitemaps serves a sitemap index naming a gzip sitemap and a text
// sitemap, and returns the index's URL.
func siteSitemaps(t *testing.T) string {
	t.Helper()
	mux := http.NewServeMux()
	srv := httptest.NewServer(mux)
	t.Cleanup(srv.Close)
	mux.HandleFunc("/sitemap_index.xml", func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprintf(w, `<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
<sitemap><loc>%[1]s/pages.xml.gz</loc></sitemap><sitemap><loc>%[1]s/more.txt</loc></sitemap></sitemapindex>`, srv.URL)
	})
	mux.HandleFunc("/pages.xml.gz", func(w http.ResponseWriter, r *http.Request) {
		zw := gzip.NewWriter(w)
		io.WriteString(zw, `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
<url><loc>https://example.com/</loc></url>
<url><loc>https://example.com/private/plans</loc></url>
<url><loc>https://example.com/private/press/launch</loc></url>
</urlset>`)
		zw.Close()
	})
	mux.HandleFunc("/more.txt", func(w http.ResponseWriter, r *http.Request) {
		io.WriteString(w, "https://example.com/shop/cart\nhttps://example.com/private/x\n")
	})
	return srv.URL + "/sitemap_index.xml"
}

// TestSummaryContract: check --file F --sitemap SOURCE -a AGENT --summary
// --json writes one object a line with exactly agent, verdict, line, rule
// and count, line 0 where no rule decides. Outside checks read it.
func TestSummaryContract(t *testing.T) {
	file := writeFile(t, "robots.txt", shop)
	code, out, errOut := runCmd("", "check", "--file", file, "--sitemap", siteSitemaps(t), "-a", "Googlebot", "--summary", "--json")
	if code != 0 || errOut != "" {
		t.Fatalf("status %d: %s", code, errOut)
	}
	want := `{"agent":"Googlebot","verdict":"allowed","line":0,"rule":"","count":2}
{"agent":"Googlebot","verdict":"blocked","line":2,"rule":"Disallow: /private/","count":2}
{"agent":"Googlebot","verdict":"allowed","line":3,"rule":"Allow: /private/press/","count":1}
`
	if out != want {
		t.Errorf("got\n%s\nwant\n%s", out, want)
	}
	for line := range strings.Lines(out) {
		var obj map[string]any
		if err := json.Unmarshal([]byte(line), &obj); err != nil {
			t.Fatal(err)
		}
		if keys := slices.Sorted(maps.Keys(obj)); !slices.Equal(keys, []string{"agent", "count", "line", "rule", "verdict"}) {
			t.Errorf("keys %v", keys)
		}
	}
}

// TestSummaryAgreesWithRows: --summary counts what the rows of the same
// check say, for crawlers of every kind of reading.
func TestSummaryAgreesWithRows(t *testing.T) {
	file := writeFile(t, "robots.txt", shop+"\nUser-agent: Baiduspider\nDisallow: /private/\nAllow: /private/press/\nDisallow: /*.pdf\n")
	var list strings.Builder
	for i := range 300 {
		fmt.Fprintf(&list, "https://example.com/%s/%d%s\n", []string{"private", "private/press", "blog", "shop", "robots.txt"}[i%5], i, []string{"", ".pdf", "?q=1"}[i%3])
	}
	urls := writeFile(t, "urls.txt", list.String())
	agentsArgs := []string{"-a", "Googlebot", "-a", "GPTBot", "-a", "Baiduspider", "-a", "Python-urllib", "-a", "bingbot"}
	_, rowsOut, _ := runCmd("", append([]string{"check", "--file", file, "--urls", urls, "--json"}, agentsArgs...)...)
	counts := map[string]int{}
	for line := range strings.Lines(rowsOut) {
		var r struct {
			Verdict, Agent, Rule string
			Line                 int
		}
		json.Unmarshal([]byte(line), &r)
		counts[fmt.Sprintf("%s %s %d %s", r.Agent, r.Verdict, r.Line, r.Rule)]++
	}
	code, sumOut, errOut := runCmd("", append([]string{"check", "--file", file, "--urls", urls, "--json", "--summary"}, agentsArgs...)...)
	if code != 0 {
		t.Fatal(errOut)
	}
	summed := map[string]int{}
	for line := range strings.Lines(sumOut) {
		var r struct {
			Agent, Verdict, Rule string
			Line, Count          int
		}
		json.Unmarshal([]byte(line), &r)
		summed[fmt.Sprintf("%s %s %d %s", r.Agent, r.Verdict, r.Line, r.Rule)] += r.Count
	}
	if !maps.Equal(counts, summed) {
		t.Errorf("rows count\n%v\nsummary says\n%v", counts, summed)
	}
}

func TestSiteCheck(t *testing.T) {
	file := writeFile(t, "robots.txt", shop)
	index := siteSitemaps(t)
	dir := t.TempDir()
	local := filepath.Join(dir, "sitemap.xml")
	os.WriteFile(local, []byte(`<urlset><url><loc>https://example.com/private/a</loc></url><url><loc>https://example.com/b</loc></url></urlset>`), 0o644)
	csvFile := filepath.Join(dir, "crawl.csv")
	os.WriteFile(csvFile, []byte("\"Address\",\"Status Code\"\n\"https://example.com/private/c\",\"200\"\n"), 0o644)
	log := filepath.Join(dir, "access.log")
	os.WriteFile(log, []byte(`66.249.66.1 - - [27/Nov/2026:10:00:00 +0000] "GET /private/plans HTTP/1.1" 200 512 "-" "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)"
66.249.66.1 - - [27/Nov/2026:10:00:01 +0000] "GET /blog HTTP/1.1" 304 0 "-" "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)"
20.15.240.64 - - [27/Nov/2026:10:00:02 +0000] "GET /blog HTTP/1.1" 200 1024 "-" "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.2; +https://openai.com/gptbot)"
garbage
`), 0o644)
	html := filepath.Join(dir, "page.xml")
	os.WriteFile(html, []byte("<html><body>Not found</body></html>"), 0o644)
	down := site(t, 503, "")
	for _, tc := range []struct {
		name string
		args []string
		want expectation
	}{
		{"rows from a sitemap index", []string{"check", "--file", file, "--sitemap", index, "-a", "GPTBot"},
			expectation{stdout: []string{"blocked  6     5      google   GPTBot  Disallow: /             https://example.com/shop/cart\n"}}},
		{"a local sitemap", []string{"check", "--file", file, "--sitemap", local, "--summary"},
			expectation{stdout: []string{"Googlebot  blocked  google   2     1        Disallow: /private/", "2 URLs checked for 1 agent."}}},
		{"a crawler's CSV", []string{"check", "--file", file, "--urls", csvFile, "--csv"},
			expectation{stdout: []string{"blocked,2,1,google,Googlebot,Disallow: /private/,https://example.com/private/c"}}},
		{"a log, row by row", []string{"check", "--file", file, "--log", log, "--json"},
			expectation{stdout: []string{`{"verdict":"blocked","line":6,"group":5,"reading":"google","agent":"Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.2; +https://openai.com/gptbot)","rule":"Disallow: /","status":200,"url":"/blog"}`}}},
		{"a log counted", []string{"check", "--file", file, "--log", log, "--summary", "--json"},
			expectation{stdout: []string{
				`{"agent":"Googlebot","verdict":"allowed","line":0,"rule":"","count":1,"fetched":0,"role":"search","verified":0,"forged":0,"unverified":1}`,
				`{"agent":"Googlebot","verdict":"blocked","line":2,"rule":"Disallow: /private/","count":1,"fetched":1,"role":"search","verified":0,"forged":0,"unverified":1}`,
				`{"agent":"GPTBot","verdict":"blocked","line":6,"rule":"Disallow: /","count":1,"fetched":1,"role":"ai-training","verified":0,"forged":0,"unverified":1}`}}},
		{"a log, one crawler", []string{"check", "--file", file, "--log", log, "--summary", "-a", "GPTBot"},
			expectation{stdout: []string{"GPTBot"}, notStdout: []string{"Googlebot"}}},
		{"a site that answers 503", []string{"check", "--url", down, "--sitemap", local, "--summary", "--json", "-a", "Googlebot"},
			expectation{stdout: []string{`{"agent":"Googlebot","verdict":"blocked","line":0,"rule":"(503: disallow-all)","count":2}`}}},
		{"two sources", []string{"check", "--file", file, "--sitemap", local, "--log", log}, expectation{code: 2, stderr: "give the URLs one way"}},
		{"a missing sitemap", []string{"check", "--file", file, "--sitemap", filepath.Join(dir, "none.xml")}, expectation{code: 2, stderr: "does not exist"}},
		{"not a sitemap", []string{"check", "--file", file, "--sitemap", html}, expectation{code: 2, stderr: "not a sitemap: the document is a <html>"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			code, out, errOut := runCmd("", tc.args...)
			if tc.name == "a log, row by row" || tc.name == "a log counted" || tc.name == "a log, one crawler" {
				// The garbage line is noted on stderr.
				if !strings.Contains(errOut, "note: ") {
					t.Errorf("stderr %q", errOut)
				}
				errOut = ""
			}
			tc.want.check(t, code, out, errOut)
		})
	}
}

func TestSiteDiff(t *testing.T) {
	oldFile := writeFile(t, "old.txt", shop)
	newFile := writeFile(t, "new.txt", shopEdited)
	index := siteSitemaps(t)
	down := site(t, 503, "")
	for _, tc := range []struct {
		name string
		args []string
		want expectation
	}{
		{"rows", []string{"diff", oldFile, newFile, "--sitemap", index, "-a", "Googlebot"},
			expectation{code: 1, stdout: []string{"allowed -> blocked  google   Googlebot  no rule matched             line 4: Disallow: /shop/    https://example.com/shop/cart\n", "1 of 5 verdicts change."}}},
		{"summary", []string{"diff", oldFile, newFile, "--sitemap", index, "-a", "Googlebot", "-a", "GPTBot", "--summary", "--json"},
			expectation{code: 1, stdout: []string{
				`{"change":"allowed -> blocked","reading":"google","agent":"Googlebot","count":1,"old":"no rule matched","new":"line 4: Disallow: /shop/","example":"https://example.com/shop/cart"}`,
				`{"change":"blocked -> allowed","reading":"google","agent":"GPTBot","count":1,"old":"line 6: Disallow: /","new":"no rule matched","example":"https://example.com/"}`,
				`{"change":"blocked -> allowed","reading":"google","agent":"GPTBot","count":1,"old":"line 6: Disallow: /","new":"line 3: Allow: /private/press/","example":"https://example.com/private/press/launch"}`}}},
		{"summary, the new one down", []string{"diff", oldFile, down, "--sitemap", index, "-a", "Googlebot", "--summary"},
			expectation{code: 1, stdout: []string{"allowed -> blocked  google   Googlebot  2        no rule matched             (503: disallow-all)         https://example.com/\n"}}},
		{"summary, no change", []string{"diff", oldFile, oldFile, "--sitemap", index, "--summary"},
			expectation{stdout: []string{"No verdict changes ("}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			code, out, errOut := runCmd("", tc.args...)
			tc.want.check(t, code, out, errOut)
		})
	}
}

// BenchmarkCheckSummary measures check --summary's throughput on the
// 500 KiB file for the ten agents of BenchmarkCheck: one op is one URL
// read, encoded and counted for the ten.
func BenchmarkCheckSummary(b *testing.B) {
	args := benchCheckArgs(b, "--summary")
	var out bytes.Buffer
	b.ResetTimer()
	if code := run(args, bufio.NewReader(&urlStream{n: b.N}), &out, os.Stderr); code != 0 {
		b.Fatalf("status %d", code)
	}
	b.ReportMetric(float64(b.N*len(benchAgents))/b.Elapsed().Seconds(), "checks/s")
}

// TestSummaryMemory: what --summary holds does not grow with the URLs
// once every line has decided one: three times the URLs, each line
// deciding three, leave the live heap as it was (the Coverage kept
// three examples a line and crawler, as many as the rows, and more for
// no row to show them).
func TestSummaryMemory(t *testing.T) {
	const lines = 2000
	var file strings.Builder
	file.WriteString("User-agent: *\n")
	for i := range lines {
		fmt.Fprintf(&file, "Disallow: /p/%d/\n", i)
	}
	src, err := load(&fetchFlags{}, writeFile(t, "robots.txt", file.String()), nil)
	if err != nil {
		t.Fatal(err)
	}
	cov := src.coverage(0, false, "Googlebot", "bingbot", "GPTBot")
	live := func() uint64 {
		var m runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&m)
		return m.HeapAlloc
	}
	round := func(suffix string) {
		for i := range lines {
			cov.Add(fmt.Sprintf("https://example.com/p/%d/page-%s-of-a-sitemap", i, suffix))
		}
	}
	round("a")
	before := live()
	round("b")
	round("c")
	after := live()
	runtime.KeepAlive(cov)
	t.Logf("live heap %d then %d", before, after)
	if grown := int64(after) - int64(before); grown > 64<<10 {
		t.Errorf("the live heap grew by %d bytes for %d more URLs", grown, 2*lines)
	}
	if n := len(cov.Tallies()[0].Lines[0].Examples); n != 1 {
		t.Errorf("%d examples a line", n)
	}
}

// TestMatrixContract: check --file F --sitemap SOURCE -a all --matrix
// --json prints one line per catalogued crawler, {"agent", "allowed",
// "blocked"}, whose counts are those the row output gives URL by URL, and
// the line that blocks most.
func TestMatrixContract(t *testing.T) {
	file := writeFile(t, "robots.txt", shop)
	index := siteSitemaps(t)
	code, out, errOut := runCmd("", "check", "--file", file, "--sitemap", index, "-a", "all", "--matrix", "--json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	type row struct {
		Agent            string
		Allowed, Blocked int
		Line, Count      int
		Rule             string
	}
	got := map[string]row{}
	for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
		var r row
		if err := json.Unmarshal([]byte(line), &r); err != nil {
			t.Fatalf("%q: %v", line, err)
		}
		got[r.Agent] = r
	}
	set, _ := robots.LookupCrawlerSet("all")
	if len(got) != len(set.Tokens) {
		t.Errorf("%d crawlers, want %d", len(got), len(set.Tokens))
	}
	// The rows, URL by URL, counted.
	_, rows, _ := runCmd("", "check", "--file", file, "--sitemap", index, "-a", "all", "--json")
	want := verdictCounts(t, rows)
	for _, tok := range set.Tokens {
		r, ok := got[tok]
		if !ok || [2]int{r.Allowed, r.Blocked} != want[tok] {
			t.Errorf("%s: %+v, want allowed and blocked %v", tok, r, want[tok])
		}
	}
	if r := got["GPTBot"]; r.Line != 6 || r.Rule != "Disallow: /" || r.Count != r.Blocked {
		t.Errorf("GPTBot's line that blocks most: %+v", r)
	}
	if r := got["Googlebot"]; r.Line != 2 || r.Rule != "Disallow: /private/" {
		t.Errorf("Googlebot's line that blocks most: %+v", r)
	}
}
