package verify_test

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"net/netip"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"robotstester/robots/verify"
)

func TestParseList(t *testing.T) {
	for _, tc := range []struct {
		name, in     string
		err          string // part of the error; "" for none
		prefixes     []string
		creation     string
		created      time.Time
		skipped      int
		skippedTexts []string
	}{
		{name: "google form", in: `{"creationTime": "2026-11-30T15:46:03.000000", "prefixes": [{"ipv4Prefix": "66.249.64.0/27"}, {"ipv6Prefix": "2001:4860:4801:10::/64"}]}`,
			prefixes: []string{"66.249.64.0/27", "2001:4860:4801:10::/64"},
			creation: "2026-11-30T15:46:03.000000", created: time.Date(2026, 11, 30, 15, 46, 3, 0, time.UTC)},
		{name: "rfc 3339", in: `{"creationTime": "2026-11-30T15:46:03+01:00", "prefixes": []}`,
			creation: "2026-11-30T15:46:03+01:00", created: time.Date(2026, 11, 30, 14, 46, 3, 0, time.UTC)},
		{name: "creation time unreadable", in: `{"creationTime": "last Tuesday", "prefixes": [{"ipv4Prefix": "192.0.2.0/24"}]}`,
			prefixes: []string{"192.0.2.0/24"}, creation: "last Tuesday"},
		{name: "creation time not a string", in: `{"creationTime": 1764517563, "prefixes": [{"ipv4Prefix": "192.0.2.0/24"}]}`,
			prefixes: []string{"192.0.2.0/24"}},
		{name: "no creation time, unknown keys", in: `{"syncToken": "1", "prefixes": [{"ipv4Prefix": "192.0.2.0/24", "service": "x"}]}`,
			prefixes: []string{"192.0.2.0/24"}},
		{name: "unmasked prefix masked", in: `{"prefixes": [{"ipv4Prefix": "192.0.2.77/24"}]}`,
			prefixes: []string{"192.0.2.0/24"}},
		{name: "bad prefixes skipped", in: `{"prefixes": [{"ipv4Prefix": "192.0.2.0/33"}, {"ipv4Prefix": "2001:db8::/32"}, {"ipv6Prefix": "192.0.2.0/24"}, {}, {"ipv4Prefix": 7}, "x", {"ipv4Prefix": "192.0.2.0/24", "ipv6Prefix": "2001:db8::/32"}, {"ipv6Prefix": "fe80::/10%eth0"}, {"ipv6Prefix": "2001:db8::/32"}]}`,
			prefixes: []string{"2001:db8::/32"}, skipped: 8,
			skippedTexts: []string{`{"ipv4Prefix": "192.0.2.0/33"}`, `{"ipv4Prefix": "2001:db8::/32"}`, `{"ipv6Prefix": "192.0.2.0/24"}`, `{}`, `{"ipv4Prefix": 7}`}},
		{name: "prefixes null", in: `{"prefixes": null}`},
		{name: "not json", in: `<html>Not Found</html>`, err: "not an address list"},
		{name: "array", in: `[{"ipv4Prefix": "192.0.2.0/24"}]`, err: "not an address list"},
		{name: "no prefixes", in: `{"creationTime": "2026-11-30T15:46:03Z"}`, err: "no prefixes array"},
		{name: "prefixes not an array", in: `{"prefixes": {"ipv4Prefix": "192.0.2.0/24"}}`, err: "not an address list"},
		{name: "empty", in: ``, err: "not an address list"},
		{name: "too large", in: `{"prefixes": [], "pad": "` + strings.Repeat("x", verify.MaxListBytes) + `"}`, err: "larger than"},
		{name: "too many prefixes", in: `{"prefixes": [` + strings.Repeat("{},", verify.MaxPrefixes) + `{}]}`, err: "more than 100000"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			l, err := verify.ParseList(strings.NewReader(tc.in))
			if tc.err != "" {
				if err == nil || !strings.Contains(err.Error(), tc.err) {
					t.Fatalf("err = %v, want one saying %q", err, tc.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, p := range l.Prefixes() {
				got = append(got, p.String())
			}
			if !slices.Equal(got, tc.prefixes) || l.Len() != len(tc.prefixes) {
				t.Errorf("prefixes %q (Len %d), want %q", got, l.Len(), tc.prefixes)
			}
			if l.CreationTime != tc.creation || !l.Created.Equal(tc.created) {
				t.Errorf("creation %q %v, want %q %v", l.CreationTime, l.Created, tc.creation, tc.created)
			}
			if l.Skipped != tc.skipped || !slices.Equal(l.SkippedTexts, tc.skippedTexts) {
				t.Errorf("skipped %d %q, want %d %q", l.Skipped, l.SkippedTexts, tc.skipped, tc.skippedTexts)
			}
		})
	}
}

func TestContains(t *testing.T) {
	l := mustList(t, `{"prefixes": [
		{"ipv4Prefix": "192.0.2.0/27"}, {"ipv4Prefix": "192.0.2.16/28"}, {"ipv4Prefix": "192.0.2.32/27"},
		{"ipv4Prefix": "198.51.100.7/32"}, {"ipv4Prefix": "255.255.255.255/32"},
		{"ipv6Prefix": "2001:db8::/64"}, {"ipv6Prefix": "ffff:ffff:ffff:ffff:ffff:ffff:ffff:fff0/124"}]}`)
	for _, tc := range []struct {
		addr string
		want bool
	}{
		{"192.0.2.0", true}, {"192.0.2.31", true}, {"192.0.2.32", true}, {"192.0.2.63", true}, {"192.0.2.64", false},
		{"192.0.1.255", false}, {"198.51.100.7", true}, {"198.51.100.6", false}, {"198.51.100.8", false},
		{"255.255.255.255", true}, {"0.0.0.0", false},
		{"::ffff:192.0.2.5", true}, {"::ffff:198.51.100.8", false},
		{"2001:db8::1", true}, {"2001:db8::ffff:ffff:ffff:ffff", true}, {"2001:db8:0:1::", false}, {"2001:db7::1", false},
		{"2001:db8::1%eth0", true}, {"::", false}, {"ffff:ffff:ffff:ffff:ffff:ffff:ffff:ffff", true},
		// an IPv4 prefix does not hold the IPv6 address that has its bits
		{"::c000:205", false},
	} {
		if got := l.Contains(netip.MustParseAddr(tc.addr)); got != tc.want {
			t.Errorf("Contains(%s) = %v, want %v", tc.addr, got, tc.want)
		}
	}
	if l.Contains(netip.Addr{}) || (*verify.List)(nil).Contains(netip.MustParseAddr("192.0.2.1")) {
		t.Error("the zero Addr or a nil List contains something")
	}
}

// TestContainsAgrees: Contains says what asking each prefix says, over
// random lists with overlapping and adjacent prefixes.
func TestContainsAgrees(t *testing.T) {
	r := rand.New(rand.NewPCG(45, 3))
	for range 200 {
		var b strings.Builder
		b.WriteString(`{"prefixes": [`)
		var ps []netip.Prefix
		for range r.IntN(20) {
			var p netip.Prefix
			if r.IntN(2) == 0 {
				p = netip.PrefixFrom(netip.AddrFrom4([4]byte{10, 0, byte(r.IntN(4)), byte(r.IntN(256))}), 20+r.IntN(13)).Masked()
				fmt.Fprintf(&b, `{"ipv4Prefix": %q}`, p)
			} else {
				p = netip.PrefixFrom(netip.AddrFrom16([16]byte{0x20, 0x01, 0x0d, 0xb8, 15: byte(r.IntN(256))}), 118+r.IntN(11)).Masked()
				fmt.Fprintf(&b, `{"ipv6Prefix": %q}`, p)
			}
			b.WriteString(",")
			ps = append(ps, p)
		}
		b.WriteString(`{}]}`)
		l := mustList(t, b.String())
		for range 200 {
			a := netip.AddrFrom4([4]byte{10, 0, byte(r.IntN(4)), byte(r.IntN(256))})
			if r.IntN(2) == 0 {
				a = netip.AddrFrom16([16]byte{0x20, 0x01, 0x0d, 0xb8, 15: byte(r.IntN(256))})
			}
			want := slices.ContainsFunc(ps, func(p netip.Prefix) bool { return p.Contains(a) })
			if got := l.Contains(a); got != want {
				t.Fatalf("%v in %v: Contains = %v, want %v", a, ps, got, want)
			}
		}
	}
}

func TestByList(t *testing.T) {
	l := mustList(t, `{"prefixes": [{"ipv4Prefix": "192.0.2.0/24"}]}`)
	none := mustList(t, `{"prefixes": [{"ipv4Prefix": "not one"}]}`)
	for _, tc := range []struct {
		name string
		l    *verify.List
		addr netip.Addr
		want verify.Status
	}{
		{"inside", l, netip.MustParseAddr("192.0.2.9"), verify.Verified},
		{"inside, mapped", l, netip.MustParseAddr("::ffff:192.0.2.9"), verify.Verified},
		{"outside", l, netip.MustParseAddr("198.51.100.9"), verify.Forged},
		{"other family", l, netip.MustParseAddr("2001:db8::1"), verify.Forged},
		{"no address", l, netip.Addr{}, verify.Unverified},
		{"no list", nil, netip.MustParseAddr("192.0.2.9"), verify.Unverified},
		{"list of nothing", none, netip.MustParseAddr("192.0.2.9"), verify.Unverified},
	} {
		if got := verify.ByList(tc.l, tc.addr); got != tc.want {
			t.Errorf("%s: ByList = %v, want %v", tc.name, got, tc.want)
		}
	}
}

func TestStatusString(t *testing.T) {
	for s, want := range map[verify.Status]string{verify.Unverified: "unverified", verify.Verified: "verified", verify.Forged: "forged", 9: "unverified"} {
		if s.String() != want {
			t.Errorf("%d: %q, want %q", s, s.String(), want)
		}
	}
}

// TestFixtures: the fixture lists read, and hold the addresses
// verifytest says are inside them.
func TestFixtures(t *testing.T) {
	lists := fixtureLists(t)
	if l := lists["GPTBot"]; l.Skipped != 1 || l.CreationTime != "" {
		t.Errorf("GPTBot.json: skipped %d, creation %q; want 1 and none", l.Skipped, l.CreationTime)
	}
	if l := lists["Googlebot"]; l.Created.IsZero() || l.Len() != 5 {
		t.Errorf("Googlebot.json: created %v, %d prefixes", l.Created, l.Len())
	}
}

func mustList(t testing.TB, body string) *verify.List {
	t.Helper()
	l, err := verify.ParseList(strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	return l
}

func readFixture(t testing.TB, name string) *verify.List {
	t.Helper()
	body, err := os.ReadFile(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	return mustList(t, string(bytes.TrimSpace(body)))
}

// BenchmarkContains: a list the size of Google's common crawlers' (some
// 300 prefixes of both families), asked of addresses in and out of it.
func BenchmarkContains(b *testing.B) {
	var sb strings.Builder
	sb.WriteString(`{"prefixes": [`)
	for i := range 200 {
		fmt.Fprintf(&sb, `{"ipv4Prefix": "66.249.%d.%d/27"},`, 64+i/8, i%8*32)
	}
	for i := range 120 {
		fmt.Fprintf(&sb, `{"ipv6Prefix": "2001:4860:4801:%x::/64"},`, i*2)
	}
	sb.WriteString(`{"ipv4Prefix": "192.0.2.0/24"}]}`)
	l := mustList(b, sb.String())
	addrs := []netip.Addr{
		netip.MustParseAddr("66.249.70.33"), netip.MustParseAddr("66.249.90.1"), netip.MustParseAddr("203.0.113.1"),
		netip.MustParseAddr("2001:4860:4801:20::1"), netip.MustParseAddr("2001:4860:4801:21::1"), netip.MustParseAddr("::ffff:66.249.64.1"),
	}
	b.ResetTimer()
	n := 0
	for i := 0; b.Loop(); i++ {
		if l.Contains(addrs[i%len(addrs)]) {
			n++
		}
	}
	_ = n
}
