//go:build !js

package e2e

import (
	"cmp"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/chromedp/kb"

	"robotstester/app/internal/share"
	"robotstester/app/model"
)

// The browser tests of the tester at the size of real work (issue 10): a
// real site's robots.txt from the shared corpus, tens to a thousand tests,
// and the contracts the page keeps with them. Each test opens a fresh page
// and pastes the file into the editor, as a user would.

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
