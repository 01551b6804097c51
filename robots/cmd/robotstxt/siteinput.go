package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"iter"
	"os"
	"path/filepath"
	"strings"

	"robotstester/robots/sitemap"
)

// Where a site's URLs come from: the flags that name them (--sitemap,
// --urls, --log), and the sitemaps read from disk or fetched from the web.

// siteFlags are the flags that check a whole site: its URLs from a
// sitemap or an access log, counted by deciding line.
type siteFlags struct {
	fetch   *fetchFlags // how the sitemaps on the web are fetched
	sitemap string
	log     string
	summary bool
	matrix  bool
	origins originFlags // with --log: how requests are verified
}

// register adds --sitemap, --trust-sitemaps and --summary to fs, and
// --log when withLog; the sitemaps are fetched as ff says.
func (sf *siteFlags) register(fs *flag.FlagSet, ff *fetchFlags, withLog bool) {
	sf.fetch = ff
	fs.StringVar(&sf.sitemap, "sitemap", "", "the URLs of a sitemap: a URL, or a local .xml, .xml.gz or .txt (indexes followed; a crawler's CSV export too)")
	fs.BoolVar(&ff.trust, "trust-sitemaps", false, "let a sitemap index on the web name sitemaps on other hosts, and on private or loopback addresses (a staging setup); never local files")
	if withLog {
		fs.StringVar(&sf.log, "log", "", "check each request of an access log (Common or Combined Log Format, - for standard input, gzip or not) for its own user-agent string")
	}
	fs.BoolVar(&sf.summary, "summary", false, "print counts by crawler and deciding line instead of one row a check")
	if withLog {
		sf.origins.register(fs)
		fs.BoolVar(&sf.matrix, "matrix", false, "print, for each crawler (every catalogued one without -a), the URLs allowed and blocked and the line that blocks most")
	}
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
	if sf.summary && sf.matrix {
		return errors.New("count by deciding line (--summary) or by crawler (--matrix): one of them")
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
	list, done, err := sf.urlsRead(c, args, urlsFile)
	if err != nil {
		return nil, nil, err
	}
	n := 0
	counted := func(yield func(string) bool) {
		for u := range list {
			n++
			if !yield(u) {
				return
			}
		}
	}
	return counted, func() error {
		if err := done(); err != nil || n > 0 {
			return err
		}
		return fmt.Errorf("%s holds no URL: nothing to check (%s)", sf.listName(urlsFile), sf.listNeeds(urlsFile))
	}, nil
}

// listName names where the URLs come from, for a message.
func (sf *siteFlags) listName(urlsFile string) string {
	switch {
	case sf.sitemap == "-" || sf.sitemap == "" && (urlsFile == "-" || urlsFile == ""):
		return "standard input"
	case sf.sitemap != "":
		return sf.sitemap
	}
	return urlsFile
}

// listNeeds says what a source of URLs must hold.
func (sf *siteFlags) listNeeds(urlsFile string) string {
	switch {
	case sf.sitemap != "":
		return "a sitemap lists them in <loc> elements, a text sitemap one a line"
	case strings.HasSuffix(strings.ToLower(urlsFile), ".csv"):
		return "a crawler's CSV export holds them in a column named Address, URL or Loc"
	}
	return "a list needs one URL or path a line"
}

// urlsRead is urls, uncounted.
func (sf *siteFlags) urlsRead(c *cli, args []string, urlsFile string) (iter.Seq[string], func() error, error) {
	var read func(yield func(sitemap.Entry) error) error
	switch {
	case sf.sitemap != "":
		sf.fetch.name(sf.sitemap)
		w := sitemap.Walker{Fetcher: sitemapOpener{root: sf.sitemap, stdin: c.stdin, ff: sf.fetch}, OtherHosts: sf.fetch.trust, Note: c.note}
		read = func(yield func(sitemap.Entry) error) error { return w.Walk(context.Background(), sf.sitemap, yield) }
	case strings.HasSuffix(strings.ToLower(urlsFile), ".csv"):
		read = func(yield func(sitemap.Entry) error) error {
			f, err := openFile(urlsFile)
			if err != nil {
				return err
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
			f, ferr := openFile(sf.log)
			if ferr != nil {
				err = ferr
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

// sitemapOpener opens the sources of a sitemap walk: a URL through the
// command's guarded client (see fetchFlags.client), a local file, "-"
// standard input. The first source is the user's to name; what an index
// names has passed sitemap.Follow, and a local file it names is opened
// inside the first source's folder, so that no link leads out of it.
type sitemapOpener struct {
	root  string // the first source, as the user named it
	stdin io.Reader
	ff    *fetchFlags
}

func (o sitemapOpener) Open(ctx context.Context, loc string) (io.ReadCloser, error) {
	if sitemap.IsWebURL(loc) {
		f := o.ff.fetcher()
		f.UserAgent = siteUserAgent
		return f.Open(ctx, loc)
	}
	switch {
	case loc == o.root && loc == "-":
		return io.NopCloser(o.stdin), nil
	case loc == o.root:
		return openFile(loc)
	}
	dir := "."
	if o.root != "-" {
		dir = filepath.Dir(o.root)
	}
	rel, err := filepath.Rel(dir, loc)
	if err != nil || !sitemap.Within(dir, loc) {
		return nil, fmt.Errorf("%s: not in the folder of %s", loc, o.root)
	}
	f, err := os.OpenInRoot(dir, rel)
	if err != nil {
		return nil, plainFileError(err)
	}
	return f, notDirectory(f, loc)
}

// siteUserAgent is what the command sends when it fetches a sitemap.
var siteUserAgent = "robotstxt/1 (robots.txt tester; sitemap)"
