package siteurls

import (
	"strings"
	"testing"

	"robotstester/app/internal/byintent"
	"robotstester/app/internal/effect"
	"robotstester/app/model"
	"robotstester/app/sitemsg"
)

// bench drives a SiteURLs as the session and the page would, with a fake
// worker (the replies each test sends) and a fake clock: the waits asked
// (effect.After) are held by key, a later one in place of the earlier,
// until tick fires them.
type bench struct {
	t      *testing.T
	m      SiteURLs
	s      model.State
	an     *model.Analysis
	io     []effect.IO // asked since the last take
	intent []byintent.Msg
	waits  map[string]effect.After
}

func newBench(t *testing.T, robotsTxt string) *bench {
	b := &bench{t: t, s: model.State{Robots: robotsTxt}, waits: map[string]effect.After{}}
	b.an = model.Analyze(&b.s)
	return b
}

func (b *bench) send(msg Msg) {
	r := b.m.Update(msg, b.an, &b.s)
	for _, io := range r.IO {
		if a, ok := io.(effect.After); ok {
			b.waits[a.Key] = a
		}
	}
	b.io = append(b.io, r.IO...)
	b.intent = append(b.intent, r.Intent...)
}

// reply sends a reply of the worker.
func (b *bench) reply(r sitemsg.Reply) { b.send(Reply{Reply: r}) }

// tick lets the typing pause: every wait comes.
func (b *bench) tick() {
	for k, a := range b.waits {
		delete(b.waits, k)
		b.send(a.Msg.(Msg))
	}
}

// take returns what was asked since the last take.
func (b *bench) take() []effect.IO {
	io := b.io
	b.io = nil
	return io
}

// posts returns the requests posted since the last take.
func (b *bench) posts() []effect.Post {
	var ps []effect.Post
	for _, io := range b.take() {
		if p, ok := io.(effect.Post); ok {
			ps = append(ps, p)
		}
	}
	return ps
}

func has[T effect.IO](io []effect.IO) (T, bool) {
	for _, w := range io {
		if v, ok := w.(T); ok {
			return v, true
		}
	}
	var zero T
	return zero, false
}

func (b *bench) edit(text string) {
	b.s.Robots = text
	b.an = model.Analyze(&b.s)
}

// held has the worker say it holds n URLs, once the reading under way
// ended.
func (b *bench) held(n int) {
	b.reply(sitemsg.Reply{Kind: sitemsg.State, State: &sitemsg.URLsState{Pages: n, Version: b.m.held.Version + 1}})
	b.reply(sitemsg.Reply{Kind: sitemsg.Done, ID: b.m.loadGen})
}

// TestSiteURLsFetch: a fetch says why it cannot be made (no Sitemap:
// line, no relay, the sitemap's URL as text); with a relay, it starts the
// worker and posts the load, which the page completes with the relay's
// address.
func TestSiteURLsFetch(t *testing.T) {
	b := newBench(t, "User-agent: *\nDisallow: /private/\n")
	b.send(Fetch{})
	if !strings.Contains(b.m.status, "no Sitemap: line") || len(b.take()) != 0 {
		t.Errorf("no Sitemap: line: status %q", b.m.status)
	}
	b.edit(b.s.Robots + "Sitemap: https://example.com/<b>s.xml</b>\n")
	b.send(Fetch{})
	if !strings.Contains(b.m.status, "--sitemap https://example.com/<b>s.xml</b> ") || len(b.take()) != 0 {
		t.Errorf("no relay: status %q", b.m.status)
	}
	b.send(Begin{Relay: true})
	b.send(Fetch{})
	io := b.take()
	p, posted := has[effect.Post](io)
	if _, started := has[effect.StartWorker](io); !started || !posted || p.Request.Kind != sitemsg.Load || !p.Relay || len(p.Request.Sitemaps) != 1 {
		t.Fatalf("a fetch with a relay: %+v", io)
	}
	if sh := b.m.Shown(b.an, &b.s); !sh.Busy || sh.Status != "Fetching 1 sitemap…" || len(sh.Sitemaps) != 1 {
		t.Errorf("fetching: %+v", sh)
	}
	b.send(SetCrawler{Text: " Bingbot "})
	if q := b.m.query(b.an, &b.s); q.Crawler != "Bingbot" || q.Text != b.s.Robots {
		t.Errorf("the query after a crawler is typed: %+v", q)
	}
}

// TestSiteURLsCount: the URLs read are counted once the typing pauses,
// for the last file typed only; the progress is moved in place once
// drawn; the counts give the editor its line notes, for the file and
// crawler counted only; replies to an older count are stale.
func TestSiteURLsCount(t *testing.T) {
	b := newBench(t, "User-agent: *\nDisallow: /private/\n")
	b.send(Open{})
	b.send(Add{Text: "/a\n/private/b\n"})
	b.take()
	b.held(2)
	if len(b.posts()) != 0 || len(b.waits) != 1 {
		t.Fatalf("counted before the pause: waits %v", b.waits)
	}
	first := b.m.asked
	b.edit(b.s.Robots + "Disallow: /a\n") // a key: the count waits again
	b.send(Follow{})
	b.send(Follow{}) // the same file: asked once
	b.send(CountDue{ID: first})
	if len(b.posts()) != 0 {
		t.Error("a count typed over was posted")
	}
	b.tick()
	ps := b.posts()
	if len(ps) != 1 || ps[0].Request.Kind != sitemsg.Count || ps[0].Request.ID != b.m.asked || ps[0].Request.Query.Text != b.s.Robots {
		t.Fatalf("the count posted: %+v", ps)
	}
	id := b.m.asked

	b.reply(sitemsg.Reply{Kind: sitemsg.Progress, ID: first, Done: 1, Total: 2})
	if _, quiet := has[effect.NoRedraw](b.take()); !quiet || b.m.counting != [2]int{} {
		t.Error("a stale count's progress was taken")
	}
	b.reply(sitemsg.Reply{Kind: sitemsg.Progress, ID: id, Done: 0, Total: 2})
	if _, moved := has[effect.MoveProgress](b.take()); moved {
		t.Error("the progress moved in place before it is drawn")
	}
	b.reply(sitemsg.Reply{Kind: sitemsg.Progress, ID: id, Done: 1, Total: 2})
	if mp, moved := has[effect.MoveProgress](b.take()); !moved || mp.Done != 1 || mp.Text != ProgressText(1, 2) {
		t.Error("the progress drawn is not moved in place")
	}

	view := &sitemsg.View{Version: b.m.held.Version, Notes: []sitemsg.LineNote{{Line: 2, Text: "1 URL blocked"}}}
	b.reply(sitemsg.Reply{Kind: sitemsg.Counted, ID: first, View: view})
	if b.m.cov != nil {
		t.Fatal("a stale count was taken")
	}
	b.reply(sitemsg.Reply{Kind: sitemsg.Counted, ID: id, View: view})
	if _, shown := has[effect.ShowNotes](b.take()); !shown || b.m.LineNotes(b.an, &b.s)[2] != "1 URL blocked" {
		t.Fatalf("the counts: line notes %v", b.m.LineNotes(b.an, &b.s))
	}
	b.send(Follow{})
	if len(b.waits) != 0 {
		t.Error("counted again for the file counted")
	}
	b.send(SetCrawler{Text: "Bingbot"})
	if b.m.LineNotes(b.an, &b.s) != nil || len(b.waits) != 1 {
		t.Error("another crawler: the notes of the last stay, or no count asked")
	}

	// The worker holds none of the texts the edit is of: the file goes
	// whole, asked again.
	b.tick()
	b.take()
	b.reply(sitemsg.Reply{Kind: sitemsg.Failed, ID: b.m.asked, Error: sitemsg.NeedText})
	b.tick()
	if ps := b.posts(); len(ps) != 1 || ps[0].Request.Query.Text == "" {
		t.Errorf("asked again whole: %+v", ps)
	}
	b.reply(sitemsg.Reply{Kind: sitemsg.Failed, ID: b.m.asked, Error: "out of memory"})
	if !strings.Contains(b.m.status, "could not be counted: out of memory") {
		t.Errorf("status %q", b.m.status)
	}
}

// TestSiteURLsFiles: files dropped are read one at a time, in order; a
// file dropped while another reads waits for it; a paste leaves its
// field once read; Clear drops what waits, and a reading it stopped says
// nothing more.
func TestSiteURLsFiles(t *testing.T) {
	b := newBench(t, "User-agent: *\nDisallow:\n")
	b.send(Open{})
	b.take()
	b.send(AddFiles{Files: []File{{1, "a.xml"}, {2, "b.log"}}})
	ps := b.posts()
	if len(ps) != 1 || ps[0].File != 1 || ps[0].Request.Name != "a.xml" || b.m.status != "Reading a.xml (1 more file to read after it)…" {
		t.Fatalf("two files dropped: %+v, status %q", ps, b.m.status)
	}
	b.send(AddFiles{Files: []File{{3, "c.csv"}}})
	if len(b.posts()) != 0 {
		t.Fatal("a file dropped while another reads was read beside it")
	}
	for _, want := range []int{2, 3, 0} {
		b.reply(sitemsg.Reply{Kind: sitemsg.Done, ID: b.m.loadGen})
		ps := b.posts()
		if want == 0 && len(ps) > 0 || want != 0 && (len(ps) != 1 || ps[0].File != want) {
			t.Errorf("after a file read, want file %d: %+v", want, ps)
		}
	}

	b.send(Add{Text: "  \n"})
	if len(b.posts()) != 0 {
		t.Error("an empty paste was read")
	}
	b.send(Add{Text: "/x\n"})
	if ps := b.posts(); len(ps) != 1 || ps[0].Text != "/x\n" {
		t.Fatalf("a paste: %+v", ps)
	}
	b.reply(sitemsg.Reply{Kind: sitemsg.Done, ID: b.m.loadGen})
	if c, ok := has[effect.ClearField](b.take()); !ok || c.ID != PasteID || c.Only != "/x\n" {
		t.Errorf("the paste read: its field is not emptied (%+v)", c)
	}

	b.send(AddFiles{Files: []File{{4, "d.txt"}, {5, "e.txt"}}})
	gen := b.m.loadGen
	b.send(Clear{})
	if ps := b.posts(); len(ps) != 2 || ps[1].Request.Kind != sitemsg.Clear || b.m.held.Version != 1 {
		t.Errorf("Clear: %+v", ps)
	}
	b.reply(sitemsg.Reply{Kind: sitemsg.Status, ID: gen, Status: "still reading"})
	b.reply(sitemsg.Reply{Kind: sitemsg.Done, ID: gen})
	if len(b.posts()) != 0 || b.m.status != "" {
		t.Errorf("a reading Clear stopped: posts, or status %q", b.m.status)
	}
}

// TestSiteURLsWorkerFails: a worker that fails loses what it held, says
// so and how to count without it, stops, answers a write under way, and
// starts again at the next use; one that fails while reading back the
// URLs kept no longer reads them back.
func TestSiteURLsWorkerFails(t *testing.T) {
	b := newBench(t, "User-agent: *\nDisallow:\n")
	b.send(Open{})
	b.send(Add{Text: "/a\n"})
	b.held(1)
	b.send(WriteIntent{effect.WriteIntent{ID: 7, Text: b.s.Robots}})
	b.take()
	b.send(Stopped{Why: "out of memory"})
	io := b.take()
	if _, stopped := has[effect.StopWorker](io); !stopped || !strings.Contains(b.m.status, "failed: out of memory. The URLs it held are lost") || b.m.held.Pages != 0 {
		t.Errorf("failed: %v, status %q", io, b.m.status)
	}
	if len(b.intent) != 1 {
		t.Fatalf("the write under way: %+v", b.intent)
	}
	if w, ok := b.intent[0].(byintent.Wrote); !ok || w.ID != 7 || w.Failed != "out of memory" {
		t.Errorf("the write under way: %+v", b.intent)
	}
	b.send(Add{Text: "/b\n"})
	if _, started := has[effect.StartWorker](b.take()); !started {
		t.Error("not started again at the next use")
	}

	b = newBench(t, "User-agent: *\nDisallow:\n")
	b.send(Begin{Kept: true})
	ps := b.posts()
	if len(ps) != 1 || ps[0].Request.Kind != sitemsg.Resume || !b.m.resuming {
		t.Fatalf("kept: read back at the start: %+v", ps)
	}
	b.reply(sitemsg.Reply{Kind: sitemsg.Fatal, Error: "out of memory"})
	io = b.take()
	if f, ok := has[effect.StoreFlag](io); !ok || f.Key != KeptKey || f.Value != "" || !strings.Contains(b.m.status, "no longer read back") {
		t.Errorf("failed while reading back: %v, status %q", io, b.m.status)
	}
	b = newBench(t, "User-agent: *\nDisallow:\n")
	b.send(Begin{Kept: true, Embedded: true})
	if len(b.take()) != 0 {
		t.Error("the embed mode read back the URLs kept")
	}
	b = newBench(t, "User-agent: *\nDisallow:\n")
	b.send(Open{Begin{Kept: true}}) // opened before the page began
	b.send(Begin{Kept: true})
	if ps := b.posts(); len(ps) != 1 || ps[0].Request.Kind != sitemsg.Resume {
		t.Errorf("opened first: read back once: %+v", ps)
	}
}

// TestSiteURLsServeIntent: Rules by intent's writes go to the worker,
// started for them, and its answers back, a stale one dropped; a preview
// is counted once the typing pauses, with URLs held, and says when there
// are none.
func TestSiteURLsServeIntent(t *testing.T) {
	b := newBench(t, "User-agent: *\nDisallow:\n")
	b.send(WriteIntent{effect.WriteIntent{ID: 1, Text: b.s.Robots}})
	first := b.m.writeID
	b.send(WriteIntent{effect.WriteIntent{ID: 2, Text: b.s.Robots}})
	io := b.take()
	if _, started := has[effect.StartWorker](io); !started || len(io) != 3 {
		t.Fatalf("writes: %+v", io)
	}
	b.reply(sitemsg.Reply{Kind: sitemsg.Written, ID: first, Written: "old"})
	b.reply(sitemsg.Reply{Kind: sitemsg.Written, ID: b.m.writeID, Written: "new"})
	if len(b.intent) != 1 || b.intent[0].(byintent.Wrote).ID != 2 || b.intent[0].(byintent.Wrote).Text != "new" {
		t.Errorf("answers: %+v", b.intent)
	}
	b.intent = nil
	b.send(CountPreview{effect.CountPreview{ID: 5, Text: "User-agent: *\nDisallow: /\n"}})
	if len(b.intent) != 1 || b.intent[0] != (byintent.SiteCounted{ID: 5}) {
		t.Errorf("no URLs: %+v", b.intent)
	}
	b.intent = nil
	b.send(Add{Text: "/a\n"})
	b.held(1)
	b.tick()
	b.take()
	b.send(CountPreview{effect.CountPreview{ID: 6, Text: "User-agent: *\nDisallow: /\n"}})
	if len(b.posts()) != 0 {
		t.Error("a preview counted before the pause")
	}
	b.tick()
	ps := b.posts()
	if len(ps) != 1 || ps[0].Request.Kind != sitemsg.Preview || ps[0].Request.Query.Text != "User-agent: *\nDisallow: /\n" || ps[0].Request.Text != b.s.Robots {
		t.Fatalf("the preview posted: %+v", ps)
	}
	b.reply(sitemsg.Reply{Kind: sitemsg.Previewed, ID: ps[0].Request.ID, Total: 1})
	if len(b.intent) != 1 || b.intent[0].(byintent.SiteCounted).ID != 6 || !b.intent[0].(byintent.SiteCounted).Asked {
		t.Errorf("the preview counted: %+v", b.intent)
	}
}

// TestSiteURLsExport: an export gathers the worker's pieces and saves
// them; a worker that lost the file's text is asked again whole; a
// failure drops what was gathered and says so.
func TestSiteURLsExport(t *testing.T) {
	b := newBench(t, "User-agent: *\nDisallow:\n")
	b.send(Export{})
	if len(b.take()) != 0 {
		t.Error("an export with no worker")
	}
	b.send(Open{})
	b.send(Export{})
	io := b.take()
	if e, ok := has[effect.ExportBegin](io); !ok || e.ID != b.m.exportID {
		t.Fatalf("export: %+v", io)
	}
	b.reply(sitemsg.Reply{Kind: sitemsg.Failed, ID: b.m.exportID, Error: sitemsg.NeedText})
	if ps := b.posts(); len(ps) != 1 || ps[0].Request.Kind != sitemsg.Export || ps[0].Request.Query.Text == "" {
		t.Errorf("asked again whole: %+v", ps)
	}
	b.reply(sitemsg.Reply{Kind: sitemsg.Exported, ID: b.m.exportID})
	if s, ok := has[effect.ExportSave](b.take()); !ok || s.Name != "robots-site-urls.csv" {
		t.Error("not saved")
	}
	b.send(Export{})
	b.take()
	b.reply(sitemsg.Reply{Kind: sitemsg.Failed, ID: b.m.exportID, Error: "disk full"})
	io = b.take()
	if f, ok := has[effect.Failure](io); !ok || f.Why != "disk full" || b.m.exporting {
		t.Errorf("failed: %+v", io)
	}
	if _, dropped := has[effect.ExportDrop](io); !dropped {
		t.Error("what was gathered is kept")
	}
}
