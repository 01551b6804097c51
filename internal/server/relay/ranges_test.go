package relay

import (
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"robotstester/robots"
	"robotstester/robots/verify"
)

const googleList = `{"creationTime": "2026-11-30T15:46:03.000000", "prefixes": [{"ipv4Prefix": "192.0.2.0/27"}, {"ipv6Prefix": "2001:db8:4860::/48"}]}`

// rangesRelay is a relay whose catalogue is made up: Googlebot's list
// at listURL, Google-Extended with none.
func rangesRelay(t *testing.T, conf Config, listURL string) (*Handler, *httptest.Server) {
	t.Helper()
	tr := newRelay(t, conf, "")
	tr.crawlerRanges = func(token string) (string, []string, bool) {
		switch strings.ToLower(token) {
		case "googlebot":
			return "Googlebot", []string{listURL, "https://example.com/second.json"}, true
		case "googlebot-image":
			return "Googlebot-Image", []string{listURL}, true
		case "google-extended":
			return "Google-Extended", nil, true
		}
		return "", nil, false
	}
	srv := httptest.NewServer(tr.Ranges())
	t.Cleanup(srv.Close)
	return tr.Handler, srv
}

type rangesReply struct {
	code            int
	body            string
	fetched, source string
}

func getRanges(t *testing.T, srv *httptest.Server, query string) rangesReply {
	t.Helper()
	resp, err := http.Get(srv.URL + "/ranges?" + query)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	if ct := resp.Header.Get("Content-Type"); ct != "application/json; charset=utf-8" {
		t.Errorf("Content-Type %q", ct)
	}
	return rangesReply{resp.StatusCode, string(body), resp.Header.Get(headerFetched), resp.Header.Get(headerSource)}
}

// TestRangesFile: with RangesDir, a catalogued crawler's list is read
// from TOKEN.json, the token as the catalogue spells it; nothing else of
// the folder is served.
func TestRangesFile(t *testing.T) {
	dir := t.TempDir()
	write := func(name, body string) {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("Googlebot.json", googleList)
	write("secret.json", googleList)
	modified := time.Date(2026, 12, 6, 3, 0, 0, 0, time.UTC)
	os.Chtimes(filepath.Join(dir, "Googlebot.json"), modified, modified)
	_, srv := rangesRelay(t, Config{RangesDir: dir, AllowLoopback: true}, "http://127.0.0.1:1/never.json")

	got := getRanges(t, srv, "token=googlebot")
	if got.code != 200 || got.body != googleList || got.source != "file" || got.fetched != "2026-12-06T03:00:00Z" {
		t.Errorf("%+v", got)
	}
	for _, tc := range []struct {
		query string
		code  int
		says  string
	}{
		{"token=secret", 404, "no crawler of the catalogue"},
		{"token=" + url.QueryEscape("../secret"), 404, "no crawler of the catalogue"},
		{"token=Google-Extended", 404, "publishes no address list"},
		{"", 400, "give one token"},
		{"token=a&token=b", 400, "give one token"},
		{"token=Googlebot&url=https://example.com/", 400, "give one token"},
		{"token=" + strings.Repeat("x", 65), 400, "too long"},
	} {
		if got := getRanges(t, srv, tc.query); got.code != tc.code || !strings.Contains(got.body, tc.says) {
			t.Errorf("?%s: %d %s, want %d saying %q", tc.query, got.code, got.body, tc.code, tc.says)
		}
	}
	os.Remove(filepath.Join(dir, "Googlebot.json"))
	if got := getRanges(t, srv, "token=Googlebot"); got.code != 404 {
		t.Errorf("no file: %+v", got)
	}
	write("Googlebot.json", "<html>")
	if got := getRanges(t, srv, "token=Googlebot"); got.code != 500 || !strings.Contains(got.body, "not an address list") {
		t.Errorf("a file that is no list: %+v", got)
	}
	resp, err := http.Post(srv.URL+"/ranges?token=Googlebot", "text/plain", nil)
	if err == nil {
		resp.Body.Close()
	}
	if err != nil || resp.StatusCode != http.StatusMethodNotAllowed {
		t.Errorf("POST: %v %v", resp.StatusCode, err)
	}
}

// TestRangesFetch: without RangesDir, the list is fetched from the
// catalogue's first URL, once for many clients at once, kept for
// RangesTTL, and checked before it is sent.
func TestRangesFetch(t *testing.T) {
	var fetches atomic.Int32
	body := googleList
	var mu sync.Mutex
	site := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		fetches.Add(1)
		time.Sleep(20 * time.Millisecond) // long enough for the requests to meet
		mu.Lock()
		defer mu.Unlock()
		switch r.URL.Path {
		case "/goog.json":
			io.WriteString(w, body)
		default:
			http.NotFound(w, r)
		}
	}))
	defer site.Close()
	h, srv := rangesRelay(t, Config{AllowLoopback: true, PerClient: -1}, site.URL+"/goog.json")
	now := time.Date(2026, 12, 7, 1, 0, 0, 0, time.UTC)
	var clock sync.Mutex
	h.now = func() time.Time { clock.Lock(); defer clock.Unlock(); return now }

	var wg sync.WaitGroup
	for range 8 {
		wg.Go(func() {
			if got := getRanges(t, srv, "token=Googlebot"); got.code != 200 || got.body != googleList ||
				got.source != site.URL+"/goog.json" || got.fetched != "2026-12-07T01:00:00Z" {
				t.Errorf("%+v", got)
			}
		})
	}
	wg.Wait()
	if n := fetches.Load(); n != 1 {
		t.Errorf("%d fetches for 8 requests at once", n)
	}
	clock.Lock()
	now = now.Add(DefaultRangesTTL - time.Second)
	clock.Unlock()
	getRanges(t, srv, "token=Googlebot")
	getRanges(t, srv, "token=Googlebot-Image") // the same list
	if n := fetches.Load(); n != 1 {
		t.Errorf("%d fetches within the TTL", n)
	}
	for _, tc := range []struct{ body, says string }{
		{"<html>Not Found</html>", "not an address list"},
		{`{"prefixes": [], "pad": "` + strings.Repeat("x", verify.MaxListBytes) + `"}`, "larger than"},
	} {
		clock.Lock()
		now = now.Add(DefaultRangesTTL)
		clock.Unlock()
		mu.Lock()
		body = tc.body
		mu.Unlock()
		if got := getRanges(t, srv, "token=Googlebot"); got.code != 502 || !strings.Contains(got.body, tc.says) {
			t.Errorf("%.20s: %d %.200s", tc.body, got.code, got.body)
		}
	}
	mu.Lock()
	body = googleList
	mu.Unlock()
	if got := getRanges(t, srv, "token=Googlebot"); got.code != 200 {
		t.Errorf("after failures, fetched again: %+v", got)
	}
}

// TestRangesRefused: the catalogue's URL goes through the guard, and a
// client's fetches are limited as the relay's others are.
func TestRangesRefused(t *testing.T) {
	site := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { io.WriteString(w, googleList) }))
	defer site.Close()
	_, srv := rangesRelay(t, Config{}, site.URL+"/goog.json")
	if got := getRanges(t, srv, "token=Googlebot"); got.code != 502 || !strings.Contains(got.body, "loopback") {
		t.Errorf("a loopback URL: %d %s", got.code, got.body)
	}
	_, srv = rangesRelay(t, Config{AllowLoopback: true, PerClient: 1, Burst: 1}, site.URL+"/goog.json")
	getRanges(t, srv, "token=Googlebot")
	if got := getRanges(t, srv, "token=Googlebot"); got.code != 429 {
		t.Errorf("second at a rate of one: %d %s", got.code, got.body)
	}
}

// TestRangesCatalogue: the relay's catalogue is the engine's: a token in
// any case gives the crawler's list file as the catalogue spells it.
func TestRangesCatalogue(t *testing.T) {
	c, ok := robots.LookupCrawler("googlebot")
	if !ok || len(c.Ranges) == 0 {
		t.Skip("the catalogue gives Googlebot no list")
	}
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, c.Token+".json"), []byte(googleList), 0o644); err != nil {
		t.Fatal(err)
	}
	tr := newRelay(t, Config{RangesDir: dir}, "")
	srv := httptest.NewServer(tr.Ranges())
	defer srv.Close()
	if got := getRanges(t, srv, "token=GOOGLEBOT"); got.code != 200 || got.body != googleList {
		t.Errorf("%+v", got)
	}
	if got := getRanges(t, srv, "token=no-such-crawler-45"); got.code != 404 || !strings.Contains(got.body, "no crawler of the catalogue") {
		t.Errorf("a token not catalogued: %+v", got)
	}
	if c, ok := robots.LookupCrawler("curl"); ok && len(c.Ranges) == 0 {
		if got := getRanges(t, srv, "token=curl"); got.code != 404 || !strings.Contains(got.body, "publishes no address list") {
			t.Errorf("curl: %+v", got)
		}
	}
}

// TestRangesSecond: &n=N asks for a crawler's N-th list (from 0), read
// from TOKEN.N.json; a place the catalogue does not give is 404, an n
// that is no place 400.
func TestRangesSecond(t *testing.T) {
	dir := t.TempDir()
	second := `{"prefixes": [{"ipv4Prefix": "198.51.100.0/24"}]}`
	for name, body := range map[string]string{"Googlebot.json": googleList, "Googlebot.1.json": second} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	_, srv := rangesRelay(t, Config{RangesDir: dir, AllowLoopback: true}, "http://127.0.0.1:1/never.json")
	for _, tc := range []struct {
		query string
		code  int
		says  string
	}{
		{"token=Googlebot&n=0", 200, googleList},
		{"token=Googlebot&n=1", 200, second},
		{"n=1&token=googlebot", 200, second},
		{"token=Googlebot&n=2", 404, "n is 0 to 1"},
		{"token=Googlebot-Image&n=1", 404, "n is 0 to 0"},
		{"token=Googlebot&n=01", 400, "n is the list's place"},
		{"token=Googlebot&n=-1", 400, "n is the list's place"},
		{"token=Googlebot&n=x", 400, "n is the list's place"},
		{"token=Googlebot&n=1&n=1", 400, "give one token"},
		{"token=Googlebot&n=1&url=x", 400, "give one token"},
	} {
		if got := getRanges(t, srv, tc.query); got.code != tc.code || !strings.Contains(got.body, tc.says) {
			t.Errorf("?%s: %d %s, want %d saying %q", tc.query, got.code, got.body, tc.code, tc.says)
		}
	}
}
