package relay

import (
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/netip"
	"net/url"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// TestRateLimit: a client past its fetches a minute gets 429 with
// Retry-After, others do not, and the bucket fills again with time.
func TestRateLimit(t *testing.T) {
	base, _ := site(t, serveFile(file))
	relay := newRelay(t, Config{AllowLoopback: true, PerClient: 6, Burst: 3, ClientHeader: "X-Real-IP"}, "")
	now := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	var mu sync.Mutex
	relay.now = func() time.Time { mu.Lock(); defer mu.Unlock(); return now }
	for i := range 3 {
		if rep := relay.get(t, base, "X-Real-IP", "198.51.100.1"); rep.code != 200 {
			t.Fatalf("fetch %d: %d %s", i, rep.code, rep.raw)
		}
	}
	rep := relay.get(t, base, "X-Real-IP", "198.51.100.1")
	if rep.code != 429 || !strings.Contains(rep.err, "too many fetches") || rep.header.Get("Retry-After") != "10" {
		t.Fatalf("fetch 4: %d %q Retry-After %q", rep.code, rep.err, rep.header.Get("Retry-After"))
	}
	// Another client; the same one through a proxy's list; an IPv6
	// neighbour in the same /64.
	if rep := relay.get(t, base, "X-Real-IP", "198.51.100.2"); rep.code != 200 {
		t.Errorf("another client: %d", rep.code)
	}
	if rep := relay.get(t, base, "X-Real-IP", "203.0.113.5, 198.51.100.1"); rep.code != 429 {
		t.Errorf("the same client, last of a list: %d", rep.code)
	}
	for i := range 3 {
		relay.get(t, base, "X-Real-IP", fmt.Sprintf("2001:db8:1:2::%d", i+1))
	}
	if rep := relay.get(t, base, "X-Real-IP", "2001:db8:1:2:ffff::9"); rep.code != 429 {
		t.Errorf("a fourth address of one /64: %d", rep.code)
	}
	mu.Lock()
	now = now.Add(10 * time.Second) // one fetch's worth at 6 a minute
	mu.Unlock()
	if rep := relay.get(t, base, "X-Real-IP", "198.51.100.1"); rep.code != 200 {
		t.Errorf("after 10 s: %d %q", rep.code, rep.err)
	}
	if rep := relay.get(t, base, "X-Real-IP", "198.51.100.1"); rep.code != 429 {
		t.Errorf("again at once: %d", rep.code)
	}
}

// TestRateLimitByConnection: without ClientHeader, a header says nothing.
func TestRateLimitByConnection(t *testing.T) {
	base, _ := site(t, serveFile(file))
	relay := newRelay(t, Config{AllowLoopback: true, PerClient: 1, Burst: 1}, "")
	relay.get(t, base, "X-Real-IP", "198.51.100.1")
	if rep := relay.get(t, base, "X-Real-IP", "198.51.100.2"); rep.code != 429 {
		t.Errorf("a second fetch from one connection's address: %d", rep.code)
	}
}

// TestBusy: past MaxConcurrent fetches, MaxWaiting requests wait up to
// QueueWait; the others are told at once that the relay is busy.
func TestBusy(t *testing.T) {
	release := make(chan struct{})
	var started sync.WaitGroup
	slow := func(w http.ResponseWriter, r *http.Request) {
		started.Done()
		<-release
		io.WriteString(w, file)
	}
	slowURL, _ := site(t, slow)
	waitURL, _ := site(t, serveFile(file))
	busyURL, _ := site(t, serveFile(file))
	relay := newRelay(t, Config{AllowLoopback: true, PerClient: -1, MaxConcurrent: 1, MaxWaiting: 1, QueueWait: 300 * time.Millisecond}, "")

	started.Add(1)
	first := make(chan reply)
	go func() { first <- relay.get(t, slowURL) }()
	started.Wait() // the one slot is taken

	second := make(chan reply)
	go func() { second <- relay.get(t, waitURL) }()
	time.Sleep(50 * time.Millisecond) // the second waits for a slot

	start := time.Now()
	rep := relay.get(t, busyURL)
	if rep.code != 429 || !strings.Contains(rep.err, "busy") || time.Since(start) > 200*time.Millisecond || rep.header.Get("Retry-After") == "" {
		t.Errorf("third: %d %q after %v", rep.code, rep.err, time.Since(start))
	}
	rep = <-second
	if rep.code != 429 || !strings.Contains(rep.err, "busy") {
		t.Errorf("second, after waiting: %d %q", rep.code, rep.err)
	}
	close(release)
	if rep := <-first; rep.code != 200 || rep.answer.Body != file {
		t.Errorf("first: %d %s", rep.code, rep.raw)
	}
	if rep := relay.get(t, busyURL); rep.code != 200 {
		t.Errorf("once free: %d %q", rep.code, rep.err)
	}
}

// TestCache: an answer is kept for CacheTTL; requests for one file made
// together share one fetch.
func TestCache(t *testing.T) {
	var hits atomic.Int32
	gate := make(chan struct{})
	base, _ := site(t, func(w http.ResponseWriter, r *http.Request) {
		hits.Add(1)
		<-gate
		io.WriteString(w, file)
	})
	relay := newRelay(t, Config{AllowLoopback: true, PerClient: -1, CacheTTL: time.Minute}, "")
	now := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	var mu sync.Mutex
	relay.now = func() time.Time { mu.Lock(); defer mu.Unlock(); return now }

	var wg sync.WaitGroup
	replies := make([]reply, 10)
	for i := range replies {
		wg.Go(func() { replies[i] = relay.get(t, base+fmt.Sprintf("/page/%d", i)) })
	}
	time.Sleep(100 * time.Millisecond)
	close(gate)
	wg.Wait()
	for i, rep := range replies {
		if rep.code != 200 || rep.answer.Body != file {
			t.Errorf("request %d: %d %s", i, rep.code, rep.raw)
		}
	}
	if n := hits.Load(); n != 1 {
		t.Errorf("10 requests together made %d fetches, want 1", n)
	}
	rep := relay.get(t, base)
	if rep.code != 200 || !rep.answer.Cached || rep.answer.Body != file || hits.Load() != 1 {
		t.Errorf("within the minute: cached %v, %d fetches", rep.answer.Cached, hits.Load())
	}
	mu.Lock()
	now = now.Add(61 * time.Second)
	mu.Unlock()
	rep = relay.get(t, base)
	if rep.code != 200 || rep.answer.Cached || hits.Load() != 2 {
		t.Errorf("after a minute: cached %v, %d fetches", rep.answer.Cached, hits.Load())
	}
}

func TestCacheBounded(t *testing.T) {
	c := newCache(time.Minute, 100)
	now := time.Now()
	for i := range 20 {
		c.put(fmt.Sprint(i), make([]byte, 30), now)
	}
	if c.bytes > 100 || len(c.entries) != 3 || c.get("19", now) == nil || c.get("16", now) != nil {
		t.Errorf("%d bytes in %d entries", c.bytes, len(c.entries))
	}
	c.put("big", make([]byte, 101), now)
	if c.get("big", now) != nil {
		t.Error("an answer larger than the cache was kept")
	}
	if c.get("19", now.Add(2*time.Minute)) != nil || len(c.entries) != 2 {
		t.Errorf("an expired answer was served; %d entries", len(c.entries))
	}
}

func TestLimiterBounded(t *testing.T) {
	l := newLimiter(60, 1)
	now := time.Now()
	for i := range maxClients + 10 {
		l.take(fmt.Sprint(i), now)
	}
	if len(l.clients) > maxClients+1 { // +1: the bucket newcomers share
		t.Errorf("%d clients kept", len(l.clients))
	}
	// A minute later every bucket is full again: the table is swept.
	l.take("new", now.Add(time.Minute))
	if len(l.clients) > 2 {
		t.Errorf("%d clients kept after a sweep", len(l.clients))
	}
}

func TestClientKey(t *testing.T) {
	if k := clientKey(strings.Repeat("x", 1<<16)); len(k) > 46 {
		t.Errorf("a key of %d bytes", len(k))
	}
	for in, want := range map[string]string{
		"198.51.100.1":          "198.51.100.1",
		"198.51.100.1:5678":     "198.51.100.1",
		"::ffff:198.51.100.1":   "198.51.100.1",
		"2001:db8:1:2:3:4:5:6":  "2001:db8:1:2::/64",
		"[2001:db8:1:2::9]:443": "2001:db8:1:2::/64",
		"fe80::1%eth0":          "fe80::/64",
		"unknown":               "?unknown",
	} {
		if got := clientKey(in); got != want {
			t.Errorf("clientKey(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestLog: a line per fetch, with the URL and the answer, without the
// client's address.
func TestLog(t *testing.T) {
	base, _ := site(t, serveFile(file))
	relay := newRelay(t, Config{AllowLoopback: true, PerClient: -1, ClientHeader: "X-Real-IP"}, "")
	relay.get(t, base, "X-Real-IP", "198.51.100.77")
	relay.get(t, base, "X-Real-IP", "198.51.100.77")               // cached
	relay.get(t, "http://10.0.0.1/", "X-Real-IP", "198.51.100.77") // refused
	lines := strings.Split(strings.TrimSpace(relay.log.String()), "\n")
	if len(lines) != 3 {
		t.Fatalf("%d lines:\n%s", len(lines), relay.log)
	}
	for i, want := range []string{"status=200 class=success", "cached=true", "refused="} {
		if !strings.Contains(lines[i], "url="+base+"/robots.txt") && i < 2 || !strings.Contains(lines[i], want) {
			t.Errorf("line %d: %s, want %q", i, lines[i], want)
		}
	}
	if strings.Contains(relay.log.String(), "198.51.100.77") {
		t.Errorf("the log has the client's address:\n%s", relay.log)
	}
}

// rebinder is a name server that changes its answer: the first
// question gets first, every later one then.
type rebinder struct {
	first, then netip.Addr
	asked       atomic.Int32
}

func (r *rebinder) LookupNetIP(ctx context.Context, network, host string) ([]netip.Addr, error) {
	if r.asked.Add(1) == 1 {
		return []netip.Addr{r.first}, nil
	}
	return []netip.Addr{r.then}, nil
}

// TestDNSRebinding: the relay connects to the address it checked, asking
// the name server once per connection, so that a second, different answer
// never leads it anywhere.
func TestDNSRebinding(t *testing.T) {
	var hosts []string
	var mu sync.Mutex
	_, addr := site(t, func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		hosts = append(hosts, r.Host)
		mu.Unlock()
		io.WriteString(w, file)
	})
	_, port, _ := net.SplitHostPort(addr)
	loop, meta := netip.MustParseAddr("127.0.0.1"), netip.MustParseAddr("169.254.169.254")

	// Checked as 127.0.0.1 (allowed here), then the name server says
	// 169.254.169.254: the connection goes to 127.0.0.1 all the same.
	r := &rebinder{first: loop, then: meta}
	relay := newRelay(t, Config{AllowLoopback: true, PerClient: -1, Resolver: r}, "")
	rep := relay.get(t, "http://rebind.test:"+port+"/")
	if rep.code != 200 || rep.answer.Body != file || r.asked.Load() != 1 {
		t.Fatalf("%d %s; %d lookups", rep.code, rep.raw, r.asked.Load())
	}
	if len(hosts) != 1 || hosts[0] != "rebind.test:"+port {
		t.Errorf("the site was asked for hosts %v", hosts)
	}

	// The other way round: refused on the first answer, and the second
	// is never asked for.
	r = &rebinder{first: meta, then: loop}
	relay = newRelay(t, Config{AllowLoopback: true, PerClient: -1, Resolver: r}, "")
	rep = relay.get(t, "http://rebind.test:"+port+"/")
	if rep.code != 403 || !strings.Contains(rep.err, "metadata") || r.asked.Load() != 1 || len(hosts) != 1 {
		t.Errorf("%d %q; %d lookups, %d requests", rep.code, rep.err, r.asked.Load(), len(hosts))
	}
}

// TestNotThroughItself: a redirect that leads the relay to a relay (its
// own /fetch) gets a 403 there, and the fetch ends.
func TestNotThroughItself(t *testing.T) {
	var relayURL string
	base, _ := site(t, func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, relayURL+"/fetch?url="+url.QueryEscape("http://"+r.Host+"/"), http.StatusFound)
	})
	relay := newRelay(t, Config{AllowLoopback: true, PerClient: -1, CacheTTL: -1}, "")
	relayURL = relay.srv.URL
	rep := relay.get(t, base)
	if rep.code != 200 || rep.answer.Status != 403 || rep.answer.Class != "forbidden" || len(rep.answer.Hops) != 1 {
		t.Errorf("%d %s", rep.code, rep.raw)
	}
	if n := strings.Count(relay.log.String(), "msg=fetch"); n != 1 {
		t.Errorf("%d fetches logged:\n%s", n, relay.log)
	}
}
