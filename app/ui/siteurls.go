package ui

import (
	"strconv"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"robotstester/app/model"
	"robotstester/app/sitemsg"
	"robotstester/app/ui/dom"
	"robotstester/app/ui/widget"
)

// SiteURLsPasteID is the id of the panel's textarea for a pasted list.
const SiteURLsPasteID = "site-urls-paste"

// SiteURLsProgressID is the id of what the panel says of a count under
// way: how many URLs are counted, of how many.
const SiteURLsProgressID = "site-urls-progress"

// progressText says how far a count is.
func progressText(done, of int) string {
	return "Counting every crawler: " + model.Grouped(done) + " of " + model.Grouped(of) + "…"
}

// SiteURLsCrawlerID is the id of the panel's crawler field.
const SiteURLsCrawlerID = "site-urls-crawler"

// SiteURLsPanel is the site URLs panel: a whole site's URLs (its
// sitemaps fetched through the relay, or a sitemap, list, crawler's CSV
// export or access log dropped or pasted), counted for one crawler by the
// line that decides them, with the sitemap URLs the file blocks for
// Googlebot, what the edit changes, and a log's requests the file does
// not allow. It draws a model.SiteView; sitePanel makes it (sitepanel.go).
//
// Hooks (a contract with checks outside this repository): #site-urls
// (the part under More holding it, opened by #site-urls-toggle),
// button#site-urls-fetch, #site-urls-summary with data-urls (the URLs
// read, each once whatever the sources that gave it, and the requests)
// and data-repeats (the URLs given again) once they are read and counted, and for the
// crawler chosen (input#site-urls-crawler), [data-coverage-line="N"]
// with data-count and data-verdict ("allowed", "blocked"), N = 0 for the
// URLs no rule decides. Also #site-urls-status, #site-urls-notes (what
// the reading of a source noted, or that it gave no URL: "FILE: what
// happened", with data-notes their number), #site-urls-finding,
// #site-urls-changes, [data-unused-line="N"], #site-urls-log,
// #site-urls-export (CSV), #site-urls-file, #site-urls-paste,
// #site-urls-add, #site-urls-clear, #site-urls-rebase and #site-urls-kept
// (shown while the URLs are kept for the next visit); #site-urls-progress
// (data-done, data-total) while a count is under way. And #site-matrix,
// every crawler's counts once the URLs are counted (data-urls): a row
// tr[data-crawler="TOKEN"] with data-allowed and data-blocked for each
// catalogued crawler and the crawler chosen (data-change, the URLs the
// edit blocks more than the base, when compared; data-most, the line
// that blocks most); its button[data-pick] counts for that crawler.
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
	// Kept: the URLs are kept in the browser for the next visit.
	Kept bool
	// Sources counts the sources read: Clear drops them, and their notes,
	// even when they gave no URL. Repeats counts the URLs they gave that
	// were held already (a URL is held, and counted, once).
	Sources, Repeats int
	// Counting is how far the count under way is: URLs and requests
	// counted, of how many (zero when no count says).
	Counting [2]int

	// OnAction gets what the user asks of the panel (sitePanel.act);
	// OnRevealLine, a "line N" button pressed. Nil in tests.
	OnAction     func(app.Context, SiteAction)
	OnRevealLine app.EventHandler
}

// A SiteAction is what the user asks of the site URLs panel.
type SiteAction struct {
	Kind SiteActionKind
	// Text is what was pasted (SiteAdd) or the crawler typed
	// (SiteCrawler).
	Text string
	// Files are the files dropped or chosen (SiteFile), in order.
	Files []app.Value
}

// SiteActionKind tells what a SiteAction asks for.
type SiteActionKind int

// The kinds of SiteAction.
const (
	SiteFetch   SiteActionKind = iota + 1 // fetch the file's sitemaps through the relay
	SiteExport                            // export every URL with its verdict, as CSV
	SiteClear                             // drop every URL
	SiteUndo                              // put back what the last Clear dropped
	SiteAdd                               // read what was pasted
	SiteRebase                            // compare with the file as it is now
	SiteCrawler                           // count for another crawler
	SiteFile                              // read the files dropped or chosen, in order
)

// Render returns the component's markup. It is made of sitemsg.Nodes,
// as the worker's parts are: drawn by node, they take a fraction of the
// code go-app's element builders take.
func (p *SiteURLsPanel) Render() app.UI {
	v := &p.View
	total := v.Pages + v.Requests
	itoa := strconv.Itoa
	summary := sitemsg.Node{Tag: "p", ID: "site-urls-summary", Role: "status", Text: v.Summary,
		Data: []string{"pages", itoa(v.Pages), "requests", itoa(v.Requests), "crawler", v.Crawler, "counted", strconv.FormatBool(v.Counted)}}
	if p.Done {
		summary.Data = append(summary.Data, "urls", itoa(total), "allowed", itoa(v.Allowed), "blocked", itoa(v.Blocked), "repeats", itoa(p.Repeats))
	}
	ns := append([]sitemsg.Node(nil), sitePanelControls...)
	if p.Status != "" {
		ns = append(ns, sitemsg.Node{Tag: "p", ID: "site-urls-status", Class: "notice", Role: "status", Text: p.Status,
			Data: []string{"busy", strconv.FormatBool(p.Busy)}})
	}
	ns = append(ns, summary)
	if done, of := p.Counting[0], p.Counting[1]; of > 0 && !v.Counted {
		ns = append(ns, sitemsg.Node{Tag: "p", ID: SiteURLsProgressID, Class: "note", Data: []string{"done", itoa(done), "total", itoa(of)},
			Kids: []sitemsg.Node{
				{Tag: "progress", Attrs: []string{"max", itoa(of), "value", itoa(done), "aria-label", "Counting"}},
				{Text: " "},
				{Tag: "span", Text: progressText(done, of)},
			}})
	}
	ns = append(ns, toldNode(v))
	if p.Kept && total > 0 {
		ns = append(ns, sitemsg.Node{Tag: "p", ID: "site-urls-kept", Class: "note",
			Text: "These URLs are kept in this browser for your next visit, and never leave it; Clear forgets them."})
	}
	if v.Access != "" {
		ns = append(ns, sitemsg.Node{Tag: "p", Class: "notice", Text: v.Access})
	}
	body := p.nodes(ns)
	if v.Matrix != nil {
		body = append(body, &siteMatrix{Node: v.Matrix, panel: p})
	}
	ns = append(ns[:0:0], v.Parts...)
	if p.List != nil {
		ns = append(ns, *p.List)
	}
	body = append(body, p.nodes(ns)...)
	return app.Section().ID("site-urls-panel").Class("panel site-urls").Aria("labelledby", "site-urls-title").
		OnDragOver(widget.AcceptDrop).OnDrop(p.drop).Body(body...)
}

// siteMatrix draws the matrix of every crawler's counts (#site-matrix), a
// component of its own: the panel's other redraws (a count's progress,
// each a few times a second, the file typed) leave its hundreds of
// elements alone, go-app updating a component only when its fields
// change, and Node, the worker's, changes only with a count.
type siteMatrix struct {
	app.Compo
	Node *sitemsg.Node
	// panel is the panel it is drawn in, whose handlers its buttons
	// call: unexported, it stays the one it was first drawn with, the
	// panel mounted, which go-app keeps and updates.
	panel *SiteURLsPanel
}

// Render returns the component's markup.
func (m *siteMatrix) Render() app.UI { return m.panel.node(m.Node) }

// toldNode returns what the panel says in view of its sources' reading,
// next to the counts: a live region drawn even when empty, so that what
// comes into it is announced.
func toldNode(v *model.SiteView) sitemsg.Node {
	n := sitemsg.Node{Tag: "div", ID: "site-urls-notes", Role: "status", Data: []string{"notes", strconv.Itoa(len(v.Told) + v.MoreTold)}}
	if len(v.Told) == 0 {
		return n
	}
	items := make([]sitemsg.Node, len(v.Told), len(v.Told)+1)
	for i, t := range v.Told {
		items[i] = sitemsg.Node{Tag: "li", Text: t}
	}
	if v.MoreTold > 0 {
		items = append(items, sitemsg.Node{Tag: "li", Class: "note",
			Text: "And " + model.Plural(v.MoreTold, "more note", "more notes") + ", with the sources read below."})
	}
	n.Class = "notice"
	n.Kids = []sitemsg.Node{{Tag: "ul", Kids: items}}
	return n
}

// sitePanelControls are the panel's title and controls: data, which the
// compiler lays out, rather than code building them. What changes in
// them (a button's text, a control disabled) node sets, by id (control).
var sitePanelControls = []sitemsg.Node{
	{Tag: "h2", ID: "site-urls-title", Text: "Your site's URLs"},
	{Tag: "p", Class: "note", Text: "Count what your robots.txt does to your whole site: every URL of your sitemaps, a list, a crawler's export or an access log, by the line that decides it. Everything is read and counted in your browser, apart from the page (in a worker of its own, loaded when this panel is first opened); only the sitemaps are fetched, through this site's relay."},
	{Tag: "div", Class: "tools", Kids: []sitemsg.Node{
		{Tag: "button", ID: "site-urls-fetch", On: "click", Attrs: []string{"type", "button"}},
		{Tag: "label", Attrs: []string{"for", SiteURLsCrawlerID}, Text: "Count for"},
		{Tag: "input", ID: SiteURLsCrawlerID, On: "change", Attrs: []string{"name", SiteURLsCrawlerID, "type", "text", "list", "crawler-list",
			"spellcheck", "false", "placeholder", "Googlebot"}},
		{Tag: "button", ID: "site-urls-export", On: "click", Title: "Every URL with its verdict and deciding line", Text: "Export (CSV)", Attrs: []string{"type", "button"}},
		{Tag: "button", ID: "site-urls-clear", On: "click", Text: "Clear", Attrs: []string{"type", "button"}},
	}},
	{Tag: "textarea", ID: SiteURLsPasteID, Attrs: []string{"rows", "8", "spellcheck", "false",
		"aria-label", "URLs, a sitemap or log lines to add", "placeholder", "https://example.com/page\n/another/path"}},
	{Tag: "div", Class: "tools", Kids: []sitemsg.Node{
		{Tag: "button", ID: "site-urls-add", On: "click", Text: "Add what is pasted", Attrs: []string{"type", "button"}},
	}},
	// The drop zone's chooser last, next to what the panel says of a
	// file read (the status, the counts, the notes), which follow it.
	{Tag: "div", Class: "tools", Kids: []sitemsg.Node{
		{Tag: "label", Class: "note", Attrs: []string{"for", "site-urls-file"}, Text: "Drop files here, or choose them:"},
		{Tag: "input", ID: "site-urls-file", On: "change", Attrs: []string{"type", "file", "multiple", "true",
			"accept", ".xml,.gz,.txt,.csv,.log,text/plain,text/csv,application/xml,application/gzip"}},
	}},
}

// control returns what of the control id changes with the panel's state:
// its text and title when they do, its value, and whether it is disabled.
func (p *SiteURLsPanel) control(id string) (text, title, value string, off bool) {
	total := p.View.Pages + p.View.Requests
	switch id {
	case "site-urls-fetch":
		title = "Fetch the sitemaps your robots.txt names, through this site's fetch relay"
		if !p.Relay {
			title = "This site has no fetch relay: drop the sitemap files here instead"
		}
		return "Fetch the sitemaps (" + strconv.Itoa(len(p.Sitemaps)) + ")", title, "", p.Busy || len(p.Sitemaps) == 0
	case SiteURLsCrawlerID:
		return "", "", p.View.Crawler, false
	case "site-urls-export":
		return "", "", "", total == 0 || p.Busy || p.Exporting
	case "site-urls-clear":
		return "", "", "", total+p.Sources == 0 || p.Busy
	case "site-urls-add":
		return "", "", "", p.Busy
	}
	return "", "", "", false
}

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
		return widget.LineButton(n.Line, p.revealLine)
	case n.Tag == "":
		return app.Text(n.Text)
	}
	text, title, value, off := "", n.Title, "", false
	if n.On != "" {
		var t string
		if t, title, value, off = p.control(n.ID); title == "" {
			title = n.Title
		}
		if t != "" {
			text = t
		}
	}
	attrs := append([]string{"id", n.ID, "class", n.Class, "role", n.Role, "title", title, "value", value, "disabled", flag(off)}, n.Attrs...)
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
	if text == "" {
		text = n.Text
	}
	if text != "" {
		kids = append([]app.UI{app.Text(text)}, kids...)
	}
	return e.Body(kids...)
}

// clickActions are the actions of the panel's buttons, by id.
var clickActions = map[string]SiteActionKind{
	"site-urls-fetch": SiteFetch, "site-urls-export": SiteExport, "site-urls-clear": SiteClear,
	"site-urls-add": SiteAdd, "site-urls-rebase": SiteRebase, "site-urls-undo": SiteUndo,
}

// emit hands a to OnAction.
func (p *SiteURLsPanel) emit(ctx app.Context, a SiteAction) {
	if p.OnAction != nil {
		p.OnAction(ctx, a)
	}
}

// clicked handles a click on one of the panel's buttons, told by its id.
func (p *SiteURLsPanel) clicked(ctx app.Context, e app.Event) {
	src := ctx.JSSrc()
	if pick := src.Call("getAttribute", "data-pick"); pick.Truthy() {
		// A crawler's row of the matrix: its lines, as "Count for".
		p.emit(ctx, SiteAction{Kind: SiteCrawler, Text: pick.String()})
		return
	}
	a := SiteAction{Kind: clickActions[src.Get("id").String()]}
	switch a.Kind {
	case 0:
		return
	case SiteFetch:
		if p.Busy {
			return
		}
	case SiteAdd:
		// The textarea's text is read here, never written by a redraw
		// (go-app #1083).
		el := dom.Element(SiteURLsPasteID)
		if !el.Truthy() {
			return
		}
		a.Text = el.Get("value").String()
	}
	p.emit(ctx, a)
}

// changed handles a change of the crawler field or the file chosen.
func (p *SiteURLsPanel) changed(ctx app.Context, e app.Event) {
	el := ctx.JSSrc()
	switch el.Get("id").String() {
	case SiteURLsCrawlerID:
		p.emit(ctx, SiteAction{Kind: SiteCrawler, Text: el.Get("value").String()})
	case "site-urls-file":
		if fs := dom.Files(ctx, e); len(fs) > 0 {
			p.emit(ctx, SiteAction{Kind: SiteFile, Files: fs})
		}
		el.Set("value", "") // the same file can be chosen again
	}
}

func (p *SiteURLsPanel) drop(ctx app.Context, e app.Event) {
	if fs := dom.Files(ctx, e); len(fs) > 0 {
		e.PreventDefault()
		p.emit(ctx, SiteAction{Kind: SiteFile, Files: fs})
	}
}

func (p *SiteURLsPanel) revealLine(ctx app.Context, e app.Event) {
	if p.OnRevealLine != nil {
		p.OnRevealLine(ctx, e)
	}
}
