//go:build !js

package e2e

import (
	"fmt"
	"strings"
	"testing"

	"robotstester/app/model"
)

// TestCompare drives the side-by-side view of every dialect and the
// dialect selector through their hooks.
func TestCompare(t *testing.T) {
	p := suite.NewPage(t)
	p.Open(suite.Site(t, ""))

	// One test on which first-match readers disagree with Google (an Allow
	// after a shorter Disallow), one on which all agree.
	p.Replace(editor, "User-agent: *\nDisallow: /a\nAllow: /a/b\n")
	for n := p.Count("[data-row]"); n > 2; n-- {
		p.Click(row(n-1, "button.remove"))
		p.WaitGone(fmt.Sprintf(`[data-row="%d"]`, n-1))
	}
	p.Replace(row(0, "input[name=agent]"), "Googlebot")
	p.Replace(row(0, "input[name=url]"), "/a/b")
	p.Replace(row(1, "input[name=agent]"), "Googlebot")
	p.Replace(row(1, "input[name=url]"), "/z")
	verdict(p, 0, "allowed")

	// The findings come 400 ms after the last change and move the panels
	// below: a click while they land can miss its button.
	p.Wait(`#counts[data-linted="true"]`)
	p.Click("#compare-toggle")
	p.Wait(`[data-compare-row="1"]`)
	want := map[string]string{"google": "allowed", "rfc9309": "allowed", "gym2008": "blocked", "mk1996": "blocked", "mk1994": "blocked", "python": "allowed", "python-3.13": "allowed", "python-legacy": "blocked"}
	for d, v := range want {
		sel := fmt.Sprintf(`[data-compare-row="0"] [data-dialect=%q]`, d)
		if got, _ := p.Attr(sel, "data-verdict"); got != v {
			t.Errorf("test 1 in %s: %q, want %q", d, got, v)
		}
		if got, _ := p.Attr(fmt.Sprintf(`[data-compare-row="1"] [data-dialect=%q]`, d), "data-verdict"); got != "allowed" {
			t.Errorf("test 2 in %s: %q, want allowed", d, got)
		}
	}
	if p.Count(`[data-compare-row="0"][data-disagree]`) != 1 || p.Count(`[data-compare-row="1"][data-disagree]`) != 0 {
		t.Errorf("disagreement marks are wrong")
	}
	if got := p.Text("#compare"); !strings.Contains(got, "first match in file order picks line 2") || !strings.Contains(got, "the longest match picks line 3") {
		t.Errorf("no reason given: %q", got)
	}
	// Every reading's column in view at 1440 px, none behind a scroll bar.
	viewport(p, 1440, 900)
	if over := Eval[int](p, "the table's overflow", `(t => t.scrollWidth - t.parentElement.clientWidth)(document.querySelector(".compare-table"))`); over > 0 {
		t.Errorf("the readings table is %d px wider than its box at 1440 px", over)
	}
	if got, _ := p.Attr("#compare-summary", "data-disagreements"); got != "1" {
		t.Errorf("disagreements %q, want 1", got)
	}

	// The comparison follows the file as it is typed: with the Allow
	// first, only the 1994 convention, which has no Allow, still blocks.
	p.Replace(editor, "User-agent: *\nAllow: /a/b\nDisallow: /a\n")
	for _, d := range []string{"gym2008", "mk1996", "python", "python-3.13", "python-legacy"} {
		p.WaitAttr(fmt.Sprintf(`[data-compare-row="0"] [data-dialect=%q]`, d), "data-verdict", "allowed")
	}
	if got, _ := p.Attr(`[data-compare-row="0"] [data-dialect="mk1994"]`, "data-verdict"); got != "blocked" {
		t.Errorf("1994 convention: %q, want blocked", got)
	}

	// The dialect selector sets the reading of the main verdicts.
	p.Replace(editor, "User-agent: *\nDisallow: /a\nAllow: /a/b\n")
	verdict(p, 0, "allowed")
	p.Call("choosing the 1996 draft", `() => {
		const s = document.querySelector("select#dialect");
		s.value = "mk1996";
		s.dispatchEvent(new Event("change", {bubbles: true}));
	}`)
	verdict(p, 0, "blocked")
	p.Click(row(0, "button.why"))
	p.Wait(`[data-line="2"][data-deciding]`)
}

// TestCompareDrawsInSteps opens the comparison on 120 tests: it draws its
// first page (model.ComparePage tests) a few tests per task, and "Show
// more" draws the next page the same way.
func TestCompareDrawsInSteps(t *testing.T) {
	st := model.State{Robots: "User-agent: *\nDisallow: /a\nAllow: /a/b\n"}
	for i := range 120 {
		st.Rows = append(st.Rows, model.Row{Agent: "Googlebot", URL: fmt.Sprintf("/a/b/%d", i)})
	}
	link := stateLink(t, suite.Site(t, ""), st)
	p := suite.NewPage(t)
	p.Open(link)
	p.Wait(`#counts[data-linted="true"]`)
	// Every change of the page, as the comparison is drawn: how many of
	// its tests are there, and whether "Show more" is offered yet.
	p.Call("watching the comparison", `() => {
		window.__steps = [];
		new MutationObserver(() => {
			const n = document.querySelectorAll("[data-compare-row]").length;
			const more = !!document.querySelector("#compare-more");
			const last = window.__steps[window.__steps.length - 1];
			if (n > 0 && (!last || last[0] !== n || last[1] !== more)) window.__steps.push([n, more]);
		}).observe(document.body, {childList: true, subtree: true});
	}`)
	p.Click("#compare-toggle")
	drawn := func(n int) {
		t.Helper()
		p.Wait(fmt.Sprintf(`[data-compare-row="%d"]`, n-1))
		if got := p.Count("[data-compare-row]"); got != n {
			t.Fatalf("%d tests of the comparison drawn, want %d", got, n)
		}
	}
	drawn(model.ComparePage)
	p.WaitAttr("#compare-more", "type", "button")
	p.Click("#compare-more")
	drawn(2 * model.ComparePage)
	steps := Eval[[][2]any](p, "reading the steps", "window.__steps")
	if len(steps) < 3 {
		t.Errorf("the comparison was drawn in %d steps, want more: %v", len(steps), steps)
	}
	for _, s := range steps {
		if n, _ := s[0].(float64); s[1] == true && int(n)%model.ComparePage != 0 {
			t.Errorf("\"Show more\" offered with %v tests drawn, before the page is whole: %v", n, steps)
		}
	}
	noExceptions(t, p)
}
