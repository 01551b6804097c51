package relay

import (
	"bufio"
	"cmp"
	"context"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"strings"
	"time"

	"robotstester/internal/relayapi"
	"robotstester/robots"
	"robotstester/robots/fetch"
	"robotstester/robots/sitemap"
)

// Defaults of the sitemap fetches.
const (
	// MaxNotes is the most notes an answer carries.
	MaxNotes = 20
	// MaxSitemapAnswer is the most bytes of URLs an answer carries: 50,000
	// URLs of 300 bytes, where the protocol allows 2,048 a URL.
	MaxSitemapAnswer = 16 << 20
	// NamesPerFetch is how many sitemaps an index may name for the relay
	// at the cost of one fetch: an index costs its client one fetch, and
	// one more for each NamesPerFetch sitemaps it names, or part of them.
	NamesPerFetch = 1000
)

// errAnswerFull ends a sitemap whose URLs fill MaxSitemapAnswer.
var errAnswerFull = errors.New("the answer is full")

// A SitemapAnswer is the relay's answer to GET ?sitemap=URL
// (relayapi.SitemapAnswer).
type SitemapAnswer = relayapi.SitemapAnswer

// sitemapRedirects follows at most robots.MaxRedirects redirects of a
// sitemap, each dialed through the guard as the first request is.
func sitemapRedirects(req *http.Request, via []*http.Request) error {
	if len(via) > robots.MaxRedirects {
		return fmt.Errorf("more than %d redirects", robots.MaxRedirects)
	}
	return nil
}

// serveSitemap answers GET ?sitemap=URL.
func (h *Handler) serveSitemap(w http.ResponseWriter, r *http.Request, query url.Values) {
	loc := query.Get("sitemap")
	switch {
	case len(query["sitemap"]) > 1 || query.Has("url"):
		h.fail(w, http.StatusBadRequest, "give one sitemap parameter, percent-encoded, and no url")
		return
	case len(loc) > MaxURL:
		h.fail(w, http.StatusRequestURITooLong, fmt.Sprintf("the sitemap's URL is too long: %d bytes at most", MaxURL))
		return
	case sitemapKey(loc) == "":
		h.fail(w, http.StatusBadRequest, "give the sitemap's URL, http or https: ?sitemap=https://example.com/sitemap.xml")
		return
	}
	loc = sitemapKey(loc)
	if h.limited(w, r) {
		return
	}
	depth, named := h.named.lookup(loc, h.now())
	if !named {
		// Not named yet: the robots.txt of the sitemap's own site may
		// name it, and is fetched (or taken from the cache) to see.
		target, _ := robots.RobotsURL(loc)
		status, answer, ok := h.robots(r.Context(), target)
		if !ok {
			return
		} else if status != http.StatusOK {
			h.send(w, status, answer)
			return
		}
		depth, named = h.named.lookup(loc, h.now())
		if !named && h.nameAgain(answer) {
			depth, named = h.named.lookup(loc, h.now())
		}
	}
	if !named {
		h.log.Info("sitemap", "url", loc, "refused", "not named")
		h.fail(w, http.StatusForbidden, loc+" is named by no robots.txt the relay fetched (a Sitemap: line), nor by a sitemap index they name: the relay fetches no other sitemap")
		return
	}
	leave, err := h.gate.enter(r.Context())
	if err != nil {
		w.Header().Set("Retry-After", "5")
		h.fail(w, http.StatusTooManyRequests, fmt.Sprintf("the relay is busy: %d fetches under way and more waiting; try again shortly", cap(h.gate.slots)))
		return
	}
	defer leave()
	h.charge(r, h.fetchSitemap(w, r.Context(), loc, depth))
}

// charge counts the sitemaps an index named against its client's rate:
// remembering them costs the relay as fetches do.
func (h *Handler) charge(r *http.Request, named int) {
	if extra := (named + NamesPerFetch - 1) / NamesPerFetch; extra > 0 && h.limits != nil {
		h.limits.spend(h.client(r), extra, h.now())
	}
}

// nameAgain names the sitemaps of a robots.txt answer once more, and
// reports whether it had a file: an answer kept from an earlier fetch
// named them then, and other sites' names may have taken their room
// since.
func (h *Handler) nameAgain(answer []byte) bool {
	var a Answer
	if json.Unmarshal(answer, &a) != nil || a.Class != robots.Success.String() {
		return false
	}
	body := a.Body
	if raw, err := base64.StdEncoding.DecodeString(a.BodyBase64); err == nil && a.BodyBase64 != "" {
		body = string(raw)
	}
	h.named.fromRobots(robots.ParseString(body), h.now())
	return true
}

// fetchSitemap fetches the sitemap loc, named depth levels of index deep,
// and streams its locs to w: the answer holds no more than one entry at
// a time, whatever the sitemap's size. It returns how many sitemaps the
// relay now remembers as named by it, an index.
func (h *Handler) fetchSitemap(w http.ResponseWriter, ctx context.Context, loc string, depth int) (named int) {
	start := time.Now()
	ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), cmp.Or(h.conf.Timeout, DefaultTimeout))
	defer cancel()
	a := SitemapAnswer{URL: loc, FinalURL: loc, Locs: []string{}, Notes: []string{}}
	req, _ := http.NewRequestWithContext(ctx, http.MethodGet, loc, nil)
	req.Header.Set("User-Agent", h.userAgent())
	req.Header.Set("Accept", "application/xml, text/xml, text/plain, */*;q=0.8")
	resp, err := h.sitemapClient.Do(req)
	if err != nil {
		var refused *fetch.RefusedError
		if errors.As(err, &refused) {
			h.log.Info("sitemap", "url", loc, "refused", refused.Reason)
			h.fail(w, http.StatusForbidden, loc+": "+refused.Reason)
			return 0
		}
		a.FetchError = fetch.ErrorText(err)
		if ctx.Err() != nil {
			a.FetchError = "timed out"
		}
		a.TookMS = time.Since(start).Milliseconds()
		h.log.Info("sitemap", "url", loc, "error", a.FetchError)
		h.send(w, http.StatusOK, encode(a))
		return 0
	}
	defer resp.Body.Close()
	a.Status, a.FinalURL = resp.StatusCode, resp.Request.URL.String()
	if resp.StatusCode/100 != 2 {
		a.FetchError = "the server answered " + resp.Status
		a.TookMS = time.Since(start).Milliseconds()
		h.log.Info("sitemap", "url", loc, "status", a.Status)
		h.send(w, http.StatusOK, encode(a))
		return 0
	}
	return h.streamSitemap(w, ctx, resp.Body, a, depth, start)
}

// streamSitemap reads a sitemap's body and writes the answer as it goes:
// the locs first, one at a time, then what the reading came to. It
// returns how many sitemaps it named.
func (h *Handler) streamSitemap(w http.ResponseWriter, ctx context.Context, body io.Reader, a SitemapAnswer, depth int, start time.Time) int {
	// A client that reads slowly cannot hold the fetch's slot long past
	// its time bound: the writes end a few seconds after it, time enough
	// for the answer's end.
	if deadline, ok := ctx.Deadline(); ok {
		http.NewResponseController(w).SetWriteDeadline(deadline.Add(5 * time.Second))
	}
	header := w.Header()
	header.Set("Content-Type", "application/json; charset=utf-8")
	header.Set("X-Content-Type-Options", "nosniff")
	header.Set("Cache-Control", "no-store")
	w.WriteHeader(http.StatusOK)
	out := bufio.NewWriterSize(w, 32<<10)
	head := encode(a)
	// The answer's fields up to "locs", then the locs as they come.
	out.Write(head[:strings.Index(string(head), `"locs":`)])
	out.WriteString(`"locs":[`)

	var notes []string
	cut := false
	reader := sitemap.Walker{
		MaxBytes: cmp.Or(h.conf.SitemapMaxBytes, sitemap.MaxBytes),
		Note: func(n sitemap.Note) {
			cut = cut || n.Cut
			if len(notes) < MaxNotes {
				notes = append(notes, n.Text)
			}
		},
	}
	n, named, skipped, written := 0, 0, 0, 0
	now := h.now()
	notURLs, otherHosts := 0, 0
	err := reader.ReadOne(body, a.URL, func(e sitemap.Entry) error {
		if sitemapKey(e.URL) == "" {
			// A sitemap lists absolute http and https URLs: anything else
			// is not passed on (the relay is no proxy for other text).
			notURLs++
			return nil
		}
		if e.Sitemap {
			a.Index = true
			if _, err := sitemap.Follow(a.URL, e.URL, false); err != nil {
				// Another host's sitemap is not this site's to name: it
				// is neither fetched nor passed on.
				otherHosts++
				return nil
			}
			if depth+1 <= sitemap.DefaultMaxDepth && named < MaxIndexNamed && h.named.name(e.URL, depth+1, now) {
				named++
			} else {
				skipped++
			}
		}
		s := encode(e.URL)
		if written += len(s); written > MaxSitemapAnswer {
			return errAnswerFull
		}
		if n > 0 {
			out.WriteByte(',')
		}
		n++
		_, err := out.Write(s[:len(s)-1]) // without its newline; an error: the client left
		return err
	})
	if errors.Is(err, errAnswerFull) {
		notes = append(notes, fmt.Sprintf("the answer stops at %d MiB of URLs; the rest of the sitemap is not read", MaxSitemapAnswer>>20))
	}
	a.Complete = err == nil && !cut
	switch {
	case errors.Is(err, errAnswerFull):
	case ctx.Err() != nil:
		a.FetchError = "timed out"
	case err != nil:
		a.FetchError = readError(a.URL, err)
	}
	if notURLs > 0 {
		what := "entries are not absolute http or https URLs"
		if notURLs == 1 {
			what = "entry is not an absolute http or https URL"
		}
		notes = append(notes, fmt.Sprintf("%d %s, as a sitemap's must be: left out", notURLs, what))
	}
	if otherHosts > 0 {
		what := "sitemaps of this index are on other hosts"
		if otherHosts == 1 {
			what = "sitemap of this index is on another host"
		}
		notes = append(notes, fmt.Sprintf("%d %s: left out (an index names sitemaps of its own host only)", otherHosts, what))
	}
	if skipped > 0 {
		notes = append(notes, fmt.Sprintf("%d sitemaps of this index are past what the relay follows (%d an index, %d levels deep, %d a site): it will not fetch them", skipped, MaxIndexNamed, sitemap.DefaultMaxDepth, MaxSiteNamed))
	}
	a.Notes = notes
	if a.Notes == nil {
		a.Notes = []string{}
	}
	a.TookMS = time.Since(start).Milliseconds()
	out.WriteString("],")
	tail := encode(struct {
		Index      bool     `json:"index"`
		Notes      []string `json:"notes"`
		Complete   bool     `json:"complete"`
		FetchError string   `json:"fetch_error,omitempty"`
		TookMS     int64    `json:"took_ms"`
	}{a.Index, a.Notes, a.Complete, a.FetchError, a.TookMS})
	out.Write(tail[1:]) // without its opening brace
	out.Flush()
	h.log.Info("sitemap", "url", a.URL, "status", a.Status, "locs", n, "index", a.Index, "complete", a.Complete, "took", time.Since(start).Round(time.Millisecond))
	return named
}

// readError says why a sitemap's body could not be read: the network's
// fault in plain words, or what is wrong with the sitemap itself.
func readError(loc string, err error) string {
	var ne net.Error
	if errors.As(err, &ne) || errors.Is(err, io.ErrUnexpectedEOF) {
		return fetch.ErrorText(err)
	}
	return strings.TrimPrefix(err.Error(), loc+": ")
}
