package sitemap_test

import (
	"net/netip"
	"strings"
	"testing"
	"time"

	"robotstester/robots/sitemap"
)

// TestReadLogAddrTime: each logged request gives its client address and
// its time; a host or a date that cannot be read leaves that field zero
// and the request still counts.
func TestReadLogAddrTime(t *testing.T) {
	noon := time.Date(2000, 10, 10, 13, 55, 36, 0, time.FixedZone("", -7*3600))
	for _, tc := range []struct {
		name, host, date string
		addr             netip.Addr
		time             time.Time
	}{
		{"ipv4", "192.0.2.7", "10/Oct/2000:13:55:36 -0700", netip.MustParseAddr("192.0.2.7"), noon},
		{"ipv6", "2001:db8::1", "10/Oct/2000:13:55:36 -0700", netip.MustParseAddr("2001:db8::1"), noon},
		{"ipv4-mapped ipv6 unmapped", "::ffff:192.0.2.7", "10/Oct/2000:13:55:36 -0700", netip.MustParseAddr("192.0.2.7"), noon},
		{"zone dropped", "fe80::1%eth0", "10/Oct/2000:13:55:36 -0700", netip.MustParseAddr("fe80::1"), noon},
		{"hostname", "crawl-66-249-66-1.googlebot.com", "10/Oct/2000:13:55:36 -0700", netip.Addr{}, noon},
		{"dash", "-", "10/Oct/2000:13:55:36 -0700", netip.Addr{}, noon},
		{"garbage host", "300.1.2.3", "10/Oct/2000:13:55:36 -0700", netip.Addr{}, noon},
		{"utc", "192.0.2.7", "10/Oct/2000:20:55:36 +0000", netip.MustParseAddr("192.0.2.7"), noon},
		{"garbage date", "192.0.2.7", "yesterday-ish", netip.MustParseAddr("192.0.2.7"), time.Time{}},
		{"no offset", "192.0.2.7", "10/Oct/2000:13:55:36", netip.MustParseAddr("192.0.2.7"), time.Time{}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			line := tc.host + ` - - [` + tc.date + `] "GET /a HTTP/1.1" 200 5 "-" "Googlebot/2.1"` + "\n"
			var got []sitemap.Entry
			err := sitemap.ReadLog(strings.NewReader(line), "log", nil, func(e sitemap.Entry) error {
				got = append(got, e)
				return nil
			})
			if err != nil || len(got) != 1 {
				t.Fatalf("got %d entries, %v; want 1", len(got), err)
			}
			if e := got[0]; e.Addr != tc.addr || !e.Time.Equal(tc.time) || e.URL != "/a" || e.Status != 200 {
				t.Errorf("got addr %v time %v (%s %d), want %v %v", e.Addr, e.Time, e.URL, e.Status, tc.addr, tc.time)
			}
		})
	}
}
