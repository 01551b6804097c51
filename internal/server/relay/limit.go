package relay

import (
	"container/list"
	"context"
	"errors"
	"net/netip"
	"sync"
	"time"
)

// maxClients bounds the rate limiter's table of clients.
const maxClients = 1 << 16

// A limiter gives each client a bucket of tokens, filled at perMinute a
// minute up to burst: each fetch takes one.
type limiter struct {
	perMinute float64
	burst     float64

	mu        sync.Mutex
	clients   map[string]*bucket
	lastSweep time.Time
}

type bucket struct {
	tokens float64
	at     time.Time // when tokens was counted
}

func newLimiter(perMinute, burst int) *limiter {
	return &limiter{perMinute: float64(perMinute), burst: float64(burst), clients: map[string]*bucket{}}
}

// take takes a token from client's bucket. When there is none, it returns
// how long until there is one.
func (l *limiter) take(client string, now time.Time) (ok bool, wait time.Duration) {
	l.mu.Lock()
	defer l.mu.Unlock()
	b := l.bucket(client, now)
	if b.tokens >= 1 {
		b.tokens--
		return true, 0
	}
	return false, time.Duration((1 - b.tokens) / l.perMinute * float64(time.Minute))
}

// spend takes n tokens from client's bucket for work already done: the
// bucket may go below empty, and the client then waits the longer.
func (l *limiter) spend(client string, n int, now time.Time) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.bucket(client, now).tokens -= float64(n)
}

// bucket returns client's bucket, filled up to now.
func (l *limiter) bucket(client string, now time.Time) *bucket {
	b := l.clients[client]
	if b == nil {
		// A full table is swept at most once a second: a sweep goes
		// through every client.
		if len(l.clients) >= maxClients && now.Sub(l.lastSweep) >= time.Second {
			l.sweep(now)
			l.lastSweep = now
		}
		if len(l.clients) >= maxClients {
			// Still full: newcomers share one bucket until some leave.
			client = ""
			b = l.clients[client]
		}
		if b == nil {
			b = &bucket{tokens: l.burst, at: now}
			l.clients[client] = b
		}
	}
	b.tokens = min(l.burst, b.tokens+now.Sub(b.at).Minutes()*l.perMinute)
	b.at = now
	return b
}

// sweep forgets the clients whose buckets have filled up again: they are
// as new.
func (l *limiter) sweep(now time.Time) {
	for k, b := range l.clients {
		if b.tokens+now.Sub(b.at).Minutes()*l.perMinute >= l.burst {
			delete(l.clients, k)
		}
	}
}

// clientKey is the key of a client's bucket: its address, or for IPv6
// its /64, which one subscriber usually holds whole. What is no address
// (a header a proxy did not set) is cut short, so that keys stay small.
func clientKey(addr string) string {
	a, err := netip.ParseAddr(addr)
	if err != nil {
		if ap, err := netip.ParseAddrPort(addr); err == nil {
			a = ap.Addr()
		} else {
			return "?" + addr[:min(len(addr), 45)]
		}
	}
	a = a.Unmap().WithZone("")
	if a.Is6() {
		p, _ := a.Prefix(64)
		return p.String()
	}
	return a.String()
}

// errBusy is returned by gate.enter when no slot came free in time, or too
// many requests wait already.
var errBusy = errors.New("busy")

// A gate lets at most n fetches run at once; up to maxWaiting more wait
// for a slot, each at most wait.
type gate struct {
	slots   chan struct{}
	waiting chan struct{}
	wait    time.Duration
}

func newGate(n, maxWaiting int, wait time.Duration) *gate {
	return &gate{slots: make(chan struct{}, n), waiting: make(chan struct{}, maxWaiting), wait: wait}
}

// enter takes a slot, and returns the function that gives it back.
func (g *gate) enter(ctx context.Context) (leave func(), err error) {
	leave = func() { <-g.slots }
	select {
	case g.slots <- struct{}{}:
		return leave, nil
	default:
	}
	select {
	case g.waiting <- struct{}{}:
		defer func() { <-g.waiting }()
	default:
		return nil, errBusy
	}
	t := time.NewTimer(g.wait)
	defer t.Stop()
	select {
	case g.slots <- struct{}{}:
		return leave, nil
	case <-t.C:
		return nil, errBusy
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}

// A cache keeps answers for ttl, up to maxBytes in all; the oldest go
// first. Answers are kept encoded, as they are sent.
type cache struct {
	ttl      time.Duration
	maxBytes int

	mu      sync.Mutex
	bytes   int
	order   *list.List // of *cached, oldest first
	entries map[string]*list.Element
}

type cached struct {
	key     string
	answer  []byte
	expires time.Time
}

func newCache(ttl time.Duration, maxBytes int) *cache {
	return &cache{ttl: ttl, maxBytes: maxBytes, order: list.New(), entries: map[string]*list.Element{}}
}

func (c *cache) get(key string, now time.Time) []byte {
	if c == nil {
		return nil
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	e := c.entries[key]
	if e == nil {
		return nil
	}
	if v := e.Value.(*cached); now.Before(v.expires) {
		return v.answer
	}
	c.remove(e)
	return nil
}

func (c *cache) put(key string, answer []byte, now time.Time) {
	if c == nil || len(answer) > c.maxBytes {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if e := c.entries[key]; e != nil {
		c.remove(e)
	}
	// Every entry lives as long, so the oldest expire first: drop the
	// expired ones, then as many of the oldest as the new one needs.
	for e := c.order.Front(); e != nil; e = c.order.Front() {
		if v := e.Value.(*cached); now.Before(v.expires) && c.bytes+len(answer) <= c.maxBytes {
			break
		}
		c.remove(e)
	}
	c.entries[key] = c.order.PushBack(&cached{key: key, answer: answer, expires: now.Add(c.ttl)})
	c.bytes += len(answer)
}

func (c *cache) remove(e *list.Element) {
	v := c.order.Remove(e).(*cached)
	delete(c.entries, v.key)
	c.bytes -= len(v.answer)
}

// flights lets requests for the same robots.txt share one fetch.
type flights struct {
	mu    sync.Mutex
	calls map[string]*flight
}

type flight struct {
	done   chan struct{}
	status int
	answer []byte
}

// join returns the flight for key, and whether the caller leads it: the
// leader fetches, then calls land; the others wait for done.
func (f *flights) join(key string) (fl *flight, leader bool) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if fl := f.calls[key]; fl != nil {
		return fl, false
	}
	if f.calls == nil {
		f.calls = map[string]*flight{}
	}
	fl = &flight{done: make(chan struct{})}
	f.calls[key] = fl
	return fl, true
}

// land ends the flight for key with its answer.
func (f *flights) land(key string, fl *flight, status int, answer []byte) {
	fl.status, fl.answer = status, answer
	f.mu.Lock()
	delete(f.calls, key)
	f.mu.Unlock()
	close(fl.done)
}
