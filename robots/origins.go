package robots

import (
	"context"
	"fmt"
	"net/netip"
	"strings"

	"robotstester/robots/verify"
)

// Origins tell whether a logged request that claims a crawler came from
// its operator: from the operator's published address lists, or from
// forward-confirmed reverse DNS in the domains the catalogue gives for
// the crawler ([Crawler.RDNS]). Nothing is guessed: a crawler with
// neither, or a request without an address, is unverified.
type Origins struct {
	// Lists are the address lists at hand, by the URL the catalogue
	// gives for them ([Crawler.Ranges]): every crawler that names a URL
	// shares its list.
	Lists map[string]*verify.List
	// ByToken are lists given for one crawler, by its token lower-cased
	// (the command line's --ranges TOKEN=FILE): they stand for all of the
	// crawler's lists.
	ByToken map[string]*verify.List
	// DNS, when set, checks by reverse DNS the crawlers that have no list
	// at hand but documented domains (robots/verify/rdns: the command
	// line's; the page asks no DNS).
	DNS ReverseDNS
}

// ReverseDNS verifies an address by forward-confirmed reverse DNS in a
// crawler's documented domains; rdns.DNSVerifier is one.
type ReverseDNS interface {
	Verify(ctx context.Context, addr netip.Addr, domains []string) verify.Status
}

// SetList keeps l as crawler token's whole address list: token's own,
// and that of every crawler whose first list is token's first (Google's
// crawlers share one).
func (o *Origins) SetList(token string, l *List) {
	if o.ByToken == nil {
		o.ByToken = map[string]*verify.List{}
	}
	o.ByToken[strings.ToLower(token)] = l
	if c, ok := LookupCrawler(token); ok && len(c.Ranges) > 0 {
		if o.Lists == nil {
			o.Lists = map[string]*verify.List{}
		}
		o.Lists[c.Ranges[0]] = l
	}
}

// List is an operator's published address list ([verify.List]).
type List = verify.List

// Check tells where a request from addr that claims the crawler token
// came from. A list given for the crawler decides; then the lists of its
// URLs: inside any of them, verified; outside all of them, when every
// list of the crawler is at hand, forged; then reverse DNS, when DNS is
// set and the crawler's domains are known. Anything else is unverified.
func (o *Origins) Check(ctx context.Context, token string, addr netip.Addr) verify.Status {
	if o == nil || !addr.IsValid() {
		return verify.Unverified
	}
	if l := o.ByToken[strings.ToLower(token)]; l != nil {
		return verify.ByList(l, addr)
	}
	c, ok := LookupCrawler(token)
	if !ok {
		return verify.Unverified
	}
	held := 0
	for _, u := range c.Ranges {
		l := o.Lists[u]
		if l == nil {
			continue
		}
		held++
		if l.Contains(addr.Unmap()) {
			return verify.Verified
		}
	}
	if held > 0 && held == len(c.Ranges) {
		return verify.Forged
	}
	if o.DNS != nil && len(c.RDNS) > 0 {
		return o.DNS.Verify(ctx, addr, c.RDNS)
	}
	return verify.Unverified
}

// HasWays reports whether Check can say more than unverified for the
// crawler token: a list of its is at hand, or reverse DNS and its
// domains.
func (o *Origins) HasWays(token string) bool {
	if o == nil {
		return false
	}
	if o.ByToken[strings.ToLower(token)] != nil {
		return true
	}
	c, ok := LookupCrawler(token)
	if !ok {
		return false
	}
	for _, u := range c.Ranges {
		if o.Lists[u] != nil {
			return true
		}
	}
	return o.DNS != nil && len(c.RDNS) > 0
}

// OriginWords says where a log crawler's requests came from, in words for
// people, the requests to URLs the file blocks first: "GPTBot: 215
// requests to URLs the file blocks: 214 verified as OpenAI's, 1 forged".
// It is "" for a tally with no requests of a log.
func (t *Tally) OriginWords() string {
	all, blocked := t.Origins.All, t.Origins.Blocked
	if all.Requests == 0 {
		return ""
	}
	operator := "its operator"
	if c, ok := LookupCrawler(t.Agent); ok {
		operator = c.Vendor
	}
	counts := func(c verify.Counts) string {
		var parts []string
		if c.Verified > 0 {
			parts = append(parts, fmt.Sprintf("%d verified as %s's", c.Verified, operator))
		}
		if c.Forged > 0 {
			parts = append(parts, fmt.Sprintf("%d forged (not %s's)", c.Forged, operator))
		}
		if c.Unverified > 0 {
			parts = append(parts, fmt.Sprintf("%d unverified", c.Unverified))
		}
		return strings.Join(parts, ", ")
	}
	if blocked.Requests > 0 {
		s := fmt.Sprintf("%s: %s to URLs the file blocks: %s", t.Agent, requests(blocked.Requests), counts(blocked))
		if rest := all.Requests - blocked.Requests; rest > 0 {
			s += fmt.Sprintf("; %s in all", requests(all.Requests))
		}
		return s
	}
	return fmt.Sprintf("%s: %s, none to URLs the file blocks: %s", t.Agent, requests(all.Requests), counts(all))
}

func requests(n int) string { return fmt.Sprintf("%d %s", n, plural(n, "request", "requests")) }
