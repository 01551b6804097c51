package dom

import "github.com/maxence-charriere/go-app/v10/pkg/app"

// The results table's controls and the Why panel beside it.

// ControlOf names a control of a test's line.
func ControlOf(el app.Value) string {
	switch {
	case el.Get("name").String() == "agent":
		return "agent"
	case el.Get("name").String() == "url":
		return "url"
	case el.Call("hasAttribute", "data-why").Bool():
		return "why"
	case el.Call("hasAttribute", "data-line").Bool():
		return "line"
	}
	return "remove"
}

// ControlSelector matches a control of test i's line.
func ControlSelector(i int, ctl string) string {
	row := RowSelector(i) + " "
	switch ctl {
	case "agent", "url":
		return row + "input[name=" + ctl + "]"
	case "why":
		return row + "[data-why]"
	case "line":
		return row + "button[data-line]"
	}
	return row + "button.remove"
}

// ShowWhy makes sure, once a Why control of test i was used, that the Why
// panel is in view and does not hide the test: shown as a sheet over the
// bottom of the screen (a narrow layout), the page scrolls the test above
// it; in the page's flow and out of view, the panel is scrolled into view.
func ShowWhy(i int) {
	el := Element("why")
	if !el.Truthy() {
		return
	}
	r := el.Call("getBoundingClientRect")
	h := app.Window().Get("innerHeight").Float()
	if app.Window().Call("getComputedStyle", el).Get("position").String() == "fixed" {
		sheet := r.Get("top").Float()
		row := app.Window().Get("document").Call("querySelector", RowSelector(i))
		if !row.Truthy() {
			return
		}
		// The whole test first (its Why control is on its last line: the
		// click may have left its top above the window), then above the
		// sheet.
		row.Call("scrollIntoView", map[string]any{"block": "nearest"})
		if bottom := row.Call("getBoundingClientRect").Get("bottom").Float(); bottom > sheet-8 {
			app.Window().Call("scrollBy", 0, bottom-sheet+8)
		}
		return
	}
	if top := r.Get("top").Float(); top < 0 || top > h-48 {
		el.Call("scrollIntoView", map[string]any{"block": "start"})
	}
}
