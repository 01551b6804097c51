// Package rdns verifies a crawler's request by forward-confirmed reverse
// DNS: the address's name must lie in the crawler's documented domains and
// resolve back to the address. It is the command line's: the page, which
// cannot ask DNS, links none of it.
package rdns

import (
	"context"
	"errors"
	"net"
	"net/netip"
	"robotstester/robots/verify"
	"strings"
	"sync"
	"time"
)

// A Resolver answers the two DNS questions of a forward-confirmed
// reverse lookup; *net.Resolver is one.
type Resolver interface {
	// LookupAddr returns the names (PTR records) of an address.
	LookupAddr(ctx context.Context, addr string) ([]string, error)
	// LookupNetIP returns the addresses of a name; network is "ip".
	LookupNetIP(ctx context.Context, network, host string) ([]netip.Addr, error)
}

// DNSLimits bound what a DNSVerifier asks of DNS and keeps. A zero field
// takes its default.
type DNSLimits struct {
	// Timeout bounds each lookup; 2 seconds by default.
	Timeout time.Duration
	// PerSecond is how many lookups may start a second; 20 by default.
	PerSecond float64
	// MaxLookups is how many lookups a verifier makes in all, a run's
	// budget; past it, an address not in the cache is verify.Unverified. 2,000
	// by default.
	MaxLookups int
	// CacheSize is how many addresses' answers are kept; 10,000 by
	// default. The oldest is forgotten first.
	CacheSize int
	// MaxNames is how many names of an address are confirmed, and
	// MaxAddrs how many addresses of a name are looked at; 4 and 32 by
	// default. An answer past them is verify.Unverified rather than verify.Forged:
	// what was not looked at might have confirmed it.
	MaxNames, MaxAddrs int
}

func (l DNSLimits) withDefaults() DNSLimits {
	def := func(v *int, d int) {
		if *v <= 0 {
			*v = d
		}
	}
	if l.Timeout <= 0 {
		l.Timeout = 2 * time.Second
	}
	if l.PerSecond <= 0 {
		l.PerSecond = 20
	}
	def(&l.MaxLookups, 2000)
	def(&l.CacheSize, 10_000)
	def(&l.MaxNames, 4)
	def(&l.MaxAddrs, 32)
	return l
}

// maxName is the longest DNS name, in bytes, without its trailing dot.
const maxName = 253

// DNSStats count what a DNSVerifier did.
type DNSStats struct {
	Lookups   int // DNS questions asked, reverse and forward
	CacheHits int // checks answered from the cache, or by a check of the same address under way
	OverCap   int // lookups not made because MaxLookups was spent
}

// A DNSVerifier checks addresses by forward-confirmed reverse DNS: the
// address's names (PTR), each name's addresses, and the names among them
// whose addresses hold the address. It keeps what it learnt of an
// address, whatever the domains asked about, so that a log's many
// requests from one address cost one check. It is safe for concurrent
// use.
type DNSVerifier struct {
	r      Resolver
	limits DNSLimits
	every  time.Duration // between two lookups' starts

	mu       sync.Mutex
	next     time.Time // when the next lookup may start
	cache    map[netip.Addr]fcrdns
	order    []netip.Addr // cache keys, oldest first
	inflight map[netip.Addr]*pending
	stats    DNSStats
}

// fcrdns is what the lookups of one address found.
type fcrdns struct {
	// names are the address's names whose forward lookup holds it,
	// lower-cased, without the trailing dot.
	names []string
	// unsure reports that the answer is not the whole story: a lookup
	// failed for a reason that may pass, the lookup budget was spent,
	// or an answer was cut at a limit. Such an answer is not cached.
	unsure bool
}

type pending struct {
	done chan struct{}
	res  fcrdns
}

// NewDNSVerifier returns a verifier asking r, within the limits.
func NewDNSVerifier(r Resolver, limits DNSLimits) *DNSVerifier {
	limits = limits.withDefaults()
	return &DNSVerifier{
		r:        r,
		limits:   limits,
		every:    time.Duration(float64(time.Second) / limits.PerSecond),
		cache:    make(map[netip.Addr]fcrdns),
		inflight: make(map[netip.Addr]*pending),
	}
}

// Verify checks an address against the domains the crawler it claims
// documents (googlebot.com, search.msn.com): verify.Verified when one of its
// confirmed names is a domain or under one; verify.Forged when it has no name,
// when no name is confirmed or when the confirmed names are elsewhere;
// verify.Unverified without domains, without a valid address, or when a lookup
// failed for a reason that may pass or the budget is spent.
func (v *DNSVerifier) Verify(ctx context.Context, addr netip.Addr, domains []string) verify.Status {
	if len(domains) == 0 || !addr.IsValid() {
		return verify.Unverified
	}
	res := v.lookup(ctx, addr.Unmap().WithZone(""))
	for _, name := range res.names {
		if InDomains(name, domains) {
			return verify.Verified
		}
	}
	if res.unsure {
		return verify.Unverified
	}
	return verify.Forged
}

// Stats returns what the verifier did so far.
func (v *DNSVerifier) Stats() DNSStats {
	v.mu.Lock()
	defer v.mu.Unlock()
	return v.stats
}

// InDomains reports whether the DNS name is one of the domains or under
// one: "crawl-66-249-66-1.googlebot.com." is under "googlebot.com", and
// "googlebot.com.evil.example" is not. Case and a trailing dot do not
// matter.
func InDomains(name string, domains []string) bool {
	name = strings.ToLower(strings.TrimSuffix(name, "."))
	for _, d := range domains {
		d = strings.ToLower(strings.Trim(d, "."))
		if d != "" && (name == d || strings.HasSuffix(name, "."+d)) {
			return true
		}
	}
	return false
}

// lookup returns the cached answer for addr, waits for a check of it
// under way, or checks it.
func (v *DNSVerifier) lookup(ctx context.Context, addr netip.Addr) fcrdns {
	v.mu.Lock()
	if res, ok := v.cache[addr]; ok {
		v.stats.CacheHits++
		v.mu.Unlock()
		return res
	}
	if p, ok := v.inflight[addr]; ok {
		v.stats.CacheHits++
		v.mu.Unlock()
		select {
		case <-p.done:
			return p.res
		case <-ctx.Done():
			return fcrdns{unsure: true}
		}
	}
	p := &pending{done: make(chan struct{})}
	v.inflight[addr] = p
	v.mu.Unlock()

	p.res = v.check(ctx, addr)

	v.mu.Lock()
	delete(v.inflight, addr)
	if !p.res.unsure {
		v.remember(addr, p.res)
	}
	v.mu.Unlock()
	close(p.done)
	return p.res
}

// remember caches an answer, forgetting the oldest past CacheSize. The
// caller holds mu.
func (v *DNSVerifier) remember(addr netip.Addr, res fcrdns) {
	if len(v.order) >= v.limits.CacheSize {
		delete(v.cache, v.order[0])
		v.order = v.order[1:]
	}
	v.cache[addr] = res
	v.order = append(v.order, addr)
}

// check asks DNS for the names of addr, then for each name's addresses.
func (v *DNSVerifier) check(ctx context.Context, addr netip.Addr) fcrdns {
	var res fcrdns
	var names []string
	err := v.ask(ctx, func(ctx context.Context) (err error) {
		names, err = v.r.LookupAddr(ctx, addr.String())
		return err
	})
	switch {
	case notFound(err):
		return res // no name: nothing confirms it
	case err != nil:
		return fcrdns{unsure: true}
	}
	if len(names) > v.limits.MaxNames {
		names, res.unsure = names[:v.limits.MaxNames], true
	}
	for _, name := range names {
		name = strings.ToLower(strings.TrimSuffix(name, "."))
		if name == "" || len(name) > maxName {
			continue
		}
		var addrs []netip.Addr
		err := v.ask(ctx, func(ctx context.Context) (err error) {
			addrs, err = v.r.LookupNetIP(ctx, "ip", name)
			return err
		})
		if err != nil {
			res.unsure = res.unsure || !notFound(err)
			continue
		}
		if len(addrs) > v.limits.MaxAddrs {
			addrs, res.unsure = addrs[:v.limits.MaxAddrs], true
		}
		for _, a := range addrs {
			if a.Unmap().WithZone("") == addr {
				res.names = append(res.names, name)
				break
			}
		}
	}
	return res
}

// errOverCap is the error of a lookup past MaxLookups.
var errOverCap = errors.New("verify: DNS lookup budget spent")

// ask makes one lookup within the budget, the rate and the timeout.
func (v *DNSVerifier) ask(ctx context.Context, lookup func(context.Context) error) error {
	v.mu.Lock()
	if v.stats.Lookups >= v.limits.MaxLookups {
		v.stats.OverCap++
		v.mu.Unlock()
		return errOverCap
	}
	v.stats.Lookups++
	now := time.Now()
	start := now // the turn this lookup takes
	if v.next.After(now) {
		start = v.next
	}
	v.next = start.Add(v.every)
	v.mu.Unlock()

	if wait := start.Sub(now); wait > 0 {
		t := time.NewTimer(wait)
		select {
		case <-t.C:
		case <-ctx.Done():
			t.Stop()
			return ctx.Err()
		}
	}
	ctx, cancel := context.WithTimeout(ctx, v.limits.Timeout)
	defer cancel()
	return lookup(ctx)
}

// notFound reports an answer that the name or address has no record
// (NXDOMAIN, or no data): a fact, not a failure.
func notFound(err error) bool {
	var dnsErr *net.DNSError
	return errors.As(err, &dnsErr) && dnsErr.IsNotFound && !dnsErr.IsTimeout && !dnsErr.IsTemporary
}
