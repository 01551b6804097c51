package widget

import (
	"strconv"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// LineButton is a "line N" link of a panel: clicking it calls onClick,
// which finds N in the button's value (see RevealLine).
func LineButton(n int, onClick app.EventHandler) app.UI {
	return app.Button().Class("linkish").Type("button").Value(strconv.Itoa(n)).DataSet("line", n).
		Aria("label", "Show line "+strconv.Itoa(n)+" in the file").
		OnClick(onClick).Text("line " + strconv.Itoa(n))
}

// RevealLine calls onReveal with the line of the LineButton that was
// clicked.
func RevealLine(ctx app.Context, onReveal func(ctx app.Context, line int)) {
	if n, err := strconv.Atoi(ctx.JSSrc().Get("value").String()); err == nil && onReveal != nil {
		onReveal(ctx, n)
	}
}
