package sitework

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"robotstester/app/sitemsg"
	"robotstester/robots"
)

// replies collects what a Worker sends, as the page would get it.
type replies struct {
	mu   sync.Mutex
	got  []sitemsg.Reply
	data bytes.Buffer
}

func (r *replies) send(rep sitemsg.Reply, data []byte) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.got = append(r.got, rep)
	r.data.Write(data)
}

// counted returns how many counts of id were sent.
func (r *replies) counted(id int64) int {
	r.mu.Lock()
	defer r.mu.Unlock()
	n := 0
	for _, rep := range r.got {
		if rep.Kind == sitemsg.Counted && rep.ID == id {
			n++
		}
	}
	return n
}

// last returns the last reply of kind.
func (r *replies) last(kind string) *sitemsg.Reply {
	r.mu.Lock()
	defer r.mu.Unlock()
	for i := len(r.got) - 1; i >= 0; i-- {
		if r.got[i].Kind == kind {
			return &r.got[i]
		}
	}
	return nil
}

// panicky is a source whose reading panics, as a reader's bug would.
type panicky struct{}

func (panicky) Read([]byte) (int, error) { panic("a reader's bug") }

// TestWorker answers the page's requests: a source read, counted, a count
// superseded by a newer one, the export, a panic reported, a Clear.
func TestWorker(t *testing.T) {
	var out replies
	w := &Worker{Send: out.send}
	w.Handle(sitemsg.Request{Kind: sitemsg.Read, ID: 0, Name: "urls.txt", Text: siteFile}, strings.NewReader("/a\n/private/x\n/old/y\n"))
	if d := out.last(sitemsg.Done); d == nil || d.Status != "" {
		t.Fatalf("read: %+v", out.got)
	}
	if st := out.last(sitemsg.State).State; st.Pages != 3 || len(st.Sources) != 1 || st.Sources[0].URLs != 3 {
		t.Fatalf("state %+v", st)
	}
	q := sitemsg.Query{Text: siteFile, Crawler: "Googlebot"}
	w.Receive(sitemsg.Request{Kind: sitemsg.Count, ID: 5, Query: q}, nil)
	w.Handle(sitemsg.Request{Kind: sitemsg.Count, ID: 5, Query: q}, nil)
	c := out.last(sitemsg.Counted)
	if c == nil || c.ID != 5 || c.View.Blocked != 2 || c.View.Allowed != 1 || len(c.View.Parts) != 2 {
		t.Fatalf("counted %+v", c)
	}
	// A count older than the newest asked for is not sent. (The count
	// Receive started in a goroutine ends first.)
	for deadline := time.Now().Add(10 * time.Second); out.counted(5) < 2; time.Sleep(time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatal("the count Receive started did not end")
		}
	}
	w.Handle(sitemsg.Request{Kind: sitemsg.Count, ID: 4, Query: q}, nil)
	if n := out.counted(4); n != 0 {
		t.Errorf("a stale count sent %d counts", n)
	}
	// A count stops at a pause once a newer one is asked for.
	var bigList strings.Builder
	for i := range 300_000 {
		fmt.Fprintf(&bigList, "/p/x%d\n", i)
	}
	big := bigList.String()
	w.Handle(sitemsg.Request{Kind: sitemsg.Read, Name: "big.txt", Text: siteFile}, strings.NewReader(big))
	w.Yield = func() { w.newest(9) }
	w.Handle(sitemsg.Request{Kind: sitemsg.Count, ID: 8, Query: q}, nil)
	if out.last(sitemsg.Counted).ID == 8 {
		t.Error("a superseded count was sent")
	}
	w.Yield = nil

	// The export: every URL, a row each.
	out.data.Reset()
	w.Handle(sitemsg.Request{Kind: sitemsg.Export, ID: 10, Query: q}, nil)
	if out.last(sitemsg.Exported) == nil {
		t.Fatalf("no export: %+v", out.last(sitemsg.Failed))
	}
	rows, err := csv.NewReader(&out.data).ReadAll()
	if err != nil || len(rows) != 300_003+1 {
		t.Fatalf("%d rows, %v", len(rows), err)
	}

	// A reader's panic is the reading's failure, and the URLs stay.
	w.Handle(sitemsg.Request{Kind: sitemsg.Read, ID: 0, Name: "bad.txt", Text: siteFile}, panicky{})
	if d := out.last(sitemsg.Done); !strings.Contains(d.Status, "a reader's bug") {
		t.Errorf("panic said %q", d.Status)
	}
	if st := out.last(sitemsg.State).State; st.Pages != 300_003 {
		t.Errorf("%d URLs after the panic", st.Pages)
	}
	w.Handle(sitemsg.Request{Kind: sitemsg.Count, ID: 11, Query: sitemsg.Query{Text: siteFile, Crawler: "Googlebot"}}, nil)
	if out.last(sitemsg.Counted).ID != 11 {
		t.Error("no count after the panic")
	}

	// Clear drops it all; a reading of before the Clear adds nothing.
	w.Receive(sitemsg.Request{Kind: sitemsg.Clear, ID: 1}, nil)
	if st := out.last(sitemsg.State).State; st.Pages != 0 || len(st.Sources) != 0 {
		t.Errorf("state after Clear %+v", st)
	}
	w.Handle(sitemsg.Request{Kind: sitemsg.Load, ID: 0, Sitemaps: []string{"https://e.com/s.xml"}}, nil)
	if st := out.last(sitemsg.State).State; st.Pages != 0 {
		t.Errorf("a stale load added %d URLs", st.Pages)
	}

	// What a Clear dropped, the panel says, with an Undo that puts it
	// back, beside a source read since.
	list, _ := json.Marshal(out.last(sitemsg.State).State.List)
	if !strings.Contains(string(list), "Cleared 300,003 URLs (3 sources)") || !strings.Contains(string(list), `"id":"site-urls-undo"`) {
		t.Errorf("after Clear, the list says %s", list)
	}
	w.Receive(sitemsg.Request{Kind: sitemsg.Restore}, nil)
	if st := out.last(sitemsg.State).State; st.Pages != 300_003 || len(st.Sources) != 3 {
		t.Errorf("after Undo, %d URLs of %d sources", st.Pages, len(st.Sources))
	}
	w.Receive(sitemsg.Request{Kind: sitemsg.Clear, ID: 2}, nil)
	w.Handle(sitemsg.Request{Kind: sitemsg.Read, ID: 2, Name: "new.txt", Text: siteFile}, strings.NewReader("/n\n"))
	w.Receive(sitemsg.Request{Kind: sitemsg.Restore}, nil)
	if st := out.last(sitemsg.State).State; st.Pages != 300_004 || len(st.Sources) != 4 || st.Sources[0].Name != "new.txt" {
		t.Errorf("an Undo after a new source: %d URLs of %d sources", st.Pages, len(st.Sources))
	}
}

// TestWorkerLoad fetches an index's sitemaps through a fake relay after
// a dropped index, saying what it does.
func TestWorkerLoad(t *testing.T) {
	relay := &fakeRelay{answers: map[string]any{
		"https://e.com/a.xml": map[string]any{"status": 200, "complete": true, "locs": []string{"https://e.com/private/1", "https://e.com/2"}},
	}, busy: map[string]int{"https://e.com/a.xml": 1}}
	var out replies
	w := &Worker{Send: out.send, Sleep: func(time.Duration) {}, Fetch: func(r, s string) RelayReply {
		if r != "https://relay.example/fetch" {
			t.Errorf("relay %q", r)
		}
		return relay.fetch(s)
	}}
	index := `<sitemapindex><sitemap><loc>https://e.com/a.xml</loc></sitemap></sitemapindex>`
	w.Handle(sitemsg.Request{Kind: sitemsg.Read, Name: "index.xml", Text: siteFile, Relay: "https://relay.example/fetch"}, strings.NewReader(index))
	if d := out.last(sitemsg.Done); d == nil || d.Status != "" {
		t.Fatalf("done %+v", d)
	}
	if st := out.last(sitemsg.State).State; st.Pages != 2 || len(st.Sources) != 2 || st.Sources[0].Kind != "index" {
		t.Errorf("state %+v", st)
	}
	said := ""
	for _, r := range out.got {
		if r.Kind == sitemsg.Status {
			said += r.Status + "\n"
		}
	}
	if !strings.Contains(said, "waiting 2 s") {
		t.Errorf("said %q", said)
	}
	// Rebase: the next count compares with the new base.
	edited := siteFile + "Disallow: /2\n"
	w.Handle(sitemsg.Request{Kind: sitemsg.Rebase, Text: edited}, nil)
	w.Handle(sitemsg.Request{Kind: sitemsg.Count, ID: 1, Query: sitemsg.Query{Text: edited, Crawler: "Googlebot"}}, nil)
	c := out.last(sitemsg.Counted).View
	parts, _ := json.Marshal(c.Parts)
	if strings.Contains(string(parts), "site-urls-changes") || c.Version != out.last(sitemsg.State).State.Version {
		t.Errorf("after Rebase: version %d, parts %s", c.Version, parts)
	}
}

// TestWorkerPreview counts the URLs held for a file not yet written, for
// every crawler, without stopping the panel's count or being stopped by
// it; a newer Preview stops an older one.
func TestWorkerPreview(t *testing.T) {
	var out replies
	w := &Worker{Send: out.send}
	w.Handle(sitemsg.Request{Kind: sitemsg.Read, Name: "urls.txt", Text: siteFile}, strings.NewReader("/a\n/private/x\n/old/y\n"))
	q := sitemsg.Query{Text: siteFile, Crawler: "Googlebot"}
	w.newest(5) // the panel's count under way
	proposed := q
	proposed.Text = "User-agent: *\nDisallow: /\n"
	w.previewing.Store(7)
	w.Handle(sitemsg.Request{Kind: sitemsg.Preview, ID: 7, Text: siteFile, Query: proposed}, nil)
	p := out.last(sitemsg.Previewed)
	if p == nil || p.ID != 7 || p.Error != "" || p.Site == nil || p.Total != 3 {
		t.Fatalf("previewed %+v", p)
	}
	// Each crawler's verdicts in its own reading, URL by URL.
	verdicts := func(text, agent string) []bool {
		r := robots.ParseString(text).Read(robots.Identify(agent).Crawler.Dialect)
		var out []bool
		for _, u := range []string{"/a", "/private/x", "/old/y"} {
			out = append(out, r.CheckAgent(agent, u).Allowed)
		}
		return out
	}
	rows := nodeRows(p.Site)
	for _, c := range robots.Crawlers() {
		was, is := verdicts(siteFile, c.Token), verdicts(proposed.Text, c.Token)
		var allowed, blocked, before int
		for k := range was {
			switch {
			case !was[k] && is[k]:
				allowed++
			case was[k] && !is[k]:
				blocked++
			}
			if !was[k] {
				before++
			}
		}
		row, ok := rows[c.Token]
		if allowed+blocked == 0 {
			if ok {
				t.Errorf("%s changes nothing, and has a row %v", c.Token, row)
			}
			continue
		}
		// A crawler neither featured nor named by the file is in its
		// role's fold.
		if f := row["folded"]; (f != "") == c.Featured {
			t.Errorf("%s: folded %q, featured %v", c.Token, f, c.Featured)
		}
		delete(row, "folded")
		want := map[string]string{"crawler": c.Token, "newly-allowed": strconv.Itoa(allowed), "newly-blocked": strconv.Itoa(blocked),
			"before": strconv.Itoa(before), "after": strconv.Itoa(before + blocked - allowed)}
		if fmt.Sprint(row) != fmt.Sprint(want) {
			t.Errorf("%s: row %v, want %v", c.Token, row, want)
		}
	}
	if rows["Googlebot"]["newly-blocked"] != "1" || rows["GPTBot"] != nil {
		t.Errorf("Googlebot's row %v, GPTBot's (blocked before and after) %v", rows["Googlebot"], rows["GPTBot"])
	}
	if w.query.Load() != 5 {
		t.Errorf("the preview changed the newest count to %d", w.query.Load())
	}
	// The panel's count is of its own file still.
	w.Handle(sitemsg.Request{Kind: sitemsg.Count, ID: 5, Query: q}, nil)
	if c := out.last(sitemsg.Counted); c == nil || c.View.Blocked != 2 {
		t.Fatalf("counted %+v", c)
	}
	// An older preview is not sent.
	w.Handle(sitemsg.Request{Kind: sitemsg.Preview, ID: 6, Text: siteFile, Query: proposed}, nil)
	if p := out.last(sitemsg.Previewed); p.ID != 7 {
		t.Errorf("a stale preview was sent: %d", p.ID)
	}
}

// nodeRows returns the data of the rows of n's tables (tr[data-crawler]),
// by crawler.
func nodeRows(n *sitemsg.Node) map[string]map[string]string {
	out := map[string]map[string]string{}
	var walk func(n *sitemsg.Node)
	walk = func(n *sitemsg.Node) {
		if n.Tag == "tr" && len(n.Data) > 1 && n.Data[0] == "crawler" {
			d := map[string]string{}
			for i := 0; i+1 < len(n.Data); i += 2 {
				d[n.Data[i]] = n.Data[i+1]
			}
			out[n.Data[1]] = d
		}
		for i := range n.Kids {
			walk(&n.Kids[i])
		}
	}
	walk(n)
	return out
}

// TestWorkerEdit: a count's file given as an edit of a text the worker
// holds is counted as the same file given whole; an edit of a text it does
// not hold fails with sitemsg.NeedText, and the page's Sent then gives the
// file whole.
func TestWorkerEdit(t *testing.T) {
	var out replies
	w := &Worker{Send: out.send}
	w.Handle(sitemsg.Request{Kind: sitemsg.Read, Name: "urls.txt", Text: siteFile}, strings.NewReader("/a\n/private/x\n/old/y\n/private/z\n"))
	count := func(id int64, q sitemsg.Query) *sitemsg.Reply {
		t.Helper()
		w.Receive(sitemsg.Request{Kind: sitemsg.Count, ID: id, Query: q}, nil)
		for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(time.Millisecond) {
			if c := out.last(sitemsg.Counted); c != nil && c.ID == id {
				return c
			}
			if f := out.last(sitemsg.Failed); f != nil && f.ID == id {
				return f
			}
			if time.Now().After(deadline) {
				t.Fatalf("count %d: no reply", id)
			}
		}
	}
	var sent sitemsg.Sent
	file := strings.Repeat("# a comment, so that an edit is less than half the file\n", 10) + siteFile
	texts := []string{
		file,
		strings.Replace(file, "Disallow: /private/", "Disallow: /private/x", 1), // a key typed in a rule
		strings.Replace(file, "Disallow: /private/", "# Disallow: /private/", 1),
		file + "User-agent: Googlebot\nDisallow: /a\n",                                        // lines added at the end
		"User-agent: *\nDisallow: /\n" + file + "User-agent: Googlebot\nDisallow: /a\n",       // and at the start
		"\uFEFFUser-agent: *\nDisallow: /\n" + file + "User-agent: Googlebot\nDisallow: /a\n", // a byte-order mark
		"",
	}
	id := int64(0)
	for i, text := range texts {
		q := sent.Give(sitemsg.Query{Text: text, Crawler: "Googlebot"})
		if i > 0 && text != "" && q.Edit == nil {
			t.Errorf("text %d went whole", i)
		}
		id++
		got := count(id, q)
		id++
		want := count(id, sitemsg.Query{Text: text, Crawler: "Googlebot"})
		if got.Kind != sitemsg.Counted || want.Kind != sitemsg.Counted || got.View.Allowed != want.View.Allowed || got.View.Blocked != want.View.Blocked {
			t.Errorf("text %d: by edit %+v, whole %+v", i, got.View, want.View)
		}
	}
	// An edit of a text the worker no longer holds: three others came
	// since.
	var old sitemsg.Sent
	old.Give(sitemsg.Query{Text: strings.Repeat("# padding\n", 100) + siteFile})
	q := old.Give(sitemsg.Query{Text: strings.Repeat("# padding\n", 100) + siteFile + "Allow: /\n", Crawler: "Googlebot"})
	id++
	if f := count(id, q); f.Kind != sitemsg.Failed || f.Error != sitemsg.NeedText {
		t.Fatalf("an edit of a text not held: %+v", f)
	}
	old.Forget()
	if q := old.Give(sitemsg.Query{Text: siteFile}); q.Edit != nil || q.Text != siteFile {
		t.Errorf("after Forget, the file went as %+v", q)
	}
}

// TestWorkerWrite: a Write, as JSON crosses the page's message both ways,
// answers the file the engine writes (robots.WriteIntent) and the
// crawlers the intent governs in the file shown (Targets), which the page
// previews and applies; a Write with no intent writes nothing.
func TestWorkerWrite(t *testing.T) {
	file := "User-agent: *\nDisallow: /admin/\n\nUser-agent: GPTBot\nDisallow: /private/\n"
	in := robots.Intent{Roles: map[robots.Role]robots.Choice{robots.RoleAITraining: robots.Deny},
		Crawlers: map[string]robots.Choice{"CCBot": robots.Let, "MyBot": robots.Deny}}
	in.Pref.Usage = true
	in.Pref.Stances[robots.UseSearch] = robots.StatedYes
	var out replies
	w := &Worker{Send: out.send}
	b, err := json.Marshal(sitemsg.Request{Kind: sitemsg.Write, ID: 9, Text: file, Intent: &in})
	if err != nil {
		t.Fatal(err)
	}
	var req sitemsg.Request
	if err := json.Unmarshal(b, &req); err != nil {
		t.Fatal(err)
	}
	w.Receive(req, nil)
	var got *sitemsg.Reply
	for deadline := time.Now().Add(10 * time.Second); got == nil && time.Now().Before(deadline); time.Sleep(time.Millisecond) {
		got = out.last(sitemsg.Written)
	}
	if got == nil {
		t.Fatal("no Written")
	}
	b, _ = json.Marshal(got)
	var r sitemsg.Reply
	if err := json.Unmarshal(b, &r); err != nil {
		t.Fatal(err)
	}
	want := robots.WriteIntent(file, in)
	if r.ID != 9 || r.Error != "" || r.Written != want || !strings.Contains(r.Written, "Content-Usage") {
		t.Errorf("written %+v, want the text\n%s", r, want)
	}
	if wt := in.Targets(robots.ParseString(file)); fmt.Sprint(r.Targets) != fmt.Sprint(wt) || len(wt) == 0 {
		t.Errorf("targets %+v, want %+v", r.Targets, wt)
	}
	if r := Write(sitemsg.Request{Kind: sitemsg.Write, ID: 10, Text: file}); r.Written != file || len(r.Targets) != 0 {
		t.Errorf("no intent: %+v", r)
	}
}
