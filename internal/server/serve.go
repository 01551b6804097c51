package server

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	"robotstester/internal/server/relay"
)

// Options say what a server serves and where: the built site, the fetch
// relay, or both. app/cmd/serve and robotstxt serve read them from the
// same flags (Register).
type Options struct {
	// Addr is the address to listen on, as "127.0.0.1:8000".
	Addr string
	// Dir is the folder of the built site; "" serves no site.
	Dir string
	// Prefix is the URL path the site was built for (make build
	// PREFIX=...); the relay is served at Prefix+"/fetch".
	Prefix string
	// Fetch serves the fetch relay, with the limits of Relay.
	Fetch bool
	Relay relay.Config
}

// Register defines on fs the flags that set o, o's values being their
// defaults.
func (o *Options) Register(fs *flag.FlagSet) {
	fs.StringVar(&o.Addr, "addr", o.Addr, "address to listen on")
	fs.StringVar(&o.Dir, "dir", o.Dir, `folder of the built site (make build); "" serves the relay alone`)
	fs.StringVar(&o.Prefix, "prefix", o.Prefix, "URL path the site was built for (make build PREFIX=...)")
	fs.BoolVar(&o.Fetch, "fetch", o.Fetch, "serve the fetch relay at PREFIX/fetch?url=..., which fetches a site's robots.txt for the page (docs/relay.md)")
	fs.BoolVar(&o.Relay.AllowLoopback, "fetch-allow-loopback", o.Relay.AllowLoopback, "let the relay fetch from loopback addresses on any port: for tests only, never on a server")
	fs.Func("fetch-ports", `ports the relay may fetch from, as "80,443" (the default)`, func(s string) error {
		ports, err := parsePorts(s)
		o.Relay.Ports = ports
		return err
	})
	fs.IntVar(&o.Relay.PerClient, "fetch-rate", o.Relay.PerClient, fmt.Sprintf("fetches a client may ask for a minute (0: %d; -1: no limit)", relay.DefaultPerClient))
	fs.IntVar(&o.Relay.MaxConcurrent, "fetch-concurrency", o.Relay.MaxConcurrent, fmt.Sprintf("fetches made at once (0: %d)", relay.DefaultMaxConcurrent))
	fs.DurationVar(&o.Relay.Timeout, "fetch-timeout", o.Relay.Timeout, fmt.Sprintf("time bound of one fetch, redirects included (0: %v)", relay.DefaultTimeout))
	fs.DurationVar(&o.Relay.CacheTTL, "fetch-cache", o.Relay.CacheTTL, fmt.Sprintf("how long an answer is kept (0: %v; -1s: none)", relay.DefaultCacheTTL))
	fs.StringVar(&o.Relay.RangesDir, "fetch-ranges-dir", o.Relay.RangesDir, "folder of catalogued crawlers' address lists, as TOKEN.json, served at PREFIX/ranges?token=TOKEN in place of fetching them from the catalogue's URLs (docs/relay.md)")
	fs.StringVar(&o.Relay.ClientHeader, "fetch-client-header", o.Relay.ClientHeader, "header holding the client's address, set by a reverse proxy in front (X-Real-IP); only behind one")
}

// parsePorts reads a list of ports, as "80,443".
func parsePorts(s string) ([]int, error) {
	var ports []int
	for f := range strings.SplitSeq(s, ",") {
		p, err := strconv.Atoi(strings.TrimSpace(f))
		if err != nil || p < 1 || p > 65535 {
			return nil, fmt.Errorf("%q is not a port", strings.TrimSpace(f))
		}
		if !slices.Contains(ports, p) {
			ports = append(ports, p)
		}
	}
	return ports, nil
}

// Handler returns the handler serving what o says: the site of o.Dir
// under o.Prefix, the relay at o.Prefix+"/fetch" when o.Fetch, and the
// crawlers' address lists at o.Prefix+"/ranges" when o.Fetch or a
// folder of them is given.
func (o *Options) Handler() (http.Handler, error) {
	prefix, err := CleanPrefix(o.Prefix)
	if err != nil {
		return nil, err
	}
	if o.Dir == "" && !o.Fetch && o.Relay.RangesDir == "" {
		return nil, errors.New("nothing to serve: give a site folder (-dir), -fetch or -fetch-ranges-dir")
	}
	if d := o.Relay.RangesDir; d != "" {
		if info, err := os.Stat(d); err != nil || !info.IsDir() {
			return nil, fmt.Errorf("-fetch-ranges-dir %s is no folder", d)
		}
	}
	mux := http.NewServeMux()
	if o.Dir != "" {
		if _, err := os.Stat(filepath.Join(o.Dir, "index.html")); err != nil {
			return nil, fmt.Errorf("%w (run make build first)", err)
		}
		mux.Handle("/", Mount(prefix, Handler(o.Dir)))
	}
	if o.Fetch || o.Relay.RangesDir != "" {
		// One relay for both: a client's fetches are counted together.
		rl := relay.New(o.Relay)
		if o.Fetch {
			mux.Handle(prefix+"/fetch", rl)
		}
		mux.Handle(prefix+"/ranges", rl.Ranges())
	}
	return mux, nil
}

// Describe says in a line what o serves, at the address addr.
func (o *Options) Describe(addr net.Addr) string {
	prefix, _ := CleanPrefix(o.Prefix)
	var parts []string
	if o.Dir != "" {
		parts = append(parts, fmt.Sprintf("serving %s at http://%s%s/", o.Dir, addr, prefix))
	}
	if o.Fetch {
		what := "the fetch relay"
		if o.Relay.AllowLoopback {
			what += " (loopback allowed: for tests only)"
		}
		parts = append(parts, fmt.Sprintf("%s at http://%s%s/fetch?url=...", what, addr, prefix))
	}
	switch {
	case o.Relay.RangesDir != "":
		parts = append(parts, fmt.Sprintf("the address lists of %s at http://%s%s/ranges?token=...", o.Relay.RangesDir, addr, prefix))
	case o.Fetch:
		parts = append(parts, fmt.Sprintf("the address lists at http://%s%s/ranges?token=...", addr, prefix))
	}
	return strings.Join(parts, "; ")
}

// Serve serves h on addr until ctx is done, then shuts down, letting
// requests under way end for up to five seconds. ready, when not nil, is
// called with the address listened on once requests are accepted.
func Serve(ctx context.Context, addr string, h http.Handler, ready func(net.Addr)) error {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return err
	}
	srv := &http.Server{
		Handler:           h,
		ReadHeaderTimeout: 10 * time.Second,
		IdleTimeout:       2 * time.Minute,
		MaxHeaderBytes:    64 << 10,
	}
	stopped := make(chan struct{})
	go func() {
		defer close(stopped)
		<-ctx.Done()
		shutdown, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		srv.Shutdown(shutdown)
	}()
	if ready != nil {
		ready(ln.Addr())
	}
	if err := srv.Serve(ln); !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	<-stopped
	return nil
}
