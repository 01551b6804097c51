package widget

import (
	"strconv"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// LineButton is a "line N" link of a panel: clicking it calls onClick,
// which finds N in the button's value (see SendLine).
func LineButton(n int, onClick app.EventHandler) app.UI {
	return app.Button().Class("linkish").Type("button").Value(strconv.Itoa(n)).DataSet("line", n).
		Aria("label", "Show line "+strconv.Itoa(n)+" in the file").
		OnClick(onClick).Text("line " + strconv.Itoa(n))
}

// SendLine sends to the line of the LineButton that was clicked, to be
// shown (ShowLine).
func SendLine(ctx app.Context, to Sender) {
	if n, err := strconv.Atoi(ctx.JSSrc().Get("value").String()); err == nil && to != nil {
		to.Send(ctx, ShowLine{Line: n})
	}
}

// LineTo returns the handler of a LineButton that sends its line to to.
func LineTo(to Sender) app.EventHandler {
	return func(ctx app.Context, e app.Event) { SendLine(ctx, to) }
}
