package ui

import (
	"strconv"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// lineButton is a "line N" link of a panel: clicking it calls onClick,
// which finds N in the button's value (see revealLine).
func lineButton(n int, onClick app.EventHandler) app.UI {
	return app.Button().Class("linkish").Type("button").Value(strconv.Itoa(n)).DataSet("line", n).
		Aria("label", "Show line "+strconv.Itoa(n)+" in the file").
		OnClick(onClick).Text("line " + strconv.Itoa(n))
}

// revealLine calls onReveal with the line of the lineButton that was
// clicked.
func revealLine(ctx app.Context, onReveal func(ctx app.Context, line int)) {
	if n, err := strconv.Atoi(ctx.JSSrc().Get("value").String()); err == nil && onReveal != nil {
		onReveal(ctx, n)
	}
}
