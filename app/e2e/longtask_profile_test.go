//go:build !js

package e2e

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/profiler"
	"github.com/chromedp/chromedp"
)

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
