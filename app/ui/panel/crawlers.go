package panel

import (
	"strings"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"robotstester/app/model"
	"robotstester/app/ui/widget"
)

// CrawlersID is the id of the reference's part under More (Crawlers: the
// catalogue).
const CrawlersID = "more-crawlers"

// Crawlers is the reference of the engine's catalogue of crawlers: a
// search over their tokens, names, operators and purposes, filters by
// role and operator, and each crawler found with its facts and their
// sources. Its texts are drawn as text; its links are plain https
// addresses, opened apart.
//
// Hooks: #crawler-reference (the panel), input#crawler-search,
// select#crawler-role, select#crawler-operator, #crawler-found (with
// data-found and data-total), li[data-crawler=TOKEN] for each crawler
// shown (data-role, its role's name), button#crawler-all while some found
// are not shown.
type Crawlers struct {
	app.Compo

	View model.CatalogueView
	// To is sent each change of the reference's query
	// (widget.SetCatalogueQuery).
	To widget.Sender

	// search is what the search field was first drawn with: go-app
	// writes a field's value only when the value drawn changes, and the
	// field keeps what is typed.
	search    string
	searchSet bool
}

// Render returns the component's markup.
func (p *Crawlers) Render() app.UI {
	v := &p.View
	if !p.searchSet {
		p.search, p.searchSet = v.Query.Text, true
	}
	entries := make([]app.UI, len(v.Shown))
	for i := range v.Shown {
		entries[i] = crawlerEntry(&v.Shown[i])
	}
	return app.Section().ID("crawler-reference").Class("panel crawlers").Aria("labelledby", "crawlers-title").Body(
		app.H2().ID("crawlers-title").Text("Crawlers: the catalogue"),
		app.P().Class("note").Text("Every crawler the tester knows, with what its operator says of it and where. A crawler's group in your robots.txt is matched by its tokens."),
		app.Div().Class("tools").Role("search").Body(
			app.Span().Class("control").Body(
				app.Label().For("crawler-search").Text("Find"),
				app.Input().ID("crawler-search").Type("search").Name("crawler-search").Value(p.search).
					Placeholder("token, operator, purpose").Attr("autocomplete", "off").Spellcheck(false).
					OnInput(p.searchInput),
			),
			app.Span().Class("control").Body(
				app.Label().For("crawler-role").Text("Role"),
				widget.ChoiceSelect("crawler-role", v.Roles, v.Query.Role, p.role),
			),
			app.Span().Class("control").Body(
				app.Label().For("crawler-operator").Text("Operator"),
				widget.ChoiceSelect("crawler-operator", v.Operators, v.Query.Operator, p.operator),
			),
		),
		app.P().ID("crawler-found").Role("status").DataSet("found", v.Found).DataSet("total", v.Total).Text(v.Said()),
		app.Ul().Class("crawler-list").Body(entries...),
		app.If(len(v.Shown) < v.Found, func() app.UI {
			return app.Button().Type("button").ID("crawler-all").OnClick(p.all).Text("Show all " + model.Grouped(v.Found))
		}),
	)
}

// crawlerEntry draws one crawler's facts.
func crawlerEntry(f *model.CrawlerFacts) app.UI {
	facts := []app.UI{
		app.Dt().Text("Operator"), app.Dd().Text(f.Operator),
		app.Dt().Text("Role"), app.Dd().Text(f.Role),
	}
	add := func(name string, body ...app.UI) { facts = append(facts, app.Dt().Text(name), app.Dd().Body(body...)) }
	if f.Purpose != "" {
		add("Purpose", app.Text(f.Purpose))
	}
	if len(f.Aliases) > 0 {
		add("Also named", app.Code().Text(strings.Join(f.Aliases, ", ")))
	}
	if len(f.UAs) > 0 {
		add("In user-agent strings", app.Code().Text(strings.Join(f.UAs, ", ")))
	}
	if f.Fetches {
		add("Fetches", app.Text("yes"))
	} else {
		add("Fetches", app.Text("no: a control token, which only lets a site opt out of a use of its content"))
	}
	robots := []app.UI{app.Text(f.Robots)}
	if f.RobotsSource != "" {
		robots = append(robots, app.Text(" ("), source(f.RobotsSource), app.Text(")"))
	}
	add("robots.txt", robots...)
	if f.Docs != "" {
		add("Documentation", source(f.Docs))
	}
	if len(f.Ranges) > 0 {
		add("Address lists", list(f.Ranges)...)
	}
	if len(f.RDNS) > 0 {
		add("Reverse DNS", app.Code().Text(strings.Join(f.RDNS, ", ")))
	}
	if len(f.Sources) > 0 {
		add("Sources", list(f.Sources)...)
	}
	if f.Note != "" {
		add("Note", app.Text(f.Note))
	}
	title := []app.UI{app.Code().Text(f.Token)}
	if f.Featured {
		title = append(title, app.Span().Class("note").Text(" shown first in the tester"))
	}
	return app.Li().Class("crawler").DataSet("crawler", f.Token).DataSet("role", f.RoleName).Body(
		app.H3().Body(title...),
		app.Dl().Class("facts").Body(facts...),
	)
}

// source draws a source: a link when it is an https address, which opens
// apart, else its name as text.
func source(s string) app.UI {
	if !model.HTTPS(s) {
		return app.Text(s)
	}
	return app.A().Href(s).Rel("noopener").Target("_blank").Text(s)
}

// list draws sources one after another, separated by commas.
func list(ss []string) []app.UI {
	out := make([]app.UI, 0, 2*len(ss))
	for i, s := range ss {
		if i > 0 {
			out = append(out, app.Text(", "))
		}
		out = append(out, source(s))
	}
	return out
}

func (p *Crawlers) searchInput(ctx app.Context, e app.Event) {
	p.To.Send(ctx, widget.SetCatalogueQuery{Field: "text", Value: ctx.JSSrc().Get("value").String()})
}

func (p *Crawlers) role(ctx app.Context, e app.Event) {
	p.To.Send(ctx, widget.SetCatalogueQuery{Field: "role", Value: ctx.JSSrc().Get("value").String()})
}

func (p *Crawlers) operator(ctx app.Context, e app.Event) {
	p.To.Send(ctx, widget.SetCatalogueQuery{Field: "operator", Value: ctx.JSSrc().Get("value").String()})
}

func (p *Crawlers) all(ctx app.Context, e app.Event) {
	p.To.Send(ctx, widget.SetCatalogueQuery{Field: "all"})
}
