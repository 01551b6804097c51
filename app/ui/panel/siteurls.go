package panel

import (
	"strconv"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"robotstester/app/internal/siteurls"
	"robotstester/app/model"
	"robotstester/app/sitemsg"
	"robotstester/app/ui/dom"
	"robotstester/app/ui/widget"
)

// SiteURLsCrawlerID is the id of the panel's crawler field.
const SiteURLsCrawlerID = "site-urls-crawler"

// SiteFiles are files the user dropped on the site URLs panel, or chose:
// a message to the page, which holds them and hands the model their
// handles (siteurls.AddFiles).
type SiteFiles struct{ Files []app.Value }

// SiteURLs is the site URLs panel: a whole site's URLs (its
// sitemaps fetched through the relay, or a sitemap, list, crawler's CSV
// export or access log dropped or pasted), counted for one crawler by the
// line that decides them, with the sitemap URLs the file blocks for
// Googlebot, what the edit changes, and a log's requests the file does
// not allow. It draws what the model shows (siteurls.Shown) and sends the user's
// actions as siteurls' messages.
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
// #site-urls-changes, [data-unused-line="N"], #site-urls-log (a log's
// requests: tr[data-log-agent="TOKEN"] with data-requests, data-blocked,
// data-fetched, data-verified, data-forged and data-unverified, its
// header buttons button[data-log-sort], a crawler's rules and examples
// opened by button[data-log-open]; p[data-browsers] with data-tools and
// data-unknown),
// #site-urls-export (CSV), #site-urls-file, #site-urls-paste,
// #site-urls-add, #site-urls-clear, #site-urls-rebase and #site-urls-kept
// (shown while the URLs are kept for the next visit); #site-urls-progress
// (data-done, data-total) while a count is under way. And #site-matrix,
// every crawler's counts once the URLs are counted (data-urls): a row
// tr[data-crawler="TOKEN"] with data-allowed and data-blocked for each
// catalogued crawler and the crawler chosen (data-change, the URLs the
// edit blocks more than the base, when compared; data-most, the line
// that blocks most); its button[data-pick] counts for that crawler. In
// each role (tbody[data-role=KEY]) the crawlers neither featured nor named
// by the file nor chosen are folded: a row tr.fold[data-fold=KEY] (with
// data-crawlers, data-all-allowed, data-all-blocked, data-partly) whose
// button[data-unfold=KEY] shows their rows, marked data-folded=KEY.
type SiteURLs struct {
	app.Compo

	Shown siteurls.Shown
	// Relay: the site has a fetch relay to fetch sitemaps through.
	Relay bool

	To widget.Sender
}

// Render returns the component's markup. It is made of sitemsg.Nodes,
// as the worker's parts are: drawn by node, they take a fraction of the
// code go-app's element builders take.
func (p *SiteURLs) Render() app.UI {
	v := &p.Shown.View
	sh := &p.Shown
	total := v.Pages + v.Requests
	itoa := strconv.Itoa
	summary := sitemsg.Node{Tag: "p", ID: "site-urls-summary", Role: "status", Text: v.Summary,
		Data: []string{"pages", itoa(v.Pages), "requests", itoa(v.Requests), "crawler", v.Crawler, "counted", strconv.FormatBool(v.Counted)}}
	if sh.Done {
		summary.Data = append(summary.Data, "urls", itoa(total), "allowed", itoa(v.Allowed), "blocked", itoa(v.Blocked), "repeats", itoa(sh.Repeats))
	}
	ns := append([]sitemsg.Node(nil), sitePanelControls...)
	if sh.Status != "" {
		ns = append(ns, sitemsg.Node{Tag: "p", ID: "site-urls-status", Class: "notice", Role: "status", Text: sh.Status,
			Data: []string{"busy", strconv.FormatBool(sh.Busy)}})
	}
	ns = append(ns, summary)
	if done, of := sh.Counting[0], sh.Counting[1]; of > 0 && !v.Counted {
		ns = append(ns, sitemsg.Node{Tag: "p", ID: siteurls.ProgressID, Class: "note", Data: []string{"done", itoa(done), "total", itoa(of)},
			Kids: []sitemsg.Node{
				{Tag: "progress", Attrs: []string{"max", itoa(of), "value", itoa(done), "aria-label", "Counting"}},
				{Text: " "},
				{Tag: "span", Text: siteurls.ProgressText(done, of)},
			}})
	}
	ns = append(ns, toldNode(v))
	if sh.Kept && total > 0 {
		ns = append(ns, sitemsg.Node{Tag: "p", ID: "site-urls-kept", Class: "note",
			Text: "These URLs are kept in this browser for your next visit, and never leave it; Clear forgets them."})
	}
	if v.Access != "" {
		ns = append(ns, sitemsg.Node{Tag: "p", Class: "notice", Text: v.Access})
	}
	body := p.handlers().Nodes(ns)
	if v.Matrix != nil {
		body = append(body, &siteMatrix{Node: v.Matrix, panel: p})
	}
	ns = append(ns[:0:0], v.Parts...)
	if sh.Log != nil {
		ns = append(ns, *sh.Log)
	}
	if sh.List != nil {
		ns = append(ns, *sh.List)
	}
	body = append(body, p.handlers().Nodes(ns)...)
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
	panel *SiteURLs
}

// Render returns the component's markup.
func (m *siteMatrix) Render() app.UI { return m.panel.handlers().Node(m.Node) }

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
	{Tag: "textarea", ID: siteurls.PasteID, Attrs: []string{"rows", "8", "spellcheck", "false",
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

// Control returns what of the control id changes with the panel's state:
// its text and title when they do, its value, and whether it is disabled
// (widget.Controls).
func (p *SiteURLs) Control(id string) (text, title, value string, off bool) {
	sh := &p.Shown
	total := sh.View.Pages + sh.View.Requests
	switch id {
	case "site-urls-fetch":
		title = "Fetch the sitemaps your robots.txt names, through this site's fetch relay"
		if !p.Relay {
			title = "This site has no fetch relay: drop the sitemap files here instead"
		}
		return "Fetch the sitemaps (" + strconv.Itoa(len(sh.Sitemaps)) + ")", title, "", sh.Busy || len(sh.Sitemaps) == 0
	case SiteURLsCrawlerID:
		return "", "", sh.View.Crawler, false
	case "site-urls-export":
		return "", "", "", total == 0 || sh.Busy || sh.Exporting
	case "site-urls-clear":
		return "", "", "", total+sh.Sources == 0 || sh.Busy
	case "site-urls-add":
		return "", "", "", sh.Busy
	}
	return "", "", "", false
}

// handlers are what the panel's nodes do.
func (p *SiteURLs) handlers() widget.NodeHandlers {
	return widget.NodeHandlers{Controls: p, Clicked: p.clicked, Changed: p.changed, Line: p.revealLine}
}

// clickActions are the messages of the panel's buttons, by id.
var clickActions = map[string]siteurls.Msg{
	"site-urls-fetch": siteurls.Fetch{}, "site-urls-export": siteurls.Export{}, "site-urls-clear": siteurls.Clear{},
	"site-urls-rebase": siteurls.Rebase{}, "site-urls-undo": siteurls.Undo{},
}

// clicked handles a click on one of the panel's buttons, told by its id.
func (p *SiteURLs) clicked(ctx app.Context, e app.Event) {
	src := ctx.JSSrc()
	if pick := src.Call("getAttribute", "data-pick"); pick.Truthy() {
		// A crawler's row of the matrix: its lines, as "Count for".
		p.To.Send(ctx, siteurls.SetCrawler{Text: pick.String()})
		return
	}
	if col := src.Call("getAttribute", "data-log-sort"); col.Truthy() {
		p.To.Send(ctx, siteurls.SortLog{Column: col.String()})
		return
	}
	if agent := src.Call("getAttribute", "data-log-open"); agent.Truthy() {
		p.To.Send(ctx, siteurls.OpenLogRow{Agent: agent.String()})
		return
	}
	if key := src.Call("getAttribute", "data-unfold"); key.Truthy() {
		// A fold of the matrix: its crawlers' rows shown, or hidden.
		p.To.Send(ctx, siteurls.Unfold{Key: key.String()})
		return
	}
	id := src.Get("id").String()
	switch {
	case id == "site-urls-add":
		// The textarea's text is read here, never written by a redraw
		// (go-app #1083).
		if el := dom.Element(siteurls.PasteID); el.Truthy() {
			p.To.Send(ctx, siteurls.Add{Text: el.Get("value").String()})
		}
	case id == "site-urls-fetch" && p.Shown.Busy:
	case clickActions[id] != nil:
		p.To.Send(ctx, clickActions[id])
	}
}

// changed handles a change of the crawler field or the file chosen.
func (p *SiteURLs) changed(ctx app.Context, e app.Event) {
	el := ctx.JSSrc()
	switch el.Get("id").String() {
	case SiteURLsCrawlerID:
		p.To.Send(ctx, siteurls.SetCrawler{Text: el.Get("value").String()})
	case "site-urls-file":
		if fs := dom.Files(ctx, e); len(fs) > 0 {
			p.To.Send(ctx, SiteFiles{Files: fs})
		}
		el.Set("value", "") // the same file can be chosen again
	}
}

func (p *SiteURLs) drop(ctx app.Context, e app.Event) {
	if fs := dom.Files(ctx, e); len(fs) > 0 {
		e.PreventDefault()
		p.To.Send(ctx, SiteFiles{Files: fs})
	}
}

func (p *SiteURLs) revealLine(ctx app.Context, e app.Event) {
	widget.SendLine(ctx, p.To)
}
