package ui

import (
	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"robotstester/app/internal/embed"
	"robotstester/app/internal/session"
	"robotstester/app/model"
	"robotstester/app/ui/dom"
)

// The Tester's side of the editor (editor.go, dom.Editor,
// app/editor/src/editor.js).
//
// The session keeps the text (session.EditText): the editor hands it each
// transaction's changes, never its whole text; the Go side pushes what the
// lines in view are (LineMarks) when the analysis or the selected test
// changes, replaces the text when an action does (Example, Clear, a drop, a
// fetch, a link, Undo), and answers for lines scrolled into view that the
// editor has no marks for.

// editing is what the Tester holds of the editor.
type editing struct {
	cm      *dom.Editor // nil until made
	seq     int         // changes the user made: a deferred replacement yields to a newer one
	applied int         // the number of the editor's change the session applied last (the marks pushed are of the text after it)

	findingsOf *model.Analysis // the analysis whose findings the editor shows
	deciding   int             // the line last brought into view (RowView.Focus)
	narrow     bool            // the page had its narrow layout when last seen (OnResize)
}

// mountEditor makes the editor in host with the work's text.
func (t *Tester) mountEditor(ctx app.Context, host app.Value) {
	if !app.IsClient {
		return
	}
	e := &t.edit
	e.release()
	e.applied = 0
	loaded := dom.EditorLoaded(func() {
		t.own.Dispatch(func(ctx app.Context) { t.mountEditor(ctx, host) })
	})
	if !loaded {
		return
	}
	cm, err := dom.MountEditor(host, dom.EditorOptions{
		Text:        t.work.EditorText(),
		ReadOnly:    t.editorReadOnly(),
		ID:          dom.EditorID,
		Label:       "robots.txt",
		DescribedBy: "summary",
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
				t.own.Dispatch(func(ctx app.Context) { t.dropRobots(ctx, file) })
			}
		},
	})
	if err != nil {
		t.work.Report(editorFailed(err))
		return
	}
	e.cm = cm
	e.findingsOf, e.deciding, e.narrow = nil, 0, dom.NarrowLayout()
	// Read when asked: the arrival replaces t.work.
	cm.Expose(func() string { return t.work.Text() })
	t.showInEditor(ctx, false)
}

// editorFailed says that the editor could not be made.
func editorFailed(err error) session.Note {
	return session.Note{ID: "editor", Alert: true, Text: "The editor could not start (" + dom.PlainError(err) + "): reload the page. The tests still work on the text last saved."}
}

// release lets go of the editor and its hooks.
func (e *editing) release() {
	e.cm.Release()
	e.cm = nil
}

// ready reports whether the editor is made.
func (e *editing) ready() bool { return e.cm.Ready() }

// editorChanged takes the changes of the editor's transactions, and
// history, "undo" or "redo" when the editor's own history made them, to
// the session as they are.
func (t *Tester) editorChanged(transactions [][]session.TextChange, history string, seq int) {
	e := &t.edit
	edit := session.EditText{
		Transactions: transactions,
		History:      history,
		Paced:        t.ready,
		// Read when asked: the editor may hand over what was typed before
		// it was made (MountEditor) before e.cm is set.
		Whole: func() string { return e.cm.Text() },
	}
	e.seq++
	t.own.Dispatch(func(ctx app.Context) {
		e.applied = seq
		t.apply(ctx, edit)
	})
}

// replaceEditorText gives the editor the work's text, once go-app has
// drawn the change that replaced it: writing a large text is work of its
// own. A change the user makes meanwhile wins, as does a newer text.
func (t *Tester) replaceEditorText() {
	e := &t.edit
	seen := e.seq
	dom.AfterFrame(t.own, func(ctx app.Context) {
		ctx.PreventUpdate()
		if e.seq != seen || !e.ready() || !t.work.EditorBehind() {
			return
		}
		e.cm.SetText(t.work.EditorText())
		e.findingsOf, e.deciding = nil, 0
		t.showInEditor(ctx, false)
	})
}

// showInEditor has the editor draw the analysis: the marks of the lines in
// view pushed (their kinds, the group used and the deciding line), the findings once
// the linter has them, and the deciding line (or the group used, when no
// rule matched) brought into view when it changed, unless the user is
// typing in the editor. scroll brings it into
// view even when it has not changed.
func (t *Tester) showInEditor(ctx app.Context, scroll bool) {
	e := &t.edit
	if !e.ready() {
		return
	}
	an := t.work.Analysis()
	// The marks of the lines in view, pushed once the analysis is of the
	// text the editor holds: while one is due, or a text is still to be
	// given to the editor, the editor keeps its own, moved with the text.
	if t.work.Due() == nil && !t.work.EditorBehind() {
		notes := t.site.lineNotes()
		e.cm.Marks(e.applied, func(first, last int) string { return an.LineMarks(first, last, notes) })
		if an.Linted() && e.findingsOf != an {
			e.findingsOf = an
			e.cm.Findings(e.applied) // those near view, pushed as the marks are
		}
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

// revealInEditor selects line n in the editor and scrolls the editor and
// the page to it (editor.js, reveal).
func (t *Tester) revealInEditor(n int) {
	e := &t.edit
	if !e.ready() {
		return
	}
	e.cm.Reveal(n, true, false)
}

// editorReadOnly reports whether the editor takes no changes: in an embed
// that is read-only, or that shows the file without the editor.
func (t *Tester) editorReadOnly() bool {
	o := &t.page.embed
	return o.On && (o.ReadOnly || !o.Shows(embed.Editor))
}
