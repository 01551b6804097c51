package sitework

import (
	"bytes"
	"context"
	"io"
	"sync"
	"time"

	"robotstester/app/sitemsg"
	"robotstester/robots"
	"robotstester/robots/verify"
)

// A log's requests are checked against the address lists their
// crawlers' operators publish (robots.Origins), which the page gets
// through the fetch relay and gives the worker (sitemsg.Addresses): the
// worker fetches none itself. A crawler whose list is not at hand is
// never guessed at: its requests stay unverified, and the panel says
// why.

// A ListAtHand is an address list the worker was given, or why none is
// at hand, for the catalogue's list URL of a crawler.
type ListAtHand struct {
	// Token is the crawler the page asked for; URL its first list in the
	// catalogue, which every crawler that names it shares.
	Token, URL string
	// List is the list read; nil when Missing says why there is none.
	List    *verify.List
	Missing string
	// Fetched is when the relay got it (zero when unknown), Source where
	// from.
	Fetched time.Time
	Source  string
}

// addressLists are the lists the worker holds, by URL. They outlive a
// Clear: they are the operators', not the user's.
type addressLists struct {
	mu    sync.Mutex
	byURL map[string]*ListAtHand
}

// give keeps what the page gave for l.Token: the list body holds, or why
// there is none. A list that cannot be read is said missing, with why.
func (a *addressLists) give(l sitemsg.AddressList, body io.Reader) {
	c, ok := robots.LookupCrawler(l.Token)
	if !ok || l.N < 0 || l.N >= len(c.Ranges) {
		return
	}
	h := &ListAtHand{Token: c.Token, URL: c.Ranges[l.N], Missing: l.Missing, Source: l.Source}
	if t, err := time.Parse(time.RFC3339, l.Fetched); err == nil {
		h.Fetched = t
	}
	if h.Missing == "" {
		if body == nil {
			body = bytes.NewReader(nil)
		}
		list, err := verify.ParseList(body)
		if err != nil {
			h.Missing = "its list could not be read (" + err.Error() + ")"
		} else {
			h.List = list
		}
	}
	a.mu.Lock()
	defer a.mu.Unlock()
	if a.byURL == nil {
		a.byURL = map[string]*ListAtHand{}
	}
	// A list at hand is not replaced by a failure to get it again.
	if old := a.byURL[h.URL]; old != nil && old.List != nil && h.List == nil {
		return
	}
	a.byURL[h.URL] = h
}

// atHand returns the lists held, as Origins to check requests by (nil
// when no list is at hand), and every list given or said missing.
func (a *addressLists) atHand() (*robots.Origins, []ListAtHand) {
	a.mu.Lock()
	defer a.mu.Unlock()
	var o *robots.Origins
	var all []ListAtHand
	for u, h := range a.byURL {
		all = append(all, *h)
		if h.List != nil {
			if o == nil {
				o = &robots.Origins{Lists: map[string]*verify.List{}}
			}
			o.Lists[u] = h.List
		}
	}
	return o, all
}

// requester is what the count knows of a user-agent string of the log:
// the crawler it names (its product token), if any.
type requester struct {
	read    bool
	crawler bool
	token   string
}

// originKey is a requester and an address, the key of the checks made.
type originKey struct {
	agent uint32
	fam   uint8
	ip    [16]byte
}

// maxChecksKept bounds the checks an origins' memo keeps: a log's
// crawlers come from a few thousand addresses; past it, each request is
// checked anew.
const maxChecksKept = 1 << 16

// origins checks a log's requests by o, each requester's address once:
// who is the requesters read so far, by the index of their strings, and
// seen the checks made.
type origins struct {
	o    *robots.Origins
	who  []requester
	seen map[originKey]verify.Status
}

func newOrigins(o *robots.Origins, r *Requests) *origins {
	return &origins{o: o, who: make([]requester, len(r.agents))}
}

// of returns where request i of r came from, and its day (-1 for none),
// with what the count knows of its requester.
func (c *origins) of(r *Requests, i int) (verify.Status, int, *requester) {
	k := r.agent[i]
	w := &c.who[k]
	if !w.read {
		rq := robots.ReadRequester(r.agents[k])
		*w = requester{read: true, crawler: rq.Kind == robots.CrawlerRequester, token: rq.Token}
	}
	addr, day := r.From(i)
	if !w.crawler || c.o == nil || !addr.IsValid() {
		return verify.Unverified, day, w
	}
	key := originKey{agent: k, fam: r.fam[i], ip: r.ip[i]}
	if s, ok := c.seen[key]; ok {
		return s, day, w
	}
	s := c.o.Check(context.Background(), w.token, addr)
	if c.seen == nil {
		c.seen = map[originKey]verify.Status{}
	}
	if len(c.seen) < maxChecksKept {
		c.seen[key] = s
	}
	return s, day, w
}
