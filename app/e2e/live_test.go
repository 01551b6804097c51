//go:build !js

package e2e

import (
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"
	"time"

	"robotstester/app/internal/share"
	"robotstester/internal/server"
	"robotstester/internal/server/relay"
)

// TestPinnedExpectations pins a verdict, breaks it by editing the file,
// and checks the marks, the counts, Undo and the autosave.
func TestPinnedExpectations(t *testing.T) {
	p := suite.NewPage(t)
	p.Open(suite.Site(t, ""))
	verdict(p, 1, "blocked") // the example's Googlebot /private/plans.pdf

	p.Click(row(1, "button.pin"))
	p.WaitAttr(`[data-row="1"]`, "data-expect", "blocked")
	p.WaitAttr("#results", "data-pinned", "1")
	if _, ok := p.Attr(`[data-row="1"]`, "data-expect-broken"); ok {
		t.Errorf("a pinned verdict that holds is marked broken")
	}

	// An edit that lets the URL through breaks the expectation.
	p.Replace(editor, "User-agent: *\nDisallow: /cart/\n")
	verdict(p, 1, "allowed")
	p.WaitAttr(`[data-row="1"]`, "data-expect-broken", "true")
	p.WaitAttr("#results", "data-broken", "1")
	if got := p.Text("#results-counts"); !strings.Contains(got, "1 expectation broken of 1") {
		t.Errorf("counts %q", got)
	}

	// Saved with the work, and back after a reload.
	deadline := time.Now().Add(Timeout)
	for !strings.Contains(Eval[string](p, "reading the autosave", `localStorage.getItem("`+share.SaveKey+`") || ""`), `"expect":"blocked"`) {
		if time.Now().After(deadline) {
			t.Fatal("the pin is not autosaved")
		}
		time.Sleep(50 * time.Millisecond)
	}
	p.Reload()
	p.WaitAttr(`[data-row="1"]`, "data-expect-broken", "true")

	// Pin all, then Undo takes it back.
	p.Click("#pin-all")
	p.WaitAttr("#results", "data-pinned", "7")
	p.WaitAttr("#results", "data-broken", "0")
	p.Click("#undo")
	p.WaitAttr("#results", "data-pinned", "1")
	p.WaitAttr("#results", "data-broken", "1")
	noExceptions(t, p)
}

// chooseAnswer picks a server answer as a user would.
func chooseAnswer(p *Page, value string) {
	p.tb.Helper()
	p.Call("choosing the server answer", `(v) => {
		const s = document.querySelector("select#server-answer");
		s.value = v;
		s.dispatchEvent(new Event("change", {bubbles: true}));
	}`, value)
}

// waitFor reads read until ok holds of what it reads, for at most
// Timeout, and returns "" then, or else the last thing read.
func waitFor(p *Page, read func() string, ok func(string) bool) string {
	p.tb.Helper()
	deadline := time.Now().Add(Timeout)
	for {
		got := read()
		if ok(got) {
			return ""
		}
		if time.Now().After(deadline) {
			return got
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// TestServerAnswer picks server answers and checks what each reading does.
func TestServerAnswer(t *testing.T) {
	p := suite.NewPage(t)
	p.Open(suite.Site(t, ""))
	verdict(p, 0, "allowed") // the example: Googlebot, /private/press/launch.html
	verdict(p, 1, "blocked")
	if p.Count("#answer-note") != 0 {
		t.Errorf("a note for a plain 200")
	}

	chooseAnswer(p, "503")
	p.WaitAttr("#answer-note", "data-answer", "503")
	for i := 0; i < 7; i++ {
		verdict(p, i, "blocked")
	}
	if got := p.Text("#answer-note"); !strings.Contains(got, "Server answers 503: Googlebot treats the site as fully disallowed") {
		t.Errorf("note %q", got)
	}
	p.Click(row(0, "button.why"))
	p.WaitAttr("#why", "data-why-row", "0")
	// The Why is drawn at go-app's next frame, after the click's task.
	if got := waitFor(p, func() string { return p.Text("#why-answer") }, func(s string) bool {
		return strings.Contains(s, "Google treats 429, 5xx and network errors as server errors")
	}); got != "" {
		t.Errorf("why %q", got)
	}

	chooseAnswer(p, "404")
	for i := 0; i < 7; i++ {
		verdict(p, i, "allowed")
	}
	// A 3-hop redirect reads the file again.
	chooseAnswer(p, "redirect-3")
	verdict(p, 1, "blocked")
	// Undo goes back to the 404.
	p.Click("#undo")
	verdict(p, 1, "allowed")
	// The verdicts are painted in the click's own task, the rest of the
	// page at go-app's next frame.
	p.WaitAttr("#answer-note", "data-answer", "404")
	if got := waitFor(p, func() string { return p.Value("select#server-answer") }, func(s string) bool { return s == "404" }); got != "" {
		t.Errorf("select shows %q after undo, want 404", got)
	}
	// The dialect's select still shows a choice: each crawler's own, an
	// option without a value attribute.
	if i := Eval[int](p, "reading the dialect", `document.querySelector("select#dialect").selectedIndex`); i != 0 {
		t.Errorf("select#dialect shows option %d after undo, want 0", i)
	}
	// Kept in the autosave.
	deadline := time.Now().Add(Timeout)
	for !strings.Contains(Eval[string](p, "reading the autosave", `localStorage.getItem("`+share.SaveKey+`") || ""`), `"answer":"404"`) {
		if time.Now().After(deadline) {
			t.Fatal("the answer is not autosaved")
		}
		time.Sleep(50 * time.Millisecond)
	}
	p.Reload()
	p.WaitAttr("#answer-note", "data-answer", "404")
	verdict(p, 1, "allowed")
	noExceptions(t, p)
}

// otherSite serves robots.txt on another origin than the tester's, with
// the status given, and allowing pages of any origin to read it when cors.
func otherSite(t *testing.T, status int, body string, cors bool) string {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/robots.txt" {
			http.NotFound(w, r)
			return
		}
		if cors {
			w.Header().Set("Access-Control-Allow-Origin", "*")
		}
		w.Header().Set("Content-Type", "text/plain; charset=utf-8")
		w.WriteHeader(status)
		w.Write([]byte(body))
	}))
	t.Cleanup(srv.Close)
	return srv.URL
}

// fetchFrom types a page's address into the live box and asks for it.
func fetchFrom(p *Page, site string) {
	p.tb.Helper()
	p.Replace("#live-url", site)
	p.Click("#live-fetch")
}

// TestFetch fetches robots.txt from a site that allows it, one that
// answers 503, and one that sends no CORS header.
func TestFetch(t *testing.T) {
	const file = "User-agent: *\nDisallow: /private/press/\n"
	open := otherSite(t, http.StatusOK, file, true)
	down := otherSite(t, http.StatusServiceUnavailable, "<html>down</html>", true)
	closed := otherSite(t, http.StatusOK, file, false)

	p := suite.NewPage(t)
	p.Open(suite.Site(t, ""))
	verdict(p, 0, "allowed") // Googlebot on /private/press/launch.html

	// The page asked about becomes the selected test's URL.
	fetchFrom(p, open+"/private/press/launch.html")
	p.WaitAttr("#fetch-status", "data-fetch", "ok")
	verdict(p, 0, "blocked")
	if got := p.Value(row(0, "input[name=url]")); got != open+"/private/press/launch.html" {
		t.Errorf("test 1's URL %q", got)
	}
	deadline := time.Now().Add(Timeout)
	for p.Value(editor) != file {
		if time.Now().After(deadline) {
			t.Fatalf("the editor holds %q", p.Value(editor))
		}
		time.Sleep(50 * time.Millisecond)
	}

	// A 503 keeps the file and sets the server answer.
	fetchFrom(p, down)
	p.WaitAttr("#answer-note", "data-answer", "503")
	if got := p.Value("select#server-answer"); got != "503" {
		t.Errorf("server answer %q, want 503", got)
	}
	if got := p.Text("#fetch-status"); !strings.Contains(got, "answered 503") {
		t.Errorf("status %q", got)
	}

	// Undo twice: the 503, then the fetched file. The fetch's report,
	// which said what Undo took back, goes.
	p.Click("#undo")
	p.WaitGone("#answer-note")
	p.WaitGone("#fetch-status")
	p.Click("#undo")
	verdict(p, 0, "allowed")

	// A site without CORS: the browser refuses, the page says so and
	// shows the command line.
	fetchFrom(p, closed)
	p.WaitAttr("#fetch-status", "data-fetch", "refused")
	if got := p.Text("#fetch-command"); !strings.Contains(got, "go run ./robots/cmd/robotstxt fetch "+closed+"/robots.txt") {
		t.Errorf("command %q", got)
	}
	verdict(p, 0, "allowed")

	// Enter in the field fetches too; an address that names no web site
	// is refused before any request.
	p.Replace("#live-url", "ftp://example.com")
	p.Type("#live-url", "\n")
	p.WaitAttr("#fetch-status", "data-fetch", "bad")
}

// TestLiveURL types a page's URL into the live box of a site served with
// its fetch relay (robotstxt serve, serve -fetch): the relay fetches the
// robots.txt of the page's origin, a local site that sends no CORS header
// and redirects once, the file lands in the editor, the page becomes the
// selected test's URL, and the verdict, the status, the redirect and the
// time show; the file, edited, is compared with what is live (Compare
// versions); Undo takes the fetch back in one step.
func TestLiveURL(t *testing.T) {
	const file = "User-agent: *\nDisallow: /shop/cart\n"
	origin := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/robots.txt":
			http.Redirect(w, r, "/real-robots.txt", http.StatusMovedPermanently)
		case "/real-robots.txt":
			w.Header().Set("Content-Type", "text/plain; charset=utf-8")
			w.Write([]byte(file))
		default:
			http.NotFound(w, r)
		}
	}))
	t.Cleanup(origin.Close)
	opts := server.Options{Dir: suite.SiteDir(t, ""), Fetch: true, Relay: relay.Config{AllowLoopback: true}}
	h, err := opts.Handler()
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(h)
	t.Cleanup(srv.Close)

	p := suite.NewPage(t)
	p.Open(srv.URL + "/")
	verdict(p, 0, "allowed")
	page := origin.URL + "/shop/cart?id=1"
	fetchFrom(p, page)
	p.WaitAttr("#fetch-status", "data-fetch", "ok")
	p.WaitAttr("#test-bar [data-verdict]", "data-verdict", "blocked")
	if got := p.Value("#test-bar input[name=url]"); got != page {
		t.Errorf("the selected test's URL %q, want %q", got, page)
	}
	if got := p.Value(editor); got != file {
		t.Errorf("the editor holds %q", got)
	}
	status := p.Text("#fetch-status")
	for _, want := range []string{"200", "1 redirect", " ms"} {
		if !strings.Contains(status, want) {
			t.Errorf("the status %q does not say %q", status, want)
		}
	}
	// The fetched file, edited, is compared with what is live.
	p.Replace(editor, "User-agent: *\nAllow: /\n")
	p.WaitAttr("#test-bar [data-verdict]", "data-verdict", "allowed")
	p.Click("#versions-compare-toggle")
	p.Click("#proposed-live")
	p.WaitAttr("#versions-compare-summary", "data-changed", "1")
	p.Wait(`tr[data-change="0"][data-current="allowed"][data-proposed="blocked"]`)

	// Undo takes back the edit (the whole file typed over), then the
	// fetch: the file and the test's URL.
	p.Click("#undo")
	p.WaitAttr("#summary", "data-bytes", strconv.Itoa(len(file)))
	p.WaitAttr("#test-bar [data-verdict]", "data-verdict", "blocked")
	p.Click("#undo")
	poll(p, "reading the test's URL after Undo", `document.querySelector("#test-bar input[name=url]").value`,
		func(got string) bool { return got != page })
	verdict(p, 0, "allowed")

	noExceptions(t, p)

	// A target the relay refuses says why. (The browser logs the relay's
	// 403 as a failed resource: no exception is checked after it.)
	fetchFrom(p, "http://169.254.169.254/latest")
	p.WaitAttr("#fetch-status", "data-fetch", "refused")
	if got := p.Text("#fetch-status"); !strings.Contains(got, "relay refused") {
		t.Errorf("the refusal says %q", got)
	}
}

// TestVersionsCompare compares the example with a proposed file, then an
// earlier version with the current file, and exports the changes.
func TestVersionsCompare(t *testing.T) {
	p := suite.NewPage(t)
	p.Open(suite.Site(t, ""))
	p.Call("watching downloads", blobsJS)
	verdict(p, 1, "blocked")
	p.Wait(`#counts[data-linted="true"]`) // the findings move the panels below
	p.Click("#versions-compare-toggle")
	p.Wait("#" + "proposed-robots")

	// The proposed file drops the Googlebot group and /search: test 2
	// (/private/plans.pdf) and test 6 (/search?q=…) become allowed, and
	// bingbot's test 5 (/cart/checkout) falls to the * group: blocked.
	p.Replace("#proposed-robots", "User-agent: *\nDisallow: /cart/\n\nUser-agent: GPTBot\nDisallow: /\n")
	p.WaitAttr("#versions-compare-summary", "data-changed", "3")
	if got, _ := p.Attr(`[data-change="1"]`, "data-proposed"); got != "allowed" {
		t.Errorf("test 2 proposed %q, want allowed", got)
	}
	if got := p.Text(`[data-change="1"]`); !strings.Contains(got, "Disallow: /private/") || !strings.Contains(got, "no rule matches") {
		t.Errorf("test 2's change shows %q", got)
	}
	if p.Count(`[data-change="0"]`) != 0 || p.Count(`[data-change="3"]`) != 0 {
		t.Errorf("unchanged tests listed")
	}
	if got := p.Text("#versions-compare-summary"); got != "3 of 7 tests change verdict: 1 now blocked, 2 now allowed." {
		t.Errorf("summary %q", got)
	}
	p.Click("#export-changes")
	if csv := lastBlob(p); !strings.HasPrefix(csv, "test,agent,token,url") || strings.Count(csv, "\n") != 4 {
		t.Errorf("CSV:\n%s", csv)
	}

	// The comparison follows the tests: a new blocked test under the
	// current file shows as a change.
	p.Replace(row(6, "input[name=url]"), "/private/x")
	p.WaitAttr("#versions-compare-summary", "data-changed", "4")
	deadline := time.Now().Add(Timeout)
	for !strings.Contains(Eval[string](p, "reading the autosave", `localStorage.getItem("`+share.SaveKey+`") || ""`), "/private/x") {
		if time.Now().After(deadline) {
			t.Fatal("the work is not autosaved")
		}
		time.Sleep(50 * time.Millisecond)
	}

	// An earlier version: clear the file, let the autosave keep the
	// example as a version, and compare with it.
	p.Click("#clear-file")
	deadline = time.Now().Add(Timeout)
	for !strings.Contains(Eval[string](p, "reading the versions", `localStorage.getItem("robots-tester:versions") || ""`), "GPTBot") {
		if time.Now().After(deadline) {
			t.Fatal("no version kept")
		}
		time.Sleep(50 * time.Millisecond)
	}
	p.Click("#versions-compare-toggle") // closed
	p.Click("#versions-compare-toggle") // open again: the versions are read
	p.Wait(`select#proposed-version option[value="0"]`)
	p.Call("choosing a version", `() => {
		const s = document.querySelector("select#proposed-version");
		s.value = "0";
		s.dispatchEvent(new Event("change", {bubbles: true}));
	}`)
	// Against the empty file, the example blocks tests 2, 4, 6 and 7.
	p.WaitAttr("#versions-compare-summary", "data-changed", "4")
	if got, _ := p.Attr(`[data-change="3"]`, "data-proposed"); got != "blocked" {
		t.Errorf("test 4 under the version: %q", got)
	}
	if !strings.Contains(p.Value("#proposed-robots"), "User-agent: GPTBot") {
		t.Errorf("the version's file is not shown")
	}

	// A file dropped on the proposed textarea: blocks everything.
	p.Call("dropping a file", `(text) => {
		const dt = new DataTransfer();
		dt.items.add(new File([text], "robots.txt", {type: "text/plain"}));
		const el = document.querySelector("#proposed-robots");
		el.dispatchEvent(new DragEvent("dragover", {dataTransfer: dt, bubbles: true, cancelable: true}));
		el.dispatchEvent(new DragEvent("drop", {dataTransfer: dt, bubbles: true, cancelable: true}));
	}`, "User-agent: *\nDisallow: /\n")
	p.WaitAttr("#versions-compare-summary", "data-changed", "7")
	if got := p.Value("#proposed-robots"); got != "User-agent: *\nDisallow: /\n" {
		t.Errorf("dropped file shows as %q", got)
	}
	noExceptions(t, p)
}
