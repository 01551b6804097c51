package panel

import (
	"strconv"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"robotstester/app/internal/parts"
	"robotstester/app/model"
	"robotstester/app/ui/widget"
)

// ComparePanel shows every test's verdict in every dialect side by side,
// and marks the tests on which the readings disagree, with the reason. It
// is closed at first: the comparison reads the file once per dialect.
//
// Hooks: #compare; each test's row [data-compare-row="i"], with
// [data-disagree] when the readings differ; each verdict
// [data-dialect="google"][data-verdict="allowed"].
type ComparePanel struct {
	app.Compo

	Open bool              // the panel is open
	C    *model.Comparison // nil while closed
	Rows []model.RowView   // the tests, for their labels
	// Limit is how many tests are drawn, the disagreements first.
	Limit int
	// Drawing is set while more tests are being drawn, a few per task:
	// the count and "Show more" wait for the last.
	Drawing bool

	// To is sent the panel opened or closed (parts.ToggleReadings), more
	// tests asked for (parts.MoreReadings), and a line to show in the
	// editor (widget.ShowLine).
	To widget.Sender
}

// Render returns the component's markup.
func (p *ComparePanel) Render() app.UI {
	label := "Compare the readings"
	if p.Open {
		label = "Hide the comparison"
	}
	head := app.Div().Class("pane-head").Body(
		app.H2().ID("compare-title").Text("Every crawler's reading"),
		app.Button().Type("button").ID("compare-toggle").
			Aria("expanded", strconv.FormatBool(p.Open)).
			Aria("controls", "compare-body").
			OnClick(p.toggle).Text(label),
	)
	sec := app.Section().ID("compare").Class("panel compare").Aria("labelledby", "compare-title")
	if !p.Open || p.C == nil {
		return sec.Body(head, readingsNote())
	}
	c := p.C
	heads := []app.UI{app.Th().Scope("col").Text("Test")}
	for _, d := range c.Dialects {
		heads = append(heads, app.Th().Scope("col").Title(d.Summary()).Text(d.Title()))
	}
	var body []app.UI
	shown := c.Shown(p.Limit)
	for _, i := range shown {
		body = append(body, p.row(i)...)
	}
	summary := "All readings agree on every test."
	if c.Disagreements > 0 {
		summary = "The readings disagree on " + model.Plural(c.Disagreements, "test", "tests") + " of " + strconv.Itoa(len(c.Rows)) + "."
	}
	legend := make([]app.UI, len(c.Dialects))
	for i, d := range c.Dialects {
		legend[i] = app.Li().Body(app.Strong().Text(d.Title()), app.Text(": "+d.Summary()+"."))
	}
	return sec.Body(head,
		app.Div().ID("compare-body").Body(
			app.P().ID("compare-summary").DataSet("disagreements", c.Disagreements).Text(summary),
			app.Div().Class("table-scroll").Body(
				app.Table().Class("compare-table").Body(
					app.THead().Body(app.Tr().Body(heads...)),
					app.TBody().Body(body...),
				),
			),
			app.If(!p.Drawing && len(shown) < len(c.Rows), func() app.UI {
				return app.P().Class("tools").Body(
					app.Span().Class("note").Text(strconv.Itoa(len(shown))+" of "+model.Plural(len(c.Rows), "test", "tests")+" shown, the disagreements first. "),
					app.Button().Type("button").ID("compare-more").OnClick(p.more).
						Text("Show "+strconv.Itoa(min(model.ComparePage, len(c.Rows)-len(shown)))+" more"),
				)
			}),
			app.Details().Body(
				app.Summary().Text("Who reads robots.txt which way"),
				app.Ul().Body(legend...),
			),
		),
	)
}

// row draws test i's verdicts, and below them, when the readings differ,
// the reasons.
func (p *ComparePanel) row(i int) []app.UI {
	r := &p.C.Rows[i]
	label := "Test " + strconv.Itoa(i+1)
	if i < len(p.Rows) {
		label += ": " + p.Rows[i].Token + " " + p.Rows[i].Encoded
	}
	cells := []app.UI{app.Th().Scope("row").Class("compare-test").Text(label)}
	for j := range r.Cells {
		cell := &r.Cells[j]
		td := app.Td().Body(
			app.Span().Class("verdict").
				DataSet("dialect", cell.Dialect.String()).
				DataSet("verdict", cell.Verdict()).
				Aria("label", cell.Dialect.Title()+": "+widget.VerdictWord(cell.Allowed)).
				Text(widget.VerdictText(cell.Allowed)),
			app.If(cell.Line > 0, func() app.UI {
				return app.Div().Body(widget.LineButton(cell.Line, p.reveal))
			}),
		)
		cells = append(cells, td)
	}
	tr := app.Tr().DataSet("compare-row", i).Body(cells...)
	if !r.Disagree() {
		return []app.UI{tr}
	}
	tr = tr.Class("disagree").DataSet("disagree", true)
	reasons := make([]app.UI, len(r.Reasons))
	for k, reason := range r.Reasons {
		reasons[k] = app.Li().Text(reason)
	}
	return []app.UI{tr, app.Tr().Class("reasons").Body(
		app.Td().ColSpan(len(r.Cells)+1).Body(
			app.Span().Class("note").Text("⚠ The readings disagree:"),
			app.Ul().Body(reasons...),
		),
	)}
}

func (p *ComparePanel) toggle(ctx app.Context, e app.Event) { p.To.Send(ctx, parts.ToggleReadings{}) }

func (p *ComparePanel) more(ctx app.Context, e app.Event) { p.To.Send(ctx, parts.MoreReadings{}) }

func (p *ComparePanel) reveal(ctx app.Context, e app.Event) { widget.SendLine(ctx, p.To) }

// readingsNote says how each reading reads a file, in the engine's words
// (model.ReadingNotes), where the comparison is closed.
func readingsNote() app.UI {
	notes := model.ReadingNotes()
	items := make([]app.UI, 0, len(notes)-1)
	google := notes[0]
	for _, n := range notes[1:] {
		items = append(items, app.Li().Title(n.Who).Body(app.Strong().Text(n.Title), app.Text(": "+n.How+".")))
	}
	return app.Div().Class("note").Body(
		app.P().Text("Not every crawler reads robots.txt like Googlebot, for whom "+google.How+". Open the comparison to see each test's verdict in every reading:"),
		app.Ul().Class("readings").Body(items...),
	)
}
