// Package verifytest makes access logs for tests of who really came:
// requests that claim crawlers from addresses inside and outside the
// fixture lists of robots/verify/testdata, mixed with browsers', with the
// counts that checking them by those lists must give.
package verifytest

import (
	"fmt"
	"math/rand/v2"
	"net/netip"
	"strings"
	"time"

	"robotstester/robots/verify"
)

// A Crawler is a crawler of the fixtures: the list of robots/verify/testdata
// it has, and addresses known to be inside and outside it.
type Crawler struct {
	Token string // its product token, the key of the counts
	Agent string // the User-Agent string it logs with
	List  string // its list's file name in robots/verify/testdata
	// Inside are addresses of the list, Outside addresses it does not
	// hold; both IPv4 and IPv6, chosen by hand rather than computed, so
	// that they test the lists' reading.
	Inside, Outside []netip.Addr
}

var addrs = func(ss ...string) []netip.Addr {
	out := make([]netip.Addr, len(ss))
	for i, s := range ss {
		out[i] = netip.MustParseAddr(s)
	}
	return out
}

// Crawlers are the fixture crawlers.
var Crawlers = []Crawler{
	{
		Token: "Googlebot", List: "Googlebot.json",
		Agent:   "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
		Inside:  addrs("192.0.2.0", "192.0.2.31", "192.0.2.32", "192.0.2.63", "192.0.2.100", "2001:db8:4860:4801:10::1", "2001:db8:4860:4801:20:ffff:ffff:ffff"),
		Outside: addrs("192.0.2.64", "192.0.2.95", "192.0.2.112", "198.51.100.1", "2001:db8:4860:4801:30::1", "2001:db8:4860:4801:f::ffff"),
	},
	{
		Token: "bingbot", List: "bingbot.json",
		Agent:   "Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)",
		Inside:  addrs("198.51.100.1", "198.51.100.63", "198.51.100.128", "198.51.100.255", "2001:db8:b1e::1", "2001:db8:b1e:ffff::2"),
		Outside: addrs("198.51.100.64", "198.51.100.127", "192.0.2.1", "2001:db8:b1f::1", "2001:db8:4860:4801:10::1"),
	},
	{
		Token: "GPTBot", List: "GPTBot.json",
		Agent:   "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.2; +https://openai.com/gptbot)",
		Inside:  addrs("203.0.113.32", "203.0.113.47", "203.0.113.64", "203.0.113.71"),
		Outside: addrs("203.0.113.48", "203.0.113.72", "203.0.113.31", "2001:db8::1"),
	},
}

// browsers are User-Agent strings that claim no crawler.
var browsers = []string{
	"Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
	"Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1",
}

// Disallowed is the path under which the fixtures' robots.txt disallows
// every crawler: a request's Blocked counts are those for paths under it.
const Disallowed = "/private/"

// Log returns an access log of n requests in the Combined Log Format,
// the same for the same seed, and the counts a check of each request by
// its crawler's fixture list must give, by token. Crawlers' requests
// come from addresses inside their list (Verified), outside it (Forged),
// or from a host logged as a name or "-" (Unverified); an IPv4 address
// is now and then logged IPv4-mapped (::ffff:192.0.2.1), as dual-stack
// servers write it. Browsers' requests are not counted.
func Log(seed uint64, n int) (log string, want map[string]verify.Tally) {
	r := rand.New(rand.NewPCG(seed, 0))
	want = make(map[string]verify.Tally)
	var b strings.Builder
	at := time.Date(2026, 11, 27, 10, 0, 0, 0, time.FixedZone("", -7*3600))
	for i := range n {
		path := fmt.Sprintf("/page/%d", i)
		if r.IntN(3) == 0 {
			path = fmt.Sprintf("%sdoc-%d", Disallowed, i)
		}
		at = at.Add(time.Duration(r.IntN(5000)) * time.Millisecond)
		if r.IntN(4) == 0 {
			agent := browsers[r.IntN(len(browsers))]
			line(&b, fmt.Sprintf("203.0.113.%d", 100+r.IntN(100)), at, path, agent)
			continue
		}
		c := Crawlers[r.IntN(len(Crawlers))]
		var host string
		var s verify.Status
		switch k := r.IntN(10); {
		case k < 5:
			a := c.Inside[r.IntN(len(c.Inside))]
			host, s = mapped(r, a), verify.Verified
		case k < 9:
			a := c.Outside[r.IntN(len(c.Outside))]
			host, s = mapped(r, a), verify.Forged
		default:
			host = []string{"crawl-192-0-2-1.googlebot.example", "-"}[r.IntN(2)]
			s = verify.Unverified
		}
		line(&b, host, at, path, c.Agent)
		t := want[c.Token]
		t.Add(s, strings.HasPrefix(path, Disallowed))
		want[c.Token] = t
	}
	return b.String(), want
}

// mapped writes an address as a log would: now and then an IPv4 one in
// its IPv4-mapped IPv6 form.
func mapped(r *rand.Rand, a netip.Addr) string {
	if a.Is4() && r.IntN(4) == 0 {
		return netip.AddrFrom16(a.As16()).String()
	}
	return a.String()
}

func line(b *strings.Builder, host string, at time.Time, path, agent string) {
	fmt.Fprintf(b, "%s - - [%s] \"GET %s HTTP/1.1\" 200 %d \"-\" \"%s\"\n",
		host, at.Format("02/Jan/2006:15:04:05 -0700"), path, 512+len(path), agent)
}
