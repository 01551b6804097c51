package sitework

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"reflect"
	"strings"
	"sync"
	"testing"
	"time"

	"robotstester/app/sitemsg"
)

// localHelper is a worker's Helper in this process: a Worker that takes
// the messages the browser's helper would, in order, in a goroutine of
// its own, each through JSON as postMessage carries it, and answers
// through JSON too.
type localHelper struct {
	w     Worker
	to    *Worker
	inbox chan func()
	// drop, when it says so, loses a message to the helper (a helper
	// that does not answer); fatal has the helper die on it instead.
	drop, fatal func(req sitemsg.Request) bool

	mu                    sync.Mutex
	shares, counts, stops int
	closed                bool
}

// newLocalHelper returns a NewHelper that starts a localHelper of to,
// and the helper it started, once it did.
func newLocalHelper(to *Worker) (func() Helper, func() *localHelper) {
	var mu sync.Mutex
	var started *localHelper
	return func() Helper {
			l := &localHelper{to: to, inbox: make(chan func(), 16)}
			l.w.Send = l.answer
			go func() {
				for f := range l.inbox {
					f()
				}
			}()
			mu.Lock()
			started = l
			mu.Unlock()
			return l
		}, func() *localHelper {
			mu.Lock()
			defer mu.Unlock()
			return started
		}
}

func (l *localHelper) Post(req sitemsg.Request, data []byte) {
	b, err := json.Marshal(req)
	if err != nil {
		panic(err)
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.closed {
		return
	}
	switch req.Kind {
	case sitemsg.Share:
		l.shares++
	case sitemsg.CountPart:
		l.counts++
	case sitemsg.Stop:
		l.stops++
	}
	l.inbox <- func() {
		var got sitemsg.Request
		if err := json.Unmarshal(b, &got); err != nil {
			panic(err)
		}
		switch {
		case l.drop != nil && l.drop(got):
		case l.fatal != nil && l.fatal(got):
			l.answer(sitemsg.Reply{Kind: sitemsg.Fatal, Error: "out of memory"}, nil)
		default:
			l.w.Receive(got, bytes.NewBuffer(data))
		}
	}
}

// answer is the helper's Send: to its worker, through JSON, with a copy
// of data.
func (l *localHelper) answer(r sitemsg.Reply, data []byte) {
	b, err := json.Marshal(r)
	if err != nil {
		panic(err)
	}
	var got sitemsg.Reply
	if err := json.Unmarshal(b, &got); err != nil {
		panic(err)
	}
	l.to.FromHelper(got, bytes.Clone(data))
}

func (l *localHelper) Close() {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.closed = true
}

// asked returns how many shares and counts the helper was sent.
func (l *localHelper) asked() (shares, counts int) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.shares, l.counts
}

// heldVersion returns the version of the share the worker knows its
// helper holds.
func (w *Worker) heldVersion() int {
	w.help.mu.Lock()
	defer w.help.mu.Unlock()
	return w.help.held
}

// waitHeld waits until w knows that its helper holds what w sent it
// last.
func waitHeld(t *testing.T, w *Worker) {
	t.Helper()
	sent := func() int {
		w.help.mu.Lock()
		defer w.help.mu.Unlock()
		if !w.help.big {
			return -1
		}
		return w.help.sent
	}
	for deadline := time.Now().Add(10 * time.Second); w.heldVersion() != sent(); time.Sleep(time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("the helper holds version %d, the worker sent %d", w.heldVersion(), sent())
		}
	}
}

// helpedWorkers returns a worker with a local helper and one alone, both
// having read the same source of n random URLs and requests.
func helpedWorkers(t *testing.T, n int) (helped, alone *Worker, out, outAlone *replies, helper func() *localHelper) {
	t.Helper()
	out, outAlone = &replies{}, &replies{}
	helped, alone = &Worker{Send: out.send}, &Worker{Send: outAlone.send}
	helped.NewHelper, helper = newLocalHelper(helped)
	// The source: a list of URLs and a log, as a paste would give them.
	r := rand.New(rand.NewPCG(5, uint64(n)))
	var list, log strings.Builder
	for i := range n {
		// Distinct (i): the panel holds a URL once.
		u := fmt.Sprintf("/%s/%d-%d", []string{"private", "private/press", "blog", "shop/cart", "docs", "old"}[r.IntN(6)], r.IntN(1000), i)
		if i%4 == 3 {
			fmt.Fprintf(&log, "66.249.66.1 - - [10/Oct/2025:13:55:36 +0000] \"GET %s HTTP/1.1\" %d 512 \"-\" %q\n", u, []int{200, 404}[i%2], splitAgents[r.IntN(len(splitAgents))])
		} else {
			fmt.Fprintln(&list, "https://example.com"+u)
		}
	}
	for _, w := range []*Worker{helped, alone} {
		w.Handle(sitemsg.Request{Kind: sitemsg.Read, Name: "urls.txt", Text: siteFile}, strings.NewReader(list.String()))
		w.Handle(sitemsg.Request{Kind: sitemsg.Read, Name: "access.log", Text: siteFile}, strings.NewReader(log.String()))
	}
	return helped, alone, out, outAlone, helper
}

// lastCounted returns the view of the last Counted reply, which must be
// count id's.
func lastCounted(t *testing.T, out *replies, id int64) sitemsg.View {
	t.Helper()
	c := out.last(sitemsg.Counted)
	if c == nil || c.ID != id {
		t.Fatalf("count %d: last counted %+v, failed %+v", id, c, out.last(sitemsg.Failed))
	}
	return *c.View
}

// TestWorkerHelped: a worker with a helper counts in two, and says what
// a worker alone says, for crawlers of both kinds, with an edit compared.
func TestWorkerHelped(t *testing.T) {
	helped, alone, out, outAlone, helper := helpedWorkers(t, 30_000)
	waitHeld(t, helped)
	shares0, _ := helper().asked()
	edited := strings.Replace(siteFile, "Disallow: /old/", "Disallow: /blog/", 1)
	id := int64(0)
	for _, text := range []string{siteFile, edited} {
		for _, crawler := range []string{"Googlebot", "GPTBot", "bingbot"} {
			id++
			req := sitemsg.Request{Kind: sitemsg.Count, ID: id, Query: sitemsg.Query{Text: text, Crawler: crawler}}
			helped.Handle(req, nil)
			alone.Handle(req, nil)
			got, want := lastCounted(t, out, id), lastCounted(t, outAlone, id)
			if !got.Helped || want.Helped {
				t.Errorf("%s: helped %v, alone helped %v", crawler, got.Helped, want.Helped)
			}
			got.Helped = false
			if !reflect.DeepEqual(got, want) {
				g, _ := json.Marshal(got)
				w, _ := json.Marshal(want)
				t.Errorf("%s, edited %v: helped\n%s\nalone\n%s", crawler, text == edited, g, w)
			}
		}
	}
	if shares, counts := helper().asked(); shares != shares0 || counts != int(id) {
		t.Errorf("the helper was sent %d shares, %d counts; want %d, %d", shares, counts, shares0, id)
	}

	// Stale: after a Rebase, the helper's share is of an older version,
	// and the next count is the worker's alone; the helper is sent the
	// new version.
	helped.reading.Add(1) // as if a reading were under way: no share is sent
	helped.Receive(sitemsg.Request{Kind: sitemsg.Rebase, Text: edited}, nil)
	alone.Receive(sitemsg.Request{Kind: sitemsg.Rebase, Text: edited}, nil)
	id++
	req := sitemsg.Request{Kind: sitemsg.Count, ID: id, Query: sitemsg.Query{Text: siteFile, Crawler: "Googlebot"}}
	helped.Handle(req, nil)
	alone.Handle(req, nil)
	got, want := lastCounted(t, out, id), lastCounted(t, outAlone, id)
	if got.Helped || !reflect.DeepEqual(got, want) {
		t.Errorf("a stale helper: helped %v, %+v, want %+v", got.Helped, got, want)
	}
	if shares, counts := helper().asked(); counts != int(id)-1 || shares != shares0 {
		t.Errorf("a stale helper was asked to count, or sent a share during a reading")
	}
	helped.reading.Add(-1)
	helped.ship()
	waitHeld(t, helped)
}

// TestWorkerHelpedStops: a newer count stops an older one in the worker
// and in its helper.
func TestWorkerHelpedStops(t *testing.T) {
	helped, _, out, _, helper := helpedWorkers(t, 40_000)
	waitHeld(t, helped)
	yields := 0
	helped.Yield = func() {
		if yields++; yields == 3 {
			helped.newest(2)
		}
	}
	helped.Handle(sitemsg.Request{Kind: sitemsg.Count, ID: 1, Query: sitemsg.Query{Text: siteFile, Crawler: "bingbot"}}, nil)
	l := helper()
	l.mu.Lock()
	counts, stops := l.counts, l.stops
	l.mu.Unlock()
	if c := out.last(sitemsg.Counted); c != nil || yields < 3 || counts != 1 || stops != 1 {
		t.Errorf("a count stopped: counted %+v after %d yields; the helper was asked %d counts, %d stops", c, yields, counts, stops)
	}
}

// TestWorkerHelperFails: a helper that dies while it counts, one that
// does not answer, and one that answers it could not count, leave the
// count whole and right; after a death the worker counts alone.
func TestWorkerHelperFails(t *testing.T) {
	for _, how := range []string{"dies", "does not answer", "holds another version"} {
		t.Run(how, func(t *testing.T) {
			helped, alone, out, outAlone, helper := helpedWorkers(t, 24_000)
			waitHeld(t, helped)
			l := helper()
			l.mu.Lock()
			switch how {
			case "dies":
				l.fatal = func(r sitemsg.Request) bool { return r.Kind == sitemsg.CountPart }
			case "does not answer":
				l.drop = func(r sitemsg.Request) bool { return r.Kind == sitemsg.CountPart }
			case "holds another version":
				l.w.URLs.Rebase("User-agent: *\n") // its version moves on
			}
			l.mu.Unlock()
			for id := int64(1); id <= 2; id++ {
				req := sitemsg.Request{Kind: sitemsg.Count, ID: id, Query: sitemsg.Query{Text: siteFile, Crawler: "bingbot"}}
				start := time.Now()
				helped.Handle(req, nil)
				took := time.Since(start)
				alone.Handle(req, nil)
				got, want := lastCounted(t, out, id), lastCounted(t, outAlone, id)
				if got.Helped || !reflect.DeepEqual(got, want) {
					t.Errorf("count %d: helped %v, %+v, want %+v", id, got.Helped, got, want)
				}
				_, counts := l.asked()
				switch {
				case how == "does not answer" && id == 1 && took < helperWait:
					t.Errorf("the worker waited %v for a helper that does not answer", took)
				case how != "holds another version" && counts != 1:
					t.Errorf("count %d: the helper was asked %d counts; once dropped, never again", id, counts)
				case how == "holds another version" && counts != int(id):
					t.Errorf("count %d: the helper was asked %d counts: it did not fail, only miss a share", id, counts)
				}
			}
		})
	}
}

// TestWorkerHelperStarts: the helper starts once many URLs are held, not
// before; below, it is never asked.
func TestWorkerHelperStarts(t *testing.T) {
	helped, _, out, _, helper := helpedWorkers(t, HelperMin-100)
	helped.Handle(sitemsg.Request{Kind: sitemsg.Count, ID: 1, Query: sitemsg.Query{Text: siteFile, Crawler: "Googlebot"}}, nil)
	if helper() != nil {
		t.Fatal("a helper started for fewer than HelperMin URLs")
	}
	if c := out.last(sitemsg.Counted); c == nil || c.View.Helped {
		t.Errorf("counted %+v", c)
	}
	helped.Handle(sitemsg.Request{Kind: sitemsg.Read, Name: "more.txt", Text: siteFile}, strings.NewReader(distinctPaths("/more", 2000)))
	if helper() == nil {
		t.Fatal("no helper for more than HelperMin URLs")
	}
	waitHeld(t, helped)
	// A Clear: the helper lets go of its share.
	helped.Receive(sitemsg.Request{Kind: sitemsg.Clear, ID: 1}, nil)
	for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(time.Millisecond) {
		l := helper()
		l.mu.Lock()
		shares := l.shares
		l.mu.Unlock()
		if shares == 2 && l.w.URLs.Total() == 0 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("after a Clear, the helper was sent %d shares, holds %d URLs", shares, l.w.URLs.Total())
		}
	}
}

// TestHelperStops: a helper's count stops when a later one is asked, or
// when its worker says it is moot, and says so.
func TestHelperStops(t *testing.T) {
	var out replies
	h := &Worker{Send: out.send}
	s := randomURLs(t, rand.New(rand.NewPCG(6, 1)), 30_000)
	b, version, _ := s.appendShare(nil, maxShare)
	h.Receive(sitemsg.Request{Kind: sitemsg.Share, Version: version}, bytes.NewBuffer(b))
	if r := out.last(sitemsg.Shared); r == nil || r.ID != int64(version) {
		t.Fatalf("shared %+v", out.got)
	}
	q := sitemsg.Query{Text: splitEdit, Crawler: "Googlebot"}
	for how, stop := range map[string]func(){
		"a later count": func() { h.newest(2) }, // as Receive marks a CountPart
		"a Stop":        func() { h.Receive(sitemsg.Request{Kind: sitemsg.Stop, ID: 1}, nil) },
	} {
		h.query.Store(1) // as Receive marks it
		yields := 0
		h.Yield = func() {
			if yields++; yields == 3 {
				stop()
			}
		}
		h.Handle(sitemsg.Request{Kind: sitemsg.CountPart, ID: 1, Version: version, Query: q}, nil)
		if r := out.last(sitemsg.Failed); r == nil || r.ID != 1 || out.last(sitemsg.PartCounted) != nil || yields < 3 {
			t.Errorf("after %s: %+v", how, out.got[len(out.got)-1])
		}
	}
	h.Yield = nil
	h.query.Store(3)
	h.Handle(sitemsg.Request{Kind: sitemsg.CountPart, ID: 3, Version: version + 1, Query: q}, nil)
	if r := out.last(sitemsg.Failed); r.ID != 3 || !strings.Contains(r.Error, "version") {
		t.Errorf("another version: %+v", r)
	}
	h.query.Store(4)
	h.Handle(sitemsg.Request{Kind: sitemsg.CountPart, ID: 4, Version: version, Query: q}, nil)
	var p sitemsg.Part
	if r := out.last(sitemsg.PartCounted); r == nil || r.ID != 4 || json.Unmarshal(out.data.Bytes(), &p) != nil || p.Version != version {
		t.Errorf("counted %+v, %.50q", r, out.data.Bytes())
	}
	h.Receive(sitemsg.Request{Kind: sitemsg.Share, Version: version}, bytes.NewBufferString("not a share"))
	if r := out.last(sitemsg.Fatal); r == nil || !strings.Contains(r.Error, "share") {
		t.Errorf("a bad share: %+v", r)
	}
}

// TestWorkerShareTooLarge: a share that would take more than maxShare
// bytes is not made; the helper lets go of the one it holds, and the
// worker counts alone.
func TestWorkerShareTooLarge(t *testing.T) {
	helped, alone, out, outAlone, helper := helpedWorkers(t, 24_000)
	waitHeld(t, helped)
	defer func(m int) { maxShare = m }(maxShare)
	maxShare = 1000
	shares0, _ := helper().asked()
	for _, w := range []*Worker{helped, alone} {
		w.Handle(sitemsg.Request{Kind: sitemsg.Rebase, Text: siteFile + "Disallow: /docs/\n"}, nil)
	}
	helped.ship() // as Receive has it done
	waitHeld(t, helped)
	req := sitemsg.Request{Kind: sitemsg.Count, ID: 1, Query: sitemsg.Query{Text: siteFile, Crawler: "bingbot"}}
	helped.Handle(req, nil)
	alone.Handle(req, nil)
	got, want := lastCounted(t, out, 1), lastCounted(t, outAlone, 1)
	shares, counts := helper().asked()
	if got.Helped || !reflect.DeepEqual(got, want) || shares != shares0+1 || counts != 0 || helper().w.URLs.Total() != 0 {
		t.Errorf("helped %v, %d shares sent after the first %d, %d counts asked, the helper holds %d URLs", got.Helped, shares, shares0, counts, helper().w.URLs.Total())
	}
}

// TestWorkerHelpedWithLists: with address lists at hand, the helper
// counts its share of the URLs and the worker every request (the helper
// holds no list): the counts are a count alone's, and helped.
func TestWorkerHelpedWithLists(t *testing.T) {
	helped, alone, out, outAlone, _ := helpedWorkers(t, 30_000)
	waitHeld(t, helped)
	list := `{"creationTime": "2026-12-01T00:00:00", "prefixes": [{"ipv4Prefix": "66.249.66.0/24"}]}`
	for _, w := range []*Worker{helped, alone} {
		w.Handle(sitemsg.Request{Kind: sitemsg.Addresses, List: &sitemsg.AddressList{Token: "Googlebot"}}, strings.NewReader(list))
	}
	// The new version shipped to the helper.
	for deadline := time.Now().Add(10 * time.Second); helped.heldVersion() != helped.URLs.Version(); time.Sleep(time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("the helper holds version %d, not %d", helped.heldVersion(), helped.URLs.Version())
		}
	}
	req := sitemsg.Request{Kind: sitemsg.Count, ID: 1, Query: sitemsg.Query{Text: siteFile, Crawler: "Googlebot"}}
	helped.Handle(req, nil)
	alone.Handle(req, nil)
	got, want := lastCounted(t, out, 1), lastCounted(t, outAlone, 1)
	if !got.Helped {
		t.Error("not helped")
	}
	got.Helped = false
	if !reflect.DeepEqual(got, want) {
		g, _ := json.Marshal(got)
		w, _ := json.Marshal(want)
		t.Errorf("helped\n%s\nalone\n%s", g, w)
	}
	for _, r := range got.Log.Rows {
		if r.Agent == "Googlebot" && (r.Verified != r.Requests || r.Requests == 0) {
			t.Errorf("Googlebot from its list's addresses: %+v", r)
		}
	}
}
