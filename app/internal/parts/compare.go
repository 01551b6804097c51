package parts

import (
	"robotstester/app/internal/effect"
	"robotstester/app/internal/share"
	"robotstester/app/model"
)

// CompareStep is how many tests of the comparison are drawn in one task:
// go-app draws a test's 29 elements in about 4 ms on a 2-core machine, and
// a task must stay well under 200 ms.
const CompareStep = 25

// Compare is every crawler's reading of every test: whether it is shown
// and how much of it is drawn. The comparison reads the file once per
// dialect and checks every test in each (at 1000 tests, a second of
// WebAssembly): it is made paced, before the panel opens, then drawn a
// few tests per task.
type Compare struct {
	open    bool // the side-by-side comparison is shown
	limit   int  // how many tests it draws, past the first page
	drawn   int  // how many it has drawn so far: CompareStep more per task
	growing bool // a step of the drawing is due
}

// Open reports whether the comparison is shown.
func (c Compare) Open() bool { return c.open }

// Limit is how many tests the comparison draws now.
func (c Compare) Limit() int { return min(model.ComparePage+c.limit, c.drawn) }

// Drawing reports whether more of the comparison's tests, of rows, are
// still to be drawn.
func (c Compare) Drawing(rows int) bool { return !c.done(rows) }

// A CompareMsg is a message of the comparison.
type CompareMsg interface{ isCompare() }

// ToggleReadings shows or hides the comparison of readings.
type ToggleReadings struct{}

// Compared is the comparison made for Analysis and State (C), paced.
type Compared struct {
	Analysis *model.Analysis
	State    model.State
	C        *model.Comparison
}

// MoreReadings draws a page more of the comparison's tests.
type MoreReadings struct{}

// DrawReadings is a step of the comparison's drawing, in a task of its
// own.
type DrawReadings struct{}

// RowsChanged says that tests came or went: more may be there to draw.
type RowsChanged struct{}

func (ToggleReadings) isCompare() {}
func (Compared) isCompare()       {}
func (MoreReadings) isCompare()   {}
func (DrawReadings) isCompare()   {}
func (RowsChanged) isCompare()    {}

// Update carries out msg, reading the work through w, and returns the IO
// it asks of the page.
func (c *Compare) Update(msg CompareMsg, w Work) []effect.IO {
	rows := len(w.State().Rows)
	switch m := msg.(type) {
	case ToggleReadings:
		if c.open {
			c.open = false
			return nil
		}
		return []effect.IO{effect.ComparePaced{Analysis: w.Analysis(), State: stateCopy(w.State())}}
	case Compared:
		// Kept only if the work has not changed meanwhile.
		if w.Analysis() == m.Analysis && share.Same(w.State(), m.State) {
			m.Analysis.KeepComparison(m.C)
		}
		c.open, c.drawn = true, CompareStep
		return c.grow(rows)
	case MoreReadings:
		c.limit += model.ComparePage
		return c.grow(rows)
	case DrawReadings:
		c.growing = false
		if c.done(rows) {
			return nil
		}
		c.drawn += CompareStep
		return c.grow(rows)
	case RowsChanged:
		return c.grow(rows)
	}
	return nil
}

// grow asks for a step of the drawing, until the tests asked for are
// drawn. One chain of steps at a time: "Show more" while one runs extends
// it.
func (c *Compare) grow(rows int) []effect.IO {
	if c.growing || c.done(rows) {
		return nil
	}
	c.growing = true
	return []effect.IO{effect.NextFrame{Then: DrawReadings{}}}
}

// done reports whether the comparison is closed or drawn whole.
func (c Compare) done(rows int) bool {
	return !c.open || c.drawn >= min(model.ComparePage+c.limit, rows)
}

// stateCopy returns a copy of s that shares none of its tests, for work
// that outlives a change to them.
func stateCopy(s model.State) model.State {
	s.Rows = append([]model.Row(nil), s.Rows...)
	return s
}
