package dom

import (
	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// RenderNextTask moves the render of a change out of the event's task, so
// that the browser shows the verdicts painted by PaintVerdicts before go-app
// redraws the rest.
//
// go-app's frame timer starts with the event; when handling the change
// outlasts it (a 500 KiB file takes longer than its 8 ms), the frame is
// already due when the handler returns, so go-app would render in the same
// task and the browser could show nothing until that render is done. The
// update is cancelled here and asked for again in the browser's next task
// (NextTask): a Go timer would fire inside this task when the Go code is
// still busy once it is due.
func RenderNextTask(ctx app.Context) {
	ctx.PreventUpdate()
	NextTask(ctx, func(app.Context) {})
}
