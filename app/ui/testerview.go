package ui

import (
	"fmt"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"robotstester/app/internal/byintent"
	"robotstester/app/internal/embed"
	"robotstester/app/internal/session"
	"robotstester/app/internal/share"
	"robotstester/app/internal/siteurls"
	"robotstester/app/model"
	"robotstester/app/ui/dom"
	"robotstester/app/ui/panel"
	"robotstester/app/ui/results"
	"robotstester/app/ui/widget"
)

// Render returns the component's markup, drawn by the page's view from
// what the session and the page's parts hold.
func (t *Tester) Render() app.UI {
	if t.work == nil {
		t.OnInit()
	}
	t.pace.Rendering()
	v := pageView{
		state:    t.work.State(),
		an:       t.work.Analysis(),
		ready:    t.ready,
		shown:    t.shown,
		parts:    t.parts,
		lines:    t.lines,
		embed:    t.page.embed,
		fullLink: t.page.fullLink,
		keptList: t.keptList,
		ui:       &t.ui,
		work:     t.work,
		notes:    t.work.Notes(),
		pending:  t.work.Pending(),
		to:       t,
	}
	if !app.IsClient || t.ui.moreOpened["site-urls"] {
		v.site = t.work.Parts().SiteURLs() // drawn only once opened
	}
	if !app.IsClient || t.ui.moreOpened[panel.IntentID] {
		v.intent = t.work.Parts().Intent() // drawn only once opened
	}
	v.undo, v.canUndo = t.work.CanUndo()
	v.redo, v.canRedo = t.work.CanRedo()
	if v.embed.On {
		return v.embedded()
	}
	return v.page()
}

// pageView draws the page from what it is given: the work and its
// analysis as the session holds them (read, never changed), the page's
// own view state, and each part's view. What the user does comes back as
// the session's edits (edit) or the page's messages.
//
// It lives for one render. Its handlers are the Tester's (their code, and
// so go-app's idea of whether a control's handler changed, is the same at
// every render), never closures over the view itself, which the next
// render replaces while go-app keeps the first handler it was given.
type pageView struct {
	state *model.State
	an    *model.Analysis

	undo, redo       string
	canUndo, canRedo bool

	ready, shown bool
	parts        int         // how many of the page's parts are drawn (mount.go)
	lines        results.Cap // how many of the tests' lines are drawn, while the page starts
	embed        embed.Options
	fullLink     string
	keptList     bool // the page has the prerendered page's crawler datalist (crawlerList)

	ui     *viewState
	site   siteurls.Shown // what the site URLs panel draws, once opened
	intent byintent.Shown // what Rules by intent draws, once opened
	// work is the session, for the parts' views to read what its parts
	// hold (never to change it: what they do is sent to).
	work *session.Session

	notes   []session.Note
	pending *model.State // the link's tests waiting for the user's choice
	// to takes what the views send: the Tester.
	to widget.Sender
}

// on returns a handler that hands e to the session: an edit that is the
// same at every render (go-app keeps a control's first handler).
func (v pageView) on(e session.Edit) app.EventHandler {
	to := v.to
	return func(ctx app.Context, _ app.Event) { to.Send(ctx, e) }
}

// onChoice returns a select's handler, which hands the session the edit
// made of the value chosen.
func (v pageView) onChoice(chosen func(value string) session.Edit) app.EventHandler {
	to := v.to
	return func(ctx app.Context, _ app.Event) { to.Send(ctx, chosen(ctx.JSSrc().Get("value").String())) }
}

// page draws the whole page, as far as its parts are drawn (mount.go).
func (v pageView) page() app.UI {
	root := v.root("tester")
	parts := v.parts
	if !app.IsClient {
		parts = partAll
	}
	var body []app.UI
	if parts >= partTitle {
		body = append(body, v.header(parts))
	}
	if parts >= partEditor {
		body = append(body, v.workspace(parts))
	}
	if parts >= partTests {
		body = append(body, v.testsSection())
	}
	if parts >= partAll {
		body = append(body, v.panels()...)
	}
	return root.Body(body...)
}

// root returns the page's root element with the given classes: hidden
// while the live page is built, and marked data-ready once it is ready.
func (v pageView) root(classes ...string) app.HTMLMain {
	if app.IsClient && !v.shown {
		classes = append(classes, dom.MountingClass)
	}
	root := app.Main().Class(classes...)
	if !app.IsClient {
		// The page made at build time takes no input when the visit opens
		// a link or saved work (app/editor/src/early.js): these say where
		// to look for them.
		root = root.DataSet("early-link", share.FragmentKey)
		if !v.embed.On { // the embed mode opens no saved work
			root = root.DataSet("early-save", session.SaveKey)
		}
	}
	if v.ready && v.shown {
		root = root.DataSet("ready", "true") // as ShowLivePage marks it
	}
	return root
}

// panels returns the page's rarely used parts, under the tests, each
// closed until asked for: many tests at once, import and export, the
// versions, the file's overview, the findings and every crawler's reading.
func (v pageView) panels() []app.UI {
	an := v.an
	return []app.UI{
		app.Section().ID("more").Class("more").Aria("labelledby", "more-title").Body(
			app.H2().ID("more-title").Text("More"),
			app.Div().Class("more-list").Body(
				v.morePanel("site-urls", app.Span().ID("site-urls-toggle").Text("Your site's URLs: every crawler over your sitemaps, lists, logs"), func() app.UI {
					return &panel.SiteURLs{Shown: v.site, Relay: app.Getenv(RelayEnv) != "", To: v.to}
				}),
				v.morePanel("more-grid", app.Text("Many tests at once: crawlers × URLs"), func() app.UI {
					return &panel.GridPanel{Room: (*v.state).Room(), To: v.to}
				}),
				v.morePanel("more-transfer", app.Text("Import and export"), v.transferView),
				v.versionsView(),
				v.morePanel("more-versions-compare", app.Text("Compare versions: try a change before you publish it"), v.proposalView),
				v.morePanel(panel.IntentID, app.Text("Rules by intent"), func() app.UI { return &panel.Intent{Shown: v.intent, To: v.to} }),
				v.morePanel("more-overview", app.Text("The file: groups, sitemaps, AI crawlers"), v.overview),
				v.morePanel("more-findings", v.findingsSummary(), func() app.UI {
					return &panel.FindingsPanel{
						Groups:   an.FindingGroups(v.ui.severity),
						Linted:   an.Linted(),
						Severity: v.ui.severity,
						To:       v.to,
					}
				}),
				v.morePanel("more-compare", app.Text("Every crawler's reading"), v.compareView),
				v.morePanel(panel.CrawlersID, app.Text("Crawlers: the catalogue"), v.crawlers),
			),
		),
		v.crawlerList(), // the crawler fields' suggestions
		app.Footer().Class("note").Text("Verdicts follow Google's open-source reading unless another dialect is chosen. Nothing you type leaves this page."),
	}
}

// crawlers returns the reference of crawlers, as its query finds them. It
// is drawn only once opened, and never in the page made at build time:
// its hundreds of entries are no part of the start.
func (v pageView) crawlers() app.UI {
	if !app.IsClient {
		return nil
	}
	return &panel.Crawlers{View: model.CatalogueOf(v.ui.catalogue), To: v.to}
}

// overview returns the file's overview; the AI crawlers' grid is worked
// out only while it is open.
func (v pageView) overview() app.UI {
	an := v.an
	p := &panel.OverviewPanel{O: an.Overview(), AIOpen: v.ui.aiOpen, AIFolds: v.ui.aiFolds, To: v.to}
	if v.ui.aiOpen {
		g := an.AIGrid()
		p.AI = &g
	}
	return p
}

// header returns the page's top: the title, the share bar, Undo and the
// notices.
func (v pageView) header(parts int) app.UI {
	body := []app.UI{
		// The first Tab stop: past the header and the test bar, straight to
		// the file. editor.js follows it (go-app would take the click for
		// a navigation, and the address's fragment is the share link's).
		app.A().Class("skip-link").Href("#" + dom.EditorID).Text("Skip to the robots.txt editor"),
		app.H1().Text("robots.txt tester"),
		app.P().Class("lede").Text("Paste a robots.txt, add crawlers and URLs: every verdict, the group that applied and the line that decided update as you type. Everything runs in your browser."),
		v.loadingNote(),
	}
	// Drawn in steps at the start (mount.go): the title, the tools, the rest.
	if parts >= partTools {
		body = append(body, v.topTools())
	}
	if parts >= partHeader {
		body = append(body, v.fetchView(), v.noticesView())
	}
	return app.Header().Class("top").Body(body...)
}

// loadingNote is shown in the prerendered page, which takes input but
// gives no new verdicts until the live page takes its place (the test bar
// says so where the user looks: early.js). Once the page is ready, an
// empty hidden paragraph keeps its place: go-app matches children by
// place, and a child removed before the header's tools and fetch bar drew
// them again whole, in the last task of the page's first screen.
func (v pageView) loadingNote() app.UI {
	if v.ready {
		return app.P().Hidden(true)
	}
	return app.P().Class("loading").Aria("live", "polite").Text("Loading the tester…")
}

// topTools returns the share bar and Undo.
func (v pageView) topTools() app.UI {
	return app.Div().Class("tools top-tools").Body(
		v.shareView(),
		v.undoButtons(),
	)
}

// noticesView draws the notices and the choice over a link waiting.
func (v pageView) noticesView() app.UI {
	shared := -1
	if p := v.pending; p != nil {
		shared = len(p.Rows)
	}
	return &panel.Notices{Notes: v.notes, Shared: shared, CanUndo: v.canUndo, To: v.to}
}

// workspace returns the first screen: the editor, and beside it (above it
// on a phone) the selected test with its verdict and its explanation. The
// side's test bar and Why are drawn from their parts on (mount.go).
//
// The side comes first in the document, where a phone shows it, so that
// Tab goes from the question to the file there as on a wide screen, where
// the grid puts it on the right. Its element is there from the first
// render: go-app matches children by position, and a side added before the
// editor later would make it draw the editor (and CodeMirror) anew.
func (v pageView) workspace(parts int) app.UI {
	side := app.Div().Class("side")
	switch {
	case parts >= partWhy1:
		why, hasWhy := v.an.Why()
		side = side.Body(
			v.testBar(false),
			&panel.WhyPanel{Why: why, Has: hasWhy, Sheet: v.ui.whySheet, Opener: v.ui.whyOpener, Drawn: whyDrawn(parts), To: v.to},
		)
	case parts >= partBar:
		side = side.Body(v.testBar(false))
	}
	return app.Div().Class("workspace").Body(
		side,
		app.Section().Class("pane", "editor-pane").Aria("labelledby", "editor-title").Body(
			app.Div().Class("pane-head").Body(
				app.H2().ID("editor-title").Text("robots.txt"),
				app.Div().Class("tools").Body(
					app.Button().Type("button").ID("load-example").OnClick(v.on(session.LoadExample{})).Text("Example"),
					app.Button().Type("button").ID("clear-file").OnClick(v.on(session.ClearFile{})).Text("Clear"),
				),
			),
			v.editor(),
			app.If(parts >= partEditorFoot, func() app.UI {
				return app.Div().Class("editor-foot").Body(
					v.summary(),
					editorLegend(),
					v.serverAnswer(),
				)
			}),
			app.If(parts >= partEditorFoot, v.cutNote),
			app.If(parts >= partEditorFoot, v.contentNote),
		),
	)
}

// testBar returns the selected test's bar; readOnly locks it (in an
// embed).
func (v pageView) testBar(readOnly bool) app.UI {
	why, has := v.an.Why()
	return &results.TestBar{
		Why:      why,
		Has:      has,
		Total:    len((*v.state).Rows),
		ReadOnly: readOnly,
		To:       v.to,
	}
}

// testsSection returns the tests: the dialect, the results table, the Why
// and the controls to add tests.
func (v pageView) testsSection() app.UI {
	dialects := model.DialectChoices()
	opts := make([]app.UI, len(dialects))
	for i, d := range dialects {
		opts[i] = app.Option().Value(d.Value).Selected(d.Value == (*v.state).Dialect).Text(d.Title)
	}
	section := app.Section().ID("tests").Class("tests")
	if v.lines.On {
		section = section.Class(dom.DrawingClass)
	}
	return section.Aria("labelledby", "tests-title").Body(
		app.Div().Class("pane-head").Body(
			app.H2().ID("tests-title").Text("Tests"),
			app.Div().Class("tools").Body(
				app.Label().For(dom.DialectID).Text("Read as "),
				app.Select().ID(dom.DialectID).Name(dom.DialectID).OnChange(v.onChoice(func(d string) session.Edit { return session.SetDialect{Dialect: d} })).Body(opts...),
			),
		),
		v.answerNote(),
		app.If(!v.lines.On || v.lines.Lines >= 0, func() app.UI { return v.resultsTable(false) }),
		app.Div().Class("tools").Body(
			app.Button().Type("button").ID("add-row").OnClick(v.on(session.AddRow{After: -1})).Text("+ Add a test"),
			app.Button().Type("button").ID("pin-all").OnClick(v.on(session.PinAll{})).
				Title("Pin every test's verdict as expected: a later edit that changes one is marked").Text("Pin all verdicts"),
			app.Span().Class("note").Text("Tip: paste a list of URLs, one per line, into a URL field to make one test per URL."),
		),
	)
}

// undoButtons returns the Undo and Redo buttons, labelled with what they
// would undo or redo.
func (v pageView) undoButtons() app.UI {
	u := &widget.UndoButtons{To: v.to}
	u.Undo, u.CanUndo = v.undo, v.canUndo
	u.Redo, u.CanRedo = v.redo, v.canRedo
	return u
}

// editor returns the robots.txt editor. The page made at build time shows
// the file's first lines in it, marked as the live editor marks them.
func (v pageView) editor() app.UI {
	e := &Editor{To: v.to}
	if !app.IsClient {
		e.Static = v.an.Lines(model.Window{First: 1, Last: staticLines})
		if len((*v.state).Robots) <= earlyTextSize {
			e.Text = dom.KeepBOM((*v.state).Robots)
		}
	}
	return e
}

// staticLines is how many lines of the file the page made at build time
// draws in the editor: more than the editor shows.
const staticLines = 40

// earlyTextSize is the largest text the page made at build time carries
// whole, for its editor to become a real one before app.wasm has started
// (app/editor/src/early.js): the example's and more.
const earlyTextSize = 16 << 10

// contentNote says, under the editor, when the text is not a robots.txt.
func (v pageView) contentNote() app.UI {
	note := v.an.ContentNote()
	return app.If(note != "", func() app.UI {
		return app.P().ID("content-note").Class("notice alert").Role("alert").Text(note)
	})
}

// serverAnswer is the choice of what the server answers to the request
// for robots.txt (200, redirects, 404, 401/403, 429, 503, a timeout):
// each test's verdict then shows what its crawler does after that answer.
// A select of the Tester's own, not a component: each component type
// weighs in app.wasm.
func (v pageView) serverAnswer() app.UI {
	return app.P().Class("server-answer tools").Body(
		app.Label().For(dom.ServerAnswerID).Text("The server answers"),
		widget.ChoiceSelect(dom.ServerAnswerID, model.AnswerChoices(), model.AnswerFor((*v.state).Answer).Choice(), v.onChoice(func(a string) session.Edit { return session.SetAnswer{Answer: a} })),
	)
}

// answerNote says, above the tests, what the chosen server answer makes
// each reading do, when it is not a plain 200.
func (v pageView) answerNote() app.UI {
	note := model.AnswerNote((*v.state).Answer)
	return app.If(note != "", func() app.UI {
		return app.P().ID("answer-note").Class("notice").Role("status").
			DataSet("answer", (*v.state).Answer).Text(note)
	})
}

// summary returns the line under the editor: the file's lines and bytes.
func (v pageView) summary() app.UI {
	f := v.an.File
	return app.P().ID("summary").Class("note").
		DataSet("lines", f.TotalLines).
		DataSet("bytes", f.Size).
		Text(model.Plural(f.TotalLines, "line", "lines") + ", " + model.Plural(f.Size, "byte", "bytes"))
}

// editorLegend says what the editor's marks mean, in words a screen
// reader reads with the editor (its aria-describedby) and beside swatches
// of the bands' own colours for the eye.
func editorLegend() app.UI {
	swatch := func(class, words string) app.UI {
		return app.Span().Class("legend-item").Body(app.Span().Class("swatch", class).Aria("hidden", "true"), app.Text(words))
	}
	return app.P().ID(dom.EditorLegendID).Class("note", "legend").Body(
		swatch("swatch-group", "the group that applies"),
		swatch("swatch-deciding", "the line that decides (◀ decides)"),
		swatch("swatch-finding", "a finding, in the margin"),
	)
}

// resultsTable returns the tests as a compact table; readOnly locks them
// (in an embed).
func (v pageView) resultsTable(readOnly bool) app.UI {
	an := v.an
	return &results.ResultsTable{
		Table:    v.ui.results.Table(an, v.state),
		Selected: an.Selected,
		ReadOnly: readOnly,
		Reveal:   v.ui.rowReveal,
		Cap:      v.lines,
		To:       v.to,
	}
}

// morePanel puts a rarely used panel in a part of the page closed until
// the user opens it. The live page draws the panel once it has been opened
// (and keeps it, with what was typed in it, when it is closed again):
// drawn at the start, the six panels were a fifth of the page's elements,
// and a fifth of go-app's work at every redraw, for parts most visitors
// never open. The page made at build time draws them all, for a visitor
// who opens one before the WebAssembly runs.
func (v pageView) morePanel(id string, summary app.UI, panel func() app.UI) app.UI {
	d := app.Details().ID(id).Class("more-item")
	if app.IsClient && !v.ui.moreOpened[id] {
		return d.OnToggle(v.ui.openMore).Body(app.Summary().Body(summary))
	}
	return d.Body(app.Summary().Body(summary), panel())
}

// cutNote says where a file past the fetch limit is cut (#cut, a hook):
// under the editor, where the user pasted it.
func (v pageView) cutNote() app.UI {
	f := v.an.File
	if f.Cut == 0 {
		return nil
	}
	return app.P().ID("cut").Class("alert").Body(
		app.Text(fmt.Sprintf("The file passes 500 KiB (%d bytes): crawlers stop reading at byte %d, in ", f.Size, f.Cut)),
		widget.LineButton(f.CutLine, widget.LineTo(v.to)),
		app.Text(". Everything after it is ignored."),
	)
}

// findingsSummary names the findings' part with their counts by severity
// (#counts, a hook), so that a file with errors says so while the part is
// closed.
func (v pageView) findingsSummary() app.UI {
	an := v.an
	c := an.FindingCounts()
	counts := app.Span().ID("counts").
		DataSet("errors", c.Errors).
		DataSet("warnings", c.Warnings).
		DataSet("infos", c.Infos).
		DataSet("linted", an.Linted())
	if an.Linted() {
		counts = counts.Text(": " + model.Plural(c.Errors, "error", "errors") + ", " +
			model.Plural(c.Warnings, "warning", "warnings") + ", " +
			model.Plural(c.Infos, "note", "notes"))
	}
	return app.Span().Body(app.Text("Findings"), counts)
}

// crawlerList returns the crawler fields' datalist, unless the page made
// at build time's is kept (v.keptList): 43 elements fewer to draw at the
// start.
func (v pageView) crawlerList() app.UI {
	return app.If(!v.keptList, func() app.UI { return &widget.CrawlerList{} })
}
