//go:build !js

package e2e

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/chromedp/chromedp"

	"robotstester/internal/server"
	"robotstester/internal/server/relay"
	"robotstester/robots/verify/verifytest"
)

// EnvLogScreenshot names the PNG file TestSiteURLsLogOrigins writes of
// the log's view (docs/img/log-view.png); without it, nothing is kept.
const EnvLogScreenshot = "E2E_LOG_SCREENSHOT"

// listsSite serves the built site with its relay's address lists read
// from robots/verify/testdata (-fetch-ranges-dir): the fixtures of
// Googlebot, bingbot and GPTBot. It counts the lists asked for.
func listsSite(t *testing.T) (string, *atomic.Int32) {
	opts := server.Options{Dir: suite.SiteDir(t, ""), Relay: relay.Config{RangesDir: filepath.Join("..", "..", "robots", "verify", "testdata")}}
	h, err := opts.Handler()
	if err != nil {
		t.Fatal(err)
	}
	var asked atomic.Int32
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/ranges" {
			asked.Add(1)
		}
		h.ServeHTTP(w, r)
	}))
	t.Cleanup(srv.Close)
	return srv.URL + "/", &asked
}

// spread moves the log's lines over days, a day every 600 lines, so
// that the chart of requests per day has something to draw: the counts
// by origin do not depend on the time.
func spread(log string) string {
	var b strings.Builder
	i := 0
	for line := range strings.Lines(log) {
		b.WriteString(strings.Replace(line, "[27/Nov/2026:", fmt.Sprintf("[%02d/Nov/2026:", 24+i/600), 1))
		i++
	}
	return b.String()
}

// TestSiteURLsLogOrigins drops a generated log (robots/verify/verifytest)
// on a site whose relay has the fixture address lists: the page asks
// the relay for the lists of the crawlers the log names, the worker
// counts again with them, and each crawler's row
// (tr[data-log-agent]) has the requests, verified and forged the
// generator expects (as robots.TestOriginsOnLog, and the command line,
// count them). The table sorts by a column (aria-sort) and opens a
// crawler's rules; the lists' dates and the notable crawlers are said.
// A page opened again finds the lists kept in the browser.
func TestSiteURLsLogOrigins(t *testing.T) {
	log, want := verifytest.Log(45, 3000)
	log = spread(log)
	robotsTxt := "User-agent: *\nDisallow: " + verifytest.Disallowed + "\n"
	site, asked := listsSite(t)
	p := suite.NewPage(t)
	p.Open(site)
	viewport(p, 1200, 900)
	p.Wait(`#counts[data-linted="true"]`)
	p.Replace(editor, robotsTxt)
	p.WaitAttr("#summary", "data-bytes", strconv.Itoa(len(robotsTxt)))
	p.Click("#site-urls-toggle")
	p.Wait("#site-urls-notes")
	p.dropSiteFile("access.log", log)
	p.Wait(`#site-urls-summary[data-counted="true"]`)
	for tok, w := range want {
		row := `#site-urls-log tr[data-log-agent="` + tok + `"]`
		p.WaitAttr(row, "data-verified", strconv.Itoa(w.All.Verified))
		for attr, n := range map[string]int{"data-requests": w.All.Requests, "data-forged": w.All.Forged,
			"data-unverified": w.All.Unverified, "data-blocked": w.Blocked.Requests} {
			if v, _ := p.Attr(row, attr); v != strconv.Itoa(n) {
				t.Errorf("%s: %s %q, want %d", tok, attr, v, n)
			}
		}
	}
	if n := p.Count("#site-urls-log tr[data-log-agent]"); n != len(want) {
		t.Errorf("%d crawlers drawn, want %d", n, len(want))
	}
	lists := Eval[string](p, "the lists said", `document.querySelector("#site-urls-log .log-lists").textContent`)
	for _, tok := range []string{"Googlebot", "bingbot", "GPTBot"} {
		if !strings.Contains(lists, tok+"'s list (") || !strings.Contains(lists, "addresses as of") {
			t.Errorf("the lists said: %q", lists)
		}
	}
	said := Eval[string](p, "the crawlers said", `document.querySelector("#site-urls-log .log-said").textContent`)
	if !strings.Contains(said, "verified as OpenAI's") || !strings.Contains(said, "forged") {
		t.Errorf("said: %q", said)
	}
	if p.Count("#site-urls-log figure.log-days svg rect") != 5 {
		t.Errorf("%d bars in the chart, want 5 days", p.Count("#site-urls-log figure.log-days svg rect"))
	}

	// A crawler's rules and examples.
	p.Click(`button[data-log-open="GPTBot"]`)
	p.Wait(`button[data-log-open="GPTBot"][aria-expanded="true"]`)
	p.Wait(`#site-urls-log tr.log-more [data-log-line="2"]`)
	sayViolations(t, "the log's view", axeRun(t, p))

	if out := os.Getenv(EnvLogScreenshot); out != "" {
		p.Call("scrolling to the log", `() => document.querySelector("#site-urls-log").scrollIntoView()`)
		ctx, cancel := context.WithTimeout(p.Context(), Timeout)
		defer cancel()
		shot, err := chromedp.Run(ctx, chromedp.Screenshot("#site-urls-log"))
		if err != nil {
			t.Fatal(err)
		}
		writePNG(t, out, shot)
	}

	// Sorted by forged requests: the header says so, the most forged
	// first in its group.
	p.Click(`button[data-log-sort="forged"]`)
	p.Wait(`th[aria-sort="descending"] button[data-log-sort="forged"]`)
	first := Eval[string](p, "the first search crawler", `document.querySelector("#site-log-table tbody tr[data-log-agent]").dataset.logAgent`)
	gf, bf := want["Googlebot"].All.Forged, want["bingbot"].All.Forged
	if wantFirst := map[bool]string{true: "Googlebot", false: "bingbot"}[gf >= bf]; first != wantFirst {
		t.Errorf("sorted by forged: %s first (Googlebot %d, bingbot %d forged)", first, gf, bf)
	}
	p.Click(`button[data-log-sort="forged"]`)
	p.Wait(`th[aria-sort="ascending"] button[data-log-sort="forged"]`)
	noExceptions(t, p)

	// Opened again, the page reads back the log kept, and the lists kept
	// in the browser: the relay is not asked again.
	if n := asked.Load(); n != 3 {
		t.Errorf("the relay was asked for %d lists, want 3", n)
	}
	p.Reload()
	p.Click("#site-urls-toggle")
	for tok, w := range want {
		p.WaitAttr(`#site-urls-log tr[data-log-agent="`+tok+`"]`, "data-verified", strconv.Itoa(w.All.Verified))
	}
	if n := asked.Load(); n != 3 {
		t.Errorf("opened again, the relay was asked for %d lists in all, want 3", n)
	}
	noExceptions(t, p)
}

// TestSiteURLsLogNoRelay drops the same log on a site without a relay:
// no list is at hand, so every crawler's requests stay unverified, and
// the panel says why, for each list.
func TestSiteURLsLogNoRelay(t *testing.T) {
	log, want := verifytest.Log(3, 600)
	p := suite.NewPage(t)
	p.Open(suite.Site(t, ""))
	p.Wait(`#counts[data-linted="true"]`)
	p.Click("#site-urls-toggle")
	p.Wait("#site-urls-notes")
	p.dropSiteFile("access.log", log)
	p.Wait(`#site-urls-summary[data-counted="true"]`)
	poll(p, "waiting for the lists said missing", `document.querySelector("#site-urls-log .log-lists")?.textContent ?? ""`, func(s string) bool {
		return strings.Count(s, "No address list at hand for ") == 3 && strings.Contains(s, "this site has no relay to get it through")
	})
	for tok, w := range want {
		row := `#site-urls-log tr[data-log-agent="` + tok + `"]`
		for attr, n := range map[string]int{"data-requests": w.All.Requests, "data-verified": 0, "data-forged": 0, "data-unverified": w.All.Requests} {
			if v, _ := p.Attr(row, attr); v != strconv.Itoa(n) {
				t.Errorf("%s: %s %q, want %d", tok, attr, v, n)
			}
		}
	}
	noExceptions(t, p)
}
