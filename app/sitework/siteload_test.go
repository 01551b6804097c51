package sitework

import (
	"encoding/json"
	"strings"
	"testing"
	"time"

	"robotstester/app/sitemsg"
)

// fakeRelay answers ?sitemap= as the relay does, from answers by URL; a
// URL listed in busy answers 429 that many times first.
type fakeRelay struct {
	answers map[string]any // a SitemapAnswer-shaped map, or a string: the relay's error
	busy    map[string]int
	asked   []string
}

func (f *fakeRelay) fetch(u string) RelayReply {
	f.asked = append(f.asked, u)
	if f.busy[u] > 0 {
		f.busy[u]--
		return RelayReply{Status: 429, RetryAfter: "2", Text: `{"error":"too many fetches"}`}
	}
	a, ok := f.answers[u]
	if !ok {
		return RelayReply{Status: 403, Text: `{"error":"` + u + ` is not named by a robots.txt"}`}
	}
	b, _ := json.Marshal(a)
	return RelayReply{Status: 200, Text: string(b)}
}

// TestSitemapLoader follows an index to a sitemap and a text sitemap,
// waits out the relay's 429s and says so, and says which sitemap the
// relay refused.
func TestSitemapLoader(t *testing.T) {
	relay := &fakeRelay{
		answers: map[string]any{
			"https://e.com/index.xml": map[string]any{"status": 200, "index": true, "complete": true,
				"locs": []string{"https://e.com/posts.xml.gz", "https://e.com/pages.txt", "https://e.com/posts.xml.gz"}},
			"https://e.com/posts.xml.gz": map[string]any{"status": 200, "complete": true, "locs": []string{"https://e.com/a", "https://e.com/private/b"}},
			"https://e.com/pages.txt":    map[string]any{"status": 200, "complete": false, "fetch_error": "timed out", "notes": []string{"cut"}, "locs": []string{"https://e.com/c"}},
		},
		busy: map[string]int{"https://e.com/pages.txt": 2},
	}
	var slept []time.Duration
	var said []string
	var s SiteURLs
	l := &SitemapLoader{URLs: &s, Fetch: relay.fetch, Sleep: func(d time.Duration) { slept = append(slept, d) },
		Say: func(m string) { said = append(said, m) }, Stopped: func() bool { return false }, Text: siteFile}
	status := l.Load([]string{"https://e.com/index.xml", "https://e.com/typed.xml"})
	if s.Total() != 3 {
		t.Errorf("%d URLs read, want 3", s.Total())
	}
	if len(slept) != 2 || slept[0] != 2*time.Second {
		t.Errorf("slept %v", slept)
	}
	if !strings.Contains(strings.Join(said, "\n"), "waiting 2 s, then asking again for sitemap 4 of 5 (https://e.com/pages.txt)") {
		t.Errorf("said:\n%s", strings.Join(said, "\n"))
	}
	if status != "2 sitemaps of 4 could not be read: see why under the sources read." {
		t.Errorf("status %q", status)
	}
	src := s.Sources()
	want := []string{"https://e.com/index.xml index 3 ", "https://e.com/typed.xml sitemap 0 the relay refused: https://e.com/typed.xml is not named by a robots.txt",
		"https://e.com/posts.xml.gz sitemap 2 ", "https://e.com/pages.txt sitemap 1 timed out"}
	for i, w := range want {
		if i >= len(src) {
			t.Fatalf("sources %+v", src)
		}
		if got := strings.Join([]string{src[i].Name, src[i].Kind, sitemsg.Grouped(src[i].URLs), src[i].Error}, " "); got != w {
			t.Errorf("source %d: %q, want %q", i, got, w)
		}
	}
	if n := s.Notes(); len(n) != 1 || n[0] != "https://e.com/pages.txt: cut" {
		t.Errorf("notes %v", n)
	}
	// A host with no relay ends the loading at once.
	var none SiteURLs
	l = &SitemapLoader{URLs: &none, Fetch: func(string) RelayReply { return RelayReply{NoRelay: true} }, Sleep: func(time.Duration) {},
		Say: func(string) {}, Stopped: func() bool { return false }}
	if status := l.Load([]string{"https://e.com/a.xml", "https://e.com/b.xml"}); !strings.HasPrefix(status, "No fetch relay answered here") || len(none.Sources()) != 1 {
		t.Errorf("status %q, sources %+v", status, none.Sources())
	}
}

func TestRetryAfter(t *testing.T) {
	for h, want := range map[string]time.Duration{"": 5 * time.Second, "12": 12 * time.Second, " 3 ": 3 * time.Second, "0": 5 * time.Second, "600": time.Minute, "Wed, 21 Oct 2015 07:28:00 GMT": 5 * time.Second} {
		if got := RetryAfter(h); got != want {
			t.Errorf("RetryAfter(%q) = %v, want %v", h, got, want)
		}
	}
}

// TestSitemapLoaderFollowsTheRule: what an index names on another host,
// or that is no http or https URL, is not asked of the relay, and a note
// says how many.
func TestSitemapLoaderFollowsTheRule(t *testing.T) {
	relay := &fakeRelay{answers: map[string]any{
		"https://e.com/index.xml": map[string]any{"status": 200, "index": true, "complete": true,
			"locs": []string{"https://evil.example/a.xml", "/etc/passwd", "https://e.com/own.txt"}},
		"https://e.com/own.txt": map[string]any{"status": 200, "complete": true, "locs": []string{"https://e.com/a"}},
	}}
	var s SiteURLs
	l := &SitemapLoader{URLs: &s, Fetch: relay.fetch, Sleep: func(time.Duration) {}, Say: func(string) {}, Stopped: func() bool { return false }}
	l.Load([]string{"https://e.com/index.xml"})
	if strings.Join(relay.asked, " ") != "https://e.com/index.xml https://e.com/own.txt" {
		t.Errorf("asked %q", relay.asked)
	}
	if n := s.Notes(); len(n) != 1 || !strings.Contains(n[0], "2 sitemaps on other hosts") {
		t.Errorf("notes %q", n)
	}
}
