package results

import (
	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"robotstester/app/internal/session"
	"robotstester/app/model"
	"robotstester/app/ui/dom"
	"robotstester/app/ui/widget"
)

// The rows' handlers.

// edit hands e to the page.
func (p *ResultsTable) edit(ctx app.Context, e session.Edit) { send(ctx, p.To, e) }

// sender is where a row's fields send what is typed and pasted in them.
func (p *ResultsTable) sender() widget.Sender { return p.To }

func (p *ResultsTable) pin(ctx app.Context, i int) { p.edit(ctx, session.Pin{Row: i}) }

func (p *ResultsTable) focusRow(ctx app.Context, i int) { p.edit(ctx, session.Select{Row: i}) }

// why selects test i for the Why panel, and makes sure the panel is in
// view once drawn.
func (p *ResultsTable) why(ctx app.Context, i int) {
	if p.To != nil {
		p.To.Send(ctx, widget.ExplainTest{Row: i})
	}
	if p.mounted {
		p.own.Defer(func(app.Context) { dom.ShowWhy(i) })
	}
}

// remove removes test i, and keeps the focus in the table: on the next
// test shown's remove button, or the previous one's, or the box.
func (p *ResultsTable) remove(ctx app.Context, i int) {
	target := p.table().AfterRemove(i)
	p.edit(ctx, session.RemoveRow{Row: i})
	p.next = &focusTarget{row: target, ctl: "remove"}
	p.deferFocus()
}

func (p *ResultsTable) revealLine(ctx app.Context, i, line int) {
	if i != p.Selected {
		p.edit(ctx, session.Select{Row: i})
	}
	if p.To != nil {
		p.To.Send(ctx, widget.ShowLine{Line: line})
	}
}

// key handles a key in test i's field: Enter in a URL field asks for a
// new test after it; ArrowUp and ArrowDown move to the same field of the
// previous or next test shown.
func (p *ResultsTable) key(ctx app.Context, i int, field, key string) bool {
	switch key {
	case "Enter":
		if field != "url" || p.ReadOnly || p.To == nil {
			return false
		}
		p.edit(ctx, session.AddRow{After: i, URLNext: true})
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
	if h, ok := dom.FocusIn(ResultsBoxID); ok {
		p.next = &focusTarget{row: h.Row, ctl: h.Control, hold: true, held: h}
		p.deferFocus()
	}
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
	if f.hold {
		dom.Refocus(ResultsBoxID, f.held)
		return
	}
	if !dom.ScrollBox(ResultsBoxID, p.top) {
		return
	}
	if f.row < 0 {
		dom.FocusBox(ResultsBoxID)
		return
	}
	if f.ctl == "" || dom.FocusInBox(ResultsBoxID, f.row, f.ctl, f.sel) {
		return
	}
	// Not drawn: the table changed under the target. Scroll to it and try
	// once more after the next drawing.
	if pos := p.table().Position(f.row); pos >= 0 && f.tries == 0 {
		f.tries++
		p.top = model.ScrollInto(pos, p.top, p.view(), p.rowHeight())
		p.next = f
		p.own.Dispatch(func(ctx app.Context) { ctx.Defer(p.applyFocus) })
		return
	}
	dom.FocusBox(ResultsBoxID)
}
