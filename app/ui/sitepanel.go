package ui

import (
	"errors"
	"io"
	"strings"
	"sync/atomic"
	"time"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"robotstester/app/internal/share"
	"robotstester/app/ui/model"
	"robotstester/robots"
)

// sitePanel is the Tester's side of the site URLs panel (SiteURLsPanel):
// the URLs held, the crawler chosen, the last coverage, and the work
// under way. The URLs are read, and counted, in goroutines that pause
// (pacer), so that no task holds the page: a million URLs are seconds of
// WebAssembly.
type sitePanel struct {
	urls    model.SiteURLs
	crawler string              // as typed; "" is Googlebot
	cov     *model.SiteCoverage // the last coverage worked out

	// gen counts the changes of what is to be counted (the file, the
	// crawler, the URLs): a count whose gen is past stops at its next
	// pause. pending is the query last asked for, and pendingVersion the
	// URLs' version then.
	gen            atomic.Int64
	pending        model.SiteQuery
	pendingVersion int

	// loads is how many readings of URLs are under way; loadGen counts
	// Clears, which stop them. status says what they do.
	loads     int
	loadGen   atomic.Int64
	status    string
	loaded    bool // a reading has ended
	exporting bool
}

// siteCountPause is how long the file must stay unchanged before the
// URLs are counted again: typing restarts the count at each key, and a
// count of a million URLs is seconds long.
const siteCountPause = 150 * time.Millisecond

// sitemapTimeout bounds one sitemap's fetch through the relay: the relay's
// own bound (20 s) and the seconds it takes to end its answer.
const sitemapTimeout = 60 * time.Second

// siteURLs draws the panel.
func (t *Tester) siteURLs() app.UI {
	sp := &t.site
	q := t.siteQuery()
	v := model.SiteViewOf(&sp.urls, sp.cov, q)
	return &SiteURLsPanel{
		View:      v,
		Sitemaps:  t.fileSitemaps(),
		Sources:   sp.urls.Sources(),
		Notes:     sp.urls.Notes(),
		Status:    sp.status,
		Busy:      sp.loads > 0,
		Done:      sp.loads == 0 && sp.loaded && (v.Counted || v.Pages+v.Requests == 0),
		Exporting: sp.exporting,
		Relay:     app.Getenv(RelayEnv) != "",
		onFetch:   t.fetchSitemaps,
		onCrawler: t.setSiteCrawler,
		onFile:    t.readSiteFile,
		onPaste:   t.pasteSiteURLs,
		onExport:  t.exportSite,
		onClear:   t.clearSite,
		onRebase:  t.rebaseSite,
		onReveal:  t.reveal,
	}
}

// siteQuery is what the panel counts now: the file shown, read as the
// tests are, for the panel's crawler.
func (t *Tester) siteQuery() model.SiteQuery {
	return model.SiteQueryFor(t.work.An, &t.work.State, t.site.crawler)
}

// fileSitemaps returns the file's Sitemap: lines.
func (t *Tester) fileSitemaps() []string {
	r := t.work.An.File.Read(robots.Google)
	out := make([]string, len(r.Sitemaps))
	for i, s := range r.Sitemaps {
		out[i] = s.Value
	}
	return out
}

// followSite has the URLs counted again when what they are counted for
// has changed: called wherever the page follows a change (show), and
// when URLs were read or the crawler chosen. The count waits for a pause
// in the typing (siteCountPause), then runs in a goroutine that pauses
// (goPaced), and stops once stale.
func (t *Tester) followSite() {
	sp := &t.site
	if !app.IsClient || sp.loads > 0 || sp.urls.Total() == 0 {
		return
	}
	q, version := t.siteQuery(), sp.urls.Version()
	if c := sp.cov; c != nil && c.Version == version && c.Query.Same(q) {
		return // counted
	}
	if sp.pending == q && sp.pendingVersion == version {
		return // asked for
	}
	sp.pending, sp.pendingVersion = q, version
	gen := sp.gen.Add(1)
	t.own.After(siteCountPause, func(ctx app.Context) {
		ctx.PreventUpdate()
		if sp.gen.Load() != gen {
			return
		}
		// A key being analysed makes the count moot (the file changes):
		// it stops, and the key's show asks for it again.
		stale := func() bool { return sp.gen.Load() != gen || t.pendingText.Load() != nil }
		t.own.Async(func() {
			c, err := sp.urls.Cover(q, sitePacer(stale))
			t.own.Dispatch(func(ctx app.Context) {
				switch {
				case sp.gen.Load() != gen:
				case err != nil:
					sp.pending = model.SiteQuery{} // to be asked for again
				default:
					sp.cov = c
				}
			})
		})
	})
}

// siteSlice is how long the count runs before it gives the browser its
// turn: shorter than the other paced work's (workSlice), since a key typed
// meanwhile waits for the slice under way at each of the steps it takes
// through Go (the editor's event, the analysis, the redraw).
const siteSlice = 8 * time.Millisecond

// sitePacer returns the count's pause: it gives the browser its turn once
// a slice is spent, or at once when the browser has input waiting
// (navigator.scheduling.isInputPending, in Chromium), and stops the count
// once stale says so.
func sitePacer(stale func() bool) robots.Pause {
	last := time.Now()
	pending := inputPending()
	return func() bool {
		if time.Since(last) >= siteSlice || pending() {
			waitForBrowser()
			last = time.Now()
		}
		return stale()
	}
}

// inputPending returns a check of whether the browser has input waiting
// to be handled; natively, or in a browser without the API, one that
// never has.
func inputPending() func() bool {
	never := func() bool { return false }
	if !app.IsClient {
		return never
	}
	sch := app.Window().Get("navigator").Get("scheduling")
	if !sch.Truthy() || !sch.Get("isInputPending").Truthy() {
		return never
	}
	return func() bool { return sch.Call("isInputPending").Bool() }
}

// setSiteCrawler counts for another crawler.
func (t *Tester) setSiteCrawler(ctx app.Context, crawler string) {
	t.site.crawler = strings.TrimSpace(crawler)
	t.followSite()
}

// startLoad notes a reading of URLs begun, and returns the generation it
// belongs to: a Clear stops it.
func (t *Tester) startLoad(status string) int64 {
	sp := &t.site
	sp.loads++
	sp.status = status
	return sp.loadGen.Load()
}

// endLoad notes a reading ended (on the UI goroutine), with what to say,
// and has the URLs counted.
func (t *Tester) endLoad(status string) {
	sp := &t.site
	sp.loads--
	sp.loaded = true
	if status != "" || sp.loads == 0 {
		sp.status = status
	}
	t.followSite()
}

// say shows what a reading does, from its goroutine.
func (t *Tester) say(gen int64, status string) {
	t.own.Dispatch(func(ctx app.Context) {
		if t.site.loadGen.Load() == gen {
			t.site.status = status
		}
	})
}

// fetchSitemaps fetches the sitemaps of the file's Sitemap: lines through
// the relay, and those of the indexes among them.
func (t *Tester) fetchSitemaps(ctx app.Context) {
	t.takePending(ctx)
	maps := t.fileSitemaps()
	switch {
	case len(maps) == 0:
		t.site.status = "Your robots.txt has no Sitemap: line: add one, or drop a sitemap here."
		return
	case app.Getenv(RelayEnv) == "":
		t.site.status = "This site has no fetch relay to fetch sitemaps through: download them and drop them here, or count them with the command line: robotstxt check --sitemap " + maps[0] + " --summary robots.txt"
		return
	}
	t.loadSitemaps(maps)
}

// loadSitemaps fetches sitemaps through the relay (model.SitemapLoader:
// indexes followed, the relay's 429s waited out) in a goroutine, which
// waits for each answer while the page keeps its thread.
func (t *Tester) loadSitemaps(maps []string) {
	relay := app.Getenv(RelayEnv)
	sp := &t.site
	gen := t.startLoad("Fetching " + plural(len(maps), "sitemap", "sitemaps") + "…")
	l := &model.SitemapLoader{
		URLs:    &sp.urls,
		Fetch:   func(sitemap string) model.RelayReply { return relaySync(relay, sitemap) },
		Sleep:   time.Sleep,
		Say:     func(s string) { t.say(gen, s) },
		Stopped: func() bool { return sp.loadGen.Load() != gen },
		File:    t.work.An.File,
		Text:    t.work.State.Robots,
	}
	t.own.Async(func() {
		l.Pause = pacer()
		status := l.Load(maps)
		t.own.Dispatch(func(ctx app.Context) {
			if sp.loadGen.Load() == gen {
				t.endLoad(status)
			} else {
				sp.loads--
			}
		})
	})
}

// relaySync asks the relay for one sitemap and waits for its answer: for
// a goroutine, which leaves the page its thread while it waits.
func relaySync(relay, sitemap string) model.RelayReply {
	ch := make(chan relayReply, 1)
	relayGet(relay, "sitemap", sitemap, sitemapTimeout, func(r relayReply) { ch <- r })
	r := <-ch
	out := model.RelayReply{Status: r.status, RetryAfter: r.retryAfter, Text: r.text, NoRelay: errors.Is(r.err, errNoRelay)}
	if r.err != nil && !out.NoRelay {
		out.Err = errors.New(plainError(r.err))
	}
	return out
}

// readSiteFile reads a file dropped on the panel, or chosen: a sitemap
// (gzip or not), a list, a crawler's CSV export or an access log, in
// pieces (blobReader), so that a log of hundreds of megabytes is never
// held whole. An index's sitemaps are then fetched through the relay.
func (t *Tester) readSiteFile(ctx app.Context, file app.Value) {
	name := file.Get("name").String()
	t.readSite(name, &blobReader{file: file, size: file.Get("size").Int()})
}

// pasteSiteURLs reads what was pasted into the panel's textarea.
func (t *Tester) pasteSiteURLs(ctx app.Context, text string) {
	if strings.TrimSpace(text) == "" {
		return
	}
	clearField(SiteURLsPasteID)
	t.readSite("pasted text", strings.NewReader(text))
}

// readSite reads a source into the panel, in a goroutine that pauses.
func (t *Tester) readSite(name string, r io.Reader) {
	t.takePending(t.own)
	sp := &t.site
	file, text := t.work.An.File, t.work.State.Robots
	gen := t.startLoad("Reading " + name + "…")
	src := sp.urls.Begin(name, "list", file, text)
	t.own.Async(func() {
		maps, err := sp.urls.ReadSource(src, r, name, pacer())
		t.own.Dispatch(func(ctx app.Context) {
			if sp.loadGen.Load() != gen {
				sp.loads--
				return
			}
			status := ""
			if err != nil {
				status = name + " could not be read: " + plainError(err) + "."
			}
			t.endLoad(status)
			if len(maps) > 0 && app.Getenv(RelayEnv) != "" {
				t.loadSitemaps(maps)
			}
		})
	})
}

// clearSite drops the URLs, and stops what reads or counts them.
func (t *Tester) clearSite(ctx app.Context) {
	sp := &t.site
	sp.loadGen.Add(1)
	sp.gen.Add(1)
	sp.urls.Clear()
	sp.cov, sp.status, sp.loaded = nil, "", false
	sp.pending = model.SiteQuery{}
}

// rebaseSite compares later edits with the file shown now.
func (t *Tester) rebaseSite(ctx app.Context) {
	t.takePending(ctx)
	t.site.urls.Rebase(t.work.An.File, t.work.State.Robots)
	t.followSite()
}

// exportSite downloads every URL with its verdict and deciding line, as
// CSV, made in a goroutine that pauses and handed to the page a mebibyte
// at a time.
func (t *Tester) exportSite(ctx app.Context) {
	t.takePending(ctx)
	sp := &t.site
	q := t.siteQuery()
	parts, err := newBlobParts()
	if err != nil {
		t.fileFailed(ctx, "The export failed", err)
		return
	}
	sp.exporting = true
	t.own.Async(func() {
		err := share.SiteCSV(&sp.urls, q, pacer(), parts.push)
		if err == nil {
			err = parts.save("robots-site-urls.csv", "text/csv")
		}
		t.own.Dispatch(func(ctx app.Context) {
			sp.exporting = false
			if err != nil {
				t.fileFailed(ctx, "The export failed", err)
			}
		})
	})
}

// plural returns n and the noun that goes with it, n's digits grouped.
func plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return model.Grouped(n) + " " + many
}

// blobChunk is how much of a file the panel reads at once.
const blobChunk = 1 << 20

// blobReader reads a File the user dropped or chose, a piece at a time
// (Blob.slice, arrayBuffer): for a goroutine, which waits for each piece
// while the page keeps its thread.
type blobReader struct {
	file      app.Value
	off, size int
	buf, rest []byte
}

// Read reads the next bytes of the file.
func (r *blobReader) Read(p []byte) (int, error) {
	if len(r.rest) == 0 {
		if r.off >= r.size {
			return 0, io.EOF
		}
		end := min(r.off+blobChunk, r.size)
		type piece struct {
			n   int
			err error
		}
		ch := make(chan piece, 1)
		var pr app.Value
		if err := jsTry(func() { pr = r.file.Call("slice", r.off, end).Call("arrayBuffer") }); err != nil {
			return 0, err
		}
		if r.buf == nil {
			r.buf = make([]byte, blobChunk)
		}
		await(pr, func(v app.Value) {
			u8 := app.Window().Get("Uint8Array").New(v)
			ch <- piece{n: app.CopyBytesToGo(r.buf, u8)}
		}, func(err error) { ch <- piece{err: err} })
		got := <-ch
		if got.err != nil {
			return 0, got.err
		}
		r.off = end
		r.rest = r.buf[:got.n]
	}
	n := copy(p, r.rest)
	r.rest = r.rest[n:]
	return n, nil
}
