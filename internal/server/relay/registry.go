package relay

import (
	"container/list"
	"crypto/sha256"
	"net/url"
	"strings"
	"sync"
	"time"

	"robotstester/robots"
	"robotstester/robots/sitemap"
)

// The bounds of the sitemap names the relay remembers. A name costs
// NameOverhead bytes, whatever its URL's length: the relay keeps the URL's
// SHA-256, not the URL. A site (a host) costs SiteOverhead and its name's
// bytes.
const (
	// DefaultNamedSitemaps is the most sitemap URLs the relay remembers
	// as named, by a robots.txt or an index, at once.
	DefaultNamedSitemaps = 50_000
	// MaxNamedBytes is the most bytes the names remembered may cost in
	// all, with their sites, as NameOverhead and SiteOverhead count them.
	MaxNamedBytes = 16 << 20
	// MaxSiteNamed and MaxSiteBytes are one site's share: the most names
	// of one host remembered at once, and the most bytes they may cost.
	MaxSiteNamed = DefaultNamedSitemaps / 4
	MaxSiteBytes = MaxNamedBytes / 4
	// NameOverhead is what a name costs: its entry, its slot in the map
	// of names, its place in its site's list: 250 to 260 bytes measured
	// (TestRegistryMemoryBound), and some room.
	NameOverhead = 320
	// SiteOverhead is what a site costs beyond its names.
	SiteOverhead = 512
	// NamedFor is how long a sitemap stays named after the robots.txt or
	// the index that named it was fetched.
	NamedFor = 30 * time.Minute
	// MaxIndexNamed is the most sitemaps one index may name for the
	// relay: an index lists up to 50,000.
	MaxIndexNamed = 10_000
)

// expiredPerName is how many expired names each naming drops at most:
// enough that the names of a flood leave as the relay goes on, few
// enough that a naming stays cheap.
const expiredPerName = 4

// A registry is the sitemaps the relay may fetch, each until its time is
// up, with how deep in indexes it stands (0: a robots.txt named it).
//
// Its memory is bounded, per site and in all, and every operation takes
// constant time (amortised: a name drops at most the names it needs room
// for, each of which was added once). A site past its share drops its own
// oldest names of earlier fetches; the whole past its bounds drops the
// names of the site named longest ago, never those of the site being
// named: so a site whose robots.txt was just fetched has its sitemaps
// served, whatever other sites named before.
type registry struct {
	mu    sync.Mutex
	names map[sitemapDigest]*namedSitemap
	sites map[string]*namedSite
	// order holds the sites, the one named longest ago first.
	order list.List

	max, maxBytes         int
	siteMax, siteMaxBytes int
	count, bytes          int

	// steps counts the names and sites visited: the tests check that a
	// call visits a few, however many there are.
	steps int
}

// A namedSite is one host's names, in a list for each depth, the oldest
// first.
type namedSite struct {
	host   string
	elem   *list.Element // in registry.order
	last   time.Time     // when it last named a sitemap
	levels [sitemap.DefaultMaxDepth + 1]list.List
	count  int
	bytes  int
}

// A sitemapDigest is the SHA-256 of a sitemap's key: what the registry
// keeps of it, so that a long URL costs no more than a short one. Two keys
// with one digest cannot be found.
type sitemapDigest [sha256.Size]byte

type namedSitemap struct {
	key   sitemapDigest
	site  *namedSite
	elem  *list.Element // in site.levels[depth]
	at    time.Time     // when it was named
	depth int
}

// alive reports whether n is still named at now.
func (n *namedSitemap) alive(now time.Time) bool { return now.Before(n.at.Add(NamedFor)) }

// newRegistry returns a registry of at most max names and maxBytes, each
// site's share a quarter of them.
func newRegistry(max, maxBytes int) *registry {
	return &registry{
		names: map[sitemapDigest]*namedSitemap{}, sites: map[string]*namedSite{},
		max: max, maxBytes: maxBytes, siteMax: max / 4, siteMaxBytes: maxBytes / 4,
	}
}

// sitemapKey is the form a sitemap URL is remembered and looked up in,
// or "" for a value that is no http or https URL: no fragment, no user.
func sitemapKey(raw string) string {
	key, _ := sitemapKeyHost(raw)
	return key
}

// sitemapKeyHost is sitemapKey, and the host the name counts against:
// without its port, so that one host's ports share its share.
func sitemapKeyHost(raw string) (key, host string) {
	u, err := url.Parse(strings.TrimSpace(raw))
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return "", ""
	}
	u.Fragment, u.RawFragment, u.User = "", "", nil
	u.Host = strings.ToLower(u.Host)
	return u.String(), u.Hostname()
}

// name remembers loc as named at depth, and reports whether it could: a
// URL longer than MaxURL, or past its site's share of this fetch, is not.
func (g *registry) name(loc string, depth int, now time.Time) bool {
	key, host := sitemapKeyHost(loc)
	if key == "" || len(key) > MaxURL || depth < 0 || depth > sitemap.DefaultMaxDepth {
		return false
	}
	digest := sha256.Sum256([]byte(key))
	g.mu.Lock()
	defer g.mu.Unlock()
	g.dropExpired(now)
	if old := g.names[digest]; old != nil {
		if old.alive(now) && old.depth < depth {
			depth = old.depth // named closer to a robots.txt already
		}
		g.drop(old)
	}
	s := g.sites[host]
	if s == nil {
		s = &namedSite{host: strings.Clone(host)}
		s.elem = g.order.PushBack(s)
		g.sites[s.host] = s
		g.bytes += s.cost()
	}
	g.order.MoveToBack(s.elem)
	s.last = now
	n := &namedSitemap{key: digest, site: s, at: now, depth: depth}
	// The site's own share: its deepest, oldest names of earlier fetches
	// make room; the names of this fetch past it are refused.
	for s.count+1 > g.siteMax || s.bytes+NameOverhead > g.siteMaxBytes {
		victim := s.oldest()
		g.steps++
		if victim == nil || !victim.at.Before(now) {
			g.forgetIfEmpty(s)
			return false
		}
		g.drop(victim)
	}
	// The whole: the site named longest ago makes room. It is never s,
	// which was just moved last: s alone stays within its share, less
	// than the whole.
	for g.count+1 > g.max || g.bytes+NameOverhead > g.maxBytes {
		other := g.order.Front().Value.(*namedSite)
		g.steps++
		if other == s {
			g.forgetIfEmpty(s)
			return false
		}
		g.drop(other.oldest())
	}
	n.elem = s.levels[depth].PushBack(n)
	s.count++
	s.bytes += NameOverhead
	g.count++
	g.bytes += NameOverhead
	g.names[digest] = n
	return true
}

// dropExpired drops a few names whose time is up, of the site named
// longest ago: when its last name is out of time, all of its are.
func (g *registry) dropExpired(now time.Time) {
	for range expiredPerName {
		front := g.order.Front()
		if front == nil {
			return
		}
		s := front.Value.(*namedSite)
		g.steps++
		if now.Before(s.last.Add(NamedFor)) {
			return
		}
		g.drop(s.oldest())
	}
}

func (s *namedSite) cost() int { return SiteOverhead + len(s.host) }

// oldest returns the name s gives up first: of its deepest names, the
// one named longest ago; nil when s has none.
func (s *namedSite) oldest() *namedSitemap {
	for d := len(s.levels) - 1; d >= 0; d-- {
		if e := s.levels[d].Front(); e != nil {
			return e.Value.(*namedSitemap)
		}
	}
	return nil
}

// drop forgets n, and its site when it was the site's last name.
func (g *registry) drop(n *namedSitemap) {
	s := n.site
	s.levels[n.depth].Remove(n.elem)
	s.count--
	s.bytes -= NameOverhead
	g.count--
	g.bytes -= NameOverhead
	delete(g.names, n.key)
	g.steps++
	g.forgetIfEmpty(s)
}

func (g *registry) forgetIfEmpty(s *namedSite) {
	if s.count == 0 {
		g.order.Remove(s.elem)
		delete(g.sites, s.host)
		g.bytes -= s.cost()
	}
}

// fromRobots names the sitemaps of a robots.txt the relay fetched.
func (g *registry) fromRobots(f *robots.File, now time.Time) {
	for _, rec := range f.Read(robots.Google).Sitemaps {
		g.name(rec.Value, 0, now)
	}
}

// lookup returns how deep loc is named, and whether it is.
func (g *registry) lookup(loc string, now time.Time) (depth int, ok bool) {
	key := sitemapKey(loc)
	if key == "" {
		return 0, false
	}
	digest := sha256.Sum256([]byte(key))
	g.mu.Lock()
	defer g.mu.Unlock()
	n := g.names[digest]
	if n == nil {
		return 0, false
	}
	if !n.alive(now) {
		g.drop(n)
		return 0, false
	}
	return n.depth, true
}

// usage returns how many names the registry holds, and what they cost.
func (g *registry) usage() (count, bytes int) {
	g.mu.Lock()
	defer g.mu.Unlock()
	return g.count, g.bytes
}
