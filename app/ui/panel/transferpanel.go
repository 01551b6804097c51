package panel

import (
	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"robotstester/app/internal/parts"
	"robotstester/app/ui/dom"
	"robotstester/app/ui/widget"
)

// Export formats offered by TransferPanel.
const (
	ExportCSV   = parts.ExportCSV   // the results as CSV
	ExportJSON  = parts.ExportJSON  // the results as JSON
	ExportState = parts.ExportState // the whole state, as a file to import again
)

// URLListID is the id of the field where a list of URLs is pasted or
// dropped.
const URLListID = parts.URLListID

// TransferPanel exports the results and the state, and imports a state
// file or a list of URLs (pasted, dropped or chosen).
type TransferPanel struct {
	app.Compo

	// To is sent what the user asks, as the transfers' messages: an
	// export (parts.Export), a state file opened (ImportStateFile), the
	// URLs pasted or in a file added as tests (ImportURLs, ImportURLFile).
	To widget.Sender
}

// Render returns the component's markup.
func (p *TransferPanel) Render() app.UI {
	return app.Section().ID("transfer").Class("panel transfer").Aria("labelledby", "transfer-title").Body(
		app.H2().ID("transfer-title").Text("Import and export"),
		app.Div().Class("tools").Body(
			app.Span().Class("note").Text("Export:"),
			app.Button().Type("button").ID("export-csv").OnClick(p.exportCSV).Text("Results (CSV)"),
			app.Button().Type("button").ID("export-json").OnClick(p.exportJSON).Text("Results (JSON)"),
			app.Button().Type("button").ID("export-state").OnClick(p.exportState).Text("State file (JSON)"),
			app.Label().For("import-state").Class("note").Text("Import a state file:"),
			app.Input().Type("file").ID("import-state").Accept(".json,application/json").OnChange(p.stateFile),
		),
		app.Details().Class("import-urls").Body(
			app.Summary().Text("Import a list of URLs"),
			app.P().Class("note").Text("One URL per line, or a CSV file whose first column holds them. Each becomes a test with the selected test's crawler."),
			app.Textarea().ID(URLListID).Rows(4).Spellcheck(false).
				Aria("label", "URLs to test, one per line").
				Placeholder("https://example.com/page\n/another/path").
				OnDragOver(widget.AcceptDrop).
				OnDrop(p.urlDrop),
			app.Div().Class("tools").Body(
				app.Button().Type("button").ID("add-urls").OnClick(p.urls).Text("Add as tests"),
				app.Label().For("import-urls-file").Class("note").Text("or a file:"),
				app.Input().Type("file").ID("import-urls-file").Accept(".txt,.csv,text/plain,text/csv").OnChange(p.urlFile),
			),
		),
	)
}

// Each export button has a handler of its own: go-app compares handlers
// by code pointer.
func (p *TransferPanel) exportCSV(ctx app.Context, e app.Event) { p.export(ctx, ExportCSV) }

func (p *TransferPanel) exportJSON(ctx app.Context, e app.Event) { p.export(ctx, ExportJSON) }

func (p *TransferPanel) exportState(ctx app.Context, e app.Event) { p.export(ctx, ExportState) }

func (p *TransferPanel) export(ctx app.Context, format string) {
	p.To.Send(ctx, parts.Export{Format: format})
}

func (p *TransferPanel) stateFile(ctx app.Context, e app.Event) {
	if f := dom.FirstFile(ctx, e); f.Truthy() {
		p.To.Send(ctx, parts.ImportStateFile{File: f})
	}
	ctx.JSSrc().Set("value", "") // the same file can be chosen again
}

func (p *TransferPanel) urls(ctx app.Context, e app.Event) {
	if el := dom.Element(URLListID); el.Truthy() {
		p.To.Send(ctx, parts.ImportURLs{Text: el.Get("value").String()})
	}
}

func (p *TransferPanel) urlFile(ctx app.Context, e app.Event) {
	if f := dom.FirstFile(ctx, e); f.Truthy() {
		p.To.Send(ctx, parts.ImportURLFile{File: f})
	}
	ctx.JSSrc().Set("value", "")
}

func (p *TransferPanel) urlDrop(ctx app.Context, e app.Event) {
	if f := dom.FirstFile(ctx, e); f.Truthy() {
		e.PreventDefault()
		p.To.Send(ctx, parts.ImportURLFile{File: f})
	}
}
