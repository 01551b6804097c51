package ui

import (
	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"robotstester/app/ui/model"
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

// panels returns the page's parts under the tests: the grid, import and
// export, the versions, the file's overview, the findings and the
// comparison of dialects.
func (t *Tester) panels() []app.UI {
	an := t.work.An
	return []app.UI{
		&GridPanel{Room: t.work.State.Room(), onGrid: t.grid},
		&TransferPanel{
			onExport:    t.export,
			onStateFile: t.importStateFile,
			onURLs:      t.importURLs,
			onURLFile:   t.importURLFile,
		},
		&VersionsPanel{Versions: t.page.versions, onOpen: t.openVersions, onRestore: t.restoreVersion},
		t.versionsCompare(),
		app.Div().Class("details").Body(
			t.overview(),
			&FindingsPanel{
				Groups:     an.FindingGroups(t.severity),
				Linted:     an.Linted(),
				Severity:   t.severity,
				onSeverity: t.setSeverity,
				onReveal:   t.reveal,
			},
			t.comparePanel(),
		),
		&CrawlerList{}, // the crawler fields' suggestions
		app.Footer().Class("note").Text("Verdicts follow Google's open-source reading unless another dialect is chosen. Nothing you type leaves this page."),
	}
}

// overview returns the file's overview; the AI crawlers' grid is worked
// out only while it is open.
func (t *Tester) overview() app.UI {
	an := t.work.An
	p := &OverviewPanel{O: an.Overview(), AIOpen: t.aiOpen, onReveal: t.reveal, onAIToggle: t.toggleAIGrid}
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
			// Shown in the prerendered page: go-app replaces the DOM when
			// the wasm starts, so text typed before then would be lost.
			return app.P().Class("loading").Aria("live", "polite").Text("Loading the tester…")
		}),
		app.Div().Class("tools top-tools").Body(
			&ShareBar{
				Status:   t.page.linkStatus,
				Link:     t.page.linkShown,
				TooLong:  t.page.linkTooLong,
				onCopy:   t.copyLink,
				onExport: t.exportState,
			},
			t.undoControls(),
		),
		t.notices(),
	)
}

// workspace returns the editor and, beside it when withRead, the file as
// read.
func (t *Tester) workspace(withRead bool) app.UI {
	an := t.work.An
	return app.Div().Class("workspace").Body(
		app.Section().Class("pane").Aria("labelledby", "editor-title").Body(
			app.Div().Class("pane-head").Body(
				app.H2().Body(app.Label().ID("editor-title").For(EditorID).Text("robots.txt")),
				app.Div().Class("tools").Body(
					app.Button().Type("button").ID("load-example").OnClick(t.loadExample).Text("Example"),
					app.Button().Type("button").ID("clear-file").OnClick(t.clearFile).Text("Clear"),
				),
			),
			t.editor(false),
			&FetchPanel{View: t.page.fetch, Disabled: !t.ready, onFetch: t.fetchRobots},
			t.summary(),
			t.serverAnswer(),
			t.contentNote(),
		),
		app.If(withRead, func() app.UI {
			return app.Section().Class("pane").Aria("labelledby", "read-title").Body(
				app.Div().Class("pane-head").Body(
					app.H2().ID("read-title").Text("As "+an.Reading.Dialect.Title()+" reads it"),
					app.Span().Class("legend note").Body(
						app.Span().Class("key group").Text("group used"),
						app.Span().Class("key deciding").Text("deciding line"),
					),
				),
				t.fileView(),
			)
		}),
	)
}

// testsSection returns the tests: the dialect, the results table, the Why
// and the controls to add tests.
func (t *Tester) testsSection() app.UI {
	why, hasWhy := t.work.An.Why()
	dialects := model.DialectChoices()
	opts := make([]app.UI, len(dialects))
	for i, d := range dialects {
		opts[i] = app.Option().Value(d.Value).Selected(d.Value == t.work.State.Dialect).Text(d.Title)
	}
	return app.Section().ID("tests").Class("tests").Aria("labelledby", "tests-title").Body(
		app.Div().Class("pane-head").Body(
			app.H2().ID("tests-title").Text("Tests"),
			app.Div().Class("tools").Body(
				app.Label().For(DialectID).Text("Read as "),
				app.Select().ID(DialectID).Name(DialectID).OnChange(t.setDialect).Body(opts...),
			),
		),
		t.answerNote(),
		app.Div().Class("results-layout").Body(
			t.resultsTable(false),
			&WhyPanel{Why: why, Has: hasWhy, Sheet: t.whySheet, onReveal: t.reveal, onClose: t.closeWhy},
		),
		app.Div().Class("tools").Body(
			app.Button().Type("button").ID("add-row").OnClick(t.addRow).Text("+ Add a test"),
			app.Button().Type("button").ID("pin-all").OnClick(t.pinAll).
				Title("Pin every test's verdict as expected: a later edit that changes one is marked").Text("Pin all verdicts"),
			app.Span().Class("note").Text("Tip: paste a list of URLs, one per line, into a URL field to make one test per URL."),
		),
	)
}

// undoControls returns the Undo and Redo buttons, labelled with what they
// would undo or redo.
func (t *Tester) undoControls() app.UI {
	undoLabel, canUndo := t.work.CanUndo()
	redoLabel, canRedo := t.work.CanRedo()
	undoTitle, redoTitle := "Nothing to undo", "Nothing to redo"
	if canUndo {
		undoTitle = "Undo: " + undoLabel + " (Ctrl+Z)"
	}
	if canRedo {
		redoTitle = "Redo: " + redoLabel + " (Ctrl+Shift+Z)"
	}
	return app.Span().Class("undo tools").Body(
		app.Button().Type("button").ID(UndoID).Disabled(!canUndo).Title(undoTitle).Aria("label", undoTitle).
			OnClick(t.undo).Text("↶ Undo"),
		app.Button().Type("button").ID(RedoID).Disabled(!canRedo).Title(redoTitle).Aria("label", redoTitle).
			OnClick(t.redo).Text("↷ Redo"),
	)
}

// editor returns the robots.txt editor; readOnly locks it (in an embed).
func (t *Tester) editor(readOnly bool) app.UI {
	e := &Editor{
		Lines:    t.work.An.File.TotalLines,
		Top:      t.editTop,
		Height:   t.editHeight,
		Disabled: !t.ready,
		ReadOnly: readOnly,
		initial:  t.work.State.Robots,
		onInput:  t.setRobots,
		onScroll: t.scrollEditor,
	}
	if !readOnly {
		e.onDrop = t.dropRobots
	}
	return e
}

// fileView returns the file as read, the lines near the screen drawn.
func (t *Tester) fileView() app.UI {
	an := t.work.An
	w := model.Visible(t.readTop, t.readHeight, LineHeight, len(an.File.Lines), Margin)
	return &FileView{
		Lines:     an.Lines(w),
		Total:     len(an.File.Lines),
		Highlight: t.highlight,
		Dialect:   an.Reading.Dialect.Title(),
		onScroll:  t.scrollRead,
		onReveal:  t.reveal,
	}
}

// contentNote says, under the editor, when the text is not a robots.txt.
func (t *Tester) contentNote() app.UI {
	note := t.work.An.ContentNote()
	return app.If(note != "", func() app.UI {
		return app.P().ID("content-note").Class("notice alert").Role("alert").Text(note)
	})
}

// ServerAnswerID is the id of the server-answer control, whose values are
// those of model.AnswerChoices.
const ServerAnswerID = "server-answer"

// serverAnswer is the choice of what the server answers to the request
// for robots.txt (200, redirects, 404, 401/403, 429, 503, a timeout):
// each test's verdict then shows what its crawler does after that answer.
// A select of the Tester's own, not a component: each component type
// weighs in app.wasm.
func (t *Tester) serverAnswer() app.UI {
	return app.P().Class("server-answer tools").Body(
		app.Label().For(ServerAnswerID).Text("The server answers"),
		choiceSelect(ServerAnswerID, model.AnswerChoices(), model.AnswerFor(t.work.State.Answer).Choice(), t.setAnswer),
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
	return &ResultsTable{
		Table:    t.results.Table(an, &t.work.State),
		Selected: an.Selected,
		ReadOnly: readOnly,
		Reveal:   t.rowReveal,
		onAgent:  t.setAgent,
		onURL:    t.setURL,
		onPaste:  t.pasteURLs,
		onSelect: t.selectRow,
		onWhy:    t.whyRow,
		onRemove: t.removeRow,
		onPin:    t.pinRow,
		onReveal: t.reveal,
		onEnter:  t.addRowAfter,
		onQuery:  t.setQuery,
	}
}

// comparePanel draws every test in every dialect, once asked to: the
// comparison reads the file once per dialect.
func (t *Tester) comparePanel() app.UI {
	an := t.work.An
	p := &ComparePanel{Open: t.compareOpen, Rows: an.Rows, Limit: min(model.ComparePage+t.compareLimit, t.compareDrawn), Drawing: !t.compareDone(),
		onToggle: t.toggleCompare, onMore: t.compareMore, onReveal: t.reveal}
	if t.compareOpen {
		p.C = an.Comparison(&t.work.State)
	}
	return p
}
