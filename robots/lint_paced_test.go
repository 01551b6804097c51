package robots_test

import (
	"fmt"
	"reflect"
	"strings"
	"testing"
	"time"

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

// BenchmarkLongestStep reads and lints large files in every dialect with
// pauses (File.ReadPaced, Reading.FindingsPaced), and reports the longest
// stretch of work between two pauses, the longest task a browser would
// see (several times longer in WebAssembly): ms-longest-step.
func BenchmarkLongestStep(b *testing.B) {
	var oneGroup, records strings.Builder
	oneGroup.WriteString("User-agent: *\n")
	for i := 0; oneGroup.Len() < 500<<10-200; i++ {
		fmt.Fprintf(&oneGroup, "Disallow: /archive/%d/*.pdf$\n", i)
	}
	for records.Len() < 500_000 {
		records.WriteString("User-agent: zz\nDisallow: /zz\n")
	}
	files := []struct {
		name string
		text string
	}{
		{"big", string(benchdata.Big())},
		{"one-group", oneGroup.String()},
		{"18000-records", records.String()},
	}
	for _, file := range files {
		for _, d := range robots.Dialects() {
			b.Run(file.name+"/"+d.String(), func(b *testing.B) {
				var longest time.Duration
				for b.Loop() {
					f := robots.ParseString(file.text)
					last := time.Now()
					pause := func() {
						now := time.Now()
						longest = max(longest, now.Sub(last))
						last = now
					}
					pause()
					f.ReadPaced(d, pause).FindingsPaced(pause)
					pause()
				}
				b.ReportMetric(float64(longest.Microseconds())/1000, "ms-longest-step")
			})
		}
	}
}

// TestReadPaced: a reading made with pauses is the reading made without,
// and on a large file it pauses; a reading made already does not.
func TestReadPaced(t *testing.T) {
	for _, d := range robots.Dialects() {
		pauses := 0
		f := robots.Parse(benchdata.Big())
		paced := f.ReadPaced(d, func() { pauses++ })
		plain := robots.Parse(benchdata.Big()).Read(d)
		if !reflect.DeepEqual(paced.Groups, plain.Groups) || !reflect.DeepEqual(paced.Sitemaps, plain.Sitemaps) || !reflect.DeepEqual(paced.Orphans, plain.Orphans) {
			t.Errorf("%s: the paced reading differs", d)
		}
		if pauses < 5 {
			t.Errorf("%s: %d pauses on the 500 KiB file", d, pauses)
		}
		if again := f.ReadPaced(d, func() { t.Errorf("%s: a pause for a reading made already", d) }); again != paced {
			t.Errorf("%s: the reading was made again", d)
		}
	}
}
