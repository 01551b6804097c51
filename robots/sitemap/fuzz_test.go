package sitemap_test

import (
	"bytes"
	"io"
	"runtime"
	"testing"

	"robotstester/robots/sitemap"
)

// FuzzRead reads any bytes as Read, ReadList and ReadLog do: none panics,
// no entry is longer than a line may be (64 KiB), and what a reading
// allocates is bounded by a constant and the input's size (a gzip
// stream, which may inflate to any size, is held to the first only).
func FuzzRead(f *testing.F) {
	for _, seed := range []string{
		"https://example.com/a\n/b\n# c\n",
		"Address,Status\n\"https://example.com/open,200\nhttps://example.com/a,200\n",
		"Title,URL\n\"two\nlines\",https://example.com/a\n",
		"\"Address\";\"x\"\n\"/a\";\"b\"\"c\"\r\n",
		`66.249.66.1 - - [27/Nov/2026:10:00:00 +0000] "GET /x HTTP/1.1" 200 5 "-" "Googlebot"` + "\n",
		"<urlset><url><loc>https://example.com/</loc></url></urlset>",
		"\x00\x01\xff\xfe",
	} {
		f.Add([]byte(seed))
	}
	reads := []func(io.Reader, string, func(sitemap.Note), func(sitemap.Entry) error) error{sitemap.Read, sitemap.ReadList, sitemap.ReadLog}
	f.Fuzz(func(t *testing.T, data []byte) {
		for _, read := range reads {
			var before, after runtime.MemStats
			runtime.ReadMemStats(&before)
			longest := 0
			read(bytes.NewReader(data), "src", func(sitemap.Note) {}, func(e sitemap.Entry) error {
				longest = max(longest, len(e.URL))
				return nil
			})
			runtime.ReadMemStats(&after)
			if longest > 64<<10 {
				t.Errorf("an entry of %d bytes", longest)
			}
			gzipped := len(data) >= 2 && data[0] == 0x1f && data[1] == 0x8b
			if alloc := after.TotalAlloc - before.TotalAlloc; !gzipped && alloc > 2<<20+16*uint64(len(data)) {
				t.Errorf("%d bytes allocated to read %d", alloc, len(data))
			}
		}
	})
}
