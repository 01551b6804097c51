package dom

import (
	"math"
	"strconv"
	"strings"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

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

// FocusControl gives the focus to a control of test i's line (see
// ControlSelector), without scrolling, if it is drawn.
func FocusControl(i int, ctl string) {
	if !app.IsClient {
		return
	}
	if el := app.Window().Get("document").Call("querySelector", ControlSelector(i, ctl)); el.Truthy() {
		el.Call("focus", map[string]any{"preventScroll": true})
	}
}

// SetFieldUnlessFocused writes text into field id unless the user is in
// it: a field the user types in is theirs (go-app cannot clear a field it
// drew, #1083).
func SetFieldUnlessFocused(id, text string) {
	f := Element(id)
	if !f.Truthy() || f.Equal(activeElement()) {
		return
	}
	if f.Get("value").String() != text {
		f.Set("value", text)
	}
}

// activeElement returns the element that has the focus.
func activeElement() app.Value { return app.Window().Get("document").Get("activeElement") }

// A Box is what the page says of a scroll box: its width, the max-height
// its style sheet gives it (or its height), and its scroll.
type Box struct {
	Width     float64 // the root's width, 0 if it is not drawn
	MaxHeight float64 // the box's max-height, or its height
	Top       float64 // the box's scrollTop
}

// MeasureBox measures the scroll box id inside the element root: ok is
// false where either is not drawn, and a measure the browser leaves at 0
// is 0.
func MeasureBox(root, id string) (b Box, ok bool) {
	if !app.IsClient {
		return b, false
	}
	if r := Element(root); r.Truthy() {
		b.Width = r.Get("clientWidth").Float()
	}
	box := Element(id)
	if !box.Truthy() {
		return b, false
	}
	css := app.Window().Call("getComputedStyle", box).Get("maxHeight").String()
	if v, err := strconv.ParseFloat(strings.TrimSuffix(css, "px"), 64); err == nil && v > 0 {
		b.MaxHeight = v
	} else {
		b.MaxHeight = box.Get("clientHeight").Float()
	}
	b.Top = box.Get("scrollTop").Float()
	return b, true
}

// HeldFocus is the control of a test's line that had the focus before a
// redraw, which may give its element to another test (the lines are drawn
// into the same elements, by place), with a field's selection.
type HeldFocus struct {
	Row        int    // the test
	Control    string // as ControlOf names it
	el         app.Value
	start, end int
}

// FocusIn returns the control of a test's line inside the box id that has
// the focus, if one has.
func FocusIn(box string) (f HeldFocus, ok bool) {
	if !app.IsClient {
		return f, false
	}
	el, b := activeElement(), Element(box)
	if !el.Truthy() || !b.Truthy() || !b.Call("contains", el).Bool() {
		return f, false
	}
	row := el.Call("closest", "[data-"+RowAttr+"]")
	if !row.Truthy() {
		return f, false
	}
	i, err := strconv.Atoi(row.Call("getAttribute", "data-"+RowAttr).String())
	if err != nil {
		return f, false
	}
	f = HeldFocus{Row: i, Control: ControlOf(el), el: el}
	if f.Control == "agent" || f.Control == "url" {
		f.start, f.end = el.Get("selectionStart").Int(), el.Get("selectionEnd").Int()
	}
	return f, true
}

// Refocus gives the focus back to the control that had it before a
// redraw, if the redraw took it: its element now shows another test, or
// was replaced. A focus moved on purpose meanwhile is left alone.
func Refocus(box string, f HeldFocus) {
	b := Element(box)
	if !b.Truthy() {
		return
	}
	active := activeElement()
	connected := f.el.Get("isConnected").Bool()
	switch {
	case connected && !active.Equal(f.el):
		return // the focus moved on purpose
	case connected:
		row := f.el.Call("closest", "[data-"+RowAttr+"]")
		if row.Truthy() && row.Call("getAttribute", "data-"+RowAttr).String() == strconv.Itoa(f.Row) {
			return // still the same test's control
		}
	case active.Truthy() && !active.Equal(app.Window().Get("document").Get("body")):
		return // the element went and the focus is elsewhere
	}
	el := b.Call("querySelector", ControlSelector(f.Row, f.Control))
	if !el.Truthy() {
		// The test scrolled out of the window: keep the keys out of
		// another test's fields.
		b.Call("focus", map[string]any{"preventScroll": true})
		return
	}
	el.Call("focus", map[string]any{"preventScroll": true})
	if f.Control == "agent" || f.Control == "url" {
		el.Call("setSelectionRange", f.start, f.end)
	}
}

// ScrollBox scrolls the box id to top, unless it is there; ok is false
// where the box is not drawn.
func ScrollBox(box string, top float64) (ok bool) {
	b := Element(box)
	if !b.Truthy() {
		return false
	}
	if math.Abs(b.Get("scrollTop").Float()-top) >= 1 {
		b.Set("scrollTop", top)
	}
	return true
}

// FocusBox gives the focus to the box id itself.
func FocusBox(box string) {
	if b := Element(box); b.Truthy() {
		b.Call("focus")
	}
}

// FocusInBox gives the focus to control ctl of test i's line inside the
// box id, selecting a field's text with sel, and reports whether that
// control is drawn.
func FocusInBox(box string, i int, ctl string, sel bool) bool {
	b := Element(box)
	if !b.Truthy() {
		return false
	}
	el := b.Call("querySelector", ControlSelector(i, ctl))
	if !el.Truthy() {
		return false
	}
	el.Call("focus")
	if sel {
		el.Call("select")
	}
	return true
}
