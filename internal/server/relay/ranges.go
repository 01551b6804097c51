package relay

import (
	"bytes"
	"cmp"
	"context"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"os"
	"strconv"
	"sync"
	"time"

	"robotstester/internal/relayapi"
	"robotstester/robots/verify"
)

// Bounds of the address lists the relay serves.
const (
	// DefaultRangesTTL is how long a fetched list is kept: operators
	// publish a new one a day at most.
	DefaultRangesTTL = 6 * time.Hour
	// maxToken is the longest token parameter read.
	maxToken = 64
)

// The headers of an address list's answer (relayapi declares them for
// the page).
const (
	headerFetched = relayapi.RangesFetchedHeader
	headerSource  = relayapi.RangesSourceHeader
)

// A rangesList is a list the relay has: its bytes as published, and when
// and where from it got them.
type rangesList struct {
	body    []byte
	fetched time.Time
	source  string // the list's URL, or "file"
}

// rangesStore keeps the lists fetched, by URL: the catalogue's URLs
// bound their number (several crawlers of one operator share one list),
// MaxListBytes their size. Requests for a list being fetched wait for
// that fetch.
type rangesStore struct {
	mu      sync.Mutex
	lists   map[string]rangesList
	pending map[string]chan struct{}
}

// Ranges returns the handler of GET ?token=TOKEN, which answers with the
// published address list of the catalogued crawler TOKEN (docs/relay.md),
// the first the catalogue gives for it, or with &n=N the N-th from 0 (a
// crawler of two lists): read from Config.RangesDir when it is set,
// fetched from the catalogue's URL otherwise. A client names no URL and
// no file.
func (h *Handler) Ranges() http.Handler { return http.HandlerFunc(h.serveRanges) }

func (h *Handler) serveRanges(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		w.Header().Set("Allow", "GET, HEAD")
		h.fail(w, http.StatusMethodNotAllowed, "only GET and HEAD are served")
		return
	}
	query, err := url.ParseQuery(r.URL.RawQuery)
	token := query.Get("token")
	_, hasN := query["n"]
	n, nerr := strconv.Atoi(query.Get("n"))
	switch {
	case err != nil || len(query["token"]) != 1 || hasN && len(query["n"]) != 1 || len(query) != 1+len(query["n"]):
		h.fail(w, http.StatusBadRequest, "give one token parameter, and at most one n: ?token=Googlebot, ?token=Google-Read-Aloud&n=1")
		return
	case len(token) > maxToken:
		h.fail(w, http.StatusBadRequest, fmt.Sprintf("the token is too long: %d bytes at most", maxToken))
		return
	case !hasN:
		n = 0
	case nerr != nil || n < 0 || n > 9 || query.Get("n") != strconv.Itoa(n):
		h.fail(w, http.StatusBadRequest, "n is the list's place among the crawler's lists: 0, 1, ...")
		return
	}
	canonical, urls, ok := h.crawlerRanges(token)
	switch {
	case !ok:
		h.fail(w, http.StatusNotFound, strconv.Quote(token)+" is no crawler of the catalogue")
		return
	case len(urls) == 0:
		h.fail(w, http.StatusNotFound, canonical+"'s operator publishes no address list the catalogue knows")
		return
	case n >= len(urls):
		h.fail(w, http.StatusNotFound, fmt.Sprintf("the catalogue knows %d of %s's lists: n is 0 to %d", len(urls), canonical, len(urls)-1))
		return
	}
	if h.limited(w, r) {
		return
	}
	list, status, why := h.rangesList(r.Context(), canonical, n, urls[n])
	if status != http.StatusOK {
		if status == http.StatusTooManyRequests {
			w.Header().Set("Retry-After", "5")
		}
		h.fail(w, status, why)
		return
	}
	header := w.Header()
	header.Set(headerFetched, list.fetched.UTC().Format(time.RFC3339))
	header.Set(headerSource, list.source)
	header.Set("Content-Type", "application/json; charset=utf-8")
	header.Set("Content-Length", strconv.Itoa(len(list.body)))
	header.Set("X-Content-Type-Options", "nosniff")
	header.Set("Cache-Control", "no-store")
	w.WriteHeader(http.StatusOK)
	w.Write(list.body)
}

// rangesList returns the n-th list of the crawler token (at listURL):
// from RangesDir, from the store, or fetched from its URL; or the status
// and reason of a failure.
func (h *Handler) rangesList(ctx context.Context, token string, n int, listURL string) (rangesList, int, string) {
	if h.conf.RangesDir != "" {
		if n > 0 {
			token += "." + strconv.Itoa(n)
		}
		return h.readRangesFile(token)
	}
	s := &h.ranges
	for {
		s.mu.Lock()
		if l, ok := s.lists[listURL]; ok && h.now().Before(l.fetched.Add(cmp.Or(h.conf.RangesTTL, DefaultRangesTTL))) {
			s.mu.Unlock()
			return l, http.StatusOK, ""
		}
		wait, fetching := s.pending[listURL]
		if !fetching {
			if s.pending == nil {
				s.pending, s.lists = map[string]chan struct{}{}, map[string]rangesList{}
			}
			s.pending[listURL] = make(chan struct{})
		}
		s.mu.Unlock()
		if !fetching {
			break
		}
		select {
		case <-wait:
		case <-ctx.Done():
			return rangesList{}, http.StatusServiceUnavailable, "the client left"
		}
		s.mu.Lock()
		l, ok := s.lists[listURL]
		s.mu.Unlock()
		if !ok {
			return rangesList{}, http.StatusBadGateway, "the list could not be fetched; try again later"
		}
		return l, http.StatusOK, ""
	}
	// The fetch goes on if the client leaves: others may wait for it.
	l, status, why := h.fetchRanges(context.WithoutCancel(ctx), token, listURL)
	s.mu.Lock()
	if status == http.StatusOK {
		s.lists[listURL] = l
	} else {
		delete(s.lists, listURL) // expired: those waiting get no older list than the leader
	}
	close(s.pending[listURL])
	delete(s.pending, listURL)
	s.mu.Unlock()
	return l, status, why
}

// readRangesFile reads RangesDir/TOKEN.json (TOKEN.N.json for a
// crawler's list after its first), token being a catalogue's token: no
// name from the client reaches the file system.
func (h *Handler) readRangesFile(token string) (rangesList, int, string) {
	root, err := os.OpenRoot(h.conf.RangesDir)
	if err != nil {
		h.log.Info("ranges", "token", token, "error", err.Error())
		return rangesList{}, http.StatusInternalServerError, "the relay's folder of address lists cannot be read"
	}
	defer root.Close()
	f, err := root.Open(token + ".json")
	if err != nil {
		return rangesList{}, http.StatusNotFound, "the relay has no address list of " + token
	}
	defer f.Close()
	info, err := f.Stat()
	if err != nil || !info.Mode().IsRegular() {
		return rangesList{}, http.StatusNotFound, "the relay has no address list of " + token
	}
	body, status, why := readList(f)
	if status != http.StatusOK {
		h.log.Info("ranges", "token", token, "file", true, "error", why)
		return rangesList{}, http.StatusInternalServerError, "the relay's address list of " + token + ": " + why
	}
	return rangesList{body: body, fetched: info.ModTime(), source: "file"}, http.StatusOK, ""
}

// fetchRanges fetches a list from the catalogue's URL, through the guard
// every fetch of the relay goes through.
func (h *Handler) fetchRanges(ctx context.Context, token, listURL string) (rangesList, int, string) {
	leave, err := h.gate.enter(ctx)
	if err != nil {
		return rangesList{}, http.StatusTooManyRequests, fmt.Sprintf("the relay is busy: %d fetches under way and more waiting; try again shortly", cap(h.gate.slots))
	}
	defer leave()
	ctx, cancel := context.WithTimeout(ctx, cmp.Or(h.conf.Timeout, DefaultTimeout))
	defer cancel()
	start := time.Now()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, listURL, nil)
	if err != nil {
		return rangesList{}, http.StatusInternalServerError, "the catalogue's URL of " + token + "'s list is no URL"
	}
	req.Header.Set("User-Agent", h.userAgent())
	req.Header.Set("Accept", "application/json")
	resp, err := h.sitemapClient.Do(req)
	if err != nil {
		h.log.Info("ranges", "token", token, "url", listURL, "error", err.Error())
		return rangesList{}, http.StatusBadGateway, listURL + ": " + readError(listURL, err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		h.log.Info("ranges", "token", token, "url", listURL, "status", resp.StatusCode)
		return rangesList{}, http.StatusBadGateway, fmt.Sprintf("%s answered %d", listURL, resp.StatusCode)
	}
	body, status, why := readList(resp.Body)
	if status != http.StatusOK {
		h.log.Info("ranges", "token", token, "url", listURL, "error", why)
		return rangesList{}, http.StatusBadGateway, listURL + ": " + why
	}
	h.log.Info("ranges", "token", token, "url", listURL, "bytes", len(body), "took", time.Since(start).Round(time.Millisecond))
	return rangesList{body: body, fetched: h.now(), source: listURL}, http.StatusOK, ""
}

// readList reads a list, at most verify.MaxListBytes, and checks it is
// one: the page is not sent what it cannot read.
func readList(r io.Reader) ([]byte, int, string) {
	body, err := io.ReadAll(io.LimitReader(r, verify.MaxListBytes+1))
	switch {
	case err != nil:
		return nil, http.StatusBadGateway, "the list could not be read whole"
	case len(body) > verify.MaxListBytes:
		return nil, http.StatusBadGateway, fmt.Sprintf("the list is larger than %d bytes", verify.MaxListBytes)
	}
	if _, err := verify.ParseList(bytes.NewReader(body)); err != nil {
		return nil, http.StatusBadGateway, err.Error()
	}
	return body, http.StatusOK, ""
}
