package ui

import (
	"strconv"
	"time"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"robotstester/app/ui/model"
)

// paintVerdicts writes every row's verdict into the page at once, in the
// task of the event that changed it.
//
// go-app draws a change only at its next frame: its loop runs at 120 frames
// a second and sleeps when idle, so a keystroke's render starts up to 8 ms
// after the event, which alone would spend half of a keystroke's 16 ms
// budget. The verdicts are what the user waits for, so they are written
// now; go-app's render then writes the same values into the same nodes
// (the data-verdict attribute and the badge's text node), so the two never
// disagree, and it draws everything else.
func paintVerdicts(an *model.Analysis) {
	if !app.IsClient {
		return
	}
	doc := app.Window().Get("document")
	for i := range an.Rows {
		el := doc.Call("querySelector", `[data-row="`+strconv.Itoa(i)+`"] .verdict`)
		if !el.Truthy() {
			return // a row not drawn yet: go-app's render draws it
		}
		v := &an.Rows[i]
		el.Call("setAttribute", "data-verdict", v.Verdict())
		if text := el.Get("firstChild"); text.Truthy() && text.Get("nodeType").Int() == 3 {
			text.Set("nodeValue", verdictText(v.Allowed))
		}
	}
}

// renderNextTask moves the render of a change out of the event's task, so
// that the browser shows the verdicts painted by paintVerdicts before go-app
// redraws the rest.
//
// go-app's frame timer starts with the event; when handling the change
// outlasts it (a 500 KiB file takes longer than its 8 ms), the frame is
// already due when the handler returns, so go-app would render in the same
// task and the browser could show nothing until that render is done. The
// update is cancelled here and asked for again from a timer, which fires in
// a task of its own.
func renderNextTask(ctx app.Context) {
	ctx.PreventUpdate()
	ctx.After(time.Millisecond, func(app.Context) {})
}
