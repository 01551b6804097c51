package relay

import (
	"context"
	"io"
	"log"
	"net"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"
)

// addressInText matches what no error text of the relay may show: an IPv4
// or IPv6 address, a port, or a resolver ("on 10.0.0.53:53").
var addressInText = regexp.MustCompile(`\d{1,3}(\.\d{1,3}){3}|[0-9A-Fa-f]{0,4}(:[0-9A-Fa-f]{0,4}){2,7}|:\d{2,5}\b|:53\b| on \S+:`)

// resolverAt answers as a real resolver does, naming its own address in
// its errors: "lookup x on 10.255.255.53:53: no such host".
type resolverAt struct{ names map[string]string }

func (r resolverAt) LookupNetIP(ctx context.Context, network, host string) ([]netip.Addr, error) {
	switch a, ok := r.names[host]; {
	case ok:
		return []netip.Addr{netip.MustParseAddr(a)}, nil
	case strings.HasPrefix(host, "slow."):
		return nil, &net.DNSError{Err: "i/o timeout", Name: host, Server: "10.255.255.53:53", IsTimeout: true}
	case strings.HasPrefix(host, "broken."):
		return nil, &net.DNSError{Err: "server misbehaving", Name: host, Server: "[fd00::53]:53", IsTemporary: true}
	}
	return nil, &net.DNSError{Err: "no such host", Name: host, Server: "10.255.255.53:53", IsNotFound: true}
}

// TestErrorTextsNameNoAddress provokes each way a fetch fails, against
// local servers and names that do not resolve, and finds in the relay's
// texts what happened, and no address, port or resolver of its network.
func TestErrorTextsNameNoAddress(t *testing.T) {
	closed, _ := net.Listen("tcp", "127.0.0.1:0")
	closedPort := portOf(closed.Addr().String())
	closed.Close()

	hangUp := listen(t, func(c net.Conn) { c.Close() })
	reset := listen(t, func(c net.Conn) {
		c.(*net.TCPConn).SetLinger(0) // a close that sends RST
		buf := make([]byte, 1024)
		c.Read(buf)
		c.Close()
	})
	silent := listen(t, func(c net.Conn) { time.Sleep(3 * time.Second); c.Close() })
	short := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Length", "1000")
		w.Write([]byte("User-agent: *\n"))
	}))
	t.Cleanup(short.Close)
	tlsSite := httptest.NewUnstartedServer(serveFile(file))
	tlsSite.Config.ErrorLog = log.New(io.Discard, "", 0) // the handshake fails, as it should
	tlsSite.StartTLS()
	t.Cleanup(tlsSite.Close)
	plain := httptest.NewServer(serveFile(file))
	t.Cleanup(plain.Close)

	resolver := resolverAt{names: map[string]string{"local.test": "127.0.0.1", "inside.test": "10.1.2.3", "meta.test": "169.254.169.254"}}
	relay := newRelay(t, Config{AllowLoopback: true, PerClient: -1, CacheTTL: -1, Timeout: 2 * time.Second, Resolver: resolver}, "")
	for _, tc := range []struct {
		url  string
		code int
		want string
	}{
		{"http://nowhere.test/", 200, "no such host"},
		{"http://slow.test/", 200, "timed out looking up the host"},
		{"http://broken.test/", 200, "could not be looked up"},
		{"http://127.0.0.1:" + closedPort + "/", 200, "connection refused"},
		{"http://local.test:" + closedPort + "/", 200, "connection refused"},
		// A server that hangs up at once: the request's write may come
		// after its close, which the kernel answers with a reset.
		{"http://" + hangUp + "/", 200, "closed the connection without answering|connection reset"},
		{"http://" + reset + "/", 200, "connection"},
		{"http://" + silent + "/", 200, "timed out"},
		{short.URL + "/", 200, "the connection closed before the whole body came"},
		{"https://local.test:" + portOf(tlsSite.Listener.Addr().String()) + "/", 200, "certificate"},
		{"https://local.test:" + portOf(plain.Listener.Addr().String()) + "/", 200, "HTTP response to HTTPS"},
		{"http://inside.test/", 403, "inside.test resolves to a private address"},
		{"http://meta.test/", 403, "meta.test resolves to a cloud metadata address"},
	} {
		rep := relay.get(t, tc.url)
		text := rep.err
		if rep.code == 200 {
			text = rep.answer.FetchError
		}
		if rep.code != tc.code || !slices.ContainsFunc(strings.Split(tc.want, "|"), func(w string) bool { return strings.Contains(text, w) }) {
			t.Errorf("%s: %d %q, want %d with %q", tc.url, rep.code, text, tc.code, tc.want)
		}
		if m := addressInText.FindString(text); m != "" {
			t.Errorf("%s: %q shows %q", tc.url, text, m)
		}
	}
}

// TestErrorTextRealResolver asks the machine's own resolver for a name
// that cannot exist (.invalid, RFC 6761): whatever it answers, or if it
// answers not at all, the text names no resolver.
func TestErrorTextRealResolver(t *testing.T) {
	relay := newRelay(t, Config{PerClient: -1, Timeout: 3 * time.Second}, "")
	rep := relay.get(t, "http://no-such-host.invalid/")
	if rep.code != 200 || rep.answer.Class != "network-error" || rep.answer.FetchError == "" {
		t.Fatalf("got %d %s", rep.code, rep.raw)
	}
	if m := addressInText.FindString(rep.answer.FetchError); m != "" {
		t.Errorf("%q shows %q", rep.answer.FetchError, m)
	}
}

// listen serves each connection with serve, and returns its address.
func listen(t *testing.T, serve func(net.Conn)) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ln.Close() })
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			go serve(c)
		}
	}()
	return ln.Addr().String()
}

func portOf(hostPort string) string {
	_, port, _ := net.SplitHostPort(hostPort)
	return port
}
