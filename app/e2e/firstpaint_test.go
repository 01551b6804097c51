//go:build !js

package e2e

import (
	"context"
	"fmt"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"robotstester/internal/server"

	"robotstester/app/model"
	"robotstester/robots"
)

// shown starts a selector of what the page shows: the page made at build
// time until the live page, built hidden beside it with the same ids, takes
// its place.
const shown = "main:not(.mounting) "

// humanPace is the time between two keys of a person typing fast.
const humanPace = 60 * time.Millisecond

// slowWasm is how long the site of the first-paint tests holds app.wasm
// back, as a slow network does: long enough for keys to be typed in the
// page made at build time on any machine, whose own start may be quick.
const slowWasm = 1500 * time.Millisecond

// slowSite serves the root site as Site does, with app.wasm held back by
// delay, for as long as the test runs.
func slowSite(t *testing.T, delay time.Duration) string {
	t.Helper()
	return holdingSite(t, func(r *http.Request) bool {
		select {
		case <-time.After(delay):
			return true
		case <-r.Context().Done():
			return false
		}
	})
}

// gatedSite serves the root site as Site does, with app.wasm held back
// until release is called: until then the live page cannot be ready, so a
// test of the page made at build time races nothing.
func gatedSite(t *testing.T) (url string, release func()) {
	t.Helper()
	gate := make(chan struct{})
	var once sync.Once
	release = func() { once.Do(func() { close(gate) }) }
	t.Cleanup(release)
	return holdingSite(t, func(r *http.Request) bool {
		select {
		case <-gate:
			return true
		case <-r.Context().Done():
			return false
		}
	}), release
}

// holdingSite serves the root site as Site does, each request for app.wasm
// served once hold returns true (dropped when it returns false).
func holdingSite(t *testing.T, hold func(*http.Request) bool) string {
	t.Helper()
	files := server.Handler(suite.SiteDir(t, ""))
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if strings.HasSuffix(r.URL.Path, "/app.wasm") && !hold(r) {
			return
		}
		files.ServeHTTP(w, r)
	}))
	t.Cleanup(srv.Close)
	return srv.URL + "/"
}

// OpenFirstPaint loads url and returns as soon as the page made at build
// time is there (its load event), long before the live page is ready.
func (p *Page) OpenFirstPaint(url string) {
	p.tb.Helper()
	p.do("opening "+url, chromedp.Navigate(url))
}

// ThrottleCPU slows the tab's CPU by rate (1: no slowing), as Chromium's
// developer tools do.
func (p *Page) ThrottleCPU(rate float64) {
	p.tb.Helper()
	p.do(fmt.Sprintf("throttling the CPU %g×", rate), chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
		_, err := cdp.Call(ctx, t, emulation.SetCPUThrottlingRate, emulation.SetCPUThrottlingRateParams{Rate: rate})
		return err
	}))
}

// ready reports whether the live page is ready.
func (p *Page) ready() bool {
	return Eval[bool](p, "checking readiness", `!!document.querySelector("[data-ready]")`)
}

// heldKeys is how many keys typeAcrossStart types before it lets the live
// page start.
const heldKeys = 3

// typeAcrossStart types keys from text into the element that has the focus,
// one every humanPace: heldKeys of them while app.wasm is held back (a
// gatedSite's), then, release called, until the live page is ready
// (ready) and a few more (a key pressed during the hand-over must not be
// lost either). It returns what it typed.
func (p *Page) typeAcrossStart(ready func() bool, release func(), text string) string {
	p.tb.Helper()
	typed, after := 0, -1
	for typed < len(text) && after != 0 {
		if typed == heldKeys {
			if ready() {
				p.tb.Fatal("the live page was ready while app.wasm was held back")
			}
			release()
		}
		p.do("typing", chromedp.KeyEvent(text[typed:typed+1]))
		typed++
		if after > 0 {
			after--
		} else if after < 0 && ready() {
			after = 4
		}
		time.Sleep(humanPace)
	}
	if after != 0 {
		p.tb.Fatalf("the live page was not ready after %d keys", typed)
	}
	return text[:typed]
}

// crossSiteFrame serves a docs page on a second loopback address that
// embeds src in an iframe of w×h, opens it in p from its first paint, and
// returns a Page of the frame's own target, for reading what the frame
// shows (keys go through p, as a user's do). It skips the test where the
// machine has no second loopback address.
func crossSiteFrame(t *testing.T, p *Page, src string, w, h int) *Page {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.2:0")
	if err != nil {
		t.Skipf("no second loopback address: %v", err)
	}
	parent := fmt.Sprintf(`<!doctype html><title>docs</title><p>A docs page.</p><iframe id="t" style="width:%dpx;height:%dpx;border:0" src="%s"></iframe>`, w, h, src)
	srv := &http.Server{Handler: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		fmt.Fprint(w, parent)
	})}
	go srv.Serve(ln)
	t.Cleanup(func() { srv.Close() })
	p.OpenFirstPaint("http://" + ln.Addr().String() + "/")
	deadline := time.Now().Add(Timeout)
	for {
		infos, err := chromedp.Targets(p.ctx)
		if err != nil {
			t.Fatal(err)
		}
		for _, i := range infos {
			if i.Type == "iframe" && strings.HasPrefix(i.URL, strings.Split(src, "?")[0]) {
				ctx, cancel := chromedp.NewContext(p.ctx, chromedp.WithTargetID(i.TargetID))
				t.Cleanup(cancel)
				// The first action attaches to the frame: with no timeout.
				if err := chromedp.Do(ctx); err != nil {
					t.Fatalf("attaching to the frame: %v", err)
				}
				return &Page{tb: t, ctx: ctx}
			}
		}
		if time.Now().After(deadline) {
			t.Fatalf("no frame of %s among the browser's targets", src)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// clickIn clicks the middle of element sel of frame, a frame of p shown at
// p's element #t, as a user does.
func clickIn(p, frame *Page, sel string) {
	p.tb.Helper()
	box := Eval[rect](p, "measuring the frame", rectJS+`("#t")`)
	r := Eval[rect](frame, "measuring "+sel, rectJS+"("+jsString(sel)+")")
	// Near its top: a tall element (the editor) may reach past the frame.
	y := min((r.Top+r.Bottom)/2, r.Top+12)
	p.do("clicking "+sel+" in the frame", chromedp.MouseClickXY(box.Left+(r.Left+r.Right)/2, box.Top+y))
}

// focusState is the element with the focus and its caret, once live.
type focusState struct {
	ID    string `json:"id"`
	Live  bool   `json:"live"` // in the live page
	Start int    `json:"start"`
	End   int    `json:"end"`
	Value string `json:"value"`
}

func (p *Page) focusState() focusState {
	return Eval[focusState](p, "reading the focus", `(() => {
		const a = document.activeElement, inEditor = a && a.closest && a.closest(".cm-editor");
		const s = { id: a ? a.id : "", live: !!(a && a.closest && a.closest("main[data-ready]")), start: -1, end: -1, value: "" };
		if (inEditor) {
			s.id = "robots-txt";
			const sel = window.getSelection(), r = window.robotsTester.selection();
			s.start = r.startLine; s.end = r.endLine;
			return s;
		}
		if (a && typeof a.selectionStart === "number") { s.start = a.selectionStart; s.end = a.selectionEnd; s.value = a.value; }
		else if (a && "value" in a) s.value = a.value;
		return s;
	})()`)
}

// exampleVerdict is the engine's verdict of test 1 of the example with its
// crawler or URL changed.
func exampleVerdict(agent, url string) (verdict string, line int) {
	ex := model.Example()
	// test 1's, unless given
	if agent == "" {
		agent = ex.Rows[0].Agent
	}
	if url == "" {
		url = ex.Rows[0].URL
	}
	v := robots.Parse([]byte(ex.Robots)).Check(agent, url)
	if v.Allowed {
		return "allowed", v.Line
	}
	return "blocked", v.Line
}

// TestTypeFromFirstPaint types into each control of the first screen from
// the first paint, with real keys at a human pace, across the moment the
// live page takes over, at a desktop's and a phone's size, with the CPU as
// it is and slowed 4×: what was typed, the focus and the caret carry over,
// and the verdict follows.
func TestTypeFromFirstPaint(t *testing.T) {
	example := model.Example()
	url1 := example.Rows[0].URL
	// Typed at the end of test 1's URL: under /private/, which the
	// example blocks, unlike the press pages.
	urlTail := strings.TrimSuffix(url1, "press/launch.html")
	type control struct {
		name  string
		sel   string
		start func(p *Page) // puts the caret where the typing goes
		text  string
		check func(t *testing.T, p *Page, typed string)
	}
	selectAll := func(p *Page) {
		p.do("selecting all", chromedp.KeyEvent("a", chromedp.KeyModifiers(chromedp.ModifierCtrl)))
	}
	controls := []control{{
		name: "test bar URL", sel: "#bar-url", start: selectAll,
		text: urlTail + strings.Repeat("x", 400),
		check: func(t *testing.T, p *Page, typed string) {
			f := p.focusState()
			if f.ID != "bar-url" || !f.Live || f.Value != typed || f.Start != len(typed) || f.End != len(typed) {
				t.Errorf("focus %+v, want #bar-url in the live page with %q and the caret at its end", f, typed)
			}
			want, line := exampleVerdict("", typed)
			p.WaitAttr("#test-bar .verdict", "data-verdict", want)
			if line > 0 {
				p.Wait(fmt.Sprintf(`#test-bar .bar-rule button[data-line="%d"]`, line))
			}
			// The table, left to the prerendered page until wanted, is
			// drawn once the work changes: a moment after the verdict.
			p.WaitGone(".early-pending")
			if got := p.Value("#url-1"); got != typed {
				t.Errorf("test 1's URL in the table is %q, want %q", got, typed)
			}
		},
	}, {
		name: "test bar crawler", sel: "#bar-agent", start: selectAll,
		text: "GPTBot" + strings.Repeat("z", 400),
		check: func(t *testing.T, p *Page, typed string) {
			f := p.focusState()
			if f.ID != "bar-agent" || !f.Live || f.Value != typed || f.Start != len(typed) {
				t.Errorf("focus %+v, want #bar-agent in the live page with %q and the caret at its end", f, typed)
			}
			want, _ := exampleVerdict(typed, "")
			p.WaitAttr("#test-bar .verdict", "data-verdict", want)
			p.WaitGone(".early-pending")
			if got := p.Value("#agent-1"); got != typed {
				t.Errorf("test 1's crawler in the table is %q, want %q", got, typed)
			}
		},
	}, {
		// The tests' table is drawn after the page is live: typed into
		// until then, it hands what was typed over when drawn.
		name: "table URL", sel: "#url-3", start: selectAll,
		text: "/shop/" + strings.Repeat("v", 400),
		check: func(t *testing.T, p *Page, typed string) {
			deadline := time.Now().Add(Timeout)
			for {
				f := p.focusState()
				if f.ID == "url-3" && f.Live && f.Value == typed && f.Start == len(typed) && f.End == len(typed) && p.Count(".early-pending") == 0 {
					break
				}
				if time.Now().After(deadline) {
					t.Fatalf("focus %+v, want #url-3 in the live page with %q and the caret at its end", f, typed)
				}
				time.Sleep(20 * time.Millisecond)
			}
			want, _ := exampleVerdict(example.Rows[2].Agent, typed)
			p.WaitAttr(`[data-row="2"] .verdict`, "data-verdict", want)
		},
	}, {
		name: "live page box", sel: "#live-url",
		text: "example.com/" + strings.Repeat("y", 400),
		check: func(t *testing.T, p *Page, typed string) {
			f := p.focusState()
			if f.ID != "live-url" || !f.Live || f.Value != typed || f.Start != len(typed) {
				t.Errorf("focus %+v, want #live-url in the live page with %q and the caret at its end", f, typed)
			}
		},
	}, {
		name: "editor", sel: "#robots-txt",
		start: func(p *Page) {
			p.do("going to the end", chromedp.KeyEvent(kb.End, chromedp.KeyModifiers(chromedp.ModifierCtrl)))
			p.do("pressing Enter", enterKey())
		},
		text: "Disallow: /" + strings.Repeat("w", 400),
		check: func(t *testing.T, p *Page, typed string) {
			text := Eval[string](p, "reading the text", `window.robotsTester.text()`)
			// Ctrl+End goes to the end, Enter starts a line there.
			if want := example.Robots + "\n" + typed; text != want {
				t.Errorf("the editor's text ends %q, want it to end with the line typed %q", text[max(0, len(text)-80):], typed)
			}
			f := p.focusState()
			lines := strings.Count(text, "\n") + 1
			if f.ID != "robots-txt" || !f.Live || f.Start != lines || f.End != lines {
				t.Errorf("focus %+v, want the editor in the live page with the caret on its last line, %d", f, lines)
			}
			// The line typed is read: the summary counts it.
			p.WaitAttr("#summary", "data-lines", fmt.Sprint(lines))
		},
	}}
	for _, size := range []struct {
		w, h  int64
		embed bool // in a docs page's cross-site iframe of w×h, ?embed=1
	}{{1440, 900, false}, {360, 740, false}, {800, 400, true}} {
		for _, rate := range []float64{1, 4} {
			for _, c := range controls {
				if size.embed && (c.sel == "#live-url" || c.sel == "#url-3") {
					continue // the embed mode has no live-page box; its tests are below the frame's fold
				}
				name := fmt.Sprintf("%dx%d", size.w, size.h)
				if size.embed {
					name = "embed " + name
				}
				t.Run(fmt.Sprintf("%s/cpu%gx/%s", name, rate, c.name), func(t *testing.T) {
					p := suite.NewPage(t)
					p.ThrottleCPU(rate)
					site, release := gatedSite(t)
					in := p // where the page shows: the tab, or the frame
					if size.embed {
						p.do("setting the viewport", chromedp.EmulateViewport(1280, 800))
						in = crossSiteFrame(t, p, site+"?embed=1", int(size.w), int(size.h))
						clickIn(p, in, shown+c.sel)
					} else {
						p.do("setting the viewport", chromedp.EmulateViewport(size.w, size.h))
						p.OpenFirstPaint(site)
						p.do("focusing "+c.sel, chromedp.Focus(chromedp.CSS(shown+c.sel)))
					}
					if c.start != nil {
						c.start(p)
					}
					typed := p.typeAcrossStart(in.ready, release, c.text)
					p.ThrottleCPU(1)
					c.check(t, in, typed)
					if ex := in.Exceptions(); len(ex) > 0 {
						t.Errorf("exceptions: %v", ex)
					}
				})
			}
		}
	}
}

// TestChoiceFromFirstPaint picks a reading and a server answer in the page
// made at build time, with the keyboard: once live, the selects show them
// and the verdicts are read so.
func TestChoiceFromFirstPaint(t *testing.T) {
	for _, size := range []struct{ w, h int64 }{{1440, 900}, {360, 740}} {
		for _, rate := range []float64{1, 4} {
			t.Run(fmt.Sprintf("%dx%d/cpu%gx", size.w, size.h, rate), func(t *testing.T) {
				p := suite.NewPage(t)
				p.do("setting the viewport", chromedp.EmulateViewport(size.w, size.h))
				p.ThrottleCPU(rate)
				chooseFromFirstPaint(t, p)
			})
		}
	}
}

// chooseFromFirstPaint picks the next reading and the next server answer
// with the keyboard in the page made at build time, and checks them once
// the page is live.
func chooseFromFirstPaint(t *testing.T, p *Page) {
	site, release := gatedSite(t)
	p.OpenFirstPaint(site)
	p.do("focusing the reading", chromedp.Focus(chromedp.CSS(shown+"#dialect")))
	p.do("choosing the next reading", chromedp.KeyEvent(kb.ArrowDown))
	p.do("focusing the server answer", chromedp.Focus(chromedp.CSS(shown+"#server-answer")))
	p.do("choosing the next answer", chromedp.KeyEvent(kb.ArrowDown))
	dialect := Eval[string](p, "reading the reading", `document.querySelector("`+shown+`#dialect").value`)
	answer := Eval[string](p, "reading the answer", `document.querySelector("`+shown+`#server-answer").value`)
	if p.ready() {
		t.Fatal("the live page was ready while app.wasm was held back")
	}
	release()
	p.WaitReady()
	p.ThrottleCPU(1)
	if got := p.Value("main[data-ready] #dialect"); got != dialect {
		t.Errorf("reading %q once live, want %q", got, dialect)
	}
	if got := p.Value("main[data-ready] #server-answer"); got != answer {
		t.Errorf("server answer %q once live, want %q", got, answer)
	}
	if f := p.focusState(); f.ID != "server-answer" || !f.Live {
		t.Errorf("focus %+v, want the server answer in the live page", f)
	}
	d, ok := robots.ParseDialect(dialect)
	if !ok {
		t.Fatalf("the reading chosen, %q, is no dialect", dialect)
	}
	title := d.Title()
	deadline := time.Now().Add(Timeout)
	for !strings.Contains(p.Text("#test-bar .bar-for"), title) {
		if time.Now().After(deadline) {
			t.Fatalf("the test bar says %q, want it read as %s", p.Text("#test-bar .bar-for"), title)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// TestButtonFromFirstPaint presses Clear in the page made at build time: it
// says that it waits, and is done once the page is live.
func TestButtonFromFirstPaint(t *testing.T) {
	p := suite.NewPage(t)
	p.ThrottleCPU(4)
	site, release := gatedSite(t)
	p.OpenFirstPaint(site)
	p.Wait("#early-note, .early-note")
	// The page shown's button: the live page, built hidden beside it,
	// has one with the same id. app.wasm is held until the button has
	// said that it waits: the page cannot be live before.
	p.Click(shown + "#clear-file") // once it stops moving: the early editor's first measure may shift it
	p.WaitAttr(shown+"#clear-file", "aria-busy", "true")
	if p.ready() {
		t.Fatal("the live page was ready while app.wasm was held back")
	}
	release()
	p.WaitReady()
	p.ThrottleCPU(1)
	p.WaitAttr("#summary", "data-bytes", "0")
}

// TestLinkOpensOnItsAnswer opens a link to a long real file whose selected
// test is decided far down it, at a desktop's and a phone's size: the
// deciding line and its group are drawn in the editor's view, as after a
// paste.
func TestLinkOpensOnItsAnswer(t *testing.T) {
	text := corpusText(t, "nytimes.com.txt")
	s := model.State{Robots: text, Rows: []model.Row{
		{Agent: "Googlebot", URL: "https://www.nytimes.com/"},
		{Agent: "GPTBot", URL: "https://www.nytimes.com/ads/x"},
	}, Selected: 1}
	_, line := func() (bool, int) {
		v := robots.Parse([]byte(text)).Check("GPTBot", "https://www.nytimes.com/ads/x")
		return v.Allowed, v.Line
	}()
	if line < 60 {
		t.Fatalf("GPTBot on /ads/x is decided by line %d: the test needs a line far down the file", line)
	}
	for _, size := range []struct{ w, h int64 }{{1440, 900}, {360, 740}} {
		t.Run(fmt.Sprintf("%dx%d", size.w, size.h), func(t *testing.T) {
			p := suite.NewPage(t)
			p.do("setting the viewport", chromedp.EmulateViewport(size.w, size.h))
			p.Open(stateLink(t, slowSite(t, slowWasm), s))
			p.Wait(fmt.Sprintf(`#test-bar .bar-rule button[data-line="%d"]`, line))
			sel := fmt.Sprintf(`#robots-txt [data-deciding][data-line="%d"]`, line)
			p.Wait(sel)
			inView := Eval[bool](p, "checking the deciding line is in view", fmt.Sprintf(`(() => {
				const l = document.querySelector(%s), s = l.closest(".cm-scroller").getBoundingClientRect(), r = l.getBoundingClientRect();
				return r.top >= s.top && r.bottom <= s.bottom;
			})()`, jsString(sel)))
			if !inView {
				t.Errorf("line %d, which decides, is drawn but out of the editor's view", line)
			}
		})
	}
}

// TestFirstPaintOpensSavedWork reloads a page whose work is saved: the page
// made at build time shows the example, not that work, so it takes no input
// until the live page shows the work, and says what it is opening.
func TestFirstPaintOpensSavedWork(t *testing.T) {
	p := suite.NewPage(t)
	site := slowSite(t, slowWasm)
	p.Open(site)
	p.Replace("#bar-url", "/saved/x")
	p.WaitAttr("#test-bar .verdict", "data-verdict", "allowed")
	poll(p, "the work saved", `localStorage.getItem("robots-tester:state") || ""`, func(s string) bool { return strings.Contains(s, "/saved/x") })
	p.OpenFirstPaint(site)
	if p.ready() {
		t.Fatal("the live page was ready at the first paint: nothing to check")
	}
	note := Eval[string](p, "reading the test bar's note", `(document.querySelector("#test-bar .early-note") || {}).textContent || ""`)
	readOnly := Eval[bool](p, "reading the URL field", `document.querySelector("#bar-url").readOnly`)
	if !strings.Contains(note, "Opening your saved work") || !readOnly {
		t.Errorf("before the saved work shows: note %q, URL field read-only %v; want it said and the field read-only", note, readOnly)
	}
	p.WaitReady()
	if got := p.Value("#bar-url"); got != "/saved/x" {
		t.Errorf("the saved work's URL is %q once live, want /saved/x", got)
	}
	if p.Count(".early-pending") != 0 {
		t.Errorf("parts of the page made at build time stay on in the live page with other work")
	}
}

// TestFocusFromFirstPaint gives the focus to a control with no id (test 2's
// Why? button, in the tests' table drawn after the page shows) in the page
// made at build time: once its part is live, the focus is on its live twin.
func TestFocusFromFirstPaint(t *testing.T) {
	p := suite.NewPage(t)
	site, release := gatedSite(t)
	p.OpenFirstPaint(site)
	sel := `[data-row="1"] [data-why]`
	p.do("focusing test 2's Why?", chromedp.Focus(chromedp.CSS(shown+sel)))
	if p.ready() {
		t.Fatal("the live page was ready while app.wasm was held back")
	}
	release()
	p.WaitReady()
	poll(p, "the focus on the live Why? of test 2", `(() => {
		const a = document.activeElement;
		return !!a && a.matches(`+jsString(sel)+`) && !!a.closest("main[data-ready]") && !a.closest(".early-pending") && !document.querySelector(".early-pending");
	})()`, func(ok bool) bool { return ok })
}

// TestPasteFromFirstPaint pastes a list of URLs into a test's URL field of
// the page made at build time, which would join its lines: the field shows
// the first URL, and once live the list is the tests, as in the live page.
// Then the page made at build time listens to nothing any more.
func TestPasteFromFirstPaint(t *testing.T) {
	p := suite.NewPage(t)
	site, release := gatedSite(t)
	p.OpenFirstPaint(site)
	p.Wait(".early-note")
	urls := []string{"https://shop.example/a", "https://shop.example/b", "https://shop.example/c"}
	field := shown + row(1, "input[name=url]")
	p.do("focusing test 2's URL", chromedp.Focus(chromedp.CSS(field)))
	p.PasteText(strings.Join(urls, "\n") + "\n")
	if got := p.Value(field); got != urls[0] {
		t.Errorf("the field shows %q after the paste, want its first line %q", got, urls[0])
	}
	if p.ready() {
		t.Fatal("the live page was ready while app.wasm was held back")
	}
	release()
	p.WaitReady()
	for i, u := range urls {
		poll(p, fmt.Sprintf("test %d's URL", i+2), `(document.querySelector(`+jsString(shown+row(i+1, "input[name=url]"))+`) || {}).value || ""`,
			func(got string) bool { return got == u })
	}
	poll(p, "the parts drawn", `document.querySelectorAll(".early-pending").length`, func(n int) bool { return n == 0 })
	left := run(p, "listing the document's listeners", chromedp.Evaluate[[]string](`(() => {
		const all = getEventListeners(document), left = [];
		for (const type of ["input", "change", "click", "paste"]) {
			for (const l of all[type] || []) if (l.useCapture) left.push(type);
		}
		return left;
	})()`, func(p *runtime.EvaluateParams) { yes := true; p.IncludeCommandLineAPI = &yes }))
	if len(left) > 0 {
		t.Errorf("the document still has capturing listeners for %v once the page is live", left)
	}
	noExceptions(t, p)
}
