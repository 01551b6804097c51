package relay

import (
	"bytes"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/url"
	"os"
	"runtime"
	"runtime/debug"
	"strconv"
	"strings"
	"testing"
	"time"
)

// The flood is measured here, against local servers only:
//
//	go test -count=1 -run '^TestRelayFlood$' -v ./internal/server/relay
//
// or make bench-relay. docs/relay.md records the figures.

const (
	// floodIndexes is how many indexes the flood asks for, each of its
	// own host, as the flood measured on the relay before its bounds.
	floodIndexes = 15
	// floodNames is how many sitemaps each index lists, and floodURL how
	// long each is: the answer stops at MaxSitemapAnswer, near 8,600.
	floodNames, floodURL = 10_000, 1950
	// floodMemory is the most the relay may hold after the flood.
	floodMemory = 64 << 20
)

// TestRelayFlood: indexes of many hosts, each naming some 8,600 long
// sitemaps, leave the relay within its memory bound; one more index then
// costs little, and a fresh site's own sitemap is served.
func TestRelayFlood(t *testing.T) {
	_, addr := site(t, indexSite(floodNames, floodURL))
	_, port, _ := net.SplitHostPort(addr)
	// No rate limit: a flood comes from many addresses.
	relay := newRelay(t, Config{AllowLoopback: true, PerClient: -1, Resolver: anyTest{}, Logger: slog.New(slog.DiscardHandler)}, "")
	index := func(host string) string { return "http://" + host + ":" + port + "/index.xml" }

	start := time.Now()
	var first time.Duration
	for i := range floodIndexes {
		if code, size := relay.stream(t, index(fmt.Sprintf("flood-%d.test", i))); code != 200 || size < MaxSitemapAnswer*15/16 {
			t.Fatalf("index %d: %d, %d bytes", i, code, size)
		}
		if i == 0 {
			first = time.Since(start)
		}
	}
	flood := time.Since(start)
	heap, rss, peak := memory()
	count, cost := relay.named.usage()

	// One index more: the time it takes, and the steps its names take in
	// the registry.
	before, _ := relay.named.stepsOf("")
	start = time.Now()
	if code, _ := relay.stream(t, index("one-more.test")); code != 200 {
		t.Errorf("one index more: %d", code)
	}
	further := time.Since(start)
	after, named := relay.named.stepsOf("one-more.test")
	steps := after - before

	// The registry's part of it, alone: as many names, as long.
	start = time.Now()
	for i := range named {
		relay.named.name(fmt.Sprintf("http://alone.test/%s/%d.xml", longPath, i), 1, time.Now())
	}
	alone := time.Since(start)

	// A fresh site: its robots.txt is read, its sitemap named and served.
	rep, a := relay.getSitemap(t, "http://fresh.test:"+port+"/sitemap.xml")
	if rep.code != 200 || len(a.Locs) != 1 {
		t.Errorf("a fresh site's own sitemap: %d %s", rep.code, rep.raw)
	}

	t.Logf("flood: %d indexes in %.1f s; kept %d names, costing %.1f MiB; after it, heap in use %.1f MiB, resident %.1f MiB (bound %d MiB); resident at the peak %.1f MiB, the test's site and client with it",
		floodIndexes, flood.Seconds(), count, float64(cost)/(1<<20), float64(heap)/(1<<20), float64(rss)/(1<<20), floodMemory>>20, float64(peak)/(1<<20))
	t.Logf("one index more: %d ms (the first: %d ms), naming %d sitemaps in %.1f registry steps each; the registry alone names as many in %d ms; a fresh site's sitemap: %d",
		further.Milliseconds(), first.Milliseconds(), named, float64(steps)/float64(max(1, named)), alone.Milliseconds(), rep.code)
	// Counted, not timed: a few steps a name, as on an empty relay.
	if perName := float64(steps) / float64(max(1, named)); perName > 8 {
		t.Errorf("one index more took %.1f registry steps a name", perName)
	}
	if heap > floodMemory {
		t.Errorf("the heap in use is %d MiB after the flood, past %d MiB", heap>>20, floodMemory>>20)
	}
	if rss > floodMemory {
		t.Errorf("the process is %d MiB resident after the flood, past %d MiB", rss>>20, floodMemory>>20)
	}
}

// stepsOf returns the registry's steps so far, and how many names host
// has.
func (g *registry) stepsOf(host string) (steps, names int) {
	g.mu.Lock()
	defer g.mu.Unlock()
	if s := g.sites[host]; s != nil {
		names = s.count
	}
	return g.steps, names
}

// stream asks the relay for the sitemap loc, and returns the status and
// the size of the answer, read and dropped as it comes.
func (r *testRelay) stream(t testing.TB, loc string) (code int, size int64) {
	t.Helper()
	resp, err := http.Get(r.srv.URL + "/fetch?sitemap=" + url.QueryEscape(loc))
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	size, err = io.Copy(io.Discard, resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	return resp.StatusCode, size
}

// memory returns the heap in use after a collection, the process's
// resident memory once the heap's free pages are given back, and the most
// it was resident.
func memory() (heap, rss, peak uint64) {
	runtime.GC()
	debug.FreeOSMemory()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	status, _ := os.ReadFile("/proc/self/status")
	for line := range bytes.Lines(status) {
		name, value, _ := strings.Cut(string(line), ":")
		kB, _ := strconv.ParseUint(strings.TrimSuffix(strings.TrimSpace(value), " kB"), 10, 64)
		switch name {
		case "VmRSS":
			rss = kB << 10
		case "VmHWM":
			peak = kB << 10
		}
	}
	return ms.HeapInuse, rss, peak
}
