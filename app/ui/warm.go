package ui

import (
	"encoding/json"
	"fmt"
	"net/url"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"robotstester/app/internal/embed"
	"robotstester/app/model"
	"robotstester/app/ui/dom"
)

// Warm runs, in the worker that compiled app.wasm, the Go code of the
// start of the page at address that needs no page: the catalogue's parse,
// the example's analysis, the render of every part, live or embedded as
// the page will be, the JSON of the editor's first push, go-app's drawing
// (dom.WarmDraw); then, once the worker has handed the module to the page
// (dom.Warmed), the linter and the push of its findings.
//
// Chromium compiles WebAssembly lazily, a function when it is first
// called, on the thread that calls it: the page's start calls a few
// megabytes of code, and compiling it was half of each of the start's
// tasks on the page's thread, two thirds of its blocking time on a phone.
// A module handed from a worker to the page shares its compiled code, so
// what the worker has run the page finds compiled. The page's start waits
// for it, 150 to 250 ms on a desktop (half of it the render's compiling):
// run beside the page's own start, on a machine of two cores, the two
// slowed each other down and the page's tasks were longer than without.
// The linter's code is compiled while the page starts: the page lints
// once the user pauses.
//
// Nothing it does reaches the page, storage or the network: it works on
// its own copy of the example, and returns.
//
// A warm-up cut short only leaves more to compile: a panic is returned as
// the error.
func Warm(address *url.URL) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("warm-up: %v", r)
		}
	}()
	model.PrepareCrawlers(func() bool { return false })
	t := &Tester{}
	t.OnInit() // the example, as the route's Tester has it
	t.ready, t.shown, t.opened, t.ended = true, true, true, true
	t.parts = partAll
	t.page.embed = embed.Parse(address.Query())
	_ = app.HTMLString(t)
	an := t.work.Analysis()
	shown := dom.Showing{Seq: 1, Marks: func(first, last int) string { return an.LineMarks(first, last, nil) }}
	shown.Verdicts, shown.AllowedText, shown.BlockedText = verdictsOf(an)
	dom.WarmShow(shown, "")
	// go-app's start reads its internal addresses: JSON, a list of strings.
	var internal []string
	_ = json.Unmarshal([]byte(`["/"]`), &internal)
	dom.WarmDraw()
	dom.Warmed()
	// The page lints once the user pauses, a second or more later.
	an.Lint()
	_ = app.HTMLString(t) // with the findings
	dom.WarmShow(shown, an.FindingMarks(1, 40))
	return nil
}
