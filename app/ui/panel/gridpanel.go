package panel

import (
	"slices"
	"strconv"
	"strings"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"robotstester/app/internal/session"
	"robotstester/app/model"
	"robotstester/app/ui/widget"
)

// GridPanel makes many tests at once: every crawler chosen (ready-made
// sets, and more typed in) on every URL of a list, added to the tests or
// in their place. It says how many tests that makes and whether they fit.
//
// Hooks: #grid; the sets' checkboxes input[name=grid-set][value=ID] (a
// set's featured crawlers) and [value=ID-more] (its others); the
// fields #grid-more and #grid-urls; #grid-plan[data-tests][data-fit], the
// tests the grid makes and how many of them adding keeps; the buttons
// #grid-add and #grid-replace.
type GridPanel struct {
	app.Compo

	// Room is how many tests can still be added (State.Room()); replacing
	// the tests has room for model.MaxRows.
	Room int

	// To is sent the tests of the crawlers × the URLs, to add or to
	// replace the tests with (session.Grid).
	To widget.Sender

	// What the user chose. The text fields are the user's once drawn:
	// their values are read as typed and never written back.
	checked []string // IDs of the sets checked
	more    string   // more crawlers, comma- or line-separated
	urls    string   // the URLs, one per line
}

// Render returns the component's markup.
func (p *GridPanel) Render() app.UI {
	crawlers, urls := p.choice()
	add := model.PlanGrid(crawlers, urls, p.Room)
	replace := model.PlanGrid(crawlers, urls, model.MaxRows)

	sets := model.CrawlerSets()
	var boxes []app.UI
	box := func(value, text string, tokens []string) app.UI {
		id := "grid-set-" + value
		return app.Label().For(id).Title("%s", strings.Join(tokens, ", ")).Body(
			app.Input().Type("checkbox").ID(id).Name("grid-set").Value(value).
				Checked(slices.Contains(p.checked, value)).
				OnChange(p.check),
			app.Text(text),
		)
	}
	for _, s := range sets {
		boxes = append(boxes, box(s.ID, s.Title+" ("+strconv.Itoa(len(s.Tokens))+")", s.Tokens))
		if len(s.More) > 0 {
			// The long tail apart: dozens of crawlers a URL only when asked.
			boxes = append(boxes, box(model.MoreID(s.ID), "and "+strconv.Itoa(len(s.More))+" more", s.More))
		}
	}

	plan := add.String()
	if add.Fit < add.Tests && replace.Fit > add.Fit {
		plan += " Replacing the tests makes " + model.Plural(replace.Fit, "test", "tests") + "."
	}
	return app.Section().ID("grid").Class("panel grid-panel").Aria("labelledby", "grid-title").Body(
		app.H2().ID("grid-title").Text("Many tests at once"),
		app.P().Class("note").Text("Every crawler chosen on every URL: one test each, URL by URL."),
		app.FieldSet().Body(
			app.Legend().Text("Crawlers"),
			app.Div().Class("grid-sets").Body(boxes...),
			app.Div().Class("field").Body(
				app.Label().For("grid-more").Text("More crawlers, separated by commas (or one user-agent string per line)"),
				app.Input().ID("grid-more").Type("text").Name("grid-more").
					Attr("autocomplete", "off").
					Spellcheck(false).
					Placeholder("Googlebot, GPTBot, MyBot").
					OnInput(p.moreInput),
			),
		),
		app.Div().Class("field").Body(
			app.Label().For("grid-urls").Text("URLs, one per line"),
			app.Textarea().ID("grid-urls").Name("grid-urls").
				Spellcheck(false).
				Attr("autocomplete", "off").
				Placeholder("https://example.com/\n/private/report.pdf\n/search?q=x").
				OnInput(p.urlsInput),
		),
		app.P().ID("grid-plan").Class("grid-plan").Aria("live", "polite").
			DataSet("tests", add.Tests).
			DataSet("fit", add.Fit).
			DataSet("fits", add.Fit == add.Tests).
			Text(plan),
		app.Div().Class("tools").Body(
			app.Button().Type("button").ID("grid-add").
				Disabled(add.Fit == 0).
				OnClick(p.add).
				Text("Add "+model.Plural(add.Fit, "test", "tests")),
			app.Button().Type("button").ID("grid-replace").
				Disabled(replace.Fit == 0).
				OnClick(p.replace).
				Text("Replace all tests with "+strconv.Itoa(replace.Fit)),
		),
	)
}

// choice returns the crawlers and URLs chosen.
func (p *GridPanel) choice() (crawlers, urls []string) {
	return model.SetTokens(p.checked, p.more), model.SplitLines(p.urls)
}

// plan returns the plan of the tests chosen, added.
func (p *GridPanel) plan() model.GridPlan {
	crawlers, urls := p.choice()
	return model.PlanGrid(crawlers, urls, p.Room)
}

func (p *GridPanel) check(ctx app.Context, e app.Event) {
	id := ctx.JSSrc().Get("value").String()
	p.checked = slices.DeleteFunc(p.checked, func(s string) bool { return s == id })
	if ctx.JSSrc().Get("checked").Bool() {
		p.checked = append(p.checked, id)
	}
}

func (p *GridPanel) moreInput(ctx app.Context, e app.Event) {
	p.typed(ctx, func() { p.more = ctx.JSSrc().Get("value").String() })
}

func (p *GridPanel) urlsInput(ctx app.Context, e app.Event) {
	p.typed(ctx, func() { p.urls = ctx.JSSrc().Get("value").String() })
}

// typed takes in what was typed; the page is drawn again only when the
// counts change, not on every key of a URL.
func (p *GridPanel) typed(ctx app.Context, take func()) {
	before := p.plan()
	take()
	if p.plan() == before {
		ctx.PreventUpdate()
	}
}

func (p *GridPanel) add(ctx app.Context, e app.Event) { p.make(ctx, false) }

func (p *GridPanel) replace(ctx app.Context, e app.Event) { p.make(ctx, true) }

func (p *GridPanel) make(ctx app.Context, replace bool) {
	crawlers, urls := p.choice()
	if p.To != nil && len(crawlers) > 0 && len(urls) > 0 {
		p.To.Send(ctx, session.Grid{Crawlers: crawlers, URLs: urls, Replace: replace})
	}
}
