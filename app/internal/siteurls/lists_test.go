package siteurls

import (
	"testing"
	"time"

	"robotstester/app/internal/effect"
	"robotstester/app/sitemsg"
)

// counted has the worker answer the count under way with a log whose
// counts want the lists of wants.
func (b *bench) counted(tokens ...string) {
	var wants []sitemsg.ListWant
	for _, tok := range tokens {
		wants = append(wants, sitemsg.ListWant{Token: tok})
	}
	b.reply(sitemsg.Reply{Kind: sitemsg.Counted, ID: b.m.asked, View: &sitemsg.View{Version: b.m.held.Version,
		Log: &sitemsg.LogView{Rows: []sitemsg.LogRow{{Agent: "GPTBot"}}, Wants: wants}}})
}

// TestSiteURLsLists: the address lists a log's count wants are read
// from the browser's store first (a fresh one is used as it is), asked
// of the relay otherwise, kept in the browser and given to the worker;
// a relay that fails falls back on an old list kept, else the worker is
// told why none is at hand; each list is asked for once, and given again
// to a worker started anew; a browser that keeps nothing is said once.
func TestSiteURLsLists(t *testing.T) {
	b := newBench(t, "User-agent: *\nDisallow: /private/\n")
	b.send(Begin{Relay: true})
	b.send(Open{Begin{Relay: true}})
	b.held(3000)
	b.tick()
	b.take()
	b.counted("GPTBot", "Googlebot", "bingbot")
	io := b.take()
	var reads []string
	for _, w := range io {
		if r, ok := w.(effect.ReadList); ok {
			reads = append(reads, r.List.Key())
		}
	}
	if len(reads) != 3 {
		t.Fatalf("reads %v of %+v", reads, io)
	}
	b.counted("GPTBot", "Googlebot", "bingbot")
	if _, again := has[effect.ReadList](b.take()); again {
		t.Error("a list asked for twice")
	}
	now := time.Date(2026, 12, 7, 12, 0, 0, 0, time.UTC)
	fresh := now.Add(-time.Hour).Format(time.RFC3339)
	old := now.Add(-48 * time.Hour).Format(time.RFC3339)

	// Fresh in the store: given to the worker as it is.
	b.send(ListRead{List: sitemsg.ListWant{Token: "GPTBot"}, Text: `{"prefixes":[]}`, Fetched: fresh, Source: "file", Now: now})
	ps := b.posts()
	if len(ps) != 1 || ps[0].Request.Kind != sitemsg.Addresses || ps[0].Request.List.Token != "GPTBot" || ps[0].Text != `{"prefixes":[]}` || ps[0].Request.List.Fetched != fresh {
		t.Errorf("a fresh list kept: %+v", ps)
	}
	// Old in the store: the relay is asked; it fails: the old one is used.
	b.send(ListRead{List: sitemsg.ListWant{Token: "Googlebot"}, Text: "old", Fetched: old, Now: now})
	if f, ok := has[effect.FetchList](b.take()); !ok || f.List.Token != "Googlebot" {
		t.Error("an old list: not asked of the relay")
	}
	b.send(ListFetched{List: sitemsg.ListWant{Token: "Googlebot"}, Failed: "the relay could not be asked (offline)"})
	if ps := b.posts(); len(ps) != 1 || ps[0].Text != "old" || ps[0].Request.List.Missing != "" {
		t.Errorf("the relay failed, an old list kept: %+v", ps)
	}
	// None in the store, denied: the relay is asked; it fails: the
	// worker is told why; nothing is stored.
	b.send(ListRead{List: sitemsg.ListWant{Token: "bingbot"}, Denied: true, Now: now})
	if _, ok := has[effect.FetchList](b.take()); !ok {
		t.Error("no list kept: not asked of the relay")
	}
	b.send(ListFetched{List: sitemsg.ListWant{Token: "bingbot"}, Failed: "this site's relay answered 404"})
	if ps := b.posts(); len(ps) != 1 || ps[0].Request.List.Missing != "this site's relay answered 404" || ps[0].Text != "" {
		t.Errorf("a list missing: %+v", ps)
	}
	b.send(ListFetched{List: sitemsg.ListWant{Token: "bingbot"}, Text: "new", Fetched: fresh, Source: "https://www.bing.com/toolbox/bingbot.json"})
	io = b.take()
	if _, stored := has[effect.StoreList](io); stored {
		t.Error("a list stored in a browser that keeps none")
	}
	if p, ok := has[effect.Post](io); !ok || p.Text != "new" {
		t.Errorf("the relay's list: %+v", io)
	}
	if sh := b.m.Shown(b.an, &b.s); sh.Log == nil {
		t.Error("no log drawn")
	}

	// A worker started anew is given the lists got.
	b.send(Stopped{Why: "out of memory"})
	b.take()
	b.send(Open{Begin{Relay: true}})
	given := 0
	for _, p := range b.posts() {
		if p.Request.Kind == sitemsg.Addresses {
			given++
		}
	}
	if given != 3 {
		t.Errorf("%d lists given to the new worker", given)
	}

	// No relay: a list not kept is said missing, at once.
	b2 := newBench(t, "")
	b2.send(ListRead{List: sitemsg.ListWant{Token: "GPTBot"}, Now: now})
	if ps := b2.posts(); len(ps) != 1 || ps[0].Request.List.Missing != "this site has no fetch relay to get it through" {
		t.Errorf("no relay: %+v", ps)
	}
}
