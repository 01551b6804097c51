package model

import (
	"math"
	"strconv"
)

// The table as the page walks it: a test's place, the next one shown, the
// window of lines drawn, the counts.

// Row returns the view of test i (an index in the state's rows), or a
// zero TableRow with Index -1 when there is no such test.
func (t *Table) Row(i int) TableRow {
	if i < 0 || i >= len(t.rows) {
		return TableRow{Index: -1}
	}
	return t.rows[i]
}

// Len returns the number of tests of the analysis, shown or not.
func (t *Table) Len() int { return len(t.rows) }

// Position returns the position of test i in Lines, or -1 when it is not
// shown.
func (t *Table) Position(i int) int {
	if i < 0 || i >= len(t.pos) {
		return -1
	}
	return t.pos[i]
}

// Step returns the test shown delta tests after test i (before it when
// delta is negative), headers aside, or -1 when there is none. A test not
// shown has no neighbours.
func (t *Table) Step(i, delta int) int {
	p := t.Position(i)
	if p < 0 {
		return -1
	}
	dir := 1
	if delta < 0 {
		dir, delta = -1, -delta
	}
	for p += dir; p >= 0 && p < len(t.Lines); p += dir {
		if t.Lines[p].Header() {
			continue
		}
		if delta--; delta == 0 {
			return t.Lines[p].Row
		}
	}
	return -1
}

// AfterRemove returns the test that should take the focus once test i is
// removed: the next test shown, else the previous one, as its index after
// the removal (the tests after i move up by one); -1 when none is left.
func (t *Table) AfterRemove(i int) int {
	j := t.Step(i, 1)
	if j < 0 {
		j = t.Step(i, -1)
	}
	switch {
	case j < 0:
		return -1
	case j > i:
		return j - 1
	}
	return j
}

// TableWindow is the part of a table that is drawn: the lines on screen
// and a margin, with the room the others would take above and below, so
// that the scroll bar stays true.
type TableWindow struct {
	// First is the position in Table.Lines of Lines[0].
	First int
	Lines []TableLine
	// Above and Below are the heights in pixels of the lines not drawn.
	Above, Below float64
}

// Window returns the lines of the table to draw for a scroll box scrolled
// to scrollTop and height pixels high, every line being lineHeight pixels
// high, with margin lines more on each side (see Visible). The window moves
// in steps of step lines (1 or less: line by line): drawing a window costs
// about as much however far it moved, since every line drawn may now show
// another test, so a scroll that draws again once per step rather than once
// per line costs step times less.
func (t *Table) Window(scrollTop, height, lineHeight float64, margin, step int) TableWindow {
	if step > 1 && lineHeight > 0 {
		// From the top of the step, down to the bottom of the view when
		// scrolled to the end of the step: the same lines all along it.
		span := float64(step) * lineHeight
		scrollTop = math.Floor(max(scrollTop, 0)/span) * span
		height += span
	}
	w := Visible(scrollTop, height, lineHeight, len(t.Lines), margin)
	if w.Len() == 0 {
		return TableWindow{}
	}
	first, last := w.First-1, w.Last // Visible counts from 1
	return TableWindow{
		First: first,
		Lines: t.Lines[first:last],
		Above: float64(first) * lineHeight,
		Below: float64(len(t.Lines)-last) * lineHeight,
	}
}

// ScrollInto returns the scrollTop that brings the line at position pos
// wholly into a scroll box at scrollTop, height pixels high: scrollTop
// itself when the line is already in view, else the least scroll that
// shows it (with the line before it, a group's header, when scrolling up).
func ScrollInto(pos int, scrollTop, height, lineHeight float64) float64 {
	if pos < 0 || lineHeight <= 0 {
		return scrollTop
	}
	top := float64(pos) * lineHeight
	switch {
	case top < scrollTop:
		return max(top-lineHeight, 0)
	case top+lineHeight > scrollTop+height:
		return max(top+lineHeight-height, 0)
	}
	return scrollTop
}

// Counts says in words how many tests are shown and their verdicts: "12
// tests: 9 allowed, 3 blocked", with "shown of N" when the query hides
// some.
func (t *Table) Counts() string {
	n := len(t.Shown)
	s := Plural(n, "test", "tests")
	if total := len(t.rows); n != total {
		s += " shown of " + strconv.Itoa(total)
	}
	if n == 0 {
		return s
	}
	return s + ": " + strconv.Itoa(t.Allowed) + " allowed, " + strconv.Itoa(t.Blocked) + " blocked"
}

// Label returns the text of a group's header: "https://x/a · 3 tests: 2
// allowed, 1 blocked".
func (g *TableGroup) Label() string {
	return g.Key + " · " + Plural(g.Tests, "test", "tests") + ": " + strconv.Itoa(g.Allowed) + " allowed, " + strconv.Itoa(g.Blocked) + " blocked"
}
