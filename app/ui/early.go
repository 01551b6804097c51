package ui

import (
	"time"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

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
