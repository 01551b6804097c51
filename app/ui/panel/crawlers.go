package panel

import (
	"strings"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"robotstester/app/model"
	"robotstester/app/sitemsg"
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
	entries := sitemsg.Node{Tag: "ul", Class: "crawler-list", Kids: make([]sitemsg.Node, len(v.Shown))}
	for i := range v.Shown {
		entries.Kids[i] = crawlerEntry(&v.Shown[i])
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
		widget.NodeHandlers{}.Node(&entries),
		app.If(len(v.Shown) < v.Found, func() app.UI {
			return app.Button().Type("button").ID("crawler-all").OnClick(p.all).Text("Show all " + model.Grouped(v.Found))
		}),
	)
}

// crawlerEntry returns one crawler's facts as nodes (sitemsg.Node), drawn
// as text: a list of hundreds drawn by node takes a fraction of the code
// go-app's element builders take, which app.wasm's size budget counts.
func crawlerEntry(f *model.CrawlerFacts) sitemsg.Node {
	var facts []sitemsg.Node
	add := func(name string, body ...sitemsg.Node) {
		facts = append(facts, sitemsg.Node{Tag: "dt", Text: name}, sitemsg.Node{Tag: "dd", Kids: body})
	}
	text := func(s string) sitemsg.Node { return sitemsg.Node{Text: s} }
	code := func(ss []string) sitemsg.Node { return sitemsg.Node{Tag: "code", Text: strings.Join(ss, ", ")} }
	add("Operator", text(f.Operator))
	add("Role", text(f.Role))
	if f.Purpose != "" {
		add("Purpose", text(f.Purpose))
	}
	if len(f.Aliases) > 0 {
		add("Also named", code(f.Aliases))
	}
	if len(f.UAs) > 0 {
		add("In user-agent strings", code(f.UAs))
	}
	if f.Fetches {
		add("Fetches", text("yes"))
	} else {
		add("Fetches", text("no: a control token, which only lets a site opt out of a use of its content"))
	}
	robots := []sitemsg.Node{text(f.Robots)}
	if f.RobotsSource != "" {
		robots = append(robots, text(" ("), source(f.RobotsSource), text(")"))
	}
	add("robots.txt", robots...)
	if f.Docs != "" {
		add("Documentation", source(f.Docs))
	}
	if len(f.Ranges) > 0 {
		add("Address lists", list(f.Ranges)...)
	}
	if len(f.RDNS) > 0 {
		add("Reverse DNS", code(f.RDNS))
	}
	if len(f.Sources) > 0 {
		add("Sources", list(f.Sources)...)
	}
	if f.Note != "" {
		add("Note", text(f.Note))
	}
	title := []sitemsg.Node{{Tag: "code", Text: f.Token}}
	if f.Featured {
		title = append(title, sitemsg.Node{Tag: "span", Class: "note", Text: " shown first in the tester"})
	}
	return sitemsg.Node{Tag: "li", Class: "crawler", Data: []string{"crawler", f.Token, "role", f.RoleName}, Kids: []sitemsg.Node{
		{Tag: "h3", Kids: title},
		{Tag: "dl", Class: "facts", Kids: facts},
	}}
}

// source returns a source: a link when it is an https address, which
// opens apart, else its name as text.
func source(s string) sitemsg.Node {
	if !model.HTTPS(s) {
		return sitemsg.Node{Text: s}
	}
	return sitemsg.Node{Tag: "a", Text: s, Attrs: []string{"href", s, "rel", "noopener", "target", "_blank"}}
}

// list returns sources one after another, separated by commas.
func list(ss []string) []sitemsg.Node {
	out := make([]sitemsg.Node, 0, 2*len(ss))
	for i, s := range ss {
		if i > 0 {
			out = append(out, sitemsg.Node{Text: ", "})
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
