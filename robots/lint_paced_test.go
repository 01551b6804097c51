package robots_test

import (
	"reflect"
	"testing"

	"robotstester/robots"
	"robotstester/robots/internal/benchdata"
)

// TestFindingsPaced: the paced linter says the same as the linter, and
// gives its caller a chance to pause on a large file.
func TestFindingsPaced(t *testing.T) {
	for _, d := range robots.Dialects() {
		pauses := 0
		paced := robots.Parse(benchdata.Big()).Read(d).FindingsPaced(func() { pauses++ })
		plain := robots.Parse(benchdata.Big()).Read(d).Findings()
		if !reflect.DeepEqual(paced, plain) {
			t.Errorf("%s: %d paced findings, %d plain, or they differ", d, len(paced), len(plain))
		}
		if d == robots.Google && pauses < 10 {
			t.Errorf("%s: %d pauses on the 500 KiB file", d, pauses)
		}
	}
}
