package ui

import (
	"strings"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"robotstester/app/internal/embed"
	"robotstester/app/internal/session"
	"robotstester/app/ui/dom"
	"robotstester/app/ui/model"
)

// The Tester's side of the editor (editor.go, app/editor/src/editor.js).
//
// The session keeps the text (session.EditText): the editor hands it each
// transaction's changes, never its whole text, and asks what the lines in
// view are (LineMarks); the Go side replaces the text when an action does
// (Example, Clear, a drop, a fetch, a link, Undo), and asks the editor to
// draw its lines again when the analysis or the selected test changes.

// editing is what the Tester holds of the editor.
type editing struct {
	cm    app.Value  // the editor's handle (editor.js's mount), null until made
	seq   int        // changes the user made: a deferred replacement yields to a newer one
	hooks []app.Func // the functions the editor calls, released with it

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
	change := app.FuncOf(func(_ app.Value, args []app.Value) any {
		if len(args) > 1 {
			t.editorChanged(args[0], args[1].String())
		}
		return nil
	})
	lines := app.FuncOf(func(_ app.Value, args []app.Value) any {
		if len(args) < 2 || t.work == nil {
			return ""
		}
		return t.work.An.LineMarks(args[0].Int(), args[1].Int())
	})
	findings := app.FuncOf(func(_ app.Value, args []app.Value) any {
		an := t.work.An
		if len(args) < 2 || !an.Linted() {
			return nil // not known yet: the editor keeps those it shows, moved with the text
		}
		return an.FindingMarks(args[0].Int(), args[1].Int())
	})
	findingCount := app.FuncOf(func(app.Value, []app.Value) any {
		if t.work == nil || !t.work.An.Linted() {
			return nil
		}
		return len(t.work.An.Findings)
	})
	drop := app.FuncOf(func(_ app.Value, args []app.Value) any {
		if len(args) > 0 && !t.page.embed.ReadOnly {
			file := args[0]
			t.own.Dispatch(func(ctx app.Context) { t.dropRobots(ctx, file) })
		}
		return nil
	})
	e.hooks = []app.Func{change, lines, findings, findingCount, drop}
	w := app.Window()
	hooks := w.Get("Object").New()
	hooks.Set("change", change)
	hooks.Set("lines", lines)
	hooks.Set("findings", findings)
	hooks.Set("findingCount", findingCount)
	hooks.Set("drop", drop)
	opts := w.Get("Object").New()
	opts.Set("text", keepBOM(t.work.EditorText()))
	opts.Set("readOnly", t.editorReadOnly())
	opts.Set("id", dom.EditorID)
	opts.Set("label", "robots.txt")
	opts.Set("describedBy", "summary")
	opts.Set("hooks", hooks)
	if !w.Get("RobotsEditor").Truthy() && w.Get("document").Get("readyState").String() == "loading" {
		// editor.js is a deferred script: it has run once the document
		// is parsed.
		var later app.Func
		later = app.FuncOf(func(app.Value, []app.Value) any {
			later.Release()
			t.own.Dispatch(func(ctx app.Context) { t.mountEditor(ctx, host) })
			return nil
		})
		w.Get("document").Call("addEventListener", "DOMContentLoaded", later)
		return
	}
	if err := dom.Try(func() { e.cm = w.Get("RobotsEditor").Call("mount", host, opts) }); err != nil {
		e.cm = nil
		t.work.Report(editorFailed(err))
		return
	}
	e.findingsOf, e.deciding, e.narrow = nil, 0, narrowLayout()
	t.exposeEditor()
	t.showInEditor(ctx, false)
}

// editorFailed says that the editor could not be made.
func editorFailed(err error) session.Note {
	return session.Note{ID: "editor", Alert: true, Text: "The editor could not start (" + dom.PlainError(err) + "): reload the page. The tests still work on the text last saved."}
}

// release lets go of the editor and its hooks.
func (e *editing) release() {
	if e.cm != nil && e.cm.Truthy() {
		dom.Try(func() { e.cm.Call("destroy") })
	}
	for _, f := range e.hooks {
		f.Release()
	}
	e.cm, e.hooks = nil, nil
}

// ready reports whether the editor is made.
func (e *editing) ready() bool { return e.cm != nil && e.cm.Truthy() }

// exposeEditor sets window.robotsTester, the page's hooks for outside
// checks and embedding pages: text() returns the whole text, setText(s)
// replaces it as a paste does; insert(s, at) inserts s at UTF-16 offset
// at (by default the end) as typing does; selection() says which lines
// the editor selects, {startLine, endLine, length}.
func (t *Tester) exposeEditor() {
	text := app.FuncOf(func(app.Value, []app.Value) any { return keepBOM(t.work.Text()) })
	t.edit.hooks = append(t.edit.hooks, text)
	api := app.Window().Get("Object").New()
	api.Set("text", text)
	// The editor's own paste: the text reaches Go once, as a paste's does.
	api.Set("setText", t.edit.cm.Get("paste"))
	api.Set("insert", t.edit.cm.Get("insert"))
	api.Set("selection", t.edit.cm.Get("selection"))
	app.Window().Set("robotsTester", api)
}

// editorChanged takes the changes of the editor's transactions (editor.js,
// changesOf: five values a change), and history, "undo" or "redo" when the
// editor's own history made them, to the session as they are.
func (t *Tester) editorChanged(lists app.Value, history string) {
	e := &t.edit
	edit := session.EditText{
		Transactions: make([][]session.TextChange, lists.Length()),
		History:      history,
		Paced:        t.ready,
		Whole:        func() string { return e.cm.Call("text").String() },
	}
	for i := range edit.Transactions {
		list := lists.Index(i)
		changes := make([]session.TextChange, 0, list.Length()/5)
		for j := 0; j+4 < list.Length(); j += 5 {
			changes = append(changes, session.TextChange{
				FromLine: list.Index(j).Int(), FromCol: list.Index(j + 1).Int(),
				ToLine: list.Index(j + 2).Int(), ToCol: list.Index(j + 3).Int(),
				Insert: list.Index(j + 4).String(),
			})
		}
		edit.Transactions[i] = changes
	}
	e.seq++
	t.own.Dispatch(func(ctx app.Context) { t.apply(ctx, edit) })
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
		e.cm.Call("setText", keepBOM(t.work.EditorText()))
		e.findingsOf, e.deciding = nil, 0
		t.showInEditor(ctx, false)
	})
}

// showInEditor has the editor draw the analysis: the lines in view again
// (their kinds, the group used and the deciding line), the findings once
// the linter has them, and the deciding line (or the group used, when no
// rule matched) brought into view when it changed, unless the user is
// typing in the editor. scroll brings it into
// view even when it has not changed.
func (t *Tester) showInEditor(ctx app.Context, scroll bool) {
	e := &t.edit
	if !e.ready() {
		return
	}
	an := t.work.An
	e.cm.Call("refresh")
	if an.Linted() && e.findingsOf != an {
		e.findingsOf = an
		e.cm.Call("findingsChanged") // the editor asks for those near view
	}
	line := 0
	if sel := an.SelectedRow(); sel != nil {
		line = sel.Focus()
	}
	if line > 0 && (line != e.deciding || scroll) {
		if e.cm.Call("reveal", line, false, true).Bool() {
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
	if narrow := narrowLayout(); narrow != t.edit.narrow {
		t.edit.narrow = narrow
		t.showInEditor(ctx, true)
	}
}

// narrowLayout reports whether the page has its narrow layout (tester.css's
// breakpoint: the test bar above the editor).
func narrowLayout() (narrow bool) {
	dom.Try(func() { narrow = app.Window().Call("matchMedia", "(max-width: 59.99rem)").Get("matches").Bool() })
	return narrow
}

// revealInEditor selects line n in the editor and scrolls the editor and
// the page to it (editor.js, reveal).
func (t *Tester) revealInEditor(n int) {
	e := &t.edit
	if !e.ready() {
		return
	}
	e.cm.Call("reveal", n, true, false)
}

// editorReadOnly reports whether the editor takes no changes: in an embed
// that is read-only, or that shows the file without the editor.
func (t *Tester) editorReadOnly() bool {
	o := &t.page.embed
	return o.On && (o.ReadOnly || !o.Shows(embed.Editor))
}

// keepBOM returns s as it must be handed to the page for the page to see
// s: wasm_exec.js turns a Go string into a JavaScript one with a
// TextDecoder, which drops a leading byte-order mark. A second mark is
// put before it, for the decoder to drop.
func keepBOM(s string) string {
	if strings.HasPrefix(s, "\uFEFF") {
		return "\uFEFF" + s
	}
	return s
}
