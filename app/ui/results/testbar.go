package results

import (
	"strconv"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"robotstester/app/internal/session"
	"robotstester/app/model"
	"robotstester/app/ui/dom"
	"robotstester/app/ui/widget"
)

// TestBar is the selected test, first: its crawler and URL, which it edits,
// and its verdict, large, in words, sign and colour, with the sentence
// that decided it and a link to the deciding line in the editor.
//
// Hooks: #test-bar[data-test="i"] (i: the selected test's index); its fields
// input[name=agent] and input[name=url]; its verdict [data-verdict]
// ("allowed" or "blocked"), painted with the table's (paintVerdicts); the
// deciding line's button[data-line="N"].
type TestBar struct {
	app.Compo

	Why      model.Why // the selected test, explained
	Has      bool      // a test is selected
	Total    int       // tests in the work
	ReadOnly bool      // embed mode's readonly=1: the fields are read-only

	held heldFields // the fields show the test's text, except while one has the focus

	// To is sent what the user did: the session's edits (a key typed in
	// the test's fields, a list of URLs pasted, a test added), and the
	// deciding line's button (widget.ShowLine). Without it, the bar adds
	// no test.
	To widget.Sender
}

// OnUpdate runs when the page gives the bar new props: once they are
// drawn, its fields show them (heldFields.sync).
func (b *TestBar) OnUpdate(ctx app.Context) {
	if !b.held.typedIn {
		return
	}
	ctx.Defer(func(app.Context) { b.held.sync(dom.Element("bar-agent"), dom.Element("bar-url")) })
}

// Render returns the component's markup.
func (b *TestBar) Render() app.UI {
	bar := app.Section().ID(dom.TestBarID).Class("test-bar").Aria("label", "The selected test")
	if !b.Has {
		return bar.Body(
			app.P().Class("note").Text("No test yet: add one to see whether a crawler may fetch a URL."),
			app.If(!b.ReadOnly && b.To != nil, func() app.UI {
				return app.Button().Type("button").ID("bar-add").OnClick(b.add).Text("+ Add a test")
			}),
		)
	}
	w := &b.Why
	i := w.Row
	agent, url := b.held.values(i, w.Agent, w.URL)
	winner := w.Winner()
	inputNote := w.InputNote()
	return bar.DataSet(dom.TestAttr, i).Body(
		app.Div().Class("bar-head").Body(
			app.H2().Text("Test "+strconv.Itoa(i+1)),
			app.If(b.Total > 1, func() app.UI {
				return app.Span().Class("note").Text("of " + strconv.Itoa(b.Total) + ": choose another in the table below")
			}),
		),
		app.Div().Class("bar-fields").Body(
			app.Label().For("bar-agent").Text("Crawler"),
			app.Input().ID("bar-agent").Name("agent").Type("text").
				Value(agent).
				Attr("list", "crawler-list").
				Attr("autocomplete", "off").
				Spellcheck(false).
				Placeholder("Googlebot, or a user-agent string").
				ReadOnly(b.ReadOnly).
				OnInput(b.agentInput).
				OnFocus(b.agentFocus).
				OnBlur(b.blur),
			app.Label().For("bar-url").Text("URL"),
			app.Input().ID("bar-url").Name("url").Type("text").
				DataSet("paste", "lines"). // a list of lines: PasteURLs, early.js
				Value(url).
				Attr("autocomplete", "off").
				Attr("inputmode", "url").
				Spellcheck(false).
				Placeholder("/path or https://example.com/path").
				ReadOnly(b.ReadOnly).
				OnInput(b.urlInput).
				OnPaste(b.paste).
				OnFocus(b.urlFocus).
				OnBlur(b.blur),
		),
		app.If(inputNote != "", func() app.UI {
			return app.P().Class("note", "bar-input").Text(inputNote)
		}),
		app.Div().Class("bar-answer").Aria("live", "polite").Body(
			app.Span().Class(dom.VerdictClass, "big").DataSet("verdict", widget.VerdictWord(w.Allowed)).Text(widget.VerdictText(w.Allowed)),
			// One text: the page made at build time indents its markup,
			// which would put spaces between pieces.
			app.Span().Class("bar-for").Text("for "+w.Token+", read as "+w.Dialect),
		),
		app.P().Class("bar-decision").Body(
			app.If(w.Answer != "", func() app.UI { return app.Text(w.Answer + " ") }),
			app.Text(w.Decision),
			app.If(winner != nil, func() app.UI {
				return app.Span().Class("bar-rule").Body(
					widget.LineButton(winner.Line, b.reveal),
					app.Code().Text(winner.Rule),
				)
			}),
		),
	)
}

func (b *TestBar) agentInput(ctx app.Context, e app.Event) {
	b.held.typed(ctx, "agent", b.Why.Row, b.To)
}

func (b *TestBar) urlInput(ctx app.Context, e app.Event) {
	b.held.typed(ctx, "url", b.Why.Row, b.To)
}

// paste turns a pasted list of URLs into tests, as a table row's URL field
// does.
func (b *TestBar) paste(ctx app.Context, e app.Event) {
	b.held.pasted(ctx, e, b.ReadOnly, b.Why.Row, b.To)
}

func (b *TestBar) agentFocus(ctx app.Context, e app.Event) {
	b.held.focused = "agent"
	ctx.PreventUpdate()
}

func (b *TestBar) urlFocus(ctx app.Context, e app.Event) { b.held.focused = "url"; ctx.PreventUpdate() }

func (b *TestBar) blur(ctx app.Context, e app.Event) {
	b.held.focused = ""
	if b.held.shows(b.Why.Agent, b.Why.URL) {
		ctx.PreventUpdate()
	}
}

func (b *TestBar) reveal(ctx app.Context, e app.Event) { widget.SendLine(ctx, b.To) }

// edit hands e to the page.
func (b *TestBar) edit(ctx app.Context, e session.Edit) { send(ctx, b.To, e) }

// add adds a test after the last.
func (b *TestBar) add(ctx app.Context, e app.Event) {
	b.edit(ctx, session.AddRow{After: b.Total - 1})
}
