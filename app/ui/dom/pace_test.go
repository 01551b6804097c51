package dom

import (
	"testing"
	"time"
)

func TestPace(t *testing.T) {
	for _, c := range []struct {
		name  string
		steps int           // drawn in the measured frame
		took  time.Duration // the frame's work
		want  int           // steps of the next task
	}{
		{"unmeasured", 0, 0, 1},
		{"cheap steps", 1, time.Millisecond, MaxSteps},
		{"two fit", 2, 5 * time.Millisecond, 2},
		{"a phone", 1, 20 * time.Millisecond, 1},
		{"over the budget at four", 4, 40 * time.Millisecond, 1},
	} {
		t.Run(c.name, func(t *testing.T) {
			var p Pace
			if c.steps > 0 {
				p.Drawing(c.steps)
				p.Rendering()
				p.drawnAt(p.rendered.Add(c.took))
			}
			if got := p.Steps(); got != c.want {
				t.Errorf("after %d steps in %v: %d steps next, want %d", c.steps, c.took, got, c.want)
			}
		})
	}
	// A frame that did not draw the steps (no render) measures nothing.
	var p Pace
	p.Drawing(3)
	p.Drawn()
	if got := p.Steps(); got != 1 {
		t.Errorf("a frame without the render: %d steps next, want 1", got)
	}
}
