//go:build !js

package e2e

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"
)

// Page is a browser tab of a test. Its methods run one browser action each,
// bounded by Timeout, and fail the test when the action fails. Selectors are
// CSS selectors; an action on one waits until it matches.
type Page struct {
	tb  testing.TB
	ctx context.Context

	mu      sync.Mutex
	console []chromedp.ConsoleMessage
}

// Context returns the tab's chromedp context, for actions the helpers do
// not cover. Bound them with a timeout derived from it.
func (p *Page) Context() context.Context { return p.ctx }

func (p *Page) do(what string, actions ...chromedp.Action[chromedp.Void]) {
	p.tb.Helper()
	ctx, cancel := context.WithTimeout(p.ctx, Timeout)
	defer cancel()
	if err := chromedp.Do(ctx, actions...); err != nil {
		p.tb.Fatalf("%s: %v%s", what, err, p.consoleTail())
	}
}

// run runs an action that returns a value.
func run[T any](p *Page, what string, action chromedp.Action[T]) T {
	p.tb.Helper()
	ctx, cancel := context.WithTimeout(p.ctx, Timeout)
	defer cancel()
	v, err := chromedp.Run(ctx, action)
	if err != nil {
		p.tb.Fatalf("%s: %v%s", what, err, p.consoleTail())
	}
	return v
}

// Open loads url and waits until the WebAssembly app has mounted.
func (p *Page) Open(url string) {
	p.tb.Helper()
	p.do("opening "+url, chromedp.Navigate(url))
	p.WaitReady()
}

// WaitReady waits until the WebAssembly app has mounted and drawn every
// part: the DOM is then go-app's, no longer the prerendered page. (The
// live page shows at its first screen; the prerendered parts below it stay,
// class early-pending, until first wanted, then each is drawn: a test that
// counts or clicks the tests' rows would otherwise meet those.) It asks
// for them as a user does by using one (robotsTester.live). WaitShown
// waits for the first screen only.
func (p *Page) WaitReady() {
	p.tb.Helper()
	p.WaitShown()
	p.WantParts()
	p.WaitGone(".early-pending")
}

// WantParts asks the live page to draw the parts it left to the
// prerendered page (window.robotsTester.live), as using one of them does.
func (p *Page) WantParts() {
	p.tb.Helper()
	p.Call("asking for every part", `() => { if (window.robotsTester && window.robotsTester.live) window.robotsTester.live(); }`)
}

// WaitShown waits until the live page shows, at its first screen.
func (p *Page) WaitShown() {
	p.tb.Helper()
	p.Wait(ReadySelector)
}

// Wait waits until an element matches sel.
func (p *Page) Wait(sel string) {
	p.tb.Helper()
	p.reach(sel)
	p.do("waiting for "+sel, chromedp.WaitReady(chromedp.CSS(sel)))
}

// WaitGone waits until no element matches sel.
func (p *Page) WaitGone(sel string) {
	p.tb.Helper()
	p.do("waiting for "+sel+" to go", chromedp.WaitNotPresent(chromedp.CSS(sel)))
}

// Type types text into the element sel, key by key, as a user would; "\n"
// is the Enter key.
func (p *Page) Type(sel, text string) {
	p.tb.Helper()
	p.do("focusing "+sel, chromedp.Focus(chromedp.CSS(sel)))
	for _, r := range text {
		if r == '\n' {
			p.do("pressing Enter in "+sel, enterKey())
			continue
		}
		p.do("typing into "+sel, chromedp.KeyEvent(string(r)))
	}
}

// enterKey presses Enter as a keyboard does: a key down that carries its
// text, which the browser inserts only if the page lets the key through.
// chromedp's own Enter sends the text as an event of its own, which an
// editor that handles the key (CodeMirror) cannot stop: it would insert
// two line breaks.
func enterKey() chromedp.Action[chromedp.Void] {
	return chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
		k := input.DispatchKeyEventParams{Type: input.DispatchKeyEventTypeKeyDown, Key: "Enter", Code: "Enter",
			WindowsVirtualKeyCode: 13, NativeVirtualKeyCode: 13, Text: "\r", UnmodifiedText: "\r"}
		if _, err := cdp.Call(ctx, t, input.DispatchKeyEvent, k); err != nil {
			return err
		}
		k.Type, k.Text, k.UnmodifiedText = input.DispatchKeyEventTypeKeyUp, "", ""
		_, err := cdp.Call(ctx, t, input.DispatchKeyEvent, k)
		return err
	})
}

// Replace replaces the whole value of the field sel with text and sends
// one input event, as pasting over a selection does; in the editor, it
// pastes text over the whole file (window.robotsTester.setText). It is the fast way to
// enter a large file: typing or the browser's editing commands take seconds
// for hundreds of kilobytes.
func (p *Page) Replace(sel, text string) {
	p.tb.Helper()
	const js = `(sel, text) => {
		const el = document.querySelector(sel);
		if (!el) throw new Error("no element matches " + sel);
		el.focus();
		if (el.isContentEditable) {
			// The editor: its hook replaces the text as a paste does.
			window.robotsTester.setText(text);
			return;
		}
		el.value = text;
		el.dispatchEvent(new InputEvent("input", {bubbles: true, inputType: "insertFromPaste"}));
	}`
	p.Wait(sel)
	p.Call("replacing the value of "+sel, js, sel, text)
}

// PasteText pastes text into the element that has the focus as Ctrl+V
// does in a page: a paste event that carries the text (headless Chromium
// has no clipboard to read it from).
func (p *Page) PasteText(text string) {
	p.tb.Helper()
	p.Call("pasting", `(text) => {
		const dt = new DataTransfer();
		dt.setData("text/plain", text);
		document.activeElement.dispatchEvent(new ClipboardEvent("paste", {clipboardData: dt, bubbles: true, cancelable: true}));
	}`, text)
}

// Click clicks the element sel, as a user would, with the mouse at its
// middle, once it has stopped moving.
//
// The app moves the page a frame or two after some actions (a test brought
// into view, the Why scrolled to, a field given the focus): a click aimed
// at where the element was would land elsewhere.
func (p *Page) Click(sel string) {
	p.tb.Helper()
	for try := 1; ; try++ {
		p.Wait(sel)
		p.OpenAround(sel)
		p.Still(sel)
		ctx, cancel := context.WithTimeout(p.ctx, Timeout)
		err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS(sel)))
		cancel()
		// Drawn again between being found and being clicked (a reply of
		// the worker's, say): a person's click lands on the new one.
		if err != nil && try < 3 && strings.Contains(err.Error(), "Could not find node") {
			continue
		}
		if err != nil {
			p.tb.Fatalf("clicking %s: %v%s", sel, err, p.consoleTail())
		}
		return
	}
}

// Still waits until the element sel and the page's scroll have kept their
// place over an animation frame (at most a second).
func (p *Page) Still(sel string) {
	p.tb.Helper()
	run(p, "waiting for "+sel+" to stand still", chromedp.Evaluate[chromedp.Void](
		"("+stillJS+")("+jsString(sel)+")", chromedp.EvalAwaitPromise))
}

// morePanels are the parts under More (details.more-item) and the hooks
// each holds. The live page draws a part once it is opened (morePanel in
// app/ui): a user opens it before using what is in it, and so does a test.
var morePanels = []struct {
	id    string
	hooks []string
}{
	{"more-grid", []string{"#grid", "grid-set"}},
	{"more-transfer", []string{"#transfer", "#export-csv", "#export-json", "#export-state", "#import-", "#add-urls"}},
	{"more-versions-compare", []string{"#versions-compare", "#proposed-", "#export-changes"}},
	{"more-overview", []string{"#overview", "#ai-grid", "#size", "#sitemaps", "#delays"}},
	{"more-findings", []string{"#findings"}},
	{"more-compare", []string{"#compare", "data-compare-row"}},
	{"more-crawlers", []string{"#crawler-reference", "#crawler-search", "#crawler-role", "#crawler-operator", "#crawler-found"}},
}

// reach opens the part under More that holds the element sel, if one does
// and it is closed, as a user opens it before using what is in it.
func (p *Page) reach(sel string) {
	p.tb.Helper()
	for _, m := range morePanels {
		for _, h := range m.hooks {
			if strings.Contains(sel, h) {
				p.Call("opening "+m.id, `(id) => { const d = document.getElementById(id); if (d && !d.open) d.open = true; }`, m.id)
				return
			}
		}
	}
}

// OpenAround opens the closed parts of the page (details) that hold the
// element sel, as a user opens one before using what is in it.
func (p *Page) OpenAround(sel string) {
	p.tb.Helper()
	p.reach(sel)
	p.Call("opening the parts around "+sel, `(sel) => {
		const el = document.querySelector(sel);
		// A summary's own details is the summary's to open, as a click
		// on what it holds opens it: opened here, the click closed it.
		const summary = el?.closest("summary");
		const from = summary ? summary.parentElement.parentElement : el;
		for (let d = from?.closest("details:not([open])"); d; d = d.parentElement?.closest("details:not([open])")) {
			d.open = true;
		}
	}`, sel)
}

// stillJS resolves once the element matched by its argument and the page's
// scroll have kept their place over an animation frame (at most a second).
const stillJS = `async (sel) => {
	let last = "";
	for (let i = 0; i < 60; i++) {
		await new Promise(r => requestAnimationFrame(r));
		const el = document.querySelector(sel);
		if (!el) return;
		const r = el.getBoundingClientRect();
		const now = [r.x, r.y, r.width, r.height, scrollX, scrollY].join();
		if (now === last) return;
		last = now;
	}
}`

// Value returns the value of the form field sel; of the editor, its whole
// text (window.robotsTester.text).
func (p *Page) Value(sel string) string {
	p.tb.Helper()
	p.Wait(sel)
	return Eval[string](p, "reading the value of "+sel, fmt.Sprintf(`(() => {
		const el = document.querySelector(%s);
		return el.isContentEditable ? window.robotsTester.text() : el.value;
	})()`, jsString(sel)))
}

// CaretToEnd puts the caret at the end of the editable element sel, as a
// click after its last character does.
func (p *Page) CaretToEnd(sel string) {
	p.tb.Helper()
	p.Wait(sel)
	p.Call("moving the caret to the end of "+sel, `async (sel) => {
		const el = document.querySelector(sel);
		el.focus();
		if (el.setSelectionRange) {
			el.setSelectionRange(el.value.length, el.value.length);
			return;
		}
		const r = document.createRange();
		r.selectNodeContents(el);
		r.collapse(false);
		const s = getSelection();
		s.removeAllRanges();
		s.addRange(r);
		await new Promise(r => requestAnimationFrame(r)); // the editor reads the selection
	}`, sel)
}

// Text returns the visible text of the element sel.
func (p *Page) Text(sel string) string {
	p.tb.Helper()
	p.reach(sel)
	return run(p, "reading the text of "+sel, chromedp.Text(chromedp.CSS(sel)))
}

// Attr returns the value of the attribute name of the element sel, and
// whether the element has it.
func (p *Page) Attr(sel, name string) (string, bool) {
	p.tb.Helper()
	p.reach(sel)
	r := run(p, "reading "+name+" of "+sel, chromedp.AttributeValue(chromedp.CSS(sel), name))
	return r.Value, r.Exists
}

// Count returns how many elements match sel now, without waiting.
func (p *Page) Count(sel string) int {
	p.tb.Helper()
	p.reach(sel)
	return Eval[int](p, "counting "+sel, fmt.Sprintf("document.querySelectorAll(%s).length", jsString(sel)))
}

// WaitAttr waits until the element sel has the attribute name with the value
// want. go-app renders in the engine frame after an event, so a test waits
// for the outcome instead of reading it at once.
func (p *Page) WaitAttr(sel, name, want string) {
	p.tb.Helper()
	p.reach(sel)
	js := fmt.Sprintf(`(() => { const el = document.querySelector(%s); return el ? el.getAttribute(%s) : null; })()`,
		jsString(sel), jsString(name))
	deadline := time.Now().Add(Timeout)
	var last *string
	for {
		last = Eval[*string](p, "reading "+name+" of "+sel, js)
		if last != nil && *last == want {
			return
		}
		if time.Now().After(deadline) {
			got := "no such element or attribute"
			if last != nil {
				got = fmt.Sprintf("%q", *last)
			}
			p.tb.Fatalf("%s [%s]: got %s, want %q after %v%s", sel, name, got, want, Timeout, p.consoleTail())
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// Call calls the JavaScript function fn (an expression such as
// "(a, b) => ...") with args encoded as JSON, and ignores its result.
// Passing values as arguments, never pasting them into the source, keeps
// any text a test types from being read as code.
func (p *Page) Call(what, fn string, args ...any) {
	p.tb.Helper()
	encoded := make([]string, len(args))
	for i, a := range args {
		b, err := json.Marshal(a)
		if err != nil {
			p.tb.Fatalf("%s: %v", what, err)
		}
		encoded[i] = string(b)
	}
	Eval[chromedp.Void](p, what, "("+fn+")("+strings.Join(encoded, ", ")+")")
}

// Eval evaluates the JavaScript expression js in the page and returns its
// value decoded as a T.
func Eval[T any](p *Page, what, js string) T {
	p.tb.Helper()
	return run(p, what, chromedp.Evaluate[T](js))
}

// Exceptions returns the uncaught exceptions and console errors the page
// reported so far.
func (p *Page) Exceptions() []string {
	p.mu.Lock()
	defer p.mu.Unlock()
	var out []string
	for _, m := range p.console {
		if m.IsException() || m.Type == "error" {
			out = append(out, m.String())
		}
	}
	return out
}

// consoleTail returns the last console messages, to explain a failure.
func (p *Page) consoleTail() string {
	p.mu.Lock()
	defer p.mu.Unlock()
	msgs := p.console
	head := "last console messages:"
	// A Go panic prints its message first and its goroutines after: the
	// message is the part worth reading.
	if i := slices.IndexFunc(msgs, func(m chromedp.ConsoleMessage) bool {
		return strings.Contains(m.String(), "panic: ") || strings.Contains(m.String(), "fatal error: ")
	}); i >= 0 {
		msgs, head = msgs[i:min(len(msgs), i+40)], "the page's Go panicked:"
	} else if len(msgs) > 10 {
		msgs = msgs[len(msgs)-10:]
	}
	if len(msgs) == 0 {
		return ""
	}
	var b strings.Builder
	b.WriteString("\n" + head)
	for _, m := range msgs {
		fmt.Fprintf(&b, "\n  %s: %s", m.Type, m)
	}
	return b.String()
}

func jsString(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}

// Reload reloads the page and waits until the WebAssembly app has mounted
// again.
func (p *Page) Reload() {
	p.tb.Helper()
	p.do("reloading", chromedp.Reload())
	p.WaitReady()
}

// Goto loads url as a new document, even when it differs from the current
// URL by its fragment only (which a plain navigation would treat as a jump
// within the page), without waiting for the app.
func (p *Page) Goto(url string) {
	p.tb.Helper()
	p.do("leaving the page", chromedp.Navigate("about:blank"))
	p.do("opening "+url, chromedp.Navigate(url))
}
