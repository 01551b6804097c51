//go:build !js

package e2e

import (
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// intentFile is the file the intent is written into: a * group with a
// rule, and a group of the user's for GPTBot that the intent takes over.
const intentFile = "User-agent: *\nDisallow: /admin/\n\nUser-agent: GPTBot\nDisallow: /private/\n"

// tabTo presses Tab until the element of id has the focus, as a keyboard
// user walks the form, and fails past limit presses.
func tabTo(t *testing.T, p *Page, id string, limit int) {
	t.Helper()
	for range limit {
		if Eval[string](p, "reading the focus", `document.activeElement ? document.activeElement.id : ""`) == id {
			return
		}
		press(p, kb.Tab)
	}
	t.Fatalf("%d presses of Tab did not reach #%s (the focus is on %q)", limit, id,
		Eval[string](p, "reading the focus", `document.activeElement ? document.activeElement.outerHTML.slice(0, 120) : ""`))
}

// intentTests sets two tests: GPTBot and Googlebot on the site's root.
func intentTests(p *Page) {
	p.Replace(editor, intentFile)
	for n := p.Count("[data-row]"); n > 2; n-- {
		p.Click(row(n-1, "button.remove"))
		p.WaitGone(`[data-row="` + string(rune('0'+n-1)) + `"]`)
	}
	p.Replace(row(0, "input[name=agent]"), "GPTBot")
	p.Replace(row(0, "input[name=url]"), "/")
	p.Replace(row(1, "input[name=agent]"), "Googlebot")
	p.Replace(row(1, "input[name=url]"), "/")
	verdict(p, 0, "allowed")
	verdict(p, 1, "allowed")
	p.Wait(`#counts[data-linted="true"]`) // the findings move the panels below
}

// useIntentForm opens Rules by intent and fills it with the keyboard
// alone: AI training blocked, CCBot allowed apart, then Apply; it checks
// the preview before Apply, the file and the verdicts after, and that
// Undo (Ctrl+Z, then the Undo button after Redo) gives the old file back.
func useIntentForm(t *testing.T, p *Page) {
	p.OpenAround("#more-intent > summary")
	p.Call("focusing Rules by intent", `() => document.querySelector("#more-intent > summary").focus()`)
	press(p, kb.Enter)
	p.Wait("#more-intent[open] #intent")

	tabTo(t, p, "intent-role-ai-training", 10)
	press(p, kb.ArrowDown) // from Leave as is to Block
	p.WaitAttr(`#intent-changes tr[data-crawler="GPTBot"]`, "data-after", "blocked")
	if got, _ := p.Attr(`#intent-changes tr[data-crawler="GPTBot"]`, "data-tests"); got != "1" {
		t.Errorf("GPTBot's tests that change: %q, want 1", got)
	}
	if p.Count(`#intent-changes tr[data-crawler="Googlebot"]`) != 0 {
		t.Error("Googlebot is previewed as changing")
	}
	p.WaitAttr(`#intent-changes tr[data-crawler="CCBot"]`, "data-after", "blocked")

	tabTo(t, p, "intent-add-token", 20)
	p.do("typing CCBot", chromedp.KeyEvent("CCBot"))
	press(p, kb.Tab)
	press(p, kb.ArrowDown) // from Block to Allow
	press(p, kb.Tab)
	press(p, kb.Enter)
	p.Wait(`#intent-crawler-list li[data-token="CCBot"]`)
	p.WaitGone(`#intent-changes tr[data-crawler="CCBot"]`)
	if v := p.Value("#intent-add-token"); v != "" {
		t.Errorf("the crawler field keeps %q after Add", v)
	}
	// CCBot, which the * group already lets crawl the site, is left as
	// it is: no line for it in the block (issue 43).
	if got := Eval[string](p, "reading the block", `document.querySelector("#intent-block").textContent`); !strings.Contains(got, "User-agent: GPTBot") || strings.Contains(got, "User-agent: CCBot") {
		t.Errorf("the block previewed:\n%s", got)
	}

	tabTo(t, p, "intent-apply", 30)
	press(p, kb.Enter)
	verdict(p, 0, "blocked")
	verdict(p, 1, "allowed")
	text := Eval[string](p, "reading the file", `window.robotsTester.text()`)
	for _, want := range []string{"User-agent: GPTBot\nUser-agent: ClaudeBot", "# off by intent: User-agent: GPTBot", "User-agent: *\nDisallow: /admin/"} {
		if !strings.Contains(text, want) {
			t.Errorf("the file written holds no %q:\n%s", want, text)
		}
	}
	p.WaitAttr("#intent-preview", "data-same", "true")

	// Ctrl+Z, the focus on the form's button, takes the whole write back.
	p.do("pressing Ctrl+Z", chromedp.KeyEvent("z", chromedp.KeyModifiers(chromedp.ModifierCtrl)))
	verdict(p, 0, "allowed")
	poll(p, "the old file back", `window.robotsTester.text()`, func(s string) bool { return s == intentFile })
	// Redo writes it again; the Undo button takes it back.
	p.do("pressing Ctrl+Shift+Z", chromedp.KeyEvent("z", chromedp.KeyModifiers(chromedp.ModifierCtrl|chromedp.ModifierShift)))
	verdict(p, 0, "blocked")
	p.Click("#undo")
	verdict(p, 0, "allowed")
	poll(p, "the old file back", `window.robotsTester.text()`, func(s string) bool { return s == intentFile })
	noExceptions(t, p)
}

// TestIntentKeyboard uses Rules by intent with the keyboard alone on a
// wide screen.
func TestIntentKeyboard(t *testing.T) {
	p := suite.NewPage(t)
	viewport(p, 1440, 900)
	p.Open(suite.Site(t, ""))
	intentTests(p)
	useIntentForm(t, p)
}

// TestIntentPhone uses it at a phone's 360×740: the same walk, and no
// part of the form wider than the screen.
func TestIntentPhone(t *testing.T) {
	p := suite.NewPage(t)
	viewport(p, 360, 740)
	p.Open(suite.Site(t, ""))
	intentTests(p)
	p.OpenAround("#more-intent > summary")
	p.Click("#more-intent > summary")
	p.Wait("#more-intent[open] #intent")
	p.Click("#more-intent > summary") // closed again: the walk opens it with the keyboard
	p.WaitGone("#more-intent[open]")
	useIntentForm(t, p)
	type over struct {
		Width  float64
		Widest string
	}
	o := Eval[over](p, "measuring the form", `(() => {
		let widest = "", w = 0;
		for (const el of document.querySelectorAll("#intent, #intent *")) {
			if (el.closest(".table-scroll, .intent-block-text")) continue;
			const r = el.getBoundingClientRect();
			if (r.right > w) { w = r.right; widest = el.tagName + "#" + el.id + "." + el.className; }
		}
		return {Width: w, Widest: widest};
	})()`)
	if o.Width > 360.5 {
		t.Errorf("the form is %.0f px wide at 360 px (%s)", o.Width, o.Widest)
	}
}

// TestIntentOverSiteURLs previews the form over the site's URLs: with
// URLs pasted in the site URLs panel, "AI training: block" shows, before
// it is applied, ClaudeBot's URLs blocked going from the count under the
// file shown to every URL, and Googlebot's unchanged; without URLs, it
// says where to add them.
func TestIntentOverSiteURLs(t *testing.T) {
	p := suite.NewPage(t)
	viewport(p, 1440, 900)
	p.Open(suite.Site(t, ""))
	p.Wait(`#counts[data-linted="true"]`)
	p.Click("#more-intent > summary")
	p.Wait("#more-intent[open] #intent")
	choose(p, "#intent-role-ai-training", "block")
	p.Wait(`#intent-site p`)
	if got := p.Text("#intent-site"); !strings.Contains(got, "Add your site's URLs") {
		t.Errorf("without URLs, the preview says %q", got)
	}

	p.Click("#site-urls-toggle")
	p.addSiteURLs("/a\n/b/c\n/private/x\n/search?q=1\n")
	p.WaitAttr("#site-urls-summary", "data-urls", "4")
	choose(p, "#intent-role-ai-training", "leave")
	choose(p, "#intent-role-ai-training", "block")
	p.WaitAttr("#intent-site", "data-urls", "4")
	after, _ := p.Attr(`#intent-site tr[data-crawler="ClaudeBot"]`, "data-after")
	before, _ := p.Attr(`#intent-site tr[data-crawler="ClaudeBot"]`, "data-before")
	if after != "4" || before == "4" {
		t.Errorf("ClaudeBot's URLs blocked: %q before, %q once written; want 4 once written, fewer now", before, after)
	}
	if p.Count(`#intent-site tr[data-crawler="Googlebot"]`) != 0 {
		t.Error("Googlebot's URLs blocked change")
	}
	noExceptions(t, p)
}

// TestIntentNothingChanges chooses, on the example, what its file already
// says (issue 43): "Search engines: Allow" (Googlebot and bingbot have a
// group of their own that lets them crawl the site, the others read a *
// group that does) previews no change, marks the preview the same and
// disables Apply; "Block" is a change, which Apply may write.
func TestIntentNothingChanges(t *testing.T) {
	p := suite.NewPage(t)
	viewport(p, 1440, 900)
	p.Open(suite.Site(t, ""))
	p.Wait(`#counts[data-linted="true"]`)
	text := Eval[string](p, "reading the file", `window.robotsTester.text()`)
	p.Click("#more-intent > summary")
	p.Wait("#more-intent[open] #intent")
	applyDisabled := func() bool {
		return Eval[bool](p, "reading Apply", `document.querySelector("#intent-apply").disabled`)
	}
	choose(p, "#intent-role-search", "block")
	p.WaitAttr("#intent-preview", "data-same", "false")
	if applyDisabled() {
		t.Error("search engines blocked: Apply is disabled")
	}
	choose(p, "#intent-role-search", "allow")
	p.WaitAttr("#intent-preview", "data-same", "true")
	if got := p.Text("#intent-summary"); !strings.Contains(got, "changes nothing") {
		t.Errorf("search engines allowed: the preview says %q", got)
	}
	if !applyDisabled() {
		t.Error("search engines allowed: Apply is enabled")
	}
	if n := p.Count("#intent-changes tr[data-crawler]"); n != 0 {
		t.Errorf("search engines allowed: %d crawlers previewed as changing", n)
	}
	if got := Eval[string](p, "reading the file", `window.robotsTester.text()`); got != text {
		t.Errorf("the file changed:\n%s", got)
	}
	noExceptions(t, p)
}
