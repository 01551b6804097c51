package ui

import "github.com/maxence-charriere/go-app/v10/pkg/app"

// EditorID is the id of the robots.txt textarea, a stable hook for tests and
// embedding pages.
const EditorID = "robots-txt"

// Tester is the app's root component.
//
// For now it is a placeholder: a heading, the robots.txt editor and a
// summary of what was typed. Its root element carries data-ready once the
// WebAssembly app has mounted, which tells browser tests that the DOM they see
// is go-app's and no longer the prerendered page.
type Tester struct {
	app.Compo

	ready   bool
	summary Summary
}

// OnMount runs in the browser only, once the wasm app has taken over the page.
func (t *Tester) OnMount(ctx app.Context) {
	t.ready = true
}

// Render returns the component's markup.
func (t *Tester) Render() app.UI {
	root := app.Main().Class("tester")
	if t.ready {
		root = root.DataSet("ready", "true")
	}
	return root.Body(
		app.H1().Text("robots.txt tester"),
		app.If(!t.ready, func() app.UI {
			// Shown in the prerendered page: go-app replaces the DOM when the
			// wasm starts, so text typed before then would be lost.
			return app.P().Class("loading").Text("Loading the tester…")
		}),
		app.Label().For(EditorID).Text("robots.txt"),
		app.Textarea().
			ID(EditorID).
			Name("robots-txt").
			Rows(16).
			Spellcheck(false).
			Attr("autocomplete", "off").
			Disabled(!t.ready).
			OnInput(t.onInput),
		app.P().
			ID("summary").
			DataSet("lines", t.summary.Lines).
			DataSet("bytes", t.summary.Bytes).
			Text(t.summary.String()),
	)
}

// onInput reads the textarea without writing it back: the editor stays
// uncontrolled so a large file is not copied into the page on every key.
func (t *Tester) onInput(ctx app.Context, e app.Event) {
	t.summary = Summarize(ctx.JSSrc().Get("value").String())
}
