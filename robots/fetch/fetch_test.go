package fetch_test

import (
	"bytes"
	"compress/gzip"
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"robotstester/robots"
	"robotstester/robots/fetch"
)

const file = "User-agent: *\nDisallow: /private/\n"

// chain redirects /robots.txt through /hop/1 ... /hop/n-1 to /file: n
// redirects in all.
func chain(n int) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		i := 0
		if rest, ok := strings.CutPrefix(r.URL.Path, "/hop/"); ok {
			i, _ = strconv.Atoi(rest)
		} else if r.URL.Path != "/robots.txt" {
			fmt.Fprint(w, file)
			return
		}
		next := "/file"
		if i+1 < n {
			next = "/hop/" + strconv.Itoa(i+1)
		}
		http.Redirect(w, r, next, http.StatusMovedPermanently)
	}
}

func status(code int) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		w.WriteHeader(code)
		fmt.Fprint(w, file)
	}
}

func gzipped(text string) []byte {
	var buf bytes.Buffer
	zw := gzip.NewWriter(&buf)
	zw.Write([]byte(text))
	zw.Close()
	return buf.Bytes()
}

func TestFetch(t *testing.T) {
	googlebot, _ := robots.LookupCrawler("Googlebot")
	noGzip := &http.Client{Transport: &http.Transport{DisableCompression: true}}
	for _, tc := range []struct {
		name    string
		handler http.HandlerFunc
		fetcher fetch.Fetcher
		path    string // added to the server's URL; "" asks for the site
		status  int
		class   robots.AnswerClass
		hops    int
		loop    bool
		allowed bool // whether Googlebot may fetch /private/x
		content robots.ContentKind
	}{
		{name: "200", handler: status(200), status: 200, class: robots.Success, allowed: false},
		{name: "a page of the site", handler: func(w http.ResponseWriter, r *http.Request) {
			if r.URL.Path != "/robots.txt" || r.URL.RawQuery != "" {
				http.NotFound(w, r)
				return
			}
			fmt.Fprint(w, file)
		}, path: "/some/page?q=1#x", status: 200, class: robots.Success, allowed: false},
		{name: "204", handler: func(w http.ResponseWriter, r *http.Request) { w.WriteHeader(204) }, status: 204, class: robots.Success, allowed: true, content: robots.EmptyFile},
		{name: "404", handler: status(404), status: 404, class: robots.ClientError, allowed: true},
		{name: "410", handler: status(410), status: 410, class: robots.ClientError, allowed: true},
		{name: "401", handler: status(401), status: 401, class: robots.Forbidden, allowed: true},
		{name: "403", handler: status(403), status: 403, class: robots.Forbidden, allowed: true},
		{name: "429", handler: status(429), status: 429, class: robots.TooManyRequests, allowed: false},
		{name: "500", handler: status(500), status: 500, class: robots.ServerError, allowed: false},
		{name: "503", handler: status(503), status: 503, class: robots.ServerError, allowed: false},
		{name: "300 is an answer, not a hop", handler: status(300), status: 300, class: robots.Redirect, allowed: true},
		{name: "1 redirect", handler: chain(1), status: 200, class: robots.Success, hops: 1, allowed: false},
		{name: "5 redirects", handler: chain(5), status: 200, class: robots.Success, hops: 5, allowed: false},
		{name: "6 redirects", handler: chain(6), status: 301, class: robots.Redirect, hops: 5, allowed: true},
		{name: "2 redirects allowed, 3 made", handler: chain(3), fetcher: fetch.Fetcher{MaxRedirects: 2}, status: 301, class: robots.Redirect, hops: 2, allowed: true},
		{name: "loop", handler: func(w http.ResponseWriter, r *http.Request) {
			to := map[string]string{"/robots.txt": "/a", "/a": "/robots.txt"}[r.URL.Path]
			http.Redirect(w, r, to, http.StatusFound)
		}, status: 302, class: robots.Redirect, hops: 5, loop: true, allowed: true},
		{name: "relative redirects", handler: func(w http.ResponseWriter, r *http.Request) {
			switch r.URL.Path {
			case "/robots.txt":
				w.Header().Set("Location", "files/../deep/dir/x") // relative to /
				w.WriteHeader(307)
			case "/deep/dir/x":
				w.Header().Set("Location", "../robots-live.txt")
				w.WriteHeader(308)
			case "/deep/robots-live.txt":
				fmt.Fprint(w, file)
			default:
				http.NotFound(w, r)
			}
		}, status: 200, class: robots.Success, hops: 2, allowed: false},
		{name: "redirect without Location", handler: status(301), status: 301, class: robots.Redirect, allowed: true},
		{name: "redirect to ftp", handler: func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Location", "ftp://example.com/robots.txt")
			w.WriteHeader(302)
		}, status: 302, class: robots.Redirect, allowed: true},
		{name: "slow headers", handler: func(w http.ResponseWriter, r *http.Request) {
			select {
			case <-time.After(5 * time.Second):
			case <-r.Context().Done():
			}
		}, fetcher: fetch.Fetcher{Timeout: 200 * time.Millisecond}, class: robots.NetworkError, allowed: false},
		{name: "slow body", handler: func(w http.ResponseWriter, r *http.Request) {
			fmt.Fprint(w, "User-agent: *\n")
			w.(http.Flusher).Flush()
			select {
			case <-time.After(5 * time.Second):
			case <-r.Context().Done():
			}
		}, fetcher: fetch.Fetcher{Timeout: 200 * time.Millisecond}, status: 200, class: robots.NetworkError, allowed: false, content: robots.RobotsTxt},
		{name: "truncated body", handler: func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Length", "1000")
			fmt.Fprint(w, "User-agent: *\nAllow: /")
		}, status: 200, class: robots.NetworkError, allowed: false, content: robots.RobotsTxt},
		{name: "gzip, the transport decodes", handler: func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Encoding", "gzip")
			w.Write(gzipped(file))
		}, status: 200, class: robots.Success, allowed: false},
		{name: "gzip, the fetcher decodes", handler: func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Encoding", "gzip")
			w.Write(gzipped(file))
		}, fetcher: fetch.Fetcher{Client: noGzip}, status: 200, class: robots.Success, allowed: false},
		{name: "gzip that is not", handler: func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Encoding", "gzip")
			fmt.Fprint(w, file)
		}, fetcher: fetch.Fetcher{Client: noGzip}, class: robots.NetworkError, allowed: false},
		{name: "HTML page", handler: func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "text/html; charset=utf-8")
			fmt.Fprint(w, "<!doctype html>\n<html><head><title>Welcome</title></head>\n<body>Hello</body></html>\n")
		}, status: 200, class: robots.Success, allowed: true, content: robots.HTMLPage},
		{name: "robots.txt served as text/html", handler: func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "text/html")
			fmt.Fprint(w, file)
		}, status: 200, class: robots.Success, allowed: false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			srv := httptest.NewServer(tc.handler)
			defer srv.Close()
			res, err := tc.fetcher.Fetch(context.Background(), srv.URL+tc.path)
			if err != nil {
				t.Fatal(err)
			}
			if res.Status != tc.status || res.Class != tc.class || len(res.Hops) != tc.hops || res.Loop != tc.loop {
				t.Errorf("status %d class %v hops %d loop %v (err %v); want %d %v %d %v", res.Status, res.Class, len(res.Hops), res.Loop, res.Err, tc.status, tc.class, tc.hops, tc.loop)
			}
			if res.URL != srv.URL+"/robots.txt" {
				t.Errorf("URL %q", res.URL)
			}
			if got := res.Allowed(googlebot, srv.URL+"/private/x"); got != tc.allowed {
				t.Errorf("Googlebot allowed %v, want %v", got, tc.allowed)
			}
			if res.File != nil && res.File.Content() != tc.content {
				t.Errorf("content %v, want %v", res.File.Content(), tc.content)
			}
			if (res.Class == robots.NetworkError && res.Err == nil) || (res.Class == robots.Success && res.Err != nil) {
				t.Errorf("class %v with error %v", res.Class, res.Err)
			}
		})
	}
}

// TestFetchAcrossHosts: redirects to another host, scheme-relative too,
// are followed and reported.
func TestFetchAcrossHosts(t *testing.T) {
	target := httptest.NewServer(status(200))
	defer target.Close()
	host := strings.TrimPrefix(target.URL, "http:")
	origin := httptest.NewServer(http.RedirectHandler(host+"/robots.txt", http.StatusMovedPermanently))
	defer origin.Close()
	res, err := fetch.Fetch(context.Background(), origin.URL)
	if err != nil {
		t.Fatal(err)
	}
	if res.Class != robots.Success || res.FinalURL != target.URL+"/robots.txt" || len(res.Hops) != 1 || res.Hops[0].Location != res.FinalURL {
		t.Errorf("class %v final %q hops %+v", res.Class, res.FinalURL, res.Hops)
	}
}

// TestFetchBig: a 10 MB body is read to learn its size, cut at the fetch
// limit, in bounded memory; MaxBody stops the reading earlier.
func TestFetchBig(t *testing.T) {
	line := "Disallow: /x\n"
	n := 10_000_000 / len(line)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/plain")
		chunk := []byte(strings.Repeat(line, 1000))
		for i := 0; i < n/1000; i++ {
			w.Write(chunk)
		}
	}))
	defer srv.Close()
	size := int64(n / 1000 * 1000 * len(line))

	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	res, err := fetch.Fetch(context.Background(), srv.URL)
	runtime.ReadMemStats(&after)
	if err != nil {
		t.Fatal(err)
	}
	if res.Class != robots.Success || res.BodyBytes != size || !res.Complete || res.File.Size != int(size) || res.File.Cut != robots.FetchLimit {
		t.Fatalf("class %v read %d complete %v size %d cut %d; want %d", res.Class, res.BodyBytes, res.Complete, res.File.Size, res.File.Cut, size)
	}
	alloc := after.TotalAlloc - before.TotalAlloc
	t.Logf("%d bytes fetched with %d bytes allocated", size, alloc)
	if alloc > 8<<20 {
		t.Errorf("fetching %d bytes allocated %d bytes", size, alloc)
	}

	f := fetch.Fetcher{MaxBody: 1 << 20}
	res, err = f.Fetch(context.Background(), srv.URL)
	if err != nil || res.Class != robots.Success || res.BodyBytes != 1<<20 || res.Complete || res.File.Cut != robots.FetchLimit {
		t.Fatalf("MaxBody 1 MiB: class %v read %d complete %v cut %d err %v", res.Class, res.BodyBytes, res.Complete, res.File.Cut, err)
	}
}

// TestFetchClientUnchanged: the caller's client keeps its redirect policy,
// and its transport is used.
func TestFetchClientUnchanged(t *testing.T) {
	srv := httptest.NewServer(chain(2))
	defer srv.Close()
	var mu sync.Mutex
	requests := 0
	client := &http.Client{Transport: roundTripFunc(func(r *http.Request) (*http.Response, error) {
		mu.Lock()
		requests++
		mu.Unlock()
		if r.Header.Get("User-Agent") != "testbot/1" {
			return nil, errors.New("wrong user agent " + r.Header.Get("User-Agent"))
		}
		return http.DefaultTransport.RoundTrip(r)
	})}
	f := fetch.Fetcher{Client: client, UserAgent: "testbot/1"}
	res, err := f.Fetch(context.Background(), srv.URL)
	if err != nil || res.Class != robots.Success || requests != 3 || client.CheckRedirect != nil {
		t.Fatalf("class %v, %d requests, err %v %v", res.Class, requests, err, res.Err)
	}
}

type roundTripFunc func(*http.Request) (*http.Response, error)

func (f roundTripFunc) RoundTrip(r *http.Request) (*http.Response, error) { return f(r) }

func TestFetchErrors(t *testing.T) {
	for _, site := range []string{"", "ftp://example.com/", "https://", "http://[::1"} {
		if res, err := fetch.Fetch(context.Background(), site); err == nil {
			t.Errorf("Fetch(%q): no error, result %+v", site, res)
		}
	}
	// A port nobody listens on: an answer (unreachable), not an error.
	srv := httptest.NewServer(status(200))
	url := srv.URL
	srv.Close()
	res, err := fetch.Fetch(context.Background(), url)
	if err != nil || res.Class != robots.NetworkError || res.Access(robots.Google).Permission != robots.DisallowAll {
		t.Fatalf("closed server: %v %v", res, err)
	}
	// A context already cancelled.
	srv = httptest.NewServer(status(200))
	defer srv.Close()
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	res, err = fetch.Fetch(ctx, srv.URL)
	if err != nil || res.Class != robots.NetworkError || !errors.Is(res.Err, context.Canceled) {
		t.Fatalf("cancelled: %v %v", res, err)
	}
}
