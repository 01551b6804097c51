package robots

import (
	"hash/maphash"
	"sync/atomic"
)

// A memo remembers what a reading worked out for the last few crawlers: a
// tester checks many URLs for the same few crawlers, and working out which
// record or token applies to a whole user-agent string costs more than the
// check itself. Each slot is replaced whole, atomically, so that a reading
// stays safe for concurrent use; two crawlers that share a slot only cost
// working one of them out again.
type memo[T any] struct {
	slots [memoSlots]atomic.Pointer[memoEntry[T]]
}

type memoEntry[T any] struct {
	agent string
	value T
}

// memoSlots is the number of crawlers a memo holds, and memoMaxAgent the
// length past which a crawler's name is not remembered (a remembered name
// is kept alive).
const (
	memoSlots    = 16
	memoMaxAgent = 1024
)

var memoSeed = maphash.MakeSeed()

// get returns what the memo holds for agent, or what work gives, which it
// then holds.
func (m *memo[T]) get(agent string, work func(string) T) T {
	slot := &m.slots[maphash.String(memoSeed, agent)%memoSlots]
	if e := slot.Load(); e != nil && e.agent == agent {
		return e.value
	}
	v := work(agent)
	if len(agent) <= memoMaxAgent {
		slot.Store(&memoEntry[T]{agent, v})
	}
	return v
}
