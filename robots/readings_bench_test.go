package robots_test

import (
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"robotstester/robots"
	"robotstester/robots/internal/benchdata"
)

// readingsURLs is the number of URLs BenchmarkReadings checks per
// operation.
const readingsURLs = 100_000

// A readingsFile is a file BenchmarkReadings checks in every reading: its
// text, the crawler, and URLs made from its rules.
type readingsFile struct {
	name  string
	data  []byte
	agent string
}

func readingsFiles(b *testing.B) []readingsFile {
	xuexi, err := os.ReadFile(filepath.Join(sharedDir(b, "corpus"), "files", "www.xuexi.cn.txt"))
	if err != nil {
		b.Fatal(err)
	}
	return []readingsFile{
		{"xuexi", xuexi, "Baiduspider"},
		{"big", benchdata.Big(), benchdata.BigAgent},
		{"flat", benchdata.Flat(), "Baiduspider"},
	}
}

// readingsURLsFor returns URLs for f, the same on every call: half made from
// its rules (wildcards filled, sometimes a tail added), half that no rule
// is likely to match.
func readingsURLsFor(f *robots.File) []string {
	var patterns []string
	for _, g := range f.Read(robots.Google).Groups {
		for _, r := range g.Rules {
			patterns = append(patterns, r.Value)
		}
	}
	rng := rand.New(rand.NewPCG(7, 8))
	urls := make([]string, readingsURLs)
	for i := range urls {
		var p string
		if rng.IntN(2) == 0 && len(patterns) > 0 {
			p = patterns[rng.IntN(len(patterns))]
			p = strings.ReplaceAll(p, "*", "x/y")
			if strings.HasSuffix(p, "$") && rng.IntN(2) == 0 {
				p = p[:len(p)-1]
			} else if rng.IntN(3) == 0 {
				p += "page?q=" + fmt.Sprint(rng.IntN(100))
			}
			p = strings.TrimSuffix(p, "$")
		} else {
			p = fmt.Sprintf("/%x/%x.html", rng.Uint64(), rng.Uint32())
		}
		urls[i] = "https://www.example.com" + p
	}
	return urls
}

// BenchmarkReadings checks 100,000 URLs for one crawler in each reading
// of each file, and reports the time per check and its ratio to Google's
// reading of the same file in the same run (issue 39: every reading within
// twice Google's time).
func BenchmarkReadings(b *testing.B) {
	for _, rf := range readingsFiles(b) {
		f := robots.Parse(rf.data)
		urls := readingsURLsFor(f)
		var google float64 // ns a check in Google's reading, this run
		for _, d := range robots.Dialects() {
			b.Run("file="+rf.name+"/reading="+d.String(), func(b *testing.B) {
				r := f.Read(d)
				pass := func() {
					for _, u := range urls {
						r.CheckAgent(rf.agent, u)
					}
				}
				pass() // the merged rules and indexes are made on first use
				b.ResetTimer()
				for b.Loop() {
					pass()
				}
				perCheck := float64(b.Elapsed().Nanoseconds()) / float64(b.N) / float64(len(urls))
				b.ReportMetric(perCheck, "ns/check")
				b.ReportMetric(0, "ns/op")
				if d == robots.Google {
					google = perCheck
				}
				if google == 0 { // Google's reading left out by -bench: timed once here
					g := f.Read(robots.Google)
					start := time.Now()
					for _, u := range urls {
						g.CheckAgent(rf.agent, u)
					}
					google = float64(time.Since(start).Nanoseconds()) / float64(len(urls))
				}
				b.ReportMetric(perCheck/google, "x-google")
			})
		}
	}
}
