package fetch

import (
	"context"
	"errors"
	"net"
	"net/http"
	"net/netip"
	"net/url"
	"strings"
	"sync/atomic"
	"testing"
)

func TestCheckAddr(t *testing.T) {
	for _, tc := range []struct {
		addr          string
		allowLoopback bool
		want          string // a word of the reason; "" for allowed
	}{
		{"93.184.215.14", false, ""},
		{"8.8.8.8", false, ""},
		{"2606:2800:21f:cb07:6820:80da:af6b:8b2c", false, ""},
		{"64:ff9b::5db8:d70e", false, ""}, // NAT64 of a public address
		{"2002:5db8:d70e::1", false, ""},  // 6to4 of a public address

		{"127.0.0.1", false, "loopback"},
		{"127.255.0.9", false, "loopback"},
		{"::1", false, "loopback"},
		{"10.1.2.3", false, "private"},
		{"172.16.0.1", false, "private"},
		{"172.31.255.255", false, "private"},
		{"192.168.1.1", false, "private"},
		{"169.254.1.1", false, "link-local"},
		{"fe80::1", false, "link-local"},
		{"fe80::1%eth0", false, "link-local"},
		{"fc00::1", false, "unique-local"},
		{"fd12:3456::1", false, "unique-local"},
		{"224.0.0.1", false, "multicast"},
		{"239.255.255.250", false, "multicast"},
		{"ff02::1", false, "multicast"},
		{"0.0.0.0", false, "unspecified"},
		{"0.1.2.3", false, "unspecified"},
		{"::", false, "unspecified"},
		{"100.64.0.1", false, "carrier-grade NAT"},
		{"100.127.255.254", false, "carrier-grade NAT"},
		{"::ffff:127.0.0.1", false, "IPv4-mapped"},
		{"::ffff:8.8.8.8", false, "IPv4-mapped"},
		{"::127.0.0.1", false, "IPv4-compatible"},
		{"169.254.169.254", false, "metadata"},
		{"169.254.170.2", false, "metadata"},
		{"100.100.100.200", false, "metadata"},
		{"fd00:ec2::254", false, "metadata"},
		{"255.255.255.255", false, "reserved"},
		{"192.0.2.1", false, "documentation"},
		{"2001:db8::1", false, "documentation"},
		{"64:ff9b::7f00:1", false, "embedding a loopback"},
		{"64:ff9b::a9fe:a9fe", false, "metadata"},
		{"2002:7f00:1::", false, "loopback"},
		{"2002:c0a8:101::", false, "private"},

		// Loopback allowed (tests): loopback only.
		{"127.0.0.1", true, ""},
		{"::1", true, ""},
		{"169.254.169.254", true, "metadata"},
		{"10.0.0.1", true, "private"},
		{"fd00:ec2::254", true, "metadata"},
	} {
		got := checkAddr(netip.MustParseAddr(tc.addr), tc.allowLoopback)
		if tc.want == "" && got != "" || !strings.Contains(got, tc.want) {
			t.Errorf("checkAddr(%s, loopback %v) = %q, want %q", tc.addr, tc.allowLoopback, got, tc.want)
		}
	}
}

func TestParseNumericIPv4(t *testing.T) {
	for _, tc := range []struct {
		host    string
		want    string // "" when not an address
		numeric bool
	}{
		{"2130706433", "127.0.0.1", true},
		{"0177.0.0.1", "127.0.0.1", true},
		{"0x7f.1", "127.0.0.1", true},
		{"0X7F.0.0.1", "127.0.0.1", true},
		{"127.1", "127.0.0.1", true},
		{"127.0.1", "127.0.0.1", true},
		{"0x7f000001", "127.0.0.1", true},
		{"017700000001", "127.0.0.1", true},
		{"127.0.0.1.", "127.0.0.1", true},
		{"0xa9fea9fe", "169.254.169.254", true},
		{"2852039166", "169.254.169.254", true},
		{"0", "0.0.0.0", true},
		{"0x", "0.0.0.0", true},
		{"1.2.3.4.5", "", true},
		{"256.0.0.1", "", true},
		{"1.2.3.256", "", true},
		{"1.2.65536", "", true},
		{"4294967296", "", true},
		{"09.1.2.3", "", true}, // not octal, yet a number: invalid
		{"1..2", "", true},
		{"example.0x10", "", true},
		{"example.com", "", false},
		{"deadbeef", "", false},
		{"0x7g", "", false},
		{"localhost", "", false},
		{"1.2.3.com", "", false},
	} {
		a, numeric, ok := parseNumericIPv4(tc.host)
		got := ""
		if ok {
			got = a.String()
		}
		if got != tc.want || numeric != tc.numeric {
			t.Errorf("parseNumericIPv4(%q) = %q, numeric %v; want %q, %v", tc.host, got, numeric, tc.want, tc.numeric)
		}
	}
}

// fakeResolver answers names from a table, and counts the questions.
type fakeResolver struct {
	names map[string][]string
	asked atomic.Int32
}

func (f *fakeResolver) LookupNetIP(ctx context.Context, network, host string) ([]netip.Addr, error) {
	f.asked.Add(1)
	addrs, ok := f.names[host]
	if !ok {
		return nil, &net.DNSError{Err: "no such host", Name: host, IsNotFound: true}
	}
	var out []netip.Addr
	for _, a := range addrs {
		// As net.Resolver gives them: IPv4 as IPv4-mapped IPv6.
		out = append(out, netip.AddrFrom16(netip.MustParseAddr(a).As16()))
	}
	return out, nil
}

func TestGuardAddrs(t *testing.T) {
	resolver := &fakeResolver{names: map[string][]string{
		"public.test":  {"93.184.215.14", "2606:2800:21f:cb07:6820:80da:af6b:8b2c"},
		"mixed.test":   {"93.184.215.14", "10.0.0.5"},
		"rebind.test":  {"127.0.0.1"},
		"meta.test":    {"169.254.169.254"},
		"mapped.test":  {"::ffff:10.0.0.1"},
		"private.test": {"fd00::1"},
	}}
	for _, tc := range []struct {
		host          string
		port          int
		allowLoopback bool
		want          string // a word of the refusal; "" for allowed
	}{
		{"public.test", 80, false, ""},
		{"public.test", 443, false, ""},
		{"public.test", 8080, false, "port 8080"},
		{"public.test", 22, true, "port 22"},
		{"93.184.215.14", 443, false, ""},
		{"[2606:2800:21f:cb07:6820:80da:af6b:8b2c]", 80, false, ""},
		{"mixed.test", 80, false, "mixed.test resolves to a private address"},
		{"rebind.test", 80, false, "loopback"},
		{"rebind.test", 8080, true, ""},
		{"meta.test", 80, true, "metadata"},
		{"mapped.test", 80, false, "private"},
		{"private.test", 80, false, "unique-local"},
		{"127.0.0.1", 80, false, "loopback"},
		{"127.0.0.1", 9999, true, ""},
		{"[::1]", 80, false, "loopback"},
		{"[::ffff:127.0.0.1]", 80, false, "IPv4-mapped"},
		{"[::ffff:93.184.215.14]", 80, false, "IPv4-mapped"},
		{"2130706433", 80, false, "loopback address, written another way"},
		{"0177.0.0.1", 80, false, "loopback"},
		{"0x7f.1", 80, false, "loopback"},
		{"0x7f.1", 80, true, "written another way"},
		{"1572394766", 80, false, "93.184.215.14 written another way"},
		{"0xa9fea9fe", 80, false, "metadata"},
		{"1.2.3.4.5", 80, false, "must be an IPv4 address"},
	} {
		g := NewGuard([]int{80, 443}, tc.allowLoopback, resolver)
		_, err := g.addrs(context.Background(), tc.host, tc.port)
		var refused *RefusedError
		switch {
		case tc.want == "" && err != nil:
			t.Errorf("%s:%d (loopback %v): %v, want allowed", tc.host, tc.port, tc.allowLoopback, err)
		case tc.want != "" && (!errors.As(err, &refused) || !strings.Contains(err.Error(), tc.want)):
			t.Errorf("%s:%d (loopback %v): %v, want refused: %q", tc.host, tc.port, tc.allowLoopback, err, tc.want)
		}
	}
}

// TestControl: the socket's last check refuses what the guard refuses,
// whatever address reaches it.
func TestControl(t *testing.T) {
	g := NewGuard([]int{80, 443}, false, nil)
	for _, tc := range []struct {
		addr string
		ok   bool
	}{
		{"93.184.215.14:80", true},
		{"[2606:2800:21f:cb07:6820:80da:af6b:8b2c]:443", true},
		{"93.184.215.14:25", false},
		{"127.0.0.1:80", false},
		{"[::1]:443", false},
		{"[::ffff:127.0.0.1]:80", false},
		{"169.254.169.254:80", false},
		{"[fd00:ec2::254]:80", false},
		{"10.0.0.1:443", false},
		{"not-an-address:80", false},
	} {
		err := g.control("tcp", tc.addr, nil)
		if (err == nil) != tc.ok {
			t.Errorf("control(%s) = %v, want allowed %v", tc.addr, err, tc.ok)
		}
	}
}

// TestConfiguredPorts: Config.Ports replaces 80 and 443.
func TestConfiguredPorts(t *testing.T) {
	resolver := &fakeResolver{names: map[string][]string{"public.test": {"93.184.215.14"}}}
	g := NewGuard([]int{8080, 8443}, false, resolver)
	for port, ok := range map[int]bool{8080: true, 8443: true, 80: false, 443: false} {
		_, err := g.addrs(context.Background(), "public.test", port)
		if (err == nil) != ok {
			t.Errorf("port %d: %v, want allowed %v", port, err, ok)
		}
		if err := g.control("tcp", netip.AddrPortFrom(netip.MustParseAddr("93.184.215.14"), uint16(port)).String(), nil); (err == nil) != ok {
			t.Errorf("control, port %d: %v, want allowed %v", port, err, ok)
		}
	}
}

// TestGuardNamed: a host the user named may be private or loopback (a
// staging server), never a metadata service; it is looked up once, so a
// second answer of its name server leads nowhere else. Other hosts stay
// public only.
func TestGuardNamed(t *testing.T) {
	resolver := &fakeResolver{names: map[string][]string{
		"staging.test": {"10.0.0.7"},
		"meta.test":    {"169.254.169.254"},
		"other.test":   {"127.0.0.1"},
	}}
	g := NewGuard(nil, false, resolver)
	g.Named = func(host string) bool {
		return host == "staging.test" || host == "meta.test" || host == "localhost" || host == "127.0.0.1"
	}
	for _, tc := range []struct {
		host string
		want string // a word of the refusal; "" for allowed
	}{
		{"staging.test", ""},
		{"STAGING.test", ""},
		{"127.0.0.1", ""},
		{"meta.test", "metadata"},
		{"other.test", "loopback"},
		{"10.0.0.8", "private"},
	} {
		_, err := g.addrs(context.Background(), tc.host, 8080)
		if tc.want == "" && err != nil || tc.want != "" && (err == nil || !strings.Contains(err.Error(), tc.want)) {
			t.Errorf("%s: %v, want %q", tc.host, err, tc.want)
		}
	}
	// The name server now answers otherwise: the first answer holds.
	resolver.names["staging.test"] = []string{"169.254.169.254"}
	got, err := g.addrs(context.Background(), "staging.test", 8080)
	if err != nil || len(got) != 1 || got[0].Addr().String() != "10.0.0.7" {
		t.Errorf("staging.test again: %v, %v", got, err)
	}
}

// TestGuardThroughAProxy: through a proxy (the environment's, here the
// test's), the
// proxy is connected to as it is, a named host is not looked up (the
// proxy may be the only one to know it), and another host is checked by
// its addresses before anything is sent.
func TestGuardThroughAProxy(t *testing.T) {
	resolver := &fakeResolver{names: map[string][]string{"inside.test": {"10.1.2.3"}, "public.test": {"93.184.215.14"}}}
	g := NewGuard(nil, false, resolver)
	g.Named = func(host string) bool { return host == "staging.corp.test" }
	g.Proxy = func(*http.Request) (*url.URL, error) { return url.Parse("http://proxy.corp.test:3128") }
	proxy := g.Transport().Proxy
	for _, tc := range []struct {
		url  string
		want string // a word of the refusal; "" for through the proxy
	}{
		{"https://staging.corp.test/sitemap.xml", ""},
		{"https://public.test/sitemap.xml", ""},
		{"https://inside.test/sitemap.xml", "private"},
		{"http://169.254.169.254/latest/meta-data/", "metadata"},
	} {
		req, _ := http.NewRequest("GET", tc.url, nil)
		u, err := proxy(req)
		switch {
		case tc.want == "" && (err != nil || u == nil || u.Host != "proxy.corp.test:3128"):
			t.Errorf("%s: %v, %v; want the proxy", tc.url, u, err)
		case tc.want != "" && (err == nil || !strings.Contains(err.Error(), tc.want)):
			t.Errorf("%s: %v, %v; want refused: %s", tc.url, u, err, tc.want)
		}
	}
}
