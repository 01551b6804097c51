// Package relay serves a fetch relay: an HTTP handler that fetches a
// site's robots.txt for a page that cannot (a browser may read another
// site's file only when that site allows it with CORS headers, and most
// do not), and answers with what it got, as JSON.
//
// It is meant to be safe on the open internet. It fetches nothing but
// /robots.txt of the origin it is given, over http or https, on ports 80
// and 443, with package fetch's rules (five redirects, 500 KiB kept, a
// time bound). It connects only to public addresses: every address of a
// host is checked, at every redirect, and the connection goes to the
// address checked, so that a name that resolves differently the second
// time (DNS rebinding) cannot lead it inside. Each client may ask for a
// few fetches a minute, the relay makes a bounded number at once, answers
// are kept for a short while, and the sizes of requests and answers are
// bounded. It forwards no cookies or credentials, and logs each fetch
// without the client's address.
//
// The answer to GET /fetch?url=https://example.com/some/page is an
// [Answer]; a target refused answers 403, and too many requests 429, with
// an [Error].
//
// Beside it, [Handler.Ranges] serves the address lists crawlers'
// operators publish, for a catalogued token: the only other URLs the
// relay fetches are the catalogue's own.
package relay

import (
	"bytes"
	"cmp"
	"context"
	"crypto/tls"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"robotstester/internal/relayapi"
	"robotstester/robots"
	"robotstester/robots/fetch"
)

// Defaults for the zero Config.
const (
	// DefaultTimeout bounds one fetch, redirects included: the fetcher's.
	DefaultTimeout = fetch.DefaultTimeout
	// DefaultMaxBody is the most bytes of a body read: the first
	// robots.FetchLimit are kept and sent, the rest only counted.
	DefaultMaxBody = 1 << 20
	// DefaultPerClient is the number of fetches a client may ask for a
	// minute, and DefaultBurst how many at once after a pause.
	DefaultPerClient = 30
	DefaultBurst     = 10
	// DefaultMaxConcurrent is the number of fetches made at once.
	// DefaultMaxWaiting more requests may wait, each up to
	// DefaultQueueWait, for one to end; past that the relay is busy.
	DefaultMaxConcurrent = 32
	DefaultMaxWaiting    = 256
	DefaultQueueWait     = 10 * time.Second
	// DefaultCacheTTL is how long an answer is kept, and DefaultCacheBytes
	// the most bytes of answers kept.
	DefaultCacheTTL   = time.Minute
	DefaultCacheBytes = 16 << 20
	// MaxURL is the longest url parameter accepted, in bytes.
	MaxURL = 2048
)

// DefaultPorts are the ports a target may have when Config.Ports is nil.
var DefaultPorts = []int{80, 443}

// Config sets a relay's limits. The zero value is the relay for the
// internet: every field's zero means its default.
type Config struct {
	// Ports are the ports a target may be on; nil means DefaultPorts.
	Ports []int
	// AllowLoopback lets the relay fetch from loopback addresses
	// (127.0.0.0/8, ::1), on any port. For tests only: on a server it
	// opens the machine's own services to anyone.
	AllowLoopback bool
	// Timeout bounds a fetch; 0 means DefaultTimeout.
	Timeout time.Duration
	// MaxBody is the most bytes of a body read; 0 means DefaultMaxBody.
	MaxBody int64
	// UserAgent is sent to sites; "" means fetch.DefaultUserAgent.
	UserAgent string
	// PerClient is the number of fetches a client may ask for a minute,
	// and Burst the most at once; 0 means the default, a negative
	// PerClient no limit.
	PerClient, Burst int
	// ClientHeader names the request header that holds the client's
	// address when the relay stands behind a reverse proxy that sets it
	// (X-Real-IP; of X-Forwarded-For the last address is taken). ""
	// means the address of the connection. Set it only behind such a
	// proxy: clients can send any header.
	ClientHeader string
	// MaxConcurrent is the most fetches made at once, MaxWaiting the most
	// requests waiting for one to end, and QueueWait how long each waits
	// at most; 0 means the default.
	MaxConcurrent, MaxWaiting int
	QueueWait                 time.Duration
	// CacheTTL is how long an answer is kept (a negative one keeps none),
	// and CacheBytes the most bytes kept; 0 means the default.
	CacheTTL   time.Duration
	CacheBytes int
	// SitemapMaxBytes is the most bytes of one sitemap read, after any
	// gzip decoding; 0 means the protocol's limit, sitemap.MaxBytes
	// (50 MB).
	SitemapMaxBytes int64
	// RangesDir, when not "", is the folder the address lists of
	// catalogued crawlers are read from, as TOKEN.json, in place of
	// fetching them from the catalogue's URLs (Handler.Ranges).
	RangesDir string
	// RangesTTL is how long a fetched address list is kept; 0 means
	// DefaultRangesTTL.
	RangesTTL time.Duration
	// Resolver looks up host names; nil means net.DefaultResolver.
	Resolver fetch.Resolver
	// Logger receives a line per fetch; nil means slog.Default().
	Logger *slog.Logger
}

// The relay's answers, declared once for the relay, the page and its
// worker (package relayapi).
type (
	Answer = relayapi.Answer
	Hop    = relayapi.Hop
	Error  = relayapi.Error
)

// A Handler is the relay: it serves GET ?url=URL, wherever it is mounted.
// Make one with New.
type Handler struct {
	conf    Config
	guard   *fetch.Guard
	fetcher fetch.Fetcher
	limits  *limiter
	gate    *gate
	cache   *cache
	flights flights
	log     *slog.Logger
	now     func() time.Time
	// named are the sitemaps the relay may fetch: those the robots.txt
	// files it fetched name, and the indexes among them; sitemapClient
	// fetches them, through the same guard.
	named         *registry
	sitemapClient *http.Client
	// ranges keeps the address lists fetched; crawlerRanges gives a
	// catalogued crawler's token as the catalogue writes it, and the
	// URLs of its lists.
	ranges        rangesStore
	crawlerRanges func(token string) (canonical string, urls []string, ok bool)
}

// New returns a relay with the limits of conf.
func New(conf Config) *Handler {
	ports := conf.Ports
	if ports == nil {
		ports = DefaultPorts
	}
	h := &Handler{
		conf:  conf,
		guard: fetch.NewGuard(ports, conf.AllowLoopback, cmp.Or[fetch.Resolver](conf.Resolver, net.DefaultResolver)),
		gate: newGate(cmp.Or(conf.MaxConcurrent, DefaultMaxConcurrent), cmp.Or(conf.MaxWaiting, DefaultMaxWaiting),
			cmp.Or(conf.QueueWait, DefaultQueueWait)),
		log: cmp.Or(conf.Logger, slog.Default()),
		now: time.Now,

		crawlerRanges: catalogueRanges,
	}
	if conf.PerClient >= 0 {
		h.limits = newLimiter(cmp.Or(conf.PerClient, DefaultPerClient), cmp.Or(conf.Burst, DefaultBurst))
	}
	if conf.CacheTTL >= 0 {
		h.cache = newCache(cmp.Or(conf.CacheTTL, DefaultCacheTTL), cmp.Or(conf.CacheBytes, DefaultCacheBytes))
	}
	transport := &http.Transport{
		Proxy:                  nil, // a proxy would be dialed, and not the site
		DialContext:            h.guard.DialContext,
		TLSClientConfig:        &tls.Config{MinVersion: tls.VersionTLS12},
		TLSHandshakeTimeout:    10 * time.Second,
		DisableKeepAlives:      true, // nothing is kept between fetches
		MaxResponseHeaderBytes: 64 << 10,
	}
	h.named = newRegistry(DefaultNamedSitemaps, MaxNamedBytes)
	h.sitemapClient = &http.Client{Transport: stripCredentials{transport}, CheckRedirect: sitemapRedirects}
	h.fetcher = fetch.Fetcher{
		Client:    &http.Client{Transport: stripCredentials{transport}},
		UserAgent: conf.UserAgent,
		Timeout:   cmp.Or(conf.Timeout, DefaultTimeout),
		MaxBody:   cmp.Or(conf.MaxBody, DefaultMaxBody),
	}
	return h
}

// stripCredentials sends requests without credentials: a redirect's
// Location may carry a user and password, which the HTTP client would
// send as Authorization.
type stripCredentials struct{ next http.RoundTripper }

func (s stripCredentials) RoundTrip(req *http.Request) (*http.Response, error) {
	if req.URL.User != nil || req.Header.Get("Authorization") != "" || req.Header.Get("Cookie") != "" {
		req = req.Clone(req.Context())
		req.URL.User = nil
		req.Header.Del("Authorization")
		req.Header.Del("Cookie")
	}
	return s.next.RoundTrip(req)
}

// ServeHTTP answers GET ?url=URL with the robots.txt of URL's origin.
func (h *Handler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		w.Header().Set("Allow", "GET, HEAD")
		h.fail(w, http.StatusMethodNotAllowed, "only GET and HEAD are served")
		return
	}
	if r.Header.Get("User-Agent") == h.userAgent() {
		// A site's redirect led a relay here: fetching through itself,
		// it could go round until its time bounds end.
		h.fail(w, http.StatusForbidden, "a relay does not fetch through a relay")
		return
	}
	if len(r.URL.RawQuery) > 2*MaxURL {
		h.fail(w, http.StatusRequestURITooLong, fmt.Sprintf("the query is too long: the url may have %d bytes at most", MaxURL))
		return
	}
	query, err := url.ParseQuery(r.URL.RawQuery)
	if _, ok := query["sitemap"]; ok && err == nil {
		h.serveSitemap(w, r, query)
		return
	}
	site := query.Get("url")
	switch {
	case err != nil || len(query["url"]) > 1:
		h.fail(w, http.StatusBadRequest, "give one url parameter, percent-encoded")
		return
	case site == "":
		h.fail(w, http.StatusBadRequest, "give the site to fetch: ?url=https://example.com/")
		return
	case len(site) > MaxURL:
		h.fail(w, http.StatusRequestURITooLong, fmt.Sprintf("the url is too long: %d bytes at most", MaxURL))
		return
	}
	target, err := robots.RobotsURL(site)
	if err != nil {
		code := http.StatusBadRequest
		if strings.Contains(err.Error(), "only http and https") {
			code = http.StatusForbidden
		}
		h.fail(w, code, err.Error())
		return
	}
	if h.limited(w, r) {
		return
	}
	status, answer, ok := h.robots(r.Context(), target)
	if !ok {
		return
	}
	if status == http.StatusTooManyRequests {
		w.Header().Set("Retry-After", "5")
	}
	h.send(w, status, answer)
}

// limited answers 429 and reports true when the client has asked for too
// many fetches: it takes one of the client's fetches otherwise.
func (h *Handler) limited(w http.ResponseWriter, r *http.Request) bool {
	if h.limits == nil {
		return false
	}
	ok, wait := h.limits.take(h.client(r), h.now())
	if ok {
		return false
	}
	secs := int((wait + time.Second - 1) / time.Second)
	w.Header().Set("Retry-After", strconv.Itoa(secs))
	h.fail(w, http.StatusTooManyRequests, fmt.Sprintf("too many fetches from your address: %d a minute at most; try again in %d s", cmp.Or(h.conf.PerClient, DefaultPerClient), secs))
	return true
}

// robots returns the relay's answer for the robots.txt target: one kept,
// the answer of a fetch under way for another client, or a new fetch's.
// ok is false when the client left before the answer came.
func (h *Handler) robots(ctx context.Context, target string) (status int, answer []byte, ok bool) {
	if answer := h.cache.get(target, h.now()); answer != nil {
		h.log.Info("fetch", "url", target, "cached", true)
		return http.StatusOK, markCached(answer), true
	}
	fl, leader := h.flights.join(target)
	if leader {
		h.lead(ctx, target, fl)
	} else {
		select {
		case <-fl.done:
		case <-ctx.Done():
			return 0, nil, false
		}
	}
	return fl.status, fl.answer, true
}

// userAgent is what the relay's requests send as User-Agent.
func (h *Handler) userAgent() string { return cmp.Or(h.conf.UserAgent, fetch.DefaultUserAgent) }

// lead makes the fetch of a flight, and lands it whatever happens: the
// others wait for it.
func (h *Handler) lead(ctx context.Context, target string, fl *flight) {
	status, answer := http.StatusInternalServerError, encode(Error{Error: "the relay failed"})
	defer func() { h.flights.land(target, fl, status, answer) }()
	// The fetch goes on if the client leaves: others may wait for it, and
	// it is bounded by the fetcher's timeout anyway.
	status, answer = h.fetch(context.WithoutCancel(ctx), target)
}

// fetch fetches target, logs it, and returns the status and body to send.
func (h *Handler) fetch(ctx context.Context, target string) (int, []byte) {
	leave, err := h.gate.enter(ctx)
	if err != nil {
		h.log.Info("fetch", "url", target, "busy", true)
		return http.StatusTooManyRequests, encode(Error{Error: fmt.Sprintf("the relay is busy: %d fetches under way and more waiting; try again shortly", cap(h.gate.slots))})
	}
	defer leave()
	res, err := h.fetcher.Fetch(ctx, target)
	if err != nil {
		h.log.Info("fetch", "url", target, "error", err.Error())
		return http.StatusBadRequest, encode(Error{Error: err.Error()})
	}
	var refused *fetch.RefusedError
	if errors.As(res.Err, &refused) {
		why := target + ": " + refused.Reason
		if n := len(res.Hops); n > 0 {
			why = fmt.Sprintf("redirect %d, to %s: %s", n, res.FinalURL, refused.Reason)
		}
		h.log.Info("fetch", "url", target, "hops", len(res.Hops), "refused", refused.Reason)
		return http.StatusForbidden, encode(Error{Error: why})
	}
	if res.File != nil {
		h.named.fromRobots(res.File, h.now())
	}
	a := answerOf(res)
	h.log.Info("fetch", "url", target, "status", a.Status, "class", a.Class, "hops", len(a.Hops),
		"bytes", a.Size, "took", res.Took.Round(time.Millisecond))
	answer := encode(a)
	h.cache.put(target, answer, h.now())
	return http.StatusOK, answer
}

// answerOf says a fetch's result as the relay's Answer.
func answerOf(res *fetch.Result) Answer {
	a := Answer{
		URL:       res.URL,
		Status:    res.Status,
		Class:     res.Class.String(),
		FinalURL:  res.FinalURL,
		Hops:      make([]Hop, len(res.Hops)),
		Loop:      res.Loop,
		MediaType: res.ContentType,
		TookMS:    res.Took.Milliseconds(),
		Size:      res.BodyBytes,
		Complete:  res.Complete && res.Err == nil,
	}
	for i, h := range res.Hops {
		a.Hops[i] = Hop(h)
	}
	if res.Err != nil {
		a.FetchError = res.Err.Error()
	}
	if res.File != nil {
		a.Body = res.File.Raw()
		if !utf8.ValidString(a.Body) {
			a.BodyBase64 = base64.StdEncoding.EncodeToString([]byte(a.Body))
		}
	}
	return a
}

// client returns the key of the client's bucket.
func (h *Handler) client(r *http.Request) string {
	if h.conf.ClientHeader != "" {
		if v := r.Header.Get(h.conf.ClientHeader); v != "" {
			if i := strings.LastIndexByte(v, ','); i >= 0 {
				v = v[i+1:]
			}
			return clientKey(strings.TrimSpace(v))
		}
	}
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		host = r.RemoteAddr
	}
	return clientKey(host)
}

func (h *Handler) fail(w http.ResponseWriter, code int, why string) {
	h.send(w, code, encode(Error{Error: why}))
}

func (h *Handler) send(w http.ResponseWriter, code int, body []byte) {
	header := w.Header()
	header.Set("Content-Type", "application/json; charset=utf-8")
	header.Set("Content-Length", strconv.Itoa(len(body)))
	header.Set("X-Content-Type-Options", "nosniff")
	header.Set("Cache-Control", "no-store")
	w.WriteHeader(code)
	w.Write(body)
}

// markCached returns an encoded Answer with Cached true. Cached is the
// last field, so the encoding ends with it.
func markCached(answer []byte) []byte {
	const was, is = `"cached":false}` + "\n", `"cached":true}` + "\n"
	base, ok := bytes.CutSuffix(answer, []byte(was))
	if !ok {
		return answer
	}
	return append(base[:len(base):len(base)], is...)
}

// encode writes v as JSON, with <, > and & as they are: the answer goes
// out as application/json, never as HTML.
func encode(v any) []byte {
	var buf bytes.Buffer
	if a, ok := v.(Answer); ok {
		buf.Grow(len(a.Body) + len(a.BodyBase64) + 1024) // most files need no escaping but their line breaks
	}
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		// Only a value that cannot be JSON fails, and these all can.
		panic(err)
	}
	return buf.Bytes()
}
