package dom

import (
	"math"
	"runtime"
	"runtime/debug"
	"runtime/metrics"
	"sync"
	"time"

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
// (CollectorPercent) so that it seldom starts on its own, and collects
// when the page is idle (Soon).
type Collector struct {
	mu     sync.Mutex
	queued bool        // a collection in go-app's next frame is asked for
	pause  *time.Timer // the collection at the next pause
}

// collectPause is how long the page must have had no change before the
// collector collects what the changes left (Soon).
const collectPause = 300 * time.Millisecond

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
// is 15 to 20 ms sooner without it (the medians of 24 visits).
//
// The start ends with ResumeCollector.
func PauseCollector() {
	debug.SetGCPercent(-1)
	debug.SetMemoryLimit(startMemoryLimit)
}

// ResumeCollector lets the collector run again once the page is ready.
// What the start left (about 10 MB with the example) is collected at the
// first pause after the user's first change (Soon), as any change's
// garbage is, which gives the collector its pacing for the life of the
// page (CollectorPercent). That first collection sweeps all that the start
// left and compiles the collector's code: 110 ms on a phone (Lighthouse's
// mobile preset). Made at the browser's first idle moment after the
// start, it was the page's longest task after go-app's own start, for a
// visitor who had not yet done anything; made in a key's frame, it was a
// task of that length while the user typed. Until then Go collects on its
// own only past firstCollection.
//
// A start that left more than startHeap (a large file opened from saved
// work or a link) is collected once the page has been still for a moment
// all the same (collectPause): there the typing's garbage (megabytes a key
// at 500 KiB) would reach the typing's threshold within a few keys, and
// the first collection, its code compiled then, would come in a key's
// frame.
func ResumeCollector() {
	debug.SetMemoryLimit(math.MaxInt64)
	debug.SetGCPercent(firstPercent)
	if _, now, ok := heap(); ok && now > startHeap {
		time.AfterFunc(collectPause, collectIfGrown)
	}
}

// firstPercent is the collector's target until its first collection:
// before any, Go collects once the heap passes 4 MB times the target's
// hundredths, here firstCollection, past what the typing waits for
// (grownWhileTyping: startHeap and twice as much).
const (
	firstCollection = 64 << 20
	firstPercent    = firstCollection / (4 << 20) * 100
)

// paced gives the collector its pacing, once, after its first collection.
var paced = sync.OnceFunc(func() { debug.SetGCPercent(CollectorPercent) })

// startHeap is what the heap is taken to hold live until the first
// collection, which the heap's live size says nothing of: more than the
// start leaves.
const startHeap = 16 << 20

// Soon, called at each change in go-app's loop (ctx), asks for a
// collection once the page is idle, if the heap has grown by half of what
// was live: at the next pause in the changes (collectPause after the last
// Soon, on one Go timer that each Soon pushes back); and, while the user
// keeps typing, once it has grown by typingGrowth, well before Go's own
// collection (CollectorPercent: by 4 times what was live, and 16 MB at
// least) would start in the middle of a key.
//
// That one is made in go-app's frame, the wake of Go's that draws the
// change (ctx.Defer), once the browser has painted the change's verdicts
// (Painted): a frame that comes before the paint leaves it to the next
// change's, unless the heap has grown by twice as much. A collection of
// its own, in the browser's idle moment, was a call into Go more: at 500
// KiB, a fifth of a call a key (issue 38). A key leaves 0.5 to 1 MB of
// garbage (mostly go-app's render) over a live heap of 0.9 MB at 10 KiB,
// 2.5 MB over 6.6 MB at 500 KiB.
func (c *Collector) Soon(ctx app.Context) {
	if !app.IsClient {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.pause == nil {
		c.pause = time.AfterFunc(collectPause, collectIfGrown)
	} else {
		c.pause.Reset(collectPause)
	}
	if c.queued || !grownWhileTyping(1) {
		return
	}
	c.queued = true
	ctx.Defer(func(app.Context) {
		c.mu.Lock()
		c.queued = false
		c.mu.Unlock()
		if Painted() || grownWhileTyping(2) {
			collectIfGrown()
		}
	})
}

// typingGrowth is how much the heap grows, as a share of what was live,
// while the user types, before the collector collects in an idle moment;
// typingGarbage the least garbage it waits for.
const (
	typingGrowth  = 2
	typingGarbage = 8 << 20
)

// grownWhileTyping reports whether the heap holds by times typingGrowth
// times what was live, and typingGarbage, more than was live.
func grownWhileTyping(by uint64) bool {
	live, now, ok := heap()
	if live == 0 {
		live = startHeap // no collection yet: the start's garbage waits for a pause
	}
	return ok && now > live+by*max(typingGrowth*live, typingGarbage)
}

// collectIfGrown collects if the heap has grown by half of what was live
// (always, before the first collection).
func collectIfGrown() {
	if heapGrown(0.5) {
		runtime.GC()
		paced()
	}
}

// heapGrown reports whether the heap holds more than by times again what
// was live after the last collection.
func heapGrown(by float64) bool {
	live, now, ok := heap()
	return ok && float64(now) > float64(live)*(1+by)
}

// heap returns what the heap held live after the last collection, and
// what it holds now.
func heap() (live, now uint64, ok bool) {
	s := []metrics.Sample{{Name: "/gc/heap/live:bytes"}, {Name: "/memory/classes/heap/objects:bytes"}}
	metrics.Read(s)
	if s[0].Value.Kind() != metrics.KindUint64 || s[1].Value.Kind() != metrics.KindUint64 {
		return 0, 0, false
	}
	return s[0].Value.Uint64(), s[1].Value.Uint64(), true
}
