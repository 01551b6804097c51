package ui

import (
	"strconv"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"robotstester/app/ui/model"
)

// SiteURLsPasteID is the id of the panel's textarea for a pasted list.
const SiteURLsPasteID = "site-urls-paste"

// SiteURLsCrawlerID is the id of the panel's crawler field.
const SiteURLsCrawlerID = "site-urls-crawler"

// SiteURLsPanel is the site URLs panel: a whole site's URLs (its
// sitemaps fetched through the relay, or a sitemap, list, crawler's CSV
// export or access log dropped or pasted), counted for one crawler by the
// line that decides them, with the sitemap URLs the file blocks for
// Googlebot, what the edit changes, and a log's requests the file does
// not allow. It draws a model.SiteView; Tester makes it (sitepanel.go).
//
// Hooks (a contract with checks outside this repository): #site-urls
// (the part under More holding it, opened by #site-urls-toggle),
// button#site-urls-fetch, #site-urls-summary with data-urls (the URLs
// and requests read) once they are read and counted, and for the
// crawler chosen (input#site-urls-crawler), [data-coverage-line="N"]
// with data-count and data-verdict ("allowed", "blocked"), N = 0 for the
// URLs no rule decides. Also #site-urls-status, #site-urls-finding,
// #site-urls-changes, [data-unused-line="N"], #site-urls-log,
// #site-urls-export (CSV), #site-urls-file, #site-urls-paste,
// #site-urls-add, #site-urls-clear and #site-urls-rebase.
type SiteURLsPanel struct {
	app.Compo

	View model.SiteView
	// Sitemaps are the file's Sitemap: lines.
	Sitemaps []string
	Sources  []model.SiteSource
	Notes    []string
	// Status says what the loading does now, or what went wrong.
	Status string
	// Busy: URLs are being read. Done: they are read and counted.
	Busy, Done bool
	Exporting  bool
	// Relay: the site has a fetch relay to fetch sitemaps through.
	Relay bool

	onFetch   func(ctx app.Context)
	onCrawler func(ctx app.Context, crawler string)
	onFile    func(ctx app.Context, file app.Value)
	onPaste   func(ctx app.Context, text string)
	onExport  func(ctx app.Context)
	onClear   func(ctx app.Context)
	onRebase  func(ctx app.Context)
	onReveal  func(ctx app.Context, line int)
}

// Render returns the component's markup.
func (p *SiteURLsPanel) Render() app.UI {
	v := &p.View
	total := v.Pages + v.Requests
	fetchTitle := "Fetch the sitemaps your robots.txt names, through this site's fetch relay"
	if !p.Relay {
		fetchTitle = "This site has no fetch relay: drop the sitemap files here instead"
	}
	summary := app.P().ID("site-urls-summary").Role("status").
		DataSet("pages", v.Pages).DataSet("requests", v.Requests).
		DataSet("crawler", v.Crawler).DataSet("counted", v.Counted).Text(v.Summary)
	if p.Done {
		summary = summary.DataSet("urls", total).DataSet("allowed", v.Allowed).DataSet("blocked", v.Blocked)
	}
	return app.Section().ID("site-urls-panel").Class("panel site-urls").Aria("labelledby", "site-urls-title").
		OnDragOver(acceptDrop).OnDrop(p.drop).Body(
		app.H2().ID("site-urls-title").Text("Your site's URLs"),
		app.P().Class("note").Text("Count what your robots.txt does to your whole site: every URL of your sitemaps, a list, a crawler's export or an access log, by the line that decides it. Everything is read and counted in this page; only the sitemaps are fetched, through this site's relay."),
		app.Div().Class("tools").Body(
			app.Button().Type("button").ID("site-urls-fetch").Disabled(p.Busy || len(p.Sitemaps) == 0).
				Title(fetchTitle).OnClick(p.fetch).Text("Fetch the sitemaps ("+strconv.Itoa(len(p.Sitemaps))+")"),
			app.Label().For(SiteURLsCrawlerID).Text("Count for"),
			app.Input().ID(SiteURLsCrawlerID).Name(SiteURLsCrawlerID).Type("text").List("crawler-list").
				Spellcheck(false).Placeholder("Googlebot").Value(p.View.Crawler).OnChange(p.crawler),
			app.Button().Type("button").ID("site-urls-export").Disabled(total == 0 || p.Busy || p.Exporting).
				Title("Every URL with its verdict and deciding line").OnClick(p.export).Text("Export (CSV)"),
			app.Button().Type("button").ID("site-urls-clear").Disabled(total == 0 || p.Busy).OnClick(p.clear).Text("Clear"),
		),
		app.Div().Class("tools").Body(
			app.Label().For("site-urls-file").Class("note").Text("Drop a file here, or choose one:"),
			app.Input().Type("file").ID("site-urls-file").
				Accept(".xml,.gz,.txt,.csv,.log,text/plain,text/csv,application/xml,application/gzip").OnChange(p.file),
		),
		app.Textarea().ID(SiteURLsPasteID).Rows(3).Spellcheck(false).
			Aria("label", "URLs, a sitemap or log lines to add").
			Placeholder("https://example.com/page\n/another/path"),
		app.Div().Class("tools").Body(
			app.Button().Type("button").ID("site-urls-add").Disabled(p.Busy).OnClick(p.paste).Text("Add what is pasted"),
		),
		app.If(p.Status != "", func() app.UI {
			return app.P().ID("site-urls-status").Class("notice").Role("status").DataSet("busy", p.Busy).Text(p.Status)
		}),
		summary,
		app.If(v.Access != "", func() app.UI { return app.P().Class("notice").Text(v.Access) }),
		p.finding(),
		p.changes(),
		app.If(len(v.Lines) > 0, func() app.UI {
			return app.Div().Body(
				app.H3().Text("By deciding line, for "+v.Crawler),
				app.Ul().ID("site-urls-lines").Body(p.lines(v.Lines, "coverage-line")...),
				app.If(v.MoreLines > 0, func() app.UI {
					return app.P().Class("note").Text("And " + model.Grouped(v.MoreLines) + " more lines: the CSV export has every URL.")
				}),
			)
		}),
		app.If(len(v.Unused) > 0, func() app.UI {
			return app.Div().Body(
				app.H3().Text("Rules that decide none of your URLs for "+v.Crawler),
				app.Ul().ID("site-urls-unused").Body(p.lines(v.Unused, "unused-line")...),
			)
		}),
		p.logged(),
		p.sources(),
	)
}

// lines draws coverage lines, each marked with attr ("coverage-line",
// "unused-line") and its number, count and verdict.
func (p *SiteURLsPanel) lines(ls []model.CoverageLine, attr string) []app.UI {
	out := make([]app.UI, len(ls))
	for i := range ls {
		l := &ls[i]
		body := []app.UI{}
		if l.Line > 0 {
			body = append(body, lineButton(l.Line, p.revealLine), app.Text(", "), app.Code().Text(l.Rule), app.Text(", "))
		}
		body = append(body, app.Text(l.Says))
		if len(l.Examples) > 0 {
			ex := make([]app.UI, len(l.Examples))
			for k, e := range l.Examples {
				ex[k] = app.Li().Body(app.Code().Text(e))
			}
			body = append(body, app.Ul().Class("examples note").Body(ex...))
		}
		out[i] = app.Li().DataSet(attr, l.Line).DataSet("count", l.Count).DataSet("verdict", l.Verdict()).Body(body...)
	}
	return out
}

// finding draws the URLs sitemaps submit that the file blocks for
// Googlebot.
func (p *SiteURLsPanel) finding() app.UI {
	v := &p.View
	if v.Finding == "" {
		return nil
	}
	return app.Div().ID("site-urls-finding").Class("notice alert").Role("alert").Body(
		app.P().Body(app.Strong().Text(v.Finding)),
		app.P().Class("note").Text(v.FindingNote),
		app.Ul().Body(p.lines(v.FindingLines, "finding-line")...),
	)
}

// changes draws what the edit changes against the file as it was when
// the URLs were loaded.
func (p *SiteURLsPanel) changes() app.UI {
	v := &p.View
	if !v.Compared {
		return nil
	}
	items := make([]app.UI, len(v.Changes))
	for i := range v.Changes {
		c := &v.Changes[i]
		li := app.Li().DataSet("flip", i).DataSet("count", c.Count).DataSet("verdict", c.Verdict()).Body(
			app.Text(c.Text),
			app.If(len(c.Examples) > 0, func() app.UI {
				return app.Span().Class("note").Body(app.Text(" e.g. "), app.Code().Text(c.Examples[0]))
			}),
		)
		items[i] = li
	}
	return app.Div().ID("site-urls-changes").Class("notice").DataSet("changes", len(v.Changes)).Body(
		app.P().Text(v.ChangesSummary),
		app.Ul().Body(items...),
		app.Button().Type("button").ID("site-urls-rebase").OnClick(p.rebase).
			Title("Compare later edits with the file as it is now").Text("Compare with this file from now on"),
	)
}

// logged draws a log's requests that the file does not allow, crawler by
// crawler.
func (p *SiteURLsPanel) logged() app.UI {
	v := &p.View
	if len(v.Logged) == 0 && v.Others == 0 {
		return nil
	}
	items := make([]app.UI, len(v.Logged))
	for i := range v.Logged {
		l := &v.Logged[i]
		items[i] = app.Li().DataSet("log-agent", l.Agent).DataSet("requests", l.Requests).DataSet("blocked", l.Blocked).Body(
			app.Text(l.Text),
			app.Ul().Body(p.lines(l.Lines, "log-line")...),
		)
	}
	return app.Div().ID("site-urls-log").Body(
		app.H3().Text("The log's requests"),
		app.Ul().Body(items...),
		app.P().Class("note").Text(model.Grouped(v.Others)+" requests of browsers and other agents are not counted: robots.txt binds crawlers. A user-agent string can be forged: check a crawler by reverse DNS or its published addresses before calling a request a violation, and remember that the file may have been another when it was made."),
	)
}

// sources lists what was read, and the notes of the reading.
func (p *SiteURLsPanel) sources() app.UI {
	if len(p.Sources) == 0 {
		return nil
	}
	items := make([]app.UI, 0, len(p.Sources)+len(p.Notes))
	failed := false
	for _, s := range p.Sources {
		failed = failed || s.Error != ""
		text := s.Name + ": "
		switch s.Kind {
		case "index":
			text += "an index of " + model.Grouped(s.URLs) + " sitemaps"
		case "log":
			text += model.Grouped(s.URLs) + " requests"
		default:
			text += model.Grouped(s.URLs) + " URLs"
		}
		li := app.Li().DataSet("kind", s.Kind).Text(text)
		if s.Error != "" {
			li = app.Li().DataSet("kind", s.Kind).Class("alert").Text(text + "; " + s.Error)
		}
		items = append(items, li)
	}
	for _, n := range p.Notes {
		items = append(items, app.Li().Class("note").Text(n))
	}
	// Open when a source failed: why is what the user needs to read.
	return app.Details().ID("site-urls-sources").Open(failed).Body(
		app.Summary().Text("Read from "+model.Grouped(len(p.Sources))+" sources"),
		app.Ul().Body(items...),
	)
}

func (p *SiteURLsPanel) fetch(ctx app.Context, e app.Event) {
	if p.onFetch != nil && !p.Busy {
		p.onFetch(ctx)
	}
}

func (p *SiteURLsPanel) crawler(ctx app.Context, e app.Event) {
	if p.onCrawler != nil {
		p.onCrawler(ctx, ctx.JSSrc().Get("value").String())
	}
}

func (p *SiteURLsPanel) file(ctx app.Context, e app.Event) {
	if f := firstFile(ctx, e); f.Truthy() && p.onFile != nil {
		p.onFile(ctx, f)
	}
	ctx.JSSrc().Set("value", "") // the same file can be chosen again
}

func (p *SiteURLsPanel) drop(ctx app.Context, e app.Event) {
	if f := firstFile(ctx, e); f.Truthy() {
		e.PreventDefault()
		if p.onFile != nil {
			p.onFile(ctx, f)
		}
	}
}

// paste adds the textarea's text: read here, never written by a redraw
// (go-app #1083).
func (p *SiteURLsPanel) paste(ctx app.Context, e app.Event) {
	if el := element(SiteURLsPasteID); el.Truthy() && p.onPaste != nil {
		p.onPaste(ctx, el.Get("value").String())
	}
}

func (p *SiteURLsPanel) export(ctx app.Context, e app.Event) {
	if p.onExport != nil {
		p.onExport(ctx)
	}
}

func (p *SiteURLsPanel) clear(ctx app.Context, e app.Event) {
	if p.onClear != nil {
		p.onClear(ctx)
	}
}

func (p *SiteURLsPanel) rebase(ctx app.Context, e app.Event) {
	if p.onRebase != nil {
		p.onRebase(ctx)
	}
}

func (p *SiteURLsPanel) revealLine(ctx app.Context, e app.Event) { revealLine(ctx, p.onReveal) }
