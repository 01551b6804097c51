package sitework

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"robotstester/app/sitemsg"
	"robotstester/robots"
	"robotstester/robots/verify"
	"robotstester/robots/verify/verifytest"
)

// TestWorkerOrigins reads a generated log, counts it before any address
// list is given (every request unverified, and the crawlers' lists
// wanted), then with the fixture lists given as the page gives them
// (Addresses, a new version): each crawler's row has the counts the
// generator expects, as robots.TestOriginsOnLog finds them, and a list
// said missing leaves its crawler unverified, saying why.
func TestWorkerOrigins(t *testing.T) {
	log, want := verifytest.Log(45, 3000)
	robotsTxt := "User-agent: *\nDisallow: " + verifytest.Disallowed + "\n"
	var out replies
	w := &Worker{Send: out.send}
	w.Handle(sitemsg.Request{Kind: sitemsg.Read, Name: "access.log", Text: robotsTxt}, strings.NewReader(log))
	q := sitemsg.Query{Text: robotsTxt, Crawler: "Googlebot"}
	w.Handle(sitemsg.Request{Kind: sitemsg.Count, ID: 1, Query: q}, nil)
	lv := out.last(sitemsg.Counted).View.Log
	if lv == nil || len(lv.Rows) != len(want) {
		t.Fatalf("log view %+v", lv)
	}
	for _, r := range lv.Rows {
		if r.Unverified != r.Requests || r.Verified+r.Forged != 0 {
			t.Errorf("%s with no list: %+v", r.Agent, r)
		}
	}
	if len(lv.Wants) != 3 {
		t.Errorf("wants %v", lv.Wants)
	}
	version := out.last(sitemsg.State).State.Version
	for _, c := range verifytest.Crawlers {
		b, err := os.ReadFile(filepath.Join("..", "..", "robots", "verify", "testdata", c.List))
		if err != nil {
			t.Fatal(err)
		}
		w.Handle(sitemsg.Request{Kind: sitemsg.Addresses, List: &sitemsg.AddressList{Token: c.Token, Fetched: "2026-12-01T10:00:00Z", Source: "file"}}, strings.NewReader(string(b)))
	}
	if v := out.last(sitemsg.State).State.Version; v != version+3 {
		t.Errorf("version %d after three lists, was %d", v, version)
	}
	w.Handle(sitemsg.Request{Kind: sitemsg.Count, ID: 2, Query: q}, nil)
	lv = out.last(sitemsg.Counted).View.Log
	if len(lv.Wants) != 0 {
		t.Errorf("still wants %v", lv.Wants)
	}
	for _, r := range lv.Rows {
		wt := want[r.Agent]
		got := verify.Counts{Requests: r.Requests, Verified: r.Verified, Forged: r.Forged, Unverified: r.Unverified}
		if got != wt.All || r.Blocked != wt.Blocked.Requests {
			t.Errorf("%s: %+v, want %+v", r.Agent, r, wt)
		}
	}
	if len(lv.Said) == 0 || !strings.Contains(strings.Join(lv.Said, "\n"), "verified as OpenAI's") {
		t.Errorf("said %q", lv.Said)
	}
	if !strings.Contains(strings.Join(lv.Lists, "\n"), "GPTBot's list (https://openai.com/gptbot.json): addresses as of 1 December 2026, when fetched") {
		t.Errorf("lists %q", lv.Lists)
	}

	// A list said missing does not replace one at hand; for a crawler
	// with none, it is said.
	w2 := &Worker{Send: out.send}
	w2.Handle(sitemsg.Request{Kind: sitemsg.Read, Name: "access.log", Text: robotsTxt}, strings.NewReader(log))
	w2.Handle(sitemsg.Request{Kind: sitemsg.Addresses, List: &sitemsg.AddressList{Token: "GPTBot", Missing: "the relay answered 404"}}, nil)
	w2.Handle(sitemsg.Request{Kind: sitemsg.Count, ID: 3, Query: q}, nil)
	lv = out.last(sitemsg.Counted).View.Log
	if !strings.Contains(strings.Join(lv.Lists, "\n"), "No address list at hand for GPTBot: the relay answered 404") {
		t.Errorf("lists %q", lv.Lists)
	}
	for _, r := range lv.Rows {
		if r.Agent == "GPTBot" && r.Unverified != r.Requests {
			t.Errorf("GPTBot without its list: %+v", r)
		}
	}
}

// TestLogDays counts a log's requests per day (UTC), and draws a chart
// when they span more than one.
func TestLogDays(t *testing.T) {
	log := `192.0.2.1 - - [27/Nov/2026:23:30:00 -0100] "GET /a HTTP/1.1" 200 5 "-" "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)"
192.0.2.1 - - [27/Nov/2026:23:30:00 +0000] "GET /b HTTP/1.1" 200 5 "-" "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)"
192.0.2.1 - - [30/Nov/2026:10:00:00 +0000] "GET /c HTTP/1.1" 200 5 "-" "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)"
`
	var out replies
	w := &Worker{Send: out.send}
	w.Handle(sitemsg.Request{Kind: sitemsg.Read, Name: "access.log"}, strings.NewReader(log))
	w.Handle(sitemsg.Request{Kind: sitemsg.Count, ID: 1, Query: sitemsg.Query{Text: "", Crawler: "Googlebot"}}, nil)
	lv := out.last(sitemsg.Counted).View.Log
	if lv == nil || lv.Chart == nil {
		t.Fatalf("no chart: %+v", lv)
	}
	fig := lv.Chart
	if fig.Data[1] != "4" { // 27 November to 30 November
		t.Errorf("days %v", fig.Data)
	}
	caption := fig.Kids[1].Text
	if caption != "Crawlers' requests per day, 2026-11-27 to 2026-11-30: most on 2026-11-28 (1)." && caption != "Crawlers' requests per day, 2026-11-27 to 2026-11-30: most on 2026-11-27 (1)." {
		t.Errorf("caption %q", caption)
	}
}

// TestStateKeepsOrigins keeps each request's address and day in the
// binary form, as the helper and the next visit read them back.
func TestStateKeepsOrigins(t *testing.T) {
	log, _ := verifytest.Log(3, 500)
	var s SiteURLs
	src := s.Begin("access.log", "log", "")
	if _, err := s.ReadSource(src, strings.NewReader(log), "access.log", nil); err != nil {
		t.Fatal(err)
	}
	var back SiteURLs
	if err := back.Load(s.AppendState(nil)); err != nil {
		t.Fatal(err)
	}
	if back.requests.Len() != s.requests.Len() || s.requests.Len() != 500 {
		t.Fatalf("%d requests back of %d", back.requests.Len(), s.requests.Len())
	}
	v4, v6, none := 0, 0, 0
	for i := range s.requests.Len() {
		a, d := s.requests.From(i)
		b, e := back.requests.From(i)
		if a != b || d != e || d < 0 {
			t.Fatalf("request %d: %v %d, back %v %d", i, a, d, b, e)
		}
		switch {
		case a.Is4():
			v4++
		case a.Is6():
			v6++
		default:
			none++
		}
	}
	if v4 == 0 || v6 == 0 || none == 0 {
		t.Errorf("addresses: %d IPv4, %d IPv6, %d none", v4, v6, none)
	}
}

// TestSaid words the notable crawlers as the engine and the command
// line do (robots.Tally.OriginWords): requests to blocked URLs by where
// they came from, and a forged crawler as such.
func TestSaid(t *testing.T) {
	for _, c := range []struct {
		r      sitemsg.LogRow
		all, b verify.Counts
		listed bool
		want   string
	}{
		{sitemsg.LogRow{Agent: "GPTBot", Vendor: "OpenAI", Requests: 215, Blocked: 215, Verified: 214, Forged: 1},
			verify.Counts{Requests: 215, Verified: 214, Forged: 1}, verify.Counts{Requests: 215, Verified: 214, Forged: 1}, true,
			"GPTBot: 215 requests to URLs the file blocks: 214 verified as OpenAI's, 1 forged (not OpenAI's)."},
		{sitemsg.LogRow{Agent: "Googlebot", Vendor: "Google", Requests: 40, Forged: 12, Verified: 28}, verify.Counts{Requests: 40, Verified: 28, Forged: 12}, verify.Counts{}, true,
			"Googlebot: 40 requests, none to URLs the file blocks: 28 verified as Google's, 12 forged (not Google's)."},
		{sitemsg.LogRow{Agent: "AhrefsBot", Vendor: "Ahrefs", Requests: 9, Blocked: 9, Unverified: 9}, verify.Counts{Requests: 9, Unverified: 9}, verify.Counts{Requests: 9, Unverified: 9}, false,
			"AhrefsBot: 9 requests to URLs the file blocks, none checked: no address list at hand."},
		{sitemsg.LogRow{Agent: "bingbot", Requests: 9, Verified: 9}, verify.Counts{Requests: 9, Verified: 9}, verify.Counts{}, true, ""},
	} {
		tl := robots.Tally{Agent: c.r.Agent, Origins: verify.Tally{All: c.all, Blocked: c.b}}
		if got := said(&c.r, &tl, c.listed); got != c.want {
			t.Errorf("%s:\n got %q\nwant %q", c.r.Agent, got, c.want)
		}
	}
}

// BenchmarkCoverLogOrigins counts a log of 200,000 requests, without
// address lists and with the fixtures' (each request checked).
func BenchmarkCoverLogOrigins(b *testing.B) {
	log, _ := verifytest.Log(7, 200_000)
	robotsTxt := "User-agent: *\nDisallow: " + verifytest.Disallowed + "\n"
	var s SiteURLs
	src := s.Begin("access.log", "log", robotsTxt)
	if _, err := s.ReadSource(src, strings.NewReader(log), "access.log", nil); err != nil {
		b.Fatal(err)
	}
	var lists addressLists
	for _, c := range verifytest.Crawlers {
		f, err := os.Open(filepath.Join("..", "..", "robots", "verify", "testdata", c.List))
		if err != nil {
			b.Fatal(err)
		}
		lists.give(sitemsg.AddressList{Token: c.Token}, f)
		f.Close()
	}
	o, _ := lists.atHand()
	for _, with := range []bool{false, true} {
		name := map[bool]string{false: "none", true: "lists"}[with]
		b.Run(name, func(b *testing.B) {
			q := NewQuery(sitemsg.Query{Text: robotsTxt, Crawler: "Googlebot"})
			if with {
				q.Origins = o
			}
			for b.Loop() {
				if _, err := s.Cover(q, nil); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// TestWorkerSecondList: a crawler of two lists (FeedFetcher-Google) has
// both wanted, by their place; with its first alone, a request outside
// it is unverified, with both forged.
func TestWorkerSecondList(t *testing.T) {
	agent := "FeedFetcher-Google; (+http://www.google.com/feedfetcher.html)"
	log := `192.0.2.5 - - [27/Nov/2026:10:00:00 +0000] "GET /a HTTP/1.1" 200 5 "-" "` + agent + `"
198.51.100.5 - - [27/Nov/2026:10:00:01 +0000] "GET /b HTTP/1.1" 200 5 "-" "` + agent + `"
203.0.113.5 - - [27/Nov/2026:10:00:02 +0000] "GET /c HTTP/1.1" 200 5 "-" "` + agent + `"
`
	first := `{"prefixes": [{"ipv4Prefix": "192.0.2.0/24"}]}`
	second := `{"prefixes": [{"ipv4Prefix": "198.51.100.0/24"}]}`
	var out replies
	w := &Worker{Send: out.send}
	w.Handle(sitemsg.Request{Kind: sitemsg.Read, Name: "access.log"}, strings.NewReader(log))
	count := func(id int64) sitemsg.LogRow {
		t.Helper()
		w.Handle(sitemsg.Request{Kind: sitemsg.Count, ID: id, Query: sitemsg.Query{Crawler: "Googlebot"}}, nil)
		lv := out.last(sitemsg.Counted).View.Log
		if lv == nil || len(lv.Rows) != 1 {
			t.Fatalf("log view %+v", lv)
		}
		return lv.Rows[0]
	}
	count(1)
	lv := out.last(sitemsg.Counted).View.Log
	if len(lv.Wants) != 2 || lv.Wants[0].N != 0 || lv.Wants[1].N != 1 || lv.Wants[1].Key() != lv.Wants[1].Token+".1" {
		t.Fatalf("wants %+v", lv.Wants)
	}
	w.Handle(sitemsg.Request{Kind: sitemsg.Addresses, List: &sitemsg.AddressList{Token: lv.Wants[0].Token}}, strings.NewReader(first))
	if r := count(2); r.Verified != 1 || r.Forged != 0 || r.Unverified != 2 {
		t.Errorf("with the first list: %+v", r)
	}
	w.Handle(sitemsg.Request{Kind: sitemsg.Addresses, List: &sitemsg.AddressList{Token: lv.Wants[1].Token, N: 1}}, strings.NewReader(second))
	if r := count(3); r.Verified != 2 || r.Forged != 1 || r.Unverified != 0 {
		t.Errorf("with both lists: %+v", r)
	}
}
