package ui

import (
	"strconv"
	"strings"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"robotstester/app/ui/model"
)

// RowItem is one test row: a crawler, a URL and the verdict. Its element
// carries data-row, its fields are input[name=agent] and input[name=url],
// and its verdict element data-verdict="allowed" or "blocked": stable hooks.
type RowItem struct {
	app.Compo

	Index    int
	View     model.RowView
	Selected bool
	ReadOnly bool // embed mode's readonly=1: shown, not editable

	onAgent  func(ctx app.Context, i int, agent string)
	onURL    func(ctx app.Context, i int, url string)
	onPaste  func(ctx app.Context, i int, text string)
	onSelect func(ctx app.Context, i int)
	onRemove func(ctx app.Context, i int)
	onReveal func(ctx app.Context, line int)
}

// Render returns the component's markup.
func (r *RowItem) Render() app.UI {
	v := &r.View
	n := strconv.Itoa(r.Index + 1)
	agentID, urlID := "agent-"+n, "url-"+n
	row := app.Div().Class("row").DataSet("row", r.Index).Role("group").Aria("label", "Test "+n)
	if r.Selected {
		row = row.DataSet("selected", "true")
	}

	var agentNote app.UI = app.Span().Class("note").Text(vendorNote(v))
	if v.Extracted {
		agentNote = app.Span().Class("note").Body(
			app.Text("token "), app.Code().Text(v.Token), app.Text(" "+vendorNote(v)))
	}
	var urlNote app.UI = app.Span().Class("note").Text("")
	if v.Encoded != strings.TrimSpace(v.URL) {
		urlNote = app.Span().Class("note").Body(app.Text("tested as "), app.Code().Text(v.Encoded))
	}

	var line app.UI
	if v.Line > 0 {
		line = app.Button().Class("linkish").Type("button").
			Aria("label", "Show line "+strconv.Itoa(v.Line)+" in the file").
			OnClick(r.reveal).
			Text("line " + strconv.Itoa(v.Line))
	} else {
		line = app.Span().Class("note").Text("no rule")
	}

	return row.Body(
		app.Div().Class("field agent").Body(
			app.Label().For(agentID).Text("Crawler"),
			app.Input().ID(agentID).Name("agent").Type("text").
				Value(v.Agent).
				Attr("list", "crawler-list").
				Attr("autocomplete", "off").
				Spellcheck(false).
				Placeholder("Googlebot, or a user-agent string").
				ReadOnly(r.ReadOnly).
				OnInput(r.agentInput).
				OnFocus(r.focus),
			app.If(!r.ReadOnly, func() app.UI {
				return &CrawlerPicker{Index: r.Index, Token: v.Token, onPick: r.onAgent}
			}),
			agentNote,
		),
		app.Div().Class("field url").Body(
			app.Label().For(urlID).Text("URL"),
			app.Input().ID(urlID).Name("url").Type("text").
				Value(v.URL).
				Attr("autocomplete", "off").
				Attr("inputmode", "url").
				Spellcheck(false).
				Placeholder("/path or https://example.com/path").
				ReadOnly(r.ReadOnly).
				OnInput(r.urlInput).
				OnPaste(r.paste).
				OnFocus(r.focus),
			urlNote,
		),
		app.Div().Class("outcome").Body(
			app.Span().Class("verdict").DataSet("verdict", v.Verdict()).
				Aria("live", "polite").
				Text(verdictText(v.Allowed)),
			line,
		),
		app.Div().Class("actions").Body(
			app.Button().Class("why").Type("button").
				Aria("pressed", strconv.FormatBool(r.Selected)).
				Aria("label", "Explain test "+n).
				OnClick(r.selectRow).
				Text("Why?"),
			app.If(!r.ReadOnly, func() app.UI {
				return app.Button().Class("remove").Type("button").
					Aria("label", "Remove test "+n).
					Title("Remove this test").
					OnClick(r.remove).
					Text("✕")
			}),
		),
	)
}

// verdictText is the verdict in words with its sign, so that it does not
// rest on colour alone.
func verdictText(allowed bool) string {
	if allowed {
		return "✓ Allowed"
	}
	return "✕ Blocked"
}

func vendorNote(v *model.RowView) string {
	switch {
	case v.Known:
		return v.Vendor
	case v.Token == "*":
		return "any crawler"
	}
	return "not in the catalogue: read as Googlebot does"
}

func (r *RowItem) agentInput(ctx app.Context, e app.Event) {
	call3(r.onAgent, ctx, r.Index, ctx.JSSrc().Get("value").String())
}

func (r *RowItem) urlInput(ctx app.Context, e app.Event) {
	call3(r.onURL, ctx, r.Index, ctx.JSSrc().Get("value").String())
}

// paste turns a pasted list of URLs into rows. A text field would drop the
// line breaks, so a multi-line paste is taken over before it lands.
func (r *RowItem) paste(ctx app.Context, e app.Event) {
	data := e.Get("clipboardData")
	if !data.Truthy() {
		return
	}
	text := data.Call("getData", "text").String()
	if !strings.ContainsAny(strings.TrimSpace(text), "\r\n") {
		return
	}
	e.PreventDefault()
	call3(r.onPaste, ctx, r.Index, text)
}

func (r *RowItem) focus(ctx app.Context, e app.Event) {
	if !r.Selected && r.onSelect != nil {
		r.onSelect(ctx, r.Index)
	}
}

func (r *RowItem) selectRow(ctx app.Context, e app.Event) {
	if r.onSelect != nil {
		r.onSelect(ctx, r.Index)
	}
}

func (r *RowItem) remove(ctx app.Context, e app.Event) {
	if r.onRemove != nil {
		r.onRemove(ctx, r.Index)
	}
}

func (r *RowItem) reveal(ctx app.Context, e app.Event) {
	if r.onSelect != nil && !r.Selected {
		r.onSelect(ctx, r.Index)
	}
	if r.onReveal != nil {
		r.onReveal(ctx, r.View.Line)
	}
}

func call3(f func(app.Context, int, string), ctx app.Context, i int, s string) {
	if f != nil {
		f(ctx, i, s)
	}
}
