package panel

import (
	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"robotstester/app/internal/parts"
	"robotstester/app/model"
	"robotstester/app/ui/dom"
	"robotstester/app/ui/widget"
)

// FetchURLID is the id of the live box's address field.
const FetchURLID = "live-url"

// FetchPanel is the live box: a page's URL (or a bare domain) typed there
// has the site's robots.txt fetched into the editor and the URL put into
// the selected test, whose verdict then shows. The fetch goes through the
// site's fetch relay when there is one (docs/relay.md), else through the
// browser's own fetch, which works only when the site allows other pages
// to read it; when the browser refuses, it shows the command line that
// fetches the file, and how to paste it.
//
// Hooks: input#live-url, button#live-fetch, #fetch-status[data-fetch]
// ("busy", "ok", "refused", "bad") and, when refused, #fetch-command
// holding the command lines.
type FetchPanel struct {
	app.Compo

	View     model.FetchView // the last fetch: its address, status and answer
	Disabled bool            // a fetch is under way, or the page is read-only

	// To is sent the fetch of the robots.txt of the address or site
	// typed (parts.FetchRobots).
	To widget.Sender
}

// Render returns the component's markup.
func (p *FetchPanel) Render() app.UI {
	v := &p.View
	cmds := make([]app.UI, len(v.Commands))
	for i, c := range v.Commands {
		cmds[i] = app.Div().Body(app.Code().Text(c))
	}
	return app.Div().ID("live").Class("fetch").Body(
		// No <form>: go-app's element types each weigh in app.wasm, and
		// Enter in the field does the same as the button.
		app.Div().Class("tools live-box").Role("group").Body(
			app.Label().For(FetchURLID).Text("Test a live page"),
			app.Input().ID(FetchURLID).Name(FetchURLID).Type("text").
				Attr("inputmode", "url").Attr("autocomplete", "url").Spellcheck(false).
				Placeholder("example.com/shop/cart?id=1").OnKeyDown(p.key),
			app.Button().Type("button").ID("live-fetch").Disabled(p.Disabled || v.Kind == "busy").OnClick(p.submit).
				Title("Fetch the site's robots.txt into the editor and test this URL").Text("Fetch and test"),
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
	p.To.Send(ctx, parts.FetchRobots{Input: dom.Element(FetchURLID).Get("value").String()})
}
