package robots_test

import (
	"fmt"
	"os"
	"path/filepath"
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
		paced, err := robots.Parse(benchdata.Big()).Read(d).FindingsPaced(func() bool { pauses++; return false })
		if err != nil {
			t.Fatalf("%s: %v", d, err)
		}
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
					pause := func() bool {
						now := time.Now()
						longest = max(longest, now.Sub(last))
						last = now
						return false
					}
					pause()
					r, _ := f.ReadPaced(d, pause)
					r.FindingsPaced(pause)
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
		paced, err := f.ReadPaced(d, func() bool { pauses++; return false })
		if err != nil {
			t.Fatalf("%s: %v", d, err)
		}
		plain := robots.Parse(benchdata.Big()).Read(d)
		if !reflect.DeepEqual(paced.Groups, plain.Groups) || !reflect.DeepEqual(paced.Sitemaps, plain.Sitemaps) || !reflect.DeepEqual(paced.Orphans, plain.Orphans) {
			t.Errorf("%s: the paced reading differs", d)
		}
		if pauses < 5 {
			t.Errorf("%s: %d pauses on the 500 KiB file", d, pauses)
		}
		if again, _ := f.ReadPaced(d, func() bool { t.Errorf("%s: a pause for a reading made already", d); return true }); again != paced {
			t.Errorf("%s: the reading was made again", d)
		}
	}
}

// stopAfter returns a pause that stops the work at its n-th call, and the
// count of its calls.
func stopAfter(n int) (robots.Pause, *int) {
	calls := new(int)
	return func() bool {
		*calls++
		return *calls >= n
	}, calls
}

// TestFindingsPacedStopped: a lint stopped halfway keeps nothing, and
// the reading lints again when asked: all its findings, not none (a lint
// once stopped by a panic inside sync.Once left the reading without
// findings for good). Every step the linter pauses at is tried.
func TestFindingsPacedStopped(t *testing.T) {
	files := map[string][]byte{"big": benchdata.Big(), "linkedin.com": readCorpusFile(t, "linkedin.com.txt")}
	for name, data := range files {
		for _, d := range robots.Dialects() {
			want := robots.Parse(data).Read(d).Findings()
			if name == "linkedin.com" && d == robots.Google && len(want) != 161 {
				t.Errorf("linkedin.com: %d findings, want 161", len(want))
			}
			// How many pauses a whole lint makes, reading included.
			count := 0
			f := robots.Parse(data)
			r, _ := f.ReadPaced(d, nil)
			r.FindingsPaced(func() bool { count++; return false })
			for _, at := range []int{1, 2, count / 2, count} {
				if at < 1 {
					continue
				}
				f := robots.Parse(data)
				r := f.Read(d)
				pause, calls := stopAfter(at)
				got, err := r.FindingsPaced(pause)
				if err != robots.ErrStopped || got != nil {
					t.Errorf("%s %s, stopped at pause %d of %d: %d findings, %v", name, d, at, count, len(got), err)
				}
				if *calls != at {
					t.Errorf("%s %s: %d pauses after the stop at %d", name, d, *calls, at)
				}
				if again := r.Findings(); !reflect.DeepEqual(again, want) {
					t.Errorf("%s %s, stopped at pause %d of %d: then %d findings, want %d", name, d, at, count, len(again), len(want))
				}
			}
		}
	}
}

// TestReadPacedStopped: a reading stopped halfway is not kept; the next
// Read makes it whole.
func TestReadPacedStopped(t *testing.T) {
	for _, d := range robots.Dialects() {
		f := robots.Parse(benchdata.Big())
		pause, _ := stopAfter(2)
		if r, err := f.ReadPaced(d, pause); r != nil || err != robots.ErrStopped {
			t.Errorf("%s: stopped: %v, %v", d, r != nil, err)
		}
		got, want := f.Read(d), robots.Parse(benchdata.Big()).Read(d)
		if len(got.Groups) != len(want.Groups) || !reflect.DeepEqual(got.Orphans, want.Orphans) {
			t.Errorf("%s: after a stop, %d groups, want %d", d, len(got.Groups), len(want.Groups))
		}
	}
}

// readCorpusFile returns the corpus file of that name.
func readCorpusFile(t testing.TB, name string) []byte {
	data, err := os.ReadFile(filepath.Join(sharedDir(t, "corpus"), "files", name))
	if err != nil {
		t.Fatal(err)
	}
	return data
}
