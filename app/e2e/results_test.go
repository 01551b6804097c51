//go:build !js

package e2e

import (
	"cmp"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"robotstester/app/internal/share"
	"robotstester/app/model"
	"robotstester/internal/shared"
)

// The browser tests of the tester at the size of real work (issue 10): a
// real site's robots.txt from the shared corpus, tens to a thousand tests,
// and the contracts the page keeps with them. Each test opens a fresh page
// and pastes the file into the editor, as a user would.

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

var nytimesURLs = []string{
	"https://www.nytimes.com/",
	"https://www.nytimes.com/search?query=robots",
	"https://www.nytimes.com/wirecutter/reviews/best-tv/?utm_source=newsletter",
	"https://www.nytimes.com/svc/wordle/v2/today.json",
	"https://www.nytimes.com/athletic/login/",
}

// TestResultsTableAtSize fills the table on nytimes.com's file with 25
// tests, then 300 imported URLs, then pasted URLs up to the limit of 1000:
// at each size the counts of #results are those of the verdicts (checked
// against the engine through the JSON export); at 1000 only a window of
// the tests is drawn and the page stays a few screens high; the filters,
// the orders and the groups work; editing a test's URL changes its
// verdict and the counts.
func TestResultsTableAtSize(t *testing.T) {
	text := corpusText(t, "nytimes.com.txt")
	p := suite.NewPage(t)
	p.Open(suite.Site(t, ""))
	viewport(p, 1440, 900)
	p.Call("watching downloads", blobsJS)
	loadText(p, text)

	// 25 tests.
	gridTests(p, nytimesCrawlers, nytimesURLs)
	checkResults(t, p, text, 25)
	// The table's height, not the page's, is what the number of tests
	// could change: the panels around it grow with the findings, the
	// notices and the Why of the selected test.
	type size struct{ Page, Table, Inner float64 }
	const sizeJS = `({Page: document.documentElement.scrollHeight, Table: document.querySelector("#results").offsetHeight, Inner: innerHeight})`
	small := Eval[size](p, "measuring the page", sizeJS)

	// 300 URLs more, from the import panel, with the selected test's
	// crawler (Googlebot's test 5).
	p.Click(row(4, "[data-why]"))
	p.WaitAttr("#why", "data-why-row", "4")
	var b strings.Builder
	paths := []string{"/section/world/%d", "/search?q=%d", "/2024/%d/report.pdf", "/svc/wordle/%d", "/athletic/login?ref_page=%d", "/wirecutter/x%d?utm_source=a"}
	for i := range 300 {
		fmt.Fprintf(&b, "https://www.nytimes.com"+paths[i%len(paths)]+"\n", i)
	}
	p.Click("details.import-urls summary")
	p.Replace("#import-urls", b.String())
	p.Click("#add-urls")
	p.WaitAttr("#results", "data-total", "325")
	checkResults(t, p, text, 325)

	// Up to 1000, pasted into the first imported test's URL field (which
	// the import focused): that test takes the first URL.
	b.Reset()
	for i := range 676 {
		fmt.Fprintf(&b, "https://www.nytimes.com"+paths[(i+3)%len(paths)]+"\n", i+1000)
	}
	pasteInto(p, row(25, "input[name=url]"), b.String())
	p.WaitAttr("#results", "data-total", strconv.Itoa(model.MaxRows))
	results := checkResults(t, p, text, model.MaxRows)
	allowed, blocked := tally(results)
	if allowed == 0 || blocked == 0 {
		t.Fatalf("%d allowed, %d blocked: the tests should give both verdicts", allowed, blocked)
	}

	// A window of the tests is drawn, and the page did not grow with them.
	rows := drawn(p)
	if n := p.Count("[data-row]"); len(rows) == 0 || n >= 100 {
		t.Errorf("%d tests drawn of 1000, want a window (under 100)", n)
	}
	for k := 1; k < len(rows); k++ {
		if rows[k].Row != rows[k-1].Row+1 {
			t.Errorf("the tests drawn are not one window: %v", indices(rows))
			break
		}
	}
	big := Eval[size](p, "measuring the page", sizeJS)
	t.Logf("25 tests: %+v; 1000 tests: %+v", small, big)
	if big.Table > big.Inner || big.Table > small.Table+40 {
		t.Errorf("with 1000 tests the table is %.0f px high (%.0f with 25) in a %.0f px window", big.Table, small.Table, big.Inner)
	}
	if big.Page > 5*big.Inner {
		t.Errorf("with 1000 tests the page is %.0f px high, over 5 screens of %.0f px", big.Page, big.Inner)
	}

	t.Run("filters", func(t *testing.T) {
		p.tb = t
		choose(p, "#results-filter", "blocked")
		waitCounts(p, counts{0, blocked, blocked, 1000})
		poll(p, "the tests drawn blocked only", drawnJS, func(rows []drawnRow) bool {
			return len(rows) > 0 && !slices.ContainsFunc(rows, func(r drawnRow) bool { return r.Verdict != "blocked" })
		})
		choose(p, "#results-filter", "allowed")
		waitCounts(p, counts{allowed, 0, allowed, 1000})
		poll(p, "the tests drawn allowed only", drawnJS, func(rows []drawnRow) bool {
			return len(rows) > 0 && !slices.ContainsFunc(rows, func(r drawnRow) bool { return r.Verdict != "allowed" })
		})
		// One crawler: GPTBot's 5 tests, all blocked by "Disallow: /".
		choose(p, "#results-filter", "crawler:GPTBot")
		var want []int
		for i, r := range results {
			if r.Token == "GPTBot" {
				want = append(want, i)
			}
		}
		waitCounts(p, counts{0, len(want), len(want), 1000})
		poll(p, "the tests drawn with GPTBot only", drawnJS, func(rows []drawnRow) bool { return slices.Equal(indices(rows), want) })
		choose(p, "#results-filter", "all")
		waitCounts(p, counts{allowed, blocked, 1000, 1000})
	})

	t.Run("sort", func(t *testing.T) {
		p.tb = t
		for _, c := range []struct {
			value string
			by    func(a, b share.Result) int
		}{
			{"verdict", func(a, b share.Result) int { return strings.Compare(b.Verdict, a.Verdict) }},
			{"url", func(a, b share.Result) int { return strings.Compare(a.Tested, b.Tested) }},
			{"crawler", func(a, b share.Result) int {
				return cmp.Or(strings.Compare(strings.ToLower(a.Token), strings.ToLower(b.Token)), strings.Compare(a.Token, b.Token))
			}},
			{"line", func(a, b share.Result) int { return cmp.Compare(uint(a.Line-1), uint(b.Line-1)) }},
		} {
			want := make([]int, len(results))
			for i := range want {
				want[i] = i
			}
			slices.SortStableFunc(want, func(i, j int) int { return c.by(results[i], results[j]) })
			choose(p, "#results-sort", c.value)
			scrollTable(p, 0)
			poll(p, "the first tests by "+c.value, drawnJS, func(rows []drawnRow) bool {
				return len(rows) > 0 && slices.Equal(indices(rows), want[:len(rows)])
			})
			scrollTable(p, -1)
			poll(p, "the last tests by "+c.value, drawnJS, func(rows []drawnRow) bool {
				return len(rows) > 0 && slices.Equal(indices(rows), want[len(want)-len(rows):])
			})
		}
		choose(p, "#results-sort", "entered")
		scrollTable(p, 0)
		poll(p, "the tests as entered", drawnJS, func(rows []drawnRow) bool { return len(rows) > 0 && rows[0].Row == 0 })
	})

	t.Run("groups", func(t *testing.T) {
		p.tb = t
		for _, c := range []struct {
			value string
			key   func(r share.Result) string
		}{
			{"crawler", func(r share.Result) string { return r.Token }},
			{"url", func(r share.Result) string { return r.Tested }},
		} {
			// The headers, in the order of their first test, each with its
			// counts.
			var order []string
			tests := map[string][2]int{}
			for _, r := range results {
				k := c.key(r)
				if c.value == "crawler" {
					k = strings.ToLower(k)
				}
				n, ok := tests[k]
				if !ok {
					order = append(order, c.key(r))
				}
				if r.Verdict == "allowed" {
					n[0]++
				} else {
					n[1]++
				}
				tests[k] = n
			}
			k := order[0]
			if c.value == "crawler" {
				k = strings.ToLower(k)
			}
			first := tests[k]
			wantHead := fmt.Sprintf("%s · %d tests: %d allowed, %d blocked", order[0], first[0]+first[1], first[0], first[1])
			choose(p, "#results-group", c.value)
			scrollTable(p, 0)
			p.WaitAttr(`#rows [role=table]`, "aria-rowcount", strconv.Itoa(1000+len(order)+1))
			head := poll(p, "the first header by "+c.value, `[...document.querySelectorAll("#rows .result-group")].map(h => h.textContent)`,
				func(h []string) bool { return len(h) > 0 })
			if head[0] != wantHead {
				t.Errorf("grouped by %s: first header %q, want %q", c.value, head[0], wantHead)
			}
		}
		choose(p, "#results-group", "none")
		p.WaitAttr(`#rows [role=table]`, "aria-rowcount", "1001")
		if n := p.Count("#rows .result-group"); n != 0 {
			t.Errorf("%d headers without groups", n)
		}
	})

	t.Run("edit a URL", func(t *testing.T) {
		p.tb = t
		// Test 5 is Googlebot on the home page, allowed: on a search page
		// it is blocked by "Disallow: /search".
		scrollTable(p, 0)
		verdict(p, 4, "allowed")
		p.Replace(row(4, "input[name=url]"), "https://www.nytimes.com/search?q=x")
		verdict(p, 4, "blocked")
		waitCounts(p, counts{allowed - 1, blocked + 1, 1000, 1000})
		if got := p.Text(row(4, ".rule code")); got != "Disallow: /search" {
			t.Errorf("deciding rule %q, want Disallow: /search", got)
		}
	})
	p.tb = t
	noExceptions(t, p)
}

// linkedinCrawlers and linkedinURLs make 25 tests on linkedin.com's file
// (4302 lines), whose groups lie far down the file: test 20 is decided by
// a line past 3700.
const linkedinCrawlers = "Googlebot, Bingbot, GPTBot, Zoombot, ByteSpider"

var linkedinURLs = []string{
	"https://www.linkedin.com/feed/update/urn:li:activity:1/",
	"https://www.linkedin.com/help/linkedin/answer/1",
	"https://www.linkedin.com/jobs-guest/jobs/api/x",
	"https://www.linkedin.com/analytics/",
	"https://www.linkedin.com/in/someone",
}

// TestWhyBesideTheQuestion checks the contract of the Why control: once a
// test's Why is clicked, the Why panel explaining that test is on screen,
// for a test far down the table (test 20 of 25, scrolled to), on a wide
// screen (the panel beside the table) and on a phone (a sheet over the
// bottom of the screen), on linkedin.com's file and nytimes.com's. Then
// every kind of "line N" control (the test's deciding line, the Why
// panel's lines, a finding's line, a line of the read view) brings line N
// of the editor into view: selected, scrolled to, and on screen.
func TestWhyBesideTheQuestion(t *testing.T) {
	for _, f := range []struct {
		file, crawlers string
		urls           []string
	}{
		{"linkedin.com.txt", linkedinCrawlers, linkedinURLs},
		{"nytimes.com.txt", nytimesCrawlers, nytimesURLs},
	} {
		text := corpusText(t, f.file)
		for _, vp := range []struct{ w, h int64 }{{1440, 900}, {360, 740}} {
			t.Run(fmt.Sprintf("%s at %dx%d", strings.TrimSuffix(f.file, ".txt"), vp.w, vp.h), func(t *testing.T) {
				p := suite.NewPage(t)
				p.Open(suite.Site(t, ""))
				viewport(p, vp.w, vp.h)
				loadText(p, text)
				rows := gridTests(p, f.crawlers, f.urls)
				const i = 19
				an := model.Analyze(&model.State{Robots: text, Rows: rows})
				if an.Rows[i].Line == 0 {
					t.Fatalf("test %d has no deciding line: choose other tests", i+1)
				}

				// The user scrolls the table to test 20 and asks why. The
				// page stays where it is: the lines that come into the
				// table are not the browser's scroll anchor (they moved the
				// page under the pointer, and the click missed the Why).
				before := Eval[float64](p, "the page's scroll", "scrollY")
				showRow(p, i)
				p.Still(row(i, "[data-why]"))
				if after := Eval[float64](p, "the page's scroll", "scrollY"); after != before {
					t.Errorf("scrolling the table scrolled the page from %.0f to %.0f", before, after)
				}
				tap(p, row(i, "[data-why]"), 0)
				p.WaitAttr("#why", "data-why-row", strconv.Itoa(i))
				r := waitInView(p, "#why")
				if r.Position == "fixed" {
					// A sheet: the test it explains stays in sight above it
					// (its middle at least: the click may have left its top
					// edge under the window's).
					rr := poll(p, "the test above the sheet", rectJS+"("+jsString(row(i, ""))+")", func(rr rect) bool { return rr.W > 0 })
					if (rr.Top+rr.Bottom)/2 < 0 || rr.Bottom > r.Top+1 {
						t.Errorf("the sheet (top %.0f) hides test %d (%.0f to %.0f)", r.Top, i+1, rr.Top, rr.Bottom)
					}
				}

				// Every kind of line control brings its line into the editor.
				checkReveal(t, p, text, row(i, "button[data-line]"), 0)
				// The editor marks the deciding line, where the user looks.
				p.WaitAttr("#robots-txt .cm-line[data-deciding]", "data-line", strconv.Itoa(an.Rows[i].Line))
				n := p.Count("#why button[data-line]")
				if n == 0 {
					t.Fatalf("the Why panel has no line button")
				}
				for k := range n {
					checkReveal(t, p, text, "#why button[data-line]", k)
				}
				p.Wait(`#counts[data-linted="true"]`)
				checkReveal(t, p, text, "#findings button[data-line]", 0)
			})
		}
	}
}

// TestGridOfCrawlersAndURLs makes tests with the grid panel on
// nytimes.com's file: Google's crawlers and the AI training crawlers on 5
// URLs make crawlers × URLs tests, said before they are made; grouped by
// URL and by crawler the table shows a header per URL and per crawler;
// Undo brings back the tests as they were, after a replace and after an
// add.
func TestGridOfCrawlersAndURLs(t *testing.T) {
	text := corpusText(t, "nytimes.com.txt")
	p := suite.NewPage(t)
	p.Open(suite.Site(t, ""))
	p.Call("watching downloads", blobsJS)
	loadText(p, text)
	before := exportResults(p)

	sets := []string{"google", "ai-training"}
	crawlers := model.SetTokens(sets, "")
	want, _ := model.Grid(crawlers, nytimesURLs, model.MaxRows)
	if len(want) != len(crawlers)*len(nytimesURLs) || len(crawlers) < 4 {
		t.Fatalf("the sets give %d crawlers, %d tests", len(crawlers), len(want))
	}
	for _, id := range sets {
		p.Click(`input[name=grid-set][value="` + id + `"]`)
	}
	p.Replace("#grid-urls", strings.Join(nytimesURLs, "\n"))
	p.WaitAttr("#grid-plan", "data-tests", strconv.Itoa(len(want)))
	p.WaitAttr("#grid-plan", "data-fit", strconv.Itoa(len(want)))
	if got := p.Text("#grid-plan"); !strings.Contains(got, fmt.Sprintf("%d crawlers × 5 URLs: %d tests", len(crawlers), len(want))) {
		t.Errorf("the plan says %q", got)
	}

	// In place of the tests: exactly the grid, URL by URL.
	p.Click("#grid-replace")
	p.WaitAttr("#results", "data-total", strconv.Itoa(len(want)))
	results := checkResults(t, p, text, len(want))
	for i, r := range results {
		if r.Agent != want[i].Agent || r.URL != want[i].URL {
			t.Errorf("test %d is %s on %s, want %s on %s", i+1, r.Agent, r.URL, want[i].Agent, want[i].URL)
		}
	}

	// Grouped by URL: 5 headers of len(crawlers) tests; by crawler: one
	// header per crawler, of 5 tests. The table draws a window: the
	// headers are counted by the table's aria-rowcount (every line and the
	// column headers) and read as far as drawn.
	for _, g := range []struct {
		value  string
		groups int
		each   int
	}{{"url", len(nytimesURLs), len(crawlers)}, {"crawler", len(crawlers), len(nytimesURLs)}} {
		choose(p, "#results-group", g.value)
		p.WaitAttr(`#rows [role=table]`, "aria-rowcount", strconv.Itoa(len(want)+g.groups+1))
		heads := Eval[[]string](p, "reading the headers", `[...document.querySelectorAll("#rows .result-group")].map(h => h.textContent)`)
		if len(heads) == 0 {
			t.Fatalf("grouped by %s: no header drawn", g.value)
		}
		for _, h := range heads {
			if !strings.Contains(h, fmt.Sprintf(" · %d tests: ", g.each)) {
				t.Errorf("grouped by %s: header %q, want %d tests in each", g.value, h, g.each)
			}
		}
		if first := want[0].URL; g.value == "url" && !strings.HasPrefix(heads[0], first+" · ") {
			t.Errorf("grouped by URL: first header %q, want %s", heads[0], first)
		}
		if first := want[0].Agent; g.value == "crawler" && !strings.HasPrefix(heads[0], first+" · ") {
			t.Errorf("grouped by crawler: first header %q, want %s", heads[0], first)
		}
	}
	choose(p, "#results-group", "none")

	// Undo brings back the tests the grid replaced.
	p.Click("#undo")
	p.WaitAttr("#results", "data-total", strconv.Itoa(len(before)))
	if after := exportResults(p); !slices.Equal(after, before) {
		t.Errorf("after Undo the tests are\n%+v\nwant\n%+v", after, before)
	}

	// Added after the tests, then undone.
	p.WaitAttr("#grid-plan", "data-fit", strconv.Itoa(len(want)))
	p.Click("#grid-add")
	p.WaitAttr("#results", "data-total", strconv.Itoa(len(before)+len(want)))
	added := checkResults(t, p, text, len(before)+len(want))
	if !slices.Equal(added[:len(before)], before) {
		t.Errorf("adding the grid changed the tests before it")
	}
	p.Click("#undo")
	p.WaitAttr("#results", "data-total", strconv.Itoa(len(before)))
	if after := exportResults(p); !slices.Equal(after, before) {
		t.Errorf("after the second Undo the tests are\n%+v\nwant\n%+v", after, before)
	}
	noExceptions(t, p)
}

// finding is an entry of the findings list.
type finding struct {
	Severity string
	Count    int
	Lines    []int
	Text     string
}

const findingsJS = `[...document.querySelectorAll("#findings li")].map(li => ({Severity: li.dataset.severity, Count: +li.dataset.count,
	Lines: [...li.querySelectorAll("button[data-line]")].map(b => +b.dataset.line), Text: li.textContent}))`

// wantFindings returns the findings list the page should show for text,
// read as Google does (the example's first test, Googlebot, is selected).
func wantFindings(text, severity string) []model.FindingGroupView {
	an := model.Analyze(&model.State{Robots: text})
	an.Lint()
	return an.FindingGroups(severity)
}

// sameFindings reports whether the list shown is want.
func sameFindings(got []finding, want []model.FindingGroupView) bool {
	if len(got) != len(want) {
		return false
	}
	for i, g := range got {
		if g.Severity != want[i].Severity || g.Count != want[i].Count || !slices.Equal(g.Lines, want[i].Lines) {
			return false
		}
	}
	return true
}

// TestFindingsOfRealFiles checks the findings panel on real files: on
// docs.oracle.com the error (line 139, a path without its leading slash)
// comes first; findings of a kind are one entry with their count and
// lines; the severity filter keeps one kind and gives all back; the notes
// of the read view are no Tab stops; linkedin.com's 161 findings make a
// short list. Then text that is not a robots.txt is said to be so: a URL,
// an HTML page.
func TestFindingsOfRealFiles(t *testing.T) {
	oracle := corpusText(t, "docs.oracle.com.txt")
	linkedin := corpusText(t, "linkedin.com.txt")
	base := suite.Site(t, "")

	t.Run("docs.oracle.com", func(t *testing.T) {
		p := suite.NewPage(t)
		p.Open(base)
		loadText(p, oracle)
		p.Wait(`#counts[data-linted="true"]`)
		p.Wait("#findings") // the user opens the Findings
		all := wantFindings(oracle, "")
		got := poll(p, "reading the findings", findingsJS, func(f []finding) bool { return sameFindings(f, all) })
		if got[0].Severity != "error" || !slices.Equal(got[0].Lines, []int{139}) {
			t.Errorf("first finding %+v, want the error of line 139", got[0])
		}
		total := 0
		for _, f := range got {
			total += f.Count
		}
		if total <= len(got) {
			t.Errorf("%d findings in %d entries: nothing grouped", total, len(got))
		}

		// In the editor a finding is a gutter marker and an underline of
		// its line, not a control: a file with thousands of findings must
		// not make as many Tab stops; and nothing covers the rule's text.
		tap(p, `#findings li[data-severity="error"] button[data-line="139"]`, 0)
		p.Wait(`#robots-txt .cm-line[data-line="139"] .cm-lintRange-error`)
		p.Wait(`#editor .cm-gutter-lint .cm-lint-marker-error`)
		type notes struct{ Notes, Focusable, Covered int }
		n := Eval[notes](p, "reading the notes", `(() => {
			const notes = [...document.querySelectorAll("#editor .cm-lint-marker, #editor .cm-lintRange")];
			const tabbable = "a[href], button, input, select, textarea, [tabindex]";
			const line = document.querySelector('#robots-txt .cm-line[data-line="139"]'), r = line.getBoundingClientRect();
			let covered = 0;
			for (let x = r.left + 2; x < r.right - 2; x += 8) {
				const at = document.elementFromPoint(x, r.top + r.height / 2);
				if (!at || !line.contains(at) && at !== line) covered++;
			}
			return {Notes: notes.length, Focusable: notes.filter(f => f.matches(tabbable) || f.querySelector(tabbable)).length, Covered: covered};
		})()`)
		if n.Notes == 0 || n.Focusable != 0 || n.Covered != 0 {
			t.Errorf("editor: %d finding marks, %d of them focusable; %d points of line 139 covered", n.Notes, n.Focusable, n.Covered)
		}

		// One severity at a time.
		for _, sev := range []string{"error", "warning", "info"} {
			choose(p, "#findings-severity", sev)
			want := wantFindings(oracle, sev)
			poll(p, "reading the findings of severity "+sev, findingsJS, func(f []finding) bool { return len(f) > 0 && sameFindings(f, want) })
		}

		t.Run("all again", func(t *testing.T) {
			p.tb = t
			p.Call("choosing All findings", `() => {
				const s = document.querySelector("#findings-severity");
				s.selectedIndex = [...s.options].findIndex(o => o.textContent === "All findings");
				s.dispatchEvent(new Event("change", {bubbles: true}));
			}`)
			poll(p, "reading all the findings again", findingsJS, func(f []finding) bool { return sameFindings(f, all) })
		})
		p.tb = t
		noExceptions(t, p)
	})

	t.Run("linkedin.com", func(t *testing.T) {
		p := suite.NewPage(t)
		p.Open(base)
		loadText(p, linkedin)
		p.Wait(`#counts[data-linted="true"]`)
		p.Wait("#findings") // the user opens the Findings
		all := wantFindings(linkedin, "")
		got := poll(p, "reading the findings", findingsJS, func(f []finding) bool { return sameFindings(f, all) })
		total := 0
		for _, f := range got {
			total += f.Count
			if len(f.Lines) > model.MaxGroupLines {
				t.Errorf("an entry lists %d lines", len(f.Lines))
			}
		}
		if len(got) > 15 || total < 100 {
			t.Errorf("%d findings make %d entries, want a short list", total, len(got))
		}

		// The editor's lint panel, from the keyboard, lists them all, not
		// only those near view (the first screen shows lines 1 to 40;
		// the findings run to line 4,000 and more); F8 goes from one to
		// the next.
		p.Call("focusing the editor", `() => document.querySelector("#robots-txt").focus()`)
		p.do("pressing Ctrl+Home", chromedp.KeyEvent(kb.Home, chromedp.KeyModifiers(chromedp.ModifierCtrl)))
		p.do("pressing F8", chromedp.KeyEvent(kb.F8))
		first := slices.Min(slices.Concat(func() [][]int {
			var l [][]int
			for _, f := range all {
				l = append(l, f.Lines)
			}
			return l
		}()...))
		poll(p, "moving to the first finding", `window.robotsTester.selection().startLine`, func(n int) bool { return n == first })
		p.do("pressing Ctrl+Shift+M", chromedp.KeyEvent("M", chromedp.KeyModifiers(chromedp.ModifierCtrl|chromedp.ModifierShift)))
		poll(p, "counting the lint panel's findings", `document.querySelectorAll("#editor .cm-panel-lint li").length`,
			func(n int) bool { return n == total })
		noExceptions(t, p)
	})

	t.Run("not a robots.txt", func(t *testing.T) {
		p := suite.NewPage(t)
		p.Open(base)
		for _, c := range []struct{ name, text, says string }{
			{"URL", "https://www.example.com/", "https://www.example.com/robots.txt"},
			{"HTML", "<!DOCTYPE html>\n<html lang=\"en\">\n<head><title>Example Domain</title></head>\n<body>\n<h1>Example Domain</h1>\n<p>This domain is for use in examples.</p>\n</body>\n</html>\n", "HTML"},
		} {
			p.Replace(editor, c.text)
			got := poll(p, "reading the note", `(document.querySelector("#content-note") || {}).textContent || ""`,
				func(s string) bool { return strings.Contains(s, c.says) })
			if !strings.Contains(got, "robots.txt") {
				t.Errorf("%s: the note %q does not say it is not a robots.txt", c.name, got)
			}
		}
		loadText(p, linkedin)
		p.WaitGone("#content-note")
		noExceptions(t, p)
	})
}

// focused is where the focus is.
type focused struct {
	Row       int    // the test whose control has it, -1 for none
	Name      string // the control's name ("url", "agent") or class
	InResults bool   // inside #results
	InBox     bool   // wholly inside the table's scroll box, below its column headers
}

const focusedJS = `(() => {
	const el = document.activeElement, r = el && el.closest("[data-row]");
	const box = document.querySelector("#rows"), b = box.getBoundingClientRect(), e = el.getBoundingClientRect();
	const head = box.querySelector(".results-head").getBoundingClientRect().height;
	return {Row: r ? +r.dataset.row : -1, Name: el.name || el.className, InResults: !!el.closest("#results"),
		InBox: box.contains(el) && e.top >= b.top + head - 1 && e.bottom <= b.bottom + 1};
})()`

// waitFocus waits until the focus is on test i's URL field, in view in
// the table.
func waitFocus(p *Page, i int) {
	p.tb.Helper()
	poll(p, fmt.Sprintf("the focus on test %d's URL field", i+1), focusedJS, func(f focused) bool {
		return f.Row == i && f.Name == "url" && f.InBox
	})
}

// TestResultsKeyboard drives the table with the keys on nytimes.com's
// file and 25 tests: Enter in a URL field adds a test after it and moves
// to its URL; ArrowDown and ArrowUp move to the next and previous test's
// URL, faster than the page draws and past the tests drawn; removing a
// test leaves the focus in the table.
func TestResultsKeyboard(t *testing.T) {
	text := corpusText(t, "nytimes.com.txt")
	p := suite.NewPage(t)
	p.Open(suite.Site(t, ""))
	loadText(p, text)
	rows := gridTests(p, nytimesCrawlers, nytimesURLs)

	// Enter after test 3: a test 4 with test 3's crawler, focused.
	tap(p, row(2, "input[name=url]"), 0)
	poll(p, "the focus on test 3's URL field", focusedJS, func(f focused) bool { return f.Row == 2 && f.Name == "url" })
	press(p, kb.Enter)
	p.WaitAttr("#results", "data-total", "26")
	waitFocus(p, 3)
	if got := p.Value(row(3, "input[name=agent]")); got != rows[2].Agent {
		t.Errorf("the new test's crawler is %q, want %q", got, rows[2].Agent)
	}
	if got := p.Value(row(4, "input[name=url]")); got != rows[3].URL {
		t.Errorf("the test after the new one holds %q, want %q", got, rows[3].URL)
	}

	press(p, kb.ArrowDown)
	waitFocus(p, 4)
	press(p, kb.ArrowUp+kb.ArrowUp)
	waitFocus(p, 2)

	// To the last test, a key after the other: the table scrolls along.
	press(p, strings.Repeat(kb.ArrowDown, 23))
	waitFocus(p, 25)
	press(p, strings.Repeat(kb.ArrowUp, 25))
	waitFocus(p, 0)

	// Removing a test, then the last one: the focus stays in the table,
	// on the remove button of the test that took the place of the one
	// removed, or of the one before the last.
	n := 26
	for _, c := range []struct{ remove, then int }{{10, 10}, {24, 23}} { // 24: the last once test 11 is gone
		tap(p, row(c.remove, "button.remove"), 0)
		n--
		p.WaitAttr("#results", "data-total", strconv.Itoa(n))
		f := poll(p, "the focus after a removal", focusedJS, func(f focused) bool { return f.InResults })
		if f.Row != c.then || f.Name != "remove" {
			t.Errorf("after removing test %d the focus is on test %d's %q, want test %d's remove button", c.remove+1, f.Row+1, f.Name, c.then+1)
		}
	}
	noExceptions(t, p)
}

// TestEmbedFirstScreen opens the embedded tester as a docs page's 800×400
// frame shows it: the test bar's verdict, the deciding line and the
// file's size line under the editor are all within the first screen.
func TestEmbedFirstScreen(t *testing.T) {
	p := suite.NewPage(t)
	viewport(p, 800, 400)
	p.Open(suite.Site(t, "") + "?embed=1")
	p.Wait("[data-embed]")
	p.Wait("#robots-txt [data-deciding]")
	// Once the page has settled: the editor brings the deciding line into
	// view by a measure of its own, a frame or two after it is marked.
	for _, sel := range []string{"#test-bar [data-verdict]", "#robots-txt [data-deciding]", "#summary"} {
		poll(p, sel+" within the 400 px of the frame", rectJS+"("+strconv.Quote(sel)+")", func(r rect) bool {
			return r.Top >= 0 && r.Bottom <= 400 && r.Bottom > r.Top
		})
	}
	noExceptions(t, p)
}

// TestEmbedWhy opens the embedded tester (?embed=1: the editor and the
// tests, no Why panel of its own) with nytimes.com's file and 25 pasted
// URLs: a test's Why control, for a test far down, shows the explanation
// inside the frame's viewport, in a wide frame and a narrow one, with and
// without a fixed height (&height=300).
func TestEmbedWhy(t *testing.T) {
	text := corpusText(t, "nytimes.com.txt")
	base := suite.Site(t, "")
	var urls strings.Builder
	for i := range 25 {
		fmt.Fprintf(&urls, "%s\n", nytimesURLs[i%len(nytimesURLs)]+"?n="+strconv.Itoa(i))
	}
	for _, c := range []struct {
		query string
		w, h  int64
	}{
		{"?embed=1", 1280, 800},
		{"?embed=1", 640, 480},
		{"?embed=1&height=300", 1280, 800},
		{"?embed=1&height=300", 640, 480},
	} {
		t.Run(fmt.Sprintf("%s at %dx%d", c.query, c.w, c.h), func(t *testing.T) {
			p := suite.NewPage(t)
			p.Open(base + c.query)
			p.Wait("[data-embed]")
			viewport(p, c.w, c.h)
			loadText(p, text)
			n := p.Count("[data-row]")
			pasteInto(p, row(0, "input[name=url]"), urls.String())
			p.WaitAttr("#results", "data-total", strconv.Itoa(n+24))
			const i = 20
			showRow(p, i)
			tap(p, row(i, "[data-why]"), 0)
			p.WaitAttr("#why", "data-why-row", strconv.Itoa(i))
			waitInView(p, "#why")
			noExceptions(t, p)
		})
	}
}
