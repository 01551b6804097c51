package robots_test

import (
	"fmt"
	"reflect"
	"strings"
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

// BenchmarkFindingsOneBigGroup lints a 500 KiB file whose * group holds
// 14,000 wildcard rules: the linter once tried every rule's pattern on every
// other rule's URL, 3.3 s for this file.
func BenchmarkFindingsOneBigGroup(b *testing.B) {
	var s strings.Builder
	s.WriteString("User-agent: *\n")
	for i := 0; s.Len() < 500<<10-200; i++ {
		fmt.Fprintf(&s, "Disallow: /archive/%d/*.pdf$\n", i)
	}
	s.WriteString("\nUser-agent: Googlebot\nDisallow: /")
	text := s.String()
	for b.Loop() {
		robots.ParseString(text).Read(robots.Google).Findings()
	}
}
