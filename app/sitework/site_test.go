package sitework

import (
	"bytes"
	"compress/gzip"
	"errors"
	"fmt"
	"reflect"
	"strings"
	"testing"

	"robotstester/app/model"
	"robotstester/app/sitemsg"
	"robotstester/robots"
	"robotstester/robots/sitemap"
)

const siteFile = "User-agent: *\nDisallow: /private/\nAllow: /private/press/\nDisallow: /old/\n\nUser-agent: GPTBot\nDisallow: /\n"

// TestURLSet keeps URLs across blocks, and a view stays as it was.
func TestURLSet(t *testing.T) {
	var s URLSet
	var want []string
	for i := 0; i < 30_000; i++ {
		u := fmt.Sprintf("https://example.com/%d/%s", i, strings.Repeat("x", i%90))
		want = append(want, u)
		if !s.Add(u) {
			t.Fatal("refused", i)
		}
	}
	if len(s.blocks) < 2 {
		t.Fatalf("%d blocks: the test must cross one", len(s.blocks))
	}
	view := s.View()
	s.Add("https://example.com/later")
	for i, u := range want {
		if got := view.At(i); got != u {
			t.Fatalf("URL %d = %q, want %q", i, got, u)
		}
	}
	if view.Len() != len(want) || s.Len() != len(want)+1 || s.At(len(want)) != "https://example.com/later" {
		t.Errorf("lengths %d, %d", view.Len(), s.Len())
	}
	if s.Add(strings.Repeat("x", urlBlock)) {
		t.Error("a URL of a mebibyte kept")
	}
}

// load reads text into a new SiteURLs as a dropped file.
func load(t *testing.T, s *SiteURLs, f *robots.File, text []byte, name string) []string {
	t.Helper()
	src := s.Begin(name, "list", siteFile)
	maps, err := s.ReadSource(src, bytes.NewReader(text), name, nil)
	if err != nil {
		t.Fatal(err)
	}
	return maps
}

var sitePages = []string{"/", "/blog/a", "/private/x", "/private/press/y", "/private/z", "/old/page"}

// native counts urls with the engine alone, as the panel must.
func native(f *robots.File, agent string, urls []string) robots.Tally {
	c := robots.NewCoverage(f, agent)
	for _, u := range urls {
		c.Add(u)
	}
	return c.Tallies()[0]
}

// TestCoverAgrees reads a sitemap and a list, and counts them as
// robots.NewCoverage does; the submitted URLs blocked for Googlebot are
// the finding; an edit's changes are robots.NewDiff's.
func TestCoverAgrees(t *testing.T) {
	f := robots.ParseString(siteFile)
	var s SiteURLs
	var xml strings.Builder
	xml.WriteString(`<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">`)
	var all []string
	for _, p := range sitePages[:4] {
		fmt.Fprintf(&xml, "<url><loc>https://example.com%s</loc></url>", p)
		all = append(all, "https://example.com"+p)
	}
	xml.WriteString("</urlset>")
	var gz bytes.Buffer
	zw := gzip.NewWriter(&gz)
	zw.Write([]byte(xml.String()))
	zw.Close()
	load(t, &s, f, gz.Bytes(), "sitemap.xml.gz")
	list := "https://example.com" + sitePages[4] + "\n\nhttps://example.com" + sitePages[5] + "\n"
	load(t, &s, f, []byte(list), "urls.txt")
	all = append(all, "https://example.com"+sitePages[4], "https://example.com"+sitePages[5])

	q := Query{File: f, Query: sitemsg.Query{Text: siteFile, Crawler: "Googlebot"}}
	c, err := s.Cover(q, nil)
	if err != nil {
		t.Fatal(err)
	}
	want := native(f, "Googlebot", all)
	if c.Tally.Allowed != want.Allowed || c.Tally.Blocked != want.Blocked || len(c.Tally.Lines) != len(want.Lines) {
		t.Fatalf("tally %+v, want %+v", c.Tally, want)
	}
	for i, l := range want.Lines {
		if g := c.Tally.Lines[i]; g.Line != l.Line || g.Count != l.Count || g.Allowed != l.Allowed {
			t.Errorf("line %+v, want %+v", g, l)
		}
	}
	if c.Submitted != 4 || c.Googlebot.Blocked != 1 {
		t.Errorf("submitted %d, Googlebot blocks %d of them; want 4, 1", c.Submitted, c.Googlebot.Blocked)
	}
	if len(c.Unused) != 0 || c.Compared {
		t.Errorf("unused %+v, compared %v", c.Unused, c.Compared)
	}

	// An edit: /old/ allowed, /blog/ blocked; compared with the base.
	edited := strings.Replace(siteFile, "Disallow: /old/", "Disallow: /blog/\nDisallow: /never/", 1)
	f2 := robots.ParseString(edited)
	q2 := Query{File: f2, Query: sitemsg.Query{Text: edited, Crawler: "Googlebot"}}
	c2, err := s.Cover(q2, nil)
	if err != nil {
		t.Fatal(err)
	}
	d := robots.NewDiff(f, f2, "Googlebot")
	for _, u := range all {
		d.Add(u)
	}
	if !reflect.DeepEqual(c2.Flips, d.Flips()) {
		t.Errorf("flips %+v, want %+v", c2.Flips, d.Flips())
	}
	if !c2.Compared || len(c2.Unused) != 1 || c2.Unused[0].Line != 5 {
		t.Errorf("compared %v, unused %+v", c2.Compared, c2.Unused)
	}

	// Another crawler: its counts, and Googlebot's finding still.
	q3 := Query{File: f, Query: sitemsg.Query{Text: siteFile, Crawler: "GPTBot"}}
	c3, _ := s.Cover(q3, nil)
	if c3.Tally.Blocked != 6 || c3.Googlebot.Blocked != 1 {
		t.Errorf("GPTBot blocks %d, Googlebot %d", c3.Tally.Blocked, c3.Googlebot.Blocked)
	}
}

// TestCoverLog counts a log's requests by crawler: a browser's are no
// crawler's.
func TestCoverLog(t *testing.T) {
	f := robots.ParseString(siteFile)
	var s SiteURLs
	log := `66.249.66.1 - - [10/Oct/2025:13:55:36 +0000] "GET /private/x HTTP/1.1" 200 512 "-" "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)"
66.249.66.1 - - [10/Oct/2025:13:55:37 +0000] "GET /blog/ HTTP/1.1" 200 512 "-" "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)"
10.0.0.1 - - [10/Oct/2025:13:55:38 +0000] "GET /private/x HTTP/1.1" 200 512 "-" "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36"
`
	load(t, &s, f, []byte(log), "access.log")
	if s.Sources()[0].Kind != "log" || s.Total() != 3 {
		t.Fatalf("sources %+v", s.Sources())
	}
	q := Query{File: f, Query: sitemsg.Query{Text: siteFile, Crawler: "Googlebot"}}
	c, err := s.Cover(q, nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(c.Requests) != 1 || c.Pages != 0 || c.NotCrawlers.Browsers != 1 {
		t.Fatalf("requests %+v, not crawlers %+v, pages %d", c.Requests, c.NotCrawlers, c.Pages)
	}
	for _, r := range c.Requests {
		if r.Agent == "Googlebot" && (r.Blocked != 1 || r.Allowed != 1) {
			t.Errorf("Googlebot %+v", r)
		}
	}
}

// TestReadSourceKinds reads an index (its sitemaps returned), a CSV
// export and a pasted list of paths.
func TestReadSourceKinds(t *testing.T) {
	f := robots.ParseString(siteFile)
	var s SiteURLs
	maps := load(t, &s, f, []byte(`<sitemapindex><sitemap><loc>https://example.com/a.xml</loc></sitemap><sitemap><loc>https://example.com/b.txt</loc></sitemap></sitemapindex>`), "index.xml")
	if !reflect.DeepEqual(maps, []string{"https://example.com/a.xml", "https://example.com/b.txt"}) || s.Sources()[0].Kind != "index" {
		t.Errorf("index gave %v, %+v", maps, s.Sources())
	}
	load(t, &s, f, []byte("Address,Status Code\nhttps://example.com/private/x,200\n\"https://example.com/b,c\",200\n"), "crawl.csv")
	load(t, &s, f, []byte("/old/a b\n/\n"), "pasted")
	c, _ := s.Cover(Query{File: f, Query: sitemsg.Query{Text: siteFile, Crawler: "Googlebot"}}, nil)
	if c.Pages != 4 || c.Submitted != 0 || c.Tally.Blocked != 2 {
		t.Errorf("pages %d, submitted %d, blocked %d", c.Pages, c.Submitted, c.Tally.Blocked)
	}
	// The typed path is encoded as a browser sends it.
	if got := s.listed.At(2); got != "/old/a%20b" {
		t.Errorf("stored %q", got)
	}
}

// TestCoverStops: a pause that answers true stops a coverage.
func TestCoverStops(t *testing.T) {
	f := robots.ParseString(siteFile)
	var s SiteURLs
	src := s.Begin("many", "list", siteFile)
	for i := 0; i < 5000; i++ {
		s.Add(src, entry(fmt.Sprintf("/p/%d", i)), false)
	}
	calls := 0
	_, err := s.Cover(Query{File: f, Query: sitemsg.Query{Crawler: "Googlebot"}}, func() bool { calls++; return calls > 3 })
	if !errors.Is(err, robots.ErrStopped) {
		t.Errorf("err %v", err)
	}
	// A reading under way when the panel is cleared adds nothing more,
	// even to a source begun since.
	s.Clear()
	again := s.Begin("again", "list", siteFile)
	if err := s.Add(src, entry("/late"), false); !errors.Is(err, robots.ErrStopped) || s.Total() != 0 {
		t.Errorf("a cleared source added to: %v, %d URLs", err, s.Total())
	}
	s.Fail(src, "late")
	if err := s.Add(again, entry("/new"), false); err != nil || s.Total() != 1 || s.Sources()[0].Error != "" {
		t.Errorf("%v, %d URLs, %+v", err, s.Total(), s.Sources())
	}
}

// TestSiteFull: past MaxSiteURLs nothing more is read, and a note says so.
func TestSiteFull(t *testing.T) {
	if testing.Short() {
		t.Skip("a million URLs")
	}
	f := robots.ParseString(siteFile)
	var s SiteURLs
	var b strings.Builder
	for i := 0; i < MaxSiteURLs+10; i++ {
		fmt.Fprintf(&b, "/p/%d\n", i)
	}
	load(t, &s, f, []byte(b.String()), "big.txt")
	if s.Total() != MaxSiteURLs || len(s.Notes()) != 1 || !strings.Contains(s.Notes()[0], "1,000,000 URLs at most") {
		t.Errorf("total %d, notes %v", s.Total(), s.Notes())
	}
}

// distinctPaths returns n lines, each prefix and its number: distinct,
// as the panel holds a URL once.
func distinctPaths(prefix string, n int) string {
	var b strings.Builder
	for i := range n {
		fmt.Fprintf(&b, "%s%d\n", prefix, i)
	}
	return b.String()
}

// TestNothingDroppedUnsaid: what the worker leaves out is noted: a CSV's
// quote never closed (read again from the line after it), and the notes
// past the most it keeps.
func TestNothingDroppedUnsaid(t *testing.T) {
	f := robots.ParseString(siteFile)
	var s SiteURLs
	csv := "url,title\nhttps://example.com/a,A\n\"https://example.com/b,B\n" + strings.ReplaceAll(distinctPaths("https://example.com/c", 50_000), "\n", ",C\n")
	load(t, &s, f, []byte(csv), "open.csv")
	if s.Total() != 50_001 || len(s.Notes()) != 1 || s.Notes()[0] != "open.csv: line 3: a quote opened here is not closed within 64 KiB: read from line 4 on" {
		t.Errorf("total %d, notes %q", s.Total(), s.Notes())
	}
	for i := range maxSiteNotes + 5 {
		s.Note(fmt.Sprintf("n%d", i))
	}
	if n := s.Notes(); len(n) != maxSiteNotes || n[len(n)-1] != notesFull || n[len(n)-2] != "n17" {
		t.Errorf("%d notes, the last %q", len(n), n[len(n)-2:])
	}
}

// TestReadSitemapAnswer reads the relay's answers.
func TestReadSitemapAnswer(t *testing.T) {
	a, err := ReadSitemapAnswer(`{"url":"https://e.com/i.xml","status":200,"final_url":"https://e.com/i.xml","locs":["https://e.com/a.xml.gz","https://e.com/b.txt"],"index":true,"notes":[],"complete":true,"took_ms":41,"extra":{"x":[1]}}`, nil)
	if err != nil || !a.Index || len(a.Locs) != 2 || a.Status != 200 || !a.Complete || a.TookMS != 41 {
		t.Errorf("%+v %v", a, err)
	}
	a, err = ReadSitemapAnswer(`{"error":"not named by a robots.txt"}`, nil)
	if err != nil || a.Error == "" {
		t.Errorf("%+v %v", a, err)
	}
	if _, err := ReadSitemapAnswer(`<html>`, nil); err == nil {
		t.Error("a page read as an answer")
	}
}

func TestGrouped(t *testing.T) {
	for n, want := range map[int]string{0: "0", 999: "999", 1000: "1,000", 120000: "120,000", 1234567: "1,234,567", -4500: "-4,500"} {
		if got := sitemsg.Grouped(n); got != want {
			t.Errorf("Grouped(%d) = %q", n, got)
		}
	}
}

func entry(u string) sitemap.Entry { return sitemap.Entry{URL: u} }

// benchSiteURLs returns the million URLs BenchmarkSiteURLs (app/e2e)
// drops into the page: the same work, natively.
func benchSiteURLs() *SiteURLs {
	sections := []string{"blog", "shop", "private", "search", "cart", "news", "docs", "img"}
	s := &SiteURLs{}
	src := s.Begin("urls.txt", "list", "")
	for i := range MaxSiteURLs {
		s.Add(src, sitemap.Entry{URL: fmt.Sprintf("https://example.com/%s/%d/item-%d.html", sections[i%8], i*7919%100000, i), Line: i + 1}, false)
	}
	return s
}

// BenchmarkSiteCover counts a million URLs for one crawler against the
// example file, as the page does when another crawler is chosen: alone,
// as the worker without a helper, and in halves on two goroutines, as the
// worker with its helper. One op is the million.
//
//	go test -run NONE -bench SiteCover -benchtime 5x ./app/sitework
func BenchmarkSiteCover(b *testing.B) {
	s := benchSiteURLs()
	st := model.Example()
	q := NewQuery(sitemsg.Query{Text: st.Robots, Crawler: "bingbot"})
	for name, cover := range map[string]func(Query) (*sitemsg.Coverage, error){
		"alone":  func(q Query) (*sitemsg.Coverage, error) { return s.Cover(q, nil) },
		"halves": s.CoverHalves,
	} {
		b.Run(name, func(b *testing.B) {
			for b.Loop() {
				if _, err := cover(q); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/MaxSiteURLs, "ns/URL")
		})
	}
}

// TestRestoreBesideNewSources undoes a Clear after another source was
// read: both are held, the new first, with its base; past the panel's
// limit, what did not fit is noted.
func TestRestoreBesideNewSources(t *testing.T) {
	var s SiteURLs
	old := s.Begin("old.txt", "list", "old file")
	s.Add(old, entry("/old/1"), false)
	s.Add(old, sitemap.Entry{URL: "/old/log", Agent: "Googlebot", Status: 200}, false)
	s.Clear()
	s.Add(s.Begin("new.txt", "list", "new file"), entry("/new/1"), false)
	if st := s.State(); st.List == nil || !strings.Contains(fmt.Sprint(*st.List), "site-urls-undo") {
		t.Fatalf("no Undo offered once a new source is read: %+v", st.List)
	}
	if !s.Restore() {
		t.Fatal("nothing restored")
	}
	st := s.State()
	if st.Pages != 2 || st.Requests != 1 || len(st.Sources) != 2 || st.Sources[0].Name != "new.txt" || st.Sources[1].Name != "old.txt" {
		t.Fatalf("state %+v, want the new source then the old", st)
	}
	if s.listed.At(0) != "/new/1" || s.listed.At(1) != "/old/1" || s.baseText != "new file" {
		t.Errorf("listed %q, %q, base %q", s.listed.At(0), s.listed.At(1), s.baseText)
	}
	if s.Restore() {
		t.Error("restored twice")
	}

	var full SiteURLs
	src := full.Begin("a.txt", "list", "")
	for i := range MaxSiteURLs - 1 {
		full.listed.Add(fmt.Sprint("/a/", i))
	}
	full.Add(src, entry("/last"), false)
	full.Clear()
	more := full.Begin("b.txt", "list", "")
	full.Add(more, entry("/b/1"), false)
	full.Add(more, entry("/b/2"), false)
	full.Restore()
	if full.Total() != MaxSiteURLs || len(full.Notes()) != 1 || !strings.Contains(full.Notes()[0], "2 of those put back were left out") {
		t.Errorf("total %d, notes %q", full.Total(), full.Notes())
	}
}
