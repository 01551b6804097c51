package ui

import (
	"strconv"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"robotstester/app/ui/model"
)

// FindingsPanel lists the linter's findings; each one shows its line.
type FindingsPanel struct {
	app.Compo

	List []model.FindingView
	More int // findings left out of List

	onReveal func(ctx app.Context, line int)
}

// Render returns the component's markup.
func (p *FindingsPanel) Render() app.UI {
	items := make([]app.UI, len(p.List))
	for i, f := range p.List {
		items[i] = app.Li().DataSet("severity", f.Severity).Body(
			app.Button().Class("linkish").Type("button").Value(strconv.Itoa(f.Line)).
				DataSet("finding", f.Line).
				Aria("label", "Show line "+strconv.Itoa(f.Line)+" in the file").
				OnClick(p.reveal).Text("line "+strconv.Itoa(f.Line)),
			app.Text(" "),
			app.Span().Class("sev").Text(severityIcon(f.Severity)),
			app.Text(" "+f.Message),
		)
	}
	return app.Section().ID("findings").Class("panel").Aria("labelledby", "findings-title").Body(
		app.H2().ID("findings-title").Text("Findings"),
		app.If(len(items) == 0, func() app.UI {
			return app.P().Class("note").Text("Nothing to say about this file.")
		}).Else(func() app.UI { return app.Ul().Class("finding-list").Body(items...) }),
		app.If(p.More > 0, func() app.UI {
			return app.P().Class("note").Text("… and " + strconv.Itoa(p.More) + " more.")
		}),
	)
}

func (p *FindingsPanel) reveal(ctx app.Context, e app.Event) {
	if n, err := strconv.Atoi(ctx.JSSrc().Get("value").String()); err == nil && p.onReveal != nil {
		p.onReveal(ctx, n)
	}
}
