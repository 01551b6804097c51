//go:build !js

package e2e

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"robotstester/app/model"
	"robotstester/robots"
)

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

	// A header per crawler token as read: "AI2Bot" and "Ai2Bot-Dolma" are
	// both "AI" to an RFC 9309 parser, and one group.
	tokens := map[string]bool{}
	for _, c := range crawlers {
		tokens[strings.ToLower(robots.Identify(c).Token)] = true
	}
	// Grouped by URL: 5 headers of len(crawlers) tests; by crawler: one
	// header per crawler token, of 5 tests each. The table draws a window: the
	// headers are counted by the table's aria-rowcount (every line and the
	// column headers) and read as far as drawn.
	for _, g := range []struct {
		value  string
		groups int
		each   int
	}{{"url", len(nytimesURLs), len(crawlers)}, {"crawler", len(tokens), len(nytimesURLs)}} {
		choose(p, "#results-group", g.value)
		p.WaitAttr(`#rows [role=table]`, "aria-rowcount", strconv.Itoa(len(want)+g.groups+1))
		heads := Eval[[]string](p, "reading the headers", `[...document.querySelectorAll("#rows .result-group")].map(h => h.textContent)`)
		if len(heads) == 0 {
			t.Fatalf("grouped by %s: no header drawn", g.value)
		}
		for _, h := range heads {
			if g.value == "crawler" && !strings.Contains(h, fmt.Sprintf(" · %d tests: ", g.each)) {
				// A token several crawlers are read as: g.each tests a crawler.
				if n, ok := headTests(h); ok && n%g.each == 0 {
					continue
				}
			}
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

// headTests reads the count of a group header: "AI · 10 tests: …".
func headTests(h string) (int, bool) {
	_, rest, ok := strings.Cut(h, " · ")
	if !ok {
		return 0, false
	}
	n, _, ok := strings.Cut(rest, " tests: ")
	if !ok {
		return 0, false
	}
	k, err := strconv.Atoi(n)
	return k, err == nil
}
