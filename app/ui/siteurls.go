package ui

import (
	"strconv"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"robotstester/app/sitemsg"
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
	// List is the sources read and the notes of the reading, as the
	// worker lists them.
	List *sitemsg.Node
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

// Render returns the component's markup. It is made of sitemsg.Nodes,
// as the worker's parts are: drawn by node, they take a fraction of the
// code go-app's element builders take.
func (p *SiteURLsPanel) Render() app.UI {
	v := &p.View
	total := v.Pages + v.Requests
	fetchTitle := "Fetch the sitemaps your robots.txt names, through this site's fetch relay"
	if !p.Relay {
		fetchTitle = "This site has no fetch relay: drop the sitemap files here instead"
	}
	itoa := strconv.Itoa
	summary := sitemsg.Node{Tag: "p", ID: "site-urls-summary", Role: "status", Text: v.Summary,
		Data: []string{"pages", itoa(v.Pages), "requests", itoa(v.Requests), "crawler", v.Crawler, "counted", strconv.FormatBool(v.Counted)}}
	if p.Done {
		summary.Data = append(summary.Data, "urls", itoa(total), "allowed", itoa(v.Allowed), "blocked", itoa(v.Blocked))
	}
	button := func(id, text, title string, disabled bool) sitemsg.Node {
		return sitemsg.Node{Tag: "button", ID: id, Title: title, On: "click", Text: text, Attrs: []string{"type", "button", "disabled", flag(disabled)}}
	}
	ns := append([]sitemsg.Node(nil), sitePanelHead...)
	ns = append(ns, sitemsg.Node{Tag: "div", Class: "tools", Kids: []sitemsg.Node{
		button("site-urls-fetch", "Fetch the sitemaps ("+itoa(len(p.Sitemaps))+")", fetchTitle, p.Busy || len(p.Sitemaps) == 0),
		{Tag: "label", Attrs: []string{"for", SiteURLsCrawlerID}, Text: "Count for"},
		{Tag: "input", ID: SiteURLsCrawlerID, On: "change", Attrs: []string{"name", SiteURLsCrawlerID, "type", "text", "list", "crawler-list",
			"spellcheck", "false", "placeholder", "Googlebot", "value", v.Crawler}},
		button("site-urls-export", "Export (CSV)", "Every URL with its verdict and deciding line", total == 0 || p.Busy || p.Exporting),
		button("site-urls-clear", "Clear", "", total == 0 || p.Busy),
	}})
	ns = append(ns, sitePanelAdd...)
	ns = append(ns, sitemsg.Node{Tag: "div", Class: "tools", Kids: []sitemsg.Node{button("site-urls-add", "Add what is pasted", "", p.Busy)}})
	if p.Status != "" {
		ns = append(ns, sitemsg.Node{Tag: "p", ID: "site-urls-status", Class: "notice", Role: "status", Text: p.Status,
			Data: []string{"busy", strconv.FormatBool(p.Busy)}})
	}
	ns = append(ns, summary)
	if v.Access != "" {
		ns = append(ns, sitemsg.Node{Tag: "p", Class: "notice", Text: v.Access})
	}
	ns = append(ns, v.Parts...)
	if p.List != nil {
		ns = append(ns, *p.List)
	}
	return app.Section().ID("site-urls-panel").Class("panel site-urls").Aria("labelledby", "site-urls-title").
		OnDragOver(acceptDrop).OnDrop(p.drop).Body(p.nodes(ns)...)
}

// sitePanelHead and sitePanelAdd are the panel's parts that never change:
// data, which the compiler lays out, rather than code building them.
var (
	sitePanelHead = []sitemsg.Node{
		{Tag: "h2", ID: "site-urls-title", Text: "Your site's URLs"},
		{Tag: "p", Class: "note", Text: "Count what your robots.txt does to your whole site: every URL of your sitemaps, a list, a crawler's export or an access log, by the line that decides it. Everything is read and counted in your browser, apart from the page (in a worker of its own, loaded when this panel is first opened); only the sitemaps are fetched, through this site's relay."},
	}
	sitePanelAdd = []sitemsg.Node{
		{Tag: "div", Class: "tools", Kids: []sitemsg.Node{
			{Tag: "label", Class: "note", Attrs: []string{"for", "site-urls-file"}, Text: "Drop a file here, or choose one:"},
			{Tag: "input", ID: "site-urls-file", On: "change", Attrs: []string{"type", "file",
				"accept", ".xml,.gz,.txt,.csv,.log,text/plain,text/csv,application/xml,application/gzip"}},
		}},
		{Tag: "textarea", ID: SiteURLsPasteID, Attrs: []string{"rows", "3", "spellcheck", "false",
			"aria-label", "URLs, a sitemap or log lines to add", "placeholder", "https://example.com/page\n/another/path"}},
	}
)

// flag returns the value of a boolean attribute: "" leaves it out.
func flag(on bool) string {
	if on {
		return "true"
	}
	return ""
}

// nodes draws nodes.
func (p *SiteURLsPanel) nodes(ns []sitemsg.Node) []app.UI {
	out := make([]app.UI, len(ns))
	for i := range ns {
		out[i] = p.node(&ns[i])
	}
	return out
}

// node draws one node: its texts as text, never markup (the worker's hold
// the user's URLs), a "line N" button, and the controls wired to clicked
// and changed.
func (p *SiteURLsPanel) node(n *sitemsg.Node) app.UI {
	switch {
	case n.Line > 0:
		return lineButton(n.Line, p.revealLine)
	case n.Tag == "":
		return app.Text(n.Text)
	}
	attrs := append([]string{"id", n.ID, "class", n.Class, "role", n.Role, "title", n.Title}, n.Attrs...)
	for i := 0; i+1 < len(n.Data); i += 2 {
		attrs = append(attrs, "data-"+n.Data[i], n.Data[i+1])
	}
	if n.Open {
		attrs = append(attrs, "open", "true")
	}
	if n.Tag == "input" {
		e := app.Input()
		for i := 0; i+1 < len(attrs); i += 2 {
			if attrs[i+1] != "" {
				e = e.Attr(attrs[i], attrs[i+1])
			}
		}
		return e.OnChange(p.changed)
	}
	e := app.Elem(n.Tag)
	for i := 0; i+1 < len(attrs); i += 2 {
		if attrs[i+1] != "" {
			e = e.Attr(attrs[i], attrs[i+1])
		}
	}
	if n.On == "click" {
		e = e.OnClick(p.clicked)
	}
	kids := p.nodes(n.Kids)
	if n.Text != "" {
		kids = append([]app.UI{app.Text(n.Text)}, kids...)
	}
	return e.Body(kids...)
}

// clicked handles a click on one of the panel's buttons, told by its id.
func (p *SiteURLsPanel) clicked(ctx app.Context, e app.Event) {
	switch ctx.JSSrc().Get("id").String() {
	case "site-urls-fetch":
		p.fetch(ctx, e)
	case "site-urls-export":
		p.export(ctx, e)
	case "site-urls-clear":
		p.clear(ctx, e)
	case "site-urls-add":
		p.paste(ctx, e)
	case "site-urls-rebase":
		p.rebase(ctx, e)
	}
}

// changed handles a change of the crawler field or the file chosen.
func (p *SiteURLsPanel) changed(ctx app.Context, e app.Event) {
	switch ctx.JSSrc().Get("id").String() {
	case SiteURLsCrawlerID:
		p.crawler(ctx, e)
	case "site-urls-file":
		p.file(ctx, e)
	}
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
