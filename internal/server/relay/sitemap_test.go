package relay

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"runtime"
	"slices"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"robotstester/internal/sitemaptest"
)

// getSitemap asks the relay for the sitemap loc.
func (r *testRelay) getSitemap(t testing.TB, loc string) (reply, SitemapAnswer) {
	t.Helper()
	req, _ := http.NewRequest("GET", r.srv.URL+"/fetch?sitemap="+url.QueryEscape(loc), nil)
	rep := do(t, req)
	var a SitemapAnswer
	if rep.code == http.StatusOK {
		if err := json.Unmarshal(rep.raw, &a); err != nil {
			t.Fatalf("%v: %.300s", err, rep.raw)
		}
	}
	return rep, a
}

// sitemapSite is a site whose robots.txt names some sitemaps, and which
// counts the requests for each path.
type sitemapSite struct {
	base string
	hits map[string]*atomic.Int32
}

func newSitemapSite(t *testing.T) *sitemapSite {
	s := &sitemapSite{hits: map[string]*atomic.Int32{}}
	paths := []string{"/robots.txt", "/sitemap_index.xml", "/posts.xml.gz", "/pages.txt", "/secret.xml",
		"/bomb.xml.gz", "/big.xml", "/to-metadata.xml", "/gone.xml", "/deep_index.xml", "/deeper_index.xml", "/deepest_index.xml", "/too_deep.xml"}
	for _, p := range paths {
		s.hits[p] = new(atomic.Int32)
	}
	bomb := sitemaptest.Bomb(250_000, 4000) // 1 GB inflated
	s.base, _ = site(t, func(w http.ResponseWriter, r *http.Request) {
		if h := s.hits[r.URL.Path]; h != nil {
			h.Add(1)
		}
		switch r.URL.Path {
		case "/robots.txt":
			fmt.Fprintf(w, "User-agent: *\nDisallow: /private/\n\nSitemap: %[1]s/sitemap_index.xml\nSitemap: %[1]s/bomb.xml.gz\nSitemap: %[1]s/big.xml\nSitemap: %[1]s/to-metadata.xml\nSitemap: %[1]s/gone.xml\nSitemap: %[1]s/deep_index.xml\n", s.base)
		case "/sitemap_index.xml":
			fmt.Fprintf(w, `<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><sitemap><loc>%[1]s/posts.xml.gz</loc></sitemap><sitemap><loc>%[1]s/pages.txt</loc></sitemap></sitemapindex>`, s.base)
		case "/posts.xml.gz":
			w.Header().Set("Content-Type", "application/gzip")
			w.Write(gzipped(`<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>https://example.com/posts/1</loc></url><url><loc>https://example.com/private/2</loc></url></urlset>`))
		case "/pages.txt":
			io.WriteString(w, "https://example.com/about\nsecret words\n/a/path\n")
		case "/secret.xml":
			io.WriteString(w, `<urlset><url><loc>https://example.com/secret</loc></url></urlset>`)
		case "/bomb.xml.gz":
			w.Header().Set("Content-Type", "application/gzip")
			w.Write(bomb)
		case "/big.xml":
			rc := sitemaptest.Reader(48_000, 1300) // 62 MB
			defer rc.Close()
			io.Copy(w, rc)
		case "/to-metadata.xml":
			http.Redirect(w, r, "http://169.254.169.254/latest/meta-data/", http.StatusFound)
		case "/deep_index.xml":
			fmt.Fprintf(w, `<sitemapindex><sitemap><loc>%s/deeper_index.xml</loc></sitemap></sitemapindex>`, s.base)
		case "/deeper_index.xml":
			fmt.Fprintf(w, `<sitemapindex><sitemap><loc>%s/deepest_index.xml</loc></sitemap></sitemapindex>`, s.base)
		case "/deepest_index.xml":
			fmt.Fprintf(w, `<sitemapindex><sitemap><loc>%s/too_deep.xml</loc></sitemap></sitemapindex>`, s.base)
		default:
			http.NotFound(w, r)
		}
	})
	return s
}

func gzipped(s string) []byte {
	var b bytes.Buffer
	zw := gzip.NewWriter(&b)
	io.WriteString(zw, s)
	zw.Close()
	return b.Bytes()
}

// TestSitemapNamed: the relay fetches a sitemap named by the robots.txt,
// and those its index names; any other is refused before any request.
func TestSitemapNamed(t *testing.T) {
	s := newSitemapSite(t)
	relay := newRelay(t, Config{AllowLoopback: true, PerClient: -1}, "")

	// Not named: refused, though the relay read the site's robots.txt
	// to see (nobody had asked for it yet).
	rep, _ := relay.getSitemap(t, s.base+"/secret.xml")
	if rep.code != http.StatusForbidden || !strings.Contains(rep.err, "named by no robots.txt") {
		t.Errorf("secret: %d %q", rep.code, rep.err)
	}
	if s.hits["/secret.xml"].Load() != 0 || s.hits["/robots.txt"].Load() != 1 {
		t.Errorf("secret fetched %d times, robots.txt %d", s.hits["/secret.xml"].Load(), s.hits["/robots.txt"].Load())
	}

	rep, a := relay.getSitemap(t, s.base+"/sitemap_index.xml")
	if rep.code != 200 || !a.Index || !a.Complete || !slices.Equal(a.Locs, []string{s.base + "/posts.xml.gz", s.base + "/pages.txt"}) {
		t.Fatalf("index: %d %s", rep.code, rep.raw)
	}
	rep, a = relay.getSitemap(t, s.base+"/posts.xml.gz")
	if rep.code != 200 || a.Index || !a.Complete || a.Status != 200 || !slices.Equal(a.Locs, []string{"https://example.com/posts/1", "https://example.com/private/2"}) {
		t.Errorf("gzip sitemap: %d %s", rep.code, rep.raw)
	}
	rep, a = relay.getSitemap(t, s.base+"/pages.txt#top")
	if rep.code != 200 || !slices.Equal(a.Locs, []string{"https://example.com/about"}) || !slices.Equal(a.Notes, []string{"1 line is not a URL or a path: skipped (line 2)", "1 entry is not an absolute http or https URL, as a sitemap's must be: left out"}) {
		t.Errorf("text sitemap: %d %s", rep.code, rep.raw)
	}
	// A sitemap that is not there: its status, said.
	rep, a = relay.getSitemap(t, s.base+"/gone.xml")
	if rep.code != 200 || a.Status != 404 || a.Complete || a.FetchError != "the server answered 404 Not Found" || len(a.Locs) != 0 {
		t.Errorf("gone: %d %s", rep.code, rep.raw)
	}
	// Indexes are followed two levels deep, no deeper: the robots.txt
	// names deep_index, which names deeper_index, which names
	// deepest_index, whose sitemaps are past the limit.
	relay.getSitemap(t, s.base+"/deep_index.xml")
	relay.getSitemap(t, s.base+"/deeper_index.xml")
	rep, a = relay.getSitemap(t, s.base+"/deepest_index.xml")
	if rep.code != 200 || len(a.Notes) != 1 || !strings.Contains(a.Notes[0], "will not fetch them") {
		t.Errorf("deepest index: %d %s", rep.code, rep.raw)
	}
	if rep, _ = relay.getSitemap(t, s.base+"/too_deep.xml"); rep.code != http.StatusForbidden || s.hits["/too_deep.xml"].Load() != 0 {
		t.Errorf("too deep: %d %s", rep.code, rep.raw)
	}
	// A redirect to the metadata service: refused at the redirect.
	rep, _ = relay.getSitemap(t, s.base+"/to-metadata.xml")
	if rep.code != http.StatusForbidden || !strings.Contains(rep.err, "metadata") {
		t.Errorf("to metadata: %d %q", rep.code, rep.err)
	}
	for _, q := range []string{"sitemap=ftp://x/s.xml", "sitemap=a&sitemap=b", "sitemap=" + url.QueryEscape(s.base+"/s.xml") + "&url=x", "sitemap=" + strings.Repeat("a", 3000)} {
		req, _ := http.NewRequest("GET", relay.srv.URL+"/fetch?"+q, nil)
		if rep := do(t, req); rep.code != http.StatusBadRequest && rep.code != http.StatusRequestURITooLong {
			t.Errorf("%.40s: %d %s", q, rep.code, rep.raw)
		}
	}
	if !strings.Contains(relay.log.String(), "msg=sitemap") {
		t.Errorf("log: %s", relay.log)
	}
}

// TestSitemapLimits: a gzip bomb and a 60 MB sitemap are cut at 50 MB
// inflated, and said so; the relay's heap does not hold them.
func TestSitemapLimits(t *testing.T) {
	s := newSitemapSite(t)
	relay := newRelay(t, Config{AllowLoopback: true, PerClient: -1, Timeout: 30 * time.Second}, "")
	var before runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	for _, tc := range []struct {
		path string
		note string
		max  int
	}{
		{"/bomb.xml.gz", "likely a bomb", 52428800 / 3900},
		{"/big.xml", "more than 52428800 bytes uncompressed", 48_000 - 1},
	} {
		start := time.Now()
		rep, a := relay.getSitemap(t, s.base+tc.path)
		if rep.code != 200 || a.Complete || len(a.Locs) == 0 || len(a.Locs) > tc.max || len(a.Notes) != 1 || !strings.Contains(a.Notes[0], tc.note) {
			t.Errorf("%s: %d, %d locs, complete %v, notes %q", tc.path, rep.code, len(a.Locs), a.Complete, a.Notes)
		}
		t.Logf("%s: %d locs, %d bytes of answer, in %v", tc.path, len(a.Locs), len(rep.raw), time.Since(start).Round(time.Millisecond))
	}
	var after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&after)
	if after.HeapAlloc > before.HeapAlloc+32<<20 {
		t.Errorf("the heap grew from %d to %d bytes", before.HeapAlloc, after.HeapAlloc)
	}
}

// TestSitemapTimeBound: a sitemap that trickles in forever ends at the
// relay's time bound, with the URLs read until then.
func TestSitemapTimeBound(t *testing.T) {
	base, _ := site(t, func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/robots.txt" {
			fmt.Fprintf(w, "Sitemap: http://%s/slow.txt\n", r.Host)
			return
		}
		for i := 0; r.Context().Err() == nil; i++ {
			fmt.Fprintf(w, "https://example.com/%d\n", i)
			w.(http.Flusher).Flush()
			time.Sleep(100 * time.Millisecond)
		}
	})
	relay := newRelay(t, Config{AllowLoopback: true, PerClient: -1, Timeout: time.Second}, "")
	start := time.Now()
	rep, a := relay.getSitemap(t, base+"/slow.txt")
	if took := time.Since(start); rep.code != 200 || a.Complete || a.FetchError != "timed out" || len(a.Locs) < 3 || took > 3*time.Second {
		t.Errorf("%d in %v: %s", rep.code, took, rep.raw)
	}
}

// TestSitemapProtections: the rate limit counts sitemaps too, and a
// sitemap that cannot be reached says so without an address.
func TestSitemapProtections(t *testing.T) {
	ln, _ := net.Listen("tcp", "127.0.0.1:0")
	closed := ln.Addr().String()
	ln.Close()
	s := newSitemapSite(t)
	relay := newRelay(t, Config{AllowLoopback: true, PerClient: 3, Burst: 3}, "")
	relay.get(t, s.base)                                       // 1: the robots.txt, whose sitemaps are named
	relay.named.name("http://"+closed+"/s.xml", 0, time.Now()) // as if a robots.txt named it
	rep, a := relay.getSitemap(t, "http://"+closed+"/s.xml")   // 2
	if rep.code != 200 || a.FetchError != "connection refused" {
		t.Errorf("closed: %d %s", rep.code, rep.raw)
	}
	relay.getSitemap(t, s.base+"/pages.txt") // 3
	if rep, _ := relay.getSitemap(t, s.base+"/pages.txt"); rep.code != http.StatusTooManyRequests || rep.header.Get("Retry-After") == "" {
		t.Errorf("4th: %d %s", rep.code, rep.raw)
	}
}

// TestSitemapIndexNamesItsOwnHost: what an index names that is not an
// http or https URL of its own host (a local path, standard input,
// another host, the metadata service) is neither passed on nor named,
// so the relay will not fetch it either.
func TestSitemapIndexNamesItsOwnHost(t *testing.T) {
	var otherHits atomic.Int32
	otherBase, _ := site(t, func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/other.txt" {
			otherHits.Add(1)
		}
		io.WriteString(w, "https://example.com/from-another-host\n")
	})
	var base string
	base, _ = site(t, func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/robots.txt":
			fmt.Fprintf(w, "User-agent: *\nDisallow:\n\nSitemap: %s/index.xml\n", base)
		case "/index.xml":
			fmt.Fprintf(w, `<sitemapindex>
<sitemap><loc>/etc/passwd</loc></sitemap>
<sitemap><loc>/proc/self/environ</loc></sitemap>
<sitemap><loc>-</loc></sitemap>
<sitemap><loc>file:///etc/passwd</loc></sitemap>
<sitemap><loc>http://169.254.169.254/latest/meta-data/</loc></sitemap>
<sitemap><loc>%s/other.txt</loc></sitemap>
<sitemap><loc>%s/own.txt</loc></sitemap>
</sitemapindex>`, strings.Replace(otherBase, "127.0.0.1", "localhost", 1), base)
		case "/own.txt":
			io.WriteString(w, "https://example.com/own\n")
		default:
			http.NotFound(w, r)
		}
	})
	relay := newRelay(t, Config{AllowLoopback: true, PerClient: -1}, "")
	rep, a := relay.getSitemap(t, base+"/index.xml")
	if rep.code != 200 || !a.Index || !slices.Equal(a.Locs, []string{base + "/own.txt"}) {
		t.Fatalf("index: %d %s", rep.code, rep.raw)
	}
	if !slices.ContainsFunc(a.Notes, func(n string) bool { return strings.Contains(n, "2 sitemaps of this index are on other hosts") }) {
		t.Errorf("notes: %q", a.Notes)
	}
	other := strings.Replace(otherBase, "127.0.0.1", "localhost", 1) + "/other.txt"
	if rep, _ := relay.getSitemap(t, other); rep.code != http.StatusForbidden {
		t.Errorf("the other host's sitemap: %d %s", rep.code, rep.raw)
	}
	if otherHits.Load() != 0 {
		t.Errorf("the other host's sitemap was fetched %d times", otherHits.Load())
	}
	if rep, a := relay.getSitemap(t, base+"/own.txt"); rep.code != 200 || !slices.Equal(a.Locs, []string{"https://example.com/own"}) {
		t.Errorf("own sitemap: %d %s", rep.code, rep.raw)
	}
}

// indexSite is a site whose robots.txt names /index.xml, an index that
// names n sitemaps of the site, each about long bytes long.
func indexSite(n, long int) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		base := "http://" + r.Host
		switch r.URL.Path {
		case "/robots.txt":
			fmt.Fprintf(w, "Sitemap: %s/index.xml\nSitemap: %s/sitemap.xml\n", base, base)
		case "/index.xml":
			out := bufio.NewWriter(w)
			pad := strings.Repeat("s", max(0, long-len(base)-20))
			out.WriteString(`<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">`)
			for i := range n {
				fmt.Fprintf(out, "<sitemap><loc>%s/%s/%d.xml</loc></sitemap>\n", base, pad, i)
			}
			out.WriteString(`</sitemapindex>`)
			out.Flush()
		case "/sitemap.xml":
			fmt.Fprintf(w, `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>%s/</loc></url></urlset>`, base)
		default:
			http.NotFound(w, r)
		}
	}
}

// TestSitemapNamesCharged: an index costs its client one fetch, and one
// more for each NamesPerFetch sitemaps it names, or part of them.
func TestSitemapNamesCharged(t *testing.T) {
	for _, tc := range []struct {
		names int
		cost  int // fetches, the index's and its names'
	}{
		{0, 1},
		{1, 2},
		{NamesPerFetch, 2},
		{NamesPerFetch + 1, 3},
		{8600, 10},
	} {
		t.Run(fmt.Sprint(tc.names), func(t *testing.T) {
			base, _ := site(t, indexSite(tc.names, 100))
			relay := newRelay(t, Config{AllowLoopback: true, PerClient: 1, Burst: 100}, "")
			now := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
			relay.now = func() time.Time { return now } // no refill
			rep, a := relay.getSitemap(t, base+"/index.xml")
			if rep.code != 200 || len(a.Locs) != tc.names {
				t.Fatalf("%d, %d locs: %.300s", rep.code, len(a.Locs), rep.raw)
			}
			if spent := 100 - relay.limits.clients["127.0.0.1"].tokens; spent != float64(tc.cost) {
				t.Errorf("the index cost %v fetches, want %d", spent, tc.cost)
			}
		})
	}
	// A client that spent its fetches on names waits for them.
	base, _ := site(t, indexSite(8600, 100))
	relay := newRelay(t, Config{AllowLoopback: true}, "")
	relay.getSitemap(t, base+"/index.xml")
	if rep, _ := relay.getSitemap(t, base+"/sitemap.xml"); rep.code != http.StatusTooManyRequests {
		t.Errorf("after an index of 8,600 sitemaps, at the default rate: %d, want 429", rep.code)
	}
}

// TestSitemapNamedAgain: a site's sitemap stays served while the relay
// keeps its robots.txt, though other sites' names took the room of its
// own: the kept file names them again.
func TestSitemapNamedAgain(t *testing.T) {
	s := newSitemapSite(t)
	relay := newRelay(t, Config{AllowLoopback: true, PerClient: -1}, "")
	if rep := relay.get(t, s.base); rep.code != 200 {
		t.Fatalf("robots.txt: %d %s", rep.code, rep.raw)
	}
	fill(relay.named, 0, DefaultNamedSitemaps, 100, false, time.Now())
	if _, ok := relay.named.lookup(s.base+"/sitemap_index.xml", time.Now()); ok {
		t.Fatal("the site's names are still kept: the test fills too little")
	}
	rep, a := relay.getSitemap(t, s.base+"/sitemap_index.xml")
	if rep.code != 200 || !a.Index || len(a.Locs) != 2 {
		t.Errorf("index: %d %.300s", rep.code, rep.raw)
	}
	if n := s.hits["/robots.txt"].Load(); n != 1 {
		t.Errorf("robots.txt fetched %d times, want once (then kept)", n)
	}
}
