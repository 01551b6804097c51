//go:build !js

package e2e

import (
	"fmt"
	"strconv"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// TestKeyboardWalk: what a keyboard user met in a walk through the page.
// Undo's last step leaves the focus on Redo, not the page's body; a part
// under More opens in its place, so that Tab follows what the page shows;
// a key that changes no verdict is not announced again (the test bar's
// verdict is a live region).
func TestKeyboardWalk(t *testing.T) {
	p := suite.NewPage(t)
	viewport(p, 1440, 900)
	p.Open(suite.Site(t, ""))

	tap(p, row(0, "button.remove"), 0)
	p.WaitAttr("#results", "data-total", "6")
	p.Call("focusing Undo", `() => document.querySelector("#undo").focus()`)
	press(p, kb.Enter)
	p.WaitAttr("#results", "data-total", "7")
	poll(p, "the focus after Undo's last step", `document.activeElement.id`, func(id string) bool { return id == "redo" })

	p.Click("#more-grid > summary")
	p.Wait("#more-grid[open] .panel")
	type order struct{ PanelBottom, NextTop, PrevBottom float64 }
	o := Eval[order](p, "placing the open part", `(() => {
		const open = document.querySelector("#more-grid"), next = document.querySelector("#more-transfer > summary");
		return {PanelBottom: open.getBoundingClientRect().bottom, NextTop: next.getBoundingClientRect().top};
	})()`)
	if o.NextTop < o.PanelBottom {
		t.Errorf("the part after the open one shows above it (its top %.0f, the open part's bottom %.0f): Tab would go up", o.NextTop, o.PanelBottom)
	}

	p.Call("watching the test bar's live region", `() => {
		window.__announced = 0;
		new MutationObserver(ms => { window.__announced += ms.length; })
			.observe(document.querySelector("#test-bar [aria-live]"), {subtree: true, childList: true, characterData: true, attributes: true});
	}`)
	p.Call("typing a comment", `() => window.robotsTester.insert("# a comment\n", 0)`)
	p.WaitAttr(`#robots-txt .cm-line[data-line="1"]`, "data-kind", "comment")
	time.Sleep(300 * time.Millisecond)
	if n := Eval[int](p, "counting the live region's changes", `window.__announced`); n != 0 {
		t.Errorf("a key that changed no verdict changed the live region %d times", n)
	}
	noExceptions(t, p)
}

// TestWhySheetKeys: on a phone the Why is a sheet over the bottom of the
// screen. Opened from the keyboard, it takes the focus; Escape closes it
// and gives the focus back to the Why control that opened it.
func TestWhySheetKeys(t *testing.T) {
	p := suite.NewPage(t)
	viewport(p, 360, 740)
	p.Open(suite.Site(t, ""))
	p.OpenAround(row(1, "[data-why]"))
	p.Call("focusing test 2's Why", `(sel) => document.querySelector(sel).focus()`, row(1, "[data-why]"))
	press(p, kb.Enter)
	p.Wait("#why[data-sheet]")
	poll(p, "the focus in the sheet", `document.activeElement.id`, func(id string) bool { return id == "why-close" })
	// Tab goes on through the sheet's own controls.
	press(p, kb.Tab)
	if in := Eval[bool](p, "where Tab went", `!!document.activeElement.closest("#why")`); !in {
		t.Errorf("Tab from the sheet's close button left the sheet")
	}
	press(p, kb.Escape)
	p.WaitGone("#why[data-sheet]")
	poll(p, "the focus back on the Why control", `document.activeElement.getAttribute("data-why")`, func(v string) bool { return v == "1" })
	noExceptions(t, p)
}

// TestAddTestTakesItsCrawler: *+ Add a test* gives the new test's crawler
// field the focus, its copied crawler selected, so that a crawler typed
// is tested as a crawler, not as the path /Applebot; Undo then takes back
// the test added alone, not the typing before it (issue 43).
func TestAddTestTakesItsCrawler(t *testing.T) {
	p := suite.NewPage(t)
	p.Open(suite.Site(t, ""))
	n := p.Count("[data-row]")
	p.Replace(row(0, `input[name=url]`), "/typed-before")
	p.Click("#add-row")
	p.Wait(fmt.Sprintf(`[data-row="%d"]`, n))
	poll(p, "the focus in the new test's crawler field", fmt.Sprintf(`(() => {
		const a = document.activeElement;
		return !!a && a === document.querySelector('[data-row="%d"] input[name=agent]') && a.selectionStart === 0 && a.selectionEnd === a.value.length;
	})()`, n), func(ok bool) bool { return ok })
	for _, r := range "Applebot" {
		p.do("typing", chromedp.KeyEvent(string(r)))
	}
	poll(p, "the crawler typed", fmt.Sprintf(`document.querySelector('[data-row="%d"] input[name=agent]').value`, n), func(v string) bool { return v == "Applebot" })
	if got := p.Value(row(n, `input[name=url]`)); got != "/" {
		t.Errorf("the new test's URL is %q, want /", got)
	}
	p.Click("#undo") // the typing in the new test
	p.Click("#undo") // the test added
	p.WaitGone(fmt.Sprintf(`[data-row="%d"]`, n))
	if got := p.Value(row(0, `input[name=url]`)); got != "/typed-before" {
		t.Errorf("after two Undos test 1's URL is %q: Undo took back the typing before the test was added", got)
	}
	noExceptions(t, p)
}

// TestPhoneShowsWholeURL: at a phone's 360 px a test's URL field shows a
// third of a long URL; the URL is shown whole over it, on two lines, until
// the field takes the focus (issue 43).
func TestPhoneShowsWholeURL(t *testing.T) {
	p := suite.NewPage(t)
	viewport(p, 360, 740)
	p.Open(suite.Site(t, ""))
	type shown struct {
		Text, Value     string
		Clipped, Hidden bool
	}
	const read = `(i => {
		const w = document.querySelector('[data-row="' + i + '"] .url-whole'), f = document.querySelector('[data-row="' + i + '"] input[name=url]');
		const r = w.getBoundingClientRect();
		return {Text: w.textContent, Value: f.value, Clipped: w.scrollHeight > w.clientHeight + 1 || w.scrollWidth > w.clientWidth + 1, Hidden: r.width === 0 || getComputedStyle(w).display === "none"};
	})`
	for i := range p.Count("[data-row]") {
		s := Eval[shown](p, "reading test "+strconv.Itoa(i)+"'s URL", read+"("+strconv.Itoa(i)+")")
		if s.Hidden || s.Text != s.Value || s.Clipped {
			t.Errorf("test %d: the URL %q is shown as %+v", i, s.Value, s)
		}
	}
	p.Click(row(0, "input[name=url]"))
	if s := Eval[shown](p, "reading test 0's URL", read+"(0)"); !s.Hidden {
		t.Errorf("the field has the focus, and the URL is still drawn over it")
	}
	noExceptions(t, p)
}
