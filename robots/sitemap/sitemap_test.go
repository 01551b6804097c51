package sitemap_test

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"slices"
	"strings"
	"testing"
	"time"

	"robotstester/internal/sitemaptest"
	"robotstester/robots/sitemap"
)

// httpFetcher opens URLs with net/http, as a command line does.
var httpFetcher = sitemap.FetcherFunc(func(ctx context.Context, loc string) (io.ReadCloser, error) {
	req, err := http.NewRequestWithContext(ctx, "GET", loc, nil)
	if err != nil {
		return nil, err
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return nil, err
	}
	if resp.StatusCode != 200 {
		resp.Body.Close()
		return nil, fmt.Errorf("status %d", resp.StatusCode)
	}
	return resp.Body, nil
})

func gz(t testing.TB, s string) []byte {
	var b bytes.Buffer
	zw := gzip.NewWriter(&b)
	io.WriteString(zw, s)
	zw.Close()
	return b.Bytes()
}

// walk reads root with w, and returns the URLs and the notes.
func walk(t *testing.T, w *sitemap.Walker, root string) (urls []string, notes []string, err error) {
	t.Helper()
	w.Note = func(n sitemap.Note) { notes = append(notes, n.String()) }
	err = w.Walk(context.Background(), root, func(e sitemap.Entry) error {
		urls = append(urls, e.URL)
		return nil
	})
	return urls, notes, err
}

// TestWalkIndex: an index naming a gzip sitemap, a text sitemap, a
// sitemap that is missing and an index, all read through the fetcher.
func TestWalkIndex(t *testing.T) {
	mux := http.NewServeMux()
	srv := httptest.NewServer(mux)
	defer srv.Close()
	base := srv.URL
	mux.HandleFunc("/sitemap_index.xml", func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprintf(w, `<?xml version="1.0" encoding="UTF-8"?>
<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
  <sitemap><loc>%[1]s/posts.xml.gz</loc><lastmod>2026-11-01</lastmod></sitemap>
  <sitemap><loc>%[1]s/pages.txt</loc></sitemap>
  <sitemap><loc>%[1]s/gone.xml</loc></sitemap>
  <sitemap><loc>%[1]s/more_index.xml</loc></sitemap>
</sitemapindex>`, base)
	})
	mux.HandleFunc("/posts.xml.gz", func(w http.ResponseWriter, r *http.Request) {
		w.Write(gz(t, `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:image="http://www.google.com/schemas/sitemap-image/1.1">
  <url><loc>https://example.com/posts/1?a=1&amp;b=2</loc><image:image><image:loc>https://example.com/img.png</image:loc></image:image></url>
  <url>
    <loc>
      https://example.com/posts/2
    </loc>
    <priority>0.5</priority>
  </url>
</urlset>`))
	})
	mux.HandleFunc("/pages.txt", func(w http.ResponseWriter, r *http.Request) {
		io.WriteString(w, "\ufeffhttps://example.com/about\r\n\r\nhttps://example.com/contact\n")
	})
	mux.HandleFunc("/more_index.xml", func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprintf(w, `<sitemapindex><sitemap><loc>%s/deep.xml</loc></sitemap></sitemapindex>`, base)
	})
	mux.HandleFunc("/deep.xml", func(w http.ResponseWriter, r *http.Request) {
		io.WriteString(w, `<urlset><url><loc>https://example.com/deep</loc></url></urlset>`)
	})

	urls, notes, err := walk(t, &sitemap.Walker{Fetcher: httpFetcher}, base+"/sitemap_index.xml")
	want := []string{"https://example.com/posts/1?a=1&b=2", "https://example.com/posts/2",
		"https://example.com/about", "https://example.com/contact", "https://example.com/deep"}
	if err != nil || !slices.Equal(urls, want) {
		t.Errorf("got %q, %v; want %q", urls, err, want)
	}
	if len(notes) != 1 || !strings.Contains(notes[0], "gone.xml: status 404") {
		t.Errorf("notes %q", notes)
	}

	// One level of index only: the nested index is noted, not read.
	urls, notes, _ = walk(t, &sitemap.Walker{Fetcher: httpFetcher, MaxDepth: 1}, base+"/sitemap_index.xml")
	if len(urls) != 4 || !slices.ContainsFunc(notes, func(n string) bool { return strings.Contains(n, "2 levels deep") }) {
		t.Errorf("depth 1: %q %q", urls, notes)
	}
	// Two sources at most: the index and the gzip sitemap.
	urls, notes, _ = walk(t, &sitemap.Walker{Fetcher: httpFetcher, MaxSitemaps: 2}, base+"/sitemap_index.xml")
	if len(urls) != 2 || !slices.ContainsFunc(notes, func(n string) bool { return strings.Contains(n, "3 more of this index are not read") }) {
		t.Errorf("2 sitemaps: %q %q", urls, notes)
	}
	// The first source failing is an error.
	if _, _, err := walk(t, &sitemap.Walker{Fetcher: httpFetcher}, base+"/gone.xml"); err == nil {
		t.Error("a missing root: no error")
	}
	// yield's error ends the walk, from however deep, and is returned.
	stop := errors.New("enough")
	n := 0
	w := sitemap.Walker{Fetcher: httpFetcher}
	err = w.Walk(context.Background(), base+"/sitemap_index.xml", func(e sitemap.Entry) error {
		if n++; e.URL == "https://example.com/deep" {
			return stop
		}
		return nil
	})
	if err != stop || n != 5 {
		t.Errorf("stop: %v after %d", err, n)
	}
}

func TestReadKinds(t *testing.T) {
	for _, tc := range []struct {
		name, in string
		kind     sitemap.Kind
		want     []sitemap.Entry
		notes    int
	}{
		{"list", "https://example.com/a\n/b\n\n# a comment\n  /c  \r\n", sitemap.List,
			[]sitemap.Entry{{URL: "https://example.com/a", Line: 1}, {URL: "/b", Line: 2}, {URL: "/c", Line: 5}}, 0},
		{"rss", `<rss version="2.0"><channel><link>https://example.com/</link><item><link>https://example.com/p1</link></item></channel></rss>`, sitemap.XML,
			[]sitemap.Entry{{URL: "https://example.com/p1"}}, 0},
		{"atom", `<feed xmlns="http://www.w3.org/2005/Atom"><link href="https://example.com/"/><entry><link rel="alternate" href="https://example.com/e1"/><link rel="edit" href="https://example.com/edit"/></entry></feed>`, sitemap.XML,
			[]sitemap.Entry{{URL: "https://example.com/e1"}}, 0},
		{"loc too long", "<urlset><url><loc>https://example.com/" + strings.Repeat("a", 3000) + "</loc></url><url><loc>/ok</loc></url></urlset>", sitemap.XML,
			[]sitemap.Entry{{URL: "/ok"}}, 1},
		{"screaming frog csv", "\ufeff\"Address\",\"Content Type\",\"Status Code\"\n\"https://example.com/a\",\"text/html\",\"200\"\n\"https://example.com/b, with a comma\",\"text/html\",\"301\"\n", sitemap.CSV,
			[]sitemap.Entry{{URL: "https://example.com/a", Line: 2}, {URL: "https://example.com/b, with a comma", Line: 3}}, 0},
		{"semicolon csv", "Title;URL\nHome;https://example.com/\nEmpty;\n", sitemap.CSV,
			[]sitemap.Entry{{URL: "https://example.com/", Line: 2}}, 0},
		{"log", `66.249.66.1 - - [27/Nov/2026:10:00:00 +0000] "GET /private/x?y=1 HTTP/1.1" 200 512 "-" "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)"
203.0.113.9 - frank [27/Nov/2026:10:00:01 +0000] "HEAD /blog HTTP/1.0" 304 -
203.0.113.9 - - [27/Nov/2026:10:00:02 +0000] "\x16\x03\x01" 400 0 "-" "-"
not a log line
203.0.113.9 - - [27/Nov/2026:10:00:03 +0000] "GET /say \"hi\" HTTP/1.1" 404 0 "https://example.com/" "curl/8.5 \"quoted\""
`, sitemap.Log,
			[]sitemap.Entry{
				{URL: "/private/x?y=1", Status: 200, Agent: "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)", Line: 1,
					Addr: netip.MustParseAddr("66.249.66.1"), Time: time.Date(2026, 11, 27, 10, 0, 0, 0, time.UTC)},
				{URL: "/blog", Status: 304, Line: 2,
					Addr: netip.MustParseAddr("203.0.113.9"), Time: time.Date(2026, 11, 27, 10, 0, 1, 0, time.UTC)},
				{URL: `/say "hi"`, Status: 404, Agent: `curl/8.5 "quoted"`, Line: 5,
					Addr: netip.MustParseAddr("203.0.113.9"), Time: time.Date(2026, 11, 27, 10, 0, 3, 0, time.UTC)},
			}, 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if k := sitemap.Detect(bufio.NewReader(strings.NewReader(tc.in))); k != tc.kind {
				t.Errorf("Detect = %v, want %v", k, tc.kind)
			}
			var got []sitemap.Entry
			var notes []sitemap.Note
			err := sitemap.Read(strings.NewReader(tc.in), "src", func(n sitemap.Note) { notes = append(notes, n) }, func(e sitemap.Entry) error {
				e.From = ""
				e.Time = e.Time.UTC() // the same instant in one location, for ==
				got = append(got, e)
				return nil
			})
			if err != nil || !slices.Equal(got, tc.want) || len(notes) != tc.notes {
				t.Errorf("got %+v, %v, notes %v\nwant %+v", got, err, notes, tc.want)
			}
		})
	}
}

// TestReadGzip: Read inflates a gzip stream and reads what it holds by its
// own kind (it read an XML sitemap's contents as a list of lines when it
// had no size limit, which it looked at before setting).
func TestReadGzip(t *testing.T) {
	in := gz(t, "<urlset><url><loc>https://example.com/a</loc></url><url><loc>/b</loc></url></urlset>")
	var got []string
	err := sitemap.Read(bytes.NewReader(in), "src.xml.gz", nil, func(e sitemap.Entry) error {
		got = append(got, e.URL)
		return nil
	})
	if err != nil || !slices.Equal(got, []string{"https://example.com/a", "/b"}) {
		t.Errorf("got %q, %v", got, err)
	}
}

func TestReadErrors(t *testing.T) {
	for _, in := range []string{"<html><body>hi</body></html>", "<urlset><url><loc>/a</loc>", "Name,Title\nx,y\n"} {
		err := sitemap.Read(strings.NewReader(in), "src", nil, func(sitemap.Entry) error { return nil })
		if in[0] == 'N' {
			// No URL column: a list of two lines, as Detect finds no CSV.
			continue
		}
		if err == nil {
			t.Errorf("%q: no error", in)
		}
	}
}

func TestLimits(t *testing.T) {
	one := func(rc io.ReadCloser) sitemap.Fetcher {
		return sitemap.FetcherFunc(func(context.Context, string) (io.ReadCloser, error) { return rc, nil })
	}
	t.Run("60 MB sitemap", func(t *testing.T) {
		rc := sitemaptest.Reader(48_000, 1300) // 62 MB
		defer rc.Close()
		urls, notes, err := walk(t, &sitemap.Walker{Fetcher: one(rc)}, "big.xml")
		if err != nil || len(urls) < 40_000 || len(urls) >= 48_000 || len(notes) != 1 || !strings.Contains(notes[0], "more than 52428800 bytes uncompressed") {
			t.Errorf("%d URLs, %v, %q", len(urls), err, notes)
		}
	})
	t.Run("gzip bomb", func(t *testing.T) {
		// 1 GB of sitemap in 2.6 MB of gzip.
		bomb := sitemaptest.Bomb(250_000, 4000)
		t.Logf("the bomb: %d bytes of gzip", len(bomb))
		urls, notes, err := walk(t, &sitemap.Walker{Fetcher: one(io.NopCloser(bytes.NewReader(bomb)))}, "bomb.xml.gz")
		if err != nil || len(urls) > 14_000 || len(notes) != 1 || !strings.Contains(notes[0], "likely a bomb") {
			t.Errorf("%d URLs, %v, %q", len(urls), err, notes)
		}
	})
	t.Run("50,001 URLs", func(t *testing.T) {
		rc := sitemaptest.Reader(50_001, 0)
		defer rc.Close()
		urls, notes, err := walk(t, &sitemap.Walker{Fetcher: one(rc)}, "many.xml")
		if err != nil || len(urls) != 50_000 || len(notes) != 1 || !strings.Contains(notes[0], "more than 50000 URLs") {
			t.Errorf("%d URLs, %v, %q", len(urls), err, notes)
		}
	})
	t.Run("lists have no limit", func(t *testing.T) {
		n := 0
		var list strings.Builder
		for i := range 60_000 {
			fmt.Fprintf(&list, "/p/%d\n", i)
		}
		err := sitemap.Read(strings.NewReader(list.String()), "list", nil, func(sitemap.Entry) error { n++; return nil })
		if err != nil || n != 60_000 {
			t.Errorf("%d URLs, %v", n, err)
		}
	})
}

// TestReadOne: an index's sitemaps are entries, not followed.
func TestReadOne(t *testing.T) {
	var got []sitemap.Entry
	w := sitemap.Walker{}
	err := w.ReadOne(strings.NewReader(`<sitemapindex><sitemap><loc>https://example.com/a.xml</loc></sitemap></sitemapindex>`), "index.xml", func(e sitemap.Entry) error {
		got = append(got, e)
		return nil
	})
	want := []sitemap.Entry{{URL: "https://example.com/a.xml", From: "index.xml", Sitemap: true}}
	if err != nil || !slices.Equal(got, want) {
		t.Errorf("%+v %v", got, err)
	}
}

// TestReadIndex: Read yields an index's sitemaps as such, and keeps none.
func TestReadIndex(t *testing.T) {
	var got []sitemap.Entry
	err := sitemap.Read(strings.NewReader(`<sitemapindex><sitemap><loc>/a.xml</loc></sitemap><sitemap><loc>/b.xml</loc></sitemap></sitemapindex>`), "i", nil, func(e sitemap.Entry) error {
		got = append(got, e)
		return nil
	})
	if err != nil || len(got) != 2 || !got[0].Sitemap || got[1].URL != "/b.xml" {
		t.Errorf("%+v %v", got, err)
	}
}
