//go:build !js

package e2e

import (
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"robotstester/app/internal/share"
	"robotstester/app/model"
	"robotstester/internal/shared"
)

// corpusText returns the text of a real robots.txt of the corpus in the
// repository's test data; without it the test fails (shared.Dir).
func corpusText(t *testing.T, name string) string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(shared.Dir(t, "corpus"), "files", name))
	if err != nil {
		t.Fatalf("the corpus has no %s: %v", name, err)
	}
	return string(data)
}

// loadText pastes text into the editor and waits until the tester has
// read all of it.
func loadText(p *Page, text string) {
	p.tb.Helper()
	p.Replace(editor, text)
	p.WaitAttr("#summary", "data-bytes", strconv.Itoa(len(text)))
}

// choose sets a select to value and sends the change event, as picking
// an option does. An option that is not there fails the test, so that a
// renamed value does not pass for the default.
func choose(p *Page, sel, value string) {
	p.tb.Helper()
	p.Call("choosing "+value+" in "+sel, `(sel, v) => {
		const s = document.querySelector(sel);
		if (!s) throw new Error("no element matches " + sel);
		if (![...s.options].some(o => o.value === v)) throw new Error(sel + " has no option " + v);
		s.value = v;
		s.dispatchEvent(new Event("change", {bubbles: true}));
	}`, sel, value)
}

// poll evaluates js until ok accepts its value, and fails the test with
// the last value after Timeout: the page draws in its own frames, so a
// test waits for the outcome rather than sleeps.
func poll[T any](p *Page, what, js string, ok func(T) bool) T {
	p.tb.Helper()
	deadline := time.Now().Add(Timeout)
	for {
		v := Eval[T](p, what, js)
		if ok(v) {
			return v
		}
		if time.Now().After(deadline) {
			p.tb.Fatalf("%s: got %+v after %v%s", what, v, Timeout, p.consoleTail())
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// viewport makes the tab's viewport w×h CSS pixels, as a window or a
// phone of that size would.
func viewport(p *Page, w, h int64) {
	p.tb.Helper()
	p.do(fmt.Sprintf("setting the viewport to %d×%d", w, h), chromedp.EmulateViewport(w, h))
	poll(p, "waiting for the new viewport", `[innerWidth, innerHeight]`, func(v []int64) bool {
		return len(v) == 2 && v[0] == w && v[1] == h
	})
}

// press sends keys to the element that has the focus.
func press(p *Page, keys string) {
	p.tb.Helper()
	p.do("pressing "+strconv.Quote(keys), chromedp.KeyEvent(keys))
}

// pasteInto pastes text into the field sel as the clipboard would.
func pasteInto(p *Page, sel, text string) {
	p.tb.Helper()
	p.Wait(sel)
	p.Call("pasting into "+sel, `(sel, text) => {
		const el = document.querySelector(sel);
		el.focus();
		const dt = new DataTransfer();
		dt.setData("text/plain", text);
		el.dispatchEvent(new ClipboardEvent("paste", {clipboardData: dt, bubbles: true, cancelable: true}));
	}`, sel, text)
}

// tap clicks the k-th element matching sel with the mouse, as a user
// would: scrolled into view first if need be, then clicked at its middle
// once the page stopped moving (scrolling may draw other tests into the
// table's lines). When something lies over the element (a sheet, a sticky
// header), it is scrolled to the top, the middle, then the bottom of the
// screen in turn, as a user would look for it; when it stays covered, the
// test fails: a user could not click it either.
func tap(p *Page, sel string, k int) {
	p.tb.Helper()
	p.OpenAround(sel)
	type point struct {
		X, Y  float64
		Found bool
		Over  string // what lies over the element's middle, if not itself
	}
	measure := fmt.Sprintf(`((sel, k) => {
		const el = document.querySelectorAll(sel)[k];
		if (!el) return {Found: false};
		const r = el.getBoundingClientRect(), x = r.left + r.width / 2, y = r.top + r.height / 2;
		const at = document.elementFromPoint(x, y);
		const over = at && (at === el || el.contains(at)) ? "" : (at ? at.tagName + "#" + at.id + "." + at.className : "nothing");
		return {X: x, Y: y, Found: true, Over: over};
	})(%s, %d)`, jsString(sel), k)
	var last point
	for _, block := range []string{"nearest", "start", "center", "end"} {
		p.Call("scrolling "+sel+" into view", `(sel, k, block) => {
			const el = document.querySelectorAll(sel)[k];
			if (el) el.scrollIntoView({block: block, inline: "nearest"});
		}`, sel, k, block)
		// Still when two readings a poll apart agree.
		last = poll(p, "finding "+sel, measure, func(pt point) bool {
			still := pt.Found && pt == last
			last = pt
			return still
		})
		if last.Over == "" {
			p.do("clicking "+sel, chromedp.MouseClickXY(last.X, last.Y))
			return
		}
	}
	p.tb.Fatalf("clicking %s [%d]: %s lies over it wherever it is scrolled", sel, k, last.Over)
}

// gridTests makes the tests of every crawler of crawlers (comma-separated)
// on every URL with the grid panel, in place of the tests, and returns
// them as the grid makes them: URL by URL.
func gridTests(p *Page, crawlers string, urls []string) []model.Row {
	p.tb.Helper()
	rows, _ := model.Grid(model.SplitTokens(crawlers), urls, model.MaxRows)
	p.Replace("#grid-more", crawlers)
	p.Replace("#grid-urls", strings.Join(urls, "\n"))
	p.WaitAttr("#grid-plan", "data-tests", strconv.Itoa(len(rows)))
	p.Click("#grid-replace")
	p.WaitAttr("#results", "data-total", strconv.Itoa(len(rows)))
	return rows
}

// exportResults downloads the results as JSON and returns them. The page
// must run blobsJS first.
func exportResults(p *Page) []share.Result {
	p.tb.Helper()
	n := Eval[int](p, "counting downloads", "window.__blobs.length")
	p.Click("#export-json")
	poll(p, "waiting for the export", "window.__blobs.length", func(m int) bool { return m > n })
	var out []share.Result
	if err := jsonUnmarshal(lastBlob(p), &out); err != nil {
		p.tb.Fatalf("reading the JSON export: %v", err)
	}
	return out
}

// counts is what #results says of the tests shown.
type counts struct{ Allowed, Blocked, Shown, Total int }

const countsJS = `(() => { const r = document.querySelector("#results"); return r ? {
	Allowed: +r.dataset.allowed, Blocked: +r.dataset.blocked, Shown: +r.dataset.shown, Total: +r.dataset.total} : {}; })()`

// waitCounts waits until #results carries want.
func waitCounts(p *Page, want counts) {
	p.tb.Helper()
	poll(p, "reading the counts of #results", countsJS, func(c counts) bool { return c == want })
}

// tally counts the verdicts of results.
func tally(results []share.Result) (allowed, blocked int) {
	for _, r := range results {
		if r.Verdict == "allowed" {
			allowed++
		} else {
			blocked++
		}
	}
	return allowed, blocked
}

// checkResults exports the results and checks them against the engine,
// run here on the same file and tests, and the counts of #results against
// them; it returns them.
func checkResults(t *testing.T, p *Page, text string, want int) []share.Result {
	t.Helper()
	results := exportResults(p)
	if len(results) != want {
		t.Fatalf("the export holds %d tests, want %d", len(results), want)
	}
	s := model.State{Robots: text}
	for _, r := range results {
		s.Rows = append(s.Rows, model.Row{Agent: r.Agent, URL: r.URL})
	}
	an := model.Analyze(&s)
	for i, r := range results {
		if v := an.Rows[i].Verdict(); r.Verdict != v || r.Line != an.Rows[i].Line {
			t.Errorf("test %d (%s on %s): the page says %s by line %d, the engine %s by line %d",
				i+1, r.Agent, r.URL, r.Verdict, r.Line, v, an.Rows[i].Line)
		}
	}
	a, b := tally(results)
	waitCounts(p, counts{a, b, want, want})
	// The lines drawn show the same tests and verdicts.
	for _, d := range drawn(p) {
		if r := results[d.Row]; d.Agent != r.Agent || d.URL != r.URL || d.Verdict != r.Verdict {
			t.Errorf("test %d shows %s on %s %s, the export %s on %s %s", d.Row+1, d.Agent, d.URL, d.Verdict, r.Agent, r.URL, r.Verdict)
		}
	}
	return results
}

// drawnRow is a test's line as drawn in the table.
type drawnRow struct {
	Row        int
	Agent, URL string
	Verdict    string
}

const drawnJS = `[...document.querySelectorAll("#rows [data-row]")].map(r => ({Row: +r.dataset.row,
	Agent: r.querySelector("input[name=agent]").value, URL: r.querySelector("input[name=url]").value,
	Verdict: r.querySelector("[data-verdict]").dataset.verdict}))`

// drawn returns the tests' lines drawn in the table, top to bottom.
func drawn(p *Page) []drawnRow {
	p.tb.Helper()
	return Eval[[]drawnRow](p, "reading the table", drawnJS)
}

func indices(rows []drawnRow) []int {
	out := make([]int, len(rows))
	for i, r := range rows {
		out[i] = r.Row
	}
	return out
}

// scrollTable scrolls the table's box to top pixels (to its end when top
// is negative).
func scrollTable(p *Page, top float64) {
	p.tb.Helper()
	p.Call("scrolling the table", `(top) => { const b = document.querySelector("#rows"); b.scrollTop = top < 0 ? b.scrollHeight : top; }`, top)
}

// showRow scrolls the table's box until test i is drawn, about the middle
// of the box, as a user scrolling to it would.
func showRow(p *Page, i int) {
	p.tb.Helper()
	p.Call("scrolling the table to a test", `(i) => {
		const b = document.querySelector("#rows"), r = b.querySelector("[data-row]");
		b.scrollTop = Math.max(0, i * r.offsetHeight - b.clientHeight / 2);
	}`, i)
	p.Wait(row(i, "[data-why]"))
}

// rect is an element's box on screen and the viewport's size.
type rect struct {
	Top, Bottom, Left, Right float64
	W, H                     float64 // the viewport
	Position                 string  // its computed CSS position
	// Hit reports that the point near its top left corner shows the
	// element: no box scrolled away clips it, nothing lies over it.
	Hit bool
}

const rectJS = `((sel) => { const el = document.querySelector(sel); if (!el) return {};
	const r = el.getBoundingClientRect(), at = document.elementFromPoint(r.left + 12, Math.max(r.top, 0) + 12);
	return {Top: r.top, Bottom: r.bottom, Left: r.left, Right: r.right, W: innerWidth, H: innerHeight,
		Position: getComputedStyle(el).position, Hit: !!at && el.contains(at)}; })`

// inView reports whether the top part of the box (its first minPx pixels,
// or all of it when smaller) is inside the viewport and shows. A pixel's
// fraction off the top is rounding: scrollIntoView leaves as much.
func (r rect) inView(minPx float64) bool {
	if r.W == 0 {
		return false
	}
	need := min(minPx, r.Bottom-r.Top)
	return r.Top >= -1 && r.Top+need <= r.H && r.Left >= 0 && r.Right <= r.W+0.5 && r.Bottom > r.Top && r.Hit
}

// waitInView waits until the top part of the element sel is in the
// viewport, and returns its box.
func waitInView(p *Page, sel string) rect {
	p.tb.Helper()
	return poll(p, sel+" inside the viewport", rectJS+"("+jsString(sel)+")", func(r rect) bool { return r.inView(48) })
}

// editorLine is where line N of the editor is, as the page shows it.
type editorLine struct {
	StartLine, EndLine int     // the lines where the selection starts and ends
	SelLen             int     // the selection's length
	InBox              bool    // line N is drawn inside the editor's scroll box
	Y, LH              float64 // the top of line N on screen, and its height
	H                  float64 // the viewport's height
	Hit                bool    // the point of line N on screen shows the editor, not something over it
	Wide               bool    // the page has its wide layout
	BoxOn              bool    // the editor's scroll box is wholly on screen
}

// editorLineJS is a function of the line n.
const editorLineJS = `((n) => {
	const s = window.robotsTester.selection();
	const out = {StartLine: s.startLine, EndLine: s.endLine, SelLen: s.length, InBox: false, Y: -1, LH: 0, H: innerHeight, Hit: false};
	const el = document.querySelector('#robots-txt .cm-line[data-line="' + n + '"]');
	if (!el) return out;
	const r = el.getBoundingClientRect(), b = document.querySelector("#editor .cm-scroller").getBoundingClientRect();
	const at = document.elementFromPoint(r.left + 10, r.top + r.height / 2);
	return Object.assign(out, {InBox: r.top >= b.top - 0.5 && r.bottom <= b.bottom + 0.5, Y: r.top, LH: r.height,
		Hit: !!at && !!at.closest("#editor"), Wide: getComputedStyle(document.documentElement).getPropertyValue("--layout").trim() !== "narrow",
		BoxOn: b.top >= -0.5 && b.bottom <= innerHeight + 0.5});
})`

// shows reports whether the editor selects line n, which is empty when
// empty is set, with the line inside both its scroll box and the
// viewport, and nothing over it; on a wide screen the whole editor is on
// screen too (a line at the screen's edge, the lines around it cut off,
// says little).
func (e editorLine) shows(n int, empty bool) bool {
	return e.StartLine == n && e.EndLine == n && (e.SelLen > 0 || empty) &&
		e.InBox && e.Y >= 0 && e.Y+e.LH <= e.H && e.Hit && (e.BoxOn || !e.Wide)
}

// checkReveal clicks the k-th [data-line] element matching sel and
// checks that the editor then shows its line: selected, scrolled to, on
// screen.
func checkReveal(t *testing.T, p *Page, text, sel string, k int) {
	t.Helper()
	p.Wait(sel)
	v := Eval[string](p, "reading data-line", fmt.Sprintf(`document.querySelectorAll(%s)[%d].dataset.line`, jsString(sel), k))
	n, err := strconv.Atoi(v)
	if err != nil || n < 1 {
		t.Fatalf("%s: data-line %q", sel, v)
	}
	lines := strings.Split(text, "\n")
	empty := n > len(lines) || strings.TrimSpace(lines[n-1]) == ""
	tap(p, sel, k)
	deadline := time.Now().Add(Timeout)
	for {
		e := Eval[editorLine](p, "reading the editor", fmt.Sprintf("%s(%d)", editorLineJS, n))
		if e.shows(n, empty) {
			return
		}
		if time.Now().After(deadline) {
			t.Errorf("after clicking %s (line %d), the editor shows %+v", sel, n, e)
			return
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// nytimesCrawlers and nytimesURLs make 25 tests on nytimes.com's file:
// crawlers with a group of their own (Twitterbot, GPTBot, CCBot), one
// under the * group and read as Bing reads (Bingbot), one named by two
// groups (Googlebot), on URLs that rules of every kind decide. Test 20
// (Googlebot on the Wordle URL) is decided by an Allow that beats a
// shorter Disallow.
const nytimesCrawlers = "Twitterbot, GPTBot, CCBot, Bingbot, Googlebot"
