package dom

import "time"

// A Pace says how many steps of a start drawn in steps, each by go-app's
// next frame, go in one task: one at first, then as many as fit in
// StepBudget at what the last frame's steps cost, at most MaxSteps. A
// machine on which a step costs more than the budget, a phone, draws one a
// task. The zero Pace is ready to use.
type Pace struct {
	n        int           // how many steps the coming frame draws; 0 when none
	rendered time.Time     // when that frame's render began
	each     time.Duration // what a step cost, as last measured
}

// StepBudget is the work a task of the start is given: a quarter of the
// 50 ms past which a task holds up what the user does (a long task), as a
// phone is four times slower than the machine that measures it, less what
// the task does besides the steps.
const StepBudget = 6 * time.Millisecond

// MaxSteps bounds the steps of a task, whatever they were measured to cost.
const MaxSteps = 4

// Steps returns how many steps the next task draws.
func (p *Pace) Steps() int {
	if p.each <= 0 {
		return 1
	}
	return max(1, min(MaxSteps, int(StepBudget/p.each)))
}

// Drawing notes that n steps are to be drawn by go-app's next frame.
func (p *Pace) Drawing(n int) { p.n, p.rendered = n, time.Time{} }

// Rendering notes the render of the component that draws the steps: the
// start of go-app's frame.
func (p *Pace) Rendering() {
	if p.n > 0 && p.rendered.IsZero() {
		p.rendered = time.Now()
	}
}

// Drawn notes the frame's end (in a Defer): what each of its steps cost.
func (p *Pace) Drawn() { p.drawnAt(time.Now()) }

func (p *Pace) drawnAt(now time.Time) {
	if p.n > 0 && !p.rendered.IsZero() {
		p.each = now.Sub(p.rendered) / time.Duration(p.n)
	}
	p.n, p.rendered = 0, time.Time{}
}
