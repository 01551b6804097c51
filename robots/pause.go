package robots

import "errors"

// A Pause is called now and then by paced work ([File.ReadPaced],
// [Reading.FindingsPaced]), so that a caller on a single thread, such as a
// web page's, can give way to other work between its steps (in Go for
// WebAssembly, a short sleep in a goroutine hands the browser its thread
// back). It returns true to stop the work: no one will take its result.
// Stopped work returns [ErrStopped] and keeps nothing of what it did, so
// that asking again does all of it. A nil Pause never pauses.
type Pause func() (stop bool)

// ErrStopped is what paced work returns when its Pause stopped it.
var ErrStopped = errors.New("robots: the work was stopped")

// stop calls p, when not nil, and reports whether it stops the work.
func (p Pause) stop() bool { return p != nil && p() }
