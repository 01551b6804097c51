package ui

import (
	"sync"
	"time"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"robotstester/app/internal/embed"
	"robotstester/app/internal/parts"
	"robotstester/app/internal/session"
	"robotstester/app/model"
	"robotstester/app/ui/dom"
	"robotstester/app/ui/widget"
)

// The Tester's side of the editor (editor.go, dom.Editor,
// app/editor/src/editor.js).
//
// The session keeps the text (session.EditText): the editor hands it each
// transaction's changes, never its whole text; the Go side pushes, in one
// call with the tests' verdicts (dom.Show), what the lines in view are
// (LineMarks) and the findings near them when the analysis or the selected
// test changes, replaces the text when an action does (Example, Clear, a
// drop, a fetch, a link, Undo), and answers for lines scrolled into view
// that the editor has no marks for.
//
// A key is one call into Go, the change, and one wake of Go's, go-app's
// frame that draws the rest of the page (issue 38): see editorChanged.

// editing is what the Tester holds of the editor.
type editing struct {
	cm      *dom.Editor // nil until made, and once its host is gone
	seq     int         // changes the user made: a deferred replacement yields to a newer one
	applied int         // the number of the editor's change the session applied last (the marks pushed are of the text after it)

	findingsOf *model.Analysis // the analysis whose findings the editor shows
	deciding   int             // the line last brought into view (RowView.Focus)
	narrow     bool            // the page had its narrow layout when last seen (OnResize)
	lintAt     deadline        // the linter's wait for a pause in the typing (lintLater)
	// frameFrom is when the Dispatch that brought a key's analysis
	// (analyzeDue) started go-app's frame timer; zero when none did
	// (editorChanged starts it after the work).
	frameFrom time.Time
}

// frameSafe is how long after go-app's frame timer started a key's
// verdicts may be painted with the render still falling in a task of its
// own: the timer fires 8.3 ms after it starts (go-app's 120 frames a
// second), inside the task if Go is still busy then.
const frameSafe = 6 * time.Millisecond

// mountEditor makes the editor in host with the work's text.
func (t *Tester) mountEditor(ctx app.Context, host app.Value) {
	if !app.IsClient {
		return
	}
	e := &t.edit
	e.cm.Release() // the editor made before, if any, and its hooks
	e.cm, e.applied = nil, 0
	loaded := dom.EditorLoaded(func() {
		t.own.Dispatch(func(ctx app.Context) { t.mountEditor(ctx, host) })
	})
	if !loaded {
		return
	}
	// Given before it is made: it may hand over, as it is made, what was
	// typed before it (early.js), changes of this text.
	text := t.work.EditorText()
	t.work.Apply(session.EditorGiven{Text: text})
	cm, err := dom.MountEditor(host, dom.EditorOptions{
		Text:        text,
		ReadOnly:    editorReadOnly(&t.page.embed),
		ID:          dom.EditorID,
		Label:       "robots.txt",
		DescribedBy: "summary " + dom.EditorLegendID,
	}, dom.EditorHooks{
		Change: t.editorChanged,
		Lines: func(first, last int) string {
			if t.work == nil {
				return ""
			}
			return t.work.Analysis().LineMarks(first, last, t.site.lineNotes())
		},
		Findings: func(first, last int) (string, bool) {
			an := t.work.Analysis()
			if !an.Linted() {
				return "", false // not known yet: the editor keeps those it shows, moved with the text
			}
			return an.FindingMarks(first, last), true
		},
		FindingCount: func() (int, bool) {
			if t.work == nil || !t.work.Analysis().Linted() {
				return 0, false
			}
			return len(t.work.Analysis().Findings), true
		},
		Drop: func(file app.Value) {
			if !t.page.embed.ReadOnly {
				t.own.Dispatch(func(ctx app.Context) { t.apply(ctx, parts.DropRobots{File: file}) })
			}
		},
	})
	if err != nil {
		t.apply(ctx, session.Report{Note: editorFailed(err)})
		return
	}
	e.cm = cm
	e.findingsOf, e.deciding, e.narrow = nil, 0, dom.NarrowLayout()
	// Read when asked: the arrival replaces t.work.
	cm.Expose(func() string { return t.work.Text() })
	// Its marks, in a task of their own: made and marked in one, the
	// editor was a long task of a phone's start (60 ms and more).
	dom.NextTask(ctx, func(ctx app.Context) {
		ctx.PreventUpdate()
		if t.edit.cm == cm {
			t.showInEditor(ctx, false)
		}
	})
}

// editorFailed says that the editor could not be made.
func editorFailed(err error) session.Note {
	return session.Note{ID: "editor", Alert: true, Text: "The editor could not start (" + dom.PlainError(err) + "): reload the page. The tests still work on the text last saved."}
}

// editorChanged takes the changes of the editor's transactions, and
// history, "undo" or "redo" when the editor's own history made them, to
// the session as they are.
//
// They are applied in the hook's own call, not through go-app's Dispatch:
// a Dispatch starts go-app's frame timer, and one started at the key fired
// inside the key's own work at 500 KiB (the analysis takes longer than a
// frame), drawing the page before the verdicts could show, or, held back,
// cost a task of its own and a second frame. Started once the analysis is
// shown (its Dispatch, or the one here when none is due), the frame falls
// in a task of its own, after the verdicts: one wake of Go's. The hook's
// call is go-app's loop's time as much as a Dispatch is: the editor calls
// it from a task or a microtask of its own, never inside a call from Go,
// so Go is idle, its loop waiting, when it comes.
func (t *Tester) editorChanged(transactions [][]session.TextChange, history string, seq int) {
	e := &t.edit
	edit := session.EditText{Transactions: transactions, History: history, Paced: t.ready}
	e.seq++
	if !t.Mounted() {
		return
	}
	ctx := t.own
	e.applied, e.frameFrom = seq, time.Time{}
	ctx.Update() // as a Dispatch marks the Tester: drawn again unless the edit leaves an analysis to do
	t.apply(ctx, edit)
	if t.work.Due() == nil {
		ctx.Dispatch(nil) // the frame, which nothing else starts
	}
}

// replaceEditorText gives the editor the work's text, once go-app has
// drawn the change that replaced it: writing a large text is work of its
// own. A change the user makes meanwhile wins, as does a newer text.
func (t *Tester) replaceEditorText() {
	e := &t.edit
	seen := e.seq
	dom.AfterFrame(t.own, func(ctx app.Context) {
		ctx.PreventUpdate()
		if e.seq != seen || !e.cm.Ready() || !t.work.EditorBehind() {
			return
		}
		text := t.work.EditorText()
		t.work.Apply(session.EditorGiven{Text: text}) // before: its next changes are of this text
		e.cm.SetText(text)
		e.findingsOf, e.deciding = nil, 0
		t.showInEditor(ctx, false)
	})
}

// renderAfterVerdicts keeps go-app's render of a key out of the task that
// painted its verdicts (showAnalysis), when the work since go-app's frame
// timer started (frameFrom) has taken so long that the frame would fall
// in it (a slow machine, a large file): the update is cancelled and asked
// for again in the browser's next task (NextTask: a Go timer would fire
// inside this task). A call into Go more, only then.
func (e *editing) renderAfterVerdicts(ctx app.Context) {
	from := e.frameFrom
	e.frameFrom = time.Time{}
	if from.IsZero() || time.Since(from) < frameSafe {
		return
	}
	ctx.PreventUpdate()
	dom.NextTask(ctx, func(app.Context) {})
}

// showInEditor has the editor draw the analysis (showAnalysis, without
// the verdicts).
func (t *Tester) showInEditor(ctx app.Context, scroll bool) { t.showAnalysis(ctx, scroll, false) }

// showAnalysis shows the analysis in one push (dom.Show): with verdicts,
// the tests' verdicts, painted ahead of go-app's frame; the marks of the
// lines in view (their kinds, the group used and the deciding line), and
// the findings once the linter has them. Then the deciding line (or the
// group used, when no rule matched) is brought into view when it changed,
// unless the user is typing in the editor; scroll brings it into view even
// when it has not changed.
func (t *Tester) showAnalysis(ctx app.Context, scroll, verdicts bool) {
	e := &t.edit
	an := t.work.Analysis()
	s := dom.Showing{Seq: e.applied}
	if verdicts {
		s.Verdicts, s.AllowedText, s.BlockedText = verdictsOf(an)
	}
	// The marks of the lines in view, pushed once the analysis is of the
	// text the editor holds: while one is due, or a text is still to be
	// given to the editor, the editor keeps its own, moved with the text.
	if e.cm.Ready() && t.work.Due() == nil && !t.work.EditorBehind() {
		notes := t.site.lineNotes()
		s.Marks = func(first, last int) string { return an.LineMarks(first, last, notes) }
		if an.Linted() && e.findingsOf != an {
			e.findingsOf = an
			s.Findings = true // those near view, pushed with the marks
		}
	}
	dom.Show(e.cm, s)
	if !e.cm.Ready() {
		return
	}
	line := 0
	if sel := an.SelectedRow(); sel != nil {
		line = sel.Focus()
	}
	if line > 0 && (line != e.deciding || scroll) {
		if e.cm.Reveal(line, false, true) {
			e.deciding = line
		}
	} else if line == 0 {
		e.deciding = 0
	}
}

// OnResize brings the deciding line into the editor's view again when the
// page goes from its wide layout to its narrow one or back: the editor's
// height changes with it, and the line it showed in the middle may be out
// of view. Other resizes leave the editor as the user has it.
func (t *Tester) OnResize(ctx app.Context) {
	if narrow := dom.NarrowLayout(); narrow != t.edit.narrow {
		t.edit.narrow = narrow
		t.showInEditor(ctx, true)
	}
}

// verdictsOf returns the tests' verdicts as dom.Show paints them, a byte
// a test, in the words the rows draw them with.
func verdictsOf(an *model.Analysis) (verdicts []byte, allowedText, blockedText string) {
	verdicts = make([]byte, len(an.Rows))
	for i := range an.Rows {
		verdicts[i] = 'b'
		if an.Rows[i].Allowed {
			verdicts[i] = 'a'
		}
	}
	return verdicts, widget.VerdictText(true), widget.VerdictText(false)
}

// A deadline runs a function once a while has passed since it was last
// set: after a pause in the typing. Each set pushes it back, on one Go
// timer. In the browser a Go timer is a setTimeout that calls into Go
// when due: a timer set at every key, fired or found moot, was a call
// into Go a key (issue 38); a deadline pushed back fires once, after the
// last key.
type deadline struct {
	mu    sync.Mutex
	timer *time.Timer
	fn    func()
}

// set has fn run after d, in place of what was set before and not yet run.
// fn runs on a goroutine of its own: it goes through Dispatch to change
// the page.
func (d *deadline) set(after time.Duration, fn func()) {
	d.mu.Lock()
	defer d.mu.Unlock()
	d.fn = fn
	if d.timer == nil {
		d.timer = time.AfterFunc(after, d.run)
		return
	}
	d.timer.Reset(after)
}

func (d *deadline) run() {
	d.mu.Lock()
	fn := d.fn
	d.fn = nil
	d.mu.Unlock()
	if fn != nil {
		fn()
	}
}

// editorReadOnly reports whether the editor takes no changes in the page
// of embed options o: in an embed that is read-only, or that shows the
// file without the editor.
func editorReadOnly(o *embed.Options) bool {
	return o.On && (o.ReadOnly || !o.Shows(embed.Editor))
}
