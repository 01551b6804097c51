package tests

import (
	"math"
	"strconv"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"robotstester/app/ui/dom"
	"robotstester/app/ui/model"
)

// The rows' handlers.

func (p *ResultsTable) focusRow(ctx app.Context, i int) {
	if p.OnSelect != nil {
		p.OnSelect(ctx, i)
	}
}

// why selects test i for the Why panel, and makes sure the panel is in
// view once drawn.
func (p *ResultsTable) why(ctx app.Context, i int) {
	switch {
	case p.OnWhy != nil:
		p.OnWhy(ctx, i)
	case p.OnSelect != nil:
		p.OnSelect(ctx, i)
	}
	if p.mounted {
		p.own.Defer(func(app.Context) { dom.ShowWhy(i) })
	}
}

// remove removes test i, and keeps the focus in the table: on the next
// test shown's remove button, or the previous one's, or the box.
func (p *ResultsTable) remove(ctx app.Context, i int) {
	target := p.table().AfterRemove(i)
	if p.OnRemove != nil {
		p.OnRemove(ctx, i)
	}
	p.next = &focusTarget{row: target, ctl: "remove"}
	p.deferFocus()
}

func (p *ResultsTable) revealLine(ctx app.Context, i, line int) {
	if p.OnSelect != nil && i != p.Selected {
		p.OnSelect(ctx, i)
	}
	if p.OnReveal != nil {
		p.OnReveal(ctx, line)
	}
}

// key handles a key in test i's field: Enter in a URL field asks for a
// new test after it; ArrowUp and ArrowDown move to the same field of the
// previous or next test shown.
func (p *ResultsTable) key(ctx app.Context, i int, field, key string) bool {
	switch key {
	case "Enter":
		if field != "url" || p.ReadOnly || p.OnEnter == nil {
			return false
		}
		p.OnEnter(ctx, i)
		return true
	case "ArrowUp", "ArrowDown":
		delta := 1
		if key == "ArrowUp" {
			delta = -1
		}
		if f := p.next; f != nil && !f.hold && f.ctl == field && f.row >= 0 {
			// Keys come faster than frames: the focus has yet to reach
			// the test the last key chose; go on from there.
			i = f.row
		}
		j := p.table().Step(i, delta)
		if j < 0 {
			return false
		}
		p.bring(RowReveal{Row: j, Field: field, Seq: p.revealed})
		return true
	}
	return false
}

// bring scrolls test r.Row into view and, once drawn, focuses its field.
// A test the query hides is not shown.
func (p *ResultsTable) bring(r RowReveal) {
	p.revealed = r.Seq
	pos := p.table().Position(r.Row)
	if pos < 0 {
		return
	}
	p.top = model.ScrollInto(pos, p.top, p.view(), p.rowHeight())
	p.next = &focusTarget{row: r.Row, ctl: r.Field, sel: r.Select}
	p.deferFocus()
}

// holdFocus notes the control that has the focus, before a redraw that
// may give its element to another test (the lines are drawn into the same
// elements, by place), so as to give the focus back to that control after.
func (p *ResultsTable) holdFocus() {
	if p.next != nil || !p.mounted {
		return
	}
	el := app.Window().Get("document").Get("activeElement")
	box := dom.Element(ResultsBoxID)
	if !el.Truthy() || !box.Truthy() || !box.Call("contains", el).Bool() {
		return
	}
	row := el.Call("closest", "["+"data-"+dom.RowAttr+"]")
	if !row.Truthy() {
		return
	}
	i, err := strconv.Atoi(row.Call("getAttribute", "data-"+dom.RowAttr).String())
	if err != nil {
		return
	}
	f := &focusTarget{row: i, ctl: dom.ControlOf(el), hold: true, el: el}
	if f.ctl == "agent" || f.ctl == "url" {
		f.start, f.end = el.Get("selectionStart").Int(), el.Get("selectionEnd").Int()
	}
	p.next = f
	p.deferFocus()
}

func (p *ResultsTable) deferFocus() {
	if p.mounted {
		p.own.Defer(p.applyFocus)
	}
}

// applyFocus runs once the table is drawn: it scrolls the box to the
// table's scroll and gives the focus to the target.
func (p *ResultsTable) applyFocus(ctx app.Context) {
	f := p.next
	if f == nil {
		return
	}
	p.next = nil
	box := dom.Element(ResultsBoxID)
	if !box.Truthy() {
		return
	}
	if f.hold {
		p.refocus(box, f)
		return
	}
	if math.Abs(box.Get("scrollTop").Float()-p.top) >= 1 {
		box.Set("scrollTop", p.top)
	}
	if f.row < 0 {
		box.Call("focus")
		return
	}
	if f.ctl == "" {
		return
	}
	el := box.Call("querySelector", dom.ControlSelector(f.row, f.ctl))
	if !el.Truthy() {
		// Not drawn: the table changed under the target. Scroll to it and
		// try once more after the next drawing.
		if pos := p.table().Position(f.row); pos >= 0 && f.tries == 0 {
			f.tries++
			p.top = model.ScrollInto(pos, p.top, p.view(), p.rowHeight())
			p.next = f
			p.own.Dispatch(func(ctx app.Context) { ctx.Defer(p.applyFocus) })
			return
		}
		box.Call("focus")
		return
	}
	el.Call("focus")
	if f.sel {
		el.Call("select")
	}
}

// refocus gives the focus back to the control that had it before a
// redraw, if the redraw took it: its element now shows another test, or
// was replaced. A focus moved on purpose meanwhile is left alone.
func (p *ResultsTable) refocus(box app.Value, f *focusTarget) {
	active := app.Window().Get("document").Get("activeElement")
	connected := f.el.Get("isConnected").Bool()
	switch {
	case connected && !active.Equal(f.el):
		return // the focus moved on purpose
	case connected:
		row := f.el.Call("closest", "[data-"+dom.RowAttr+"]")
		if row.Truthy() && row.Call("getAttribute", "data-"+dom.RowAttr).String() == strconv.Itoa(f.row) {
			return // still the same test's control
		}
	case active.Truthy() && !active.Equal(app.Window().Get("document").Get("body")):
		return // the element went and the focus is elsewhere
	}
	el := box.Call("querySelector", dom.ControlSelector(f.row, f.ctl))
	if !el.Truthy() {
		// The test scrolled out of the window: keep the keys out of
		// another test's fields.
		box.Call("focus", map[string]any{"preventScroll": true})
		return
	}
	el.Call("focus", map[string]any{"preventScroll": true})
	if f.ctl == "agent" || f.ctl == "url" {
		el.Call("setSelectionRange", f.start, f.end)
	}
}
