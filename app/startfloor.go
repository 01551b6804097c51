//go:build startfloor

package main

import (
	"net/url"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"robotstester/app/ui"
)

// Built with the tag startfloor, app.wasm shows in the browser a page of
// one element, marked ready at once, in place of the tester, which stays
// linked in (app.wasm keeps its size and its compiling). Served with the
// site's other files, it measures what the start costs before any of the
// tester's own work: the page made at build time, the editor's script,
// app.wasm's compiling, Go's start and go-app's (docs/speed.md, "How far
// the budget is").
func init() {
	prepare = func() {}
	warm = func(*url.URL) error { return nil }
	routes = func() {
		if !app.IsClient {
			ui.Routes()
			return
		}
		app.Route("/", func() app.Composer { return &floorPage{} })
		app.Route("/tester", func() app.Composer { return &ui.Tester{} }) // kept linked in
	}
}

// floorPage is the page of one element.
type floorPage struct{ app.Compo }

// Render returns the page's one element, ready.
func (p *floorPage) Render() app.UI {
	return app.Main().Class("tester").DataSet("ready", "true").Text("The start's floor")
}
