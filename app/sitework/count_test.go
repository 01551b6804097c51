package sitework

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"reflect"
	"testing"

	"robotstester/app/sitemsg"
	"robotstester/robots"
	"robotstester/robots/sitemap"
)

// The files of the split counts' tests: several groups, wildcards, an
// end anchor, lines that allow inside lines that block; the edit moves
// some of them, so that the diff has flips both ways.
const (
	splitBase = "User-agent: *\nDisallow: /private/\nAllow: /private/press/\nDisallow: /*.pdf$\nDisallow: /search\n\n" +
		"User-agent: Googlebot\nDisallow: /shop/cart\nDisallow: /private/\nAllow: /private/press/\n\n" +
		"User-agent: bingbot\nDisallow: /blog/\n\nUser-agent: GPTBot\nDisallow: /\nAllow: /docs/\n"
	splitEdit = "User-agent: *\nDisallow: /private/\nDisallow: /*.pdf\nAllow: /search\nDisallow: /old/\n\n" +
		"User-agent: Googlebot\nDisallow: /shop/\nAllow: /shop/item\nDisallow: /private/\n\n" +
		"User-agent: bingbot\nDisallow: /blog/2\nDisallow: /docs/\n\nUser-agent: GPTBot\nDisallow: /\n"
)

// splitAgents are the logged requests' user-agent strings: several
// crawlers (two strings of Googlebot's, one the catalogue does not
// know), a browser, tools and a string naming no one.
var splitAgents = []string{
	"Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
	"Googlebot-Image/1.0",
	"Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)",
	"Mozilla/5.0 (compatible; Baiduspider/2.0; +http://www.baidu.com/search/spider.html)",
	"GPTBot/1.1",
	"Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36",
	"Googlebot",
	"Mozilla/5.0 (compatible; AhrefsBot/7.0; +http://ahrefs.com/robot/)",
	"curl/8.5.0",
	"python-requests/2.31.0",
	"-",
}

// randomURLs fills a SiteURLs with n entries of every kind, drawn by r:
// URLs that many lines of both files decide, some submitted, some
// listed, and logged requests of several crawlers and statuses.
func randomURLs(t testing.TB, r *rand.Rand, n int) *SiteURLs {
	t.Helper()
	paths := []string{"/", "/private/x", "/private/press/a", "/a.pdf", "/a.pdf?x=1", "/search?q=%s", "/shop/cart/1",
		"/shop/item/%d", "/shop/%d", "/blog/%d", "/blog/2%d", "/docs/%d", "/old/%d", "/news/%d", "/ü/%d", ""}
	s := &SiteURLs{}
	srcs := []Source{s.Begin("sitemap.xml", "sitemap", splitBase), s.Begin("urls.txt", "list", splitBase), s.Begin("access.log", "log", splitBase)}
	for range n {
		p := paths[r.IntN(len(paths))]
		u := "https://example.com" + fmt.Sprintf(p, r.IntN(40))
		if p == "" {
			u = fmt.Sprintf("/relative/%d", r.IntN(5))
		}
		var err error
		switch k := r.IntN(3); k {
		case 2:
			e := sitemap.Entry{URL: u, Agent: splitAgents[r.IntN(len(splitAgents))], Status: []int{200, 200, 301, 404, 503}[r.IntN(5)]}
			err = s.Add(srcs[k], e, false)
		default:
			err = s.Add(srcs[k], sitemap.Entry{URL: u}, k == 0)
		}
		if err != nil {
			t.Fatal(err)
		}
	}
	s.Note("a note")
	return s
}

// splitQueries are the queries the split counts are tested with: the
// edited file and the base itself (nothing compared), for Googlebot and
// other crawlers, a whole user-agent string, in each crawler's own
// reading and in a fixed one, after a success and after other answers.
func splitQueries() []Query {
	var qs []Query
	for _, text := range []string{splitEdit, splitBase} {
		f := robots.ParseString(text)
		for _, crawler := range []string{"Googlebot", "bingbot", "GPTBot", " Mozilla/5.0 (compatible; Baiduspider/2.0)", "*"} {
			for _, how := range []struct {
				fixed   bool
				dialect robots.Dialect
				answer  robots.AnswerClass
			}{{false, robots.Google, robots.Success}, {true, robots.GYM2008, robots.Success}, {true, robots.PythonLegacy, robots.Success},
				{false, robots.Google, robots.ServerError}, {true, robots.MK1996, robots.Forbidden}} {
				qs = append(qs, Query{File: f, Query: sitemsg.Query{Text: text, Crawler: crawler, Fixed: how.fixed, Dialect: how.dialect, Answer: how.answer}})
			}
		}
	}
	return qs
}

// throughJSON returns p as the helper's message carries it.
func throughJSON(t testing.TB, p *sitemsg.Part) *sitemsg.Part {
	t.Helper()
	b, err := json.Marshal(p)
	if err != nil {
		t.Fatal(err)
	}
	var got *sitemsg.Part
	if err := json.Unmarshal(b, &got); err != nil {
		t.Fatal(err)
	}
	return got
}

// TestCoverSplit is the proof that the worker may count on two cores:
// for random URLs, requests and queries, a count in two shares (the
// halves, and cuts anywhere), the second through the helper's way (the
// share encoded, decoded, counted, its Part through JSON), added up, is
// exactly the count of everything at once.
func TestCoverSplit(t *testing.T) {
	r := rand.New(rand.NewPCG(33, 1))
	qs := splitQueries()
	for round := range 12 {
		n := []int{0, 1, 2, 3, 17, 500, 3000}[round%7]
		s := randomURLs(t, r, n)
		h, version := s.view()
		first, second := h.whole().halves()
		// The helper's share: the second halves, encoded and decoded.
		b, shareVersion, _ := s.appendShare(nil, maxShare)
		var helper SiteURLs
		if err := helper.Load(b); err != nil {
			t.Fatal(err)
		}
		hh, hv := helper.view()
		if shareVersion != version || hv != version || hh.total() != h.total()-first.len() {
			t.Fatalf("the share holds %d entries of version %d; want %d of %d", hh.total(), hv, h.total()-first.len(), version)
		}
		// A cut anywhere.
		cut := share{}
		cut.submitted = span{0, r.IntN(h.submitted.Len() + 1)}
		cut.listed = span{0, r.IntN(h.listed.Len() + 1)}
		cut.requests = span{0, r.IntN(h.requests.Len() + 1)}
		rest := share{span{cut.submitted.to, h.submitted.Len()}, span{cut.listed.to, h.listed.Len()}, span{cut.requests.to, h.requests.Len()}}

		for _, q := range qs {
			name := fmt.Sprintf("%d URLs, %q, fixed %v %v, %v, compared %v", n, q.Crawler, q.Fixed, q.Dialect, q.Answer, q.Text != splitBase)
			alone, err := s.Cover(q, nil)
			if err != nil {
				t.Fatal(err)
			}
			if halves, err := s.CoverHalves(q); err != nil || !reflect.DeepEqual(halves, alone) {
				t.Fatalf("%s: CoverHalves differs (%v)", name, err)
			}
			// The changes, counted apart for each set, are one Diff's over
			// all the URLs, as the worker counted them before it could
			// count in shares.
			if alone.Compared {
				d := q.diff(h.base, q.Crawler)
				for _, set := range []*URLSet{&h.submitted, &h.listed} {
					for i := range set.Len() {
						d.Add(set.At(i))
					}
				}
				if want := d.Flips(); !reflect.DeepEqual(alone.Flips, want) {
					t.Fatalf("%s: flips\n%+v\nwant one Diff's\n%+v", name, alone.Flips, want)
				}
				// Every crawler's two counts, newly allowed and newly
				// blocked, and the changes that make them up, are a Diff's
				// of that crawler alone over every URL (a few rounds: 43
				// Diffs a query).
				if n <= 500 {
					for i, a := range alone.Matrix.Agents {
						d := q.diff(h.base, a)
						for _, set := range []*URLSet{&h.submitted, &h.listed} {
							for k := range set.Len() {
								d.Add(set.At(k))
							}
						}
						want := flipsOf(d.Flips())
						if got := alone.Matrix.Changes[i]; !reflect.DeepEqual(got, want) {
							t.Fatalf("%s: %s's changes\n%+v\nwant its own Diff's\n%+v", name, a, got, want)
						}
					}
				}
			}
			count := func(h *held, sh share) *sitemsg.Part {
				p, err := h.count(q, sh, nil)
				if err != nil {
					t.Fatal(err)
				}
				return p
			}
			p0 := count(&h, first)
			for _, c := range []struct {
				how  string
				a, b *sitemsg.Part
			}{
				{"halves", p0, count(&h, second)},
				{"halves through JSON", throughJSON(t, p0), throughJSON(t, count(&h, second))},
				{"the helper's share", p0, throughJSON(t, count(&hh, hh.whole()))},
				{"a cut anywhere", count(&h, cut), throughJSON(t, count(&h, rest))},
			} {
				split, err := h.coverage(q, version, c.a, c.b)
				if err != nil {
					t.Fatal(err)
				}
				if !reflect.DeepEqual(split, alone) {
					a, _ := json.Marshal(alone)
					b, _ := json.Marshal(split)
					t.Fatalf("%s, %s: split\n%s\nalone\n%s", name, c.how, b, a)
				}
			}
		}
	}
}

// TestCoverSplitMeets checks that the split counts' test meets what it
// must: flips both ways, requests of several crawlers, lines that both
// allow and block, a server's answer that decides alone.
func TestCoverSplitMeets(t *testing.T) {
	s := randomURLs(t, rand.New(rand.NewPCG(33, 2)), 3000)
	var allows, blocks, byAnswer bool
	for _, q := range splitQueries() {
		c, err := s.Cover(q, nil)
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range c.Flips {
			allows, blocks = allows || f.Allowed, blocks || !f.Allowed
		}
		byAnswer = byAnswer || c.Tally.Access.Permission != robots.FollowRules && c.Tally.Blocked > 0
		if len(c.Requests) < 4 || len(c.Tally.Lines) < 2 && c.Tally.Access.Permission == robots.FollowRules && q.Crawler != "GPTBot" {
			t.Errorf("%q: %d crawlers' requests, %d lines", q.Crawler, len(c.Requests), len(c.Tally.Lines))
		}
	}
	if !allows || !blocks || !byAnswer {
		t.Errorf("flips that allow %v, that block %v; an answer that blocks %v", allows, blocks, byAnswer)
	}
}

// TestPartJSON: the engine's results a Part carries come back from JSON
// as they were.
func TestPartJSON(t *testing.T) {
	p := &sitemsg.Part{
		Version: 7,
		Submitted: []robots.Tally{{Agent: "bingbot", Dialect: robots.GYM2008, Access: robots.AccessFor(robots.Google, robots.ServerError),
			Allowed: 3, Blocked: 2, Lines: []robots.LineCount{{Line: 0, Allowed: true, Count: 3, Examples: []string{"/a", "/ü"}}, {Line: 4, Rule: "Disallow: /x", Count: 2, Fetched: 1, Examples: []string{}}}}},
		Listed:   robots.Tally{Agent: "bingbot", Dialect: robots.PythonLegacy, Access: robots.AccessFor(robots.MK1996, robots.Forbidden)},
		Requests: []robots.Tally{},
		SubmittedFlips: []robots.Flip{{Agent: "bingbot", Dialect: robots.Python, Allowed: true, Old: robots.Decider{Line: 2, Rule: "Disallow: /"},
			New: robots.Decider{ByAnswer: true}, Count: 9, Examples: []string{"/x"}}},
	}
	if a := p.Submitted[0].Access; a.Lasting == 0 || a.Permission == robots.FollowRules {
		t.Fatalf("the test's access %+v lasts no time", a)
	}
	if got := throughJSON(t, p); !reflect.DeepEqual(got, p) {
		t.Errorf("through JSON\n%+v\nwant\n%+v", got, p)
	}
	var none sitemsg.Part
	if got := throughJSON(t, &none); !reflect.DeepEqual(got, &none) {
		t.Errorf("an empty Part through JSON: %+v", got)
	}
}
