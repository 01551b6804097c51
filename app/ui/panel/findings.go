package panel

import (
	"strconv"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"robotstester/app/model"
	"robotstester/app/ui/widget"
)

// FindingsPanel lists the linter's findings, each kind said once with its
// count and its lines, errors first, and a filter by severity. Each line
// number shows its line.
type FindingsPanel struct {
	app.Compo

	Groups []model.FindingGroupView // as filtered by Severity
	Linted bool                     // the findings are known
	// Severity is the filter: "" or model.AllSeverities for all, "error",
	// "warning" or "info".
	Severity string

	// To is sent the filter chosen (widget.ShowSeverity) and a line to
	// show in the editor (widget.ShowLine).
	To widget.Sender
}

// Render returns the component's markup.
func (p *FindingsPanel) Render() app.UI {
	items := make([]app.UI, len(p.Groups))
	for i, g := range p.Groups {
		lines := make([]app.UI, 0, 2*len(g.Lines)+1)
		for j, n := range g.Lines {
			if j > 0 {
				lines = append(lines, app.Text(", "))
			}
			lines = append(lines, widget.LineButton(n, p.reveal))
		}
		if more := g.Count - len(g.Lines); more > 0 {
			lines = append(lines, app.Text(" and "+strconv.Itoa(more)+" more"))
		}
		count, message := "", g.Message
		if g.Count > 1 {
			// The message names its own line's details (a crawler, a
			// value): said as that line's, not as every line's.
			count = " ×" + strconv.Itoa(g.Count)
			message = "Line " + strconv.Itoa(g.Lines[0]) + ": " + message
		}
		items[i] = app.Li().DataSet("severity", g.Severity).DataSet("count", g.Count).Body(
			app.Span().Class("sev").Text(severityIcon(g.Severity)+count),
			app.Text(" "+message+" "),
			app.Span().Class("finding-lines note").Body(lines...),
		)
	}
	choices := model.SeverityChoices()
	opts := make([]app.UI, len(choices))
	for i, c := range choices {
		chosen := c.Value == p.Severity || c.Value == model.AllSeverities && p.Severity == ""
		opts[i] = app.Option().Value(c.Value).Selected(chosen).Text(c.Title)
	}
	empty := "Nothing to say about this file."
	switch {
	case !p.Linted:
		empty = "Looking…"
	case p.Severity != "" && p.Severity != model.AllSeverities:
		empty = "None of this kind."
	}
	return app.Section().ID("findings").Class("panel").Aria("labelledby", "findings-title").Body(
		app.Div().Class("pane-head").Body(
			app.H2().ID("findings-title").Text("Findings"),
			app.Select().ID("findings-severity").Aria("label", "Show findings of severity").
				OnChange(p.filter).Body(opts...),
		),
		app.If(len(items) == 0, func() app.UI {
			return app.P().Class("note").Text(empty)
		}).Else(func() app.UI { return app.Ul().Class("finding-list").Body(items...) }),
	)
}

func (p *FindingsPanel) filter(ctx app.Context, e app.Event) {
	if p.To != nil {
		p.To.Send(ctx, widget.ShowSeverity{Severity: ctx.JSSrc().Get("value").String()})
	}
}

func (p *FindingsPanel) reveal(ctx app.Context, e app.Event) { widget.SendLine(ctx, p.To) }

// severityIcon is the sign drawn beside a finding, so that severity does
// not rest on colour alone.
func severityIcon(s string) string {
	switch s {
	case "error":
		return "⛔ error"
	case "warning":
		return "⚠ warning"
	}
	return "ℹ info"
}
