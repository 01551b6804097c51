package verify_test

import (
	"strings"
	"testing"

	"robotstester/robots"
	"robotstester/robots/sitemap"
	"robotstester/robots/verify"
	"robotstester/robots/verify/verifytest"
)

// fixtureLists reads the lists of testdata, by the token of their
// crawler.
func fixtureLists(t testing.TB) map[string]*verify.List {
	t.Helper()
	lists := make(map[string]*verify.List)
	for _, c := range verifytest.Crawlers {
		l := readFixture(t, c.List)
		for _, a := range c.Inside {
			if !l.Contains(a) {
				t.Errorf("%s does not hold %v", c.List, a)
			}
		}
		for _, a := range c.Outside {
			if l.Contains(a) {
				t.Errorf("%s holds %v", c.List, a)
			}
		}
		lists[c.Token] = l
	}
	return lists
}

// TestTallyLog: a generated log, read as the command line and the page
// read one, checked by the fixture lists, gives the counts the generator
// expects.
func TestTallyLog(t *testing.T) {
	lists := fixtureLists(t)
	for _, seed := range []uint64{1, 2, 45} {
		log, want := verifytest.Log(seed, 2000)
		got := make(map[string]verify.Tally)
		err := sitemap.ReadLog(strings.NewReader(log), "access.log", func(n sitemap.Note) { t.Errorf("note: %v", n) }, func(e sitemap.Entry) error {
			token := robots.ProductToken(e.Agent)
			l, ok := lists[token]
			if !ok {
				return nil // a browser
			}
			tally := got[token]
			tally.Add(verify.ByList(l, e.Addr), strings.HasPrefix(e.URL, verifytest.Disallowed))
			got[token] = tally
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
		if len(got) != len(want) {
			t.Errorf("seed %d: tokens %v, want %v", seed, got, want)
		}
		for token, w := range want {
			if got[token] != w {
				t.Errorf("seed %d, %s: %+v, want %+v", seed, token, got[token], w)
			}
			if w.All.Verified == 0 || w.All.Forged == 0 || w.All.Unverified == 0 || w.Blocked.Requests == 0 {
				t.Errorf("seed %d, %s: the log misses a case: %+v", seed, token, w)
			}
		}
	}
}

func TestTallyAdd(t *testing.T) {
	var tally verify.Tally
	for _, r := range []struct {
		s       verify.Status
		blocked bool
	}{{verify.Verified, false}, {verify.Forged, true}, {verify.Forged, false}, {verify.Unverified, true}, {verify.Verified, true}} {
		tally.Add(r.s, r.blocked)
	}
	want := verify.Tally{
		All:     verify.Counts{Requests: 5, Verified: 2, Forged: 2, Unverified: 1},
		Blocked: verify.Counts{Requests: 3, Verified: 1, Forged: 1, Unverified: 1},
	}
	if tally != want {
		t.Errorf("got %+v, want %+v", tally, want)
	}
}
