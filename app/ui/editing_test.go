package ui

import (
	"sync/atomic"
	"testing"
	"time"
)

// TestDeadlineRunsTheLastSetOnce: a deadline set again and again, as at
// every key, runs once, the function set last; set again after it ran,
// it runs again.
func TestDeadlineRunsTheLastSetOnce(t *testing.T) {
	var d deadline
	var runs, last atomic.Int64
	for i := range 10 {
		d.set(50*time.Millisecond, func() { runs.Add(1); last.Store(int64(i)) })
	}
	waitFor := func(n int64) {
		for end := time.Now().Add(5 * time.Second); runs.Load() < n && time.Now().Before(end); {
			time.Sleep(time.Millisecond)
		}
		time.Sleep(100 * time.Millisecond) // and no other run after it
	}
	waitFor(1)
	if runs.Load() != 1 || last.Load() != 9 {
		t.Fatalf("after 10 sets: %d runs, the last of set %d; want 1 run, of set 9", runs.Load(), last.Load())
	}
	d.set(time.Millisecond, func() { runs.Add(1) })
	waitFor(2)
	if runs.Load() != 2 {
		t.Fatalf("set again after it ran: %d runs, want 2", runs.Load())
	}
}
