package ui

import (
	"errors"
	"strconv"
	"strings"
	"time"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"robotstester/app/internal/byintent"
	"robotstester/app/internal/effect"
	"robotstester/app/model"
	"robotstester/app/sitemsg"
	"robotstester/app/ui/dom"
	"robotstester/app/ui/widget"
)

// sitePanel is the site URLs panel (SiteURLsPanel) with all that it
// knows and does: the page draws it in its place (view), hands it the
// user's actions (act) and has it follow the file (follow), and reaches
// nothing else of it. The URLs themselves are read, held and counted in a
// Web Worker with a WebAssembly of its own (dom.SiteWorker, app/sitework),
// started when the panel is first opened: the panel holds only what the
// worker says it holds, the crawler chosen, and the last coverage the
// worker sent. Of the page it knows only what it is given (sitePage).
type sitePanel struct {
	page sitePage
	// to takes the answers meant for Rules by intent (byintent): the
	// Tester.
	to widget.Sender

	worker  *dom.SiteWorker   // nil until the panel is opened, or after it failed
	held    sitemsg.URLsState // what the worker holds, as it last said
	crawler string            // as typed; "" is Googlebot
	cov     *model.SiteCoverage
	// notes are cov's notes by line, for the editor (lineNotes).
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
	// counting is how far the count asked is, as the worker last said:
	// URLs and requests counted, of how many; zero before it says.
	counting [2]int
	// countAt is the count's wait for a pause in the typing, and
	// previewAt the preview's: each one Go timer, pushed back at each key
	// (a timer a key woke Go once a key).
	countAt, previewAt deadline
	// sent is the file's texts as the worker was given them: a count's
	// file goes as an edit of the last (sitemsg.Sent).
	sent sitemsg.Sent

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
	// queued are the files dropped or chosen that are yet to be read,
	// in order; fileReading, one of them is being read.
	queued      []app.Value
	fileReading bool

	exporting bool
	exportID  int64
	export    dom.BlobParts

	// previewID is the last Preview asked of the worker, whose counts go
	// to Rules by intent as its count previewFor (byintent.SiteCounted).
	previewID  int64
	previewFor int
	// writeID is the last Write asked of the worker, which goes to Rules
	// by intent as its write writing (byintent.Wrote), 0 once answered;
	// failure is why the worker last failed.
	writeID int64
	writing int
	failure string

	// flag is siteKeptKey's value as this page last read or wrote it
	// (flagRead: it was read); resuming, a Resume is under way.
	flag               string
	flagRead, resuming bool
}

// sitePage is what the site URLs panel needs of the page it is drawn in,
// given by the page (Tester.OnInit): the panel reaches no further, so that
// what it changes is its own.
type sitePage struct {
	// analysis and state are the file shown and what the user chose: the
	// panel counts for them, and fetches the sitemaps the file names.
	analysis func() *model.Analysis
	state    func() *model.State
	// own is the page's own context: the count's timer and the worker's
	// replies outlive the handler that asked for them.
	own func() app.Context
	// settle has the analysis of the text typed made now, before an
	// action that reads the file.
	settle func(app.Context)
	// showNotes has the editor draw its lines in view again, with what
	// each decides over the URLs counted (lineNotes).
	showNotes func(app.Context)
	// failed says that a file could not be written (the export).
	failed func(ctx app.Context, what string, err error)
	// embedded: the page is in its embed mode, which opens no saved work.
	embedded func() bool
	// reveal is the click of a "line N" button.
	reveal app.EventHandler
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

// view draws the panel.
func (sp *sitePanel) view() app.UI {
	q := sp.query()
	v := model.SiteViewOf(&sp.held, sp.cov, q, sp.loads > 0)
	return &SiteURLsPanel{
		View:      v,
		Sitemaps:  sp.page.analysis().SitemapURLs(),
		List:      sp.held.List,
		Status:    sp.status,
		Busy:      sp.loads > 0,
		Done:      sp.loads == 0 && sp.loaded && (v.Counted || v.Pages+v.Requests == 0),
		Exporting: sp.exporting,
		Relay:     app.Getenv(RelayEnv) != "",
		Kept:      sp.held.Kept,
		Sources:   len(sp.held.Sources),
		Repeats:   repeatsOf(sp.held.Sources),
		Counting:  sp.counting,

		OnAction:     sp.act,
		OnRevealLine: sp.page.reveal,
	}
}

// repeatsOf counts the URLs the sources gave that were held already.
func repeatsOf(sources []sitemsg.Source) int {
	n := 0
	for _, s := range sources {
		n += s.Repeats
	}
	return n
}

// act does what the user asked of the panel.
func (sp *sitePanel) act(ctx app.Context, a SiteAction) {
	switch a.Kind {
	case SiteFetch:
		sp.fetchSitemaps(ctx)
	case SiteExport:
		sp.exportCSV(ctx)
	case SiteClear:
		sp.clear(ctx)
	case SiteUndo:
		sp.restore()
	case SiteAdd:
		sp.paste(ctx, a.Text)
	case SiteRebase:
		sp.rebase(ctx)
	case SiteCrawler:
		sp.setCrawler(ctx, a.Text)
	case SiteFile:
		sp.readFiles(ctx, a.Files)
	}
}

// lineNotes returns what each line decides over the site's URLs, for the
// editor to show after it: none while the counts shown are of another
// file than the editor's (its lines may have moved), other URLs or
// another crawler.
func (sp *sitePanel) lineNotes() map[int]string {
	if c := sp.cov; c == nil || c.Version != sp.held.Version || !c.Query.Same(sp.query()) {
		return nil
	}
	return sp.notes
}

// query is what the panel counts now: the file shown, read as the
// tests are, for the panel's crawler.
func (sp *sitePanel) query() model.SiteQuery {
	return model.SiteQueryFor(sp.page.analysis(), sp.page.state(), sp.crawler)
}

// follow has the URLs counted again when what they are counted for
// has changed: called wherever the page follows a change (show), and
// when the worker holds other URLs or the crawler is chosen. The count
// waits for a pause in the typing (siteCountPause); the worker then
// counts, off the page's thread.
func (sp *sitePanel) follow() {
	if !app.IsClient || sp.worker == nil || sp.loads > 0 || sp.held.Pages+sp.held.Requests == 0 {
		return
	}
	q, version := sp.query(), sp.held.Version
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
	sp.counting = [2]int{}
	own := sp.page.own()
	sp.countAt.set(siteCountPause, func() {
		own.Dispatch(func(ctx app.Context) {
			ctx.PreventUpdate()
			if sp.asked != id || sp.worker == nil {
				return
			}
			sp.asking = q
			sp.worker.Post(sitemsg.Request{Kind: sitemsg.Count, ID: id, Query: sp.sent.Give(q.Msg())}, nil)
		})
	})
}

// reply takes a reply of the worker, on the UI goroutine.
func (sp *sitePanel) reply(ctx app.Context, r sitemsg.Reply, data app.Value) {
	switch r.Kind {
	case sitemsg.State:
		if r.State != nil {
			flag := ""
			if r.State.Kept {
				flag = "1"
			}
			sp.setKeptFlag(flag)
			sp.held = *r.State
		}
		sp.follow()
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
			if sp.fileReading && sp.loads == 0 {
				// The next file of a drop, once the last is read: and
				// every other reading (the URLs kept read back first, a
				// paste), so that none runs beside it.
				sp.fileReading = false
				sp.readNext()
			}
			sp.endLoad(r.Status)
		}
	case sitemsg.Progress:
		if r.ID != sp.asked {
			ctx.PreventUpdate()
			break
		}
		drawn := sp.counting[1] > 0
		sp.counting = [2]int{r.Done, r.Total}
		// Once drawn, the progress is moved in place: a few messages a
		// second during a count need not redraw the page, whose every
		// redraw is a task of the page's thread.
		if el := dom.Element(SiteURLsProgressID); drawn && el.Truthy() {
			el.Call("setAttribute", "data-done", strconv.Itoa(r.Done))
			el.Call("querySelector", "progress").Set("value", r.Done)
			el.Call("querySelector", "span").Set("textContent", progressText(r.Done, r.Total))
			ctx.PreventUpdate()
		}
	case sitemsg.Counted:
		if r.ID == sp.asked {
			sp.counting = [2]int{}
		}
		if r.ID == sp.asked && r.View != nil {
			sp.cov = &model.SiteCoverage{Query: sp.asking, View: *r.View}
			sp.notes = nil
			for _, n := range r.View.Notes {
				if sp.notes == nil {
					sp.notes = map[int]string{}
				}
				sp.notes[n.Line] = n.Text
			}
			sp.page.showNotes(ctx)
		}
	case sitemsg.Chunk:
		if r.ID == sp.exportID && sp.exporting && data.Truthy() {
			sp.export.PushJS(data)
		}
	case sitemsg.Exported:
		if r.ID == sp.exportID && sp.exporting {
			sp.exporting = false
			if err := sp.export.Save("robots-site-urls.csv", "text/csv"); err != nil {
				sp.page.failed(ctx, "The export failed", err)
			}
			sp.export = dom.BlobParts{}
		}
	case sitemsg.Failed:
		switch r.ID {
		case sp.exportID:
			if sp.exporting && r.Error == sitemsg.NeedText {
				sp.sent.Forget()
				sp.postExport()
				break
			}
			if sp.exporting {
				sp.exporting, sp.export = false, dom.BlobParts{}
				sp.page.failed(ctx, "The export failed", errors.New(r.Error))
			}
		case sp.asked:
			sp.pending = model.SiteQuery{} // to be asked for again
			if r.Error == sitemsg.NeedText {
				// The worker holds none of the texts the file's edit
				// could be made to: the file goes whole.
				sp.sent.Forget()
				sp.follow()
				break
			}
			sp.status = "The URLs could not be counted: " + r.Error + "."
		}
	case sitemsg.Previewed:
		if r.ID == sp.previewID && sp.previewFor != 0 {
			sp.to.Send(ctx, byintent.SiteCounted{ID: sp.previewFor, Asked: true, Node: r.Site, URLs: r.Total, Failed: r.Error})
		}
	case sitemsg.Written:
		if id := sp.writing; r.ID == sp.writeID && id != 0 {
			sp.writing = 0
			sp.to.Send(ctx, byintent.Wrote{ID: id, Text: r.Written, Targets: r.Targets, Failed: r.Error})
		}
	case sitemsg.Fatal:
		if sp.resuming {
			// Reading them back ended the worker (its memory, say): the
			// next start must not try again, and fail again.
			sp.setKeptFlag("")
			r.Error += ", while it read back the URLs kept from your last visit: they are no longer read back"
		}
		sp.workerFailed(r.Error)
	}
}

// start starts the panel's worker, unless it runs: when the
// panel is opened, so that its WebAssembly is there by the time a source
// is given, and before each use, in case it failed since. It reports
// whether the worker runs.
func (sp *sitePanel) start() bool {
	if sp.worker != nil {
		return true
	}
	if !app.IsClient {
		return false
	}
	w, err := dom.NewSiteWorker(sp.page.own(), sp.reply, sp.workerFailed)
	if err != nil {
		sp.workerFailed(strings.TrimPrefix(err.Error(), "JavaScript error: "))
		return false
	}
	sp.worker = w
	sp.sent.Forget() // a new worker holds no text
	// What the last visit (or a worker that failed) kept is read back
	// first: a source given now is read after it, beside it.
	if !sp.page.embedded() && sp.keptFlag() == "1" {
		sp.resuming = true
		sp.startLoad("Reading back the URLs kept from your last visit…", sitemsg.Request{Kind: sitemsg.Resume}, nil)
	}
	return true
}

// keptFlag returns siteKeptKey's value, read once.
func (sp *sitePanel) keptFlag() string {
	if !sp.flagRead {
		sp.flag, _, _ = dom.StorageGet(siteKeptKey)
		sp.flagRead = true
	}
	return sp.flag
}

// setKeptFlag notes in localStorage whether the worker keeps URLs for
// the next visit, when that changed (storage denied: no resume then,
// and nothing else is lost).
func (sp *sitePanel) setKeptFlag(flag string) {
	if sp.keptFlag() != flag {
		sp.flag = flag
		dom.StorageSet(siteKeptKey, flag)
	}
}

// workerFailed says that the worker could not start, or stopped:
// what it held is lost, nothing else is (the file and the tests are the
// page's), and the next use starts a new worker.
func (sp *sitePanel) workerFailed(why string) {
	if sp.worker != nil {
		sp.worker.Stop()
		sp.worker = nil
	}
	lost := ""
	switch {
	case sp.keptFlag() == "1":
		lost = " The URLs it held are kept in this browser: they are read back when the panel starts again."
	case sp.held.Pages+sp.held.Requests > 0:
		lost = " The URLs it held are lost: add them again."
	}
	sp.held, sp.cov, sp.loads, sp.loaded, sp.resuming = sitemsg.URLsState{}, nil, 0, false, false
	sp.queued, sp.fileReading = nil, false
	sp.pending, sp.asked = model.SiteQuery{}, 0
	sp.loadGen++
	if sp.exporting {
		sp.exporting, sp.export = false, dom.BlobParts{}
	}
	if why == "" {
		why = "it stopped"
	}
	sp.failure = why
	if id := sp.writing; id != 0 {
		sp.writing = 0
		sp.to.Send(sp.page.own(), byintent.Wrote{ID: id, Failed: why})
	}
	sp.status = "The panel's worker, which reads and counts the URLs apart from the page, failed: " + why + "." + lost +
		" Your robots.txt and your tests are untouched; the command line counts any number of URLs: robotstxt check --sitemap SOURCE --summary robots.txt"
}

// setCrawler counts for another crawler.
func (sp *sitePanel) setCrawler(ctx app.Context, crawler string) {
	sp.crawler = strings.TrimSpace(crawler)
	sp.follow()
}

// startLoad asks the worker for a reading of URLs, with what to say
// meanwhile; false when the worker does not run.
func (sp *sitePanel) startLoad(status string, req sitemsg.Request, body any) bool {
	if !sp.start() {
		return false
	}
	req.ID, req.Text = sp.loadGen, sp.page.state().Robots
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
func (sp *sitePanel) endLoad(status string) {
	sp.loaded = true
	if status != "" || sp.loads == 0 {
		sp.status = status
	}
	sp.follow()
}

// resume starts the panel's worker when the page is live, if it kept
// URLs at the last visit (siteKeptKey), which it then reads back
// (start). The embed mode opens no saved work.
func (sp *sitePanel) resume() {
	if !sp.page.embedded() && sp.keptFlag() == "1" {
		sp.start()
	}
}

// fetchSitemaps has the worker fetch the sitemaps of the file's Sitemap:
// lines through the relay, and those of the indexes among them.
func (sp *sitePanel) fetchSitemaps(ctx app.Context) {
	sp.page.settle(ctx)
	maps := sp.page.analysis().SitemapURLs()
	switch {
	case len(maps) == 0:
		sp.status = "Your robots.txt has no Sitemap: line: add one, or drop a sitemap here."
		return
	case app.Getenv(RelayEnv) == "":
		sp.status = "This site has no fetch relay to fetch sitemaps through: download them and drop them here, or count them with the command line: robotstxt check --sitemap " + maps[0] + " --summary robots.txt"
		return
	}
	sp.startLoad("Fetching "+model.Plural(len(maps), "sitemap", "sitemaps")+"…", sitemsg.Request{Kind: sitemsg.Load, Sitemaps: maps}, nil)
}

// readFiles has the worker read the files dropped on the panel, or
// chosen, each a sitemap (gzip or not), a list, a crawler's CSV export
// or an access log: one at a time, in their order, the next once the
// worker has read the last (queued), so that each source's repeats are
// of those before it. Each File itself goes to the worker, which reads
// it a piece at a time: a log of hundreds of megabytes never passes
// through the page.
func (sp *sitePanel) readFiles(ctx app.Context, files []app.Value) {
	if len(files) == 0 {
		return
	}
	sp.page.settle(ctx)
	sp.queued = append(sp.queued, files...)
	if !sp.fileReading {
		sp.readNext()
	}
}

// readNext has the worker read the next file queued, if any.
func (sp *sitePanel) readNext() {
	if len(sp.queued) == 0 {
		return
	}
	file := sp.queued[0]
	sp.queued = sp.queued[1:]
	name := file.Get("name").String()
	if more := len(sp.queued); more > 0 {
		name += " (" + model.Plural(more, "more file", "more files") + " to read after it)"
	}
	sp.fileReading = sp.startLoad("Reading "+name+"…", sitemsg.Request{Kind: sitemsg.Read, Name: file.Get("name").String()}, file)
	if !sp.fileReading {
		sp.queued = nil
	}
}

// paste has the worker read what was pasted into the panel's
// textarea.
func (sp *sitePanel) paste(ctx app.Context, text string) {
	if strings.TrimSpace(text) == "" {
		return
	}
	sp.page.settle(ctx)
	if sp.startLoad("Reading pasted text…", sitemsg.Request{Kind: sitemsg.Read, Name: "pasted text"}, text) {
		sp.pasted = text
	}
}

// preview has the worker count the site's URLs under text, a file not
// yet written, and under the file shown, for every crawler, apart from
// the panel's own counts; done gets what text changes (the URLs newly
// allowed and newly blocked, crawler by crawler, worded by the worker),
// or why it failed. As a count, it is asked once the typing pauses
// (siteCountPause): a preview made again at each key asks the worker
// nothing until then. It reports false, and asks nothing, when the panel
// holds no URL. The counts go to Rules by intent as its count id.
func (sp *sitePanel) preview(text string, id int) bool {
	if sp.worker == nil || sp.loads > 0 || sp.held.Pages == 0 {
		return false
	}
	q := sp.query().Msg()
	shown := q.Text
	q.Text = text
	sp.seq++
	seq := sp.seq
	sp.previewID, sp.previewFor = seq, id
	own := sp.page.own()
	sp.previewAt.set(siteCountPause, func() {
		own.Dispatch(func(ctx app.Context) {
			ctx.PreventUpdate()
			if sp.previewID != seq || sp.worker == nil {
				return // a newer preview, or the worker gone
			}
			sp.worker.Post(sitemsg.Request{Kind: sitemsg.Preview, ID: seq, Text: shown, Query: q}, nil)
		})
	})
	return true
}

// write has the worker write an intent into the file shown, for Rules by
// intent (sitemsg.Write), starting it if it is not running: one worker
// for both panels. Rules by intent gets the file written and the
// crawlers the intent governs, or why the worker failed meanwhile
// (byintent.Wrote); a later write makes an earlier one's answer moot. It
// returns why the worker could not start, or "".
func (sp *sitePanel) write(w effect.WriteIntent) string {
	if !sp.start() {
		if sp.failure == "" {
			return "it cannot run here"
		}
		return sp.failure
	}
	sp.seq++
	sp.writeID, sp.writing = sp.seq, w.ID
	sp.worker.Post(sitemsg.Request{Kind: sitemsg.Write, ID: sp.writeID, Text: w.Text, Intent: &w.Intent}, nil)
	return ""
}

// clear drops the URLs, and stops what reads or counts them.
func (sp *sitePanel) clear(ctx app.Context) {
	sp.loadGen++
	sp.seq++
	sp.asked = 0
	if sp.worker != nil {
		sp.worker.Post(sitemsg.Request{Kind: sitemsg.Clear, ID: sp.loadGen}, nil)
	}
	sp.held = sitemsg.URLsState{Version: sp.held.Version + 1}
	sp.cov, sp.status, sp.loaded = nil, "", false
	sp.queued, sp.fileReading = nil, false
	sp.pending = model.SiteQuery{}
}

// restore has the worker put back the URLs the last Clear dropped.
func (sp *sitePanel) restore() {
	if w := sp.worker; w != nil {
		w.Post(sitemsg.Request{Kind: sitemsg.Restore}, nil)
	}
}

// rebase compares later edits with the file shown now.
func (sp *sitePanel) rebase(ctx app.Context) {
	sp.page.settle(ctx)
	if sp.worker != nil {
		sp.worker.Post(sitemsg.Request{Kind: sitemsg.Rebase, Text: sp.page.state().Robots}, nil)
	}
}

// exportCSV downloads every URL with its verdict and deciding line, as
// CSV, which the worker makes and hands over a mebibyte at a time, kept
// in the page's JavaScript memory until it is saved.
func (sp *sitePanel) exportCSV(ctx app.Context) {
	sp.page.settle(ctx)
	if sp.worker == nil {
		return
	}
	parts, err := dom.NewBlobParts()
	if err != nil {
		sp.page.failed(ctx, "The export failed", err)
		return
	}
	sp.seq++
	sp.exportID, sp.export, sp.exporting = sp.seq, parts, true
	sp.postExport()
}

// postExport asks the worker for the export sp.exportID.
func (sp *sitePanel) postExport() {
	if sp.worker == nil {
		return
	}
	sp.worker.Post(sitemsg.Request{Kind: sitemsg.Export, ID: sp.exportID, Query: sp.sent.Give(sp.query().Msg())}, nil)
}
