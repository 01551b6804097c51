package ui

import (
	"sync/atomic"
	"time"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"robotstester/app/internal/session"
	"robotstester/app/model"
	"robotstester/app/ui/dom"
	"robotstester/app/ui/panel"
	"robotstester/app/ui/tests"
	"robotstester/robots"
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

	parts    int  // how many of the page's parts are drawn (mount.go)
	arriving bool // the state the page opens with is asked for (arrive)
	shown    bool // the live page has replaced the prerendered one
	keptList bool // the page has the prerendered page's crawler datalist (crawlerList)
	staged   bool // the live page shows at its first screen, the rest drawn after (start)

	edit editing // the editor and its text (editing.go)

	aiOpen     bool            // the AI crawlers' grid is open
	moreOpened map[string]bool // the parts under More opened once (morePanel)
	severity   string          // the findings shown: "" for all, or one severity

	results   model.TableState // the results table's query, and its table while nothing changed
	rowReveal tests.RowReveal  // the test the results table brings into view next
	whySheet  bool             // the Why panel shows as a sheet (narrow screens), once asked for
	whyOpener int              // the test whose Why control opened the sheet: its control has the focus back

	page pageState // the browser's side: embed mode, saving, the link (page.go)

	versions versionsPanel // the versions kept and Compare versions, which own their list and the proposed file (versionspanel.go)

	compare comparePanel // every crawler's reading, which owns how much of it is drawn (comparepanel.go)

	site sitePanel // the site URLs panel, which owns its URLs and their coverage (sitepanel.go)

	transfer transfers // the link, exports, imports and fetches, which own their outcomes (transfer.go)

	notices noticesPanel // the notices and the choice over a link, which hold nothing of their own (noticespanel.go)

	// lintFile is the file the page shows, for a linter running in a
	// goroutine to see that its own is gone.
	lintFile atomic.Pointer[robots.File]

	// pendingText is the text typed while its analysis is made in a
	// goroutine (the session's Due), nil when none is: for work in a
	// goroutine of its own (the site's URLs counted) to see that the file
	// changes. It follows the session in show.
	pendingText atomic.Pointer[string]

	// own is the Tester's own context, from OnMount. Timers that outlive
	// an event (the autosave, the linter) are set with it: a handler's
	// context belongs to the child that drew the control, and go-app drops
	// the timers of a child that is gone by then (a notice dismissed, the
	// shared-link choice answered).
	own app.Context
}

// OnInit loads the example, unless a state was given: the page is
// prerendered with it too. It gives the site URLs panel what it may see
// and ask of the page, and no more; so with the versions and compare
// panels, the transfers and the notices.
func (t *Tester) OnInit() {
	t.transfer.page = transferPage{
		analysis:  func() *model.Analysis { return t.work.An },
		state:     func() *model.State { return &t.work.State },
		apply:     t.apply,
		settle:    t.takePending,
		report:    func(n session.Note) { t.work.Report(n) },
		dropAhead: func(text string) *session.Work { return t.work.DropAhead(text) },
		own:       func() app.Context { return t.own },
	}
	t.compare.page = comparePage{
		analysis: func() *model.Analysis { return t.work.An },
		state:    func() *model.State { return &t.work.State },
		own:      func() app.Context { return t.own },
		settle:   t.takePending,
		reveal:   t.reveal,
	}
	t.versions.page = versionsPage{
		analysis: func() *model.Analysis { return t.work.An },
		state:    func() *model.State { return &t.work.State },
		store:    func() versionStore { return t.work },
		apply:    t.apply,
		settle:   t.takePending,
		live:     func() liveCopy { return t.transfer.live },
		readFile: t.transfer.readFile,
		failed:   t.transfer.fileFailed,
		reveal:   t.reveal,
	}
	t.site.page = sitePage{
		analysis:  func() *model.Analysis { return t.work.An },
		state:     func() *model.State { return &t.work.State },
		own:       func() app.Context { return t.own },
		settle:    t.takePending,
		showNotes: func(ctx app.Context) { t.showInEditor(ctx, false) },
		failed:    t.transfer.fileFailed,
		embedded:  func() bool { return t.page.embed.On },
		reveal:    t.revealLineButton,
	}
	t.notices.page = noticesPage{
		notes:  func() []session.Note { return t.work.Notes },
		shared: func() *model.State { return t.work.Pending },
		canUndo: func() bool {
			_, ok := t.work.CanUndo()
			return ok
		},
		aside:  func() string { return t.work.AsideState() },
		apply:  t.apply,
		save:   t.save,
		failed: t.transfer.fileFailed,
	}
	if t.work == nil {
		t.work = session.New(nil, nil, model.Example())
	}
	if !app.IsClient {
		// Prerendered pages show the findings at once; the live page
		// works them out when it draws them (mount.go).
		t.work.An.Lint()
	}
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

// State returns a copy of what the user chose.
func (t *Tester) State() model.State {
	return stateCopy(&t.work.State)
}

// stateCopy returns a copy of s that shares none of its tests, for work
// that outlives a change to them.
func stateCopy(s *model.State) model.State {
	c := *s
	c.Rows = append([]model.Row(nil), c.Rows...)
	return c
}

// apply carries out a user's edit and shows its effects.
func (t *Tester) apply(ctx app.Context, e session.Edit) {
	fx := t.work.Apply(e)
	t.transfer.applied(e, fx)
	t.show(ctx, fx)
}

// takePending has the session make the analysis of the text typed that is
// still under way, at once, and shows it: a use of the work that is no
// edit (a panel drawn from the analysis) must see the text as typed.
func (t *Tester) takePending(ctx app.Context) { t.show(ctx, t.work.Settle()) }

// paintShape is what places the verdict painter writes to: how many tests
// there are and which one the test bar shows.
type paintShape struct{ rows, selected int }

// show brings the page in step with what an edit changed.
func (t *Tester) show(ctx app.Context, fx session.Effects) {
	if w := t.work.Due(); w != nil {
		t.pendingText.Store(w.Text())
	} else {
		t.pendingText.Store(nil)
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
	t.lintFile.Store(t.work.An.File)
	if fx.File || fx.Rows {
		// The verdicts are painted with the editor's marks (showAnalysis).
		// The painter finds the tests by the places the page last drew:
		// when tests came or went, or another is selected (a link read,
		// one removed above the selected one), it may have painted a
		// test's verdict in another's place, which go-app's redraw leaves
		// as it is if that place's own verdict is unchanged. Then, once
		// drawn, again; not after a key, which moves no test.
		if shape := (paintShape{len(t.work.State.Rows), t.work.State.Selected}); shape != t.painted {
			t.painted = shape
			ctx.Defer(func(app.Context) { paintVerdicts(t.work.An) })
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
		t.gc.Soon()
	}
	if fx.Editor {
		// The state was replaced (Undo, Example, a link): the selects
		// must follow it; a key or a choice made in a select need not.
		dom.SyncChoices(model.AnswerFor(t.work.State.Answer).Choice(), model.CleanDialect(t.work.State.Dialect))
	}
	if fx.Lint {
		t.lintLater(ctx)
	}
	if fx.Rows {
		t.compare.grow(t.own) // more tests may be there to draw
	}
	if fx.Changed {
		t.changed(ctx)
	}
	if fx.File && !fx.Editor {
		// A keystroke in the editor: the verdicts show before the redraw.
		t.edit.renderAfterVerdicts(ctx)
	}
	t.site.follow() // the site's URLs are counted for the file shown
	if fx.Focus > 0 {
		t.bringRow(fx.Focus-1, "url")
	}
}

// lintPause is how long the file must stay unchanged before the linter
// runs: it costs several parses of the file (tens of milliseconds at 500
// KiB), so it waits for a pause in the typing rather than hold up the next
// keystroke.
const lintPause = 400 * time.Millisecond

// lintLater works out the findings once the user pauses, after the
// verdicts are drawn. A newer change makes it moot.
//
// The linter reads the file in other dialects to check what it says of
// other crawlers, then analyses the groups: at 500 KiB, half a second of
// WebAssembly. So that no single task holds the page that long, it runs
// in a goroutine that waits for the browser's turn every workSlice
// (pacer), and stops when the file has changed since.
func (t *Tester) lintLater(ctx app.Context) {
	an := t.work.An
	if an.Linted() || !t.ready {
		return
	}
	t.edit.lintAt.set(lintPause, func() {
		t.own.Dispatch(func(ctx app.Context) {
			ctx.PreventUpdate() // nothing to draw until the findings are known
			if t.work.An == an && !an.Linted() {
				t.lintPaced(an)
			}
		})
	})
}

// workSlice is the longest that work in a goroutine (the linter, the
// arrival) runs before it gives the browser its thread back for a moment.
const workSlice = 30 * time.Millisecond

// pacer returns a pause for work running in a goroutine: once a slice of
// work is done, it waits for the browser to have had a task of its own.
// It never stops the work (goPaced's does).
func pacer() robots.Pause {
	last := time.Now()
	return func() bool {
		if time.Since(last) >= workSlice {
			dom.WaitForBrowser()
			last = time.Now()
		}
		return false
	}
}

// lintPaced runs the linter on an's reading in slices, then shows the
// findings, unless the file changed in the meantime.
func (t *Tester) lintPaced(an *model.Analysis) {
	// Once its File is gone from the page, no one will ask this reading
	// for findings again.
	stale := func() bool { return t.lintFile.Load() != an.File }
	t.goPaced(stale, func(pause robots.Pause) {
		if an.LintPaced(pause) != nil {
			return // stale: the reading keeps nothing, and lints again when asked
		}
		t.own.Dispatch(func(ctx app.Context) {
			if t.work.An == an {
				an.Lint() // the reading keeps its findings: no work left
				t.showInEditor(ctx, false)
			}
		})
	})
}

// goPaced runs work in a goroutine, with a pause that waits for the
// browser's turn every slice (pacer) and stops the work, by answering
// true, once stale reports that no one will take its result.
func (t *Tester) goPaced(stale func() bool, work func(pause robots.Pause)) {
	t.own.Async(func() {
		pause := pacer()
		work(func() bool {
			pause()
			return stale()
		})
	})
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

// The handlers the components call: each turns a user's action into an
// edit.

func (t *Tester) setAnswer(ctx app.Context, e app.Event) {
	t.apply(ctx, session.SetAnswer{Answer: ctx.JSSrc().Get("value").String()})
}

func (t *Tester) pinAll(ctx app.Context, e app.Event) { t.apply(ctx, session.PinAll{}) }

func (t *Tester) addRow(ctx app.Context, e app.Event) {
	t.apply(ctx, session.AddRow{After: len(t.work.State.Rows) - 1})
}

func (t *Tester) setDialect(ctx app.Context, e app.Event) {
	t.apply(ctx, session.SetDialect{Dialect: ctx.JSSrc().Get("value").String()})
}

func (t *Tester) loadExample(ctx app.Context, e app.Event) {
	t.apply(ctx, session.Replace{State: model.Example(), Label: "Example loaded"})
}

func (t *Tester) clearFile(ctx app.Context, e app.Event) {
	s := t.work.State
	s.Robots = ""
	t.apply(ctx, session.Replace{State: s, Label: "robots.txt cleared"})
}

func (t *Tester) toggleAIGrid(ctx app.Context, open bool) { t.aiOpen = open }

// whyRow is a test's Why control: the test is explained, in a panel in
// view (a sheet on narrow screens).
//
// Shown as a sheet, it takes the focus (its close button), so that the
// keys go to what the screen shows, Escape closes it, and closing it gives
// the focus back to the control that opened it.
func (t *Tester) whyRow(ctx app.Context, i int) {
	t.apply(ctx, session.Select{Row: i})
	t.whySheet, t.whyOpener = true, i
	ctx.Defer(func(app.Context) {
		if t.page.embed.On {
			dom.ScrollIntoView(dom.WhyID)
		}
		// Hidden (display: none) where the panel is beside the tests.
		dom.FocusIfShown(panel.WhyCloseID)
	})
}

func (t *Tester) closeWhy(ctx app.Context) { t.whySheet = false }

func (t *Tester) setQuery(ctx app.Context, q model.TableQuery) { t.results.SetQuery(q) }

// bringRow has the results table show test i, lifting a filter that hides
// it, and give the focus to its field ("url", "agent", or "" for none).
func (t *Tester) bringRow(i int, field string) {
	t.results.Show(t.work.An, &t.work.State, i)
	t.rowReveal = tests.RowReveal{Row: i, Field: field, Select: field != "", Seq: t.rowReveal.Seq + 1}
}

func (t *Tester) setSeverity(ctx app.Context, severity string) { t.severity = severity }

// reveal shows line n: selected in the editor, in the editor's middle,
// and the editor brought on screen.
func (t *Tester) reveal(ctx app.Context, n int) {
	t.takePending(ctx)
	if n < 1 || n > t.work.An.File.TotalLines {
		return
	}
	t.revealInEditor(n)
}

// paintVerdicts paints the verdicts ahead of go-app's frame, in the words
// the rows draw them with.
func paintVerdicts(an *model.Analysis) { dom.PaintVerdicts(verdictsOf(an)) }
