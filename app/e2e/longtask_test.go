//go:build !js

package e2e

import (
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
