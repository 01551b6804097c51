package robots_test

import (
	"runtime"
	"strings"
	"testing"

	"robotstester/robots"
	"robotstester/robots/internal/benchdata"
)

// allocated returns the bytes of heap that fn allocates: the least of a few
// runs, so that an allocation elsewhere in the test binary does not count.
func allocated(fn func()) uint64 {
	var least uint64
	for i := range 3 {
		if n := allocated1(fn); i == 0 || n < least {
			least = n
		}
	}
	return least
}

// readAllocated returns the bytes of heap that making dialect d's reading
// of data allocates, the parse left out: the least of a few runs.
func readAllocated(data []byte, d robots.Dialect) uint64 {
	var least uint64
	for i := range 3 {
		f := robots.Parse(data) // a reading is made on first use and kept: parse afresh
		n := allocated1(func() { f.Read(d) })
		if i == 0 || n < least {
			least = n
		}
	}
	return least
}

func allocated1(fn func()) uint64 {
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	fn()
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc
}

// shortRules returns a 500 KiB file of one group and rules as short as
// rules get ("Disallow: /a"): the realistic file with the most lines per
// byte.
func shortRules() []byte {
	const head = "User-agent: *\n"
	const rule = "Disallow: /a\n"
	return []byte(head + strings.Repeat(rule, (robots.FetchLimit-len(head))/len(rule)))
}

// blankLines returns 500 KiB of blank lines: the file with the most lines
// per byte, one Line for every byte.
func blankLines() []byte { return []byte(strings.Repeat("\n", robots.FetchLimit)) }

func largestCorpusFile(t testing.TB) []byte {
	var big []byte
	for _, cf := range corpusFiles(t) {
		if len(cf.data) > len(big) {
			big = cf.data
		}
	}
	return big
}

// TestParseMemory holds parsing to a few bytes of heap per byte of file:
// Parse keeps a copy of the text (1 byte per byte) and a 32-byte Line per
// line, and each dialect's reading its groups and rules. The limits are
// the (4 bytes per byte for Parse on real files) and, for the file
// of blank lines, the 32-byte Line itself.
func TestParseMemory(t *testing.T) {
	cases := []struct {
		name        string
		data        []byte
		parse, read float64 // bytes of heap per byte of file, at most
	}{
		{"generated 500 KiB", benchdata.Big(), 4, 4},
		{"short rules", shortRules(), 4, 5},
		{"largest corpus file", largestCorpusFile(t), 4, 4},
		{"blank lines", blankLines(), 34, 1.5},
	}
	for _, c := range cases {
		size := float64(min(len(c.data), robots.FetchLimit))
		var f *robots.File
		if got := float64(allocated(func() { f = robots.Parse(c.data) })) / size; got > c.parse {
			t.Errorf("%s: Parse allocates %.2f bytes per byte, want at most %v", c.name, got, c.parse)
		}
		runtime.KeepAlive(f)
		for _, d := range robots.Dialects() {
			if got := float64(readAllocated(c.data, d)) / size; got > c.read {
				t.Errorf("%s: the %s reading allocates %.2f bytes per byte, want at most %v", c.name, d, got, c.read)
			}
		}
	}
}

// TestParseMemoryCorpus holds Parse of the real files to 4 bytes of heap
// per byte, over the whole corpus.
func TestParseMemoryCorpus(t *testing.T) {
	files := corpusFiles(t)
	var size, heap uint64
	for _, cf := range files {
		size += uint64(min(len(cf.data), robots.FetchLimit))
		heap += allocated(func() { robots.Parse(cf.data) })
	}
	if got := float64(heap) / float64(size); got > 4 {
		t.Errorf("Parse allocates %.2f bytes per byte over the corpus, want at most 4", got)
	}
}

// BenchmarkParseExtremes parses the files with the most lines per byte and
// the largest real file; B/byte is the heap allocated per byte parsed.
func BenchmarkParseExtremes(b *testing.B) {
	for _, c := range []struct {
		name string
		data []byte
	}{
		{"blank-lines", blankLines()},
		{"short-rules", shortRules()},
		{"largest-corpus", largestCorpusFile(b)},
	} {
		b.Run(c.name, func(b *testing.B) {
			size := min(len(c.data), robots.FetchLimit)
			b.SetBytes(int64(size))
			b.ReportAllocs()
			for b.Loop() {
				robots.Parse(c.data)
			}
			b.ReportMetric(float64(allocated(func() { robots.Parse(c.data) }))/float64(size), "B/byte")
		})
	}
}

// BenchmarkReadExtremes makes each dialect's reading of the same files,
// the parse left out.
func BenchmarkReadExtremes(b *testing.B) {
	for _, c := range []struct {
		name string
		data []byte
	}{
		{"blank-lines", blankLines()},
		{"short-rules", shortRules()},
	} {
		for _, d := range robots.Dialects() {
			b.Run(c.name+"/"+d.String(), func(b *testing.B) {
				b.ReportAllocs()
				for b.Loop() {
					b.StopTimer()
					f := robots.Parse(c.data)
					b.StartTimer()
					f.Read(d)
				}
			})
		}
	}
}

// BenchmarkParseStringPastLimit parses a 4 MiB text, as the tester does on
// every keystroke, against its first 500 KiB alone: past the limit only
// the line breaks are counted.
func BenchmarkParseStringPastLimit(b *testing.B) {
	text := strings.Repeat("Disallow: /abc/def\n", 4<<20/19)
	for _, c := range []struct {
		name string
		text string
	}{
		{"500KiB", text[:robots.FetchLimit]},
		{"4MiB", text},
	} {
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				robots.ParseString(c.text)
			}
		})
	}
}
