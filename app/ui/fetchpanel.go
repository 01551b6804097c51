package ui

import (
	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"robotstester/app/ui/model"
)

// FetchURLID is the id of the fetch panel's address field.
const FetchURLID = "fetch-url"

// FetchPanel fetches a site's robots.txt into the editor with the
// browser's own fetch, which works only when the site allows other pages
// to read it; when the browser refuses, it shows the command line that
// fetches the file, and how to paste it.
//
// Hooks: input#fetch-url, button#fetch, #fetch-status[data-fetch] ("busy",
// "ok", "refused", "bad") and, when refused, #fetch-command holding the
// command lines.
type FetchPanel struct {
	app.Compo

	View     model.FetchView
	Disabled bool

	onFetch func(ctx app.Context, input string)
}

// Render returns the component's markup.
func (p *FetchPanel) Render() app.UI {
	v := &p.View
	cmds := make([]app.UI, len(v.Commands))
	for i, c := range v.Commands {
		cmds[i] = app.Div().Body(app.Code().Text(c))
	}
	return app.Div().Class("fetch").Body(
		// No <form>: go-app's element types each weigh in app.wasm, and
		// Enter in the field does the same as the button.
		app.Div().Class("tools").Role("group").Body(
			app.Label().For(FetchURLID).Text("Fetch from a site"),
			app.Input().ID(FetchURLID).Name(FetchURLID).Type("text").
				Attr("inputmode", "url").Attr("autocomplete", "url").Spellcheck(false).
				Placeholder("example.com").OnKeyDown(p.key),
			app.Button().Type("button").ID("fetch").Disabled(p.Disabled || v.Kind == "busy").OnClick(p.submit).Text("Fetch robots.txt"),
		),
		app.If(v.Kind != "", func() app.UI {
			class, role := "notice", "status"
			if v.Kind == "refused" || v.Kind == "bad" {
				class, role = "notice alert", "alert"
			}
			return app.Div().ID("fetch-status").Class(class).Role(role).DataSet("fetch", v.Kind).Body(
				app.P().Text(v.Text),
				app.If(len(cmds) > 0, func() app.UI {
					return app.Div().ID("fetch-command").Class("command").Body(cmds...)
				}),
			)
		}),
	)
}

// key fetches on Enter in the field.
func (p *FetchPanel) key(ctx app.Context, e app.Event) {
	if e.Get("key").String() != "Enter" || e.Get("isComposing").Bool() {
		ctx.PreventUpdate()
		return
	}
	e.PreventDefault()
	p.submit(ctx, e)
}

// submit is the button or Enter in the field: the field is read here,
// never written by a redraw (go-app #1083).
func (p *FetchPanel) submit(ctx app.Context, e app.Event) {
	if p.Disabled || p.View.Kind == "busy" {
		return
	}
	if p.onFetch != nil {
		p.onFetch(ctx, element(FetchURLID).Get("value").String())
	}
}
