package ui

import (
	"strconv"

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
