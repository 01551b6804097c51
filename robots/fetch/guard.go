package fetch

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/netip"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"
)

// A Resolver looks up the addresses of a host name. *net.Resolver is one.
type Resolver interface {
	LookupNetIP(ctx context.Context, network, host string) ([]netip.Addr, error)
}

// RefusedError is the error of a target a Guard will not connect to: an
// address inside a private network or the machine itself, a port not
// allowed, a host written as a number in another form than a.b.c.d. A
// relay answers it with 403.
type RefusedError struct {
	Host   string // the host as the URL gave it, or the address dialed
	Reason string // why, for people: "127.0.0.1 is a loopback address"
}

// Error says what was refused, and why.
func (e *RefusedError) Error() string {
	return fmt.Sprintf("refused %s: %s", e.Host, e.Reason)
}

// A blocked range is a range of addresses no target may have, and why.
type blocked struct {
	prefix netip.Prefix
	why    string
}

// metadata are the cloud providers' instance metadata services, which
// hand out credentials to whoever asks from inside the machine: the
// first addresses a relay must never reach. They are inside blocked
// ranges too; they come first to be named.
var metadata = []netip.Addr{
	netip.MustParseAddr("169.254.169.254"), // AWS, Google Cloud, Azure, OpenStack, ...
	netip.MustParseAddr("169.254.170.2"),   // AWS ECS task credentials
	netip.MustParseAddr("100.100.100.200"), // Alibaba Cloud
	netip.MustParseAddr("fd00:ec2::254"),   // AWS over IPv6
}

// blockedRanges are the ranges of special-purpose addresses (RFC 6890 and
// the IANA registries) that are not public hosts on the internet. IPv6
// ranges that embed an IPv4 address (NAT64, 6to4) are checked through the
// address they embed, in check.
var blockedRanges = func() []blocked {
	var out []blocked
	for _, r := range []struct{ cidr, why string }{
		{"0.0.0.0/8", "an unspecified (this-network) address"},
		{"10.0.0.0/8", "a private address"},
		{"100.64.0.0/10", "a carrier-grade NAT (shared) address"},
		{"127.0.0.0/8", "a loopback address"},
		{"169.254.0.0/16", "a link-local address"},
		{"172.16.0.0/12", "a private address"},
		{"192.0.0.0/24", "an IETF protocol address"},
		{"192.0.2.0/24", "a documentation address"},
		{"192.88.99.0/24", "a 6to4 relay anycast address"},
		{"192.168.0.0/16", "a private address"},
		{"198.18.0.0/15", "a benchmarking address"},
		{"198.51.100.0/24", "a documentation address"},
		{"203.0.113.0/24", "a documentation address"},
		{"224.0.0.0/4", "a multicast address"},
		{"240.0.0.0/4", "a reserved address"}, // 255.255.255.255 included
		{"::/128", "the unspecified address"},
		{"::1/128", "a loopback address"},
		{"::ffff:0:0/96", "an IPv4-mapped IPv6 address"},
		{"::/96", "an IPv4-compatible IPv6 address"},
		{"64:ff9b:1::/48", "a local-use NAT64 address"},
		{"100::/64", "a discard-only address"},
		{"2001::/23", "an IETF protocol address"},
		{"2001:db8::/32", "a documentation address"},
		{"fc00::/7", "a unique-local address"},
		{"fe80::/10", "a link-local address"},
		{"fec0::/10", "a site-local address"},
		{"ff00::/8", "a multicast address"},
	} {
		out = append(out, blocked{netip.MustParsePrefix(r.cidr), r.why})
	}
	return out
}()

// embedding are the IPv6 ranges that carry an IPv4 address, which the
// network translates to: the IPv4 address must be allowed too.
var embedding = []struct {
	prefix netip.Prefix
	at     int // the byte where the IPv4 address starts
}{
	{netip.MustParsePrefix("64:ff9b::/96"), 12}, // NAT64 (RFC 6052)
	{netip.MustParsePrefix("2002::/16"), 2},     // 6to4 (RFC 3056)
}

// checkAddr returns why a is no address to fetch from ("10.0.0.1 is a
// private address"), or "" when it is one. allowLoopback lets loopback
// addresses through (for tests). Only for an address the client wrote
// itself: of an address the relay's resolver found, say addrKind alone.
func checkAddr(a netip.Addr, allowLoopback bool) string {
	if kind := addrKind(a, allowLoopback); kind != "" {
		return a.WithZone("").String() + " is " + kind
	}
	return ""
}

// addrKind returns the kind of range a is in when it is no address to
// fetch from ("a private address"), or "" when it is one. It names no
// address: what a name resolves to inside the relay's network is the
// relay's business, not its clients'.
func addrKind(a netip.Addr, allowLoopback bool) string {
	a = a.WithZone("")
	if allowLoopback && a.IsLoopback() {
		return ""
	}
	if slices.Contains(metadata, a) {
		return "a cloud metadata address"
	}
	for _, b := range blockedRanges {
		if b.prefix.Contains(a) {
			return b.why
		}
	}
	for _, e := range embedding {
		if e.prefix.Contains(a) {
			b := a.As16()
			v4 := netip.AddrFrom4([4]byte(b[e.at : e.at+4]))
			if kind := addrKind(v4, false); kind != "" {
				return "an IPv6 address embedding " + kind
			}
		}
	}
	return ""
}

// parseNumericIPv4 reads a host that ends in a number as the WHATWG URL
// standard and inet_aton(3) do, so that "2130706433", "0177.0.0.1",
// "0x7f.1" and "127.1" are all 127.0.0.1. numeric reports whether host
// ends in a number at all (browsers and C libraries read it as an IPv4
// address, never as a name); ok whether it is a valid address.
func parseNumericIPv4(host string) (a netip.Addr, numeric, ok bool) {
	host = strings.TrimSuffix(host, ".")
	labels := strings.Split(host, ".")
	if _, isNum := parseIPv4Number(labels[len(labels)-1]); !isNum {
		return netip.Addr{}, false, false
	}
	if len(labels) > 4 {
		return netip.Addr{}, true, false
	}
	nums := make([]uint64, len(labels))
	for i, l := range labels {
		n, isNum := parseIPv4Number(l)
		if !isNum {
			return netip.Addr{}, true, false
		}
		nums[i] = n
	}
	// Every part but the last is a byte; the last fills the bytes left.
	var v uint64
	for i, n := range nums[:len(nums)-1] {
		if n > 255 {
			return netip.Addr{}, true, false
		}
		v |= n << (8 * (3 - i))
	}
	last := nums[len(nums)-1]
	if last >= 1<<(8*(5-len(nums))) {
		return netip.Addr{}, true, false
	}
	v |= last
	return netip.AddrFrom4([4]byte{byte(v >> 24), byte(v >> 16), byte(v >> 8), byte(v)}), true, true
}

// parseIPv4Number reads one part of a numeric IPv4 host: decimal, octal
// with a leading 0, or hexadecimal with 0x.
func parseIPv4Number(s string) (uint64, bool) {
	if s == "" {
		return 0, false
	}
	base := 10
	switch {
	case len(s) >= 2 && (s[:2] == "0x" || s[:2] == "0X"):
		s, base = s[2:], 16
		if s == "" {
			return 0, true
		}
	case len(s) >= 2 && s[0] == '0':
		s, base = s[1:], 8
	}
	for _, c := range []byte(s) {
		if !('0' <= c && c <= '9' || base == 16 && ('a' <= c && c <= 'f' || 'A' <= c && c <= 'F')) {
			return 0, false
		}
	}
	n, err := strconv.ParseUint(s, base, 64)
	if err != nil {
		// Only out of range (or an 8 or 9 in octal) is left: a number
		// still, and too big for an address.
		return 1 << 40, true
	}
	return n, true
}

// A Guard makes the connections of a program that fetches what others
// name (a relay's clients, a sitemap's index): it resolves a host, checks
// every address it has and the port, and connects only to an address it
// checked. Never to the machine itself, its private network or a cloud
// metadata service: what a remote document names is not let into the
// network the fetch runs in.
type Guard struct {
	ports         []int
	allowLoopback bool
	resolver      Resolver
	dialer        net.Dialer
	// Named, when not nil, reports the hosts (as a URL writes them, in
	// lower case, without brackets) that the person running the program
	// named: their addresses may be private or loopback (a staging
	// server), never a cloud metadata service's. Each is looked up once
	// and kept, so that a later answer of its name server cannot lead
	// the fetches of what it names elsewhere (DNS rebinding).
	Named func(host string) bool
	// Exempt, when valid, is one address and port let through whatever
	// it is: a test's first server, with loopback otherwise refused.
	Exempt netip.AddrPort
	// Dial connects to a checked address; tests put a dialer there that
	// fails on any address but a loopback one, in case a check lets one
	// through.
	Dial func(ctx context.Context, network, addr string) (net.Conn, error)
	// Proxy chooses the proxy of a request for Transport; nil means
	// http.ProxyFromEnvironment.
	Proxy func(*http.Request) (*url.URL, error)

	mu      sync.Mutex
	pinned  map[string][]netip.Addr // the addresses of Named hosts, once looked up
	proxies map[string]bool         // the proxies of Transport, the user's own
}

// NewGuard returns a Guard that connects to public addresses on ports
// (any port when ports is nil), and to loopback addresses on any port
// when allowLoopback is set. A nil resolver is net.DefaultResolver.
func NewGuard(ports []int, allowLoopback bool, resolver Resolver) *Guard {
	if resolver == nil {
		resolver = net.DefaultResolver
	}
	g := &Guard{ports: ports, allowLoopback: allowLoopback, resolver: resolver}
	g.dialer = net.Dialer{Timeout: 10 * time.Second, Control: g.control}
	g.Dial = g.dialer.DialContext
	return g
}

// Transport returns a copy of http.DefaultTransport whose connections g
// makes. A proxy that the environment names (HTTPS_PROXY, ...) is the
// user's own and is connected to as it is; what goes through it is
// checked by its host's addresses, looked up here.
func (g *Guard) Transport() *http.Transport {
	t := http.DefaultTransport.(*http.Transport).Clone()
	t.DialContext = g.DialContext
	choose := g.Proxy
	if choose == nil {
		choose = http.ProxyFromEnvironment
	}
	t.Proxy = func(r *http.Request) (*url.URL, error) {
		proxy, err := choose(r)
		if proxy == nil || err != nil {
			return proxy, err
		}
		g.mu.Lock()
		if g.proxies == nil {
			g.proxies = map[string]bool{}
		}
		g.proxies[strings.ToLower(proxy.Hostname())] = true
		g.mu.Unlock()
		if g.named(r.URL.Hostname()) {
			// The user's own host, which the proxy may be the only one to
			// resolve (a network whose names only the proxy knows).
			return proxy, nil
		}
		port, _ := strconv.Atoi(r.URL.Port())
		if port == 0 {
			port = map[string]int{"http": 80, "https": 443}[r.URL.Scheme]
		}
		if _, err := g.addrs(r.Context(), r.URL.Hostname(), port); err != nil {
			return nil, err
		}
		return proxy, nil
	}
	return t
}

// named reports whether host was named by the person running the
// program.
func (g *Guard) named(host string) bool {
	return g.Named != nil && g.Named(strings.ToLower(host))
}

// addrs returns the addresses to connect to for host and port, every one
// of them checked, or a *RefusedError.
func (g *Guard) addrs(ctx context.Context, host string, port int) ([]netip.AddrPort, error) {
	host = strings.ToLower(strings.TrimSuffix(strings.TrimSuffix(strings.TrimPrefix(host, "["), "]"), "."))
	named := g.named(host)
	var ips []netip.Addr
	if a, err := netip.ParseAddr(host); err == nil {
		ips = []netip.Addr{a}
	} else if a, numeric, ok := parseNumericIPv4(host); numeric {
		if !ok {
			return nil, &RefusedError{host, "a host ending in a number must be an IPv4 address, and this is none"}
		}
		why := "the IPv4 address " + a.String() + " written another way; write it as " + a.String()
		if w := checkAddr(a, false); w != "" {
			why = w + ", written another way"
		}
		return nil, &RefusedError{host, why}
	} else if ips = g.pin(host, nil); ips == nil {
		found, err := g.resolver.LookupNetIP(ctx, "ip", host)
		if err != nil {
			return nil, err
		}
		// A records come back as IPv4-mapped IPv6 addresses: the address
		// is the IPv4 one.
		for _, a := range found {
			ips = append(ips, a.Unmap())
		}
		if len(ips) == 0 {
			return nil, &net.DNSError{Err: "no addresses", Name: host, IsNotFound: true}
		}
		if named {
			ips = g.pin(host, ips)
		}
	}
	out := make([]netip.AddrPort, 0, len(ips))
	for _, a := range ips {
		ap := netip.AddrPortFrom(a, uint16(port))
		if ap == g.Exempt {
			out = append(out, ap)
			continue
		}
		kind := addrKind(a, g.allowLoopback)
		if named && kind != "" && !isMetadata(a) {
			kind = ""
		}
		if kind != "" {
			why := a.String() + " is " + kind
			if a.String() != host {
				why = host + " resolves to " + kind
			}
			return nil, &RefusedError{host, why}
		}
		if !named && !g.portAllowed(ap) {
			return nil, &RefusedError{host, fmt.Sprintf("port %d is not allowed (only %s)", port, portList(g.ports))}
		}
		out = append(out, ap)
	}
	return out, nil
}

// pin returns the addresses kept for a Named host; given some, it keeps
// them, unless others were kept first.
func (g *Guard) pin(host string, ips []netip.Addr) []netip.Addr {
	if !g.named(host) {
		return ips
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	if kept, ok := g.pinned[host]; ok || ips == nil {
		return kept
	}
	if g.pinned == nil {
		g.pinned = map[string][]netip.Addr{}
	}
	g.pinned[host] = ips
	return ips
}

// isMetadata reports whether a is a cloud metadata service's address, or
// embeds one: never a place to fetch from, whoever named it.
func isMetadata(a netip.Addr) bool {
	return strings.Contains(addrKind(a, true), "metadata")
}

func (g *Guard) portAllowed(ap netip.AddrPort) bool {
	if g.ports == nil || g.allowLoopback && ap.Addr().IsLoopback() {
		return true
	}
	return slices.Contains(g.ports, int(ap.Port()))
}

func portList(ports []int) string {
	s := make([]string, len(ports))
	for i, p := range ports {
		s[i] = strconv.Itoa(p)
	}
	return strings.Join(s, ", ")
}

// DialContext connects to addr ("host:port") at an address it checked,
// trying each in turn. It is an http.Transport's dialer, and so
// runs for every request of a fetch, each redirect included.
func (g *Guard) DialContext(ctx context.Context, network, addr string) (net.Conn, error) {
	host, portText, err := net.SplitHostPort(addr)
	if err != nil {
		return nil, err
	}
	port, err := strconv.Atoi(portText)
	if err != nil || port < 1 || port > 65535 {
		return nil, &RefusedError{addr, "not a port"}
	}
	g.mu.Lock()
	proxy := g.proxies[strings.ToLower(host)]
	g.mu.Unlock()
	if proxy {
		var d net.Dialer
		d.Timeout = g.dialer.Timeout
		return d.DialContext(ctx, network, addr)
	}
	targets, err := g.addrs(ctx, host, port)
	if err != nil {
		return nil, err
	}
	dial := g.Dial
	if g.named(host) {
		// Checked in addrs, where a named host may be private: the
		// socket's last check (control) is for the others.
		var d net.Dialer
		d.Timeout = g.dialer.Timeout
		dial = d.DialContext
	}
	var errs []error
	for _, t := range targets {
		// The address dialed is the one checked: no second lookup, which
		// a name server could answer differently (DNS rebinding).
		conn, err := dial(ctx, network, t.String())
		if err == nil {
			return conn, nil
		}
		errs = append(errs, err)
		if ctx.Err() != nil {
			break
		}
	}
	return nil, errors.Join(errs...)
}

// control checks the address a socket is about to connect to, the last
// word before any packet leaves: whatever led to it, it must be allowed.
func (g *Guard) control(network, address string, _ syscall.RawConn) error {
	ap, err := netip.ParseAddrPort(address)
	if err != nil {
		return &RefusedError{address, "not an address"}
	}
	ap = netip.AddrPortFrom(ap.Addr().Unmap(), ap.Port())
	if ap == g.Exempt {
		return nil
	}
	if kind := addrKind(ap.Addr(), g.allowLoopback); kind != "" {
		return &RefusedError{address, "the address to connect to is " + kind}
	}
	if !g.portAllowed(ap) {
		return &RefusedError{address, fmt.Sprintf("port %d is not allowed", ap.Port())}
	}
	return nil
}
