package panel

import (
	"slices"
	"strconv"
	"strings"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"robotstester/app/model"
	"robotstester/app/ui/widget"
)

// OverviewPanel shows the file as a whole: size and lines, the 500 KiB
// cut, findings by severity, sitemaps, crawl-delays and AI preferences
// (#overview-usage: Content-Signal and Content-Usage lines).
type OverviewPanel struct {
	app.Compo

	O model.Overview // the file's groups, sitemaps and counts
	// AI is the AI crawlers' grid, given only while it is open (AIOpen):
	// 21 crawlers checked on the tested URLs, in their own dialects, is
	// work that no closed panel should cost each keystroke or the start.
	AI     *model.AIGrid
	AIOpen bool // the AI crawlers' grid is open
	// AIFolds are the keys of the grid's folds opened (widget.ToggleAIFold).
	AIFolds []string

	// To is sent a line to show in the editor (widget.ShowLine), the AI
	// crawlers' grid opened or closed (widget.ToggleAIGrid), and a fold of
	// it (widget.ToggleAIFold).
	To widget.Sender
}

// Render returns the component's markup.
func (p *OverviewPanel) Render() app.UI {
	o := &p.O
	facts := []app.UI{
		app.Dt().Text("Size"),
		app.Dd().ID("size").DataSet("bytes", o.Size).Text(model.Plural(o.Size, "byte", "bytes") + ", " + model.Plural(o.Lines, "line", "lines")),
		app.Dt().Text("Groups"),
		app.Dd().Text(strconv.Itoa(o.GroupCount)),
	}
	var sitemaps []app.UI
	for _, s := range o.Sitemaps {
		sitemaps = append(sitemaps, app.Li().Body(p.lineButton(s.Line), app.Text(" "), app.Code().Text(s.URL)))
	}
	var delays []app.UI
	for _, d := range o.Delays {
		who := "No catalogued crawler that reads crawl-delay follows this group."
		if len(d.HonouredBy) > 0 {
			who = "Honoured by " + strings.Join(d.HonouredBy, ", ") + "."
		}
		value := d.Value + " s"
		if !d.Valid {
			value = d.Value + " (not a number of seconds)"
		}
		delays = append(delays, app.Li().Body(
			p.lineButton(d.Line), app.Text(" "),
			app.Code().Text("User-agent: "+d.Agents), app.Text(": "+value+". "+who),
		))
	}
	var prefs []app.UI
	for _, pl := range o.Preferences {
		tail := ""
		if pl.Agents != "" {
			tail = " in the group for " + pl.Agents
		}
		if pl.Note != "" {
			tail += ": " + pl.Note + "."
		}
		prefs = append(prefs, app.Li().Body(p.lineButton(pl.Line), app.Text(" "), app.Code().Text(pl.Text), app.Text(tail)))
	}
	var grid app.UI
	if o.AIGrid {
		grid = p.aiGrid()
	}
	return app.Section().ID("overview").Class("panel").Aria("labelledby", "overview-title").Body(
		app.H2().ID("overview-title").Text("The file"),
		app.Dl().Class("facts").Body(facts...),
		app.H3().Text("Sitemaps"),
		app.If(len(sitemaps) == 0, func() app.UI { return app.P().Class("note").Text("None.") }).
			Else(func() app.UI { return app.Ul().ID("sitemaps").Body(sitemaps...) }),
		app.H3().Text("Crawl-delay"),
		app.If(len(delays) == 0, func() app.UI { return app.P().Class("note").Text("None.") }).
			Else(func() app.UI { return app.Ul().ID("delays").Body(delays...) }),
		app.P().Class("note").Text("Googlebot ignores crawl-delay; Bing, Yandex and a few others read it."),
		app.H3().Text("AI preferences"),
		app.If(len(prefs) == 0, func() app.UI {
			return app.P().ID("overview-usage").Class("note").Text("None: the file states nothing about AI uses.")
		}).
			Else(func() app.UI { return app.Ul().ID("overview-usage").Body(prefs...) }),
		grid,
	)
}

func (p *OverviewPanel) lineButton(n int) app.UI { return widget.LineButton(n, p.reveal) }

func (p *OverviewPanel) reveal(ctx app.Context, e app.Event) { widget.SendLine(ctx, p.To) }

// aiGrid shows which AI crawlers may fetch which tested URL, with the use
// the file states for them (#ai-grid; each cell has data-verdict).
func (p *OverviewPanel) aiGrid() app.UI {
	// Closed, the grid is a third of the page's elements and 21 crawlers'
	// checks: it is neither built nor worked out until opened.
	return app.Details().ID("ai-grid").Class("ai-grid").Open(p.AIOpen).OnToggle(p.toggleAI).Body(
		app.Summary().Text("AI crawlers on the tested URLs"),
		app.If(p.AIOpen && p.AI != nil, func() app.UI { return p.aiGridTable() }),
	)
}

// aiGridTable draws the AI crawlers' grid: by role, the featured
// crawlers and those the file names as rows, the others one row
// (tr.fold[data-fold=KEY]) whose button (button[data-unfold=KEY]) shows
// theirs.
func (p *OverviewPanel) aiGridTable() app.UI {
	g := p.AI
	heads := []app.UI{app.Th().Scope("col").Text("AI crawler")}
	for i, u := range g.URLs {
		heads = append(heads, app.Th().Scope("col").Title(u).Body(app.Code().Text(g.Path(i))))
	}
	cols := len(g.URLs) + 1
	bodies := []app.UI{
		app.Caption().Text(aiGridCaption(g)),
		app.THead().Body(app.Tr().Body(heads...)),
	}
	for _, sec := range g.Sections {
		rows := []app.UI{app.Tr().Class("role").Body(app.Th().Scope("rowgroup").ColSpan(cols).Text(sec.Title))}
		for i := range sec.Rows {
			rows = append(rows, aiGridRow(&sec.Rows[i], ""))
		}
		if len(sec.Folded) > 0 {
			open := slices.Contains(p.AIFolds, sec.Key)
			button := "Show them"
			if open {
				button = "Hide them"
			}
			rows = append(rows, app.Tr().Class("fold").DataSet("fold", sec.Key).Body(app.Td().Class("note").ColSpan(cols).Body(
				app.Text(sec.Fold+" "),
				app.Button().Type("button").Class("linkish").DataSet("unfold", sec.Key).Aria("expanded", open).
					OnClick(p.toggleFold).Text(button),
			)))
			if open {
				for i := range sec.Folded {
					rows = append(rows, aiGridRow(&sec.Folded[i], sec.Key))
				}
			}
		}
		bodies = append(bodies, app.TBody().DataSet("role", sec.Key).Body(rows...))
	}
	return app.Table().Class("matches").Body(bodies...)
}

// aiGridCaption says what the grid shows.
func aiGridCaption(g *model.AIGrid) string {
	caption := "Allowed or blocked, as the file says, and the use it states"
	if g.More > 0 {
		caption += " (the first " + strconv.Itoa(len(g.URLs)) + " tested URLs; " + strconv.Itoa(g.More) + " more not shown)"
	}
	return caption
}

// aiGridRow draws one AI crawler's row, marked data-folded=KEY when it
// is of a fold.
func aiGridRow(r *model.AIGridRow, folded string) app.UI {
	cells := []app.UI{app.Th().Scope("row").Title(r.Purpose).Text(r.Token)}
	for _, c := range r.Cells {
		usage := "" // a blocked URL has no stated use
		if c.Allowed {
			usage = " · " + c.Usage
		}
		cells = append(cells, app.Td().DataSet("verdict", widget.VerdictWord(c.Allowed)).Body(
			app.Span().Class("verdict").DataSet("verdict", widget.VerdictWord(c.Allowed)).Text(widget.VerdictText(c.Allowed)),
			app.Text(usage),
		))
	}
	tr := app.Tr().DataSet("crawler", r.Token)
	if folded != "" {
		tr = tr.DataSet("folded", folded)
	}
	return tr.Body(cells...)
}

func (p *OverviewPanel) toggleFold(ctx app.Context, e app.Event) {
	p.To.Send(ctx, widget.ToggleAIFold{Key: ctx.JSSrc().Get("dataset").Get("unfold").String()})
}

func (p *OverviewPanel) toggleAI(ctx app.Context, e app.Event) {
	if open := ctx.JSSrc().Get("open").Bool(); open != p.AIOpen && p.To != nil {
		p.To.Send(ctx, widget.ToggleAIGrid{Open: open})
	}
}
