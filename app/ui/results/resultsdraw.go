package results

import (
	"math"
	"strconv"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"robotstester/app/model"
	"robotstester/app/ui/dom"
	"robotstester/app/ui/widget"
)

// Render draws the table: its controls, its counts and the window of
// lines near view.
func (p *ResultsTable) Render() app.UI {
	t := p.table()
	q := t.Query
	if !p.searchSet {
		p.search, p.searchSet = q.Search, true
	}
	w, cut := p.drawn()

	lines := make([]app.UI, len(w.Lines))
	for k, l := range w.Lines {
		pos := w.First + k
		if l.Header() {
			g := &t.Groups[l.Group]
			lines[k] = app.Div().Class("result-group").Role("row").Aria("rowindex", pos+2).Body(
				app.Span().Role("rowheader").Aria("colspan", 6).Text(g.Label()),
			)
			continue
		}
		lines[k] = &ResultRow{
			Row:      t.Row(l.Row),
			Pos:      pos,
			Selected: l.Row == p.Selected,
			ReadOnly: p.ReadOnly,
			Table:    p,
		}
	}

	root := app.Div().ID(ResultsID).Class("results").
		DataSet("allowed", t.Allowed).
		DataSet("blocked", t.Blocked).
		DataSet("shown", len(t.Shown)).
		DataSet("total", t.Len()).
		DataSet("pinned", t.Pinned).
		DataSet("broken", t.Broken)
	if t.Held {
		root = root.DataSet("held", "true")
	}
	if cut {
		root = root.DataSet(dom.CappedAttr, "true")
	}
	return root.Body(
		p.controls(t, q),
		app.P().ID("results-counts").Class("note").Aria("live", "polite").Text(countsText(t)),
		app.Div().ID(ResultsBoxID).Class("results-scroll").TabIndex(-1).OnScroll(p.scroll).Body(
			app.Div().Class("results-table").Role("table").
				Aria("label", "Tests").
				Aria("rowcount", len(t.Lines)+1).
				Body(
					app.Div().Class("results-head").Role("rowgroup").Body(
						app.Div().Class("result").Role("row").Aria("rowindex", 1).Body(
							app.Span().Class("num").Role("columnheader").Text("#"),
							app.Span().Class("agent").Role("columnheader").Text("Crawler"),
							app.Span().Class("url").Role("columnheader").Text("URL"),
							app.Span().Class("outcome").Role("columnheader").Text("Verdict"),
							app.Span().Class("rule").Role("columnheader").Text("Deciding rule"),
							app.Span().Class("actions").Role("columnheader").Body(app.Span().Class("visually-hidden").Text("Actions")),
						),
					),
					app.Div().Class("results-body").Role("rowgroup").
						Style("padding-top", px(w.Above)).
						Style("padding-bottom", px(w.Below)).
						Body(lines...),
				),
		),
		app.If(len(t.Shown) == 0, func() app.UI {
			if t.Len() == 0 {
				return app.P().Class("note results-empty").Text("No tests yet.")
			}
			return app.P().Class("note results-empty").Body(
				app.Text("No test matches. "),
				app.Button().Type("button").ID("results-show-all").OnClick(p.showAll).Text("Show all tests"),
			)
		}),
	)
}

// controls returns the filter, search, order and grouping controls.
func (p *ResultsTable) controls(t *model.Table, q model.TableQuery) app.UI {
	filters := model.FilterChoices(t.Tokens)
	if q.Filter == model.ShowCrawler && !hasChoice(filters, q.FilterValue()) {
		// The crawler's tests are gone: the filter still says what it is.
		filters = append(filters, model.Choice{Value: q.FilterValue(), Title: "Only " + q.Crawler})
	}
	return app.Div().Class("results-controls tools").Role("group").Aria("label", "Which tests, in which order").Body(
		app.Span().Class("control").Body(
			app.Label().For("results-filter").Text("Show"),
			widget.ChoiceSelect("results-filter", filters, q.FilterValue(), p.filter),
		),
		app.Span().Class("control").Body(
			app.Label().For("results-search").Text("Find"),
			app.Input().ID("results-search").Type("search").Name("results-search").
				Value(p.search).
				Placeholder("crawler, URL, rule").
				Attr("autocomplete", "off").
				Spellcheck(false).
				OnInput(p.searchInput),
		),
		app.Span().Class("control").Body(
			app.Label().For("results-sort").Text("Sort by"),
			widget.ChoiceSelect("results-sort", model.SortChoices(), q.SortValue(), p.sort),
		),
		app.Span().Class("control").Body(
			app.Label().For("results-group").Text("Group by"),
			widget.ChoiceSelect("results-group", model.GroupChoices(), q.GroupValue(), p.group),
		),
		app.If(t.OrderKept(), func() app.UI {
			return app.Button().Type("button").ID("results-resort").
				Title("The order is kept while you edit a test").
				OnClick(p.resort).Text("Sort again")
		}),
	)
}

// countsText says how many tests are shown, their verdicts and, once the
// comparison is made, on how many the readings disagree.
func countsText(t *model.Table) string {
	s := t.Counts() + "."
	if t.Disagreements > 0 {
		s += " The readings disagree on " + model.Plural(t.Disagreements, "test", "tests") + "."
	}
	if e := model.ExpectCounts(t.Pinned, t.Broken); e != "" {
		s += " " + e + "."
	}
	if t.OrderKept() {
		s += " Order kept while you edit."
	}
	return s
}

func hasChoice(choices []model.Choice, value string) bool {
	for _, c := range choices {
		if c.Value == value {
			return true
		}
	}
	return false
}

func px(v float64) string { return strconv.FormatFloat(math.Round(v), 'f', 0, 64) + "px" }

// The controls' handlers: each sends the new query.

func (p *ResultsTable) query(ctx app.Context, q model.TableQuery) {
	if p.To != nil {
		p.To.Send(ctx, widget.SetTableQuery{Query: q})
	}
}

func (p *ResultsTable) filter(ctx app.Context, e app.Event) {
	p.query(ctx, p.table().Query.WithFilter(ctx.JSSrc().Get("value").String()))
}

func (p *ResultsTable) sort(ctx app.Context, e app.Event) {
	p.query(ctx, p.table().Query.WithSort(ctx.JSSrc().Get("value").String()))
}

func (p *ResultsTable) group(ctx app.Context, e app.Event) {
	p.query(ctx, p.table().Query.WithGroup(ctx.JSSrc().Get("value").String()))
}

func (p *ResultsTable) searchInput(ctx app.Context, e app.Event) {
	q := p.table().Query
	q.Search = ctx.JSSrc().Get("value").String()
	p.query(ctx, q)
}

func (p *ResultsTable) resort(ctx app.Context, e app.Event) { p.query(ctx, p.table().Query) }

func (p *ResultsTable) showAll(ctx app.Context, e app.Event) {
	q := p.table().Query
	q.Filter, q.Crawler, q.Search = model.ShowAll, "", ""
	if f := dom.Element("results-search"); f.Truthy() {
		f.Set("value", "") // go-app cannot clear a field it drew (#1083)
	}
	p.query(ctx, q)
}

// scroll follows the box's scroll; the page is drawn again only when other
// lines come into the window.
func (p *ResultsTable) scroll(ctx app.Context, e app.Event) {
	before := p.window()
	p.top = ctx.JSSrc().Get("scrollTop").Float()
	after := p.window()
	if after.First == before.First && len(after.Lines) == len(before.Lines) {
		ctx.PreventUpdate()
		return
	}
	p.holdFocus()
}
