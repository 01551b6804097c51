package main

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"flag"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/netip"
	"os"
	"path/filepath"
	"strings"
	"time"

	"robotstester/robots"
	"robotstester/robots/verify"
	"robotstester/robots/verify/rdns"
)

// originFlags are how check --log tells a crawler's requests from forged
// ones: --ranges TOKEN=FILE (a list at hand), --verify ranges (the
// catalogue's lists, fetched and kept in a cache folder) or dns (those,
// and reverse DNS for crawlers without a list).
type originFlags struct {
	ranges   rangesFlag
	verify   string
	cacheDir string
}

// rangesFlag is --ranges, repeated: TOKEN=FILE pairs.
type rangesFlag []string

func (r *rangesFlag) String() string { return strings.Join(*r, ",") }

func (r *rangesFlag) Set(v string) error {
	tok, file, ok := strings.Cut(v, "=")
	if !ok || strings.TrimSpace(tok) == "" || file == "" {
		return fmt.Errorf("%q: want TOKEN=FILE, as Googlebot=googlebot.json", v)
	}
	*r = append(*r, v)
	return nil
}

// rangesFresh is how long a list fetched stays in the cache folder:
// operators publish theirs anew every day or so.
const rangesFresh = 24 * time.Hour

func (of *originFlags) register(fs *flag.FlagSet) {
	fs.Var(&of.ranges, "ranges", "with --log: TOKEN=FILE, the crawler's published address list (JSON, {\"prefixes\": [...]}) to verify its requests against (repeatable)")
	fs.StringVar(&of.verify, "verify", "", "with --log: ranges (fetch the catalogue's address lists of the crawlers met, kept a day in --ranges-cache) or dns (those, and forward-confirmed reverse DNS for crawlers with documented domains)")
	fs.StringVar(&of.cacheDir, "ranges-cache", "", "the folder --verify keeps the lists it fetches in (default: robotstxt/ranges in the user's cache folder)")
}

// inUse reports whether any flag of verification was given.
func (of *originFlags) inUse() bool { return len(of.ranges) > 0 || of.verify != "" }

// originChecker checks a log's requests as the flags say, loading a
// crawler's lists when its first request comes, and notes what it used.
type originChecker struct {
	o       robots.Origins
	fetch   bool
	ff      *fetchFlags
	dir     string
	tried   map[string]bool // list URLs asked for, found or not
	notes   []string
	stderr  io.Writer
	program string
}

func (of *originFlags) checker(c *cli, ff *fetchFlags) (*originChecker, error) {
	oc := &originChecker{ff: ff, tried: map[string]bool{}, stderr: c.stderr, program: c.name}
	switch of.verify {
	case "":
	case "ranges", "dns":
		oc.fetch = true
	default:
		return nil, fmt.Errorf("--verify %q: want ranges or dns", of.verify)
	}
	if of.verify == "dns" {
		oc.o.DNS = rdns.NewDNSVerifier(net.DefaultResolver, rdns.DNSLimits{})
	}
	for _, kv := range of.ranges {
		tok, file, _ := strings.Cut(kv, "=")
		l, err := readList(file)
		if err != nil {
			return nil, fmt.Errorf("--ranges %s: %w", kv, err)
		}
		oc.o.SetList(strings.TrimSpace(tok), l)
		oc.note(strings.TrimSpace(tok), file, l, time.Time{})
	}
	if oc.fetch {
		oc.dir = of.cacheDir
		if oc.dir == "" {
			base, err := os.UserCacheDir()
			if err != nil {
				return nil, fmt.Errorf("--verify: no cache folder (%v): give one with --ranges-cache DIR", err)
			}
			oc.dir = filepath.Join(base, "robotstxt", "ranges")
		}
	}
	return oc, nil
}

// readList reads an address list file.
func readList(file string) (*verify.List, error) {
	f, err := os.Open(file)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return verify.ParseList(f)
}

// note remembers, to say once, which list stands for a crawler and of
// what date: "addresses as of DATE".
func (oc *originChecker) note(token, from string, l *verify.List, fetched time.Time) {
	date := l.CreationTime
	if !l.Created.IsZero() {
		date = l.Created.UTC().Format("2006-01-02")
	} else if date == "" && !fetched.IsZero() {
		date = fetched.UTC().Format("2006-01-02") + " (fetched)"
	}
	if date == "" {
		date = "an unknown date"
	}
	s := fmt.Sprintf("%s: %d address ranges as of %s, from %s", token, l.Len(), date, from)
	if l.Skipped > 0 {
		s += fmt.Sprintf(" (%d bad entries skipped)", l.Skipped)
	}
	oc.notes = append(oc.notes, s)
}

// check tells where a request that claims token came from.
func (oc *originChecker) check(token string, addr netip.Addr) verify.Status {
	if oc.fetch {
		oc.load(token)
	}
	return oc.o.Check(context.Background(), token, addr)
}

// load fetches, or takes from the cache folder, the catalogue's lists of
// token's crawler, once each.
func (oc *originChecker) load(token string) {
	if oc.o.ByToken[strings.ToLower(token)] != nil {
		return
	}
	c, ok := robots.LookupCrawler(token)
	if !ok {
		return
	}
	for _, u := range c.Ranges {
		if oc.tried[u] {
			continue
		}
		oc.tried[u] = true
		l, fetched, err := oc.get(u)
		if err != nil {
			oc.notes = append(oc.notes, fmt.Sprintf("%s: no address list: %v; its requests stay unverified", c.Token, err))
			continue
		}
		if oc.o.Lists == nil {
			oc.o.Lists = map[string]*verify.List{}
		}
		oc.o.Lists[u] = l
		oc.note(c.Token, u, l, fetched)
	}
}

// get returns the list at u from the cache folder when fresh, else
// fetched (and kept), with the time it was fetched.
func (oc *originChecker) get(u string) (*verify.List, time.Time, error) {
	sum := sha256.Sum256([]byte(u))
	path := filepath.Join(oc.dir, hex.EncodeToString(sum[:8])+".json")
	if st, err := os.Stat(path); err == nil && time.Since(st.ModTime()) < rangesFresh {
		if l, err := readList(path); err == nil {
			return l, st.ModTime(), nil
		}
	}
	ctx, cancel := context.WithTimeout(context.Background(), oc.ff.timeout)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
	if err != nil {
		return nil, time.Time{}, err
	}
	req.Header.Set("User-Agent", oc.ff.userAgent)
	resp, err := oc.ff.httpClient().Do(req)
	if err != nil {
		return nil, time.Time{}, err
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return nil, time.Time{}, fmt.Errorf("%s answered %s", u, resp.Status)
	}
	body, err := io.ReadAll(io.LimitReader(resp.Body, verify.MaxListBytes+1))
	if err != nil {
		return nil, time.Time{}, err
	}
	if len(body) > verify.MaxListBytes {
		return nil, time.Time{}, errors.New("the list is larger than 2 MiB")
	}
	l, err := verify.ParseList(strings.NewReader(string(body)))
	if err != nil {
		return nil, time.Time{}, err
	}
	if err := os.MkdirAll(oc.dir, 0o755); err == nil {
		_ = os.WriteFile(path, body, 0o644) // a cache: a folder we cannot write only costs a fetch
	}
	return l, time.Now(), nil
}

// say writes the notes of the lists used, on stderr.
func (oc *originChecker) say() {
	for _, n := range oc.notes {
		fmt.Fprintf(oc.stderr, "%s: note: %s\n", oc.program, n)
	}
}
