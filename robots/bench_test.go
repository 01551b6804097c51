package robots_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"robotstester/robots"
	"robotstester/robots/internal/benchdata"
)

func BenchmarkParseBig(b *testing.B) {
	data := benchdata.Big()
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		robots.Parse(data)
	}
}

// BenchmarkParseAndReadBig is Parse followed by the Google reading (groups,
// rules), which the first check makes: the whole cost of a file before its
// first verdict.
func BenchmarkParseAndReadBig(b *testing.B) {
	data := benchdata.Big()
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		robots.Parse(data).Read(robots.Google)
	}
}

func BenchmarkCheckBig(b *testing.B) {
	f := robots.Parse(benchdata.Big())
	f.Check(benchdata.BigAgent, benchdata.BigURL) // merged rules are made on first use
	b.ReportAllocs()
	for b.Loop() {
		f.Check(benchdata.BigAgent, benchdata.BigURL)
	}
}

func BenchmarkCheckBigGlobal(b *testing.B) {
	f := robots.Parse(benchdata.Big())
	f.Check("unlisted", benchdata.BigURL)
	b.ReportAllocs()
	for b.Loop() {
		f.Check("unlisted", benchdata.BigURL)
	}
}

func BenchmarkPathological(b *testing.B) {
	f := robots.Parse(benchdata.PathologicalFile())
	for _, n := range []int{5000, 1000000} {
		url := "https://example.com" + benchdata.PathologicalPath(n)
		b.Run(itoa(n), func(b *testing.B) {
			for b.Loop() {
				if !f.Check("x", url).Allowed {
					b.Fatal("disallowed")
				}
			}
		})
	}
}

func itoa(n int) string {
	switch n {
	case 5000:
		return "5000"
	case 1000000:
		return "1000000"
	}
	return "n"
}

// BenchmarkParseCorpus parses every file of the shared corpus once per
// iteration; its MB/s is over the whole corpus.
func BenchmarkParseCorpus(b *testing.B) {
	files := corpusFiles(b)
	var total int64
	for _, f := range files {
		total += int64(min(len(f.data), robots.FetchLimit))
	}
	b.SetBytes(total)
	b.ReportAllocs()
	for b.Loop() {
		for _, f := range files {
			robots.Parse(f.data)
		}
	}
}

type corpusFile struct {
	name string
	data []byte
}

func corpusFiles(t testing.TB) []corpusFile {
	dir := filepath.Join(sharedDir(t, "corpus"), "files")
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var files []corpusFile
	for _, e := range entries {
		data, err := os.ReadFile(filepath.Join(dir, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, corpusFile{e.Name(), data})
	}
	return files
}

// BenchmarkFindingsBig is the linter on the 500 KiB file, Google's reading
// (which also looks at how first-match readers differ).
func BenchmarkFindingsBig(b *testing.B) {
	data := benchdata.Big()
	b.ReportAllocs()
	for b.Loop() {
		robots.Parse(data).Findings()
	}
}

// BenchmarkFindingsLongLine is the linter on a file whose Disallow rule
// is a line of 300,000 characters: it once hashed every prefix of the
// rule's path, 9.9 ms here (0.8 ms now) and a second in the browser, whose
// WebAssembly hashes strings without the processor's AES instructions.
func BenchmarkFindingsLongLine(b *testing.B) {
	data := []byte("User-agent: *\nDisallow: /" + strings.Repeat("a", 300_000) + "\nAllow: /x\n\nUser-agent: bot\nDisallow: /b\n")
	b.ReportAllocs()
	for b.Loop() {
		robots.Parse(data).Findings()
	}
}

// BenchmarkEveryDialectBig reads the 500 KiB file in every dialect and
// checks one URL in each, as the side-by-side view does.
func BenchmarkEveryDialectBig(b *testing.B) {
	data := benchdata.Big()
	b.ReportAllocs()
	for b.Loop() {
		f := robots.Parse(data)
		for _, d := range robots.Dialects() {
			f.CheckDialect(d, benchdata.BigAgent, benchdata.BigURL)
		}
	}
}

// BenchmarkCheckBigPairs checks the 500 KiB file for 2,400 different agent
// and URL pairs (benchdata.BigPairs), one pair per operation, in turn: bulk
// checks, where each agent's merged rules, with their wildcards, are met
// with many URLs.
func BenchmarkCheckBigPairs(b *testing.B) {
	f := robots.Parse(benchdata.Big())
	pairs := benchdata.BigPairs()
	for _, p := range pairs {
		f.Check(p.Agent, p.URL) // merged rules are made on first use
	}
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		p := pairs[i]
		f.Check(p.Agent, p.URL)
		if i++; i == len(pairs) {
			i = 0
		}
	}
}
