package relay

import (
	"fmt"
	"runtime"
	"strings"
	"testing"
	"time"
)

// longPath makes a sitemap URL near MaxURL long, as a flood names them.
var longPath = strings.Repeat("x", 1900)

// sitemapURL is the i-th sitemap of host, long or short.
func sitemapURL(host string, i int, long bool) string {
	if long {
		return fmt.Sprintf("https://%s/%s/%d.xml", host, longPath, i)
	}
	return fmt.Sprintf("https://%s/sitemaps/%d.xml", host, i)
}

// fill names n sitemaps, perHost to a host, hosts counted from first.
func fill(g *registry, first, n, perHost int, long bool, now time.Time) {
	for i := range n {
		g.name(sitemapURL(fmt.Sprintf("site-%d.test", first+i/perHost), i, long), 1, now)
	}
}

// countNamed counts the sitemaps of host, 0 to n, still named.
func countNamed(g *registry, host string, n int, long bool, now time.Time) int {
	named := 0
	for i := range n {
		if _, ok := g.lookup(sitemapURL(host, i, long), now); ok {
			named++
		}
	}
	return named
}

// TestRegistryMemoryBound: however many names come, and however long, the
// registry's heap stays within its bound of bytes, and its counts within
// theirs.
func TestRegistryMemoryBound(t *testing.T) {
	for _, tc := range []struct {
		name    string
		n       int
		perHost int
		long    bool
	}{
		{"long URLs, many hosts", 30_000, 1000, true},
		{"long URLs, a host each", 30_000, 1, true},
		{"short URLs, many hosts", 120_000, 5000, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var before, after runtime.MemStats
			runtime.GC()
			runtime.ReadMemStats(&before)
			g := New(Config{}).named
			fill(g, 0, tc.n, tc.perHost, tc.long, time.Now())
			runtime.GC()
			runtime.ReadMemStats(&after)
			grew := int64(after.HeapInuse) - int64(before.HeapInuse)
			count, bytes := g.usage()
			t.Logf("%d names kept of %d, costing %.1f MiB; the heap grew by %.1f MiB", count, tc.n, float64(bytes)/(1<<20), float64(grew)/(1<<20))
			if count > DefaultNamedSitemaps || bytes > MaxNamedBytes {
				t.Errorf("%d names costing %d bytes: past %d and %d", count, bytes, DefaultNamedSitemaps, MaxNamedBytes)
			}
			// The bound counts bytes as the registry spends them, give or
			// take the allocator's rounding and the maps' spare room.
			if grew > MaxNamedBytes*5/4+2<<20 {
				t.Errorf("the heap grew by %d bytes, past the bound of %d", grew, MaxNamedBytes)
			}
			if count == 0 {
				t.Error("nothing kept")
			}
			runtime.KeepAlive(g)
		})
	}
}

// TestRegistrySiteShare: one site keeps at most its share, whatever one of
// its fetches names: the rest is refused, and the other sites keep theirs.
// A later fetch of the site makes room among its own older names, the
// deepest first.
func TestRegistrySiteShare(t *testing.T) {
	for _, tc := range []struct {
		name string
		n    int
		long bool
		keep int // of the n, named
	}{
		{"short URLs", 2 * MaxSiteNamed, false, MaxSiteNamed},
		{"long URLs", 2 * MaxSiteNamed, true, MaxSiteNamed},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g := New(Config{}).named
			now := time.Now()
			g.name("https://other.test/sitemap.xml", 0, now)
			g.name("https://big.test/sitemap_index.xml", 0, now)
			now = now.Add(time.Second)
			accepted := 0
			for i := range tc.n {
				if g.name(sitemapURL("big.test", i, tc.long), 1, now) {
					accepted++
				}
			}
			named := countNamed(g, "big.test", tc.n, tc.long, now)
			if accepted != named || named > tc.keep || named < tc.keep-1 {
				t.Errorf("%d names accepted, %d named of %d; want %d", accepted, named, tc.n, tc.keep)
			}
			if _, ok := g.lookup("https://other.test/sitemap.xml", now); !ok {
				t.Error("the other site's sitemap is forgotten")
			}
			// The robots.txt's own name stays: the index's children, deeper,
			// are refused past the share.
			if _, ok := g.lookup("https://big.test/sitemap_index.xml", now); !ok {
				t.Error("the index named by the robots.txt is forgotten")
			}
			// Another index of the site, fetched later: its names take the
			// place of the older ones, deepest first.
			later := now.Add(time.Second)
			for i := range 100 {
				if !g.name(sitemapURL("big.test", tc.n+i, tc.long), 1, later) {
					t.Fatalf("name %d of a later fetch refused", i)
				}
			}
			if got := countNamed(g, "big.test", tc.n+100, tc.long, later); got != named {
				t.Errorf("%d named after the later fetch, want %d", got, named)
			}
			if _, ok := g.lookup("https://big.test/sitemap_index.xml", later); !ok {
				t.Error("the index named by the robots.txt is forgotten after the later fetch")
			}
		})
	}
}

// TestRegistryFreshSite: with the registry full of the names of other
// sites, all of them still in their time, a site named now is named: the
// sites named longest ago make room.
func TestRegistryFreshSite(t *testing.T) {
	for _, tc := range []struct {
		name    string
		perHost int
		long    bool
	}{
		{"full of short names", 500, false},
		{"full of long names", 500, true},
		{"full of hosts", 1, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g := New(Config{}).named
			start := time.Now()
			n := DefaultNamedSitemaps + 1000
			fill(g, 0, n, tc.perHost, tc.long, start)
			now := start.Add(NamedFor / 2)
			for _, loc := range []string{"https://fresh.test/sitemap.xml", "https://fresh.test/sitemap_index.xml"} {
				if !g.name(loc, 0, now) {
					t.Errorf("%s refused", loc)
				}
				if _, ok := g.lookup(loc, now); !ok {
					t.Errorf("%s not named", loc)
				}
			}
			// The latest names of others stay.
			last := fmt.Sprintf("site-%d.test", (n-1)/tc.perHost)
			if _, ok := g.lookup(sitemapURL(last, n-1, tc.long), now); !ok {
				t.Errorf("the latest name, of %s, is forgotten", last)
			}
		})
	}
}

// TestRegistryConstantTime: a name visits a few names and sites, however
// many the registry holds, full or not, in time or out of it.
func TestRegistryConstantTime(t *testing.T) {
	const further = 5000
	for _, tc := range []struct {
		name    string
		n       int
		perHost int
		long    bool
		later   time.Duration // the further names come this long after
	}{
		{"empty", 0, 1, false, 0},
		{"a few", 1000, 100, false, 0},
		{"nearly full", DefaultNamedSitemaps - further, 100, false, 0},
		{"full of short names", 2 * DefaultNamedSitemaps, 100, false, 0},
		{"full of long names", 30_000, 1000, true, 0},
		{"full of hosts", 30_000, 1, true, 0},
		{"full, all out of time", 2 * DefaultNamedSitemaps, 100, false, NamedFor + time.Minute},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g := New(Config{}).named
			start := time.Now()
			fill(g, 0, tc.n, tc.perHost, tc.long, start)
			g.steps = 0
			// Long names, each to a new host: each makes the most room.
			fill(g, tc.n, further, 1, true, start.Add(tc.later+time.Second))
			// A long name may make room among short ones: as many as its
			// cost is theirs, each two steps.
			const most = 2*(MaxURL+NameOverhead)/NameOverhead + 8
			perName := float64(g.steps) / further
			t.Logf("%.1f steps a name", perName)
			if perName > most {
				t.Errorf("%.1f steps a name, with %d names held", perName, tc.n)
			}
			for i := range 10 {
				g.steps = 0
				g.lookup(sitemapURL("site-1.test", i, tc.long), start)
				if g.steps > 1 {
					t.Errorf("a lookup took %d steps", g.steps)
				}
			}
		})
	}
}
