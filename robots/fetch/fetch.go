// Package fetch gets a site's robots.txt over HTTP as a crawler does: it
// follows up to five redirects, reads at most what crawlers read, bounds
// the time and the memory spent, and says what the server's answer means
// for each reading of package robots.
//
// It lives apart from package robots so that programs that only parse and
// check, such as the tester's WebAssembly app, do not carry an HTTP client.
package fetch

import (
	"cmp"
	"compress/gzip"
	"context"
	"crypto/tls"
	"crypto/x509"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"syscall"
	"time"

	"robotstester/robots"
)

// Defaults for the zero Fetcher.
const (
	// DefaultTimeout bounds a whole fetch: every request, redirects and
	// body included.
	DefaultTimeout = 20 * time.Second
	// DefaultMaxBody is the most bytes of a body read. Only the first
	// robots.FetchLimit bytes are kept; the rest is read to learn the
	// file's size, up to this bound.
	DefaultMaxBody = 32 << 20
	// DefaultUserAgent is sent when the Fetcher names no other.
	DefaultUserAgent = "robotstxt/1 (robots.txt tester; +https://www.rfc-editor.org/rfc/rfc9309)"
)

// A Fetcher fetches robots.txt files. The zero value is ready to use.
type Fetcher struct {
	// Client makes the requests; nil means http.DefaultClient. The
	// fetcher follows redirects itself, to count and report them: the
	// client's CheckRedirect is not used, and the client is not changed.
	Client *http.Client
	// UserAgent is sent with each request; "" means DefaultUserAgent.
	UserAgent string
	// Timeout bounds the whole fetch; 0 means DefaultTimeout.
	Timeout time.Duration
	// MaxBody is the most bytes of a body read; 0 means DefaultMaxBody.
	// A body past it is not an error: the file is cut at
	// robots.FetchLimit anyway, and only its size is then unknown.
	MaxBody int64
	// MaxRedirects is the number of redirects followed; 0 means
	// robots.MaxRedirects (five). One more makes the answer a
	// robots.Redirect.
	MaxRedirects int
}

// A Hop is one redirect followed.
type Hop struct {
	URL      string // the URL that redirected
	Status   int    // its 3xx status
	Location string // where it sent the fetcher, resolved against URL
}

// A Result is a robots.txt as it was fetched, with how it was obtained.
// The embedded Outcome says what it means: Status, Class, the File (on a
// 2xx), and each reading's Access.
type Result struct {
	*robots.Outcome
	// URL is the robots.txt asked for: the site's /robots.txt.
	URL string
	// FinalURL is the URL of the last answer.
	FinalURL string
	// Hops are the redirects followed, in order.
	Hops []Hop
	// Loop reports that a redirect led back to a URL already visited.
	Loop bool
	// Header is the last answer's header; nil when none came.
	Header http.Header
	// BodyBytes is the number of bytes of the body read (after any gzip
	// decoding), and Complete whether that was the whole body: false when
	// MaxBody stopped the reading.
	BodyBytes int64
	Complete  bool
	// Took is how long the fetch took.
	Took time.Duration
}

// Fetch fetches the robots.txt that governs site (a site, a page of it,
// or its robots.txt) with a zero Fetcher.
func Fetch(ctx context.Context, site string) (*Result, error) {
	var f Fetcher
	return f.Fetch(ctx, site)
}

// Fetch fetches the robots.txt that governs site: for
// "https://example.com/some/page", https://example.com/robots.txt. A
// server that cannot be reached, that times out or answers 503 gives a
// Result, as it does to a crawler (its Class says so); the error is for a
// site that is not an http or https URL.
func (f *Fetcher) Fetch(ctx context.Context, site string) (*Result, error) {
	robotsURL, err := robots.RobotsURL(site)
	if err != nil {
		return nil, err
	}
	start := time.Now()
	ctx, cancel := context.WithTimeout(ctx, cmp.Or(f.Timeout, DefaultTimeout))
	defer cancel()
	client := f.client()
	maxRedirects := cmp.Or(f.MaxRedirects, robots.MaxRedirects)

	res := &Result{URL: robotsURL}
	seen := map[string]bool{robotsURL: true}
	current := robotsURL
	for {
		res.FinalURL = current
		resp, err := f.get(ctx, client, current)
		if err != nil {
			res.Outcome = robots.Interpret(robots.Answer{Redirects: len(res.Hops), Err: plainError(ctx, err)})
			break
		}
		res.Header = resp.Header
		if isRedirect(resp.StatusCode) {
			next, err := location(resp)
			discard(resp)
			if err == nil && len(res.Hops) == maxRedirects {
				err = fmt.Errorf("more than %d redirects", maxRedirects)
			}
			if err != nil {
				res.Outcome = robots.Interpret(robots.Answer{Status: resp.StatusCode, Header: resp.Header, Redirects: len(res.Hops), Err: err})
				break
			}
			res.Hops = append(res.Hops, Hop{URL: current, Status: resp.StatusCode, Location: next})
			res.Loop = res.Loop || seen[next]
			seen[next] = true
			current = next
			continue
		}
		res.Outcome = f.read(ctx, resp, len(res.Hops), res)
		break
	}
	res.Took = time.Since(start)
	return res, nil
}

// read interprets a final answer, its body read through a bound.
func (f *Fetcher) read(ctx context.Context, resp *http.Response, hops int, res *Result) *robots.Outcome {
	defer resp.Body.Close()
	var body io.Reader = resp.Body
	// A client that did not ask for gzip leaves the decoding to us; a
	// server may send it unasked.
	if !resp.Uncompressed && strings.EqualFold(strings.TrimSpace(resp.Header.Get("Content-Encoding")), "gzip") {
		zr, err := gzip.NewReader(resp.Body)
		if err != nil {
			return robots.Interpret(robots.Answer{Header: resp.Header, Redirects: hops, Err: fmt.Errorf("the gzip body cannot be read: %w", err)})
		}
		defer zr.Close()
		body = zr
	}
	capped := &cappedReader{r: body, left: cmp.Or(f.MaxBody, DefaultMaxBody)}
	wrapped := &errorWording{ctx: ctx, r: capped}
	o := robots.Interpret(robots.Answer{Status: resp.StatusCode, Header: resp.Header, Body: wrapped, Redirects: hops})
	res.BodyBytes, res.Complete = capped.read, !capped.over
	return o
}

func (f *Fetcher) get(ctx context.Context, client *http.Client, u string) (*http.Response, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
	if err != nil {
		return nil, err
	}
	ua := f.UserAgent
	if ua == "" {
		ua = DefaultUserAgent
	}
	req.Header.Set("User-Agent", ua)
	req.Header.Set("Accept", "text/plain, */*;q=0.8")
	return client.Do(req)
}

// client returns a copy of the caller's client that hands every redirect
// back, so that each hop is seen.
func (f *Fetcher) client() *http.Client {
	base := f.Client
	if base == nil {
		base = http.DefaultClient
	}
	return &http.Client{
		Transport: base.Transport,
		Jar:       base.Jar,
		Timeout:   base.Timeout,
		CheckRedirect: func(*http.Request, []*http.Request) error {
			return http.ErrUseLastResponse
		},
	}
}

// isRedirect reports whether a status asks the client to go elsewhere.
// 304 answers a conditional request, which the fetcher does not make, and
// 300 names no single place: both are answers, not hops.
func isRedirect(code int) bool {
	switch code {
	case 301, 302, 303, 307, 308:
		return true
	}
	return false
}

// location returns where a redirect points, resolved against the URL that
// answered: relative and scheme-relative Locations are common.
func location(resp *http.Response) (string, error) {
	loc := strings.TrimSpace(resp.Header.Get("Location"))
	if loc == "" {
		return "", fmt.Errorf("a %d redirect without a Location", resp.StatusCode)
	}
	u, err := resp.Request.URL.Parse(loc)
	if err != nil {
		return "", fmt.Errorf("a %d redirect to %q, which is not a URL", resp.StatusCode, loc)
	}
	if u.Scheme != "http" && u.Scheme != "https" {
		return "", fmt.Errorf("a %d redirect to %q, which is not http or https", resp.StatusCode, loc)
	}
	u.Fragment = ""
	return u.String(), nil
}

// discard reads a little of a body that is not wanted, so that the
// connection can be used again, and closes it.
func discard(resp *http.Response) {
	io.CopyN(io.Discard, resp.Body, 4<<10)
	resp.Body.Close()
}

// cappedReader reads at most left bytes, and tells whether more followed.
type cappedReader struct {
	r    io.Reader
	left int64
	read int64
	over bool
}

func (c *cappedReader) Read(p []byte) (int, error) {
	if c.left <= 0 {
		var one [1]byte
		if n, _ := io.ReadFull(c.r, one[:]); n > 0 {
			c.over = true
		}
		return 0, io.EOF
	}
	if int64(len(p)) > c.left {
		p = p[:c.left]
	}
	n, err := c.r.Read(p)
	c.left -= int64(n)
	c.read += int64(n)
	return n, err
}

// errorWording says a body's read error the way a person understands it.
type errorWording struct {
	ctx context.Context
	r   io.Reader
}

func (e *errorWording) Read(p []byte) (int, error) {
	n, err := e.r.Read(p)
	if err != nil && err != io.EOF {
		err = plainError(e.ctx, err)
	}
	return n, err
}

// plainError words a transport error for people, keeping it for
// errors.Is and errors.As. The words name what happened and nothing of
// the network the fetch ran in: Go's own texts carry the resolver's
// address ("lookup example.com on 10.0.0.53:53: no such host") and the
// local address and port of a connection, which a relay serving the
// open internet must not show its visitors.
func plainError(ctx context.Context, err error) error {
	if errors.Is(ctx.Err(), context.DeadlineExceeded) {
		return &wordedError{"timed out", context.DeadlineExceeded}
	}
	return &wordedError{ErrorText(err), err}
}

// ErrorText says what a transport error means, in plain words ("no such
// host", "connection refused", "timed out", "the certificate is signed by
// an unknown authority"), without the resolver, addresses or ports that
// Go's own texts carry: for a server that fetches for others, whom its
// network is no business of.
func ErrorText(err error) string {
	var uerr *url.Error
	if errors.As(err, &uerr) {
		err = uerr.Err
	}
	return words(err)
}

// A wordedError is an error said in plain words, the error it words
// kept for errors.Is and errors.As.
type wordedError struct {
	text string
	err  error
}

func (e *wordedError) Error() string { return e.text }
func (e *wordedError) Unwrap() error { return e.err }

// words says what err means, without addresses or ports.
func words(err error) string {
	var (
		dns      *net.DNSError
		hostname x509.HostnameError
		unknown  x509.UnknownAuthorityError
		invalid  x509.CertificateInvalidError
		record   tls.RecordHeaderError
		verify   *tls.CertificateVerificationError
		netErr   net.Error
		opErr    *net.OpError
		refused  *RefusedError
	)
	switch {
	case errors.As(err, &refused):
		return refused.Error()
	case errors.Is(err, context.DeadlineExceeded):
		return "timed out"
	case errors.Is(err, context.Canceled):
		return "cancelled"
	case errors.As(err, &dns):
		switch {
		case dns.IsNotFound:
			return "no such host"
		case dns.IsTimeout:
			return "timed out looking up the host"
		}
		return "the host's name could not be looked up"
	case errors.Is(err, syscall.ECONNREFUSED):
		return "connection refused"
	case errors.Is(err, syscall.ECONNRESET):
		return "connection reset"
	case errors.Is(err, syscall.EHOSTUNREACH):
		return "host unreachable"
	case errors.Is(err, syscall.ENETUNREACH):
		return "network unreachable"
	case errors.Is(err, io.ErrUnexpectedEOF):
		return "the connection closed before the whole body came"
	case errors.Is(err, io.EOF),
		// net/http's own word for a reused connection the server had
		// closed (an unexported error, not io.EOF): a server that hangs
		// up before answering gives either, by timing.
		strings.Contains(err.Error(), "server closed idle connection"):
		return "the server closed the connection without answering"
	case errors.As(err, &hostname):
		return "the certificate is for another host"
	case errors.As(err, &unknown):
		return "the certificate is signed by an unknown authority"
	case errors.As(err, &invalid):
		if invalid.Reason == x509.Expired {
			return "the certificate has expired or is not yet valid"
		}
		return "the certificate is not valid"
	case errors.As(err, &verify):
		return "the certificate is not valid"
	case errors.As(err, &record):
		return "the server does not speak TLS"
	case errors.As(err, &netErr) && netErr.Timeout():
		return "timed out"
	case errors.As(err, &opErr):
		return "the connection failed"
	case addressLike.MatchString(err.Error()):
		// A text this function does not know, which names an address:
		// say no more than that the fetch failed.
		return "the connection failed"
	}
	return err.Error()
}

// addressLike matches the IPv4 and IPv6 addresses and the host:port
// pairs an error text may carry.
var addressLike = regexp.MustCompile(`\d{1,3}(\.\d{1,3}){3}|\[?[0-9A-Fa-f]{0,4}(:[0-9A-Fa-f]{0,4}){2,7}\]?|:\d{2,5}\b`)
