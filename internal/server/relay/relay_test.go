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
