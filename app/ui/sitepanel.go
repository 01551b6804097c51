package ui

import (
	"errors"
	"strings"
	"time"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"robotstester/app/model"
	"robotstester/app/sitemsg"
	"robotstester/app/ui/dom"
)

// sitePanel is the Tester's side of the site URLs panel (SiteURLsPanel).
// The URLs themselves are read, held and counted in a Web Worker with a
// WebAssembly of its own (siteWorker, app/sitework), started when the
// panel is first opened: the page holds only what the worker says it
// holds, the crawler chosen, and the last coverage the worker sent.
type sitePanel struct {
	worker  *dom.SiteWorker   // nil until the panel is opened, or after it failed
	held    sitemsg.URLsState // what the worker holds, as it last said
	crawler string            // as typed; "" is Googlebot
	cov     *model.SiteCoverage
	// notes are cov's notes by line, for the editor (siteNotes).
	notes map[int]string

	// seq numbers the counts and exports asked of the worker: a reply
	// carries its request's number, and one of an older count is stale.
	// pending is the query last asked for, and pendingVersion the URLs'
	// version then; asked is the count under way, asking its query.
	seq            int64
	pending        model.SiteQuery
	pendingVersion int
	asked          int64
	asking         model.SiteQuery

	// loads is how many readings of URLs are under way; loadGen counts
	// Clears, which stop them. status says what they do.
	loads   int
	loadGen int64
	status  string
	loaded  bool // a reading has ended
	// pasted is the text pasted and sent to the worker: it leaves the
	// field once the worker has read it, not before (a worker that fails
	// meanwhile leaves it to the user).
	pasted string

	exporting bool
	exportID  int64
	export    dom.BlobParts

	// keptFlag is siteKeptKey's value as this page last read or wrote it
	// (flagRead: it was read); resuming, a Resume is under way.
	keptFlag           string
	flagRead, resuming bool
}

// siteKeptKey is the page's note, in localStorage, that the worker kept
// URLs for the next visit ("1"; "" or none when it did not): the page
// starts the worker at its start to read them back only then, so that a
// visit that never used the panel never fetches its WebAssembly.
const siteKeptKey = "robots-tester:site-kept"

// siteCountPause is how long the file must stay unchanged before the
// URLs are counted again: the worker stops a count once a newer one is
// asked for, but each key asking for one would keep it busy for nothing.
const siteCountPause = 150 * time.Millisecond

// siteURLs draws the panel.
func (t *Tester) siteURLs() app.UI {
	sp := &t.site
	q := t.siteQuery()
	v := model.SiteViewOf(&sp.held, sp.cov, q, sp.loads > 0)
	return &SiteURLsPanel{
		View:      v,
		Sitemaps:  t.work.An.SitemapURLs(),
		List:      sp.held.List,
		Status:    sp.status,
		Busy:      sp.loads > 0,
		Done:      sp.loads == 0 && sp.loaded && (v.Counted || v.Pages+v.Requests == 0),
		Exporting: sp.exporting,
		Relay:     app.Getenv(RelayEnv) != "",
		Kept:      sp.held.Kept,
		Sources:   len(sp.held.Sources),

		OnAction:     t.siteAction,
		OnRevealLine: t.revealLineButton,
	}
}

// siteAction does what the user asked of the panel.
func (t *Tester) siteAction(ctx app.Context, a SiteAction) {
	switch a.Kind {
	case SiteFetch:
		t.fetchSitemaps(ctx)
	case SiteExport:
		t.exportSite(ctx)
	case SiteClear:
		t.clearSite(ctx)
	case SiteUndo:
		t.restoreSite()
	case SiteAdd:
		t.pasteSiteURLs(ctx, a.Text)
	case SiteRebase:
		t.rebaseSite(ctx)
	case SiteCrawler:
		t.setSiteCrawler(ctx, a.Text)
	case SiteFile:
		t.readSiteFile(ctx, a.File)
	}
}

// siteNotes returns what each line decides over the site's URLs, for the
// editor to show after it: none while the counts shown are of another
// file than the editor's (its lines may have moved), other URLs or
// another crawler.
func (t *Tester) siteNotes() map[int]string {
	sp := &t.site
	if c := sp.cov; c == nil || c.Version != sp.held.Version || !c.Query.Same(t.siteQuery()) {
		return nil
	}
	return sp.notes
}

// siteQuery is what the panel counts now: the file shown, read as the
// tests are, for the panel's crawler.
func (t *Tester) siteQuery() model.SiteQuery {
	return model.SiteQueryFor(t.work.An, &t.work.State, t.site.crawler)
}

// followSite has the URLs counted again when what they are counted for
// has changed: called wherever the page follows a change (show), and
// when the worker holds other URLs or the crawler is chosen. The count
// waits for a pause in the typing (siteCountPause); the worker then
// counts, off the page's thread.
func (t *Tester) followSite() {
	sp := &t.site
	if !app.IsClient || sp.worker == nil || sp.loads > 0 || sp.held.Pages+sp.held.Requests == 0 {
		return
	}
	q, version := t.siteQuery(), sp.held.Version
	if c := sp.cov; c != nil && c.Version == version && c.Query.Same(q) {
		return // counted
	}
	if sp.pending == q && sp.pendingVersion == version {
		return // asked for
	}
	sp.pending, sp.pendingVersion = q, version
	sp.seq++
	id := sp.seq
	sp.asked = id
	t.own.After(siteCountPause, func(ctx app.Context) {
		ctx.PreventUpdate()
		if sp.asked != id || sp.worker == nil {
			return
		}
		sp.asking = q
		sp.worker.Post(sitemsg.Request{Kind: sitemsg.Count, ID: id, Query: q.Msg()}, nil)
	})
}

// siteReply takes a reply of the worker, on the UI goroutine.
func (t *Tester) siteReply(ctx app.Context, r sitemsg.Reply, data app.Value) {
	sp := &t.site
	switch r.Kind {
	case sitemsg.State:
		if r.State != nil {
			flag := ""
			if r.State.Kept {
				flag = "1"
			}
			t.setKeptFlag(flag)
			sp.held = *r.State
		}
		t.followSite()
	case sitemsg.Status:
		if r.ID == sp.loadGen {
			sp.status = r.Status
		}
	case sitemsg.Done:
		sp.loads = max(sp.loads-1, 0)
		sp.resuming = false
		if sp.pasted != "" {
			if el := dom.Element(SiteURLsPasteID); el.Truthy() && el.Get("value").String() == sp.pasted {
				dom.ClearField(SiteURLsPasteID)
			}
			sp.pasted = ""
		}
		if r.ID == sp.loadGen {
			t.endLoad(r.Status)
		}
	case sitemsg.Counted:
		if r.ID == sp.asked && r.View != nil {
			sp.cov = &model.SiteCoverage{Query: sp.asking, View: *r.View}
			sp.notes = nil
			for _, n := range r.View.Notes {
				if sp.notes == nil {
					sp.notes = map[int]string{}
				}
				sp.notes[n.Line] = n.Text
			}
			t.showInEditor(ctx, false)
		}
	case sitemsg.Chunk:
		if r.ID == sp.exportID && sp.exporting && data.Truthy() {
			sp.export.PushJS(data)
		}
	case sitemsg.Exported:
		if r.ID == sp.exportID && sp.exporting {
			sp.exporting = false
			if err := sp.export.Save("robots-site-urls.csv", "text/csv"); err != nil {
				t.fileFailed(ctx, "The export failed", err)
			}
			sp.export = dom.BlobParts{}
		}
	case sitemsg.Failed:
		switch r.ID {
		case sp.exportID:
			if sp.exporting {
				sp.exporting, sp.export = false, dom.BlobParts{}
				t.fileFailed(ctx, "The export failed", errors.New(r.Error))
			}
		case sp.asked:
			sp.pending = model.SiteQuery{} // to be asked for again
			sp.status = "The URLs could not be counted: " + r.Error + "."
		}
	case sitemsg.Fatal:
		if sp.resuming {
			// Reading them back ended the worker (its memory, say): the
			// next start must not try again, and fail again.
			t.setKeptFlag("")
			r.Error += ", while it read back the URLs kept from your last visit: they are no longer read back"
		}
		t.siteWorkerFailed(r.Error)
	}
}

// startSiteWorker starts the panel's worker, unless it runs: when the
// panel is opened, so that its WebAssembly is there by the time a source
// is given, and before each use, in case it failed since. It reports
// whether the worker runs.
func (t *Tester) startSiteWorker() bool {
	sp := &t.site
	if sp.worker != nil {
		return true
	}
	if !app.IsClient {
		return false
	}
	w, err := dom.NewSiteWorker(t.own, t.siteReply, t.siteWorkerFailed)
	if err != nil {
		t.siteWorkerFailed(strings.TrimPrefix(err.Error(), "JavaScript error: "))
		return false
	}
	sp.worker = w
	// What the last visit (or a worker that failed) kept is read back
	// first: a source given now is read after it, beside it.
	if !t.page.embed.On && t.keptFlag() == "1" {
		sp.resuming = true
		t.startLoad("Reading back the URLs kept from your last visit…", sitemsg.Request{Kind: sitemsg.Resume}, nil)
	}
	return true
}

// keptFlag returns siteKeptKey's value, read once.
func (t *Tester) keptFlag() string {
	sp := &t.site
	if !sp.flagRead {
		sp.keptFlag, _, _ = dom.StorageGet(siteKeptKey)
		sp.flagRead = true
	}
	return sp.keptFlag
}

// setKeptFlag notes in localStorage whether the worker keeps URLs for
// the next visit, when that changed (storage denied: no resume then,
// and nothing else is lost).
func (t *Tester) setKeptFlag(flag string) {
	if t.keptFlag() != flag {
		t.site.keptFlag = flag
		dom.StorageSet(siteKeptKey, flag)
	}
}

// siteWorkerFailed says that the worker could not start, or stopped:
// what it held is lost, nothing else is (the file and the tests are the
// page's), and the next use starts a new worker.
func (t *Tester) siteWorkerFailed(why string) {
	sp := &t.site
	if sp.worker != nil {
		sp.worker.Stop()
		sp.worker = nil
	}
	lost := ""
	switch {
	case t.keptFlag() == "1":
		lost = " The URLs it held are kept in this browser: they are read back when the panel starts again."
	case sp.held.Pages+sp.held.Requests > 0:
		lost = " The URLs it held are lost: add them again."
	}
	sp.held, sp.cov, sp.loads, sp.loaded, sp.resuming = sitemsg.URLsState{}, nil, 0, false, false
	sp.pending, sp.asked = model.SiteQuery{}, 0
	sp.loadGen++
	if sp.exporting {
		sp.exporting, sp.export = false, dom.BlobParts{}
	}
	if why == "" {
		why = "it stopped"
	}
	sp.status = "The panel's worker, which reads and counts the URLs apart from the page, failed: " + why + "." + lost +
		" Your robots.txt and your tests are untouched; the command line counts any number of URLs: robotstxt check --sitemap SOURCE --summary robots.txt"
}

// setSiteCrawler counts for another crawler.
func (t *Tester) setSiteCrawler(ctx app.Context, crawler string) {
	t.site.crawler = strings.TrimSpace(crawler)
	t.followSite()
}

// startLoad asks the worker for a reading of URLs, with what to say
// meanwhile; false when the worker does not run.
func (t *Tester) startLoad(status string, req sitemsg.Request, body any) bool {
	sp := &t.site
	if !t.startSiteWorker() {
		return false
	}
	req.ID, req.Text = sp.loadGen, t.work.State.Robots
	if relay := app.Getenv(RelayEnv); relay != "" {
		req.Relay = dom.AbsoluteURL(relay)
	}
	sp.worker.Post(req, body)
	sp.loads++
	sp.status = status
	return true
}

// endLoad notes a reading ended, with what to say, and has the URLs
// counted.
func (t *Tester) endLoad(status string) {
	sp := &t.site
	sp.loaded = true
	if status != "" || sp.loads == 0 {
		sp.status = status
	}
	t.followSite()
}

// resumeSite starts the panel's worker when the page is live, if it kept
// URLs at the last visit (siteKeptKey), which it then reads back
// (startSiteWorker). The embed mode opens no saved work.
func (t *Tester) resumeSite() {
	if !t.page.embed.On && t.keptFlag() == "1" {
		t.startSiteWorker()
	}
}

// fetchSitemaps has the worker fetch the sitemaps of the file's Sitemap:
// lines through the relay, and those of the indexes among them.
func (t *Tester) fetchSitemaps(ctx app.Context) {
	t.takePending(ctx)
	maps := t.work.An.SitemapURLs()
	switch {
	case len(maps) == 0:
		t.site.status = "Your robots.txt has no Sitemap: line: add one, or drop a sitemap here."
		return
	case app.Getenv(RelayEnv) == "":
		t.site.status = "This site has no fetch relay to fetch sitemaps through: download them and drop them here, or count them with the command line: robotstxt check --sitemap " + maps[0] + " --summary robots.txt"
		return
	}
	t.startLoad("Fetching "+model.Plural(len(maps), "sitemap", "sitemaps")+"…", sitemsg.Request{Kind: sitemsg.Load, Sitemaps: maps}, nil)
}

// readSiteFile has the worker read a file dropped on the panel, or
// chosen: a sitemap (gzip or not), a list, a crawler's CSV export or an
// access log. The File itself goes to the worker, which reads it a piece
// at a time: a log of hundreds of megabytes never passes through the page.
func (t *Tester) readSiteFile(ctx app.Context, file app.Value) {
	t.takePending(ctx)
	name := file.Get("name").String()
	t.startLoad("Reading "+name+"…", sitemsg.Request{Kind: sitemsg.Read, Name: name}, file)
}

// pasteSiteURLs has the worker read what was pasted into the panel's
// textarea.
func (t *Tester) pasteSiteURLs(ctx app.Context, text string) {
	if strings.TrimSpace(text) == "" {
		return
	}
	t.takePending(ctx)
	if t.startLoad("Reading pasted text…", sitemsg.Request{Kind: sitemsg.Read, Name: "pasted text"}, text) {
		t.site.pasted = text
	}
}

// clearSite drops the URLs, and stops what reads or counts them.
func (t *Tester) clearSite(ctx app.Context) {
	sp := &t.site
	sp.loadGen++
	sp.seq++
	sp.asked = 0
	if sp.worker != nil {
		sp.worker.Post(sitemsg.Request{Kind: sitemsg.Clear, ID: sp.loadGen}, nil)
	}
	sp.held = sitemsg.URLsState{Version: sp.held.Version + 1}
	sp.cov, sp.status, sp.loaded = nil, "", false
	sp.pending = model.SiteQuery{}
}

// restoreSite has the worker put back the URLs the last Clear dropped.
func (t *Tester) restoreSite() {
	if w := t.site.worker; w != nil {
		w.Post(sitemsg.Request{Kind: sitemsg.Restore}, nil)
	}
}

// rebaseSite compares later edits with the file shown now.
func (t *Tester) rebaseSite(ctx app.Context) {
	t.takePending(ctx)
	if t.site.worker != nil {
		t.site.worker.Post(sitemsg.Request{Kind: sitemsg.Rebase, Text: t.work.State.Robots}, nil)
	}
}

// exportSite downloads every URL with its verdict and deciding line, as
// CSV, which the worker makes and hands over a mebibyte at a time, kept
// in the page's JavaScript memory until it is saved.
func (t *Tester) exportSite(ctx app.Context) {
	t.takePending(ctx)
	sp := &t.site
	if sp.worker == nil {
		return
	}
	parts, err := dom.NewBlobParts()
	if err != nil {
		t.fileFailed(ctx, "The export failed", err)
		return
	}
	sp.seq++
	sp.exportID, sp.export, sp.exporting = sp.seq, parts, true
	sp.worker.Post(sitemsg.Request{Kind: sitemsg.Export, ID: sp.exportID, Query: t.siteQuery().Msg()}, nil)
}
