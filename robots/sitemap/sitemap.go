// Package sitemap reads the URLs of a site from where they are listed:
// sitemaps and sitemap indexes (XML, gzip-compressed or not), text
// sitemaps and plain lists (one URL a line), a crawler's CSV export, and
// web server access logs. Each is read as a stream, one entry at a time,
// in memory that does not grow with the source.
//
// Sitemaps are held to the limits of the protocol (sitemaps.org): at most
// 50,000 URLs and 50 MB (52,428,800 bytes) uncompressed a file. What is
// past a limit is not read, and a [Note] says so: search engines reject
// such a file, and a gzip file that inflates past the size is most likely
// a bomb. A sitemap index is followed through a [Fetcher] the caller
// gives, to a bounded depth and number of sitemaps.
package sitemap

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"errors"
	"fmt"
	"io"
	"net/netip"
	"time"
)

// Limits of the sitemap protocol, per file.
const (
	// MaxURLs is the most URLs a sitemap may list, and the most sitemaps
	// an index may list.
	MaxURLs = 50_000
	// MaxBytes is the largest a sitemap may be, uncompressed.
	MaxBytes = 50 << 20 // 52,428,800
	// MaxLoc is the longest URL a sitemap may give, in bytes: the
	// protocol's "less than 2,048 characters".
	MaxLoc = 2048
)

// An Entry is one URL read from a source, with what the source says of
// the request when it is a log.
type Entry struct {
	// URL is the address as the source gives it: an absolute URL in a
	// sitemap, a URL or a path in a list, the request's target (a path
	// and query) in a log.
	URL string
	// Agent is the whole User-Agent string of a logged request; "" for
	// the other sources.
	Agent string
	// Status is the HTTP status a logged request was answered with; 0
	// for the other sources.
	Status int
	// Addr is the client address of a logged request, IPv4-mapped IPv6
	// unmapped; the zero Addr when the host field is no address (a
	// hostname the server looked up, a "-") and for the other sources.
	Addr netip.Addr
	// Time is when a logged request was received, in the offset the log
	// gives; the zero Time when the date field cannot be read and for
	// the other sources.
	Time time.Time
	// From is the sitemap, list or log the entry came from.
	From string
	// Line is the entry's line in a list, CSV or log (1 the first); 0 in
	// an XML sitemap.
	Line int
	// Sitemap reports an entry of a sitemap index: URL is a sitemap, not
	// a page. Only Walker.ReadOne gives such entries; a walk follows
	// them.
	Sitemap bool
}

// A Note says something that did not go as the protocol says while a
// source was read: a limit reached (and what was past it left unread), a
// sitemap of an index that could not be fetched, a line that is no log
// line. A Note never stops the reading of the other sources.
type Note struct {
	From string // the sitemap or file it is about
	Text string // what happened, for people
	// Cut reports that the rest of the source was not read: a limit was
	// reached.
	Cut bool
}

// String returns the note as a line: "sitemap.xml: more than ...".
func (n Note) String() string { return n.From + ": " + n.Text }

// Kind is what a source holds.
type Kind uint8

// The kinds of source Detect tells apart.
const (
	List Kind = iota // one URL (or path) a line: a text sitemap or a pasted list
	XML              // an XML sitemap, sitemap index, RSS or Atom feed
	CSV              // a table with a header row naming a URL column
	Log              // a web server access log, common or combined format
	Gzip             // a gzip stream, whose contents are one of the others
)

var kindNames = [...]string{"list", "xml", "csv", "log", "gzip"}

// String returns the kind's name in lower case: "list", "xml", ...
func (k Kind) String() string {
	if int(k) < len(kindNames) {
		return kindNames[k]
	}
	return fmt.Sprintf("Kind(%d)", k)
}

// Detect tells what r holds from its first bytes (up to 4 KiB, which it
// peeks at and leaves to be read): the gzip magic number, an XML tag, a
// log line, a header row naming a URL column; anything else is a List.
func Detect(r *bufio.Reader) Kind {
	head, _ := r.Peek(4096)
	if len(head) >= 2 && head[0] == 0x1f && head[1] == 0x8b {
		return Gzip
	}
	head = bytes.TrimPrefix(head, []byte("\xef\xbb\xbf"))
	trimmed := bytes.TrimLeft(head, " \t\r\n")
	if len(trimmed) > 0 && trimmed[0] == '<' {
		return XML
	}
	first, _, _ := bytes.Cut(trimmed, []byte("\n"))
	first = bytes.TrimRight(first, "\r")
	if _, ok := parseLogLine(first); ok {
		return Log
	}
	if _, ok := urlColumn(splitHeader(first)); ok {
		return CSV
	}
	return List
}

// Read reads the entries of one source of any kind Detect tells (a gzip
// stream inflated first), and calls yield for each, in order. It follows
// no sitemap index: the sitemaps an index names are yielded as entries
// whose Sitemap is true, as Walker.ReadOne does. It holds the source to
// no limit of the protocol: it is for lists, exports and logs of any
// length; a line (or a CSV record) is read to 64 KiB at most, so that no
// bytes make its memory grow. It stops at the first error yield returns,
// and returns it. note, when not nil, is told what was skipped: lines
// that are no URLs or no log lines, a quote of a CSV left open, a <loc>
// too long, a binary file.
func Read(r io.Reader, from string, note func(Note), yield func(Entry) error) error {
	w := Walker{MaxURLs: -1, MaxBytes: -1, Note: note}
	br, closeGzip, err := open(r, from)
	if err != nil {
		return err
	}
	defer closeGzip()
	if Detect(br) == Gzip {
		return fmt.Errorf("%s: a gzip stream inside a gzip stream", from)
	}
	return w.ReadOne(br, from, yield)
}

// ReadLog reads an access log as Read does, whatever its first line looks
// like (a gzip-compressed log, as rotated logs are, is inflated): every
// line that is a request of the Common or Combined Log Format is yielded,
// and the others are counted in a Note.
func ReadLog(r io.Reader, from string, note func(Note), yield func(Entry) error) error {
	return readAs(readLog, r, from, note, yield)
}

// ReadList reads a list of URLs as Read does, whatever its first line
// looks like (gzip inflated): one URL or path a line, blank lines and #
// comments skipped; the lines that are neither, and a binary file, are
// said in a Note, not yielded. It is for a list given as one, a command
// line's --urls.
func ReadList(r io.Reader, from string, note func(Note), yield func(Entry) error) error {
	return readAs(readList, r, from, note, yield)
}

// readAs reads r (gzip inflated) with read, whatever its first line.
func readAs(read func(*bufio.Reader, string, func(from, text string), func(Entry) error) error, r io.Reader, from string, note func(Note), yield func(Entry) error) error {
	w := Walker{MaxURLs: -1, MaxBytes: -1, Note: note}
	br, closeGzip, err := open(r, from)
	if err != nil {
		return err
	}
	defer closeGzip()
	return read(br, from, w.note, yield)
}

// open returns a reader of r's contents, inflated when r is a gzip
// stream (to no limit).
func open(r io.Reader, from string) (*bufio.Reader, func() error, error) {
	br := bufio.NewReaderSize(r, 64<<10)
	if head := available(br, 2); len(head) < 2 || head[0] != 0x1f || head[1] != 0x8b {
		return br, func() error { return nil }, nil
	}
	lr, closeGzip, err := inflate(br, 1<<63-1)
	if err != nil {
		return nil, nil, fmt.Errorf("%s: %w", from, err)
	}
	return bufio.NewReaderSize(lr, 64<<10), closeGzip, nil
}

// available returns up to n bytes of r's first read, without waiting for
// more: a list typed on a terminal is read line by line.
func available(r *bufio.Reader, n int) []byte {
	r.Peek(1)
	head, _ := r.Peek(min(n, r.Buffered()))
	return head
}

// errLimit is the error a limitedReader returns past its limit.
var errLimit = errors.New("sitemap: past the size limit")

// A limitedReader reads at most n bytes, then fails with errLimit when
// more came: unlike io.LimitReader, the cut is told from the end.
type limitedReader struct {
	r    io.Reader
	n    int64
	over bool
}

func (l *limitedReader) Read(p []byte) (int, error) {
	if l.n <= 0 {
		var one [1]byte
		if n, _ := io.ReadFull(l.r, one[:]); n > 0 {
			l.over = true
			return 0, errLimit
		}
		return 0, io.EOF
	}
	if int64(len(p)) > l.n {
		p = p[:l.n]
	}
	n, err := l.r.Read(p)
	l.n -= int64(n)
	return n, err
}

// inflate returns the contents of a gzip stream, cut after max bytes.
func inflate(r io.Reader, max int64) (*limitedReader, func() error, error) {
	zr, err := gzip.NewReader(r)
	if err != nil {
		return nil, nil, fmt.Errorf("not a gzip stream: %w", err)
	}
	zr.Multistream(false)
	return &limitedReader{r: zr, n: max}, zr.Close, nil
}
