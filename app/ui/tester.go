package ui

import (
	"errors"
	"slices"
	"strings"
	"time"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"robotstester/app/internal/byintent"
	"robotstester/app/internal/effect"
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

// Tester is the app's root component. The work (what the user chose, its
// analysis, the notices, undo and the autosave) is a session.Session:
// every user action becomes a session.Edit handed to apply, the one place
// where the page follows a change. Tester itself keeps only what the page
// shows of it: scroll positions, the line revealed, panels open.
//
// Its root element carries data-ready once the WebAssembly app has
// mounted, which tells browser tests that the DOM they see is go-app's and
// no longer the prerendered page.
type Tester struct {
	app.Compo

	ready bool
	work  *session.Session
	gc    dom.Collector
	// painted is how many tests, and which one selected, the verdicts were
	// last painted for (show).
	painted paintShape

	parts    int         // how many of the page's parts are drawn (mount.go)
	lines    results.Cap // how many of the tests' lines are drawn, while the page starts
	pace     dom.Pace    // how many parts or lines a task of the start draws
	arriving bool        // the state the page opens with is asked for (arrive)
	shown    bool        // the live page has replaced the prerendered one
	keptList bool        // the page has the prerendered page's crawler datalist (crawlerList)
	staged   bool        // the live page shows at its first screen, the rest drawn after (start)
	// restWaits: the parts under the first screen are the prerendered
	// page's until first wanted (drawRest); restWanted: they are wanted.
	restWaits, restWanted bool
	opened                bool // the work the page opens with is shown (arrived)
	ended                 bool // the start's end is done (started)

	edit editing // the editor and its text (editing.go)

	ui viewState // what is open, what the results table shows (viewstate.go)

	page pageState // the browser's side: embed mode, the link (page.go)

	saveAt deadline // the autosave's wait for a pause in the typing (saving.go)

	versions versionsPanel // the autosave's news for the versions (versionspanel.go)

	site siteIO // the site URLs' worker, files, export and timers (siteio.go)

	lint linting // the findings, worked out once the user pauses (lint.go)

	// own is the Tester's own context, from OnMount. Timers that outlive
	// an event (the autosave, the linter) are set with it: a handler's
	// context belongs to the child that drew the control, and go-app drops
	// the timers of a child that is gone by then (a notice dismissed, the
	// shared-link choice answered).
	own app.Context
}

// OnInit loads the example, unless a state was given: the page is
// prerendered with it too. The views, the site URLs' page side and the
// view state send to the Tester (Send); the parts are the session's.
func (t *Tester) OnInit() {
	t.ui.to, t.site.to = t, t
	t.versions = versionsPanel{t: t}
	if t.work == nil {
		t.work = session.New(nil, nil, model.Example())
	}
	if !app.IsClient {
		// Prerendered pages show the findings at once; the live page
		// works them out when it draws them (mount.go). They draw every
		// part under More, Rules by intent with its preview.
		t.work.Analysis().Lint()
		prerenderIntent(t.work)
	}
	t.site.work = t.work
	t.parts = firstParts()
	t.keptList = dom.KeptCrawlerList()
}

// NewTester returns a Tester showing s instead of the example.
func NewTester(s model.State) *Tester {
	return &Tester{work: session.New(nil, nil, s)}
}

// OnMount runs in the browser only, once go-app has drawn the first part
// of the page.
//
// go-app's start and first render are one long task already: the work the
// page opens with (a link to decode, saved work to read, every test to
// check) is read next, in a goroutine that pauses, then the other parts of
// the page are drawn in tasks of their own (mount.go); the page is ready
// after them.
func (t *Tester) OnMount(ctx app.Context) {
	t.own = ctx
	t.start(ctx)
}

// Send carries out what a view sent, or a browser's event the page
// follows: the Tester is the views' one Sender (widget.Sender), and the
// browser's (dom.Sender). The page's own messages (the editor's host
// made or gone, the browser's events) are the page's; any other is the
// session's.
func (t *Tester) Send(ctx app.Context, msg any) {
	switch m := msg.(type) {
	case EditorMounted:
		t.mountEditor(ctx, m.Host)
	case EditorGone:
		t.edit.cm.Release() // the editor that lived in the host, and its hooks
		t.edit.cm = nil
	case dom.PageLeft:
		// Sent while the page's Go code waits, and the browser's event
		// (a reload, the next page) waits on it: it writes, and computes
		// nothing. The text whose analysis is under way is saved as it
		// is; the analysis goes on if the page comes back.
		t.run(ctx, t.work.Apply(session.Leaving{}).IO)
	case dom.StorageChanged:
		// Another tab of the tester wrote in this browser's storage (a
		// tab is not told of its own writes): its save is said at once,
		// and an open list of versions shows the version it kept.
		switch {
		case m.Key == session.StampKey:
			t.unseen(ctx, session.OtherTabSaved{Stamp: m.Value})
		case m.Key == session.VersionsKey && t.versions.otherTab(): // the open list read again
		default:
			ctx.PreventUpdate()
		}
	case dom.AddressChanged:
		t.linkGiven(ctx)
	case dom.PartsWanted:
		ctx.PreventUpdate()
		t.drawRest(ctx)
	case widget.ShowLine:
		t.reveal(ctx, m.Line)
	case widget.ExplainTest:
		t.whyRow(ctx, m.Row)
	case widget.CloseWhy:
		t.ui.whySheet = false
	case widget.SetTableQuery:
		t.ui.results.SetQuery(m.Query)
	case widget.ToggleAIGrid:
		t.ui.aiOpen = m.Open
	case widget.ToggleAIFold:
		if i := slices.Index(t.ui.aiFolds, m.Key); i >= 0 {
			t.ui.aiFolds = slices.Delete(t.ui.aiFolds, i, i+1)
		} else {
			t.ui.aiFolds = append(t.ui.aiFolds, m.Key)
		}
	case widget.SetCatalogueQuery:
		t.ui.catalogue = t.ui.catalogue.With(m.Field, m.Value)
	case widget.ShowSeverity:
		t.ui.severity = m.Severity
	case panel.SiteFiles:
		t.apply(ctx, siteurls.AddFiles{Files: t.site.give(m.Files)})
	case failure:
		pageIO{to: t}.fileFailed(ctx, m.What, m.Err)
	case PartOpened:
		switch m.ID {
		case "site-urls":
			t.apply(ctx, siteurls.Open{Begin: siteBegin(t.page.embed.On)}) // its worker loads meanwhile
		case panel.IntentID:
			t.apply(ctx, byintent.Follow{}) // its preview, made when first drawn
		}
	default:
		t.apply(ctx, msg)
	}
}

// apply carries out a message of the session and shows its effects.
func (t *Tester) apply(ctx app.Context, m session.Msg) {
	fx := t.work.Apply(m)
	// A part's message that changed nothing of the work asks for no
	// show: only its IO, run below.
	_, edit := m.(session.Edit)
	io := fx.IO
	if fx.IO = nil; edit || !fx.None() {
		t.show(ctx, fx)
	}
	t.run(ctx, io)
}

// run carries out the work with the browser that a change asked for
// (effect), in order.
func (t *Tester) run(ctx app.Context, io []effect.IO) {
	for _, w := range io {
		switch w := w.(type) {
		case effect.Download:
			if err := dom.Download(w.Name, w.Type, w.Data); err != nil {
				pageIO{to: t}.fileFailed(ctx, w.Failed, err)
			}
		case effect.SaveNow:
			t.run(ctx, t.work.Apply(session.Save{}).IO)
		case effect.Saved:
			// The work was written: a link in the address bar that no
			// longer matches it goes, unless it waits for the user's
			// choice (for a reload to ask again), and an open list of
			// versions reads them again when the save kept one.
			t.versions.saved()
			if u := dom.URL(); u != nil && t.work.Pending() == nil && strings.Contains(u.Fragment, share.FragmentKey+"=") {
				dom.ReplaceURL(embed.PageURL(u))
			}
		case effect.NextTask:
			// The autosave's steps, out of sight (unseen).
			dom.NextTask(ctx, func(ctx app.Context) { t.unseen(ctx, w.Msg) })
		case effect.ReadEditor:
			t.apply(ctx, session.EditorWhole{Text: t.edit.cm.Text(), Paced: t.ready})
		case effect.DropLink:
			dom.ReplaceURL(embed.PageURL(dom.URL()))
		case effect.WriteIntent:
			t.apply(ctx, intentWriter(w))
		case effect.CountPreview:
			t.apply(ctx, siteurls.CountPreview{CountPreview: w})
		case effect.ShowNotes:
			t.showInEditor(ctx, false)
		case effect.Failure:
			pageIO{to: t}.fileFailed(ctx, w.What, errors.New(w.Why))
		default:
			if !t.site.run(ctx, t.own, w) {
				pageIO{to: t, work: t.work, own: t.own}.run(ctx, w)
			}
		}
	}
}

// takePending has the session make the analysis of the text typed that is
// still under way, at once, and shows it: a use of the work that is no
// edit (a panel drawn from the analysis) must see the text as typed.
func (t *Tester) takePending(ctx app.Context) { t.show(ctx, t.work.Apply(session.Settle{})) }

// paintShape is what places the verdict painter writes to: how many tests
// there are and which one the test bar shows.
type paintShape struct{ rows, selected int }

// show brings the page in step with what an edit changed.
func (t *Tester) show(ctx app.Context, fx session.Effects) {
	// The parts left to the prerendered page stood for the work the page
	// opened with, which this changes.
	if t.opened {
		t.drawRest(ctx)
	}
	if fx.Replaced {
		// The line the editor showed was the old file's: the new one's
		// deciding line is shown once its analysis is done.
		t.edit.deciding = 0
	}
	if fx.Due {
		ctx.PreventUpdate() // nothing changes on screen until the analysis is done
		t.analyzeDue()
		if !fx.File && !fx.Rows {
			return
		}
	}
	if fx.Editor {
		// In a task of its own, once the verdicts are drawn; a key typed
		// before then wins.
		t.replaceEditorText()
	}
	t.lint.file.Store(t.work.Analysis().File)
	if fx.File || fx.Rows {
		// The verdicts are painted with the editor's marks (showAnalysis).
		// The painter finds the tests by the places the page last drew:
		// when tests came or went, or another is selected (a link read,
		// one removed above the selected one), it may have painted a
		// test's verdict in another's place, which go-app's redraw leaves
		// as it is if that place's own verdict is unchanged. Then, once
		// drawn, again; not after a key, which moves no test.
		if shape := (paintShape{len(t.work.State().Rows), t.work.State().Selected}); shape != t.painted {
			t.painted = shape
			ctx.Defer(func(app.Context) { paintVerdicts(t.work.Analysis()) })
		}
	}
	if fx.Replaced {
		// A new text in the editor: its deciding line is shown even when
		// it has the number the old text's had (line 1, a group without
		// a rule), or the view stayed where the old text had it.
		t.edit.deciding = 0
	}
	t.showAnalysis(ctx, false, fx.File || fx.Rows)
	if t.ready { // the collector waits for the end of the start (PauseCollector)
		t.gc.Soon(ctx)
	}
	if fx.Editor {
		// The state was replaced (Undo, Example, a link): the selects
		// must follow it; a key or a choice made in a select need not.
		dom.SyncChoices(model.AnswerFor(t.work.State().Answer).Choice(), model.CleanDialect(t.work.State().Dialect))
	}
	if fx.Lint {
		t.lintLater(ctx)
	}
	if fx.Changed {
		t.saveLater(ctx)
	}
	if fx.File && !fx.Editor {
		// A keystroke in the editor: the verdicts show before the redraw.
		t.edit.renderAfterVerdicts(ctx)
	}
	t.apply(ctx, siteurls.Follow{}) // the site's URLs are counted for the file shown
	if !app.IsClient || t.ui.moreOpened[panel.IntentID] {
		// Rules by intent's preview follows the file: the worker writes
		// it, and the preview is made when it answers, in a task of its
		// own, not in this one (a key's).
		t.apply(ctx, byintent.Follow{})
	}
	if fx.Focus > 0 {
		field := "url"
		if fx.FocusAgent {
			field = "agent"
		}
		t.ui.bringRow(t.work.Analysis(), t.work.State(), fx.Focus-1, field)
	}
}

// analyzeDue runs the analysis the session left to do after a key or a
// paste (the readings the tests use, every test checked) in a goroutine
// that gives the browser its thread back every slice (pacer): at 500 KiB
// with 1000 tests it is a quarter of a second of WebAssembly, which would
// otherwise hold the key. Most analyses end within their first slice, in
// the key's own task. A newer key makes the work moot, and the session
// stops it; any other edit has the session make it at once.
func (t *Tester) analyzeDue() {
	w := t.work.Due()
	t.own.Async(func() {
		if w.Run(pacer()) != nil {
			return // typed over
		}
		t.own.Dispatch(func(ctx app.Context) {
			t.edit.frameFrom = time.Now() // go-app's frame timer starts with this Dispatch (renderAfterVerdicts)
			t.apply(ctx, session.Analyzed{Work: w})
		})
	})
}

// whyRow is a test's Why control: the test is explained, in a panel in
// view (a sheet on narrow screens).
//
// Shown as a sheet, it takes the focus (its close button), so that the
// keys go to what the screen shows, Escape closes it, and closing it gives
// the focus back to the control that opened it.
func (t *Tester) whyRow(ctx app.Context, i int) {
	t.apply(ctx, session.Select{Row: i})
	t.ui.openWhy(i)
	ctx.Defer(func(app.Context) {
		if t.page.embed.On {
			dom.ScrollIntoView(dom.WhyID)
		}
		// Hidden (display: none) where the panel is beside the tests.
		dom.FocusIfShown(panel.WhyCloseID)
	})
}

// reveal shows line n: selected in the editor, in the editor's middle,
// and the editor brought on screen.
func (t *Tester) reveal(ctx app.Context, n int) {
	t.takePending(ctx)
	if n < 1 || n > t.work.Analysis().File.TotalLines || !t.edit.cm.Ready() {
		return
	}
	t.edit.cm.Reveal(n, true, false) // selected, and the editor and the page scrolled to it (editor.js)
}

// paintVerdicts paints the verdicts ahead of go-app's frame, in the words
// the rows draw them with.
func paintVerdicts(an *model.Analysis) { dom.PaintVerdicts(verdictsOf(an)) }
