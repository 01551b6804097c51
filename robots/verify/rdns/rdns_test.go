package rdns_test

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/netip"
	"robotstester/robots/verify/rdns"
	"strings"
	"sync"
	"testing"
	"time"

	"robotstester/robots/verify"
)

var _ rdns.Resolver = (*net.Resolver)(nil)

// fakeDNS answers from maps, counting the questions. A name or address
// it does not know is NXDOMAIN.
type fakeDNS struct {
	ptr  map[string][]string
	fwd  map[string][]netip.Addr
	errs map[string]error // by address or name: the error to answer with
	// block makes every lookup wait for its context to end.
	block bool

	mu   sync.Mutex
	asks int
}

func (f *fakeDNS) answer(ctx context.Context, key string) error {
	f.mu.Lock()
	f.asks++
	f.mu.Unlock()
	if f.block {
		<-ctx.Done()
		return &net.DNSError{Err: "i/o timeout", Name: key, IsTimeout: true}
	}
	return f.errs[key]
}

func (f *fakeDNS) LookupAddr(ctx context.Context, addr string) ([]string, error) {
	if err := f.answer(ctx, addr); err != nil {
		return nil, err
	}
	names, ok := f.ptr[addr]
	if !ok {
		return nil, nxdomain(addr)
	}
	return names, nil
}

func (f *fakeDNS) LookupNetIP(ctx context.Context, network, host string) ([]netip.Addr, error) {
	if network != "ip" {
		return nil, fmt.Errorf("network %q", network)
	}
	if err := f.answer(ctx, host); err != nil {
		return nil, err
	}
	addrs, ok := f.fwd[host]
	if !ok {
		return nil, nxdomain(host)
	}
	return addrs, nil
}

func (f *fakeDNS) count() int {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.asks
}

func nxdomain(name string) error {
	return &net.DNSError{Err: "no such host", Name: name, IsNotFound: true}
}

var (
	googleDomains = []string{"googlebot.com", "google.com", "googleusercontent.com"}
	a             = netip.MustParseAddr
)

func TestDNSVerify(t *testing.T) {
	manyNames := make([]string, 100)
	for i := range manyNames {
		manyNames[i] = fmt.Sprintf("host-%d.example.net.", i)
	}
	manyNames[99] = "crawl-192-0-2-9.googlebot.com."
	manyAddrs := make([]netip.Addr, 1000)
	for i := range manyAddrs {
		manyAddrs[i] = netip.AddrFrom4([4]byte{10, 0, byte(i >> 8), byte(i)})
	}
	for _, tc := range []struct {
		name    string
		addr    netip.Addr
		domains []string
		dns     *fakeDNS
		want    verify.Status
		asks    int
	}{
		{name: "confirmed in the domains", addr: a("192.0.2.1"), domains: googleDomains,
			dns:  &fakeDNS{ptr: map[string][]string{"192.0.2.1": {"crawl-192-0-2-1.googlebot.com."}}, fwd: map[string][]netip.Addr{"crawl-192-0-2-1.googlebot.com": {a("192.0.2.1")}}},
			want: verify.Verified, asks: 2},
		{name: "case and no trailing dot", addr: a("192.0.2.1"), domains: []string{"GoogleBot.com."},
			dns:  &fakeDNS{ptr: map[string][]string{"192.0.2.1": {"Crawl-192-0-2-1.GOOGLEBOT.com"}}, fwd: map[string][]netip.Addr{"crawl-192-0-2-1.googlebot.com": {a("192.0.2.1")}}},
			want: verify.Verified, asks: 2},
		{name: "the domain itself", addr: a("192.0.2.1"), domains: []string{"search.msn.com"},
			dns:  &fakeDNS{ptr: map[string][]string{"192.0.2.1": {"search.msn.com."}}, fwd: map[string][]netip.Addr{"search.msn.com": {a("198.51.100.1"), a("192.0.2.1")}}},
			want: verify.Verified, asks: 2},
		{name: "ipv6", addr: a("2001:db8:4860::1"), domains: googleDomains,
			dns:  &fakeDNS{ptr: map[string][]string{"2001:db8:4860::1": {"crawl.googlebot.com."}}, fwd: map[string][]netip.Addr{"crawl.googlebot.com": {a("2001:db8:4860::1")}}},
			want: verify.Verified, asks: 2},
		{name: "ipv4-mapped asked as ipv4", addr: a("::ffff:192.0.2.1"), domains: googleDomains,
			dns:  &fakeDNS{ptr: map[string][]string{"192.0.2.1": {"crawl.googlebot.com."}}, fwd: map[string][]netip.Addr{"crawl.googlebot.com": {a("::ffff:192.0.2.1")}}},
			want: verify.Verified, asks: 2},
		{name: "second name confirms after a temporary failure", addr: a("192.0.2.1"), domains: googleDomains,
			dns: &fakeDNS{ptr: map[string][]string{"192.0.2.1": {"a.googlebot.com.", "b.googlebot.com."}}, fwd: map[string][]netip.Addr{"b.googlebot.com": {a("192.0.2.1")}},
				errs: map[string]error{"a.googlebot.com": &net.DNSError{Err: "server misbehaving", IsTemporary: true}}},
			want: verify.Verified, asks: 3},
		{name: "name outside the domains", addr: a("192.0.2.1"), domains: googleDomains,
			dns:  &fakeDNS{ptr: map[string][]string{"192.0.2.1": {"bot.evil.example."}}, fwd: map[string][]netip.Addr{"bot.evil.example": {a("192.0.2.1")}}},
			want: verify.Forged, asks: 2},
		{name: "lookalike name", addr: a("192.0.2.1"), domains: googleDomains,
			dns:  &fakeDNS{ptr: map[string][]string{"192.0.2.1": {"googlebot.com.evil.example.", "xgooglebot.com."}}, fwd: map[string][]netip.Addr{"googlebot.com.evil.example": {a("192.0.2.1")}, "xgooglebot.com": {a("192.0.2.1")}}},
			want: verify.Forged, asks: 3},
		{name: "forward lookup elsewhere", addr: a("192.0.2.1"), domains: googleDomains,
			dns:  &fakeDNS{ptr: map[string][]string{"192.0.2.1": {"crawl.googlebot.com."}}, fwd: map[string][]netip.Addr{"crawl.googlebot.com": {a("192.0.2.2"), a("2001:db8::1")}}},
			want: verify.Forged, asks: 2},
		{name: "forward nxdomain", addr: a("192.0.2.1"), domains: googleDomains,
			dns:  &fakeDNS{ptr: map[string][]string{"192.0.2.1": {"crawl.googlebot.com."}}},
			want: verify.Forged, asks: 2},
		{name: "no ptr, nxdomain", addr: a("192.0.2.1"), domains: googleDomains,
			want: verify.Forged, asks: 1},
		{name: "no ptr, empty answer", addr: a("192.0.2.1"), domains: googleDomains,
			dns:  &fakeDNS{ptr: map[string][]string{"192.0.2.1": nil}},
			want: verify.Forged, asks: 1},
		{name: "ptr timeout", addr: a("192.0.2.1"), domains: googleDomains,
			dns:  &fakeDNS{errs: map[string]error{"192.0.2.1": &net.DNSError{Err: "i/o timeout", IsTimeout: true}}},
			want: verify.Unverified, asks: 1},
		{name: "ptr unknown error", addr: a("192.0.2.1"), domains: googleDomains,
			dns:  &fakeDNS{errs: map[string]error{"192.0.2.1": errors.New("resolver gone")}},
			want: verify.Unverified, asks: 1},
		{name: "forward temporary", addr: a("192.0.2.1"), domains: googleDomains,
			dns: &fakeDNS{ptr: map[string][]string{"192.0.2.1": {"crawl.googlebot.com."}},
				errs: map[string]error{"crawl.googlebot.com": &net.DNSError{Err: "server misbehaving", IsTemporary: true, IsNotFound: true}}},
			want: verify.Unverified, asks: 2},
		{name: "no domains asks nothing", addr: a("192.0.2.1"), want: verify.Unverified, asks: 0},
		{name: "no address asks nothing", domains: googleDomains, want: verify.Unverified, asks: 0},
		{name: "many names: the good one past the limit", addr: a("192.0.2.9"), domains: googleDomains,
			dns:  &fakeDNS{ptr: map[string][]string{"192.0.2.9": manyNames}, fwd: map[string][]netip.Addr{"crawl-192-0-2-9.googlebot.com": {a("192.0.2.9")}}},
			want: verify.Unverified, asks: 1 + 4},
		{name: "many addresses: the one past the limit", addr: a("10.0.3.231"), domains: googleDomains,
			dns:  &fakeDNS{ptr: map[string][]string{"10.0.3.231": {"crawl.googlebot.com."}}, fwd: map[string][]netip.Addr{"crawl.googlebot.com": manyAddrs}},
			want: verify.Unverified, asks: 2},
		{name: "many addresses: one within the limit", addr: a("10.0.0.3"), domains: googleDomains,
			dns:  &fakeDNS{ptr: map[string][]string{"10.0.0.3": {"crawl.googlebot.com."}}, fwd: map[string][]netip.Addr{"crawl.googlebot.com": manyAddrs}},
			want: verify.Verified, asks: 2},
		{name: "name too long", addr: a("192.0.2.1"), domains: googleDomains,
			dns:  &fakeDNS{ptr: map[string][]string{"192.0.2.1": {strings.Repeat("a", 250) + ".googlebot.com."}}},
			want: verify.Forged, asks: 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if tc.dns == nil {
				tc.dns = &fakeDNS{} // every name NXDOMAIN
			}
			v := rdns.NewDNSVerifier(tc.dns, rdns.DNSLimits{PerSecond: 1e6})
			if got := v.Verify(context.Background(), tc.addr, tc.domains); got != tc.want {
				t.Errorf("Verify = %v, want %v", got, tc.want)
			}
			if n := tc.dns.count(); n != tc.asks || v.Stats().Lookups != n {
				t.Errorf("%d questions (Stats %+v), want %d", n, v.Stats(), tc.asks)
			}
		})
	}
}

func goodDNS(addrs ...string) *fakeDNS {
	f := &fakeDNS{ptr: map[string][]string{}, fwd: map[string][]netip.Addr{}}
	for _, s := range addrs {
		name := "crawl-" + strings.NewReplacer(".", "-", ":", "-").Replace(s) + ".googlebot.com"
		f.ptr[s] = []string{name + "."}
		f.fwd[name] = []netip.Addr{a(s)}
	}
	return f
}

// TestDNSCache: an address is asked about once, whatever domains each
// request's crawler documents; an answer that may change is not kept;
// the oldest address is forgotten past CacheSize.
func TestDNSCache(t *testing.T) {
	ctx := context.Background()
	f := goodDNS("192.0.2.1", "192.0.2.2", "192.0.2.3")
	v := rdns.NewDNSVerifier(f, rdns.DNSLimits{PerSecond: 1e6, CacheSize: 2})
	if s := v.Verify(ctx, a("192.0.2.1"), googleDomains); s != verify.Verified {
		t.Fatalf("first: %v", s)
	}
	if s := v.Verify(ctx, a("192.0.2.1"), []string{"search.msn.com"}); s != verify.Forged {
		t.Errorf("the same address claiming bingbot: %v, want forged", s)
	}
	if s := v.Verify(ctx, a("::ffff:192.0.2.1"), googleDomains); s != verify.Verified {
		t.Errorf("mapped: %v", s)
	}
	if st := v.Stats(); st.Lookups != 2 || st.CacheHits != 2 {
		t.Errorf("after three checks of one address: %+v, want 2 lookups, 2 cache hits", st)
	}
	v.Verify(ctx, a("192.0.2.2"), googleDomains)
	v.Verify(ctx, a("192.0.2.3"), googleDomains) // forgets 192.0.2.1
	v.Verify(ctx, a("192.0.2.1"), googleDomains)
	if st := v.Stats(); st.Lookups != 8 || st.CacheHits != 2 {
		t.Errorf("after eviction: %+v, want 8 lookups, 2 cache hits", st)
	}

	flaky := &fakeDNS{errs: map[string]error{"192.0.2.1": &net.DNSError{Err: "i/o timeout", IsTimeout: true}}}
	v = rdns.NewDNSVerifier(flaky, rdns.DNSLimits{PerSecond: 1e6})
	v.Verify(ctx, a("192.0.2.1"), googleDomains)
	v.Verify(ctx, a("192.0.2.1"), googleDomains)
	if st := v.Stats(); st.Lookups != 2 || st.CacheHits != 0 {
		t.Errorf("a timeout was kept: %+v", st)
	}
}

// TestDNSCap: past MaxLookups, addresses not known are Unverified and
// DNS is not asked; known ones are still answered.
func TestDNSCap(t *testing.T) {
	ctx := context.Background()
	f := goodDNS("192.0.2.1", "192.0.2.2", "192.0.2.3")
	v := rdns.NewDNSVerifier(f, rdns.DNSLimits{PerSecond: 1e6, MaxLookups: 3})
	for _, tc := range []struct {
		addr string
		want verify.Status
	}{{"192.0.2.1", verify.Verified}, {"192.0.2.2", verify.Unverified}, {"192.0.2.3", verify.Unverified}, {"192.0.2.1", verify.Verified}, {"192.0.2.2", verify.Unverified}} {
		if s := v.Verify(ctx, a(tc.addr), googleDomains); s != tc.want {
			t.Errorf("%s: %v, want %v", tc.addr, s, tc.want)
		}
	}
	if st, n := v.Stats(), f.count(); n != 3 || st.Lookups != 3 || st.OverCap != 3 || st.CacheHits != 1 {
		t.Errorf("%d questions, %+v; want 3 questions, 3 lookups, 3 over the cap, 1 cache hit", n, st)
	}
}

// TestDNSRate: lookups start no faster than PerSecond.
func TestDNSRate(t *testing.T) {
	f := goodDNS("192.0.2.1", "192.0.2.2", "192.0.2.3")
	v := rdns.NewDNSVerifier(f, rdns.DNSLimits{PerSecond: 100})
	start := time.Now()
	for _, s := range []string{"192.0.2.1", "192.0.2.2", "192.0.2.3"} {
		v.Verify(context.Background(), a(s), googleDomains)
	}
	// six lookups: the first at once, five more 10 ms apart
	if d := time.Since(start); d < 45*time.Millisecond {
		t.Errorf("six lookups in %v at 100 a second", d)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	v = rdns.NewDNSVerifier(goodDNS("192.0.2.1", "192.0.2.2"), rdns.DNSLimits{PerSecond: 0.001})
	v.Verify(context.Background(), a("192.0.2.9"), googleDomains) // no name: one lookup, the first turn
	if s := v.Verify(ctx, a("192.0.2.2"), googleDomains); s != verify.Unverified {
		t.Errorf("waiting for a turn with a cancelled context: %v", s)
	}
}

// TestDNSTimeout: a lookup that does not answer ends at Timeout, and
// leaves the address Unverified.
func TestDNSTimeout(t *testing.T) {
	v := rdns.NewDNSVerifier(&fakeDNS{block: true}, rdns.DNSLimits{Timeout: 20 * time.Millisecond, PerSecond: 1e6})
	start := time.Now()
	if s := v.Verify(context.Background(), a("192.0.2.1"), googleDomains); s != verify.Unverified {
		t.Errorf("Verify = %v", s)
	}
	if d := time.Since(start); d > 2*time.Second {
		t.Errorf("took %v", d)
	}
}

// TestDNSConcurrent: requests from one address checked at once ask DNS
// once.
func TestDNSConcurrent(t *testing.T) {
	f := goodDNS("192.0.2.1", "2001:db8::1")
	v := rdns.NewDNSVerifier(f, rdns.DNSLimits{PerSecond: 1e6})
	var wg sync.WaitGroup
	for i := range 40 {
		wg.Go(func() {
			addr := []string{"192.0.2.1", "2001:db8::1"}[i%2]
			if s := v.Verify(context.Background(), a(addr), googleDomains); s != verify.Verified {
				t.Errorf("%s: %v", addr, s)
			}
		})
	}
	wg.Wait()
	if st := v.Stats(); f.count() != 4 || st.CacheHits != 38 {
		t.Errorf("%d questions, %+v; want 4 and 38 cache hits", f.count(), st)
	}
}

func TestInDomains(t *testing.T) {
	for _, tc := range []struct {
		name string
		want bool
	}{
		{"crawl-66-249-66-1.googlebot.com.", true}, {"GOOGLEBOT.COM", true}, {"rate-limited-proxy-66-249-90-77.google.com", true},
		{"googlebot.com.evil.example", false}, {"xgooglebot.com", false}, {"com", false}, {"", false},
	} {
		if got := rdns.InDomains(tc.name, googleDomains); got != tc.want {
			t.Errorf("InDomains(%q) = %v, want %v", tc.name, got, tc.want)
		}
	}
	if rdns.InDomains("x.example", []string{"", "."}) {
		t.Error("an empty domain holds everything")
	}
}
