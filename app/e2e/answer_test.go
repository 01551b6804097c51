//go:build !js

package e2e

import (
	"bytes"
	"context"
	"fmt"
	"image/color"
	"image/png"
	"maps"
	"net"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"robotstester/app/model"
)

// The answer where you look (issue 19): the selected test's question and
// verdict, the editor with the group used and the deciding line marked,
// and the Why's deciding sentence, on the first screen; the editor is one
// CodeMirror editor that real keys, a real paste and fill() edit.

// screenJS measures the first screen: where the parts that answer stand,
// how long the page is, and which elements other than the editor's and the
// tests' scroll boxes scroll inside the page.
const screenJS = `(() => {
	const live = document.querySelector("main[data-ready]");
	if (!live) return {};
	const box = sel => {
		const el = live.querySelector(sel);
		if (!el) return null;
		const r = el.getBoundingClientRect();
		return {Top: r.top, Bottom: r.bottom, Left: r.left, Right: r.right};
	};
	const inner = [...document.querySelectorAll("main[data-ready] *")].filter(el => {
		const s = getComputedStyle(el);
		if (!/(auto|scroll)/.test(s.overflowY + s.overflowX) || el.getClientRects().length === 0) return false;
		if (el.scrollHeight <= el.clientHeight + 1 && el.scrollWidth <= el.clientWidth + 1) return false;
		return !el.matches(".cm-scroller, .results-scroll, .table-scroll");
	}).map(el => el.tagName + "#" + el.id + "." + el.className);
	return {
		Verdict: box("#test-bar [data-verdict]"), Agent: box("#test-bar input[name=agent]"), URL: box("#test-bar input[name=url]"),
		Deciding: box("#robots-txt .cm-line[data-deciding]"), Group: box("#robots-txt .cm-line[data-group]"),
		Decision: box("#why [data-decision]"),
		Page: document.documentElement.scrollHeight, W: innerWidth, H: innerHeight, ScrollY: scrollY, Inner: inner, Ready: true,
		BarFirst: !!(live.querySelector("#test-bar").compareDocumentPosition(live.querySelector("#robots-txt")) & Node.DOCUMENT_POSITION_FOLLOWING),
	};
})()`

type box struct{ Top, Bottom, Left, Right float64 }

type screen struct {
	Verdict, Agent, URL, Deciding, Group, Decision *box
	Page, W, H, ScrollY                            float64
	Inner                                          []string
	Ready                                          bool
	BarFirst                                       bool // the test bar comes before the editor in the Tab order
}

// settledScreen measures the first screen once the live page is ready and
// two measures a moment apart agree: the editor brings the deciding line
// into view a frame after it draws.
func settledScreen(p *Page) screen {
	p.tb.Helper()
	var last string
	return poll(p, "measuring the first screen", screenJS, func(s screen) bool {
		now := fmt.Sprintf("%+v %+v %+v", s.Verdict, s.Deciding, s.Decision)
		still := s.Ready && now == last
		last = now
		if !still {
			time.Sleep(100 * time.Millisecond)
		}
		return still
	})
}

// on reports whether b is wholly inside the viewport.
func (s screen) on(b *box) bool {
	return b != nil && b.Top >= 0 && b.Bottom <= s.H+0.5 && b.Left >= 0 && b.Right <= s.W+0.5 && b.Bottom > b.Top
}

// lineOn reports whether the editor's line b starts on screen: a line is
// as wide as the file's longest line.
func (s screen) lineOn(b *box) bool {
	return b != nil && b.Top >= 0 && b.Bottom <= s.H+0.5 && b.Left >= 0 && b.Left < s.W
}

// TestAnswerOnFirstScreen opens the example at 1440×900 and 360×740: the
// test bar's crawler, URL and verdict and the editor's deciding line are on
// the first screen; on the wide
// one, so are the editor's group band and deciding line and the Why's
// deciding sentence, and the page is at most two screens long; on the
// phone, nothing but the editor and the wide tables scrolls inside the
// page.
func TestAnswerOnFirstScreen(t *testing.T) {
	for _, vp := range []struct{ w, h int64 }{{1440, 900}, {360, 740}} {
		t.Run(fmt.Sprintf("%dx%d", vp.w, vp.h), func(t *testing.T) {
			p := suite.NewPage(t)
			viewport(p, vp.w, vp.h)
			p.Open(suite.Site(t, ""))
			s := settledScreen(p)
			if d := s.Deciding; !s.lineOn(d) {
				t.Errorf("the editor's deciding line is not on the first screen: %+v", d)
			}
			for name, b := range map[string]*box{"verdict": s.Verdict, "crawler": s.Agent, "URL": s.URL} {
				if !s.on(b) {
					t.Errorf("the test bar's %s is not on the first screen: %+v", name, b)
				}
			}
			if vp.w >= 1440 {
				for name, b := range map[string]*box{"deciding line": s.Deciding, "group band": s.Group, "Why's deciding sentence": s.Decision} {
					if !s.on(b) {
						t.Errorf("the %s is not on the first screen: %+v", name, b)
					}
				}
				if s.Page > 2*s.H {
					t.Errorf("the page is %.0f px long, more than two screens of %.0f", s.Page, s.H)
				}
				// The line shown already: "line N" selects it, and the page
				// stays where it is.
				p.Click("#test-bar button[data-line]")
				poll(p, "waiting for the line's selection", `window.robotsTester.selection().length`, func(n int) bool { return n > 0 })
				p.Still("#test-bar")
				if y := Eval[float64](p, "reading the page's scroll", `scrollY`); y != s.ScrollY {
					t.Errorf("\"line N\" of a line on screen scrolled the page from %.0f to %.0f", s.ScrollY, y)
				}
			}
			if vp.w < 960 && len(s.Inner) > 0 {
				// Wide screens keep the Why beside the editor, scrolling
				// on its own; a phone scrolls the page.
				t.Errorf("scrolling inside the page besides the editor and the tables: %v", s.Inner)
			}
			// A phone draws the test bar above the editor: Tab must reach
			// it first, and a wide screen keeps the same order.
			if !s.BarFirst {
				t.Errorf("Tab reaches the editor before the test bar")
			}
			if got, _ := p.Attr(`#test-bar [data-verdict]`, "data-verdict"); got != "allowed" {
				t.Errorf("the test bar's verdict %q, want the example's test 1, allowed", got)
			}
			noExceptions(t, p)
		})
	}
}

// TestLayoutChangeKeepsTheDecidingLine opens the example wide, then
// narrows the page to a phone's 360×740 and widens it again: each time
// the editor's height changes with the layout, and the deciding line is
// brought back into its view, on the first screen.
func TestLayoutChangeKeepsTheDecidingLine(t *testing.T) {
	p := suite.NewPage(t)
	viewport(p, 1440, 900)
	p.Open(suite.Site(t, ""))
	settledScreen(p)
	for _, vp := range []struct{ w, h int64 }{{360, 740}, {1440, 900}} {
		viewport(p, vp.w, vp.h)
		// go-app tells the page of a resize after 250 ms of quiet.
		var s screen
		for deadline := time.Now().Add(3 * time.Second); time.Now().Before(deadline); time.Sleep(100 * time.Millisecond) {
			if s = settledScreen(p); s.lineOn(s.Deciding) {
				break
			}
		}
		if !s.lineOn(s.Deciding) {
			t.Errorf("at %dx%d the editor's deciding line is not on the first screen: %+v", vp.w, vp.h, s.Deciding)
		}
	}
	noExceptions(t, p)
}

// barLineJS reads the deciding line the test bar names, "" for none.
const barLineJS = `(() => { const b = document.querySelector("#test-bar button[data-line]"); return b ? b.dataset.line : ""; })()`

// TestEditorKeysPasteAndFill edits real files in the editor as a user does,
// at 1440×900 and 360×740: the test bar's "line N" selects the deciding
// line; real keys comment it out (Home, then "#"), and the deciding line
// moves while that line reads as a comment; Ctrl+Z (the editor's own
// history) brings it back; a real paste (Ctrl+A, then a paste event with
// the clipboard's text) replaces the file; and fill() as Playwright does it
// (focus, select all, insertText) replaces it too.
func TestEditorKeysPasteAndFill(t *testing.T) {
	for _, f := range []struct{ file, agent, url, paste string }{
		{"nytimes.com.txt", "Googlebot", "https://www.nytimes.com/search?query=x", "linkedin.com.txt"},
		{"linkedin.com.txt", "Googlebot", "https://www.linkedin.com/analytics/x", "nytimes.com.txt"},
	} {
		for _, vp := range []struct{ w, h int64 }{{1440, 900}, {360, 740}} {
			t.Run(fmt.Sprintf("%s at %dx%d", strings.TrimSuffix(f.file, ".txt"), vp.w, vp.h), func(t *testing.T) {
				p := suite.NewPage(t)
				viewport(p, vp.w, vp.h)
				p.Open(suite.Site(t, ""))
				loadText(p, corpusText(t, f.file))
				p.Replace("#test-bar input[name=agent]", f.agent)
				p.Replace("#test-bar input[name=url]", f.url)
				p.WaitAttr("#test-bar [data-verdict]", "data-verdict", "blocked")
				n, _ := p.Attr("#test-bar button[data-line]", "data-line")

				// The test bar's line link selects the deciding line in the
				// editor, which marks it.
				p.Click("#test-bar button[data-line]")
				p.WaitAttr("#robots-txt .cm-line[data-deciding]", "data-line", n)
				p.do("pressing Home", chromedp.KeyEvent(kb.Home))
				p.do("typing #", chromedp.KeyEvent("#"))
				p.WaitAttr(`#robots-txt .cm-line[data-line="`+n+`"]`, "data-kind", "comment")
				poll(p, "waiting for another line to decide", barLineJS, func(line string) bool { return line != n })
				p.do("pressing Ctrl+Z", chromedp.KeyEvent("z", chromedp.KeyModifiers(chromedp.ModifierCtrl)))
				p.WaitAttr("#test-bar button[data-line]", "data-line", n)
				p.WaitAttr("#test-bar [data-verdict]", "data-verdict", "blocked")

				// A real paste over the whole file.
				paste := corpusText(t, f.paste)
				p.Call("focusing the editor", `() => document.querySelector("#robots-txt").focus()`)
				p.do("pressing Ctrl+A", chromedp.KeyEvent("a", chromedp.KeyModifiers(chromedp.ModifierCtrl)))
				p.PasteText(paste)
				want := strings.ReplaceAll(strings.ReplaceAll(paste, "\r\n", "\n"), "\r", "\n") // a paste's line ends, as a textarea's
				p.WaitAttr("#summary", "data-bytes", strconv.Itoa(len(want)))
				if got := p.Value(editor); got != want {
					t.Errorf("after the paste the editor holds %d bytes, want %d", len(got), len(want))
				}

				// fill(), as Playwright does it on an editable element.
				const filled = "User-agent: *\nDisallow: /filled\n"
				p.Call("focusing the editor", `() => document.querySelector("#robots-txt").focus()`)
				p.do("selecting all", chromedp.KeyEvent("a", chromedp.KeyModifiers(chromedp.ModifierCtrl)))
				p.do("inserting the text", chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
					_, err := cdp.Call(ctx, t, input.InsertText, input.InsertTextParams{Text: filled})
					return err
				}))
				p.WaitAttr("#summary", "data-bytes", strconv.Itoa(len(filled)))
				if got := p.Value(editor); got != filled {
					t.Errorf("after fill() the editor holds %q", got)
				}
				noExceptions(t, p)
			})
		}
	}
}

// TestEmbeddedAnswer embeds the tester with its default panels in a
// cross-site iframe of 800×400: the test bar's verdict and the editor's
// deciding line show without scrolling the frame.
func TestEmbeddedAnswer(t *testing.T) {
	base := suite.Site(t, "")
	ln, err := net.Listen("tcp", "127.0.0.2:0")
	if err != nil {
		t.Skipf("no second loopback address: %v", err)
	}
	parent := `<!doctype html><title>docs</title><p>A docs page.</p><iframe id="t" style="width:800px;height:400px;border:0" src="` + base + `?embed=1"></iframe>`
	srv := &http.Server{Handler: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		fmt.Fprint(w, parent)
	})}
	go srv.Serve(ln)
	t.Cleanup(func() { srv.Close() })

	p := suite.NewPage(t)
	viewport(p, 1280, 800)
	p.Goto("http://" + ln.Addr().String() + "/")
	// The frame is a site of its own, which the page cannot look into:
	// what shows is read from the screen, by the colours the tester gives
	// a verdict and the deciding line (tester.css), inside the frame's box.
	frame := poll(p, "finding the frame", rectJS+`("#t")`, func(r rect) bool { return r.Bottom-r.Top == 400 })
	want := map[string]color.RGBA{
		"test bar's verdict (allowed)": {0xda, 0xfb, 0xe1, 0xff}, // --ok-bg
		"deciding line":                {0xff, 0xe8, 0xa3, 0xff}, // --decide-bg
		"group band":                   {0xe7, 0xf0, 0xfb, 0xff}, // --group-bg
	}
	var seen map[string]int
	deadline := time.Now().Add(Timeout)
	for {
		shot := run(p, "taking a screenshot", chromedp.CaptureScreenshot())
		img, err := png.Decode(bytes.NewReader(shot))
		if err != nil {
			t.Fatal(err)
		}
		seen = map[string]int{}
		for y := int(frame.Top); y < int(frame.Bottom); y++ {
			for x := int(frame.Left); x < int(frame.Right); x++ {
				c := color.RGBAModel.Convert(img.At(x, y)).(color.RGBA)
				for name, w := range want {
					if c == w {
						seen[name]++
					}
				}
			}
		}
		if len(seen) == len(want) && seen["deciding line"] > 2000 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("in the 800×400 frame, the pixels of each part that answers: %v; want all of %v", seen, slices.Collect(maps.Keys(want)))
		}
		time.Sleep(200 * time.Millisecond)
	}
}

// TestEditorKeepsTheFileExact opens a link whose file has a byte-order
// mark, CR LF line ends, a form feed, a tab and a line of 16 KiB: the
// editor shows them (the BOM and the form feed as marks of their own) and
// the text the engine reads is the one loaded, byte for byte, before and
// after a key typed. Tab then leaves the editor, and Ctrl+F finds in the
// whole file, past the lines in view.
func TestEditorKeepsTheFileExact(t *testing.T) {
	long := "Disallow: /" + strings.Repeat("x", 16<<10)
	var filler strings.Builder
	for i := range 400 {
		fmt.Fprintf(&filler, "Disallow: /filler/%d\r\n", i)
	}
	text := "\uFEFFUser-agent: *\r\nDisallow: /a\fb\r\n\tAllow: /tab\r\n" + long + "\r\n" + filler.String() + "Disallow: /needle-at-the-end\r\n"
	link := stateLink(t, suite.Site(t, ""), model.State{Robots: text, Rows: []model.Row{{Agent: "Googlebot", URL: "/a"}}})
	p := suite.NewPage(t)
	p.Goto(link)
	p.WaitReady()
	p.WaitAttr("#summary", "data-bytes", strconv.Itoa(len(text)))
	if got := p.Value(editor); got != text {
		t.Fatalf("the editor holds %q…, want %q…", got[:min(len(got), 60)], text[:60])
	}
	if n := p.Count("#robots-txt .cm-specialChar"); n < 2 {
		t.Errorf("%d control characters shown, want the BOM and the form feed", n)
	}
	if w := Eval[float64](p, "measuring the long line", `document.querySelector('#robots-txt [data-line="4"]').scrollWidth`); w < 16<<10 {
		t.Errorf("the 16 KiB line is drawn %.0f px wide", w)
	}

	// A key at the end of line 3: the rest stays as it was.
	p.Call("placing the caret", `async () => {
		const line = document.querySelector('#robots-txt [data-line="3"]'), r = document.createRange();
		document.querySelector("#robots-txt").focus();
		r.selectNodeContents(line);
		r.collapse(false);
		getSelection().removeAllRanges();
		getSelection().addRange(r);
		await new Promise(r => requestAnimationFrame(r));
	}`)
	p.do("typing", chromedp.KeyEvent("/"))
	want := strings.Replace(text, "Allow: /tab\r\n", "Allow: /tab/\r\n", 1)
	p.WaitAttr("#summary", "data-bytes", strconv.Itoa(len(want)))
	if got := p.Value(editor); got != want {
		t.Errorf("after a key the text is not the one loaded with the key")
	}

	// Tab leaves the editor: keyboard users are not trapped.
	p.do("pressing Tab", chromedp.KeyEvent(kb.Tab))
	if Eval[bool](p, "reading the focus", `!!document.activeElement.closest("#editor")`) {
		t.Errorf("Tab left the focus in the editor")
	}

	// Ctrl+F finds in the whole file.
	p.Call("focusing the editor", `() => document.querySelector("#robots-txt").focus()`)
	p.do("pressing Ctrl+F", chromedp.KeyEvent("f", chromedp.KeyModifiers(chromedp.ModifierCtrl)))
	p.Wait("#editor .cm-search input[name=search]")
	p.Type("#editor .cm-search input[name=search]", "needle-at-the-end\n")
	last := strings.Count(text, "\n") // the needle's line
	poll(p, "finding the needle", `window.robotsTester.selection().startLine`, func(n int) bool { return n == last })
	noExceptions(t, p)
}

// TestBarVerdictFollowsItsTest checks that the test bar's verdict is its
// own test's when the tests themselves change under it: a link whose
// selected test is the second (in the full page and embedded, where the
// bar is drawn before the link is read), and a test removed above the
// selected one. The verdicts are written into the page ahead of go-app's
// redraw, by the tests' places as last drawn: once, the bar showed the
// first test's "Blocked" over the second test's "Line 3 allows it".
func TestBarVerdictFollowsItsTest(t *testing.T) {
	base := suite.Site(t, "")
	s := model.State{
		Robots: "User-agent: *\nDisallow: /shop/\nAllow: /shop/help/\nDisallow: /*.pdf$\n",
		Rows: []model.Row{
			{Agent: "Googlebot", URL: "/shop/cart"},         // blocked
			{Agent: "Googlebot", URL: "/shop/help/returns"}, // allowed
			{Agent: "Googlebot", URL: "/shop/checkout"},     // blocked
		},
		Selected: 1,
	}
	barIs := func(p *Page, want string) {
		p.tb.Helper()
		poll(p, "reading the test bar's verdict", `(() => {
			const bar = document.querySelector("#test-bar");
			const v = bar && bar.querySelector("[data-verdict]");
			return v ? v.dataset.verdict + " " + v.textContent.trim() : "";
		})()`, func(got string) bool {
			return strings.HasPrefix(got, want+" ") && strings.Contains(strings.ToLower(got), want)
		})
		time.Sleep(500 * time.Millisecond) // no later redraw puts it wrong again
		got := Eval[string](p, "reading the test bar's verdict again", `document.querySelector("#test-bar [data-verdict]").dataset.verdict`)
		if got != want {
			t.Errorf("the test bar says %q, want %q", got, want)
		}
	}
	// The demo page's second example: its third test is allowed.
	demo := s
	demo.Rows = slices.Clone(s.Rows)
	demo.Rows[2].URL = "/shop/help/terms.pdf"
	for _, query := range []string{"", "?embed=1&panels=editor,tests,why"} {
		for name, st := range map[string]model.State{"": s, ", the demo's": demo} {
			t.Run("link"+query+name, func(t *testing.T) {
				p := suite.NewPage(t)
				p.Goto(strings.Replace(stateLink(t, base, st), "#", query+"#", 1))
				p.WaitReady()
				p.WaitAttr("#test-bar", "data-test", "1")
				barIs(p, "allowed")
				noExceptions(t, p)
			})
		}
	}
	t.Run("a test removed above", func(t *testing.T) {
		p := suite.NewPage(t)
		p.Goto(stateLink(t, base, s))
		p.WaitReady()
		p.WaitAttr("#test-bar", "data-test", "1")
		p.Click(row(0, "button.remove"))
		p.WaitAttr("#test-bar", "data-test", "0")
		barIs(p, "allowed")
		noExceptions(t, p)
	})
}

// TestPasteShowsTheDecidingLine: a file pasted over the whole text shows
// its deciding line in the editor, not the end of the file where the paste
// left the caret (a paste over it all is no typing within the file).
func TestPasteShowsTheDecidingLine(t *testing.T) {
	for _, tt := range []struct {
		name, group, line string
		drawn             bool
	}{
		{"the deciding line", "User-agent: *\nDisallow: /private/\n", "[data-deciding]", true},
		// No rule matches test 1's URL: the group read is shown.
		{"the group without a rule", "User-agent: *\nDisallow: /nothing-here/\n", `[data-line="1"][data-group]`, true},
		// At once, while the parts below the first screen are drawn.
		{"while the page draws", "User-agent: *\nDisallow: /private/\n", "[data-deciding]", false},
	} {
		t.Run(tt.name, func(t *testing.T) { pasteShows(t, tt.group, tt.line, tt.drawn, 0, 0) })
	}
	// The window in which line 1 was cut by the editor's padding: the
	// middle was measured while the editor was shorter than a line.
	t.Run("the group without a rule, 1280x757", func(t *testing.T) {
		pasteShows(t, "User-agent: *\nDisallow: /nothing-here/\n", `[data-line="1"][data-group]`, true, 1280, 757)
	})
}

// pasteShows pastes group and 300 lines after it over the whole text, and
// waits for the editor's line line to be in its view. With drawn, it
// pastes once every part of the page is drawn; otherwise as soon as the
// live page shows. w and h, when not 0, are the window's inner size.
func pasteShows(t *testing.T, group, line string, drawn bool, w, h int64) {
	var b strings.Builder
	b.WriteString(group)
	for i := range 300 {
		fmt.Fprintf(&b, "# filler line %d\n", i+1)
	}
	p := suite.NewPage(t)
	if w > 0 {
		viewport(p, w, h)
	}
	p.OpenFirstPaint(suite.Site(t, ""))
	if drawn {
		p.WaitReady()
	} else {
		p.WaitShown()
	}
	p.Call("focusing the editor", `() => document.querySelector("#robots-txt").focus()`)
	p.do("pressing Ctrl+A", chromedp.KeyEvent("a", chromedp.KeyModifiers(chromedp.ModifierCtrl)))
	p.PasteText(b.String())
	p.WaitAttr("#summary", "data-bytes", strconv.Itoa(b.Len()))
	if line == "[data-deciding]" {
		p.WaitAttr("#test-bar button[data-line]", "data-line", "2")
	}
	poll(p, "the line in the editor's view", `(() => {
		const line = document.querySelector(`+jsString("#robots-txt .cm-line"+line)+`);
		if (!line) return false;
		const r = line.getBoundingClientRect(), v = document.querySelector("#editor .cm-scroller").getBoundingClientRect();
		return r.top >= v.top && r.bottom <= v.bottom;
	})()`, func(ok bool) bool { return ok })
	noExceptions(t, p)
}

// TestBarSaysHowItReadTheFields: text that is not a URL is tested as a
// path, and an empty crawler field as a crawler no group names; the test
// bar says so, rather than answer for something the user did not mean.
func TestBarSaysHowItReadTheFields(t *testing.T) {
	p := suite.NewPage(t)
	p.Goto(suite.Site(t, ""))
	p.WaitReady()
	noteHas := func(want string) {
		t.Helper()
		poll(p, "reading the test bar's note", `(() => {
			const n = document.querySelector("#test-bar .bar-input");
			return n ? n.textContent : "";
		})()`, func(got string) bool { return strings.Contains(got, want) })
	}
	p.Replace("#test-bar input[name=url]", "not a url")
	noteHas("is tested as the path /not%20a%20url")
	p.Replace("#test-bar input[name=agent]", "")
	noteHas("No crawler given")
	p.Replace("#test-bar input[name=url]", "/shop")
	p.Replace("#test-bar input[name=agent]", "Googlebot")
	p.WaitGone("#test-bar .bar-input")
}
