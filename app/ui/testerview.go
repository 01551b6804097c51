package ui

import (
	"fmt"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"robotstester/app/model"
	"robotstester/app/ui/dom"
	"robotstester/app/ui/panel"
	"robotstester/app/ui/tests"
	"robotstester/app/ui/widget"
	"robotstester/robots"
)

// Render returns the component's markup.
func (t *Tester) Render() app.UI {
	if t.work == nil {
		t.OnInit()
	}
	if t.page.embed.On {
		return t.renderEmbed()
	}
	root := t.root("tester")
	parts := t.parts
	if parts == 0 {
		parts = firstParts()
	}
	body := []app.UI{t.header(), t.workspace(parts >= partRead)}
	if parts >= partTests {
		body = append(body, t.testsSection())
	}
	if parts >= partAll {
		body = append(body, t.panels()...)
	}
	return root.Body(body...)
}

// panels returns the page's rarely used parts, under the tests, each
// closed until asked for: many tests at once, import and export, the
// versions, the file's overview, the findings and every crawler's reading.
func (t *Tester) panels() []app.UI {
	an := t.work.An
	return []app.UI{
		app.Section().ID("more").Class("more").Aria("labelledby", "more-title").Body(
			app.H2().ID("more-title").Text("More"),
			app.Div().Class("more-list").Body(
				t.morePanel("site-urls", app.Span().ID("site-urls-toggle").Text("Your site's URLs: every crawler over your sitemaps, lists, logs"), t.site.view),
				t.morePanel("more-grid", app.Text("Many tests at once: crawlers × URLs"), func() app.UI {
					return &panel.GridPanel{Room: t.work.State.Room(), OnEdit: t.apply}
				}),
				t.morePanel("more-transfer", app.Text("Import and export"), t.transfer.view),
				t.versions.view(),
				t.morePanel("more-versions-compare", app.Text("Compare versions: try a change before you publish it"), t.versions.compareView),
				t.morePanel("more-overview", app.Text("The file: groups, sitemaps, AI crawlers"), t.overview),
				t.morePanel("more-findings", t.findingsSummary(), func() app.UI {
					return &panel.FindingsPanel{
						Groups:     an.FindingGroups(t.severity),
						Linted:     an.Linted(),
						Severity:   t.severity,
						OnSeverity: t.setSeverity,
						OnReveal:   t.reveal,
					}
				}),
				t.morePanel("more-compare", app.Text("Every crawler's reading"), t.compare.view),
			),
		),
		t.crawlerList(), // the crawler fields' suggestions
		app.Footer().Class("note").Text("Verdicts follow Google's open-source reading unless another dialect is chosen. Nothing you type leaves this page."),
	}
}

// overview returns the file's overview; the AI crawlers' grid is worked
// out only while it is open.
func (t *Tester) overview() app.UI {
	an := t.work.An
	p := &panel.OverviewPanel{O: an.Overview(), AIOpen: t.aiOpen, OnReveal: t.reveal, OnAIToggle: t.toggleAIGrid}
	if t.aiOpen {
		g := an.AIGrid()
		p.AI = &g
	}
	return p
}

// header returns the page's top: the title, the share bar, Undo and the
// notices.
func (t *Tester) header() app.UI {
	return app.Header().Class("top").Body(
		app.H1().Text("robots.txt tester"),
		app.P().Class("lede").Text("Paste a robots.txt, add crawlers and URLs: every verdict, the group that applied and the line that decided update as you type. Everything runs in your browser."),
		app.If(!t.ready, func() app.UI {
			// Shown in the prerendered page, which takes input but gives
			// no new verdicts until the live page takes its place (the test
			// bar says so where the user looks: early.js).
			return app.P().Class("loading").Aria("live", "polite").Text("Loading the tester…")
		}),
		app.Div().Class("tools top-tools").Body(
			t.transfer.shareView(),
			t.undoButtons(),
		),
		t.transfer.fetchView(t.ready),
		t.notices.view(),
	)
}

// workspace returns the first screen: the editor, and beside it (above it
// on a phone) the selected test with its verdict and its explanation.
// withSide draws the side; the first render in the browser leaves it empty
// for the next part (mount.go).
//
// The side comes first in the document, where a phone shows it, so that
// Tab goes from the question to the file there as on a wide screen, where
// the grid puts it on the right. Its element is there from the first
// render: go-app matches children by position, and a side added before the
// editor later would make it draw the editor (and CodeMirror) anew.
func (t *Tester) workspace(withSide bool) app.UI {
	side := app.Div().Class("side")
	if withSide {
		why, hasWhy := t.work.An.Why()
		side = side.Body(
			t.testBar(false),
			&panel.WhyPanel{Why: why, Has: hasWhy, Sheet: t.whySheet, Opener: t.whyOpener, OnReveal: t.reveal, OnClose: t.closeWhy},
		)
	}
	return app.Div().Class("workspace").Body(
		side,
		app.Section().Class("pane", "editor-pane").Aria("labelledby", "editor-title").Body(
			app.Div().Class("pane-head").Body(
				app.H2().ID("editor-title").Text("robots.txt"),
				app.Div().Class("tools").Body(
					app.Button().Type("button").ID("load-example").OnClick(t.loadExample).Text("Example"),
					app.Button().Type("button").ID("clear-file").OnClick(t.clearFile).Text("Clear"),
				),
			),
			t.editor(),
			app.Div().Class("editor-foot").Body(
				t.summary(),
				t.serverAnswer(),
			),
			t.cutNote(),
			t.contentNote(),
		),
	)
}

// testBar returns the selected test's bar; readOnly locks it (in an
// embed).
func (t *Tester) testBar(readOnly bool) app.UI {
	why, has := t.work.An.Why()
	return &tests.TestBar{
		Why:      why,
		Has:      has,
		Total:    len(t.work.State.Rows),
		ReadOnly: readOnly,
		OnEdit:   t.apply,
		OnReveal: t.reveal,
	}
}

// testsSection returns the tests: the dialect, the results table, the Why
// and the controls to add tests.
func (t *Tester) testsSection() app.UI {
	dialects := model.DialectChoices()
	opts := make([]app.UI, len(dialects))
	for i, d := range dialects {
		opts[i] = app.Option().Value(d.Value).Selected(d.Value == t.work.State.Dialect).Text(d.Title)
	}
	return app.Section().ID("tests").Class("tests").Aria("labelledby", "tests-title").Body(
		app.Div().Class("pane-head").Body(
			app.H2().ID("tests-title").Text("Tests"),
			app.Div().Class("tools").Body(
				app.Label().For(dom.DialectID).Text("Read as "),
				app.Select().ID(dom.DialectID).Name(dom.DialectID).OnChange(t.setDialect).Body(opts...),
			),
		),
		t.answerNote(),
		t.resultsTable(false),
		app.Div().Class("tools").Body(
			app.Button().Type("button").ID("add-row").OnClick(t.addRow).Text("+ Add a test"),
			app.Button().Type("button").ID("pin-all").OnClick(t.pinAll).
				Title("Pin every test's verdict as expected: a later edit that changes one is marked").Text("Pin all verdicts"),
			app.Span().Class("note").Text("Tip: paste a list of URLs, one per line, into a URL field to make one test per URL."),
		),
	)
}

// undoButtons returns the Undo and Redo buttons, labelled with what they
// would undo or redo.
func (t *Tester) undoButtons() app.UI {
	u := &widget.UndoButtons{OnEdit: t.apply}
	u.Undo, u.CanUndo = t.work.CanUndo()
	u.Redo, u.CanRedo = t.work.CanRedo()
	return u
}

// editor returns the robots.txt editor. The page made at build time shows
// the file's first lines in it, marked as the live editor marks them.
func (t *Tester) editor() app.UI {
	e := &Editor{onMount: t.mountEditor, onDismount: t.edit.release}
	if !app.IsClient {
		e.Static = t.work.An.Lines(model.Window{First: 1, Last: staticLines})
		if len(t.work.State.Robots) <= earlyTextSize {
			e.Text = dom.KeepBOM(t.work.State.Robots)
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
func (t *Tester) contentNote() app.UI {
	note := t.work.An.ContentNote()
	return app.If(note != "", func() app.UI {
		return app.P().ID("content-note").Class("notice alert").Role("alert").Text(note)
	})
}

// serverAnswer is the choice of what the server answers to the request
// for robots.txt (200, redirects, 404, 401/403, 429, 503, a timeout):
// each test's verdict then shows what its crawler does after that answer.
// A select of the Tester's own, not a component: each component type
// weighs in app.wasm.
func (t *Tester) serverAnswer() app.UI {
	return app.P().Class("server-answer tools").Body(
		app.Label().For(dom.ServerAnswerID).Text("The server answers"),
		widget.ChoiceSelect(dom.ServerAnswerID, model.AnswerChoices(), model.AnswerFor(t.work.State.Answer).Choice(), t.setAnswer),
	)
}

// answerNote says, above the tests, what the chosen server answer makes
// each reading do, when it is not a plain 200.
func (t *Tester) answerNote() app.UI {
	note := model.AnswerNote(t.work.State.Answer)
	return app.If(note != "", func() app.UI {
		return app.P().ID("answer-note").Class("notice").Role("status").
			DataSet("answer", t.work.State.Answer).Text(note)
	})
}

// summary returns the line under the editor: the file's lines and bytes.
func (t *Tester) summary() app.UI {
	f := t.work.An.File
	return app.P().ID("summary").Class("note").
		DataSet("lines", f.TotalLines).
		DataSet("bytes", f.Size).
		Text(model.Plural(f.TotalLines, "line", "lines") + ", " + model.Plural(f.Size, "byte", "bytes"))
}

// resultsTable returns the tests as a compact table; readOnly locks them
// (in an embed).
func (t *Tester) resultsTable(readOnly bool) app.UI {
	an := t.work.An
	return &tests.ResultsTable{
		Table:    t.results.Table(an, &t.work.State),
		Selected: an.Selected,
		ReadOnly: readOnly,
		Reveal:   t.rowReveal,
		OnEdit:   t.apply,
		OnWhy:    t.whyRow,
		OnReveal: t.reveal,
		OnQuery:  t.setQuery,
	}
}

// morePanel puts a rarely used panel in a part of the page closed until
// the user opens it. The live page draws the panel once it has been opened
// (and keeps it, with what was typed in it, when it is closed again):
// drawn at the start, the six panels were a fifth of the page's elements,
// and a fifth of go-app's work at every redraw, for parts most visitors
// never open. The page made at build time draws them all, for a visitor
// who opens one before the WebAssembly runs.
func (t *Tester) morePanel(id string, summary app.UI, panel func() app.UI) app.UI {
	d := app.Details().ID(id).Class("more-item")
	if app.IsClient && !t.moreOpened[id] {
		return d.OnToggle(t.openMore).Body(app.Summary().Body(summary))
	}
	return d.Body(app.Summary().Body(summary), panel())
}

// openMore draws a part under More once it is opened.
func (t *Tester) openMore(ctx app.Context, e app.Event) {
	el := ctx.JSSrc()
	id := el.Get("id").String()
	if !el.Get("open").Bool() || t.moreOpened[id] {
		ctx.PreventUpdate()
		return
	}
	if t.moreOpened == nil {
		t.moreOpened = map[string]bool{}
	}
	t.moreOpened[id] = true
	if id == "site-urls" {
		t.site.start()
	}
}

// cutNote says where a file past the fetch limit is cut (#cut, a hook):
// under the editor, where the user pasted it.
func (t *Tester) cutNote() app.UI {
	f := t.work.An.File
	if f.Cut == 0 {
		return nil
	}
	return app.P().ID("cut").Class("alert").Body(
		app.Text(fmt.Sprintf("The file passes 500 KiB (%d bytes): crawlers stop reading at byte %d, in ", f.Size, f.Cut)),
		widget.LineButton(f.CutLine, t.revealLineButton),
		app.Text(". Everything after it is ignored."),
	)
}

// revealLineButton is the click of a "line N" button the Tester draws.
func (t *Tester) revealLineButton(ctx app.Context, e app.Event) { widget.RevealLine(ctx, t.reveal) }

// findingsSummary names the findings' part with their counts by severity
// (#counts, a hook), so that a file with errors says so while the part is
// closed.
func (t *Tester) findingsSummary() app.UI {
	an := t.work.An
	c := robots.Count(an.Findings)
	counts := app.Span().ID("counts").
		DataSet("errors", c[robots.Error]).
		DataSet("warnings", c[robots.Warning]).
		DataSet("infos", c[robots.Info]).
		DataSet("linted", an.Linted())
	if an.Linted() {
		counts = counts.Text(": " + model.Plural(c[robots.Error], "error", "errors") + ", " +
			model.Plural(c[robots.Warning], "warning", "warnings") + ", " +
			model.Plural(c[robots.Info], "note", "notes"))
	}
	return app.Span().Body(app.Text("Findings"), counts)
}

// crawlerList returns the crawler fields' datalist, unless the page made
// at build time's is kept (t.keptList): 43 elements fewer to draw at the
// start.
func (t *Tester) crawlerList() app.UI {
	return app.If(!t.keptList, func() app.UI { return &widget.CrawlerList{} })
}
