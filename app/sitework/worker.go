package sitework

import (
	"errors"
	"fmt"
	"io"
	"sync"
	"sync/atomic"
	"time"

	"robotstester/app/sitemsg"
	"robotstester/robots"
)

// WorkerSlice is how long the worker's work runs before the worker takes
// the page's messages: it is off the page's thread, so the slices are
// long (a pause costs a task of the worker's own), yet short enough that a
// newer query or a Clear stops a count of a million URLs soon.
const WorkerSlice = 50 * time.Millisecond

// stateEvery is how often the page hears how many URLs are read, while
// a source is: each such message has the page draw again, and the garbage
// of ten a second had the page's Go collect in tasks of 300 to 450 ms
// while a million URLs were read (BenchmarkSiteURLs); two a second, none.
const stateEvery = 500 * time.Millisecond

// progressEvery is how often the page hears how far a count is: a count
// of a million URLs for every crawler takes seconds, and the panel says
// how far it is, at the cost of a redraw each time.
const progressEvery = 400 * time.Millisecond

// Worker answers the page's requests (sitemsg.Request) over the URLs it
// holds. Each request is handled by Handle, in a goroutine of its own in
// the browser: a count can run while a source is read, and a later
// request stops an earlier one at its next pause. Its fields are the
// outside world: the browser's in app/siteworker, fakes in the tests.
//
// Once it holds many URLs (HelperMin), a worker counts them on two cores
// when it can: its Helper (NewHelper), a Worker too, holds a copy of the
// second half of each set and counts it while this one counts the first
// halves (see cover). A helper's requests come from its worker, not the
// page: Share, CountPart, Stop.
type Worker struct {
	URLs SiteURLs
	// Send posts a reply to the page, with data (a piece of an export),
	// when not nil, which Send must copy: the worker reuses it.
	Send func(r sitemsg.Reply, data []byte)
	// Fetch asks the fetch relay at relay for one sitemap, and waits for
	// its answer.
	Fetch func(relay, sitemap string) RelayReply
	// Sleep waits (the relay's 429).
	Sleep func(time.Duration)
	// Yield lets the worker take the page's messages, and gives its other
	// goroutines their turn, once work has run for Slice (0: at each
	// pause); nil: work runs to its end.
	Yield func()
	Slice time.Duration
	// NewHelper, when not nil, starts the worker's Helper, the first time
	// it holds HelperMin URLs; when it is nil, or returns nil, the worker
	// counts alone.
	NewHelper func() Helper
	// Keeper, when not nil, keeps the URLs held for the next visit.
	Keeper Keeper

	// cleared is the ID of the last Clear: a reading of an earlier ID
	// stops. query is the ID of the last Count: an earlier count stops
	// (in a helper, of the last CountPart).
	cleared, query atomic.Int64
	// previewing is the ID of the last Preview: an earlier one stops.
	previewing atomic.Int64
	// reading counts the readings under way: the helper is sent a share
	// once none is.
	reading atomic.Int32
	help    helping
	keeping keeping
	// resumed is closed once the Resume under way has ended (Receive);
	// nil when none was asked for.
	resumeMu sync.Mutex
	resumed  chan struct{}

	// lists are the crawlers' address lists the page gave (Addresses).
	lists addressLists

	mu        sync.Mutex
	lastState time.Time
	files     heldFiles // the last queries' files, parsed
}

// Handle does what req asks, body being a Read's source, and sends the
// replies. It never panics: a panic (a bug, or input the readers did not
// foresee) is sent as the request's failure, and the URLs held stay.
func (w *Worker) Handle(req sitemsg.Request, body io.Reader) {
	defer func() {
		if r := recover(); r != nil {
			why := fmt.Sprintf("the worker failed (%v)", r)
			switch req.Kind {
			case sitemsg.Read, sitemsg.Load:
				w.sendState()
				w.Send(sitemsg.Reply{Kind: sitemsg.Done, ID: req.ID, Status: "The reading stopped: " + why + "."}, nil)
			case sitemsg.Share:
				w.Send(sitemsg.Reply{Kind: sitemsg.Fatal, Error: why}, nil)
			case sitemsg.Preview:
				w.Send(sitemsg.Reply{Kind: sitemsg.Previewed, ID: req.ID, Error: why}, nil)
			case sitemsg.Write:
				w.Send(sitemsg.Reply{Kind: sitemsg.Written, ID: req.ID, Error: why}, nil)
			default:
				w.Send(sitemsg.Reply{Kind: sitemsg.Failed, ID: req.ID, Error: why}, nil)
			}
		}
	}()
	switch req.Kind {
	case sitemsg.Read, sitemsg.Load:
		w.afterResume()
		status := w.whileReading(func() string {
			if req.Kind == sitemsg.Read {
				return w.read(req, body)
			}
			return w.load(req, req.Sitemaps)
		})
		w.sendState()
		w.Send(sitemsg.Reply{Kind: sitemsg.Done, ID: req.ID, Status: status}, nil)
		w.syncKept(req.ID, status)
		w.ship()
	case sitemsg.Resume:
		status := w.resume()
		w.sendState()
		w.Send(sitemsg.Reply{Kind: sitemsg.Done, ID: req.ID, Status: status}, nil)
		w.ship()
	case sitemsg.Count:
		w.count(req)
	case sitemsg.Preview:
		w.preview(req)
	case sitemsg.Write:
		w.Send(Write(req), nil)
	case sitemsg.Export:
		w.export(req)
	case sitemsg.Clear:
		w.cleared.Store(req.ID)
		w.URLs.Clear()
		w.sendState()
		go w.ship()
		go w.syncKept(req.ID, "")
	case sitemsg.Rebase:
		w.URLs.Rebase(req.Text)
		w.sendState()
		go w.ship()
		go w.syncKept(req.ID, "")
	case sitemsg.Restore:
		w.URLs.Restore()
		w.sendState()
		go w.ship()
		go w.syncKept(req.ID, "")
	case sitemsg.Addresses:
		if req.List != nil {
			w.lists.give(*req.List, body)
			// The requests' counts change: a new version has the page
			// count them again, and the helper is sent it.
			w.URLs.touch()
			w.sendState()
			go w.ship()
		}
	case sitemsg.Share:
		w.share(req, body)
	case sitemsg.CountPart:
		w.countPart(req)
	case sitemsg.Stop:
		w.newest(req.ID + 1)
	default:
		w.Send(sitemsg.Reply{Kind: sitemsg.Failed, ID: req.ID, Error: "the worker was asked for " + req.Kind + ", which it does not know"}, nil)
	}
}

// afterResume waits for the Resume under way, if any, to end.
func (w *Worker) afterResume() {
	w.resumeMu.Lock()
	done := w.resumed
	w.resumeMu.Unlock()
	if done != nil {
		<-done
	}
}

// whileReading runs a reading, counted in w.reading.
func (w *Worker) whileReading(read func() string) string {
	w.reading.Add(1)
	defer w.reading.Add(-1)
	return read()
}

// stale reports whether a reading of req's was stopped by a Clear.
func (w *Worker) stale(req sitemsg.Request) bool { return req.ID < w.cleared.Load() }

// pacer returns the pause of a piece of work: it yields once a slice is
// spent, tells the page how many URLs are read when reading (and starts
// the helper once they are many), and stops the work once stopped says
// so.
func (w *Worker) pacer(reading bool, stopped func() bool) robots.Pause {
	last := time.Now()
	return func() bool {
		if w.Yield != nil && time.Since(last) >= w.Slice {
			w.Yield()
			last = time.Now()
		}
		if reading {
			w.mu.Lock()
			due := time.Since(w.lastState) >= stateEvery
			w.mu.Unlock()
			if due {
				w.sendState()
			}
			w.helper(w.URLs.Total())
		}
		return stopped()
	}
}

// sendState tells the page what is held now.
func (w *Worker) sendState() {
	w.mu.Lock()
	w.lastState = time.Now()
	w.mu.Unlock()
	st := w.URLs.State()
	st.Kept = w.Keeper != nil && w.keeping.kept.Load()
	w.Send(sitemsg.Reply{Kind: sitemsg.State, State: &st}, nil)
}

// read reads a dropped or pasted source, then fetches the sitemaps of an
// index through the relay, and returns what to say ("" when all went
// well).
func (w *Worker) read(req sitemsg.Request, body io.Reader) string {
	if body == nil {
		return req.Name + " could not be read: the page sent nothing to read."
	}
	stopped := func() bool { return w.stale(req) }
	src := w.URLs.Begin(req.Name, "list", req.Text)
	w.sendState()
	maps, err := w.URLs.ReadSource(src, body, req.Name, w.pacer(true, stopped))
	w.sendState()
	switch {
	case errors.Is(err, robots.ErrStopped):
		return ""
	case err != nil:
		return req.Name + " could not be read: " + err.Error() + "."
	case len(maps) > 0 && req.Relay != "" && !stopped():
		return w.load(req, maps)
	}
	return ""
}

// load fetches maps through the relay, and returns what to say.
func (w *Worker) load(req sitemsg.Request, maps []string) string {
	stopped := func() bool { return w.stale(req) }
	l := &SitemapLoader{
		URLs:  &w.URLs,
		Fetch: func(sitemap string) RelayReply { return w.Fetch(req.Relay, sitemap) },
		Sleep: w.Sleep,
		Say: func(s string) {
			w.sendState()
			w.Send(sitemsg.Reply{Kind: sitemsg.Status, ID: req.ID, Status: s}, nil)
		},
		Stopped: stopped,
		Pause:   w.pacer(true, stopped),
		Text:    req.Text,
	}
	return l.Load(maps)
}

// queryOf returns q with its file: parsed from its Text, or made by its
// Edit of a file held, which reads again only the lines the edit touched
// (robots.File.Edit). A text held is not parsed again (typing asks for a
// count at each pause; a crawler chosen asks for one of the same file).
// It fails with sitemsg.NeedText when the edit's base is not held.
func (w *Worker) queryOf(q sitemsg.Query) (Query, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if e := q.Edit; e != nil {
		base := w.files.byID(e.Base)
		if base == nil {
			return Query{}, errNeedText
		}
		text, ok := e.Apply(base.Text)
		if !ok {
			return Query{}, errNeedText
		}
		q.Text, q.Edit = text, nil
		f := base.File
		if f.Cut > 0 || e.Start == 0 || text == "" {
			f = robots.ParseString(text) // a file cut at the fetch limit, or its first line, is read whole
		} else {
			f = f.Edit(e.Start, e.End, e.Insert)
		}
		return w.files.hold(Query{File: f, Query: q}), nil
	}
	if held := w.files.byText(q.Text); held != nil {
		return w.files.hold(Query{File: held.File, Query: q}), nil
	}
	return w.files.hold(NewQuery(q)), nil
}

// errNeedText is queryOf's error when an edit's base is not held.
var errNeedText = errors.New(sitemsg.NeedText)

// heldFiles are the worker's last few files, parsed, each with the page's
// number of its text (Query.TextID), which a query's Edit names as its
// base. More than one: the worker handles each request in a goroutine of
// its own, so a count may take its file before the one asked just before.
type heldFiles struct {
	files [3]Query
	next  int
}

// hold keeps q, in place of the oldest held, and returns it.
func (h *heldFiles) hold(q Query) Query {
	h.files[h.next] = q
	h.next = (h.next + 1) % len(h.files)
	return q
}

// byID returns the file held whose text the page numbered id, or nil.
func (h *heldFiles) byID(id int64) *Query {
	for i := range h.files {
		if f := &h.files[i]; id != 0 && f.File != nil && f.TextID == id {
			return f
		}
	}
	return nil
}

// byText returns a file held of text, or nil.
func (h *heldFiles) byText(text string) *Query {
	for i := range h.files {
		if f := &h.files[i]; f.File != nil && f.Text == text {
			return f
		}
	}
	return nil
}

// count counts the URLs held for req's query, with the helper when it
// holds them, and sends the coverage unless a later Count came
// meanwhile; then the helper is sent the URLs held, if it lacks them.
func (w *Worker) count(req sitemsg.Request) {
	w.newest(req.ID)
	stopped := func() bool { return w.query.Load() != req.ID }
	q, err := w.queryOf(req.Query)
	if err != nil {
		w.Send(sitemsg.Reply{Kind: sitemsg.Failed, ID: req.ID, Error: err.Error()}, nil)
		return
	}
	q.Origins, q.Lists = w.lists.atHand()
	var last time.Time
	told := func(done, total int) {
		if time.Since(last) >= progressEvery && !stopped() {
			last = time.Now()
			w.Send(sitemsg.Reply{Kind: sitemsg.Progress, ID: req.ID, Done: done, Total: total}, nil)
		}
	}
	c, err := w.cover(q, w.pacer(false, stopped), stopped, told)
	switch {
	case errors.Is(err, robots.ErrStopped) || stopped():
	case err != nil:
		w.Send(sitemsg.Reply{Kind: sitemsg.Failed, ID: req.ID, Error: err.Error()}, nil)
	default:
		v := ViewOf(c, q)
		w.Send(sitemsg.Reply{Kind: sitemsg.Counted, ID: req.ID, View: &v}, nil)
	}
	w.ship()
}

// preview counts the URLs held under the file shown (req's Text) and the
// file proposed (its query's), in this worker alone and apart from the
// counts (their parsed file and their newest stay theirs), and sends what
// the file proposed changes, worded (Reply.Site), unless a later Preview
// came meanwhile.
func (w *Worker) preview(req sitemsg.Request) {
	stopped := func() bool { return w.previewing.Load() != req.ID }
	shown := req.Query
	shown.Text = req.Text
	from := NewQuery(shown)
	m, urls, err := w.URLs.Preview(from, NewQuery(req.Query), w.pacer(false, stopped))
	switch {
	case errors.Is(err, robots.ErrStopped) || stopped():
	case err != nil:
		w.Send(sitemsg.Reply{Kind: sitemsg.Previewed, ID: req.ID, Error: err.Error()}, nil)
	default:
		w.Send(sitemsg.Reply{Kind: sitemsg.Previewed, ID: req.ID, Total: urls, Site: PreviewNode(m, urls, from.File)}, nil)
	}
}

// Write answers a Write: req's intent written into its Text, and the
// crawlers the intent governs in that file, read as the page reads it
// (robots.ParseString). The page previews and applies the text written;
// the writer is here so that app.wasm does not link it (about 20 KB
// brotli).
func Write(req sitemsg.Request) sitemsg.Reply {
	var in robots.Intent
	if req.Intent != nil {
		in = *req.Intent
	}
	return sitemsg.Reply{Kind: sitemsg.Written, ID: req.ID, Written: robots.WriteIntent(req.Text, in),
		Targets: in.Targets(robots.ParseString(req.Text))}
}

// export sends every URL held, checked for req's query, as CSV, a
// mebibyte at a time.
func (w *Worker) export(req sitemsg.Request) {
	q, err := w.queryOf(req.Query)
	if err == nil {
		q.Origins, q.Lists = w.lists.atHand()
		err = SiteCSV(&w.URLs, q, w.pacer(false, func() bool { return false }), func(b []byte) error {
			w.Send(sitemsg.Reply{Kind: sitemsg.Chunk, ID: req.ID}, b)
			return nil
		})
	}
	if err != nil {
		w.Send(sitemsg.Reply{Kind: sitemsg.Failed, ID: req.ID, Error: err.Error()}, nil)
		return
	}
	w.Send(sitemsg.Reply{Kind: sitemsg.Exported, ID: req.ID}, nil)
}

// Receive takes a request as the page posted it (or, to a helper, its
// worker), from the worker's message handler, which must not block:
// Clear, Rebase and Restore are done at once (they are quick, and a Clear
// must stop the readings before anything else runs), and so are a
// helper's Share and Stop (so that the counts asked next find them); the
// others run in a goroutine each, a Count (a CountPart) being marked the
// newest first so that an older count stops at its next pause.
func (w *Worker) Receive(req sitemsg.Request, body io.Reader) {
	switch req.Kind {
	case sitemsg.Resume:
		// A source given while the URLs kept are read back is read
		// once they are (afterResume): read first, it would stand in
		// their place.
		done := make(chan struct{})
		w.resumeMu.Lock()
		w.resumed = done
		w.resumeMu.Unlock()
		go func() {
			defer close(done)
			w.Handle(req, body)
		}()
		return
	case sitemsg.Clear, sitemsg.Rebase, sitemsg.Restore, sitemsg.Share, sitemsg.Stop:
		w.Handle(req, body)
		return
	case sitemsg.Count, sitemsg.CountPart:
		w.newest(req.ID)
	case sitemsg.Preview:
		w.previewing.Store(req.ID)
	}
	go w.Handle(req, body)
}

// newest notes id as the newest count's.
func (w *Worker) newest(id int64) {
	for {
		if q := w.query.Load(); q >= id || w.query.CompareAndSwap(q, id) {
			return
		}
	}
}
