package dom

import (
	"encoding/json"
	"strings"
	"sync"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"robotstester/app/internal/textedit"
)

// The editor's handle: CodeMirror, made by editor.js (app/editor/src),
// which go-app draws empty and never touches inside. The two speak in
// changes (textedit.Change), never in whole texts, on a key.

// EditorOptions are what the editor is made with.
type EditorOptions struct {
	Text        string // the text it starts with
	ReadOnly    bool   // it takes no changes
	ID          string // the id of its editable element
	Label       string // its accessible name
	DescribedBy string // the id of the element that describes it
}

// EditorHooks are the Go functions the editor calls. Each runs outside
// go-app's loop: one that changes a component goes through Dispatch.
type EditorHooks struct {
	// Change is the changes of the editor's transactions, by line and
	// UTF-16 column, with history "undo" or "redo" when the editor's own
	// history made them.
	// seq is the change's number (the editor's count of the changes it
	// handed over), which Marks and Findings are given back.
	Change func(transactions [][]textedit.Change, history string, seq int)
	// Lines and Findings are the marks of lines first to last
	// (model.Analysis.LineMarks, FindingMarks); Findings' ok is false
	// while they are not known, and the editor keeps those it shows.
	// The editor asks Lines only for lines scrolled into view that it has
	// no marks for, and Findings for a view moved far, never at a change:
	// the marks and findings of the lines in view are pushed (Show).
	Lines    func(first, last int) string
	Findings func(first, last int) (marks string, ok bool)
	// FindingCount is the number of findings, ok false while not known.
	FindingCount func() (n int, ok bool)
	// Drop is a file dropped on the editor.
	Drop func(file app.Value)
}

// Editor is the page's editor, once made; the zero Editor is none.
type Editor struct {
	cm    app.Value
	hooks []app.Func
	h     EditorHooks
	shows shown
}

// shown is what the editor shows, as it last said (with a change, an ask,
// or its answer to a push: editor.js's wants): the lines in view, whose
// marks a push covers, and those whose findings it shows (first, last, the
// file's lines, and the most findings it shows all of).
type shown struct {
	first, last                       int
	findFirst, findLast, lines, whole int
}

// take notes what the editor says it shows (editor.js's wants, at from in
// args), if it said.
func (s *shown) take(args []app.Value, from int) {
	if len(args) < from+6 {
		return
	}
	v := make([]int, 6)
	for i := range v {
		if args[from+i].Type() != app.TypeNumber {
			return
		}
		v[i] = args[from+i].Int()
	}
	*s = shown{v[0], v[1], v[2], v[3], v[4], v[5]}
}

// takeList is take for a list of the six values (push's answer).
func (s *shown) takeList(list app.Value) {
	if list.Type() != app.TypeObject || list.Length() < 6 {
		return
	}
	args := make([]app.Value, 6)
	for i := range args {
		args[i] = list.Index(i)
	}
	s.take(args, 0)
}

// findingRows returns the findings of lines first to last, or, when the
// file has at most whole findings, of all its lines (lines of them), said
// by All; ok is false while they are not known.
func findingRows(h EditorHooks, first, last, lines, whole int) (*textedit.Findings, bool) {
	all := false
	if n, ok := h.FindingCount(); ok && n <= whole {
		first, last, all = 1, lines, true
	}
	marks, ok := h.Findings(first, last)
	if !ok {
		return nil, false
	}
	return &textedit.Findings{All: all, Marks: json.RawMessage(marks)}, true
}

// EditorLoaded reports whether editor.js has run; if not, loaded is called
// once it has (it is a deferred script: it has run once the document is
// parsed).
func EditorLoaded(loaded func()) bool {
	w := app.Window()
	if w.Get("RobotsEditor").Truthy() || w.Get("document").Get("readyState").String() != "loading" {
		return true
	}
	var later app.Func
	later = app.FuncOf(func(app.Value, []app.Value) any {
		later.Release()
		loaded()
		return nil
	})
	w.Get("document").Call("addEventListener", "DOMContentLoaded", later)
	return false
}

// MountEditor makes the editor in host, or adopts the one the
// prerendered page already has (editor.js's mount).
func MountEditor(host app.Value, o EditorOptions, h EditorHooks) (*Editor, error) {
	e := &Editor{h: h}
	// change(lists, kind, seq, ...wants)
	change := app.FuncOf(func(_ app.Value, args []app.Value) any {
		if len(args) > 1 {
			seq := 0
			if len(args) > 2 && args[2].Type() == app.TypeNumber {
				seq = args[2].Int()
			}
			if len(args) > 3 && args[3].Type() == app.TypeObject {
				e.shows.takeList(args[3])
			}
			h.Change(transactions(args[0]), args[1].String(), seq)
		}
		return nil
	})
	// lines(first, last, inViewFirst, inViewLast)
	lines := app.FuncOf(func(_ app.Value, args []app.Value) any {
		if len(args) < 2 {
			return ""
		}
		if len(args) > 3 && args[2].Type() == app.TypeNumber && args[3].Type() == app.TypeNumber {
			e.shows.first, e.shows.last = args[2].Int(), args[3].Int()
		}
		return h.Lines(args[0].Int(), args[1].Int())
	})
	// findings(first, last, lines, whole): the marks of lines first to
	// last, or, when the file has at most whole findings, of all its lines,
	// said by all (textedit.Findings). One call, where asking the count first was
	// two into Go at every key.
	findings := app.FuncOf(func(_ app.Value, args []app.Value) any {
		if len(args) < 4 {
			return nil
		}
		s := &e.shows
		s.findFirst, s.findLast, s.lines, s.whole = args[0].Int(), args[1].Int(), args[2].Int(), args[3].Int()
		if f, ok := findingRows(h, s.findFirst, s.findLast, s.lines, s.whole); ok {
			return wire(f)
		}
		return nil
	})
	drop := app.FuncOf(func(_ app.Value, args []app.Value) any {
		if len(args) > 0 {
			h.Drop(args[0])
		}
		return nil
	})
	e.hooks = []app.Func{change, lines, findings, drop}
	w := app.Window()
	hooks := w.Get("Object").New()
	hooks.Set("change", change)
	hooks.Set("lines", lines)
	hooks.Set("findings", findings)
	hooks.Set("drop", drop)
	hooks.Set("pushes", true) // the marks come with Show after a change
	opts := w.Get("Object").New()
	opts.Set("text", KeepBOM(o.Text))
	opts.Set("readOnly", o.ReadOnly)
	opts.Set("id", o.ID)
	opts.Set("label", o.Label)
	opts.Set("describedBy", o.DescribedBy)
	opts.Set("hooks", hooks)
	if err := Try(func() { e.cm = w.Get("RobotsEditor").Call("mount", host, opts) }); err != nil {
		e.Release()
		return nil, err
	}
	return e, nil
}

// transactions reads editor.js's lists of changes (changesOf: five values
// a change).
func transactions(lists app.Value) [][]textedit.Change {
	out := make([][]textedit.Change, lists.Length())
	for i := range out {
		list := lists.Index(i)
		changes := make([]textedit.Change, 0, list.Length()/5)
		for j := 0; j+4 < list.Length(); j += 5 {
			changes = append(changes, textedit.Change{
				FromLine: list.Index(j).Int(), FromCol: list.Index(j + 1).Int(),
				ToLine: list.Index(j + 2).Int(), ToCol: list.Index(j + 3).Int(),
				Insert: list.Index(j + 4).String(),
			})
		}
		out[i] = changes
	}
	return out
}

// Release lets go of the editor and its hooks.
func (e *Editor) Release() {
	if e == nil {
		return
	}
	if e.cm != nil && e.cm.Truthy() {
		Try(func() { e.cm.Call("destroy") })
	}
	for _, f := range e.hooks {
		f.Release()
	}
	e.cm, e.hooks = nil, nil
}

// Ready reports whether the editor is made.
func (e *Editor) Ready() bool { return e != nil && e.cm != nil && e.cm.Truthy() }

// Text returns the editor's whole text.
func (e *Editor) Text() string { return e.cm.Call("text").String() }

// SetText replaces the editor's text, as one step of its history.
func (e *Editor) SetText(s string) { e.cm.Call("setText", KeepBOM(s)) }

// Showing is what the page shows after a change, pushed in one call
// (Show): the tests' verdicts, and the editor's marks and findings of the
// text after the change numbered Seq (the last that the hooks' Change was
// given and the session applied); the editor leaves those of an older
// text, and draws a line again only if its marks changed.
type Showing struct {
	// Verdicts has a byte a test, 'a' allowed, 'b' blocked; nil leaves
	// them as they are.
	Verdicts                 []byte
	AllowedText, BlockedText string
	Seq                      int
	// Marks returns the marks of lines first to last
	// (model.Analysis.LineMarks: a JSON list of textedit.LineMark); nil
	// pushes none (an analysis is due: the editor keeps its own, moved
	// with the text).
	Marks func(first, last int) string
	// Findings pushes the findings near view (the hooks' Findings) too.
	Findings bool
}

// Show pushes s in one call into the page (editor.js's RobotsEditor.show,
// one textedit.Push): the verdicts painted, and, when e is made, the lines
// in view and the findings wanted, as the editor last said it shows them
// (with its last change, ask or answer). No call into Go comes back: the
// editor answers with what it shows now.
//
// The verdicts are painted now, in the task of the event that changed
// them, rather than at go-app's next frame: its loop runs at 120 frames a
// second and sleeps when idle, so a keystroke's render starts up to 8 ms
// after the event, half of a keystroke's budget. go-app's render then
// writes the same values into the same nodes (the data-verdict attribute
// and the badge's text node), so the two never disagree. Only the tests
// drawn are painted, in one call for all of them.
func Show(e *Editor, s Showing) {
	if !app.IsClient || !app.Window().Get("RobotsEditor").Truthy() {
		return // go-app draws the verdicts at its next frame
	}
	p := textedit.Push{Verdicts: string(s.Verdicts), Allowed: s.AllowedText, Blocked: s.BlockedText, Seq: s.Seq}
	if !e.Ready() || (s.Marks == nil && !s.Findings) {
		if p.Verdicts != "" {
			show(nil, p)
		}
		return
	}
	if e.shows.first <= 0 || e.shows.whole <= 0 {
		// Not said yet (a push before any change or ask): asked, once.
		e.shows.takeList(e.cm.Call("wants"))
	}
	v := e.shows
	if s.Marks != nil && v.last >= v.first && v.first > 0 {
		p.First, p.Last, p.Lines = v.first, v.last, json.RawMessage(s.Marks(v.first, v.last))
	}
	if s.Findings {
		if f, ok := findingRows(e.h, v.findFirst, v.findLast, v.lines, v.whole); ok {
			p.Findings = f
		}
	}
	if p.Lines == nil && p.Findings == nil && p.Verdicts == "" {
		return
	}
	e.shows.takeList(show(e.cm, p))
}

// WarmShow runs the Go side of Show for s, without an editor: the push's
// JSON, with the marks of its first lines and the findings' marks given
// ("" for none). It is for ui.Warm: the page's first pushes find the
// code compiled.
func WarmShow(s Showing, findings string) {
	p := textedit.Push{Verdicts: string(s.Verdicts), Allowed: s.AllowedText, Blocked: s.BlockedText, Seq: s.Seq}
	if s.Marks != nil {
		p.First, p.Last, p.Lines = 1, 40, json.RawMessage(s.Marks(1, 40))
	}
	if findings != "" {
		p.Findings = &textedit.Findings{All: true, Marks: json.RawMessage(findings)}
	}
	_ = wire(p)
}

// show hands p to editor.js, for the editor cm (nil: the verdicts alone),
// and returns its answer.
func show(cm app.Value, p textedit.Push) app.Value {
	if cm == nil {
		cm = app.Null()
	}
	return app.Window().Get("RobotsEditor").Call("show", cm, wire(p), verdictNames())
}

// verdictNames are the page's names the verdicts are painted by, for
// editor.js: made once.
var verdictNames = sync.OnceValue(func() app.Value {
	ui := app.Window().Get("Object").New()
	ui.Set("rowAttr", "data-"+RowAttr)
	ui.Set("verdictClass", VerdictClass)
	ui.Set("barID", TestBarID)
	ui.Set("testAttr", "data-"+TestAttr)
	return ui
})

// wire returns v as editor.js reads it: JSON.
func wire(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err)
	}
	return string(b)
}

// Reveal brings line n into view, selecting it with sel; with unlessTyping,
// not while the user is typing in the editor. It reports whether it did.
func (e *Editor) Reveal(n int, sel, unlessTyping bool) bool {
	return e.cm.Call("reveal", n, sel, unlessTyping).Bool()
}

// Expose sets window.robotsTester, the page's hooks for outside checks
// and embedding pages: text() returns the whole text, setText(s) replaces
// it as a paste does; insert(s, at) inserts s at UTF-16 offset at (by
// default the end) as typing does; selection() says which lines the
// editor selects, {startLine, endLine, length}; live() has the page draw
// every part now (the parts under the first screen are drawn when first
// wanted: PartsWanted).
func (e *Editor) Expose(text func() string) {
	f := app.FuncOf(func(app.Value, []app.Value) any { return KeepBOM(text()) })
	e.hooks = append(e.hooks, f)
	api := app.Window().Get("Object").New()
	api.Set("text", f)
	// The editor's own paste: the text reaches Go once, as a paste's does.
	api.Set("setText", e.cm.Get("paste"))
	api.Set("insert", e.cm.Get("insert"))
	api.Set("selection", e.cm.Get("selection"))
	// live() draws every part of the page now (PartsWanted, which
	// editor.js's live sends).
	api.Set("live", app.Window().Get("RobotsEditor").Get("live"))
	app.Window().Set("robotsTester", api)
}

// NarrowLayout reports whether the page has its narrow layout (the test
// bar above the editor), as tester.css says in --layout, where its
// breakpoint is written once.
func NarrowLayout() (narrow bool) {
	Try(func() {
		doc := app.Window().Get("document").Get("documentElement")
		narrow = strings.TrimSpace(app.Window().Call("getComputedStyle", doc).Call("getPropertyValue", "--layout").String()) == "narrow"
	})
	return narrow
}

// KeepBOM returns s as it must be handed to the page for the page to see
// s: wasm_exec.js turns a Go string into a JavaScript one with a
// TextDecoder, which drops a leading byte-order mark. A second mark is
// put before it, for the decoder to drop.
func KeepBOM(s string) string {
	if strings.HasPrefix(s, "\uFEFF") {
		return "\uFEFF" + s
	}
	return s
}
