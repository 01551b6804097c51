package dom

import (
	"runtime"
	"runtime/debug"
	"runtime/metrics"
	"testing"
)

var garbage []byte

// TestHeapGrown: right after a collection the heap holds what is live;
// once garbage of that size again is made, a collection is worth it.
func TestHeapGrown(t *testing.T) {
	defer debug.SetGCPercent(debug.SetGCPercent(-1)) // no collection meanwhile
	runtime.GC()
	if heapGrown(0.5) {
		t.Fatal("heapGrown(0.5) right after a collection")
	}
	s := []metrics.Sample{{Name: "/gc/heap/live:bytes"}}
	metrics.Read(s)
	for made := uint64(0); made < s[0].Value.Uint64(); made += 1 << 16 {
		garbage = make([]byte, 1<<16)
	}
	if !heapGrown(0.5) {
		t.Fatal("heapGrown(0.5) is false after twice what is live was made")
	}
	if heapGrown(4) {
		t.Fatal("heapGrown(4) after twice what is live was made")
	}
}
