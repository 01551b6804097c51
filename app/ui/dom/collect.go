package dom

import (
	"math"
	"runtime"
	"runtime/debug"
	"runtime/metrics"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// Collector runs Go's garbage collector while the page is idle, between
// two keys, rather than in the middle of one.
//
// At a 500 KiB file each key leaves a few megabytes of garbage (the file's
// lines read again, its reading, the page drawn again) over a live heap of
// about 8 MB: with Go's default pacing, a collection starts every second
// or third key, inside its analysis, and Go finishes the marking before
// the browser may paint, 30 to 50 ms on that key (issue 19's p90). Once
// the page is ready, the app raises the collector's target
// (CollectorPercent) so that it seldom starts on its own, and collects once
// the browser is idle and the heap has grown by half of what was live.
type Collector struct {
	queued bool
}

// CollectorPercent is the garbage collector's target (debug.SetGCPercent)
// the app sets in the browser: the heap may grow by 4 times what is live
// before Go collects on its own, in the middle of a key; the collector
// collects long before, when the page is idle.
const CollectorPercent = 400

// startMemoryLimit is how much memory Go may hold while the page starts
// before it collects (PauseCollector). The start with the example leaves
// about 10 MB; a large saved file or link may leave more, and the limit
// keeps it bounded.
const startMemoryLimit = 64 << 20

// PauseCollector keeps Go's garbage collector from running while the page
// starts, unless the memory passes startMemoryLimit. A collection there
// costs the start more than its own work: the collector's code is compiled
// on its first run, on the page's thread (about 240 functions); the start
// is 15 to 20 ms sooner without it (the medians of 24 visits). The start
// ends with ResumeCollector.
func PauseCollector() {
	debug.SetGCPercent(-1)
	debug.SetMemoryLimit(startMemoryLimit)
}

// ResumeCollector gives the collector its pacing for the life of the page
// (CollectorPercent), once the page is ready.
func ResumeCollector() {
	debug.SetMemoryLimit(math.MaxInt64)
	debug.SetGCPercent(CollectorPercent)
}

// Soon asks for a collection at the browser's next idle moment, if the
// heap has grown enough to be worth one. Asked only then: the idle
// callback is a call into Go, which at every key was most of a call a key
// for nothing (issue 38); a key's garbage that does not yet make it worth
// one is counted at the next key's.
func (c *Collector) Soon() {
	if !app.IsClient || c.queued || !heapGrown() {
		return
	}
	c.queued = true
	var cb app.Func
	cb = app.FuncOf(func(app.Value, []app.Value) any {
		cb.Release()
		c.queued = false
		if heapGrown() {
			runtime.GC()
		}
		return nil
	})
	w := app.Window()
	if w.Get("requestIdleCallback").Truthy() {
		w.Call("requestIdleCallback", cb, map[string]any{"timeout": 1000})
	} else {
		w.Call("setTimeout", cb, 50)
	}
}

// heapGrown reports whether the heap holds more than half again what was
// live after the last collection.
func heapGrown() bool {
	s := []metrics.Sample{{Name: "/gc/heap/live:bytes"}, {Name: "/memory/classes/heap/objects:bytes"}}
	metrics.Read(s)
	if s[0].Value.Kind() != metrics.KindUint64 || s[1].Value.Kind() != metrics.KindUint64 {
		return false
	}
	live, now := s[0].Value.Uint64(), s[1].Value.Uint64()
	return now > live+live/2
}
