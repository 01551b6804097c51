//go:build !js

package e2e

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"robotstester/internal/server"
)

// TestSiteURLsWorker reads pasted URLs in the panel's worker under a URL
// prefix (its script, wasm_exec.js and WebAssembly found from there), and
// when the worker's WebAssembly is missing, says so in the panel and keeps
// what the user pasted.
func TestSiteURLsWorker(t *testing.T) {
	p := suite.NewPage(t)
	p.Open(suite.Site(t, "/sub/path"))
	p.Wait(`#counts[data-linted="true"]`) // the findings land, and move the panels below
	p.Click("#site-urls-toggle")
	p.addSiteURLs("/a\n/private/b\n/c\n") // once the live panel shows
	p.WaitAttr("#site-urls-summary", "data-urls", "3")
	noExceptions(t, p)

	// The same site, its worker's WebAssembly gone. Its 404 waits until
	// the paste is being read: a worker that failed before the Add would
	// show the failure first, and the test could take that one for the
	// paste's, then see "Reading pasted text…" of a second worker.
	site := http.FileServer(http.Dir(suite.SiteDir(t, "")))
	release := make(chan struct{})
	var once sync.Once
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if strings.Contains(r.URL.Path, "siteworker.wasm") {
			select {
			case <-release:
			case <-r.Context().Done():
			}
			http.NotFound(w, r)
			return
		}
		site.ServeHTTP(w, r)
	}))
	t.Cleanup(srv.Close)
	t.Cleanup(func() { once.Do(func() { close(release) }) }) // before srv.Close, which waits for the handler
	q := suite.NewPage(t)
	q.Open(srv.URL + "/")
	q.Wait(`#counts[data-linted="true"]`)
	q.Click("#site-urls-toggle")
	q.addSiteURLs("/kept\n")
	deadline := time.Now().Add(Timeout)
	for !strings.Contains(q.Text("#site-urls-status"), "Reading pasted text") {
		if time.Now().After(deadline) {
			t.Fatalf("the panel says %q, not that it reads the paste", q.Text("#site-urls-status"))
		}
		time.Sleep(50 * time.Millisecond)
	}
	once.Do(func() { close(release) })
	for !strings.Contains(q.Text("#site-urls-status"), "failed") {
		if time.Now().After(deadline) {
			t.Fatalf("the panel says %q", q.Text("#site-urls-status"))
		}
		time.Sleep(100 * time.Millisecond)
	}
	if got := q.Text("#site-urls-status"); !strings.Contains(got, "siteworker.wasm answered 404") || !strings.Contains(got, "untouched") {
		t.Errorf("the panel says %q", got)
	}
	if got := q.Value("#site-urls-paste"); got != "/kept\n" {
		t.Errorf("the paste became %q", got)
	}

	// Rules by intent has its file written by the same worker, started
	// again when the panel opens: it says in a sentence that it could
	// not, disables Apply, and keeps what was chosen.
	q.Click("#more-intent > summary")
	q.Wait("#more-intent[open] #intent")
	choose(q, "#intent-role-ai-training", "block")
	q.Wait("#intent-failed")
	deadline = time.Now().Add(Timeout)
	for !strings.Contains(q.Text("#intent-failed"), "404") {
		if time.Now().After(deadline) {
			t.Fatalf("the intent panel says %q", q.Text("#intent-failed"))
		}
		time.Sleep(100 * time.Millisecond)
	}
	if got := q.Text("#intent-failed"); !strings.Contains(got, "could not be written") || !strings.Contains(got, "untouched") {
		t.Errorf("the intent panel says %q", got)
	}
	if !Eval[bool](q, "reading Apply", `document.querySelector("#intent-apply").disabled`) || q.Value("#intent-role-ai-training") != "block" {
		t.Error("the worker down: Apply enabled, or the choice lost")
	}
}

// watchWorkerJS wraps the page's Worker, before the panel starts its
// worker, so that the test sees the worker's Counted replies
// (window.__counted); with nohelper, the worker's address gets the
// query flag that keeps it from starting its helper (app/siteworker).
const watchWorkerJS = `(nohelper) => {
	const W = window.Worker;
	window.__counted = [];
	window.Worker = function(url, opts) {
		const w = new W(nohelper ? url + "&nohelper" : url, opts);
		w.addEventListener("message", (e) => {
			try {
				const r = JSON.parse(e.data.json);
				if (r.kind === "counted") window.__counted.push(r);
			} catch (_) {}
		});
		return w;
	};
}`

// dropURLsJS drops a list of n URLs, made in the page, on the panel.
const dropURLsJS = `(n) => {
	const sections = ["blog", "shop", "private", "private/press", "search", "cart", "news", "docs"];
	const lines = [];
	for (let i = 0; i < n; i++) lines.push("https://example.com/" + sections[i % 8] + "/" + (i * 7919 % 1000) + "/item-" + i + ".html");
	const dt = new DataTransfer();
	dt.items.add(new File([lines.join("\n") + "\n"], "urls.txt", {type: "text/plain"}));
	document.querySelector("#site-urls-panel").dispatchEvent(new DragEvent("drop", {dataTransfer: dt, bubbles: true, cancelable: true}));
}`

// TestSiteURLsHelper drops more URLs than the worker counts alone
// (sitework.HelperMin), and checks that the worker's helper counted a
// share of them, and that the panel says for two crawlers, an edit
// compared, exactly what a worker without a helper says.
func TestSiteURLsHelper(t *testing.T) {
	const n = 30_000
	file := "User-agent: *\nDisallow: /private/\nAllow: /private/press/\nDisallow: /*.html$\n\nUser-agent: bingbot\nDisallow: /blog/\nAllow: /blog/1\n"
	edited := strings.Replace(file, "Disallow: /*.html$", "Disallow: /shop/\nDisallow: /news/9", 1)
	counts := func(nohelper bool) map[string]string {
		p := suite.NewPage(t)
		p.Open(suite.Site(t, ""))
		p.Wait(`#counts[data-linted="true"]`)
		p.Replace(editor, file)
		p.WaitAttr("#summary", "data-bytes", strconv.Itoa(len(file)))
		p.Call("watching the worker", watchWorkerJS, nohelper)
		p.Click("#site-urls-toggle")
		p.Wait("#site-urls-paste")
		p.Call("dropping URLs", dropURLsJS, n)
		waitAttrWithin(p, `#site-urls-summary[data-counted="true"]`, "data-urls", strconv.Itoa(n), time.Minute)
		// The last count of crawler, which the page shows, as the
		// worker said it: whether the helper counted, and the rest.
		last := func(crawler string) (helped bool, view string) {
			js := `(() => {
				const c = window.__counted.filter(r => r.view.crawler === ` + jsString(crawler) + `).sort((a, b) => b.id - a.id)[0];
				if (!c) return "";
				const helped = !!c.view.helped;
				delete c.view.helped;
				return JSON.stringify({helped: helped, view: JSON.stringify(c.view)});
			})()`
			var got struct {
				Helped bool
				View   string
			}
			if err := json.Unmarshal([]byte(Eval[string](p, "reading the counts", js)), &got); err != nil {
				t.Fatalf("the counts of %s: %v", crawler, err)
			}
			return got.Helped, got.View
		}
		choose := func(crawler string) {
			p.Call("choosing "+crawler, `(c) => {
				const el = document.querySelector("#site-urls-crawler");
				el.value = c;
				el.dispatchEvent(new Event("change", {bubbles: true}));
			}`, crawler)
			waitAttrWithin(p, `#site-urls-summary[data-crawler="`+crawler+`"][data-counted="true"]`, "data-urls", strconv.Itoa(n), time.Minute)
		}
		got := map[string]string{}
		p.Replace(editor, edited)
		p.Wait("#site-urls-changes")
		for i, crawler := range []string{"Googlebot", "bingbot"} {
			if i > 0 || Eval[string](p, "the crawler", `document.querySelector("#site-urls-summary").dataset.crawler`) != crawler {
				choose(crawler)
			}
			helped, view := last(crawler)
			// The helper starts once the URLs are many, and is sent them
			// once read: a count may come before it holds them.
			for try := 0; !nohelper && !helped && try < 5; try++ {
				time.Sleep(time.Second)
				choose("GPTBot")
				choose(crawler)
				helped, view = last(crawler)
			}
			if helped == nohelper {
				t.Errorf("nohelper %v: the count for %s was helped: %v", nohelper, crawler, helped)
			}
			if !strings.Contains(view, "site-urls-changes") {
				t.Errorf("the count for %s compares nothing: %s", crawler, view)
			}
			got[crawler] = view
		}
		noExceptions(t, p)
		return got
	}
	helped, alone := counts(false), counts(true)
	for crawler, view := range alone {
		if helped[crawler] != view {
			t.Errorf("%s: helped\n%s\nalone\n%s", crawler, helped[crawler], view)
		}
	}
}

// TestSiteURLsKept reloads the page after URLs were added to the panel:
// they are read back (kept in the browser's IndexedDB by the worker), and
// said to be kept; once cleared, a reload finds none, and a visit with
// none kept never fetches the worker's WebAssembly before the panel is
// opened.
func TestSiteURLsKept(t *testing.T) {
	p := suite.NewPage(t)
	site := suite.Site(t, "")
	p.Open(site)
	p.Wait(`#counts[data-linted="true"]`)
	p.Click("#site-urls-toggle")
	p.addSiteURLs("/a\n/private/b\n/c\n")
	p.WaitAttr("#site-urls-summary", "data-urls", "3")
	p.Wait("#site-urls-kept")
	blocked, _ := p.Attr("#site-urls-summary", "data-blocked")

	p.Open(site)
	p.Click("#site-urls-toggle")
	p.WaitAttr("#site-urls-summary", "data-urls", "3")
	if got, _ := p.Attr("#site-urls-summary", "data-blocked"); got != blocked {
		t.Errorf("blocked %q once read back, want %q as before the reload", got, blocked)
	}
	p.Wait("#site-urls-kept")
	noExceptions(t, p)

	p.Click("#site-urls-clear")
	poll(p, "the URLs forgotten", `!document.querySelector("#site-urls-kept") && localStorage.getItem("robots-tester:site-kept") === ""`, func(ok bool) bool { return ok })
	p.Open(site)
	time.Sleep(time.Second) // a resume would start the worker by now
	if n := Eval[int](p, "counting the worker's fetches", `performance.getEntriesByType("resource").filter(e => e.name.includes("siteworker")).length`); n != 0 {
		t.Errorf("the worker was fetched %d times with nothing kept and the panel closed", n)
	}
	p.Click("#site-urls-toggle")
	p.WaitAttr("#site-urls-summary", "data-pages", "0")
	if got := p.Text("#site-urls-panel"); strings.Contains(got, "Reading back") || strings.Contains(got, "kept") {
		t.Errorf("the panel says %q with nothing kept", got)
	}
}

// TestSiteURLsOffline opens the panel once online, then reloads with the
// site unreachable: the page comes from go-app's service worker, and the
// panel's worker (its script, wasm_exec.js and WebAssembly) from the
// cache it kept them in, so that URLs pasted offline are counted.
func TestSiteURLsOffline(t *testing.T) {
	site := server.Handler(suite.SiteDir(t, ""))
	var down atomic.Bool
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if down.Load() {
			http.Error(w, "offline", http.StatusServiceUnavailable)
			return
		}
		site.ServeHTTP(w, r)
	}))
	t.Cleanup(srv.Close)
	p := suite.NewPage(t)
	p.Open(srv.URL + "/")
	poll(p, "the service worker in control", `!!(navigator.serviceWorker && navigator.serviceWorker.controller)`, func(ok bool) bool { return ok })
	p.Wait(`#counts[data-linted="true"]`)
	p.Click("#site-urls-toggle")
	p.addSiteURLs("/a\n")
	p.WaitAttr("#site-urls-summary", "data-urls", "1")
	run(p, "waiting for the worker's files kept", chromedp.Evaluate[chromedp.Void](`(async () => {
		for (let i = 0; i < 200; i++) {
			for (const k of await caches.keys()) {
				if (k.startsWith("robots-tester-siteworker") && (await (await caches.open(k)).keys()).length === 3) return;
			}
			await new Promise(r => setTimeout(r, 50));
		}
		throw new Error("the worker's files were not kept: " + JSON.stringify(await caches.keys()));
	})()`, chromedp.EvalAwaitPromise))
	p.Click("#site-urls-clear") // nothing kept to read back: the panel starts its worker when opened

	down.Store(true)
	p.Open(srv.URL + "/")
	p.Click("#site-urls-toggle")
	p.addSiteURLs("/b\n/private/c\n")
	deadline := time.Now().Add(Timeout)
	for n, _ := p.Attr("#site-urls-summary", "data-urls"); n != "2"; n, _ = p.Attr("#site-urls-summary", "data-urls") {
		if time.Now().After(deadline) {
			t.Fatalf("offline, the URLs pasted were not counted: the panel says %q", p.Text("#site-urls-status"))
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// addSiteURLs pastes text into the site URLs panel, open, and adds it.
func (p *Page) addSiteURLs(text string) {
	p.tb.Helper()
	p.Click("#site-urls-paste")
	p.Type("#site-urls-paste", text)
	p.Click("#site-urls-add")
}

// dropSiteFile drops a file named name, holding text, on the site URLs
// panel, as one dragged from the desktop.
func (p *Page) dropSiteFile(name, text string) {
	p.tb.Helper()
	p.Call("dropping "+name, `(name, text) => {
		const dt = new DataTransfer();
		dt.items.add(new File([text], name, {type: "text/plain"}));
		const el = document.querySelector("#site-urls-panel");
		el.dispatchEvent(new DragEvent("dragover", {dataTransfer: dt, bubbles: true, cancelable: true}));
		el.dispatchEvent(new DragEvent("drop", {dataTransfer: dt, bubbles: true, cancelable: true}));
	}`, name, text)
}

// TestSiteURLsNotes drops files on the panel at a phone's 360 px: a CSV
// whose quote is never closed (read again from the line after it), one
// that gives no URL, then a list with a line too long. What each reading noted, or that it gave no
// URL, is said in view beside the counts, by the file's name: not only
// in the closed list of sources. It checks that a note names the file,
// not the engine's words, which are not this test's.
func TestSiteURLsNotes(t *testing.T) {
	p := suite.NewPage(t)
	p.Open(suite.Site(t, ""))
	p.Wait(`#counts[data-linted="true"]`)
	viewport(p, 360, 740)
	p.Click("#site-urls-toggle")
	p.Wait("#site-urls-notes") // the live panel
	// Where a user drops a file: the panel's drop zone in view.
	p.Call("scrolling to the drop zone", `() => document.querySelector("#site-urls-file").scrollIntoView({block: "center"})`)
	p.dropSiteFile("open.csv", "Title,Address\n\"Home,https://example.com/\nShop,https://example.com/shop\n")
	// The quote left open is said, and the rows after its line are read.
	p.WaitAttr("#site-urls-summary", "data-pages", "1")
	poll(p, "the notes after open.csv", `document.querySelector("#site-urls-notes").textContent`, func(s string) bool {
		return strings.Contains(s, "open.csv: ")
	})
	toldInView(t, p, "#site-urls-summary, #site-urls-notes li", "open.csv")
	// A file that gave no URL is said so in the summary itself; it can be
	// cleared, and put back.
	p.Click("#site-urls-clear")
	p.dropSiteFile("none.csv", "Title,Address\n\"Home,https://example.com/\n")
	poll(p, "the summary after none.csv", `document.querySelector("#site-urls-summary").textContent`, func(s string) bool {
		return strings.HasPrefix(s, "No URLs read from none.csv: ")
	})
	toldInView(t, p, "#site-urls-summary, #site-urls-notes li", "none.csv")
	p.Click("#site-urls-clear")
	poll(p, "the summary once cleared", `document.querySelector("#site-urls-summary").textContent`, func(s string) bool {
		return strings.HasPrefix(s, "No URLs yet")
	})
	p.Click("#site-urls-undo")
	poll(p, "the summary once put back", `document.querySelector("#site-urls-summary").textContent`, func(s string) bool {
		return strings.HasPrefix(s, "No URLs read from none.csv: ")
	})

	p.dropSiteFile("long.txt", "/a\n"+strings.Repeat("x", 70_000)+"\n/b\n")
	p.WaitAttr("#site-urls-summary", "data-pages", "2")
	poll(p, "the notes after long.txt", `document.querySelector("#site-urls-notes").textContent`, func(s string) bool {
		return strings.Contains(s, "long.txt: ") && strings.Contains(s, "none.csv: ")
	})
	toldInView(t, p, "#site-urls-notes li", "long.txt")
	if n := Eval[int](p, "the panel's overflow", `(() => { const e = document.querySelector("#site-urls-panel"); return e.scrollWidth - e.clientWidth; })()`); n > 0 {
		t.Errorf("the panel is %d px wider than its box at 360 px", n)
	}
	noExceptions(t, p)
}

// toldInView fails t unless an element of sel that names file is shown
// within the viewport, not inside a closed details element.
func toldInView(t *testing.T, p *Page, sel, file string) {
	t.Helper()
	type box struct {
		Text                     string
		Top, Bottom, Left, Right float64
		W, H                     float64
		Closed                   bool
	}
	boxes := Eval[[]box](p, "finding what is told of "+file, `[...document.querySelectorAll(`+jsString(sel)+`)]
		.filter(e => e.textContent.includes(`+jsString(file)+`))
		.map(e => { const r = e.getBoundingClientRect();
			return {Text: e.textContent, Top: r.top, Bottom: r.bottom, Left: r.left, Right: r.right, W: innerWidth, H: innerHeight,
				Closed: !!e.closest("details:not([open])") || e.getClientRects().length === 0}; })`)
	for _, b := range boxes {
		if !b.Closed && b.Top >= 0 && b.Bottom <= b.H && b.Left >= 0 && b.Right <= b.W {
			return
		}
	}
	t.Errorf("nothing told of %s in view: %+v", file, boxes)
}
