// Command app is the robots.txt tester.
//
// Compiled to WebAssembly and loaded in a browser, it runs the user
// interface. Run natively, it writes the static website:
//
//	go run ./app -out site -web web [-wasm-exec FILE] [-prefix /sub/path] [-url https://host/sub/path/] [-version v]
//
// The web folder must already hold app.wasm, built with
// GOOS=js GOARCH=wasm go build -o web/app.wasm ./app (see the Makefile).
package main

import (
	"os"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"robotstester/app/ui"
	"robotstester/app/ui/dom"
)

// routes registers the pages' routes, and prepare does the page's work
// that can be done before go-app starts: the tester's, unless a build tag
// measures something else (startfloor.go).
var (
	routes  = ui.Routes
	prepare = ui.Prepare
	warm    = ui.Warm
)

func main() {
	if page, ok := dom.Warming(); ok {
		// In the worker that compiled app.wasm, beside the page: the
		// start's code run once, to be compiled there (ui.Warm).
		if err := warm(page); err != nil {
			// To the worker's console; the worker tells the page, which
			// starts all the same.
			println(err.Error())
			os.Exit(1)
		}
		return
	}
	// Before go-app starts: it cannot start with storage denied or a
	// mangled address.
	dom.Guard()
	if app.IsClient {
		dom.PauseCollector() // until the page is ready
	}
	prepare()
	routes()
	// In the browser this blocks for the life of the page; natively it
	// returns at once and the command builds the site.
	app.RunWhenOnBrowser()
	generate()
}
