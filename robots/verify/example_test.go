package verify_test

import (
	"fmt"
	"net/netip"
	"strings"

	"robotstester/robots/verify"
)

// Requests that claim Googlebot, checked against the list Google
// publishes (here a made-up one in its form).
func Example() {
	list, err := verify.ParseList(strings.NewReader(`{
		"creationTime": "2026-11-30T15:46:03.000000",
		"prefixes": [{"ipv4Prefix": "192.0.2.0/27"}, {"ipv6Prefix": "2001:db8:4860::/48"}]}`))
	if err != nil {
		fmt.Println(err)
		return
	}
	var tally verify.Tally
	for _, host := range []string{"192.0.2.7", "::ffff:192.0.2.8", "2001:db8:4860::1", "198.51.100.3", "crawl.example"} {
		addr, _ := netip.ParseAddr(host) // the zero Addr for a hostname
		s := verify.ByList(list, addr)
		tally.Add(s, false)
		fmt.Println(host, s)
	}
	fmt.Printf("%+v\n", tally.All)
	// Output:
	// 192.0.2.7 verified
	// ::ffff:192.0.2.8 verified
	// 2001:db8:4860::1 verified
	// 198.51.100.3 forged
	// crawl.example unverified
	// {Requests:5 Verified:3 Forged:1 Unverified:1}
}
