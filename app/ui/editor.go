package ui

import (
	"encoding/base64"
	"strconv"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"robotstester/app/model"
	"robotstester/app/ui/dom"
	"robotstester/app/ui/widget"
)

// Editor is the robots.txt editor: CodeMirror 6 (app/editor, bundled into
// web/editor.js), which lays out only the lines in view. go-app draws its
// host element and nothing inside it: the editor owns that subtree, and
// the Tester drives it (editing.go).
//
// In the page made at build time, where no script runs, the host holds
// the file's first lines as static HTML with the classes and marks the
// live editor gives them (kinds, the group used, the deciding line), so
// that the first paint already shows the answer; the live page takes its
// place once ready.
type Editor struct {
	app.Compo

	// Static are the lines the page made at build time shows.
	Static []model.LineView
	// Text is the whole text, as the editor is given it, for the page made
	// at build time to make its editor live before app.wasm has started
	// (app/editor/src/early.js); "" when too large to carry.
	Text string

	// To is told of the host element made (EditorMounted), for the page
	// to make the editor in it, and of it gone (EditorGone).
	To widget.Sender
}

// EditorMounted is the editor's host element, made: the page makes the
// editor in it.
type EditorMounted struct{ Host app.Value }

// EditorGone says that the editor's host element is gone: the page lets
// go of the editor that lived in it.
type EditorGone struct{}

// EditorHostID is the id of the element the editor is made in; the
// editable element inside it is EditorID.
const EditorHostID = "editor"

// Render returns the component's markup.
func (e *Editor) Render() app.UI {
	host := app.Div().ID(EditorHostID).Class("editor")
	if app.IsClient {
		return host
	}
	numbers := make([]app.UI, len(e.Static))
	lines := make([]app.UI, len(e.Static))
	for i, l := range e.Static {
		numbers[i] = app.Div().Class("cm-gutterElement").Text(strconv.Itoa(l.N))
		lines[i] = staticLine(l)
	}
	static := app.Div().Class("cm-editor", "cm-static")
	if e.Text != "" {
		// In base64: go-app trims an attribute's white space (the text's
		// last line break is part of the text), and the page's parser
		// would turn a CR into a line feed.
		static = static.DataSet("text", base64.StdEncoding.EncodeToString([]byte(e.Text)))
	}
	return host.Body(
		static.Body(
			app.Div().Class("cm-scroller").Body(
				app.Div().Class("cm-gutters").Aria("hidden", "true").Body(
					app.Div().Class("cm-gutter", "cm-lineNumbers").Body(numbers...),
					app.Div().Class("cm-gutter", "cm-gutter-lint"),
				),
				app.Div().ID(dom.EditorID).Class("cm-content").TabIndex(0).
					Role("textbox").Aria("multiline", "true").Aria("readonly", "true").
					Aria("label", "robots.txt").Aria("describedby", "summary "+dom.EditorLegendID).
					Body(lines...),
			),
		),
	)
}

// staticLine draws line l as the live editor's line plugin marks it.
func staticLine(l model.LineView) app.UI {
	d := app.Div().DataSet("line", l.N)
	classes := []string{"cm-line"}
	if l.Kind != "" {
		d = d.DataSet("kind", l.Kind)
		classes = append(classes, "k-"+l.Kind)
	}
	if l.Group {
		d = d.DataSet("group", "true")
		classes = append(classes, "in-group")
	}
	if l.Deciding {
		d = d.DataSet("deciding", "true")
		classes = append(classes, "deciding")
	}
	// An empty line stays empty (the page's markup is indented, and a
	// <br> would bring the indentation into a pre-formatted line): its
	// height is the style's (.cm-static .cm-line).
	return d.Class(classes...).Text(l.Text)
}

// OnMount hands the host element to the page, which makes the editor in
// it, in a task of its own: go-app's start and first render are one long
// task already.
func (e *Editor) OnMount(ctx app.Context) {
	if e.To == nil {
		return
	}
	host := ctx.JSSrc()
	dom.NextTask(ctx, func(ctx app.Context) {
		ctx.PreventUpdate()
		if e.Mounted() {
			e.To.Send(ctx, EditorMounted{Host: host})
		}
	})
}

// OnDismount lets the page drop the editor that lived in the host. go-app
// gives a component going no context, and the message needs none: it is
// sent with an empty one.
func (e *Editor) OnDismount() {
	if e.To != nil {
		e.To.Send(app.Context{}, EditorGone{})
	}
}
