package relay

import (
	"bytes"
	"compress/gzip"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"net/url"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"robotstester/robots"
	"robotstester/robots/fetch"
)

const file = "User-agent: *\nDisallow: /private/\n"

// loopbackOnly is the dial of every relay under test: it fails the test,
// and connects nowhere, when asked for an address off this machine, so
// that a check that lets one through sends nothing out.
func loopbackOnly(t testing.TB, g *fetch.Guard) func(ctx context.Context, network, addr string) (net.Conn, error) {
	next := g.Dial
	return func(ctx context.Context, network, addr string) (net.Conn, error) {
		ap, err := netip.ParseAddrPort(addr)
		if err != nil || !ap.Addr().Unmap().IsLoopback() {
			t.Errorf("the relay dialed %s, off this machine", addr)
			return nil, fmt.Errorf("test: no dialing %s", addr)
		}
		return next(ctx, network, addr)
	}
}

// tableResolver answers host names from a table, IPv4 addresses in the
// IPv4-mapped form net.Resolver gives them.
type tableResolver map[string][]string

func (tr tableResolver) LookupNetIP(_ context.Context, _, host string) ([]netip.Addr, error) {
	var out []netip.Addr
	for _, a := range tr[host] {
		out = append(out, netip.AddrFrom16(netip.MustParseAddr(a).As16()))
	}
	if out == nil {
		return nil, &net.DNSError{Err: "no such host", Name: host, IsNotFound: true}
	}
	return out, nil
}

// testRelay is a relay under test, served by a local server.
type testRelay struct {
	*Handler
	srv *httptest.Server
	log *bytes.Buffer
}

// newRelay starts a relay with conf, made safe for tests: it dials only
// loopback addresses, and logs to a buffer. exempt, when not "", is the
// host:port of a server let through with AllowLoopback off.
func newRelay(t testing.TB, conf Config, exempt string) *testRelay {
	t.Helper()
	var buf bytes.Buffer
	var mu sync.Mutex
	if conf.Logger == nil {
		conf.Logger = slog.New(slog.NewTextHandler(&lockedWriter{mu: &mu, w: &buf}, nil))
	}
	h := New(conf)
	h.guard.Dial = loopbackOnly(t, h.guard)
	if exempt != "" {
		h.guard.Exempt = netip.MustParseAddrPort(exempt)
	}
	srv := httptest.NewServer(h)
	t.Cleanup(srv.Close)
	return &testRelay{Handler: h, srv: srv, log: &buf}
}

type lockedWriter struct {
	mu *sync.Mutex
	w  io.Writer
}

func (l *lockedWriter) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.w.Write(p)
}

// reply is what the relay answered: its status, and the JSON decoded.
type reply struct {
	code   int
	header http.Header
	answer Answer
	err    string // Error.Error
	raw    []byte
}

// get asks the relay for site, with the given request headers.
func (r *testRelay) get(t testing.TB, site string, header ...string) reply {
	t.Helper()
	req, _ := http.NewRequest("GET", r.srv.URL+"/fetch?url="+url.QueryEscape(site), nil)
	for i := 0; i+1 < len(header); i += 2 {
		req.Header.Set(header[i], header[i+1])
	}
	return do(t, req)
}

func do(t testing.TB, req *http.Request) reply {
	t.Helper()
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	rep := reply{code: resp.StatusCode, header: resp.Header, raw: body}
	if ct := resp.Header.Get("Content-Type"); ct != "application/json; charset=utf-8" {
		t.Errorf("Content-Type %q", ct)
	}
	if resp.StatusCode == http.StatusOK {
		err = json.Unmarshal(body, &rep.answer)
	} else {
		var e Error
		err = json.Unmarshal(body, &e)
		rep.err = e.Error
		if e.Error == "" {
			t.Errorf("a %d without an error: %s", resp.StatusCode, body)
		}
	}
	if err != nil {
		t.Fatalf("%s: %v", body, err)
	}
	return rep
}

// site starts a local site with handler h, and returns its URL and
// host:port.
func site(t testing.TB, h http.HandlerFunc) (string, string) {
	srv := httptest.NewServer(h)
	t.Cleanup(srv.Close)
	return srv.URL, srv.Listener.Addr().String()
}

func serveFile(text string) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/robots.txt" || r.URL.RawQuery != "" {
			http.NotFound(w, r)
			return
		}
		w.Header().Set("Content-Type", "text/plain; charset=utf-8")
		io.WriteString(w, text)
	}
}

func TestAnswers(t *testing.T) {
	relay := newRelay(t, Config{AllowLoopback: true, CacheTTL: -1, PerClient: -1}, "")
	gz := func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Encoding", "gzip")
		w.Header().Set("Content-Type", "text/plain")
		zw := gzip.NewWriter(w)
		io.WriteString(zw, file)
		zw.Close()
	}
	status := func(code int) http.HandlerFunc {
		return func(w http.ResponseWriter, r *http.Request) {
			w.WriteHeader(code)
			io.WriteString(w, "not the file")
		}
	}
	chain := func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/robots.txt":
			http.Redirect(w, r, "/a", http.StatusMovedPermanently)
		case "/a":
			http.Redirect(w, r, "/b.txt", http.StatusFound)
		case "/b.txt":
			io.WriteString(w, file)
		}
	}
	for _, tc := range []struct {
		name    string
		handler http.HandlerFunc
		path    string // after the site's URL
		status  int
		class   robots.AnswerClass
		hops    []string // the paths that redirected
		final   string   // the final URL's path
		media   string
		body    string
		base64  bool
		failed  bool // no whole answer came: fetch_error says why
	}{
		{name: "200", handler: serveFile(file), status: 200, class: robots.Success, final: "/robots.txt", media: "text/plain", body: file},
		{name: "a page of the site", handler: serveFile(file), path: "/some/page?q=1#top", status: 200, class: robots.Success, final: "/robots.txt", media: "text/plain", body: file},
		{name: "CRLF and a BOM kept", handler: serveFile("\ufeffUser-agent: *\r\nDisallow: /x\r\n"), status: 200, class: robots.Success, final: "/robots.txt", media: "text/plain", body: "\ufeffUser-agent: *\r\nDisallow: /x\r\n"},
		{name: "not UTF-8", handler: serveFile("Disallow: /\xe9t\xe9\n"), status: 200, class: robots.Success, final: "/robots.txt", media: "text/plain", body: "Disallow: /\ufffdt\ufffd\n", base64: true},
		{name: "gzip", handler: gz, status: 200, class: robots.Success, final: "/robots.txt", media: "text/plain", body: file},
		{name: "404", handler: status(404), status: 404, class: robots.ClientError, final: "/robots.txt", media: "text/plain"},
		{name: "403", handler: status(403), status: 403, class: robots.Forbidden, final: "/robots.txt", media: "text/plain"},
		{name: "429", handler: status(429), status: 429, class: robots.TooManyRequests, final: "/robots.txt", media: "text/plain"},
		{name: "503", handler: status(503), status: 503, class: robots.ServerError, final: "/robots.txt", media: "text/plain"},
		{name: "a redirect to ftp", handler: func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Location", "ftp://127.0.0.1/robots.txt")
			w.WriteHeader(http.StatusFound)
		}, status: 302, class: robots.Redirect, final: "/robots.txt", failed: true},
		{name: "2 redirects", handler: chain, status: 200, class: robots.Success, hops: []string{"/robots.txt", "/a"}, final: "/b.txt", media: "text/plain", body: file},
	} {
		t.Run(tc.name, func(t *testing.T) {
			base, _ := site(t, tc.handler)
			rep := relay.get(t, base+tc.path)
			a := rep.answer
			if rep.code != 200 || a.Status != tc.status || a.Class != tc.class.String() || a.URL != base+"/robots.txt" ||
				a.FinalURL != base+tc.final || a.MediaType != tc.media || a.Body != tc.body || a.Complete == tc.failed || (a.FetchError != "") != tc.failed || a.Cached {
				t.Fatalf("got %d %s", rep.code, rep.raw)
			}
			if len(a.Hops) != len(tc.hops) {
				t.Fatalf("hops %+v, want from %v", a.Hops, tc.hops)
			}
			for i, h := range a.Hops {
				if h.URL != base+tc.hops[i] || h.Status/100 != 3 || h.Location == "" {
					t.Errorf("hop %d: %+v", i, h)
				}
			}
			if tc.base64 {
				raw := []byte("Disallow: /\xe9t\xe9\n")
				if want := base64Of(raw); a.BodyBase64 != want {
					t.Errorf("body_base64 %q, want %q", a.BodyBase64, want)
				}
			} else if a.BodyBase64 != "" {
				t.Errorf("body_base64 %q for a UTF-8 body", a.BodyBase64)
			}
			if !bytes.Contains(rep.raw, []byte(`"hops":[`)) {
				t.Errorf("hops is not a list: %s", rep.raw)
			}
		})
	}
}

func base64Of(b []byte) string {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.Encode(b) // []byte encodes as standard base64
	return strings.Trim(strings.TrimSpace(buf.String()), `"`)
}

// TestNetworkError: a site that cannot be reached is an answer, not a
// refusal.
func TestNetworkError(t *testing.T) {
	relay := newRelay(t, Config{AllowLoopback: true, PerClient: -1}, "")
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close() // nothing listens there now
	rep := relay.get(t, "http://"+addr+"/")
	if rep.code != 200 || rep.answer.Class != "network-error" || rep.answer.Status != 0 || rep.answer.FetchError == "" {
		t.Fatalf("got %d %s", rep.code, rep.raw)
	}
}

// TestRefusals: every target the relay must not reach is refused with
// 403 and a reason, before any connection.
func TestRefusals(t *testing.T) {
	var hits atomic.Int32
	_, local := site(t, func(w http.ResponseWriter, r *http.Request) {
		hits.Add(1)
		io.WriteString(w, file)
	})
	_, port, _ := net.SplitHostPort(local)
	resolver := tableResolver{
		"public.test":   {"93.184.215.14"},
		"localhost":     {"127.0.0.1", "::1"},
		"rebind.test":   {"127.0.0.1"},
		"internal.test": {"93.184.215.14", "192.168.0.10"},
	}
	relay := newRelay(t, Config{Resolver: resolver, PerClient: -1}, "")
	for _, tc := range []struct {
		url  string
		code int
		want string // a word of the error
	}{
		{"http://" + local + "/", 403, "loopback"},
		{"http://127.0.0.1/", 403, "loopback"},
		{"http://localhost:" + port + "/", 403, "loopback"},
		{"http://rebind.test/", 403, "rebind.test resolves to a loopback address"},
		{"http://internal.test/", 403, "internal.test resolves to a private address"},
		{"http://[::1]:" + port + "/", 403, "loopback"},
		{"http://[::ffff:127.0.0.1]/", 403, "IPv4-mapped"},
		{"http://[::ffff:7f00:1]/", 403, "IPv4-mapped"},
		{"http://2130706433/", 403, "loopback address, written another way"},
		{"http://0177.0.0.1/", 403, "loopback"},
		{"http://0x7f.1/", 403, "loopback"},
		{"http://127.1/", 403, "loopback"},
		{"http://0x7f.0x0.0x0.0x1:" + port + "/", 403, "loopback"},
		{"http://0/", 403, "unspecified"},
		{"http://0.0.0.0/", 403, "unspecified"},
		{"http://[::]/", 403, "unspecified"},
		{"http://169.254.169.254/latest/meta-data/", 403, "metadata"},
		{"http://2852039166/", 403, "metadata"},
		{"http://[fd00:ec2::254]/", 403, "metadata"},
		{"http://100.100.100.200/", 403, "metadata"},
		{"http://100.64.1.1/", 403, "carrier-grade NAT"},
		{"http://10.0.0.1/", 403, "private"},
		{"http://172.20.1.1/", 403, "private"},
		{"https://192.168.1.1/", 403, "private"},
		{"http://169.254.10.10/", 403, "link-local"},
		{"http://[fe80::1]/", 403, "link-local"},
		{"http://[fe80::1%25lo]/", 400, "not a URL"},
		{"http://[fc00::1]/", 403, "unique-local"},
		{"http://[fd12::1]/", 403, "unique-local"},
		{"http://224.0.0.251/", 403, "multicast"},
		{"http://[ff02::1]/", 403, "multicast"},
		{"http://[64:ff9b::7f00:1]/", 403, "loopback"},
		{"http://public.test:8080/", 403, "port 8080 is not allowed"},
		{"http://93.184.215.14:22/", 403, "port 22"},
		{"https://public.test:8443/", 403, "port 8443"},
		{"ftp://public.test/robots.txt", 403, "only http and https"},
		{"file:///etc/passwd", 403, "only http and https"},
		{"gopher://public.test/", 403, "only http and https"},
		{"javascript:alert(1)", 403, "only http and https"},
		{"http://", 400, "no host"},
		{"http://1.2.3.4.5/", 403, "must be an IPv4 address"},
	} {
		rep := relay.get(t, tc.url)
		if rep.code != tc.code || !strings.Contains(rep.err, tc.want) {
			t.Errorf("%s: %d %q, want %d with %q", tc.url, rep.code, rep.err, tc.code, tc.want)
		}
	}
	if n := hits.Load(); n != 0 {
		t.Errorf("the local site was reached %d times", n)
	}
}

// TestRedirectRefused: each redirect is checked as the first URL is.
func TestRedirectRefused(t *testing.T) {
	var inside atomic.Int32
	_, insideAddr := site(t, func(w http.ResponseWriter, r *http.Request) {
		inside.Add(1)
		io.WriteString(w, "secret")
	})
	_, insidePort, _ := net.SplitHostPort(insideAddr)
	resolver := tableResolver{"rebind.test": {"127.0.0.1"}, "localhost": {"127.0.0.1"}}
	for _, tc := range []struct {
		location string
		want     string
	}{
		{"http://" + insideAddr + "/robots.txt", "loopback"},
		{"http://127.0.0.1/robots.txt", "loopback"},
		{"http://localhost:" + insidePort + "/", "loopback"},
		{"http://rebind.test:" + insidePort + "/", "rebind.test resolves to a loopback address"},
		{"http://[::1]:" + insidePort + "/", "loopback"},
		{"http://0x7f.1:" + insidePort + "/", "loopback"},
		{"http://2130706433:" + insidePort + "/", "loopback"},
		{"http://169.254.169.254/latest/meta-data/iam/", "metadata"},
		{"http://[fd00:ec2::254]/", "metadata"},
		{"http://10.1.1.1/", "private"},
		{"http://100.64.0.1/", "carrier-grade NAT"},
	} {
		t.Run(tc.location, func(t *testing.T) {
			var hops atomic.Int32
			base, addr := site(t, func(w http.ResponseWriter, r *http.Request) {
				if hops.Add(1) == 1 {
					http.Redirect(w, r, "/again", http.StatusMovedPermanently)
					return
				}
				w.Header().Set("Location", tc.location)
				w.WriteHeader(http.StatusFound)
			})
			relay := newRelay(t, Config{Resolver: resolver, PerClient: -1}, addr)
			rep := relay.get(t, base)
			want := "redirect 2, to " + tc.location
			if rep.code != 403 || !strings.Contains(rep.err, tc.want) || !strings.HasPrefix(rep.err, want) {
				t.Errorf("%d %q, want 403 %q... %q", rep.code, rep.err, want, tc.want)
			}
		})
	}
	if n := inside.Load(); n != 0 {
		t.Errorf("the inside server was reached %d times", n)
	}
}

// TestNoCredentials: the relay sends sites no cookie, no Authorization,
// not even ones a URL or a redirect carries, and hands back no cookie.
func TestNoCredentials(t *testing.T) {
	var mu sync.Mutex
	var seen []string
	base, _ := site(t, func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		for _, k := range []string{"Cookie", "Authorization", "Proxy-Authorization", "X-Real-Ip", "X-Forwarded-For"} {
			if v := r.Header.Get(k); v != "" {
				seen = append(seen, k+": "+v)
			}
		}
		mu.Unlock()
		http.SetCookie(w, &http.Cookie{Name: "session", Value: "s3cret"})
		if r.URL.Path == "/robots.txt" {
			u, _ := url.Parse("http://" + r.Host + "/file")
			u.User = url.UserPassword("user", "pw")
			http.Redirect(w, r, u.String(), http.StatusFound)
			return
		}
		io.WriteString(w, file)
	})
	relay := newRelay(t, Config{AllowLoopback: true, PerClient: -1}, "")
	target := strings.Replace(base, "http://", "http://alice:secret@", 1)
	rep := relay.get(t, target, "Cookie", "id=1", "Authorization", "Basic YWxpY2U6c2VjcmV0", "X-Forwarded-For", "198.51.100.1")
	if rep.code != 200 || rep.answer.Body != file || len(rep.answer.Hops) != 1 {
		t.Fatalf("%d %s", rep.code, rep.raw)
	}
	if len(seen) > 0 {
		t.Errorf("the site got %v", seen)
	}
	if rep.header.Get("Set-Cookie") != "" || bytes.Contains(rep.raw, []byte("s3cret")) || bytes.Contains(rep.raw, []byte("alice")) {
		t.Errorf("the answer carries a cookie or credentials: %v %s", rep.header, rep.raw)
	}
}

// TestOnlyRobotsTxt: whatever the URL, the relay asks for /robots.txt,
// with no query.
func TestOnlyRobotsTxt(t *testing.T) {
	var mu sync.Mutex
	var asked []string
	base, _ := site(t, func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		asked = append(asked, r.Method+" "+r.URL.RequestURI())
		mu.Unlock()
		io.WriteString(w, file)
	})
	relay := newRelay(t, Config{AllowLoopback: true, PerClient: -1, CacheTTL: -1}, "")
	for _, path := range []string{"", "/", "/admin?delete=1", "/robots.txt?x=1", "/a/../b/%2e%2e/c", "/#frag"} {
		if rep := relay.get(t, base+path); rep.code != 200 {
			t.Errorf("%s: %d %s", path, rep.code, rep.raw)
		}
	}
	for _, a := range asked {
		if a != "GET /robots.txt" {
			t.Errorf("the site was asked %q", a)
		}
	}
}

func TestBadRequests(t *testing.T) {
	relay := newRelay(t, Config{AllowLoopback: true, PerClient: -1}, "")
	long := "http://example.com/" + strings.Repeat("a", MaxURL)
	for _, tc := range []struct {
		method, query string
		code          int
	}{
		{"GET", "", 400},
		{"GET", "url=", 400},
		{"GET", "url=a&url=b", 400},
		{"GET", "url=%zz", 400},
		{"GET", "url=" + url.QueryEscape(long), 414},
		{"GET", "x=" + strings.Repeat("a", 3*MaxURL), 414},
		{"POST", "url=example.com", 405},
		{"PUT", "url=example.com", 405},
		{"DELETE", "url=example.com", 405},
	} {
		req, _ := http.NewRequest(tc.method, relay.srv.URL+"/fetch?"+tc.query, nil)
		if rep := do(t, req); rep.code != tc.code {
			t.Errorf("%s ?%.40s: %d %q, want %d", tc.method, tc.query, rep.code, rep.err, tc.code)
		}
	}
}

// TestRateLimit: a client past its fetches a minute gets 429 with
// Retry-After, others do not, and the bucket fills again with time.
func TestRateLimit(t *testing.T) {
	base, _ := site(t, serveFile(file))
	relay := newRelay(t, Config{AllowLoopback: true, PerClient: 6, Burst: 3, ClientHeader: "X-Real-IP"}, "")
	now := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	var mu sync.Mutex
	relay.now = func() time.Time { mu.Lock(); defer mu.Unlock(); return now }
	for i := range 3 {
		if rep := relay.get(t, base, "X-Real-IP", "198.51.100.1"); rep.code != 200 {
			t.Fatalf("fetch %d: %d %s", i, rep.code, rep.raw)
		}
	}
	rep := relay.get(t, base, "X-Real-IP", "198.51.100.1")
	if rep.code != 429 || !strings.Contains(rep.err, "too many fetches") || rep.header.Get("Retry-After") != "10" {
		t.Fatalf("fetch 4: %d %q Retry-After %q", rep.code, rep.err, rep.header.Get("Retry-After"))
	}
	// Another client; the same one through a proxy's list; an IPv6
	// neighbour in the same /64.
	if rep := relay.get(t, base, "X-Real-IP", "198.51.100.2"); rep.code != 200 {
		t.Errorf("another client: %d", rep.code)
	}
	if rep := relay.get(t, base, "X-Real-IP", "203.0.113.5, 198.51.100.1"); rep.code != 429 {
		t.Errorf("the same client, last of a list: %d", rep.code)
	}
	for i := range 3 {
		relay.get(t, base, "X-Real-IP", fmt.Sprintf("2001:db8:1:2::%d", i+1))
	}
	if rep := relay.get(t, base, "X-Real-IP", "2001:db8:1:2:ffff::9"); rep.code != 429 {
		t.Errorf("a fourth address of one /64: %d", rep.code)
	}
	mu.Lock()
	now = now.Add(10 * time.Second) // one fetch's worth at 6 a minute
	mu.Unlock()
	if rep := relay.get(t, base, "X-Real-IP", "198.51.100.1"); rep.code != 200 {
		t.Errorf("after 10 s: %d %q", rep.code, rep.err)
	}
	if rep := relay.get(t, base, "X-Real-IP", "198.51.100.1"); rep.code != 429 {
		t.Errorf("again at once: %d", rep.code)
	}
}

// TestRateLimitByConnection: without ClientHeader, a header says nothing.
func TestRateLimitByConnection(t *testing.T) {
	base, _ := site(t, serveFile(file))
	relay := newRelay(t, Config{AllowLoopback: true, PerClient: 1, Burst: 1}, "")
	relay.get(t, base, "X-Real-IP", "198.51.100.1")
	if rep := relay.get(t, base, "X-Real-IP", "198.51.100.2"); rep.code != 429 {
		t.Errorf("a second fetch from one connection's address: %d", rep.code)
	}
}

// TestBusy: past MaxConcurrent fetches, MaxWaiting requests wait up to
// QueueWait; the others are told at once that the relay is busy.
func TestBusy(t *testing.T) {
	release := make(chan struct{})
	var started sync.WaitGroup
	slow := func(w http.ResponseWriter, r *http.Request) {
		started.Done()
		<-release
		io.WriteString(w, file)
	}
	slowURL, _ := site(t, slow)
	waitURL, _ := site(t, serveFile(file))
	busyURL, _ := site(t, serveFile(file))
	relay := newRelay(t, Config{AllowLoopback: true, PerClient: -1, MaxConcurrent: 1, MaxWaiting: 1, QueueWait: 300 * time.Millisecond}, "")

	started.Add(1)
	first := make(chan reply)
	go func() { first <- relay.get(t, slowURL) }()
	started.Wait() // the one slot is taken

	second := make(chan reply)
	go func() { second <- relay.get(t, waitURL) }()
	time.Sleep(50 * time.Millisecond) // the second waits for a slot

	start := time.Now()
	rep := relay.get(t, busyURL)
	if rep.code != 429 || !strings.Contains(rep.err, "busy") || time.Since(start) > 200*time.Millisecond || rep.header.Get("Retry-After") == "" {
		t.Errorf("third: %d %q after %v", rep.code, rep.err, time.Since(start))
	}
	rep = <-second
	if rep.code != 429 || !strings.Contains(rep.err, "busy") {
		t.Errorf("second, after waiting: %d %q", rep.code, rep.err)
	}
	close(release)
	if rep := <-first; rep.code != 200 || rep.answer.Body != file {
		t.Errorf("first: %d %s", rep.code, rep.raw)
	}
	if rep := relay.get(t, busyURL); rep.code != 200 {
		t.Errorf("once free: %d %q", rep.code, rep.err)
	}
}

// TestCache: an answer is kept for CacheTTL; requests for one file made
// together share one fetch.
func TestCache(t *testing.T) {
	var hits atomic.Int32
	gate := make(chan struct{})
	base, _ := site(t, func(w http.ResponseWriter, r *http.Request) {
		hits.Add(1)
		<-gate
		io.WriteString(w, file)
	})
	relay := newRelay(t, Config{AllowLoopback: true, PerClient: -1, CacheTTL: time.Minute}, "")
	now := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	var mu sync.Mutex
	relay.now = func() time.Time { mu.Lock(); defer mu.Unlock(); return now }

	var wg sync.WaitGroup
	replies := make([]reply, 10)
	for i := range replies {
		wg.Go(func() { replies[i] = relay.get(t, base+fmt.Sprintf("/page/%d", i)) })
	}
	time.Sleep(100 * time.Millisecond)
	close(gate)
	wg.Wait()
	for i, rep := range replies {
		if rep.code != 200 || rep.answer.Body != file {
			t.Errorf("request %d: %d %s", i, rep.code, rep.raw)
		}
	}
	if n := hits.Load(); n != 1 {
		t.Errorf("10 requests together made %d fetches, want 1", n)
	}
	rep := relay.get(t, base)
	if rep.code != 200 || !rep.answer.Cached || rep.answer.Body != file || hits.Load() != 1 {
		t.Errorf("within the minute: cached %v, %d fetches", rep.answer.Cached, hits.Load())
	}
	mu.Lock()
	now = now.Add(61 * time.Second)
	mu.Unlock()
	rep = relay.get(t, base)
	if rep.code != 200 || rep.answer.Cached || hits.Load() != 2 {
		t.Errorf("after a minute: cached %v, %d fetches", rep.answer.Cached, hits.Load())
	}
}

func TestCacheBounded(t *testing.T) {
	c := newCache(time.Minute, 100)
	now := time.Now()
	for i := range 20 {
		c.put(fmt.Sprint(i), make([]byte, 30), now)
	}
	if c.bytes > 100 || len(c.entries) != 3 || c.get("19", now) == nil || c.get("16", now) != nil {
		t.Errorf("%d bytes in %d entries", c.bytes, len(c.entries))
	}
	c.put("big", make([]byte, 101), now)
	if c.get("big", now) != nil {
		t.Error("an answer larger than the cache was kept")
	}
	if c.get("19", now.Add(2*time.Minute)) != nil || len(c.entries) != 2 {
		t.Errorf("an expired answer was served; %d entries", len(c.entries))
	}
}

func TestLimiterBounded(t *testing.T) {
	l := newLimiter(60, 1)
	now := time.Now()
	for i := range maxClients + 10 {
		l.take(fmt.Sprint(i), now)
	}
	if len(l.clients) > maxClients+1 { // +1: the bucket newcomers share
		t.Errorf("%d clients kept", len(l.clients))
	}
	// A minute later every bucket is full again: the table is swept.
	l.take("new", now.Add(time.Minute))
	if len(l.clients) > 2 {
		t.Errorf("%d clients kept after a sweep", len(l.clients))
	}
}

func TestClientKey(t *testing.T) {
	if k := clientKey(strings.Repeat("x", 1<<16)); len(k) > 46 {
		t.Errorf("a key of %d bytes", len(k))
	}
	for in, want := range map[string]string{
		"198.51.100.1":          "198.51.100.1",
		"198.51.100.1:5678":     "198.51.100.1",
		"::ffff:198.51.100.1":   "198.51.100.1",
		"2001:db8:1:2:3:4:5:6":  "2001:db8:1:2::/64",
		"[2001:db8:1:2::9]:443": "2001:db8:1:2::/64",
		"fe80::1%eth0":          "fe80::/64",
		"unknown":               "?unknown",
	} {
		if got := clientKey(in); got != want {
			t.Errorf("clientKey(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestLog: a line per fetch, with the URL and the answer, without the
// client's address.
func TestLog(t *testing.T) {
	base, _ := site(t, serveFile(file))
	relay := newRelay(t, Config{AllowLoopback: true, PerClient: -1, ClientHeader: "X-Real-IP"}, "")
	relay.get(t, base, "X-Real-IP", "198.51.100.77")
	relay.get(t, base, "X-Real-IP", "198.51.100.77")               // cached
	relay.get(t, "http://10.0.0.1/", "X-Real-IP", "198.51.100.77") // refused
	lines := strings.Split(strings.TrimSpace(relay.log.String()), "\n")
	if len(lines) != 3 {
		t.Fatalf("%d lines:\n%s", len(lines), relay.log)
	}
	for i, want := range []string{"status=200 class=success", "cached=true", "refused="} {
		if !strings.Contains(lines[i], "url="+base+"/robots.txt") && i < 2 || !strings.Contains(lines[i], want) {
			t.Errorf("line %d: %s, want %q", i, lines[i], want)
		}
	}
	if strings.Contains(relay.log.String(), "198.51.100.77") {
		t.Errorf("the log has the client's address:\n%s", relay.log)
	}
}

// rebinder is a name server that changes its answer: the first
// question gets first, every later one then.
type rebinder struct {
	first, then netip.Addr
	asked       atomic.Int32
}

func (r *rebinder) LookupNetIP(ctx context.Context, network, host string) ([]netip.Addr, error) {
	if r.asked.Add(1) == 1 {
		return []netip.Addr{r.first}, nil
	}
	return []netip.Addr{r.then}, nil
}

// TestDNSRebinding: the relay connects to the address it checked, asking
// the name server once per connection, so that a second, different answer
// never leads it anywhere.
func TestDNSRebinding(t *testing.T) {
	var hosts []string
	var mu sync.Mutex
	_, addr := site(t, func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		hosts = append(hosts, r.Host)
		mu.Unlock()
		io.WriteString(w, file)
	})
	_, port, _ := net.SplitHostPort(addr)
	loop, meta := netip.MustParseAddr("127.0.0.1"), netip.MustParseAddr("169.254.169.254")

	// Checked as 127.0.0.1 (allowed here), then the name server says
	// 169.254.169.254: the connection goes to 127.0.0.1 all the same.
	r := &rebinder{first: loop, then: meta}
	relay := newRelay(t, Config{AllowLoopback: true, PerClient: -1, Resolver: r}, "")
	rep := relay.get(t, "http://rebind.test:"+port+"/")
	if rep.code != 200 || rep.answer.Body != file || r.asked.Load() != 1 {
		t.Fatalf("%d %s; %d lookups", rep.code, rep.raw, r.asked.Load())
	}
	if len(hosts) != 1 || hosts[0] != "rebind.test:"+port {
		t.Errorf("the site was asked for hosts %v", hosts)
	}

	// The other way round: refused on the first answer, and the second
	// is never asked for.
	r = &rebinder{first: meta, then: loop}
	relay = newRelay(t, Config{AllowLoopback: true, PerClient: -1, Resolver: r}, "")
	rep = relay.get(t, "http://rebind.test:"+port+"/")
	if rep.code != 403 || !strings.Contains(rep.err, "metadata") || r.asked.Load() != 1 || len(hosts) != 1 {
		t.Errorf("%d %q; %d lookups, %d requests", rep.code, rep.err, r.asked.Load(), len(hosts))
	}
}

// TestNotThroughItself: a redirect that leads the relay to a relay (its
// own /fetch) gets a 403 there, and the fetch ends.
func TestNotThroughItself(t *testing.T) {
	var relayURL string
	base, _ := site(t, func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, relayURL+"/fetch?url="+url.QueryEscape("http://"+r.Host+"/"), http.StatusFound)
	})
	relay := newRelay(t, Config{AllowLoopback: true, PerClient: -1, CacheTTL: -1}, "")
	relayURL = relay.srv.URL
	rep := relay.get(t, base)
	if rep.code != 200 || rep.answer.Status != 403 || rep.answer.Class != "forbidden" || len(rep.answer.Hops) != 1 {
		t.Errorf("%d %s", rep.code, rep.raw)
	}
	if n := strings.Count(relay.log.String(), "msg=fetch"); n != 1 {
		t.Errorf("%d fetches logged:\n%s", n, relay.log)
	}
}
