package ui

import (
	"strconv"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"robotstester/app/ui/model"
)

// Editor is the robots.txt textarea and its line-number gutter.
//
// The textarea is uncontrolled: its value is written when it is first
// drawn and on programmatic loads (Tester.load), and read on input, so that
// a 500 KiB file is not copied back into the page on every key. The gutter
// draws only the numbers on screen, moved with the textarea's scroll.
type Editor struct {
	app.Compo

	Lines    int     // lines in the text
	Top      float64 // scrollTop of the textarea, in pixels
	Height   float64 // clientHeight of the textarea, in pixels
	Disabled bool
	ReadOnly bool // embed mode's readonly=1: the text shows but cannot change

	initial  string // value drawn before the editor is mounted
	mounted  bool
	onInput  func(ctx app.Context, text string)
	onScroll func(ctx app.Context, top, height float64)
	onDrop   func(ctx app.Context, file app.Value) // a file dropped on the editor
}

// OnMount runs in the browser once the textarea is in the page; from then on
// its value belongs to the user.
func (e *Editor) OnMount(ctx app.Context) {
	e.mounted = true
	e.initial = ""
}

// Render returns the component's markup.
func (e *Editor) Render() app.UI {
	w := model.Visible(e.Top, e.Height, LineHeight, max(e.Lines, 1), Margin)
	numbers := make([]app.UI, 0, w.Len())
	for n := w.First; n <= w.Last; n++ {
		numbers = append(numbers, app.Div().Text(strconv.Itoa(n)))
	}
	offset := float64((w.First-1)*LineHeight) - e.Top
	ta := app.Textarea().
		ID(EditorID).
		Name("robots-txt").
		Class("editor-text").
		Spellcheck(false).
		Wrap("off").
		Attr("autocomplete", "off").
		Attr("autocapitalize", "off").
		Aria("describedby", "summary").
		Disabled(e.Disabled).
		ReadOnly(e.ReadOnly).
		OnInput(e.input).
		OnScroll(e.scroll)
	if e.onDrop != nil && !e.ReadOnly {
		ta = ta.OnDragOver(acceptDrop).OnDrop(e.drop)
	}
	if !e.mounted {
		ta = ta.Text(e.initial)
	}
	return app.Div().Class("editor").Body(
		app.Div().Class("gutter").Aria("hidden", "true").Body(
			app.Div().Class("gutter-lines").
				Style("transform", "translateY("+strconv.FormatFloat(offset, 'f', 1, 64)+"px)").
				Body(numbers...),
		),
		ta,
	)
}

func (e *Editor) input(ctx app.Context, ev app.Event) {
	if e.onInput != nil {
		e.onInput(ctx, ctx.JSSrc().Get("value").String())
	}
}

func (e *Editor) scroll(ctx app.Context, ev app.Event) {
	src := ctx.JSSrc()
	if e.onScroll != nil {
		e.onScroll(ctx, src.Get("scrollTop").Float(), src.Get("clientHeight").Float())
	}
}

// drop takes a dropped file in place of the text; dropped text is left to
// the browser, which inserts it.
func (e *Editor) drop(ctx app.Context, ev app.Event) {
	if f := firstFile(ctx, ev); f.Truthy() {
		ev.PreventDefault()
		e.onDrop(ctx, f)
	}
}
