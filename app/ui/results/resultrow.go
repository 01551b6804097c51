package results

import (
	"strconv"
	"strings"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"robotstester/app/model"
	"robotstester/app/ui/dom"
	"robotstester/app/ui/widget"
)

// ResultRow is one test on one line of the results table: its number, its
// crawler and URL (editable), its verdict, its deciding line and rule, a
// Why control and a remove button. ResultsTable draws one per line in
// view; a row whose props did not change is not drawn again.
//
// Hooks: the row carries data-row="i" (i: the test's index in the state's
// rows, not its place on screen) and data-selected="true" when selected;
// its fields are input[name=agent] and input[name=url], followed by
// .note code with the token found in a user-agent string and the URL as
// tested when it differs from the URL typed; its verdict
// .verdict[data-verdict]; its deciding line button[data-line="N"]; its Why
// control button.why[data-why="i"]; its pin control button.pin
// [data-pin="i"]; its remove control button.remove. A test that holds an
// expected verdict carries data-expect="allowed" or "blocked", and
// data-expect-broken="true" when its verdict breaks it.
type ResultRow struct {
	app.Compo

	Row      model.TableRow // the test drawn
	Pos      int            // the line's position in the table, for aria-rowindex
	Selected bool           // the test is the one the test bar and the Why show
	ReadOnly bool           // embed mode's readonly=1: fields read-only, no remove

	held heldFields // the fields show the test's text, except while one has the focus

	// Table takes what the user does in the row: the table it is drawn
	// in, which knows what each control means for the work and where the
	// focus goes next.
	Table rowTable
}

// rowTable is what a row tells the table it is drawn in (ResultsTable),
// each told the test's index: a key typed in its fields, a list of URLs
// pasted, the focus coming in, its Why, remove and pin controls, its
// deciding line's button, and a key that may move the focus (which
// reports whether the table took it).
type rowTable interface {
	sender() widget.Sender
	focusRow(ctx app.Context, i int)
	why(ctx app.Context, i int)
	remove(ctx app.Context, i int)
	pin(ctx app.Context, i int)
	revealLine(ctx app.Context, i, line int)
	key(ctx app.Context, i int, field, key string) bool
}

// OnUpdate runs when the table gives the row new props: once they are
// drawn, its fields show them (heldFields.sync).
func (r *ResultRow) OnUpdate(ctx app.Context) {
	if !r.held.typedIn {
		return // nothing typed: the fields show what go-app drew (a keystroke's path)
	}
	ctx.Defer(func(app.Context) {
		n := r.Row.Index + 1
		r.held.sync(dom.Element(dom.FieldID("agent", n)), dom.Element(dom.FieldID("url", n)))
	})
}

// Render returns the component's markup.
func (r *ResultRow) Render() app.UI {
	v := &r.Row
	i := v.Index
	n := strconv.Itoa(i + 1)
	agent, url := r.held.values(i, v.Agent, v.URL)

	row := app.Div().Class("result").Role("row").
		DataSet(dom.RowAttr, i).
		Aria("rowindex", r.Pos+2) // the column headers are row 1
	if r.Selected {
		row = row.DataSet("selected", "true")
	}
	broken := v.ExpectBroken()
	if v.Expect != "" {
		row = row.DataSet("expect", v.Expect)
	}
	if broken {
		row = row.DataSet("expect-broken", "true").Class("broken")
	}

	num := app.Span().Class("num").Role("cell").Text(n)
	if v.Disagree {
		num = app.Span().Class("num").Role("cell").Title("The readings disagree on this test").
			Body(app.Text(n), app.Span().Class("disagree").Aria("label", ", readings disagree").Text(" ⚠"))
	}

	agentTitle := vendorNote(&v.RowView)
	if v.Extracted {
		agentTitle = "token " + v.Token + ": " + agentTitle
	}
	urlTitle := ""
	if v.Encoded != strings.TrimSpace(v.URL) {
		urlTitle = "tested as " + v.Encoded
	}

	var rule app.UI
	if v.Answer != "" {
		rule = app.Span().Class("rule").Role("cell").Body(
			app.Span().Class("note answer").Title("%s", v.Answer).Text(v.Permission))
	} else if v.Line > 0 {
		rule = app.Span().Class("rule").Role("cell").Body(
			widget.LineButton(v.Line, r.reveal),
			app.Code().Title("%s", v.Rule).Text(v.Rule),
		)
	} else {
		rule = app.Span().Class("rule").Role("cell").Body(app.Span().Class("note").Text("no rule"))
	}

	return row.Body(
		num,
		app.Span().Class("agent").Role("cell").Body(
			app.Input().ID(dom.FieldID("agent", i+1)).Name("agent").Type("text").
				Value(agent).
				Attr("list", "crawler-list").
				Attr("autocomplete", "off").
				Spellcheck(false).
				Placeholder("Googlebot, or a user-agent string").
				Aria("label", "Crawler of test "+n).
				Title("%s", agentTitle).
				ReadOnly(r.ReadOnly).
				OnInput(r.agentInput).
				OnKeyDown(r.agentKey).
				OnFocus(r.agentFocus).
				OnBlur(r.blur),
			app.If(v.Extracted, func() app.UI {
				return app.Span().Class("note token").Title("The token found in the user-agent string").
					Body(app.Code().Text(v.Token))
			}),
		),
		app.Span().Class("url").Role("cell").Body(
			// data-paste: the field takes a list of lines (paste), also in
			// the page made at build time (early.js).
			app.Input().ID(dom.FieldID("url", i+1)).Name("url").Type("text").
				DataSet("paste", "lines").
				Value(url).
				Attr("autocomplete", "off").
				Attr("inputmode", "url").
				Spellcheck(false).
				Placeholder("/path or https://example.com/path").
				Aria("label", "URL of test "+n).
				Title("%s", urlTitle).
				ReadOnly(r.ReadOnly).
				OnInput(r.urlInput).
				OnKeyDown(r.urlKey).
				OnPaste(r.paste).
				OnFocus(r.urlFocus).
				OnBlur(r.blur),
			// The URL whole, on two lines over the field in a narrow table
			// (results.css), where the field shows a phone a third of it;
			// the field, focused, takes its place.
			app.Span().Class("url-whole").Aria("hidden", "true").Text(url),
			app.If(urlTitle != "", func() app.UI {
				return app.Span().Class("note encoded").Title("%s", urlTitle).Body(app.Code().Text(v.Encoded))
			}),
		),
		app.Span().Class("outcome").Role("cell").Body(
			app.Span().Class(dom.VerdictClass).DataSet("verdict", v.Verdict()).Text(widget.VerdictText(v.Allowed)),
			app.If(broken, func() app.UI {
				return app.Span().Class("expect-broken").Title("Expected "+v.Expect).
					Aria("label", ", expected "+v.Expect).Text("≠")
			}),
		),
		rule,
		app.Span().Class("actions").Role("cell").Body(
			app.Button().Class("why").Type("button").
				DataSet("why", i).
				Aria("pressed", strconv.FormatBool(r.Selected)).
				Aria("label", "Why? Test "+n). // the visible label first, for voice control
				OnClick(r.why).
				Text("Why?"),
			app.If(!r.ReadOnly, func() app.UI {
				pin := model.ExpectText(&v.RowView)
				return app.Button().Class("pin").Type("button").
					DataSet("pin", i).
					Aria("pressed", strconv.FormatBool(v.Expect != "")).
					Aria("label", pin+", test "+n).
					Title("%s", pin).
					OnClick(r.pin).
					Text(pinText(v.Expect))
			}),
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

func (r *ResultRow) agentInput(ctx app.Context, e app.Event) {
	r.held.typed(ctx, "agent", r.Row.Index, r.Table.sender())
}

func (r *ResultRow) urlInput(ctx app.Context, e app.Event) {
	r.held.typed(ctx, "url", r.Row.Index, r.Table.sender())
}

// paste turns a pasted list of URLs into tests. A text field would drop
// the line breaks, so a multi-line paste is taken over before it lands;
// the field then shows the first URL, written by the redraw.
func (r *ResultRow) paste(ctx app.Context, e app.Event) {
	r.held.pasted(ctx, e, r.ReadOnly, r.Row.Index, r.Table.sender())
}

// multiLinePaste returns the text of a paste into a URL field when it holds
// several lines, which the field would join, and keeps it from landing; a
// paste of one line is the browser's, whose input event follows.
func multiLinePaste(ctx app.Context, e app.Event, readOnly bool) (string, bool) {
	data := e.Get("clipboardData")
	if readOnly || !data.Truthy() {
		ctx.PreventUpdate()
		return "", false
	}
	text := data.Call("getData", "text").String()
	if !strings.ContainsAny(strings.TrimSpace(text), "\r\n") {
		ctx.PreventUpdate()
		return "", false
	}
	e.PreventDefault()
	return text, true
}

func (r *ResultRow) agentFocus(ctx app.Context, e app.Event) { r.focus(ctx, "agent") }

func (r *ResultRow) urlFocus(ctx app.Context, e app.Event) { r.focus(ctx, "url") }

func (r *ResultRow) focus(ctx app.Context, field string) {
	r.held.focused = field
	if r.Selected {
		ctx.PreventUpdate() // nothing to draw
		return
	}
	r.Table.focusRow(ctx, r.Row.Index)
}

func (r *ResultRow) blur(ctx app.Context, e app.Event) {
	r.held.focused = ""
	if r.held.shows(r.Row.Agent, r.Row.URL) {
		ctx.PreventUpdate() // the fields already show the test's text
	}
}

func (r *ResultRow) agentKey(ctx app.Context, e app.Event) { r.key(ctx, e, "agent") }

func (r *ResultRow) urlKey(ctx app.Context, e app.Event) { r.key(ctx, e, "url") }

// key hands ArrowUp, ArrowDown and Enter to the table, which moves the
// focus or adds a test; other keys are the field's.
func (r *ResultRow) key(ctx app.Context, e app.Event, field string) {
	key := e.Get("key").String()
	switch {
	case key != "ArrowUp" && key != "ArrowDown" && key != "Enter",
		// The crawler field's arrows are its list of suggestions'.
		field == "agent" && key != "Enter",
		e.Get("isComposing").Bool(),
		e.Get("altKey").Bool(), e.Get("ctrlKey").Bool(), e.Get("metaKey").Bool(), e.Get("shiftKey").Bool():
		ctx.PreventUpdate()
		return
	}
	if r.Table.key(ctx, r.Row.Index, field, key) {
		e.PreventDefault()
		return
	}
	ctx.PreventUpdate()
}

func (r *ResultRow) why(ctx app.Context, e app.Event) { r.Table.why(ctx, r.Row.Index) }

func (r *ResultRow) remove(ctx app.Context, e app.Event) { r.Table.remove(ctx, r.Row.Index) }

func (r *ResultRow) pin(ctx app.Context, e app.Event) { r.Table.pin(ctx, r.Row.Index) }

// pinText is the pin control's face: the verdict expected, or "Pin" to
// set one. Text, not an emoji, which some systems cannot draw.
func pinText(expect string) string {
	switch expect {
	case model.ExpectAllowed:
		return "✓ pinned"
	case model.ExpectBlocked:
		return "✕ pinned"
	}
	return "Pin"
}

func (r *ResultRow) reveal(ctx app.Context, e app.Event) {
	r.Table.revealLine(ctx, r.Row.Index, r.Row.Line)
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
