package sitemap

import (
	"bufio"
	"cmp"
	"context"
	"errors"
	"fmt"
	"io"
	"strings"
)

// Defaults for the zero Walker.
const (
	// DefaultMaxDepth is how deep sitemap indexes are followed: 2 lets
	// an index name indexes (which Google does not accept, and others
	// do), and stops there.
	DefaultMaxDepth = 2
	// DefaultMaxSitemaps is the most sources a walk opens, the first
	// included.
	DefaultMaxSitemaps = 1000
)

// A Fetcher opens a source by its location: a URL, or whatever else the
// caller's Fetcher knows (a local file's path, for a command line). The
// walk closes what it opens.
type Fetcher interface {
	Open(ctx context.Context, loc string) (io.ReadCloser, error)
}

// FetcherFunc is a function that is a Fetcher.
type FetcherFunc func(ctx context.Context, loc string) (io.ReadCloser, error)

// Open calls f.
func (f FetcherFunc) Open(ctx context.Context, loc string) (io.ReadCloser, error) { return f(ctx, loc) }

// A Walker reads a sitemap, and the sitemaps a sitemap index names,
// through its Fetcher, each held to the protocol's limits. The zero
// value has the default limits, and no Fetcher.
type Walker struct {
	// Fetcher opens the first source and every sitemap an index names.
	Fetcher Fetcher
	// MaxDepth is how many levels of sitemap index are followed; 0 means
	// DefaultMaxDepth. An index past it is noted, not opened.
	MaxDepth int
	// MaxSitemaps is the most sources opened in all; 0 means
	// DefaultMaxSitemaps. The sitemaps past it are noted, not opened.
	MaxSitemaps int
	// MaxURLs is the most URLs read from one sitemap (and sitemaps from
	// one index); 0 means the protocol's MaxURLs, a negative value no
	// limit. The rest of the file is not read.
	MaxURLs int
	// MaxBytes is the most bytes of one sitemap read, uncompressed; 0
	// means the protocol's MaxBytes, a negative value no limit. A gzip
	// stream is inflated to this size at most, whatever it holds.
	MaxBytes int64
	// OtherHosts lets an index on the web name sitemaps on other hosts;
	// without it they are not opened, and a Note says so (see Follow).
	OtherHosts bool
	// Note, when not nil, is told each thing that did not go as the
	// protocol says: a limit reached, a sitemap that could not be
	// fetched or read. Nil drops them.
	Note func(Note)
}

// Walk reads the source at root (through the Fetcher) and calls yield for
// each URL it lists; a sitemap index's sitemaps are read in turn, depth
// first, to MaxDepth levels. It stops at the first error yield returns,
// and returns it. The first source failing to open or to read is an
// error; a sitemap of an index failing is a Note, and the walk goes on.
func (w *Walker) Walk(ctx context.Context, root string, yield func(Entry) error) error {
	if w.Fetcher == nil {
		return errors.New("sitemap: a Walker needs a Fetcher")
	}
	opened := 0
	return unstop(w.walk(ctx, root, 0, &opened, yield))
}

func (w *Walker) walk(ctx context.Context, loc string, depth int, opened *int, yield func(Entry) error) error {
	*opened++
	rc, err := w.Fetcher.Open(ctx, loc)
	if err != nil {
		return err
	}
	children, err := w.read(rc, loc, yield, nil)
	rc.Close()
	if err != nil {
		return err
	}
	if len(children) == 0 {
		return nil
	}
	if depth+1 > cmp.Or(w.MaxDepth, DefaultMaxDepth) {
		w.note(loc, fmt.Sprintf("a sitemap index %d levels deep: its %d sitemaps are not read", depth+1, len(children)))
		return nil
	}
	max := cmp.Or(w.MaxSitemaps, DefaultMaxSitemaps)
	var refused refusals
	defer refused.say(w, loc)
	for i, child := range children {
		if err := ctx.Err(); err != nil {
			return err
		}
		if *opened >= max {
			w.note(loc, fmt.Sprintf("%d sitemaps opened, the most a walk opens: %d more of this index are not read", max, len(children)-i))
			return nil
		}
		at, err := Follow(loc, child, w.OtherHosts)
		if err != nil {
			refused.add(child, err)
			continue
		}
		err = w.walk(ctx, at, depth+1, opened, yield)
		var stop stopError
		if errors.As(err, &stop) {
			return err
		}
		if err != nil {
			w.note(child, err.Error())
		}
	}
	return nil
}

// refusals are the sitemaps of one index that Follow refused, by reason:
// one note a reason, not one a sitemap (an index names up to 50,000).
type refusals struct {
	reasons []string
	count   map[string]int
	first   map[string]string
}

func (r *refusals) add(child string, why error) {
	if r.count == nil {
		r.count, r.first = map[string]int{}, map[string]string{}
	}
	text := why.Error()
	if r.count[text] == 0 {
		r.reasons = append(r.reasons, text)
		r.first[text] = child
	}
	r.count[text]++
}

// say notes each reason once, with how many sitemaps it kept from being
// opened and the first of them.
func (r *refusals) say(w *Walker, index string) {
	for _, text := range r.reasons {
		n := r.count[text]
		what := "sitemap it names is"
		if n > 1 {
			what = "sitemaps it names are"
		}
		first := r.first[text]
		if len(first) > 120 {
			first = strings.ToValidUTF8(first[:120], "") + "…"
		}
		w.note(index, fmt.Sprintf("%d %s not read: %s (the first: %q)", n, what, text, first))
	}
}

// stopError carries the error yield returned, which ends the whole walk,
// apart from the errors of one sitemap, which do not.
type stopError struct{ err error }

func (s stopError) Error() string { return s.err.Error() }
func (s stopError) Unwrap() error { return s.err }

// unstop returns the error yield returned, when err carries one.
func unstop(err error) error {
	var stop stopError
	if errors.As(err, &stop) {
		return stop.err
	}
	return err
}

func (w *Walker) note(from, text string) {
	if w.Note != nil {
		w.Note(Note{From: from, Text: text})
	}
}

// cut notes a limit reached, past which from was not read.
func (w *Walker) cut(from, text string) {
	if w.Note != nil {
		w.Note(Note{From: from, Text: text, Cut: true})
	}
}

// ReadOne reads one source, of the kind Detect tells, held to the
// Walker's limits, and calls yield for each URL it lists, without
// following a sitemap index: the sitemaps an index names are yielded as
// entries whose Sitemap is true. It is for a caller that fetches each
// sitemap itself (a relay, which checks every one). The Fetcher is not
// used.
func (w *Walker) ReadOne(r io.Reader, from string, yield func(Entry) error) error {
	_, err := w.read(r, from, yield, func(loc string) error {
		if err := yield(Entry{URL: loc, From: from, Sitemap: true}); err != nil {
			return stopError{err}
		}
		return nil
	})
	return unstop(err)
}

// read reads one source, of the kind Detect tells, held to the limits;
// it returns the sitemaps an index lists, up to MaxURLs of them, or when
// child is not nil hands each to it.
func (w *Walker) read(r io.Reader, from string, yield func(Entry) error, child func(string) error) (children []string, err error) {
	maxBytes := cmp.Or(w.MaxBytes, MaxBytes)
	maxURLs := cmp.Or(w.MaxURLs, MaxURLs)
	// A negative MaxBytes is no limit; it is set before anything is read
	// through the limit (Detect's look at a gzip stream's contents).
	limit := maxBytes
	if limit < 0 {
		limit = 1<<63 - 1
	}
	var limited *limitedReader
	br := bufio.NewReaderSize(r, 64<<10)
	kind := Detect(br)
	if kind == Gzip {
		lr, closeGzip, err := inflate(br, limit)
		if err != nil {
			return nil, err
		}
		defer closeGzip()
		limited = lr
		br = bufio.NewReaderSize(lr, 64<<10)
		if kind = Detect(br); kind == Gzip {
			return nil, errors.New("a gzip stream inside a gzip stream")
		}
	} else if maxBytes > 0 {
		limited = &limitedReader{r: br, n: limit}
		br = bufio.NewReaderSize(limited, 64<<10)
	}

	count := 0
	counted := func(e Entry) error {
		if count++; maxURLs > 0 && count > maxURLs {
			return errTooMany
		}
		if err := yield(e); err != nil {
			return stopError{err}
		}
		return nil
	}
	indexed := false
	addChild := func(loc string) error {
		indexed = true
		if count++; maxURLs > 0 && count > maxURLs {
			return errTooMany
		}
		if child != nil {
			return child(loc)
		}
		children = append(children, loc)
		return nil
	}
	switch kind {
	case XML:
		err = readXML(br, from, w.note, counted, addChild)
	case CSV:
		err = readCSV(br, from, w.note, counted)
	case Log:
		err = readLog(br, from, w.note, counted)
	default:
		err = readList(br, from, w.note, counted)
	}
	switch {
	case errors.Is(err, errTooMany):
		what := "URLs"
		if indexed {
			what = "sitemaps"
		}
		w.cut(from, fmt.Sprintf("more than %d %s, the most a sitemap may list: the rest is not read (search engines reject such a file)", maxURLs, what))
		err = nil
	case limited != nil && limited.over:
		w.cut(from, fmt.Sprintf("more than %d bytes uncompressed, the most a sitemap may be: the rest is not read (search engines reject such a file; a gzip file that inflates past it is likely a bomb)", maxBytes))
		err = nil
	}
	var stop stopError
	if errors.As(err, &stop) {
		return nil, err
	}
	if err != nil {
		return nil, fmt.Errorf("%s: %w", from, err)
	}
	return children, nil
}

// errTooMany ends a source that lists more than MaxURLs.
var errTooMany = errors.New("sitemap: too many URLs")
