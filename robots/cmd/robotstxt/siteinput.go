package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"iter"
	"net/http"
	"os"
	"strings"
	"time"

	"robotstester/robots/sitemap"
)

// Where a site's URLs come from: the flags that name them (--sitemap,
// --urls, --log), and the sitemaps read from disk or fetched from the web.

// siteFlags are the flags that check a whole site: its URLs from a
// sitemap or an access log, counted by deciding line.
type siteFlags struct {
	sitemap string
	log     string
	summary bool
}

// register adds --sitemap and --summary to fs, and --log when withLog.
func (sf *siteFlags) register(fs *flag.FlagSet, withLog bool) {
	fs.StringVar(&sf.sitemap, "sitemap", "", "the URLs of a sitemap: a URL, or a local .xml, .xml.gz or .txt (indexes followed; a crawler's CSV export too)")
	if withLog {
		fs.StringVar(&sf.log, "log", "", "check each request of an access log (Common or Combined Log Format, - for standard input, gzip or not) for its own user-agent string")
	}
	fs.BoolVar(&sf.summary, "summary", false, "print counts by crawler and deciding line instead of one row a check")
}

// conflict returns why the URL sources given cannot go together, or nil.
func (sf *siteFlags) conflict(args []string, urlsFile string) error {
	n := 0
	for _, given := range []bool{sf.sitemap != "", sf.log != "", urlsFile != "" || len(args) > 0} {
		if given {
			n++
		}
	}
	if n > 1 {
		return errors.New("give the URLs one way: --sitemap, --log, or --urls and arguments")
	}
	return nil
}

// stdin reports whether the URLs come from standard input.
func (sf *siteFlags) stdin(args []string, urlsFile string) bool {
	switch {
	case sf.sitemap != "":
		return sf.sitemap == "-"
	case sf.log != "":
		return sf.log == "-"
	}
	return urlsFile == "-" || urlsFile == "" && len(args) == 0
}

// urls yields the URLs to check: a sitemap's when --sitemap is given
// (its notes said on stderr), a CSV export's for a --urls file ending in
// .csv, else those of urls (the arguments, --urls or standard input).
func (sf *siteFlags) urls(c *cli, args []string, urlsFile string) (iter.Seq[string], func() error, error) {
	var read func(yield func(sitemap.Entry) error) error
	switch {
	case sf.sitemap != "":
		w := sitemap.Walker{Fetcher: localOrWeb{stdin: c.stdin}, Note: c.note}
		read = func(yield func(sitemap.Entry) error) error { return w.Walk(context.Background(), sf.sitemap, yield) }
	case strings.HasSuffix(strings.ToLower(urlsFile), ".csv"):
		read = func(yield func(sitemap.Entry) error) error {
			f, err := os.Open(urlsFile)
			if err != nil {
				return plainFileError(err)
			}
			defer f.Close()
			return sitemap.Read(f, urlsFile, c.note, yield)
		}
	default:
		return urls(args, urlsFile, c.stdin, c.note)
	}
	var err error
	seq := func(yield func(string) bool) {
		err = read(func(e sitemap.Entry) error {
			if !yield(e.URL) {
				return errStop
			}
			return nil
		})
		if err == errStop {
			err = nil
		}
	}
	return seq, func() error { return err }, nil
}

// requests yields the requests of the --log file.
func (sf *siteFlags) requests(c *cli) (iter.Seq[sitemap.Entry], func() error) {
	var err error
	seq := func(yield func(sitemap.Entry) bool) {
		var r io.Reader = c.stdin
		if sf.log != "-" {
			f, ferr := os.Open(sf.log)
			if ferr != nil {
				err = plainFileError(ferr)
				return
			}
			defer f.Close()
			r = f
		}
		err = sitemap.ReadLog(r, sf.log, c.note, func(e sitemap.Entry) error {
			if !yield(e) {
				return errStop
			}
			return nil
		})
		if err == errStop {
			err = nil
		}
	}
	return seq, func() error { return err }
}

// errStop ends a reading its reader has had enough of.
var errStop = errors.New("stop")

// note says on stderr what a sitemap's reading noted.
func (c *cli) note(n sitemap.Note) {
	fmt.Fprintf(c.stderr, "%s: note: %s\n", c.name, n)
}

// localOrWeb opens a sitemap: a URL with net/http (fetchClient, as the
// robots.txt is fetched), anything else as a local file, "-" standard
// input.
type localOrWeb struct{ stdin io.Reader }

// sitemapTimeout bounds the fetch of one sitemap, its body included.
const sitemapTimeout = 60 * time.Second

func (l localOrWeb) Open(ctx context.Context, loc string) (io.ReadCloser, error) {
	if !isURL(loc) {
		if loc == "-" {
			return io.NopCloser(l.stdin), nil
		}
		f, err := os.Open(loc)
		if err != nil {
			return nil, plainFileError(err)
		}
		return f, nil
	}
	ctx, cancel := context.WithTimeout(ctx, sitemapTimeout)
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, loc, nil)
	if err != nil {
		cancel()
		return nil, err
	}
	req.Header.Set("User-Agent", siteUserAgent)
	client := fetchClient
	if client == nil {
		client = http.DefaultClient
	}
	resp, err := client.Do(req)
	if err != nil {
		cancel()
		return nil, err
	}
	if resp.StatusCode/100 != 2 {
		resp.Body.Close()
		cancel()
		return nil, fmt.Errorf("%s answered %s", loc, resp.Status)
	}
	return cancelOnClose{resp.Body, cancel}, nil
}

// siteUserAgent is what the command sends when it fetches a sitemap.
var siteUserAgent = "robotstxt/1 (robots.txt tester; sitemap)"

type cancelOnClose struct {
	io.ReadCloser
	cancel context.CancelFunc
}

func (c cancelOnClose) Close() error {
	err := c.ReadCloser.Close()
	c.cancel()
	return err
}
