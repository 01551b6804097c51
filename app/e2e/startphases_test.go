//go:build !js

package e2e

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/cdproto/tracing"
	"github.com/chromedp/chromedp"

	"robotstester/internal/server"
)

// EnvStartSites, when not empty, runs BenchmarkStartAlternated on the built
// sites it names, separated by commas; EnvStartRounds sets how many rounds
// (10 unless given).
const (
	EnvStartSites  = "E2E_START_SITES"
	EnvStartRounds = "E2E_START_ROUNDS"
)

// phasesJS runs before the page's scripts and notes, on the page's clock,
// when the WebAssembly is instantiated, when Go's main has handed the
// thread back (the next task), when go-app first draws the live page
// (its root, hidden, appears), when it is ready, and when the browser has
// painted the frame after that (a task after the next animation frame:
// work that a change moves past the ready mark still counts there).
const phasesJS = `(() => {
	const ph = window.__phases = {};
	const note = k => { if (!(k in ph)) ph[k] = performance.now(); };
	for (const name of ["instantiateStreaming", "instantiate"]) {
		const orig = WebAssembly[name];
		if (!orig) continue;
		WebAssembly[name] = async function(...args) {
			const out = await orig.apply(WebAssembly, args);
			// instantiate(module) gives the instance itself (the module
			// compiled in a worker: site/loader.go).
			if (out && (out.instance || out instanceof WebAssembly.Instance)) {
				note("instantiated");
				setTimeout(() => note("go main returned"));
			}
			return out;
		};
	}
	const mo = new MutationObserver(() => {
		if (document.querySelector("main.mounting")) note("first live render");
		if (document.querySelector("[data-ready]")) {
			note("ready");
			mo.disconnect();
			requestAnimationFrame(() => setTimeout(() => note("painted")));
		}
	});
	mo.observe(document, {subtree: true, childList: true, attributes: true});
})()`

// phaseEvent is the part of a Chrome trace event the phases read.
type phaseEvent struct {
	Name string  `json:"name"`
	Ph   string  `json:"ph"`
	Dur  float64 `json:"dur"` // microseconds
	Tid  int64   `json:"tid"`
}

// BenchmarkStartPhases shows where a start's time goes: the moments of
// phasesJS, and from a Chrome trace of the same visit, the time V8 spent
// on the main thread compiling WebAssembly functions on their first call
// (lazy compilation, with its baseline compiler) and the time of its
// optimising compiler on background threads, which on 2 cores competes
// with the main thread. Medians of cold and repeat visits, as in make
// bench-browser's navigation measures; tracing slows the page, so the
// moments are later than the benchmark's. A measurement, not a test: run
// it after make build with
//
//	E2E_WEB_DIR=$PWD/web E2E_REQUIRE_BROWSER=1 go test -count=1 -v -run NONE -bench StartPhases -benchtime 1x ./app/e2e
func BenchmarkStartPhases(t *testing.B) {
	site := suite.Site(t, "")
	keys := []string{"instantiated", "go main returned", "first live render", "ready",
		"lazy compile (main thread)", "tier-up (background)"}
	got := map[string]map[string]benchStats{"cold": {}, "repeat": {}}
	for i := 0; i < 6; i++ {
		p := suite.NewPage(t)
		if _, err := chromedp.Call(p.ctx, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: phasesJS}); err != nil {
			t.Fatal(err)
		}
		for _, visit := range []string{"cold", "repeat"} {
			events := tracePhases(t, p, func() {
				p.Goto(site)
				p.WaitReady()
			})
			m := Eval[map[string]float64](p, "the start's phases", `window.__phases`)
			for k, v := range sumPhaseEvents(events) {
				m[k] = v
			}
			for _, k := range keys {
				if v, ok := m[k]; ok {
					got[visit][k] = append(got[visit][k], v)
				}
			}
			time.Sleep(600 * time.Millisecond) // as benchStart does
		}
	}
	var b strings.Builder
	b.WriteString("the start's phases, medians (ms from navigation; the last three are durations)\n")
	for _, visit := range []string{"cold", "repeat"} {
		fmt.Fprintf(&b, "  %-7s", visit)
		for _, k := range keys {
			if s := got[visit][k]; len(s) > 0 {
				fmt.Fprintf(&b, "  %s %.0f", k, s.median())
			}
		}
		b.WriteString("\n")
	}
	t.Log(b.String())
}

// BenchmarkStartAlternated compares the starts of built sites (each a folder as
// make build writes to site/), opening each in turn, a cold and a repeat
// visit per round, so that the machine's swings fall on all of them alike:
// on this 2-core machine a build measured alone can differ from the same
// build an hour later by a fifth. It prints the medians of phasesJS's
// moments, the first paint and the moment the page's HTML was read. A
// measurement, not a test:
//
//	E2E_START_SITES=/tmp/before,/tmp/after E2E_WEB_DIR=$PWD/web E2E_REQUIRE_BROWSER=1 go test -count=1 -v -run NONE -bench StartAlternated -benchtime 1x ./app/e2e
func BenchmarkStartAlternated(t *testing.B) {
	if os.Getenv(EnvStartSites) == "" {
		t.Skipf("set $%s to built sites to compare their starts", EnvStartSites)
	}
	dirs := strings.Split(os.Getenv(EnvStartSites), ",")
	rounds := 10
	if n := os.Getenv(EnvStartRounds); n != "" {
		if _, err := fmt.Sscan(n, &rounds); err != nil || rounds < 1 {
			t.Fatalf("$%s=%q: want a number of rounds", EnvStartRounds, n)
		}
	}
	var urls []string
	for _, d := range dirs {
		if _, err := os.Stat(filepath.Join(d, "index.html")); err != nil {
			t.Fatalf("%s is not a built site: %v", d, err)
		}
		srv := httptest.NewServer(server.Mount("", server.Handler(d)))
		defer srv.Close()
		urls = append(urls, srv.URL+"/")
	}
	keys := []string{"first paint", "html read", "instantiated", "first live render", "ready", "painted"}
	got := map[string]benchStats{}
	for range rounds {
		for i, u := range urls {
			p := suite.NewPage(t)
			if _, err := chromedp.Call(p.ctx, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: phasesJS}); err != nil {
				t.Fatal(err)
			}
			for _, visit := range []string{"cold", "repeat"} {
				p.Goto(u)
				p.WaitReady()
				poll(p, "waiting for the paint after ready", `"painted" in window.__phases`, func(b bool) bool { return b })
				m := Eval[map[string]float64](p, "the start's moments", `(() => {
					const o = Object.assign({}, window.__phases);
					const fcp = performance.getEntriesByName("first-contentful-paint")[0];
					if (fcp) o["first paint"] = fcp.startTime;
					o["html read"] = performance.getEntriesByType("navigation")[0].domInteractive;
					return o;
				})()`)
				for k, v := range m {
					key := fmt.Sprintf("%d %s %s", i, visit, k)
					got[key] = append(got[key], v)
				}
				time.Sleep(600 * time.Millisecond) // as benchStart does
			}
		}
	}
	var b strings.Builder
	fmt.Fprintf(&b, "medians of %d rounds, ms from navigation; sites: %s\n", rounds, strings.Join(dirs, ", "))
	for _, visit := range []string{"cold", "repeat"} {
		fmt.Fprintf(&b, "%s\n", visit)
		for _, k := range keys {
			fmt.Fprintf(&b, "  %-18s", k)
			for i := range urls {
				if s := got[fmt.Sprintf("%d %s %s", i, visit, k)]; len(s) > 0 {
					fmt.Fprintf(&b, " %7.0f", s.median())
				} else {
					fmt.Fprintf(&b, " %7s", "-")
				}
			}
			b.WriteString("\n")
		}
	}
	t.Log("\n" + b.String())
}

// tracePhases records a Chrome trace of what do does.
func tracePhases(t testing.TB, p *Page, do func()) []phaseEvent {
	t.Helper()
	var mu sync.Mutex
	var events []phaseEvent
	done := make(chan struct{})
	ctx, cancel := context.WithCancel(p.ctx)
	defer cancel()
	chromedp.Listen(ctx, func(ev any) {
		switch e := ev.(type) {
		case *tracing.EventDataCollected:
			mu.Lock()
			defer mu.Unlock()
			for _, v := range e.Value {
				b, _ := json.Marshal(v)
				var pe phaseEvent
				if json.Unmarshal(b, &pe) == nil && pe.Ph == "X" {
					events = append(events, pe)
				}
			}
		case *tracing.EventTracingComplete:
			close(done)
		}
	})
	_, err := chromedp.Call(p.ctx, tracing.Start, tracing.StartParams{
		TransferMode: tracing.StartTransferModeReportEvents,
		TraceConfig:  &tracing.TraceConfig{IncludedCategories: []string{"devtools.timeline", "v8.wasm", "disabled-by-default-v8.wasm.detailed"}},
	})
	if err != nil {
		t.Fatal(err)
	}
	do()
	if _, err := chromedp.Call(p.ctx, tracing.End, cdp.Empty{}); err != nil {
		t.Fatal(err)
	}
	select {
	case <-done:
	case <-time.After(30 * time.Second):
		t.Fatal("the trace did not end")
	}
	mu.Lock()
	defer mu.Unlock()
	return events
}

// sumPhaseEvents returns, in milliseconds, the lazy compilation on the
// main thread (the one that parsed the page) and the optimising
// compilation on the other threads.
func sumPhaseEvents(events []phaseEvent) map[string]float64 {
	main := int64(-1)
	for _, e := range events {
		if e.Name == "ParseHTML" {
			main = e.Tid
			break
		}
	}
	sums := map[string]float64{}
	for _, e := range events {
		switch {
		case e.Name == "wasm.CompileLazy" && e.Tid == main:
			sums["lazy compile (main thread)"] += e.Dur / 1000
		case e.Name == "wasm.TopTierCompilation" && e.Tid != main:
			sums["tier-up (background)"] += e.Dur / 1000
		}
	}
	return sums
}
