package robots_test

import (
	"context"
	"net"
	"net/netip"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"robotstester/robots"
	"robotstester/robots/sitemap"
	"robotstester/robots/verify"
	"robotstester/robots/verify/rdns"
	"robotstester/robots/verify/verifytest"
)

// TestOriginsOnLog counts a generated log, with IPv4 and IPv6 addresses
// inside and outside the fixture lists, through Coverage as the command
// line and the site worker count one, and finds the counts the
// generator expects: per crawler, verified, forged and unverified, of
// all its requests and of those the file blocks.
func TestOriginsOnLog(t *testing.T) {
	var o robots.Origins
	for _, c := range verifytest.Crawlers {
		b, err := os.ReadFile(filepath.Join("verify", "testdata", c.List))
		if err != nil {
			t.Fatal(err)
		}
		l, err := verify.ParseList(strings.NewReader(string(b)))
		if err != nil {
			t.Fatal(err)
		}
		o.SetList(c.Token, l)
	}
	f := robots.ParseString("User-agent: *\nDisallow: " + verifytest.Disallowed + "\n")
	for _, seed := range []uint64{3, 45} {
		log, want := verifytest.Log(seed, 3000)
		cov := robots.NewCoverage(f)
		err := sitemap.ReadLog(strings.NewReader(log), "access.log", func(sitemap.Note) {}, func(e sitemap.Entry) error {
			r := robots.ReadRequester(e.Agent)
			cov.AddRequestFrom(e.Agent, e.URL, e.Status, o.Check(context.Background(), r.Token, e.Addr))
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
		got := map[string]verify.Tally{}
		for _, tl := range cov.Tallies() {
			got[tl.Agent] = tl.Origins
		}
		if len(got) != len(want) {
			t.Errorf("seed %d: crawlers %v, want %v", seed, got, want)
		}
		for tok, w := range want {
			if got[tok] != w {
				t.Errorf("seed %d: %s: %+v, want %+v", seed, tok, got[tok], w)
			}
		}
	}
}

// fakeDNS answers reverse and forward lookups from tables.
type fakeDNS struct {
	ptr map[string][]string
	ip  map[string][]netip.Addr
}

func (f fakeDNS) LookupAddr(_ context.Context, addr string) ([]string, error) {
	if names, ok := f.ptr[addr]; ok {
		return names, nil
	}
	return nil, &net.DNSError{Err: "no such host", Name: addr, IsNotFound: true}
}

func (f fakeDNS) LookupNetIP(_ context.Context, _, host string) ([]netip.Addr, error) {
	host = strings.TrimSuffix(host, ".")
	if ips, ok := f.ip[host]; ok {
		return ips, nil
	}
	return nil, &net.DNSError{Err: "no such host", Name: host, IsNotFound: true}
}

// TestOriginsByDNS checks a crawler with no list at hand by reverse DNS
// in the catalogue's domains: a confirmed name in them is verified, one
// outside them or none is forged, a crawler without domains unverified.
func TestOriginsByDNS(t *testing.T) {
	good, bad, none := netip.MustParseAddr("192.0.2.7"), netip.MustParseAddr("198.51.100.9"), netip.MustParseAddr("2001:db8::9")
	dns := fakeDNS{
		ptr: map[string][]string{good.String(): {"crawl-192-0-2-7.googlebot.com."}, bad.String(): {"host.example.net."}},
		ip:  map[string][]netip.Addr{"crawl-192-0-2-7.googlebot.com": {good}, "host.example.net": {bad}},
	}
	o := robots.Origins{DNS: rdns.NewDNSVerifier(dns, rdns.DNSLimits{})}
	for _, c := range []struct {
		token string
		addr  netip.Addr
		want  verify.Status
	}{
		{"Googlebot", good, verify.Verified},
		{"Googlebot", bad, verify.Forged},
		{"Googlebot", none, verify.Forged},
		{"Googlebot", netip.Addr{}, verify.Unverified},
		{"AhrefsBot", good, verify.Unverified}, // no domains in the catalogue
		{"NoSuchBot", good, verify.Unverified},
	} {
		if got := o.Check(context.Background(), c.token, c.addr); got != c.want {
			t.Errorf("%s from %v: %v, want %v", c.token, c.addr, got, c.want)
		}
	}
	var nilOrigins *robots.Origins
	if nilOrigins.Check(context.Background(), "Googlebot", good) != verify.Unverified {
		t.Error("nil Origins: not unverified")
	}
}

func TestOriginWords(t *testing.T) {
	for _, c := range []struct {
		agent string
		o     verify.Tally
		want  string
	}{
		{"GPTBot", verify.Tally{All: verify.Counts{Requests: 300, Verified: 299, Forged: 1}, Blocked: verify.Counts{Requests: 215, Verified: 214, Forged: 1}},
			"GPTBot: 215 requests to URLs the file blocks: 214 verified as OpenAI's, 1 forged (not OpenAI's); 300 requests in all"},
		{"Googlebot", verify.Tally{All: verify.Counts{Requests: 3, Forged: 3}},
			"Googlebot: 3 requests, none to URLs the file blocks: 3 forged (not Google's)"},
		{"NoSuchBot", verify.Tally{All: verify.Counts{Requests: 1, Unverified: 1}, Blocked: verify.Counts{Requests: 1, Unverified: 1}},
			"NoSuchBot: 1 request to URLs the file blocks: 1 unverified"},
		{"GPTBot", verify.Tally{}, ""},
	} {
		tl := robots.Tally{Agent: c.agent, Origins: c.o}
		if got := tl.OriginWords(); got != c.want {
			t.Errorf("%s:\n got %q\nwant %q", c.agent, got, c.want)
		}
	}
}
