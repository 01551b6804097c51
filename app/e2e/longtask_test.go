//go:build !js

package e2e

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/cdproto/profiler"
	"github.com/chromedp/chromedp"

	"robotstester/app/internal/share"
	"robotstester/app/model"
	"robotstester/internal/shared"
	"robotstester/robots"
)

// Settings of BenchmarkLongTasks, read from the environment.
const (
	// EnvLongTaskRuns is how many times BenchmarkLongTasks runs every action
	// (default 3); it reports the medians.
	EnvLongTaskRuns = "E2E_LONGTASK_RUNS"

	// EnvLongTaskProfile, when not empty, makes BenchmarkLongTasks record a CPU
	// profile of each action with Chrome's sampling profiler and print the
	// functions that take the most time. WebAssembly functions have names
	// only in an app.wasm built without -s (see BenchmarkLongTasks). The
	// profiler slows the page: the long tasks of such a run are not the
	// figures to quote.
	EnvLongTaskProfile = "E2E_LONGTASK_PROFILE"

	// EnvLongTaskCorpus overrides the folder of the robots.txt corpus
	// (robots/testdata/corpus/files of the repository).
	EnvLongTaskCorpus = "E2E_CORPUS"
)

// ltCorpusFile is the realistic robots.txt of the tests: a large file of
// a large site (107 KB, 4,302 lines, 40 groups, wildcards and end
// anchors), chosen in the corpus's MANIFEST.tsv.
const ltCorpusFile = "linkedin.com.txt"

// ltQuiet is how long the page must go without a long task, once it shows
// an action's result, for the action to count as over: long enough for
// the work the app defers to a pause (the linter at 400 ms, the autosave
// at 500 ms) to fall inside the action.
const ltQuiet = time.Second

// ltLimit bounds the wait for one action: a page frozen longer than that
// is reported as not measured, rather than holding the run for ever.
const ltLimit = 3 * time.Minute

// ltLongTask is the threshold of a long task, as the Long Tasks API and
// the total blocking time define it: the part of a task past 50 ms
// blocks the page.
const ltLongTask = 50.0

// ltObserverJS runs before any script of each document the page opens: it
// records every long task and every long animation frame (which, unlike a
// long task, includes the rendering that follows a task), and the moment
// the app's root first carries [data-ready]. It runs before the page's
// scripts, so the start of the WebAssembly app is seen whole.
const ltObserverJS = `(() => {
	if (window.__lt) return;
	const lt = window.__lt = {tasks: [], frames: [], ready: -1, errors: []};
	const observe = (type, add) => {
		try {
			new PerformanceObserver(list => list.getEntries().forEach(add)).observe({type, buffered: true});
		} catch (e) {
			lt.errors.push(type + ": " + e);
		}
	};
	observe("longtask", e => lt.tasks.push({start: e.startTime, dur: e.duration}));
	observe("long-animation-frame", e => lt.frames.push({start: e.startTime, dur: e.duration}));
	const ready = new MutationObserver(() => {
		if (document.querySelector("[data-ready]")) {
			lt.ready = performance.now();
			ready.disconnect();
		}
	});
	ready.observe(document, {subtree: true, childList: true, attributes: true, attributeFilter: ["data-ready"]});
})()`

// ltTask is a long task or a long animation frame, in milliseconds of the
// page's clock.
type ltTask struct {
	Start float64 `json:"start"`
	Dur   float64 `json:"dur"`
}

// ltResult is what one action cost the page.
type ltResult struct {
	Tasks  []ltTask // the long tasks from the action's start until quiet
	Frames []ltTask // the long animation frames, likewise
	Shown  float64  // ms from the action's start until its result showed
	Err    string   // why the action could not be measured
}

func (r ltResult) longest() float64 {
	m := 0.0
	for _, t := range r.Tasks {
		m = max(m, t.Dur)
	}
	return m
}

// blocked returns the total blocking time: the sum, over the long tasks,
// of their time past 50 ms, during which the page could not answer.
func (r ltResult) blocked() float64 {
	s := 0.0
	for _, t := range r.Tasks {
		s += max(t.Dur-ltLongTask, 0)
	}
	return s
}

func (r ltResult) longestFrame() float64 {
	m := 0.0
	for _, f := range r.Frames {
		m = max(m, f.Dur)
	}
	return m
}

// ltInputs are the inputs of the actions, built once in Go.
type ltInputs struct {
	corpus   string      // the realistic robots.txt
	base     model.State // the realistic file and 1000 varied tests
	oneRow   model.State // the realistic file and one test
	freezing model.State // the "freezing link" of issue 9
	paste500 string      // a 500 KiB file
	paste4M  string      // a file at the tester's limit (model.MaxFile)
	longLine string      // a file whose rule is a line of 300,000 characters
	drop39   string      // a 3.9 MB file
	urls1500 string      // 1,500 URLs, one a line
	urls1200 string      // 1,200 URLs, one a line
}

// ltGooglebotSmartphone is the 190-byte user-agent of Googlebot
// smartphone, as Google documents it.
const ltGooglebotSmartphone = "Mozilla/5.0 (Linux; Android 6.0.1; Nexus 5X Build/MMB29P) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/W.X.Y.Z Mobile Safari/537.36 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)"

// ltUserAgents are whole user-agent strings, mixed with the catalogue's
// tokens in the varied rows: a user pastes both.
var ltUserAgents = []string{
	ltGooglebotSmartphone,
	"Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
	"Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)",
	"Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.2; +https://openai.com/gptbot)",
	"Mozilla/5.0 (compatible; YandexBot/3.0; +http://yandex.com/bots)",
	"Mozilla/5.0 (compatible; Baiduspider/2.0; +http://www.baidu.com/search/spider.html)",
	"Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; ClaudeBot/1.0; +claudebot@anthropic.com)",
	"Python-urllib/3.12",
}

// ltCorpus reads the realistic robots.txt from the corpus of the
// repository's test data (shared.Dir), or from $E2E_CORPUS.
func ltCorpus(t testing.TB) (string, error) {
	dir := os.Getenv(EnvLongTaskCorpus)
	if dir == "" {
		dir = filepath.Join(shared.Dir(t, "corpus"), "files")
	}
	b, err := os.ReadFile(filepath.Join(dir, ltCorpusFile))
	if err != nil {
		return "", fmt.Errorf("the corpus file (set $%s to its folder): %w", EnvLongTaskCorpus, err)
	}
	return string(b), nil
}

// ltMakeInputs builds the inputs from the corpus file, with a fixed seed
// so that every run tests the same thing.
func ltMakeInputs(corpus string) *ltInputs {
	rng := rand.New(rand.NewPCG(9, 9))
	// Paths from the file's own rules, so that the verdicts vary: the
	// wildcards and anchors made into something a crawler would fetch.
	var paths []string
	for _, line := range strings.Split(corpus, "\n") {
		k, v, ok := strings.Cut(strings.TrimSpace(line), ":")
		k = strings.ToLower(strings.TrimSpace(k))
		v = strings.TrimSpace(v)
		if ok && (k == "disallow" || k == "allow") && strings.HasPrefix(v, "/") {
			v = strings.TrimSuffix(strings.ReplaceAll(v, "*", "x"), "$")
			paths = append(paths, v)
		}
	}
	if len(paths) == 0 {
		paths = []string{"/"}
	}
	url := func(i int) string {
		p := paths[rng.IntN(len(paths))]
		switch i % 4 {
		case 0:
			return p
		case 1:
			return "https://www.linkedin.com" + p + "page-" + strconv.Itoa(i)
		case 2:
			return "www.linkedin.com" + p + "?id=" + strconv.Itoa(rng.IntN(1e6))
		}
		return "/in/someone-" + strconv.Itoa(i) + "/details/"
	}
	var agents []string
	for _, c := range robots.Crawlers() {
		agents = append(agents, c.Token)
	}
	agents = append(agents, ltUserAgents...)
	in := &ltInputs{corpus: corpus}
	in.base = model.State{Robots: corpus}
	for i := range model.MaxRows {
		in.base.Rows = append(in.base.Rows, model.Row{Agent: agents[rng.IntN(len(agents))], URL: url(i)})
	}
	in.oneRow = model.State{Robots: corpus, Rows: []model.Row{{Agent: "Googlebot", URL: "/"}}}

	var b strings.Builder
	for range 18000 {
		b.WriteString("User-agent: zz\nDisallow: /zz\n")
	}
	in.freezing = model.State{Robots: b.String(), Dialect: "python-legacy"}
	for i := range model.MaxRows {
		in.freezing.Rows = append(in.freezing.Rows, model.Row{Agent: ltGooglebotSmartphone, URL: "/zz/" + strconv.Itoa(i)})
	}

	in.paste500 = ltFill(corpus, 500<<10)
	in.paste4M = ltFill(corpus, model.MaxFile)
	in.longLine = "User-agent: *\nDisallow: /" + strings.Repeat("a", 300_000) + "\nAllow: /x\n"
	in.drop39 = ltFill(corpus, 3_900_000)
	urls := func(n int) string {
		lines := make([]string, n)
		for i := range lines {
			lines[i] = url(i)
		}
		return strings.Join(lines, "\n")
	}
	in.urls1500 = urls(1500)
	in.urls1200 = urls(1200)
	return in
}

// ltFill repeats text until the result is as long as n bytes would make
// it without passing n, cut after a line break: a large file made of a
// real one.
func ltFill(text string, n int) string {
	var b strings.Builder
	for b.Len() < n {
		b.WriteString(text)
		if !strings.HasSuffix(text, "\n") {
			b.WriteString("\n")
		}
	}
	s := b.String()[:n]
	if i := strings.LastIndexByte(s, '\n'); i >= 0 {
		s = s[:i+1]
	}
	return s
}

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

// ltScenario is one page of a run: its actions, named in advance so that
// the report lists those that a failure left unmeasured.
type ltScenario struct {
	name    string
	actions []string
	run     func(r *ltRun)
}

func ltScenarios(in *ltInputs) []ltScenario {
	kib := func(s string) string { return strconv.Itoa(len(s)>>10) + " KiB" }
	openLink := "open a link: " + ltCorpusFile + ", 1000 rows"
	freezing := "open the freezing link (18,000 groups, python)"
	// The page starts with each crawler's own reading: the other
	// dialects in turn, then back to it.
	var dialectActions []string
	for _, d := range model.DialectChoices() {
		if d.Value != "" {
			dialectActions = append(dialectActions, ltDialectAction(d.Value))
		}
	}
	dialectActions = append(dialectActions, ltDialectAction(""))
	return []ltScenario{
		{
			// The start of the app alone, as a first visit sees it: what
			// opening a link adds is the difference.
			name:    "first visit",
			actions: []string{"first visit, the example: start (until data-ready)", "first visit, the example: after data-ready"},
			run: func(r *ltRun) {
				r.openLink("first visit, the example", r.base, ltShows(model.Example().Robots))
			},
		},
		{
			name:    "open link",
			actions: []string{openLink + ": start (until data-ready)", openLink + ": after data-ready"},
			run: func(r *ltRun) {
				link, err := share.Link(r.base, in.base)
				if err != nil {
					// The tester would not offer it, but opens it: a file
					// this large with 1000 tests is what the JSON export is
					// for, and a link made by hand carries it as well.
					r.t.Logf("the link is %d characters, over share.MaxLink (%d)", len(link), share.MaxLink)
				}
				r.openLink(openLink, link, ltShows(in.base.Robots))
			},
		},
		{
			name: "freezing link",
			actions: []string{freezing + ": start (until data-ready)", freezing + ": after data-ready",
				"keystroke, freezing link's state"},
			run: func(r *ltRun) {
				link, err := share.Link(r.base, in.freezing)
				if err != nil {
					r.t.Fatalf("the freezing link: %v", err)
				}
				if !r.openLink(freezing, link, ltShows(in.freezing.Robots)) {
					return
				}
				r.quiet()
				r.caret()
				r.measure("keystroke, freezing link's state", r.key(), ltShows(in.freezing.Robots+"x"))
			},
		},
		{
			name:    "paste URLs",
			actions: []string{"paste 1,500 URLs into row 0"},
			run: func(r *ltRun) {
				r.open(in.oneRow)
				r.stage(in.urls1500)
				r.p.Call("focusing row 0", `(sel) => document.querySelector(sel).focus()`, row(0, "input[name=url]"))
				r.measure("paste 1,500 URLs into row 0", r.js("pasting URLs", `
					const el = document.querySelector('[data-row="0"] input[name=url]');
					const dt = new DataTransfer();
					dt.setData("text/plain", window.__ltText);
					el.dispatchEvent(new ClipboardEvent("paste", {clipboardData: dt, bubbles: true, cancelable: true}));`),
					ltRowsDone)
			},
		},
		{
			name:    "import URLs",
			actions: []string{"import 1,200 URLs"},
			run: func(r *ltRun) {
				r.open(in.oneRow)
				r.stage(in.urls1200)
				// The panel is a closed <details> in a part under More,
				// drawn once opened: both opened as a user would before
				// pasting the list, outside the measure.
				r.p.OpenAround("#import-urls")
				r.p.Wait("#import-urls")
				r.p.Call("filling the import panel", `(sel) => {
					const ta = document.querySelector(sel);
					const d = ta.closest("details");
					if (d) d.open = true;
					ta.value = window.__ltText;
					ta.dispatchEvent(new InputEvent("input", {bubbles: true, inputType: "insertFromPaste"}));
				}`, "#import-urls")
				r.quiet()
				r.measure("import 1,200 URLs", r.js("clicking Add as tests", `document.querySelector("#add-urls").click();`), ltRowsDone)
			},
		},
		{
			name:    "drop file",
			actions: []string{"drop a 3.9 MB file on the editor, 1000 rows"},
			run: func(r *ltRun) {
				r.open(in.base)
				r.stage(in.drop39)
				r.p.Call("making the file", `() => { window.__ltFile = new File([window.__ltText], "robots.txt", {type: "text/plain"}); }`)
				r.measure("drop a 3.9 MB file on the editor, 1000 rows", r.js("dropping the file", `
					const dt = new DataTransfer();
					dt.items.add(window.__ltFile);
					const el = document.querySelector("#robots-txt");
					el.dispatchEvent(new DragEvent("dragover", {dataTransfer: dt, bubbles: true, cancelable: true}));
					el.dispatchEvent(new DragEvent("drop", {dataTransfer: dt, bubbles: true, cancelable: true}));`),
					ltShows(in.drop39))
			},
		},
		{
			name:    "500 KiB file",
			actions: []string{"paste a " + kib(in.paste500) + " file, 1000 rows", "keystroke, " + kib(in.paste500) + " file, 1000 rows"},
			run: func(r *ltRun) {
				r.open(in.base)
				r.stage(in.paste500)
				if !r.measure("paste a "+kib(in.paste500)+" file, 1000 rows", r.js("pasting", ltPasteFileJS), ltShows(in.paste500)) {
					return
				}
				r.caret()
				r.measure("keystroke, "+kib(in.paste500)+" file, 1000 rows", r.key(), ltShows(in.paste500+"x"))
			},
		},
		{
			// The linter once hashed every prefix of the rule's path: a
			// task of a second in the browser.
			name:    "long line",
			actions: []string{"paste a file with a line of 300,000 characters, 1000 rows"},
			run: func(r *ltRun) {
				r.open(in.base)
				r.stage(in.longLine)
				r.measure("paste a file with a line of 300,000 characters, 1000 rows", r.js("pasting", ltPasteFileJS), ltShows(in.longLine))
			},
		},
		{
			name:    "4 MiB file",
			actions: []string{"paste a " + kib(in.paste4M) + " file, 1000 rows", "keystroke, " + kib(in.paste4M) + " file, 1000 rows"},
			run: func(r *ltRun) {
				r.open(in.base)
				r.stage(in.paste4M)
				if !r.measure("paste a "+kib(in.paste4M)+" file, 1000 rows", r.js("pasting", ltPasteFileJS), ltShows(in.paste4M)) {
					return
				}
				r.caret()
				r.measure("keystroke, "+kib(in.paste4M)+" file, 1000 rows", r.key(), ltShows(in.paste4M+"x"))
			},
		},
		{
			name:    "example and undo",
			actions: []string{"Example, over 1000 rows", "Undo the Example, back to 1000 rows"},
			run: func(r *ltRun) {
				r.open(in.base)
				example := model.Example()
				if !r.measure("Example, over 1000 rows", r.js("clicking Example", `document.querySelector("#load-example").click();`),
					ltShows(example.Robots)+fmt.Sprintf(` && !document.querySelector('[data-row="%d"]')`, len(example.Rows))) {
					return
				}
				r.measure("Undo the Example, back to 1000 rows", r.js("clicking Undo", `document.querySelector("#undo").click();`),
					ltShows(in.base.Robots))
			},
		},
		{
			name:    "compare",
			actions: []string{"open the comparison, 1000 rows"},
			run: func(r *ltRun) {
				r.open(in.base)
				// Its part under More, opened as a user would, outside the
				// measure: the comparison is made when its button is pressed.
				r.p.OpenAround("#compare-toggle")
				r.p.Wait("#compare-toggle")
				r.quiet()
				r.measure("open the comparison, 1000 rows", r.js("clicking Compare", `document.querySelector("#compare-toggle").click();`),
					`document.querySelector("[data-compare-row]") || document.querySelector("#compare-summary")`)
			},
		},
		{
			name:    "dialects",
			actions: dialectActions,
			run: func(r *ltRun) {
				r.open(in.base)
				// The page's own choices, by their value attributes ("" or
				// none for each crawler's own): the page starts with the
				// state's, each other one is chosen in turn, then the first
				// again.
				type choice struct {
					Values []string `json:"values"`
					Index  int      `json:"index"`
				}
				c := Eval[choice](r.p, "reading the dialects", `(() => {
					const s = document.querySelector("select#dialect");
					return {values: [...s.options].map(o => o.getAttribute("value") || ""), index: s.selectedIndex};
				})()`)
				if len(c.Values) < 2 || c.Index < 0 {
					r.t.Fatalf("select#dialect offers %q, selected %d", c.Values, c.Index)
				}
				var seq []string
				for i := 1; i <= len(c.Values); i++ {
					seq = append(seq, c.Values[(c.Index+i)%len(c.Values)])
				}
				for _, d := range seq {
					ok := r.measure(ltDialectAction(d), r.js("choosing "+d, fmt.Sprintf(`
						const s = document.querySelector("select#dialect");
						s.selectedIndex = [...s.options].findIndex(o => (o.getAttribute("value") || "") === %[1]s);
						s.dispatchEvent(new Event("change", {bubbles: true}));`, jsString(d))),
						// The reading is made in the change's own task; the
						// quiet that follows sees the redraw.
						`true`)
					if !ok {
						return
					}
				}
			},
		},
	}
}

// ltDialectAction names the choice of a dialect by its value in
// select#dialect ("" for each crawler's own).
func ltDialectAction(value string) string {
	if value == "" {
		return "read as each crawler's own, 1000 rows"
	}
	return "read as " + value + ", 1000 rows"
}

// BenchmarkLongTasks records the longest task of each user action at the
// tester's limits (1000 tests, a 4 MiB file; issue 9, "never frozen"), in
// headless Chromium, and the total blocking time: a PerformanceObserver,
// installed before the page's scripts run, sees every task over 50 ms from
// the start of the action until the page shows its result and has gone
// quiet for a second. Each group of actions runs in a fresh page, $E2E_LONGTASK_RUNS
// times (default 3), and the report gives the medians, as a table to
// paste into the README at the end.
//
// It is a measurement, not a test of timings: it fails only when it cannot
// measure. Run it (after make build) with
//
//	E2E_WEB_DIR=$PWD/web E2E_REQUIRE_BROWSER=1 go test -count=1 -timeout=60m -run NONE -bench LongTasks -benchtime 1x -v ./app/e2e
//
// To see which Go functions take the time, build an app.wasm that keeps
// its function names (no -s) in a web folder of its own and set
// $E2E_LONGTASK_PROFILE:
//
//	mkdir -p /tmp/ltweb && cp -r web/. /tmp/ltweb && rm -f /tmp/ltweb/app.wasm.*
//	GOOS=js GOARCH=wasm go build -trimpath -gcflags=all=-l -gcflags=robotstester/robots= -o /tmp/ltweb/app.wasm ./app
//	E2E_LONGTASK_PROFILE=1 E2E_LONGTASK_RUNS=1 E2E_WEB_DIR=/tmp/ltweb go test -count=1 -timeout=60m -run NONE -bench LongTasks -benchtime 1x -v ./app/e2e
func BenchmarkLongTasks(t *testing.B) {
	runs := 3
	if s := os.Getenv(EnvLongTaskRuns); s != "" {
		n, err := strconv.Atoi(s)
		if err != nil || n < 1 {
			t.Fatalf("$%s: %q is not a number of runs", EnvLongTaskRuns, s)
		}
		runs = n
	}
	corpus, err := ltCorpus(t)
	if err != nil {
		t.Fatal(err)
	}
	in := ltMakeInputs(corpus)
	base := suite.Site(t, "")
	scenarios := ltScenarios(in)

	// Others' work on this machine slows the page: the load is part of
	// the figures.
	loadBefore := ltLoad()
	results := map[string][]ltResult{}
	skipped := map[string]bool{} // actions whose page -run left out
	var order []string
	for _, sc := range scenarios {
		order = append(order, sc.actions...)
	}
	for run := 1; run <= runs; run++ {
		for _, sc := range scenarios {
			started := false
			t.Run(fmt.Sprintf("run%d/%s", run, strings.ReplaceAll(sc.name, " ", "_")), func(t *testing.B) {
				started = true
				p := suite.NewPage(t)
				r := &ltRun{t: t, p: p, base: base, in: in, profile: os.Getenv(EnvLongTaskProfile) != ""}
				r.record = func(action string, res ltResult) {
					if !slices.Contains(order, action) {
						order = append(order, action)
					}
					results[action] = append(results[action], res)
				}
				r.install()
				sc.run(r)
				if ex := p.Exceptions(); len(ex) > 0 {
					t.Errorf("the page reported errors, its figures are suspect:\n%s", strings.Join(ex, "\n"))
				}
				if errs := Eval[[]string](p, "reading the observer's errors", `window.__lt ? window.__lt.errors : ["no observer"]`); len(errs) > 0 {
					t.Errorf("the observer could not watch: %v", errs)
				}
			})
			if !started {
				for _, a := range sc.actions {
					skipped[a] = true
				}
			}
		}
	}
	ltReport(t, order, results, skipped, runs, "load average "+loadBefore+" at the start, "+ltLoad()+" at the end")
}

// ltLoad returns the machine's load averages (1, 5 and 15 minutes), or
// "unknown" where /proc does not tell them.
func ltLoad() string {
	b, err := os.ReadFile("/proc/loadavg")
	if f := strings.Fields(string(b)); err == nil && len(f) >= 3 {
		return strings.Join(f[:3], " ")
	}
	return "unknown"
}

// ltReport prints, for each action, the medians over the runs that
// measured it, as log lines and then as a markdown table.
func ltReport(t testing.TB, order []string, results map[string][]ltResult, skipped map[string]bool, runs int, load string) {
	type row struct {
		action                                string
		longest, blocked, count, shown, frame float64
		measured                              int
		note                                  string
		longestMin, longestMax                float64
	}
	var rows []row
	for _, a := range order {
		rs := results[a]
		w := row{action: a}
		var longest, blocked, count, shown, frame []float64
		for _, r := range rs {
			if r.Err != "" {
				w.note = r.Err
				continue
			}
			longest = append(longest, r.longest())
			blocked = append(blocked, r.blocked())
			count = append(count, float64(len(r.Tasks)))
			shown = append(shown, r.Shown)
			frame = append(frame, r.longestFrame())
		}
		w.measured = len(longest)
		switch {
		case w.measured > 0 || w.note != "":
		case skipped[a]:
			w.note = "skipped (-run)"
		default:
			w.note = "the page failed before this action (see the subtest's log)"
		}
		if w.measured > 0 {
			w.longest, w.blocked, w.count = ltMedian(longest), ltMedian(blocked), ltMedian(count)
			w.shown, w.frame = ltMedian(shown), ltMedian(frame)
			w.longestMin, w.longestMax = slices.Min(longest), slices.Max(longest)
		}
		rows = append(rows, w)
	}
	t.Logf("medians of %d runs (longest task: min-max over the runs); %s", runs, load)
	for _, w := range rows {
		if w.measured == 0 {
			t.Logf("%-50s not measured: %s", w.action, w.note)
			continue
		}
		t.Logf("%-50s longest %6.0f ms (%.0f-%.0f)  blocked %6.0f ms  %4.0f long tasks  shown after %6.0f ms  longest frame %6.0f ms  [%d/%d runs]",
			w.action, w.longest, w.longestMin, w.longestMax, w.blocked, w.count, w.shown, w.frame, w.measured, runs)
	}
	var b strings.Builder
	fmt.Fprintf(&b, "\n| Action | Longest task | Total blocking time | Long tasks | Result shown after | Longest frame |\n")
	fmt.Fprintf(&b, "| --- | --- | --- | --- | --- | --- |\n")
	for _, w := range rows {
		if w.measured == 0 {
			fmt.Fprintf(&b, "| %s | not measured: %s | | | | |\n", w.action, w.note)
			continue
		}
		fmt.Fprintf(&b, "| %s | %s | %s | %.0f | %s | %s |\n", w.action, ltMs(w.longest), ltMs(w.blocked), w.count, ltMs(w.shown), ltMs(w.frame))
	}
	fmt.Fprintf(&b, "\nMedians of %d runs, headless Chromium, %d cores, %s (%s).\n", runs, runtime.NumCPU(), time.Now().Format("2006-01-02"), load)
	fmt.Print(b.String())
}

func ltMs(v float64) string {
	return strconv.FormatFloat(v, 'f', 0, 64) + " ms"
}

func ltMedian(v []float64) float64 {
	s := slices.Clone(v)
	slices.Sort(s)
	if len(s)%2 == 1 {
		return s[len(s)/2]
	}
	return (s[len(s)/2-1] + s[len(s)/2]) / 2
}

// ltProfile is a CPU profile being recorded by Chrome's sampling profiler.
type ltProfile struct {
	// markedAt is the page's clock when ltMarker began, or 0: the samples
	// that show ltMarker tie the profile's clock to the page's, so that the
	// samples of the longest task can be picked out.
	markedAt float64
}

// ltMarkerJS runs, in the page, a function the profiler cannot miss and
// returns the page's clock when it began.
const ltMarkerJS = `(function ltMarker() {
	const t0 = performance.now();
	while (performance.now() - t0 < 12) {}
	return t0;
})()`

// mark runs ltMarker in the page.
func (p *ltProfile) mark(r *ltRun) {
	r.t.Helper()
	v, err := ltEval[float64](r, "marking the profile", ltMarkerJS, Timeout)
	r.must(err)
	p.markedAt = v
}

// ltStartProfile starts Chrome's sampling profiler in the page.
func ltStartProfile(r *ltRun) *ltProfile {
	r.t.Helper()
	ctx := r.p.ctx
	_, err := chromedp.Call(ctx, profiler.Enable, cdp.Empty{})
	r.must(err)
	_, err = chromedp.Call(ctx, profiler.SetSamplingInterval, profiler.SetSamplingIntervalParams{Interval: 1000})
	r.must(err)
	_, err = chromedp.Call(ctx, profiler.Start, cdp.Empty{})
	r.must(err)
	return &ltProfile{}
}

// cancel stops the profiler and drops what it recorded.
func (*ltProfile) cancel(r *ltRun) {
	r.t.Helper()
	ctx, cancel := context.WithTimeout(r.p.ctx, ltLimit)
	defer cancel()
	_, err := chromedp.Call(ctx, profiler.Stop, cdp.Empty{})
	r.must(err)
}

// stop stops the profiler and prints where the time went: the functions
// that were on the stack longest (inclusive), the app's own among them
// (go-app's and the runtime's dominate the first list), the functions on
// top of the stack (self), and the heaviest stack tails, which tell who
// called a costly leaf.
func (p *ltProfile) stop(r *ltRun, action string, res ltResult) {
	r.t.Helper()
	ctx, cancel := context.WithTimeout(r.p.ctx, ltLimit)
	defer cancel()
	out, err := chromedp.Call(ctx, profiler.Stop, cdp.Empty{})
	r.must(err)
	var b strings.Builder
	prof := out.Profile
	ltWriteProfile(&b, action, "the whole action", ltProfileTimes(prof, 0, -1))
	if from, to, ok := p.longestTask(prof, res); ok {
		ltWriteProfile(&b, action, fmt.Sprintf("its longest task (%.0f ms)", res.longest()), ltProfileTimes(prof, from, to))
	} else {
		from, to := ltLongestStretch(prof)
		ltWriteProfile(&b, action, "its longest busy stretch (one or more tasks with no idle sample between them)", ltProfileTimes(prof, from, to))
	}
	r.t.Log(b.String())
}

// longestTask returns the samples [from, to) taken during res's longest
// task, when the profile can be tied to the page's clock.
func (p *ltProfile) longestTask(prof *profiler.Profile, res ltResult) (from, to int, ok bool) {
	if prof == nil || p.markedAt == 0 || len(res.Tasks) == 0 {
		return 0, 0, false
	}
	long := res.Tasks[0]
	for _, t := range res.Tasks {
		if t.Dur > long.Dur {
			long = t
		}
	}
	marker := map[int64]bool{} // nodes whose stack holds ltMarker
	byID, parent := ltTree(prof)
	for _, n := range prof.Nodes {
		for id, ok := n.ID, true; ok; id, ok = parent[id] {
			if nd := byID[id]; nd != nil && nd.CallFrame != nil && nd.CallFrame.FunctionName == "ltMarker" {
				marker[n.ID] = true
				break
			}
		}
	}
	// at[i] is sample i's time in milliseconds from the profile's start.
	at := make([]float64, len(prof.Samples))
	sum := 0.0
	for i := range prof.Samples {
		if i < len(prof.TimeDeltas) {
			sum += float64(prof.TimeDeltas[i]) / 1000
		}
		at[i] = sum
	}
	offset, found := 0.0, false // page clock minus profile clock
	for i, id := range prof.Samples {
		if marker[id] {
			offset, found = p.markedAt-at[i], true
			break
		}
	}
	if !found {
		return 0, 0, false
	}
	start, end := long.Start-offset, long.Start+long.Dur-offset
	from = len(at)
	for i, t := range at {
		if t >= start && from == len(at) {
			from = i
		}
		if t <= end {
			to = i + 1
		}
	}
	return from, max(from, to), from < len(at)
}

// ltWriteProfile writes where a profile's time went.
func ltWriteProfile(b *strings.Builder, action, what string, pt ltTimes) {
	fmt.Fprintf(b, "profile of %q, %s: %.0f ms in JavaScript and WebAssembly, %.0f ms in the browser's own work outside them ((program): style, layout, the textarea)\n",
		action, what, pt.total, pt.program)
	own := map[string]float64{}
	for n, v := range pt.inclusive {
		if strings.HasPrefix(n, "robotstester") {
			own[n] = v
		}
	}
	// E2E_PROFILE_TOP lengthens the app's own list, to see past the top.
	top, _ := strconv.Atoi(os.Getenv("E2E_PROFILE_TOP"))
	for _, part := range []struct {
		name  string
		times map[string]float64
		n     int
	}{{"inclusive", pt.inclusive, 25}, {"the app's own, inclusive", own, max(25, top)}, {"self", pt.self, 20}, {"stack tails (leaf first)", pt.tails, 15}} {
		fmt.Fprintf(b, "  %s:\n", part.name)
		for _, n := range ltTop(part.times, part.n) {
			fmt.Fprintf(b, "    %7.1f ms %5.1f%%  %s\n", part.times[n], 100*part.times[n]/max(pt.total, 1), n)
		}
	}
}

// ltLongestStretch returns the samples [from, to) of the profile's longest
// stretch without an idle sample: the page's longest task, or a few tasks
// with no idle time between them, which the sampler cannot tell apart.
func ltLongestStretch(prof *profiler.Profile) (from, to int) {
	if prof == nil {
		return 0, 0
	}
	idle := map[int64]bool{}
	for _, n := range prof.Nodes {
		if n.CallFrame != nil && n.CallFrame.FunctionName == "(idle)" {
			idle[n.ID] = true
		}
	}
	best, start, sum := 0.0, 0, 0.0
	for i, id := range prof.Samples {
		if idle[id] {
			start, sum = i+1, 0
			continue
		}
		sum += ltSampleMs(prof, i)
		if sum > best {
			best, from, to = sum, start, i+1
		}
	}
	return from, to
}

// ltSampleMs is the time sample i stands for: until the next one.
func ltSampleMs(prof *profiler.Profile, i int) float64 {
	if i+1 < len(prof.TimeDeltas) {
		return float64(prof.TimeDeltas[i+1]) / 1000
	}
	return 0
}

// ltTop returns the n keys of m with the largest values, largest first.
func ltTop(m map[string]float64, n int) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.SortFunc(keys, func(a, b string) int {
		switch {
		case m[a] > m[b]:
			return -1
		case m[a] < m[b]:
			return 1
		}
		return strings.Compare(a, b)
	})
	return keys[:min(n, len(keys))]
}

// ltTimes is a profile summed by function, in milliseconds.
type ltTimes struct {
	total     float64            // time in JavaScript and WebAssembly
	program   float64            // time in the browser's own code, outside any script
	inclusive map[string]float64 // a function on the stack, once per sample however deep the recursion
	self      map[string]float64 // a function on top of the stack
	tails     map[string]float64 // the top few distinct functions of the stack, leaf first
}

// ltTree indexes a profile's call tree: each node by its id, and the
// parent of each node but the root.
func ltTree(prof *profiler.Profile) (byID map[int64]*profiler.ProfileNode, parent map[int64]int64) {
	byID, parent = map[int64]*profiler.ProfileNode{}, map[int64]int64{}
	for _, n := range prof.Nodes {
		byID[n.ID] = n
		for _, c := range n.Children {
			parent[c] = n.ID
		}
	}
	return byID, parent
}

// ltProfileTimes sums a profile's samples [from, to) by function; to < 0
// means to the end.
func ltProfileTimes(prof *profiler.Profile, from, to int) ltTimes {
	pt := ltTimes{inclusive: map[string]float64{}, self: map[string]float64{}, tails: map[string]float64{}}
	if prof == nil {
		return pt
	}
	byID, parent := ltTree(prof)
	name := func(n *profiler.ProfileNode) string {
		f := n.CallFrame
		if f == nil {
			return "?"
		}
		s := f.FunctionName
		if s == "" {
			s = "(anonymous)"
		}
		// Go functions are named in app.wasm's name section; the file
		// names the JavaScript ones.
		if f.URL != "" && !strings.HasPrefix(s, "(") && !strings.Contains(s, ".") {
			s += " (" + filepath.Base(f.URL) + ")"
		}
		return s
	}
	stacks := map[int64][]string{} // each node's distinct function names, root first
	var stack func(id int64) []string
	stack = func(id int64) []string {
		if s, ok := stacks[id]; ok {
			return s
		}
		var s []string
		if p, ok := parent[id]; ok {
			s = stack(p)
		}
		if n := byID[id]; n != nil {
			if nm := name(n); nm != "(root)" && !slices.Contains(s, nm) {
				s = append(slices.Clone(s), nm)
			}
		}
		stacks[id] = s
		return s
	}
	if to < 0 {
		to = len(prof.Samples)
	}
	for i, id := range prof.Samples[from:to] {
		w := ltSampleMs(prof, from+i)
		n := byID[id]
		if n == nil {
			continue
		}
		top := name(n)
		switch top {
		case "(idle)":
			continue
		case "(program)":
			pt.program += w
			continue
		}
		pt.total += w
		pt.self[top] += w
		st := stack(id)
		for _, nm := range st {
			pt.inclusive[nm] += w
		}
		tail := slices.Clone(st[max(len(st)-5, 0):])
		slices.Reverse(tail)
		pt.tails[strings.Join(tail, " < ")] += w
	}
	return pt
}
