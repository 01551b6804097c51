package byintent

import (
	"strings"
	"testing"

	"robotstester/app/internal/effect"
	"robotstester/app/model"
	"robotstester/robots"
)

// bench drives an Intent as the session and the page would: the work it
// reads, and a fake site worker that answers the writes asked when told
// (answer), as the engine writes them.
type bench struct {
	m       Intent
	s       model.State
	an      *model.Analysis
	writes  []effect.WriteIntent // asked, not yet answered
	asked   int                  // writes asked in all
	counts  []effect.CountPreview
	cleared []string
	written []string // the files Apply wrote into the work
}

func newBench(robotsTxt string) *bench {
	b := &bench{s: model.State{Robots: robotsTxt, Rows: []model.Row{
		{Agent: "GPTBot", URL: "https://example.com/"},
		{Agent: "Googlebot", URL: "https://example.com/"},
	}}}
	b.an = model.Analyze(&b.s)
	return b
}

// send hands msg to the model and keeps what it asks.
func (b *bench) send(msg Msg) Result {
	r := b.m.Update(msg, b.an, &b.s)
	for _, io := range r.IO {
		switch io := io.(type) {
		case effect.WriteIntent:
			b.writes = append(b.writes, io)
			b.asked++
		case effect.CountPreview:
			b.counts = append(b.counts, io)
		case effect.ClearField:
			b.cleared = append(b.cleared, io.ID)
		}
	}
	if r.Write {
		b.written = append(b.written, r.Text)
	}
	return r
}

// answer has the fake worker answer every write asked, in order.
func (b *bench) answer() {
	for len(b.writes) > 0 {
		w := b.writes[0]
		b.writes = b.writes[1:]
		b.send(WriteNow(w))
	}
}

// edit types text into the file.
func (b *bench) edit(text string) {
	b.s.Robots = text
	b.an = model.Analyze(&b.s)
}

// TestIntentWritesThroughTheWorker: the panel opened asks the worker
// once, however often it follows meanwhile; it says it is writing until
// the answer, then previews it; a choice writes again, and the preview
// shows the crawler and the test it changes, and the site's URLs are
// asked to be counted under it.
func TestIntentWritesThroughTheWorker(t *testing.T) {
	b := newBench("User-agent: *\nDisallow: /admin/\n")
	b.send(Follow{})
	b.send(Follow{})
	if sh := b.m.Shown(); b.asked != 1 || !sh.Writing || sh.Preview != nil {
		t.Fatalf("the panel opened: %d writes asked, writing %v, preview %v", b.asked, sh.Writing, sh.Preview)
	}
	b.answer()
	sh := b.m.Shown()
	if sh.Writing || sh.Preview == nil || !sh.Preview.Same || len(b.counts) != 0 {
		t.Fatalf("an empty form written: writing %v, preview %+v, counts asked %d", sh.Writing, sh.Preview, len(b.counts))
	}
	if len(sh.Roles) != len(robots.IntentRoles()) || sh.Roles[0].Choice != "leave" || sh.Roles[0].Tokens == "" {
		t.Errorf("roles shown: %+v", sh.Roles)
	}

	b.send(SetRole{Name: "ai-training", Choice: "block"})
	if sh := b.m.Shown(); !sh.Writing || sh.Preview == nil {
		t.Errorf("written again: the last preview stays, and writing is said: %+v", sh)
	}
	b.answer()
	sh = b.m.Shown()
	pv := sh.Preview
	if pv == nil || pv.Same || pv.Tests.Changes == nil || !strings.Contains(pv.Text, "User-agent: GPTBot") {
		t.Fatalf("AI training blocked: preview %+v", pv)
	}
	if len(b.counts) != 1 || b.counts[0].Text != pv.Text || !sh.Site.Asked || sh.Site.Done {
		t.Errorf("the site's URLs: counts asked %+v, shown %+v", b.counts, sh.Site)
	}
	if sh.Roles[1].Name != "ai-training" || sh.Roles[1].Choice != "block" {
		t.Errorf("the role chosen is not shown: %+v", sh.Roles[1])
	}
}

// TestIntentAnswersOutOfTurn: an answer to a write or a count that a
// later one replaced is moot; a count that finds no URLs says so.
func TestIntentAnswersOutOfTurn(t *testing.T) {
	b := newBench("User-agent: *\nDisallow: /admin/\n")
	b.send(SetRole{Name: "ai-training", Choice: "block"})
	first := b.writes[0]
	b.writes = nil
	b.send(SetRole{Name: "ai-training", Choice: "allow"})
	b.send(WriteNow(first)) // the worker answers the first write late
	if sh := b.m.Shown(); sh.Preview != nil || !sh.Writing {
		t.Fatalf("a moot answer was previewed: %+v", sh.Preview)
	}
	b.answer()
	if sh := b.m.Shown(); sh.Preview == nil || !sh.Preview.Same {
		t.Fatalf("AI training allowed, which the file does: preview %+v", sh.Preview)
	}

	b.send(SetRole{Name: "search", Choice: "block"})
	b.answer()
	if len(b.counts) != 1 {
		t.Fatalf("counts asked: %+v", b.counts)
	}
	old := b.counts[0]
	b.send(Refresh{}) // a new preview, a new count
	b.answer()
	b.send(SiteCounted{ID: old.ID, Asked: true, URLs: 9})
	if sh := b.m.Shown(); sh.Site.Done {
		t.Errorf("a moot count was shown: %+v", sh.Site)
	}
	last := b.counts[len(b.counts)-1]
	b.send(SiteCounted{ID: last.ID})
	if sh := b.m.Shown(); sh.Site.Asked {
		t.Errorf("no URLs to count, yet counting: %+v", sh.Site)
	}
}

// TestIntentWorkerFails: a worker that cannot start is said in a
// sentence, the preview gone, the form kept; the write is asked again
// when the form changes, not at each key.
func TestIntentWorkerFails(t *testing.T) {
	b := newBench("User-agent: *\nDisallow: /admin/\n")
	b.send(SetRole{Name: "search", Choice: "block"})
	b.answer()
	b.send(SetRole{Name: "ads", Choice: "block"})
	w := b.writes[0]
	b.writes = nil
	b.send(Wrote{ID: w.ID, Failed: "its script could not be loaded"})
	sh := b.m.Shown()
	if sh.Failed != "its script could not be loaded" || sh.Writing || sh.Preview != nil || sh.Roles[0].Choice != "block" {
		t.Fatalf("the worker down: %+v", sh)
	}
	n := b.asked
	b.edit(b.s.Robots + "# more\n")
	b.send(Follow{})
	if b.asked != n {
		t.Errorf("asked again at a key: %d writes", b.asked-n)
	}
	if r := b.send(Apply{}); r.Write {
		t.Error("applied with nothing written")
	}
	b.writes = nil // the Apply asked again: the worker is still down
	b.send(SetRole{Name: "ads", Choice: "allow"})
	if b.asked == n {
		t.Fatal("not asked again when the form changed")
	}
	b.answer()
	if sh := b.m.Shown(); sh.Failed != "" || sh.Preview == nil {
		t.Errorf("the worker back: %+v", sh)
	}
}

// TestIntentApply: Apply writes the file the worker wrote; pressed when
// the file changed since, it waits for the worker to write it again and
// then applies that, once; the file as it is is no edit.
func TestIntentApply(t *testing.T) {
	b := newBench("User-agent: *\nDisallow: /admin/\n")
	b.send(SetRole{Name: "ai-training", Choice: "block"})
	b.answer()
	b.send(Apply{})
	want := robots.WriteIntent(b.s.Robots, b.m.form.intent())
	if len(b.written) != 1 || b.written[0] != want {
		t.Fatalf("applied %q, want %q", b.written, want)
	}
	b.edit(b.written[0])
	b.send(Follow{})
	b.answer()
	if b.send(Apply{}); len(b.written) != 1 {
		t.Error("applied again: the same file is an edit")
	}

	// The pending write: Apply pressed once the file changed.
	b.edit(b.s.Robots + "\nUser-agent: CCBot\nAllow: /\n")
	b.send(Apply{})
	if len(b.written) != 1 || len(b.writes) != 1 || !b.m.Shown().Writing {
		t.Fatalf("applied before the file was written again: %d, writes %d", len(b.written), len(b.writes))
	}
	b.answer()
	if len(b.written) != 2 || b.written[1] != robots.WriteIntent(b.s.Robots, b.m.form.intent()) {
		t.Fatalf("applied once written: %q", b.written)
	}

	// A pending Apply is for the form as it was: a change drops it.
	b.edit(b.written[1] + "# typed\n")
	b.send(Apply{})
	b.send(SetRole{Name: "search", Choice: "block"})
	b.answer()
	if len(b.written) != 2 {
		t.Errorf("applied a form changed after Apply: %d", len(b.written))
	}
}

// TestIntentLargeFile: a large file typed in keeps its preview, said to
// be stale, until the form changes or Refresh; a small one's is written
// again at once.
func TestIntentLargeFile(t *testing.T) {
	b := newBench("User-agent: *\nDisallow: /admin/\n")
	b.send(SetRole{Name: "ai-training", Choice: "block"})
	b.answer()
	b.edit(b.s.Robots + "# small\n")
	b.send(Follow{})
	if len(b.writes) != 1 || b.m.Shown().Stale {
		t.Fatalf("a small file typed in: %d writes, stale %v", len(b.writes), b.m.Shown().Stale)
	}
	b.answer()
	before := b.m.Shown().Preview
	b.edit(b.s.Robots + "# " + strings.Repeat("x", LiveSize) + "\n")
	b.send(Follow{})
	if sh := b.m.Shown(); len(b.writes) != 0 || !sh.Stale || sh.Preview != before {
		t.Fatalf("a large file typed in: %d writes, stale %v", len(b.writes), sh.Stale)
	}
	b.send(Refresh{})
	b.answer()
	if sh := b.m.Shown(); sh.Stale || sh.Preview == before {
		t.Errorf("refreshed: stale %v, the same preview %v", sh.Stale, sh.Preview == before)
	}
}

// TestIntentCrawlers: a crawler chosen apart is taken in the catalogue's
// spelling, a user-agent string as its product token, its field emptied;
// a value naming no crawler is refused and said so; choices and removals
// by index change the form, out of range nothing.
func TestIntentCrawlers(t *testing.T) {
	tests := []struct {
		typed, choice string
		want          []Crawler
		refused       string
	}{
		{"my bot", "block", nil, "my bot"},
		{"*", "block", nil, "*"},
		{"gptbot", "allow", []Crawler{{"GPTBot", "allow"}}, ""},
		{"Mozilla/5.0 (compatible; CCBot/2.0)", "", []Crawler{{"CCBot", "block"}}, ""},
	}
	for _, tc := range tests {
		b := newBench("User-agent: *\nDisallow:\n")
		b.send(AddCrawler{Typed: tc.typed, Choice: tc.choice})
		sh := b.m.Shown()
		if len(sh.Crawlers) != len(tc.want) || len(tc.want) > 0 && sh.Crawlers[0] != tc.want[0] || sh.Refused != tc.refused {
			t.Errorf("%q: crawlers %+v, refused %q", tc.typed, sh.Crawlers, sh.Refused)
		}
		if taken := len(tc.want) > 0; taken != (len(b.cleared) == 1 && b.cleared[0] == AddTokenID) || taken != (b.asked == 1) {
			t.Errorf("%q: field cleared %v, writes %d", tc.typed, b.cleared, b.asked)
		}
	}
	b := newBench("User-agent: *\nDisallow:\n")
	b.send(AddCrawler{Typed: "GPTBot", Choice: "block"})
	b.send(SetCrawler{Index: 0, Choice: "allow"})
	b.send(SetCrawler{Index: 5, Choice: "block"})
	b.send(SetPref{Purpose: 1, Stance: "no"})
	b.send(SetUsage{On: true})
	sh := b.m.Shown()
	if sh.Crawlers[0].Choice != "allow" || sh.Prefs[1].Stance != "no" || sh.Prefs[1].Name != "ai-input" || !sh.Usage {
		t.Errorf("the form: %+v", sh)
	}
	b.send(RemoveCrawler{Index: 3})
	b.send(RemoveCrawler{Index: 0})
	if sh := b.m.Shown(); len(sh.Crawlers) != 0 {
		t.Errorf("removed: %+v", sh.Crawlers)
	}
}

// TestIntentRoleCounts: each role of the form says how many of the
// catalogue's crawlers its choice writes, and which it leaves to the
// file's own lines; together they are the whole catalogue.
func TestIntentRoleCounts(t *testing.T) {
	var m Intent
	sh := m.Shown()
	n := 0
	for _, r := range sh.Roles {
		if r.Crawlers == 0 || r.Crawlers != len(strings.Split(r.Tokens, ", ")) {
			t.Errorf("%s: %d crawlers, tokens %q", r.Name, r.Crawlers, r.Tokens)
		}
		n += r.Crawlers
		if r.Left != "" {
			n += len(strings.Split(r.Left, ", "))
		}
	}
	if n != len(robots.Crawlers()) {
		t.Errorf("the roles hold %d crawlers, the catalogue %d", n, len(robots.Crawlers()))
	}
	set, _ := robots.LookupCrawlerSet("ai-training")
	ai := sh.Roles[1]
	if ai.Name != "ai-training" || ai.Crawlers+len(strings.Split(ai.Left, ", ")) != len(set.Tokens) || !strings.Contains(ai.Left, "AI2Bot") {
		t.Errorf("AI training: %+v, want %d crawlers with AI2Bot left", ai, len(set.Tokens))
	}
}
