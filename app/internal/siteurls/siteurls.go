// Package siteurls is the site URLs panel as a model: a whole site's URLs
// (its sitemaps fetched through the relay, or a sitemap, list, crawler's
// CSV export or access log dropped or pasted), counted for one crawler by
// the line that decides them.
//
// The URLs themselves are read, held and counted in a Web Worker with a
// WebAssembly of its own (app/sitework), which the page starts when asked
// (effect.StartWorker) and posts to (effect.Post), each reply coming back
// as a message (Reply). The model holds only what the worker says it
// holds, the crawler chosen, and the last coverage the worker sent; it
// numbers what it asks so that a stale reply is told apart. It is plain
// Go, held by the session and changed only by Update, with the session's
// work given to read. The same worker writes Rules by intent's files and
// counts its previews (WriteIntent, CountPreview): the answers go to
// byintent's model.
package siteurls

import (
	"slices"
	"strings"
	"time"

	"robotstester/app/internal/byintent"
	"robotstester/app/internal/effect"
	"robotstester/app/model"
	"robotstester/app/sitemsg"
)

// KeptKey is the page's note, in localStorage, that the worker kept URLs
// for the next visit ("1"; "" or none when it did not): the page starts
// the worker at its start to read them back only then, so that a visit
// that never used the panel never fetches its WebAssembly.
const KeptKey = "robots-tester:site-kept"

// CountPause is how long the file must stay unchanged before the URLs are
// counted again: the worker stops a count once a newer one is asked for,
// but each key asking for one would keep it busy for nothing.
const CountPause = 150 * time.Millisecond

// The ids of the panel's fields the model empties or moves in place.
const (
	// PasteID is the panel's textarea for a pasted list.
	PasteID = "site-urls-paste"
	// ProgressID is what the panel says of a count under way: how many
	// URLs are counted, of how many.
	ProgressID = "site-urls-progress"
)

// The keys of the model's waits for a pause in the typing (effect.After).
const (
	countKey   = "site-count"
	previewKey = "site-preview"
)

// ProgressText says how far a count is.
func ProgressText(done, of int) string {
	return "Counting every crawler: " + model.Grouped(done) + " of " + model.Grouped(of) + "…"
}

// SiteURLs is the model of the site URLs panel. Its zero value holds no
// URL, and no worker runs.
type SiteURLs struct {
	// running: the worker was started, and has not failed since, as far
	// as the model was told.
	running bool
	held    sitemsg.URLsState // what the worker holds, as it last said
	crawler string            // as typed; "" is Googlebot
	cov     *model.SiteCoverage
	// matrix is cov's matrix as the worker made it, every crawler's row;
	// cov's own is it folded, but for the folds open (model.FoldMatrix).
	matrix *sitemsg.Node
	open   []string
	// notes are cov's notes by line, for the editor (LineNotes).
	notes map[int]string

	// seq numbers the counts, previews, writes and exports asked of the
	// worker: a reply carries its request's number, and one of an older
	// count is stale. pending is the query last asked for, and
	// pendingVersion the URLs' version then; asked is the count under
	// way, to ask for countQuery once the typing pauses, and asking the
	// query it asked for.
	seq            int64
	pending        model.SiteQuery
	pendingVersion int
	asked          int64
	countQuery     model.SiteQuery
	asking         model.SiteQuery
	// counting is how far the count asked is, as the worker last said:
	// URLs and requests counted, of how many; zero before it says.
	counting [2]int
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
	queued      []File
	fileReading bool

	exporting bool
	exportID  int64

	// previewID is the last Preview asked of the worker (previewReq,
	// posted once the typing pauses), whose counts go to Rules by intent
	// as its count previewFor.
	previewID  int64
	previewFor int
	previewReq sitemsg.Request
	// writeID is the last Write asked of the worker, which goes to Rules
	// by intent as its write writing, 0 once answered; failure is why
	// the worker last failed.
	writeID int64
	writing int
	failure string

	// log is the log table's order and rows opened, and the address
	// lists its counts asked for.
	log logState

	// kept is KeptKey's value as the page last read or the model wrote
	// it; embedded and relay are the page's (Begin). resuming: a Resume
	// is under way.
	kept, embedded, relay, resuming bool
}

// Result is what a message asks of the session and the page.
type Result struct {
	// IO is the work with the browser it asks for, in order.
	IO []effect.IO
	// Intent are answers for Rules by intent, in order.
	Intent []byintent.Msg
}

// step is one Update: the work it reads, and what it asks.
type step struct {
	an *model.Analysis
	s  *model.State
	Result
}

func (st *step) do(io ...effect.IO) { st.IO = append(st.IO, io...) }

// Update carries out msg over the work shown: an, the analysis of s, the
// file and the tests, which it reads and never changes.
func (m *SiteURLs) Update(msg Msg, an *model.Analysis, s *model.State) Result {
	st := &step{an: an, s: s}
	switch msg := msg.(type) {
	case Open:
		m.kept, m.embedded, m.relay = msg.Kept, msg.Embedded, msg.Relay
		m.start(st)
	case Begin:
		m.kept, m.embedded, m.relay = msg.Kept, msg.Embedded, msg.Relay
		if !m.embedded && m.kept {
			m.start(st) // it reads back what it kept (start)
		}
	case Follow:
		m.follow(st)
	case Fetch:
		m.fetch(st)
	case Export:
		m.export(st)
	case Clear:
		m.clear(st)
	case Undo:
		if m.running {
			st.do(effect.Post{Request: sitemsg.Request{Kind: sitemsg.Restore}})
		}
	case Add:
		m.paste(st, msg.Text)
	case Rebase:
		if m.running {
			st.do(effect.Post{Request: sitemsg.Request{Kind: sitemsg.Rebase, Text: s.Robots}})
		}
	case SetCrawler:
		m.crawler = strings.TrimSpace(msg.Text)
		m.follow(st)
	case Unfold:
		if i := slices.Index(m.open, msg.Key); i >= 0 {
			m.open = slices.Delete(m.open, i, i+1)
		} else {
			m.open = append(m.open, msg.Key)
		}
		if m.cov != nil {
			m.cov.Matrix = model.FoldMatrix(m.matrix, m.open)
		}
	case AddFiles:
		if len(msg.Files) > 0 {
			m.queued = append(m.queued, msg.Files...)
			if !m.fileReading {
				m.readNext(st)
			}
		}
	case Reply:
		m.reply(st, msg.Reply)
	case Stopped:
		m.failed(st, msg.Why)
	case ExportFailed:
		if m.exporting {
			m.exporting = false
			st.do(effect.Failure{What: "The export failed", Why: msg.Why})
		}
	case CountDue:
		st.do(effect.NoRedraw{})
		if m.asked == msg.ID && m.running {
			m.asking = m.countQuery
			st.do(effect.Post{Request: sitemsg.Request{Kind: sitemsg.Count, ID: msg.ID, Query: m.sent.Give(m.countQuery.Msg())}})
		}
	case PreviewDue:
		st.do(effect.NoRedraw{})
		if m.previewID == msg.ID && m.running { // not a newer preview, nor the worker gone
			st.do(effect.Post{Request: m.previewReq})
		}
	case WriteIntent:
		m.write(st, msg.WriteIntent)
	case CountPreview:
		m.preview(st, msg.CountPreview)
	case SortLog:
		m.log.sort = m.log.sort.By(msg.Column)
	case OpenLogRow:
		if m.log.open == nil {
			m.log.open = map[string]bool{}
		}
		m.log.open[msg.Agent] = !m.log.open[msg.Agent]
	case ListRead:
		m.listRead(st, msg)
	case ListFetched:
		m.listFetched(st, msg)
	case ListsUnkept:
		m.log.unkept = true
	}
	return st.Result
}

// query is what the panel counts now: the file shown, read as the tests
// are, for the panel's crawler.
func (m *SiteURLs) query(an *model.Analysis, s *model.State) model.SiteQuery {
	return model.SiteQueryFor(an, s, m.crawler)
}

// LineNotes returns what each line of the file shown (an, of s) decides
// over the site's URLs, for the editor to show after it: none while the
// counts are of another file than the editor's (its lines may have
// moved), other URLs or another crawler.
func (m *SiteURLs) LineNotes(an *model.Analysis, s *model.State) map[int]string {
	if c := m.cov; c == nil || c.Version != m.held.Version || !c.Query.Same(m.query(an, s)) {
		return nil
	}
	return m.notes
}

// follow has the URLs counted again when what they are counted for has
// changed: wherever the page follows a change (Follow), and when the
// worker holds other URLs or the crawler is chosen. The count waits for
// a pause in the typing (CountPause); the worker then counts, off the
// page's thread.
func (m *SiteURLs) follow(st *step) {
	if !m.running || m.loads > 0 || m.held.Pages+m.held.Requests == 0 {
		return
	}
	q, version := m.query(st.an, st.s), m.held.Version
	if c := m.cov; c != nil && c.Version == version && c.Query.Same(q) {
		return // counted
	}
	if m.pending == q && m.pendingVersion == version {
		return // asked for
	}
	m.pending, m.pendingVersion = q, version
	m.seq++
	m.asked, m.countQuery = m.seq, q
	m.counting = [2]int{}
	st.do(effect.After{Key: countKey, Delay: CountPause, Msg: CountDue{ID: m.seq}})
}

// start has the page start the worker, unless it runs: when the panel is
// opened, so that its WebAssembly is there by the time a source is
// given, and before each use, in case it failed since. What the last
// visit (or a worker that failed) kept is read back first: a source given
// now is read after it, beside it.
func (m *SiteURLs) start(st *step) {
	if m.running {
		return
	}
	m.running = true
	st.do(effect.StartWorker{})
	m.sent.Forget() // a new worker holds no text
	m.restartLists(st)
	if !m.embedded && m.kept {
		m.resuming = true
		m.startLoad(st, "Reading back the URLs kept from your last visit…", sitemsg.Request{Kind: sitemsg.Resume}, "", 0)
	}
}

// setKept notes in localStorage whether the worker keeps URLs for the
// next visit, when that changed.
func (m *SiteURLs) setKept(st *step, kept bool) {
	if m.kept != kept {
		m.kept = kept
		v := ""
		if kept {
			v = "1"
		}
		st.do(effect.StoreFlag{Key: KeptKey, Value: v})
	}
}

// startLoad asks the worker for a reading of URLs, with what to say
// meanwhile, and a body: text, or the file of the handle file.
func (m *SiteURLs) startLoad(st *step, status string, req sitemsg.Request, text string, file int) {
	m.start(st)
	req.ID, req.Text = m.loadGen, st.s.Robots
	st.do(effect.Post{Request: req, Text: text, File: file, Relay: true})
	m.loads++
	m.status = status
}

// endLoad notes a reading ended, with what to say, and has the URLs
// counted.
func (m *SiteURLs) endLoad(st *step, status string) {
	m.loaded = true
	if status != "" || m.loads == 0 {
		m.status = status
	}
	m.follow(st)
}

// fetch has the worker fetch the sitemaps of the file's Sitemap: lines
// through the relay, and those of the indexes among them.
func (m *SiteURLs) fetch(st *step) {
	maps := st.an.SitemapURLs()
	switch {
	case len(maps) == 0:
		m.status = "Your robots.txt has no Sitemap: line: add one, or drop a sitemap here."
		return
	case !m.relay:
		m.status = "This site has no fetch relay to fetch sitemaps through: download them and drop them here, or count them with the command line: robotstxt check --sitemap " + maps[0] + " --summary robots.txt"
		return
	}
	m.startLoad(st, "Fetching "+model.Plural(len(maps), "sitemap", "sitemaps")+"…", sitemsg.Request{Kind: sitemsg.Load, Sitemaps: maps}, "", 0)
}

// readNext has the worker read the next file queued, if any: one at a
// time, in their order, the next once the worker has read the last, so
// that each source's repeats are of those before it. Each file itself
// goes to the worker, which reads it a piece at a time: a log of hundreds
// of megabytes never passes through the page.
func (m *SiteURLs) readNext(st *step) {
	if len(m.queued) == 0 {
		return
	}
	file := m.queued[0]
	m.queued = m.queued[1:]
	name := file.Name
	if more := len(m.queued); more > 0 {
		name += " (" + model.Plural(more, "more file", "more files") + " to read after it)"
	}
	m.fileReading = true
	m.startLoad(st, "Reading "+name+"…", sitemsg.Request{Kind: sitemsg.Read, Name: file.Name}, "", file.ID)
}

// paste has the worker read what was pasted into the panel's textarea.
func (m *SiteURLs) paste(st *step, text string) {
	if strings.TrimSpace(text) == "" {
		return
	}
	m.startLoad(st, "Reading pasted text…", sitemsg.Request{Kind: sitemsg.Read, Name: "pasted text"}, text, 0)
	m.pasted = text
}

// clear drops the URLs, and stops what reads or counts them.
func (m *SiteURLs) clear(st *step) {
	m.loadGen++
	m.seq++
	m.asked = 0
	if m.running {
		st.do(effect.Post{Request: sitemsg.Request{Kind: sitemsg.Clear, ID: m.loadGen}})
	}
	m.held = sitemsg.URLsState{Version: m.held.Version + 1}
	m.cov, m.status, m.loaded = nil, "", false
	m.queued, m.fileReading = nil, false
	m.pending = model.SiteQuery{}
}

// export has the worker make every URL with its verdict and deciding
// line, as CSV, which it hands over a mebibyte at a time, kept in the
// page's JavaScript memory until it is saved.
func (m *SiteURLs) export(st *step) {
	if !m.running {
		return
	}
	m.seq++
	m.exportID, m.exporting = m.seq, true
	st.do(effect.ExportBegin{ID: m.exportID})
	m.postExport(st)
}

// postExport asks the worker for the export exportID.
func (m *SiteURLs) postExport(st *step) {
	if m.running {
		st.do(effect.Post{Request: sitemsg.Request{Kind: sitemsg.Export, ID: m.exportID, Query: m.sent.Give(m.query(st.an, st.s).Msg())}})
	}
}

// preview has the worker count the site's URLs under a file not yet
// written (Rules by intent's), and under the file shown, for every
// crawler, apart from the panel's own counts. As a count, it is asked
// once the typing pauses (CountPause): a preview made again at each key
// asks the worker nothing until then. With no URL held, it asks nothing,
// and says so.
func (m *SiteURLs) preview(st *step, c effect.CountPreview) {
	if !m.running || m.loads > 0 || m.held.Pages == 0 {
		st.Intent = append(st.Intent, byintent.SiteCounted{ID: c.ID})
		return
	}
	q := m.query(st.an, st.s).Msg()
	shown := q.Text
	q.Text = c.Text
	m.seq++
	m.previewID, m.previewFor = m.seq, c.ID
	m.previewReq = sitemsg.Request{Kind: sitemsg.Preview, ID: m.seq, Text: shown, Query: q}
	st.do(effect.After{Key: previewKey, Delay: CountPause, Msg: PreviewDue{ID: m.seq}})
}

// write has the worker write an intent into the file shown, for Rules by
// intent (sitemsg.Write), starting it if it is not running: one worker
// for both panels. A later write makes an earlier one's answer moot.
func (m *SiteURLs) write(st *step, w effect.WriteIntent) {
	m.start(st)
	m.seq++
	m.writeID, m.writing = m.seq, w.ID
	st.do(effect.Post{Request: sitemsg.Request{Kind: sitemsg.Write, ID: m.writeID, Text: w.Text, Intent: &w.Intent}})
}
