//go:build !js

package e2e

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"robotstester/app/model"
)

// frameWatchJS records, at every animation frame from the first until the
// page is ready, what the visitor sees: how many of the page's roots
// (main) are visible, whether the one visible has the editor and the
// results, and whether anything covers its editor. The live page is built
// hidden behind the prerendered one and takes its place in one step
// (app/ui/mount.go): at no frame may the page show both, neither, a root
// without its tests, or something over it.
const frameWatchJS = `(() => {
	const w = window.__frames = {frames: 0, bad: [], ready: false};
	const look = () => {
		if (!document.body) { requestAnimationFrame(look); return; }
		const shown = [...document.querySelectorAll("body > main")].filter(m => getComputedStyle(m).visibility !== "hidden");
		w.frames++;
		const what = shown.length + " visible; " + shown.map(m => m.className + (m.querySelector("#robots-txt") ? " +editor" : " -editor") + (m.querySelector("#results") ? " +results" : " -results")).join(", ");
		if (document.readyState !== "loading" && (shown.length !== 1 || !shown[0].querySelector("#robots-txt") || !shown[0].querySelector("#results"))) {
			w.bad.push("frame " + w.frames + ": " + what);
		}
		// Nothing covers the page shown (go-app's loader did, all window).
		const ed = shown.length === 1 && shown[0].querySelector("#robots-txt");
		if (document.readyState !== "loading" && ed) {
			const r = ed.getBoundingClientRect();
			const top = document.elementFromPoint(r.left + r.width / 2, r.top + Math.min(r.height / 2, 20));
			if (top && !ed.parentElement.contains(top)) {
				w.bad.push("frame " + w.frames + ": the editor is covered by " + top.tagName + "#" + top.id + "." + top.className);
			}
		}
		if (document.querySelector("main[data-ready]") && !document.querySelector("main.mounting")) {
			w.ready = true;
			return;
		}
		requestAnimationFrame(look);
	};
	requestAnimationFrame(look);
})()`

// TestStartWithoutFlash opens the page, and a link of 1000 tests, and
// checks every frame until the page is ready: one page shows, whole, from
// the prerendered page to the live one. Then the live page alone is left,
// and it works.
func TestStartWithoutFlash(t *testing.T) {
	st := model.State{Robots: "User-agent: *\nDisallow: /private/\n"}
	for i := range model.MaxRows {
		st.Rows = append(st.Rows, model.Row{Agent: "Googlebot", URL: fmt.Sprintf("/private/%d", i)})
	}
	base := suite.Site(t, "")
	link := stateLink(t, base, st)
	for _, tc := range []struct{ name, url, verdict string }{
		{"example", base + "/", ""},
		{"link of 1000 tests", link, "blocked"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := suite.NewPage(t)
			p.beforeScripts(frameWatchJS)
			p.Goto(tc.url)
			p.Wait("main[data-ready]")
			p.WaitGone("main.mounting")
			type watch struct {
				Frames int
				Bad    []string
				Ready  bool
			}
			w := Eval[watch](p, "reading the frames", "window.__frames")
			if len(w.Bad) > 0 {
				t.Errorf("%d of %d frames showed the page wrong:\n%s", len(w.Bad), w.Frames, strings.Join(w.Bad[:min(len(w.Bad), 5)], "\n"))
			}
			if w.Frames == 0 {
				t.Error("no frame was watched")
			}
			if n := p.Count("main"); n != 1 {
				t.Errorf("%d page roots once ready, want 1", n)
			}
			if n := p.Count("#robots-txt"); n != 1 {
				t.Errorf("%d editors once ready, want 1", n)
			}
			if tc.verdict != "" {
				verdict(p, 0, tc.verdict)
			}
			p.Replace(row(0, `input[name=url]`), "/public")
			verdict(p, 0, "allowed")
		})
	}
}

// TestTypingKeepsOrder: the editor's text is analysed in a goroutine that
// pauses, and an edit made meanwhile must come after the text it follows,
// and leaving the page at once must still save what was typed.
func TestTypingKeepsOrder(t *testing.T) {
	st := slowWork(300_000, 1000)
	base := suite.Site(t, "")
	link := stateLink(t, base, st)
	p := suite.NewPage(t)
	p.Goto(link)
	p.Wait("main[data-ready]")
	verdict(p, 0, "allowed")
	// In one task: a new file blocking everything, then row 0's URL edited.
	p.Call("typing, then editing a test", `(text) => {
		window.robotsTester.insert(text);
		const url = document.querySelector("#url-1");
		url.value = "/elsewhere";
		url.dispatchEvent(new Event("input", {bubbles: true}));
	}`, "\nUser-agent: Googlebot\nDisallow: /\n")
	verdict(p, 0, "blocked")
	if got := p.Value("#url-1"); got != "/elsewhere" {
		t.Errorf("row 0's URL %q after the edit", got)
	}
	// A key, then the page is left before its analysis could end: the
	// reload shows it.
	p.Call("typing", `(text) => window.robotsTester.insert(text)`, "# last words\n")
	p.Reload()
	p.Wait("main[data-ready]")
	if got := Eval[bool](p, "reading the editor", `window.robotsTester.text().endsWith("# last words\n")`); !got {
		t.Error("the text typed just before leaving is lost")
	}
}

// slowWork is work whose analysis takes time: a file of at least size
// bytes, of groups that all apply to nobody tested, and rows tests of
// Googlebot.
func slowWork(size, rows int) model.State {
	var b strings.Builder
	for b.Len() < size {
		b.WriteString("User-agent: zz\nDisallow: /zz\n")
	}
	st := model.State{Robots: b.String()}
	for i := range rows {
		st.Rows = append(st.Rows, model.Row{Agent: "Googlebot", URL: fmt.Sprintf("/p/%d", i)})
	}
	return st
}

// TestReloadRightAfterKeys: a reload right after a key, on a slowed CPU
// and a file whose analysis takes time, 20 times in a row: each reload
// ends, and the keys typed before it are there after it. The page's leave
// hook once made the analysis due inside the browser's pagehide, which
// the reload waited on, and under load a reload sometimes never ended.
func TestReloadRightAfterKeys(t *testing.T) {
	st := slowWork(100_000, 200)
	p := suite.NewPage(t)
	p.Goto(stateLink(t, suite.Site(t, ""), st))
	p.Wait("main[data-ready]")
	p.ThrottleCPU(4)
	for i := range 20 {
		p.Call("focusing the editor", `() => document.querySelector("#robots-txt").focus()`)
		mark := fmt.Sprintf("#k%d", i)
		p.do("typing "+mark, chromedp.KeyEvent(mark+"\r"))
		p.Reload()
		if got := Eval[string](p, "reading the editor", `window.robotsTester.text().slice(0, 200)`); !strings.Contains(got, mark+"\n") {
			t.Fatalf("reload %d: the keys typed just before it are lost: %q", i+1, got)
		}
	}
}

// TestPrerenderedPage reads the page as built, with the browser's own HTML
// parser: the prerendered editor shows the example's lines, the deciding
// one marked, and the attributes hold what go-app meant (it quotes them as
// Go strings).
func TestPrerenderedPage(t *testing.T) {
	p := suite.NewPage(t)
	p.Open(suite.Site(t, ""))
	got := run(p, "parsing the built page", chromedp.Evaluate[map[string]any](`(async () => {
		const doc = new DOMParser().parseFromString(await (await fetch("/", {cache: "no-store"})).text(), "text/html");
		const ed = doc.querySelector("#robots-txt");
		return {
			editor: ed ? [...ed.querySelectorAll(".cm-line")].map(l => l.textContent).join("\n") : null,
			readOnly: ed ? ed.getAttribute("aria-readonly") : null,
			deciding: ed && ed.querySelector("[data-deciding]") ? ed.querySelector("[data-deciding]").textContent : null,
			placeholder: doc.querySelector("#grid-urls").placeholder,
		};
	})()`, chromedp.EvalAwaitPromise))
	if got["editor"] != model.Example().Robots {
		t.Errorf("the prerendered editor holds %q, want the example", got["editor"])
	}
	if got["readOnly"] != "true" {
		t.Errorf("the prerendered editor, which takes no keys, says it is read-only: %v", got["readOnly"])
	}
	if got["deciding"] != "Allow: /private/press/" {
		t.Errorf("the prerendered editor marks %v as deciding, want test 1's line 13", got["deciding"])
	}
	if ph, _ := got["placeholder"].(string); !strings.Contains(ph, "\n") || strings.Contains(ph, `\n`) {
		t.Errorf("the URL grid's placeholder is %q: its lines are not lines", ph)
	}
}

// TestEmbedStartsHidden: in a docs page's iframe (?embed=1), the full page
// made at build time does not show while the WebAssembly loads. With the
// embed mode's default options and no link, the compact page made at build
// time shows in its place (it takes input: TestTypeFromFirstPaint); with
// others (a link, read-only, other panels), only the loader's bar; then the
// compact live page shows.
func TestEmbedStartsHidden(t *testing.T) {
	for _, c := range []struct {
		query, main string // main: the page's visibility while loading
	}{
		{"/?embed=1", "visible"},
		{"/?embed=1&panels=editor,tests", "visible"},
		{"/?embed=1&panels=tests,editor", "hidden"}, // another order, another layout
		{"/?embed=1&readonly=1", "hidden"},
		{"/?embed=1&panels=editor,why", "hidden"},
		{"/?embed=1#s=x", "hidden"},
	} {
		p := suite.NewPage(t)
		// Neither the module the page's worker compiled nor the fallback
		// ever gets instantiated.
		p.beforeScripts(`WebAssembly.instantiateStreaming = WebAssembly.instantiate = () => new Promise(() => {});`)
		p.Goto(suite.Site(t, "") + c.query)
		p.Wait("#app-wasm-loader")
		seen := Eval[[]string](p, "looking at the loading page", `[
			getComputedStyle(document.querySelector("main")).visibility,
			getComputedStyle(document.querySelector("#app-wasm-loader")).visibility,
			document.querySelector("main").hasAttribute("data-embed") ? "compact" : "full",
		]`)
		want := []string{c.main, "visible", "full"}
		if c.main == "visible" {
			want[2] = "compact"
		}
		if !slices.Equal(seen, want) {
			t.Errorf("while loading %s: the page is %s, the loader %s, the page %s; want %v", c.query, seen[0], seen[1], seen[2], want)
		}
	}

	p := suite.NewPage(t)
	p.Open(suite.Site(t, "") + "/?embed=1")
	if v := Eval[string](p, "looking at the live page", `getComputedStyle(document.querySelector("main[data-ready]")).visibility`); v != "visible" {
		t.Errorf("the live embedded page is %s", v)
	}
}

// TestWorkerOnceReady: the site's app.js leaves the service worker to the
// app, which registers it once the page is ready (registerWorker); a visit
// after that is served by it, as go-app's own start did, app.wasm included.
func TestWorkerOnceReady(t *testing.T) {
	p := suite.NewPage(t)
	p.Goto(suite.Site(t, ""))
	p.WaitReady()
	// ready resolves once a worker is activating: its state is read again
	// at each poll until it is activated.
	Eval[bool](p, "asking for the worker", `(window.__registration = null, navigator.serviceWorker.ready.then(r => { window.__registration = r }), true)`)
	poll(p, "waiting for the worker", `window.__registration ? (window.__registration.active ? window.__registration.active.state : "none") : ""`,
		func(s string) bool { return s == "activated" })
	p.Reload()
	p.WaitReady()
	if !Eval[bool](p, "reading the worker in charge", `!!navigator.serviceWorker.controller`) {
		t.Error("the reloaded page is not served by the service worker")
	}
	// The page's own worker fetches app.wasm through the service worker
	// too: offline, the page gets it from the service worker's cache.
	if !Eval[bool](p, "reading where app.wasm came from", `(() => {
		const early = window.robotsTesterCompile;
		return !!(early && early.used && early.timing && early.timing.workerStart > 0);
	})()`) {
		t.Error("the reloaded page's worker did not get app.wasm from the service worker")
	}
}

// TestCompiledInAWorker checks that app.wasm is compiled by the worker that
// the page starts once read (site/loader.go), which runs the start first
// without failing, and that the page still starts, compiling it itself, when
// there is no worker or the worker fails.
func TestCompiledInAWorker(t *testing.T) {
	site := suite.Site(t, "")
	p := suite.NewPage(t)
	p.Goto(site)
	p.WaitReady()
	if !Eval[bool](p, "asking who compiled app.wasm", `!!(window.robotsTesterCompile && window.robotsTesterCompile.used)`) {
		t.Error("app.wasm was not compiled by the page's worker")
	}
	// The worker ran the start itself first (ui.Warm), whole, for the
	// page it serves, the full page or the embed: -1 if it failed.
	for _, address := range []string{site, site + "?embed=1"} {
		p := suite.NewPage(t)
		p.Goto(address)
		p.WaitReady()
		poll(p, "asking how the worker's warm-up went", `String(window.robotsTesterCompile && window.robotsTesterCompile.warmed)`,
			func(ms string) bool {
				if ms == "-1" || ms == "null" {
					t.Fatalf("%s: the worker's warm-up failed or did not run (%s)", address, ms)
				}
				return ms != "undefined"
			})
	}
	for _, c := range []struct{ name, js string }{
		{"no worker", `delete window.Worker`},
		{"a worker that fails", `window.Worker = class {
			constructor() { setTimeout(() => this.onmessage({data: {error: "a test's failure"}})) }
			postMessage() {}
			terminate() {}
		}`},
		{"a module the page cannot receive", `window.Worker = class {
			constructor() { setTimeout(() => this.onmessageerror({})) }
			postMessage() {}
			terminate() {}
		}`},
	} {
		t.Run(c.name, func(t *testing.T) {
			p := suite.NewPage(t)
			p.beforeScripts(c.js)
			p.Goto(site)
			p.WaitReady()
			if Eval[bool](p, "asking who compiled app.wasm", `!!(window.robotsTesterCompile && window.robotsTesterCompile.used)`) {
				t.Error("the worker's module was used")
			}
			poll(p, "reading the verdict", `document.querySelector("main[data-ready] #test-bar [data-verdict]").dataset.verdict`,
				func(v string) bool { return v == "allowed" || v == "blocked" })
		})
	}
}
