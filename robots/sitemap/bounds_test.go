package sitemap_test

import (
	"bytes"
	"fmt"
	"io"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"robotstester/robots/sitemap"
)

// read reads in with Read, and returns the entries (From left out) and
// the notes' texts.
func read(t testing.TB, in string) ([]sitemap.Entry, []string, error) {
	var got []sitemap.Entry
	var notes []string
	err := sitemap.Read(strings.NewReader(in), "src", func(n sitemap.Note) { notes = append(notes, n.Text) }, func(e sitemap.Entry) error {
		e.From = ""
		got = append(got, e)
		return nil
	})
	return got, notes, err
}

// rows returns n CSV rows "https://example.com/p/I,200", from I = from.
func rows(from, n int) string {
	var b strings.Builder
	for i := from; i < from+n; i++ {
		fmt.Fprintf(&b, "https://example.com/p/%d,200\n", i)
	}
	return b.String()
}

// entries returns the entries of rows(from, n), which start on line.
func entries(from, n, line int) []sitemap.Entry {
	var out []sitemap.Entry
	for i := range n {
		out = append(out, sitemap.Entry{URL: fmt.Sprintf("https://example.com/p/%d", from+i), Line: line + i})
	}
	return out
}

// TestReadBounds: a quote left open, a quoted newline, rows too long,
// lines and cells that are no URL, binary bytes: each read in bounded
// memory, the rest of the source read, and what was skipped said in one
// note of its kind.
func TestReadBounds(t *testing.T) {
	random := make([]byte, 64<<10)
	rng := rand.NewChaCha8([32]byte{1})
	rng.Read(random)
	for _, tc := range []struct {
		name  string
		in    string
		want  []sitemap.Entry
		notes []string
	}{
		{"open quote past 64 KiB", "Address,Status\n\"https://example.com/open,200\n" + rows(0, 3000),
			entries(0, 3000, 3),
			[]string{"line 2: a quote opened here is not closed within 64 KiB: read from line 3 on"}},
		{"open quote to the end", "Address,Status\n\"https://example.com/open,200\n" + rows(0, 3),
			entries(0, 3, 3),
			[]string{"line 2: a quote opened here is not closed within 64 KiB: read from line 3 on"}},
		{"open quote on a line past 64 KiB", "Address,Status\n\"https://example.com/" + strings.Repeat("a", 100<<10) + "\n" + rows(0, 3),
			entries(0, 3, 3),
			[]string{"line 2: a quote opened here is not closed within 64 KiB: read from line 3 on"}},
		{"open quotes on every line", "Address,Status\n" + strings.Repeat("\"https://example.com/open,200\n", 5000) + rows(0, 2),
			entries(0, 2, 5002),
			[]string{"line 2: a quote opened here is not closed within 64 KiB: read from line 3 on (2 more such quotes after it)",
				"4,997 rows cannot be read (longer than 64 KiB, or a quote not closed on their line): skipped (the first: line 3)"}},
		{"open quote on the last line", "Address,Status\nhttps://example.com/a,\"ok", []sitemap.Entry{{URL: "https://example.com/a", Line: 2}}, nil},
		{"quoted newline", "Address,Title\nhttps://example.com/a,\"two\nlines\"\nhttps://example.com/b,\"one, \"\"quoted\"\"\"\r\n\"https://example.com/c\"\r\n",
			[]sitemap.Entry{{URL: "https://example.com/a", Line: 2}, {URL: "https://example.com/b", Line: 4}, {URL: "https://example.com/c", Line: 5}}, nil},
		{"quoted newline in the URL column", "Title,URL\n\"two\nlines\",https://example.com/a\nx,https://example.com/b",
			[]sitemap.Entry{{URL: "https://example.com/a", Line: 3}, {URL: "https://example.com/b", Line: 4}}, nil},
		{"row past 64 KiB", "Address,Title\nhttps://example.com/a," + strings.Repeat("x", 70<<10) + "\n" + rows(0, 2),
			entries(0, 2, 3),
			[]string{"1 row cannot be read (longer than 64 KiB, or a quote not closed on its line): skipped (line 2)"}},
		{"cells that are no URL", "Address,Title\nhttps://example.com/a,x\nnot a url,y\n/b,z\n,empty\nmailto:x@example.com,w\n",
			[]sitemap.Entry{{URL: "https://example.com/a", Line: 2}, {URL: "/b", Line: 4}},
			[]string{"2 rows hold no URL or path in their Address column: skipped (the first: line 3)"}},
		{"lines that are no URL", "https://example.com/a\nfoo bar\n/b\nexample.com/c\nlocalhost:8080/d\n//example.com/e\nHTTP://EXAMPLE.COM/F\n\x01\x02/x\nftp://example.com/g\n/caf\xe9\n* \n",
			[]sitemap.Entry{{URL: "https://example.com/a", Line: 1}, {URL: "/b", Line: 3}, {URL: "example.com/c", Line: 4},
				{URL: "localhost:8080/d", Line: 5}, {URL: "//example.com/e", Line: 6}, {URL: "HTTP://EXAMPLE.COM/F", Line: 7}},
			[]string{"5 lines are not URLs or paths: skipped (the first: line 2)"}},
		{"binary", string(random), nil, []string{"this looks like a binary file, not a list of URLs: not read"}},
		{"NUL bytes", "/a\n/b\x00\n", nil, []string{"this looks like a binary file, not a list of URLs: not read"}},
		{"UTF-16", "\xff\xfe/\x00a\x00\n\x00", nil, []string{"this is UTF-16 text (save it as UTF-8 to read it), not a list of URLs: not read"}},
		{"line past 64 KiB", "/a\n/" + strings.Repeat("b", 70<<10) + "\n/c\n",
			[]sitemap.Entry{{URL: "/a", Line: 1}, {URL: "/c", Line: 3}},
			[]string{"1 line is longer than 64 KiB: skipped (line 2)"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, notes, err := read(t, tc.in)
			if err != nil || !slices.Equal(got, tc.want) || !slices.Equal(notes, tc.notes) {
				if len(got) > 6 {
					got = append(got[:3], got[len(got)-3:]...)
				}
				t.Errorf("got %d entries %+v, %v\nnotes %q\nwant %d entries, notes %q", len(got), got, err, notes, len(tc.want), tc.notes)
			}
		})
	}
}

// TestReadLogBinary: random bytes given as a log are said to be no log.
func TestReadLogBinary(t *testing.T) {
	random := make([]byte, 1<<20)
	rand.NewChaCha8([32]byte{2}).Read(random)
	var notes []string
	n := 0
	err := sitemap.ReadLog(bytes.NewReader(random), "log", func(nt sitemap.Note) { notes = append(notes, nt.Text) }, func(sitemap.Entry) error { n++; return nil })
	if err != nil || n != 0 || !slices.Equal(notes, []string{"this looks like a binary file, not an access log: not read"}) {
		t.Errorf("%d entries, %v, %q", n, err, notes)
	}
}

// openQuote is a CSV of size bytes whose second line opens a quote never
// closed, made as it is read.
type openQuote struct {
	size, n int
	buf     []byte
}

func (o *openQuote) Read(p []byte) (int, error) {
	if len(o.buf) == 0 {
		if o.size <= 0 {
			return 0, io.EOF
		}
		if o.n == 0 {
			o.buf = []byte("Address,Status\n\"https://example.com/open,200\n")
		} else {
			o.buf = fmt.Appendf(o.buf[:0], "https://example.com/p/%d,200\n", o.n)
		}
		o.n++
		o.size -= len(o.buf)
	}
	n := copy(p, o.buf)
	o.buf = o.buf[n:]
	return n, nil
}

// TestReadOpenQuoteMemory: 50 MB of CSV after a quote never closed are
// read row by row, in memory that does not grow with them (encoding/csv
// with LazyQuotes made them one field: 50 MB, the rows lost).
func TestReadOpenQuoteMemory(t *testing.T) {
	if testing.Short() {
		t.Skip("50 MB")
	}
	for _, read := range []func(io.Reader, string, func(sitemap.Note), func(sitemap.Entry) error) error{sitemap.Read, sitemap.ReadList, sitemap.ReadLog} {
		n, longest := 0, 0
		err := read(&openQuote{size: 50 << 20}, "big.csv", nil, func(e sitemap.Entry) error {
			n++
			longest = max(longest, len(e.URL))
			return nil
		})
		if err != nil || longest > 64<<10 {
			t.Errorf("%d entries, the longest %d bytes, %v", n, longest, err)
		}
	}
}
