//go:build !js

package e2e

import (
	"context"
	"errors"
	"fmt"
	"testing"
	"time"

	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"

	"robotstester/app/internal/share"
	"robotstester/app/model"
)

// ltRun is one page of one run: it measures actions on that page and
// records their results.
type ltRun struct {
	t       testing.TB
	p       *Page
	base    string // the site's URL
	in      *ltInputs
	profile bool
	record  func(action string, r ltResult)

	// navProfile is a profile started before a navigation, for the
	// action that the navigation begins.
	navProfile *ltProfile
}

// ltEval evaluates js in the page with a deadline of its own: actions may
// hold the page far longer than Page's Timeout.
func ltEval[T any](r *ltRun, what, js string, limit time.Duration) (T, error) {
	ctx, cancel := context.WithTimeout(r.p.ctx, limit)
	defer cancel()
	v, err := chromedp.Run(ctx, chromedp.Evaluate[T](js, chromedp.EvalAwaitPromise))
	if err != nil {
		return v, fmt.Errorf("%s: %w", what, err)
	}
	return v, nil
}

// must fails the page's test on err.
func (r *ltRun) must(err error) {
	r.t.Helper()
	if err != nil {
		r.t.Fatalf("%v%s", err, r.p.consoleTail())
	}
}

// install makes the page record long tasks in every document it opens
// from now on.
func (r *ltRun) install() {
	r.t.Helper()
	_, err := chromedp.Call(r.p.ctx, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: ltObserverJS})
	r.must(err)
}

// navigate loads url as a new document (from about:blank, so that a link
// differing from the current address by its fragment only is loaded
// anew), waiting for the load as long as an action may take.
func (r *ltRun) navigate(url string) {
	r.t.Helper()
	ctx, cancel := context.WithTimeout(r.p.ctx, ltLimit)
	defer cancel()
	r.must(chromedp.Do(ctx, chromedp.Navigate("about:blank")))
	var prof *ltProfile
	var marker page.ScriptIdentifier
	if r.profile {
		prof = ltStartProfile(r)
		// The new document marks the profile before its own scripts.
		res, err := chromedp.Call(ctx, page.AddScriptToEvaluateOnNewDocument,
			page.AddScriptToEvaluateOnNewDocumentParams{Source: "window.__ltMarkedAt = " + ltMarkerJS})
		r.must(err)
		marker = res.Identifier
	}
	err := chromedp.Do(ctx, chromedp.Navigate(url))
	if prof != nil {
		_, rerr := chromedp.Call(ctx, page.RemoveScriptToEvaluateOnNewDocument,
			page.RemoveScriptToEvaluateOnNewDocumentParams{Identifier: marker})
		r.must(rerr)
		prof.markedAt, _ = ltEval[float64](r, "reading the mark", "window.__ltMarkedAt || 0", Timeout)
		r.navProfile = prof
	}
	r.must(err)
}

// now returns the page's clock, in milliseconds.
func (r *ltRun) now() float64 {
	r.t.Helper()
	v, err := ltEval[float64](r, "reading the clock", "performance.now()", Timeout)
	r.must(err)
	return v
}

// ltPoll is what the page says while an action runs.
type ltPoll struct {
	OK    bool    `json:"ok"`    // the result shows
	Now   float64 `json:"now"`   // the page's clock
	Last  float64 `json:"last"`  // the end of the last long task since the action began
	Ready float64 `json:"ready"` // when the app's root got [data-ready], or -1
}

// settle waits until the predicate done (a JavaScript expression) holds
// and then no long task has run for ltQuiet, and returns the long tasks
// that started at since or later.
func (r *ltRun) settle(since float64, done string) (ltResult, float64, error) {
	js := fmt.Sprintf(`(() => {
		let ok = false;
		try { ok = !!(%s); } catch (e) {}
		const lt = window.__lt || {tasks: [], ready: -1};
		let last = %[2]f;
		for (const t of lt.tasks) if (t.start >= %[2]f) last = Math.max(last, t.start + t.dur);
		return {ok, now: performance.now(), last, ready: lt.ready};
	})()`, done, since)
	start := time.Now()
	shown := -1.0
	var poll ltPoll
	for {
		left := ltLimit - time.Since(start)
		if left <= 0 {
			if shown < 0 {
				return ltResult{}, 0, fmt.Errorf("no result after %v (waiting for %s)", ltLimit, done)
			}
			return ltResult{}, 0, fmt.Errorf("the page did not go quiet within %v", ltLimit)
		}
		var err error
		poll, err = ltEval[ltPoll](r, "watching the page", js, left)
		if err != nil {
			if errors.Is(err, context.DeadlineExceeded) {
				return ltResult{}, 0, fmt.Errorf("the page did not answer within %v: frozen", ltLimit)
			}
			return ltResult{}, 0, err
		}
		if poll.OK && shown < 0 {
			shown = poll.Now
		}
		if shown >= 0 && poll.Now-max(poll.Last, shown) >= float64(ltQuiet/time.Millisecond) {
			break
		}
		time.Sleep(50 * time.Millisecond)
	}
	type window struct {
		Tasks  []ltTask `json:"tasks"`
		Frames []ltTask `json:"frames"`
	}
	w, err := ltEval[window](r, "reading the long tasks", fmt.Sprintf(
		`({tasks: __lt.tasks.filter(t => t.start >= %[1]f), frames: __lt.frames.filter(f => f.start >= %[1]f)})`, since), Timeout)
	if err != nil {
		return ltResult{}, 0, err
	}
	return ltResult{Tasks: w.Tasks, Frames: w.Frames, Shown: shown - since}, poll.Ready, nil
}

// quiet waits, outside any measured action, until the page has gone
// ltQuiet without a long task: the next action starts from rest.
func (r *ltRun) quiet() {
	r.t.Helper()
	_, _, err := r.settle(r.now(), "true")
	r.must(err)
}

// measure carries out act, an action on the page, and records under
// action the long tasks from just before it until done holds and the page
// has gone quiet. It reports whether the action was measured; when it was
// not, the test has failed with the reason and the page is of no further
// use.
func (r *ltRun) measure(action string, act func(), done string) bool {
	r.t.Helper()
	var prof *ltProfile
	if r.profile {
		prof = ltStartProfile(r)
		prof.mark(r)
	}
	since := r.now()
	act()
	res, _, err := r.settle(since, done)
	if prof != nil {
		prof.stop(r, action, res)
	}
	return r.keep(action, res, err)
}

// keep records an action's result, or why it could not be measured.
func (r *ltRun) keep(action string, res ltResult, err error) bool {
	r.t.Helper()
	if err != nil {
		res = ltResult{Err: err.Error()}
		r.record(action, res)
		r.t.Errorf("%s: not measured: %v%s", action, err, r.p.consoleTail())
		return false
	}
	r.record(action, res)
	r.t.Logf("%-44s longest %6.0f ms  blocked %6.0f ms  %3d long tasks  (shown after %.0f ms; longest frame %.0f ms)",
		action, res.longest(), res.blocked(), len(res.Tasks), res.Shown, res.longestFrame())
	return true
}

// openLink opens a link (the page is new) and records its long tasks under
// action, split at the moment the app's root gets [data-ready]: before it,
// the WebAssembly app starts; after it, the app shows the link's state.
func (r *ltRun) openLink(action, link, done string) bool {
	r.t.Helper()
	r.navigate(link)
	res, ready, err := r.settle(0, done)
	if r.navProfile != nil {
		r.navProfile.stop(r, action, res)
		r.navProfile = nil
	}
	if err != nil {
		return r.keep(action+": start (until data-ready)", res, err)
	}
	before, after := ltResult{Shown: res.Shown}, ltResult{Shown: res.Shown}
	if ready < 0 {
		r.t.Errorf("%s: the root never got [data-ready]", action)
		ready = res.Shown
	}
	for _, t := range res.Tasks {
		if t.Start < ready {
			before.Tasks = append(before.Tasks, t)
		} else {
			after.Tasks = append(after.Tasks, t)
		}
	}
	for _, f := range res.Frames {
		if f.Start < ready {
			before.Frames = append(before.Frames, f)
		} else {
			after.Frames = append(after.Frames, f)
		}
	}
	before.Shown = ready
	r.keep(action+": start (until data-ready)", before, nil)
	r.keep(action+": after data-ready", after, nil)
	return true
}

// open opens the tester on a state, by a share link, and waits until it
// shows it and has gone quiet: the setting of an action, not measured.
func (r *ltRun) open(s model.State) {
	r.t.Helper()
	link, _ := share.Link(r.base, s) // a long link opens all the same
	r.navigate(link)
	if r.navProfile != nil {
		r.navProfile.cancel(r)
		r.navProfile = nil
	}
	_, _, err := r.settle(0, ltShows(s.Robots))
	r.must(err)
}

// ltShows returns a predicate that holds once the app has read the file
// text: the summary under the editor gives its size, and row 0 its
// verdict. The prerendered page shows the example's, hence [data-ready].
func ltShows(text string) string {
	return fmt.Sprintf(`document.querySelector("[data-ready]") && document.querySelector('#summary[data-bytes="%d"]') && document.querySelector('[data-row="0"] [data-verdict]')`, len(text))
}

// ltRowsDone holds once the tests reach the limit: the last row is drawn
// or, in a table that draws only the rows on screen, the notice says that
// some were left out.
const ltRowsDone = `document.querySelector('[data-row="999"]') ||
	[...document.querySelectorAll("[data-notice]")].some(n => n.textContent.includes("left out"))`

// stage puts a value in the page, as window.__ltText, before an action:
// handing over megabytes costs the page a long task of its own, which is
// no part of the action.
func (r *ltRun) stage(text string) {
	r.t.Helper()
	r.p.Call("staging the input", `(text) => { window.__ltText = text; }`, text)
	r.quiet()
}

// js runs a statement in the page as an action: the event it dispatches
// is handled in that task, as a user's would be.
func (r *ltRun) js(what, js string) func() {
	return func() {
		_, err := ltEval[chromedp.Void](r, what, "(() => {"+js+"})()", ltLimit)
		r.must(err)
	}
}

// key presses one real key ("x") where the caret is, through Chromium's
// input pipeline.
func (r *ltRun) key() func() {
	return func() {
		ctx, cancel := context.WithTimeout(r.p.ctx, ltLimit)
		defer cancel()
		r.must(chromedp.Do(ctx, chromedp.KeyEvent("x")))
	}
}

// caret puts the caret at the end of the editor's first line: a key
// typed there changes the part of the file that crawlers read (the first
// 500 KiB), as an edit of a rule would.
func (r *ltRun) caret() {
	r.t.Helper()
	r.p.Call("placing the caret", `async (sel) => {
		const el = document.querySelector(sel);
		// The editor draws the lines in view only: after a paste it shows
		// the deciding line, maybe far below line 1.
		el.closest(".cm-scroller").scrollTop = 0;
		let line = null;
		for (let i = 0; i < 60 && !(line = el.querySelector('[data-line="1"]')); i++) {
			await new Promise(r => requestAnimationFrame(r));
		}
		el.focus();
		const range = document.createRange();
		range.selectNodeContents(line);
		range.collapse(false);
		getSelection().removeAllRanges();
		getSelection().addRange(range);
		await new Promise(r => requestAnimationFrame(r)); // the editor reads the selection
	}`, editor)
	r.quiet()
}

// ltPasteFileJS pastes the staged text over the editor's content, as
// Page.Replace does (window.robotsTester.setText: one transaction of the
// editor, as a paste makes).
const ltPasteFileJS = `document.querySelector("#robots-txt").focus();
	window.robotsTester.setText(window.__ltText);`
