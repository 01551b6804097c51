package sitework

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"sync"
	"time"

	"robotstester/app/sitemsg"
	"robotstester/robots"
)

// HelperMin is the fewest URLs and requests held that the worker counts
// with its helper: below, one core counts them in milliseconds, and the
// helper's copy of them is not worth making.
const HelperMin = 20_000

// maxShare is the most bytes a share sent to the helper may take: the
// worker makes it in its own memory, and the browser copies it once more,
// so that a share of very long URLs could take the worker, and the URLs
// it holds, past the memory it may have. Past it, the worker counts alone.
var maxShare = 128 << 20

// helperWait is how long the worker waits for its helper's count once
// its own is done, beyond twice the time its own took: a helper that has
// not answered by then has stopped, and the worker counts alone from
// then on.
const helperWait = 2 * time.Second

// A Helper is a second worker, on another core, that holds a copy of a
// share of the URLs (the second half of each set) and counts it while
// the worker counts the first halves: a count of a million URLs then
// takes about half the time. In the browser it is a Web Worker the
// worker starts, running the same WebAssembly (app/siteworker); in the
// tests, a Worker in a goroutine: a helper is a Worker, which takes the
// requests sitemsg.Share, CountPart and Stop.
type Helper interface {
	// Post posts the helper a request, and returns at once: a Share (its
	// data a share of the URLs held at Version, in the binary form, which
	// is the helper's from then on), a CountPart or a Stop. The helper's
	// answers come back through Worker.FromHelper, in the order it sent
	// them.
	Post(req sitemsg.Request, data []byte)
	// Close ends the helper.
	Close()
}

// helping is a worker's side of its helper.
type helping struct {
	mu      sync.Mutex
	started bool   // NewHelper was called
	h       Helper // nil: none, or it failed
	// sent is the version of the last share sent, and held that of the
	// share the helper holds (its last Shared); big reports that the
	// last share sent was of HelperMin URLs or more.
	sent, held int
	big        bool
	// seq numbers the counts asked of the helper: a later one stops an
	// earlier one there. waiting are those whose answer is awaited: the
	// helper's Part, or nil when it did not count.
	seq     int64
	waiting map[int64]chan *sitemsg.Part
	// ship is held while a share is made and sent: one at a time.
	ship sync.Mutex
}

// helper returns the worker's helper, started once total calls for one;
// nil when it has none.
func (w *Worker) helper(total int) Helper {
	hp := &w.help
	hp.mu.Lock()
	defer hp.mu.Unlock()
	if !hp.started && total >= HelperMin && w.NewHelper != nil {
		hp.started, hp.sent, hp.held = true, -1, -1
		hp.h = w.NewHelper()
	}
	return hp.h
}

// ship sends the helper a share of what the worker holds now, unless it
// was sent one of it already, or a reading is under way (a share of URLs
// still coming would be stale at once). When the worker holds fewer than
// HelperMin URLs, or a share would take more than maxShare bytes, the
// helper is told to let go of the share it holds, if it holds one.
func (w *Worker) ship() {
	if w.reading.Load() > 0 {
		return
	}
	total := w.URLs.Total()
	if w.helper(total) == nil {
		return
	}
	hp := &w.help
	hp.ship.Lock()
	defer hp.ship.Unlock()
	version := w.URLs.Version()
	hp.mu.Lock()
	due := hp.h != nil && hp.sent != version && (hp.big || total >= HelperMin)
	hp.mu.Unlock()
	if !due {
		return
	}
	var b []byte
	ok := false
	if total >= HelperMin {
		b, version, ok = w.URLs.appendShare(nil, maxShare)
	}
	hp.mu.Lock()
	h, big := hp.h, hp.big
	hp.sent, hp.big = version, ok
	hp.mu.Unlock()
	switch {
	case h == nil:
	case ok:
		h.Post(sitemsg.Request{Kind: sitemsg.Share, Version: version}, b)
	case big:
		h.Post(sitemsg.Request{Kind: sitemsg.Share, Version: -1}, nil)
	}
}

// FromHelper takes a message of the helper, with its data: Shared,
// PartCounted (its Part in data), Failed or Fatal (after which the worker
// counts alone). It does not block: the browser's message handler calls
// it.
func (w *Worker) FromHelper(r sitemsg.Reply, data []byte) {
	if r.Kind == sitemsg.Fatal {
		w.helperFailed()
		return
	}
	var p *sitemsg.Part
	if r.Kind == sitemsg.PartCounted && json.Unmarshal(data, &p) != nil {
		p = nil // as if the helper had not counted: the worker counts its share
	}
	hp := &w.help
	hp.mu.Lock()
	defer hp.mu.Unlock()
	switch r.Kind {
	case sitemsg.Shared:
		hp.held = int(r.ID)
	case sitemsg.PartCounted, sitemsg.Failed:
		if ch := hp.waiting[r.ID]; ch != nil {
			delete(hp.waiting, r.ID)
			ch <- p
		}
	}
}

// helperFailed drops the helper: the counts that wait for it count its
// share themselves, and the worker counts alone from then on.
func (w *Worker) helperFailed() {
	hp := &w.help
	hp.mu.Lock()
	h := hp.h
	hp.h = nil
	for id, ch := range hp.waiting {
		ch <- nil
		delete(hp.waiting, id)
	}
	hp.mu.Unlock()
	if h != nil {
		h.Close()
	}
}

// holding returns the helper when it holds a share of the URLs of
// version, of which there are total: nil when the worker is to count
// alone.
func (w *Worker) holding(version, total int) Helper {
	hp := &w.help
	hp.mu.Lock()
	defer hp.mu.Unlock()
	if total < HelperMin || hp.h == nil || hp.held != version {
		return nil
	}
	return hp.h
}

// ask asks h for a count of its share, of version, for q (of its URLs
// alone, urlsOnly); the answer comes on the channel returned, with the
// number the count was asked by.
func (w *Worker) ask(h Helper, version int, q sitemsg.Query, urlsOnly bool) (<-chan *sitemsg.Part, int64) {
	hp := &w.help
	ch := make(chan *sitemsg.Part, 1)
	hp.mu.Lock()
	hp.seq++
	seq := hp.seq
	if hp.waiting == nil {
		hp.waiting = map[int64]chan *sitemsg.Part{}
	}
	hp.waiting[seq] = ch
	hp.mu.Unlock()
	h.Post(sitemsg.Request{Kind: sitemsg.CountPart, ID: seq, Version: version, Query: q, URLsOnly: urlsOnly}, nil)
	return ch, seq
}

// forget stops awaiting count seq of h, and tells h it is moot.
func (w *Worker) forget(h Helper, seq int64) {
	hp := &w.help
	hp.mu.Lock()
	delete(hp.waiting, seq)
	hp.mu.Unlock()
	h.Post(sitemsg.Request{Kind: sitemsg.Stop, ID: seq}, nil)
}

// await waits for the helper's answer to count seq, and returns its
// Part; nil when the helper did not count it (it failed, or was stopped)
// or when stopped says this count is moot. A helper that has not
// answered within wait is dropped.
func (w *Worker) await(h Helper, answer <-chan *sitemsg.Part, seq int64, stopped func() bool, wait time.Duration) *sitemsg.Part {
	tick := time.NewTicker(WorkerSlice)
	defer tick.Stop()
	timeout := time.NewTimer(wait)
	defer timeout.Stop()
	for {
		select {
		case p := <-answer:
			return p
		case <-tick.C:
			if stopped() {
				w.forget(h, seq)
				return nil
			}
		case <-timeout.C:
			w.helperFailed()
			return nil
		}
	}
}

// cover counts what the worker holds for q: with the helper when it
// holds a share of it as it is now (the first half of each set counted
// here, the second there, at once), and alone otherwise. When the helper
// does not count its share (it failed, or held another), the worker
// counts it: a count is never lost, nor wrong. stopped says that the
// count is moot (pause then stops it).
func (w *Worker) cover(q Query, pause robots.Pause, stopped func() bool, told func(done, total int)) (*sitemsg.Coverage, error) {
	h, version := w.URLs.view()
	total := h.total()
	helper := w.holding(version, total)
	tell := func(from, times int) func(int) {
		if told == nil {
			return nil
		}
		return func(done int) { told(min(from+times*done, total), total) }
	}
	if helper == nil || stopped() {
		p, err := h.countTold(q, h.whole(), pause, tell(0, 1))
		if err != nil {
			return nil, err
		}
		return h.coverage(q, version, p)
	}
	first, second := h.whole().halves()
	// The helper holds no address list: a log's requests checked by them
	// are this worker's to count, all of them; the helper counts its
	// URLs alone.
	urlsOnly := q.Origins != nil && h.requests.Len() > 0
	if urlsOnly {
		first.requests, second.requests = h.whole().requests, span{}
	}
	answer, seq := w.ask(helper, version, q.Query, urlsOnly)
	start := time.Now()
	// The helper counts its half as this one counts the first: the
	// progress told is twice this one's.
	p0, err := h.countTold(q, first, pause, tell(0, 2))
	if err != nil {
		w.forget(helper, seq)
		return nil, err
	}
	if p1 := w.await(helper, answer, seq, stopped, 2*time.Since(start)+helperWait); p1 != nil && p1.Version == version {
		if c, err := h.coverage(q, version, p0, p1); err == nil {
			c.Helped = true
			return c, nil
		}
	}
	if stopped() {
		return nil, robots.ErrStopped
	}
	p1, err := h.countTold(q, second, pause, tell(first.len(), 1))
	if err != nil {
		return nil, err
	}
	return h.coverage(q, version, p0, p1)
}

// share takes a share of the worker that this one, its helper, is sent
// (body's bytes), in place of the last one, and answers Shared; a share
// that cannot be read is Fatal: the worker then counts alone. A share of
// version -1 has nothing: the helper lets go of the one it holds.
func (w *Worker) share(req sitemsg.Request, body io.Reader) {
	if req.Version < 0 {
		w.URLs.release()
		w.Send(sitemsg.Reply{Kind: sitemsg.Shared, ID: -1}, nil)
		return
	}
	var b []byte
	var err error
	if buf, ok := body.(*bytes.Buffer); ok {
		b = buf.Bytes() // the browser's glue passes the bytes it copied
	} else if body != nil {
		b, err = io.ReadAll(body)
	}
	// The last share goes first, so that its memory is there to take for
	// the next.
	w.URLs.release()
	if err == nil {
		err = w.URLs.Load(b)
	}
	if err != nil {
		w.Send(sitemsg.Reply{Kind: sitemsg.Fatal, Error: "its share could not be read (" + err.Error() + ")"}, nil)
		return
	}
	w.Send(sitemsg.Reply{Kind: sitemsg.Shared, ID: int64(w.URLs.Version())}, nil)
}

// countPart counts the share this worker, a helper, holds for req's
// query, and answers PartCounted, or Failed (another version held, or the
// count stopped by a later one).
func (w *Worker) countPart(req sitemsg.Request) {
	stopped := func() bool { return w.query.Load() != req.ID }
	q, err := w.queryOf(req.Query)
	if err != nil {
		w.Send(sitemsg.Reply{Kind: sitemsg.Failed, ID: req.ID, Error: err.Error()}, nil)
		return
	}
	h, version := w.URLs.view()
	if version != req.Version {
		w.Send(sitemsg.Reply{Kind: sitemsg.Failed, ID: req.ID, Error: fmt.Sprintf("the helper holds version %d, not %d", version, req.Version)}, nil)
		return
	}
	sh := h.whole()
	if req.URLsOnly {
		sh.requests = span{}
	}
	p, err := h.count(q, sh, w.pacer(false, stopped))
	if err != nil {
		w.Send(sitemsg.Reply{Kind: sitemsg.Failed, ID: req.ID, Error: err.Error()}, nil)
		return
	}
	p.Version = version
	b, err := json.Marshal(p)
	if err != nil {
		w.Send(sitemsg.Reply{Kind: sitemsg.Failed, ID: req.ID, Error: err.Error()}, nil)
		return
	}
	w.Send(sitemsg.Reply{Kind: sitemsg.PartCounted, ID: req.ID}, b)
}
