package server

import (
	"context"
	"flag"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"robotstester/internal/server/relay"
)

func TestRegister(t *testing.T) {
	opts := Options{Addr: "127.0.0.1:8000", Dir: "site"}
	fs := flag.NewFlagSet("serve", flag.ContinueOnError)
	opts.Register(fs)
	err := fs.Parse([]string{"-prefix", "/tools", "-fetch", "-fetch-ports", "80, 443,8080,80", "-fetch-rate", "-1",
		"-fetch-concurrency", "4", "-fetch-timeout", "5s", "-fetch-cache", "-1s", "-fetch-client-header", "X-Real-IP", "-fetch-ranges-dir", "lists"})
	if err != nil {
		t.Fatal(err)
	}
	r := opts.Relay
	if opts.Addr != "127.0.0.1:8000" || opts.Dir != "site" || opts.Prefix != "/tools" || !opts.Fetch || r.AllowLoopback ||
		!slices.Equal(r.Ports, []int{80, 443, 8080}) || r.PerClient != -1 || r.MaxConcurrent != 4 ||
		r.Timeout.String() != "5s" || r.CacheTTL >= 0 || r.ClientHeader != "X-Real-IP" || r.RangesDir != "lists" {
		t.Errorf("%+v", opts)
	}
	for _, bad := range []string{"0", "80,x", "70000", ""} {
		fs := flag.NewFlagSet("serve", flag.ContinueOnError)
		fs.SetOutput(io.Discard)
		(&Options{}).Register(fs)
		if err := fs.Parse([]string{"-fetch-ports", bad}); err == nil {
			t.Errorf("-fetch-ports %q accepted", bad)
		}
	}
}

// TestOptionsHandler: the site under its prefix, the relay beside it at
// PREFIX/fetch, or either alone.
func TestOptionsHandler(t *testing.T) {
	robots := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		io.WriteString(w, "User-agent: *\nDisallow: /\n")
	}))
	defer robots.Close()
	fetchPath := "/fetch?url=" + url.QueryEscape(robots.URL)
	loopback := relay.Config{AllowLoopback: true}
	dir := site(t)
	lists := t.TempDir()
	if err := os.WriteFile(filepath.Join(lists, "Googlebot.json"), []byte(`{"prefixes": [{"ipv4Prefix": "192.0.2.0/24"}]}`), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name string
		opts Options
		want map[string]string // path → a word of the answer; "404" for a 404
	}{
		{"site and relay", Options{Dir: dir, Prefix: "/tools/robots", Fetch: true, Relay: loopback}, map[string]string{
			"/tools/robots/":                    "<title>index</title>",
			"/tools/robots/app.js":              "console.log",
			"/tools/robots" + fetchPath:         `"class":"success"`,
			"/tools/robots/fetch?url=0x7f.1":    `written another way`,
			"/tools/robots/ranges?token=nobody": `no crawler of the catalogue`,
			fetchPath:                           "404",
		}},
		{"site alone", Options{Dir: dir}, map[string]string{
			"/":       "<title>index</title>",
			fetchPath: "<title>index</title>", // any page of the app
		}},
		{"relay alone", Options{Fetch: true, Relay: loopback}, map[string]string{
			fetchPath: `"body":"User-agent: *\nDisallow: /\n"`,
			"/":       "404",
			"/app.js": "404",
		}},
		{"address lists alone", Options{Relay: relay.Config{RangesDir: lists}}, map[string]string{
			"/ranges?token=googlebot": `"ipv4Prefix"`,
			"/ranges?token=nobody-45": "no crawler of the catalogue",
			fetchPath:                 "404",
			"/":                       "404",
		}},
		{"relay on the internet", Options{Fetch: true}, map[string]string{
			fetchPath: "is a loopback address",
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			h, err := tc.opts.Handler()
			if err != nil {
				t.Fatal(err)
			}
			srv := httptest.NewServer(h)
			defer srv.Close()
			for path, want := range tc.want {
				resp, err := http.Get(srv.URL + path)
				if err != nil {
					t.Fatal(err)
				}
				body, _ := io.ReadAll(resp.Body)
				resp.Body.Close()
				if want == "404" && resp.StatusCode != 404 || want != "404" && !strings.Contains(string(body), want) {
					t.Errorf("%s: %d %.200s, want %q", path, resp.StatusCode, body, want)
				}
			}
		})
	}
	for _, bad := range []Options{{}, {Dir: t.TempDir()}, {Dir: dir, Prefix: "tools"}, {Relay: relay.Config{RangesDir: filepath.Join(dir, "none")}}, {Relay: relay.Config{RangesDir: filepath.Join(dir, "index.html")}}} {
		if _, err := bad.Handler(); err == nil {
			t.Errorf("%+v: no error", bad)
		}
	}
}

// TestServe: Serve answers until its context ends, then returns.
func TestServe(t *testing.T) {
	opts := Options{Dir: site(t), Fetch: true}
	h, err := opts.Handler()
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	addrs := make(chan net.Addr, 1)
	done := make(chan error)
	go func() { done <- Serve(ctx, "127.0.0.1:0", h, func(a net.Addr) { addrs <- a }) }()
	addr := <-addrs
	if d := opts.Describe(addr); !strings.Contains(d, "at http://"+addr.String()+"/") || !strings.Contains(d, "/fetch?url=") {
		t.Errorf("Describe: %q", d)
	}
	resp, err := http.Get("http://" + addr.String() + "/")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != 200 {
		t.Errorf("status %d", resp.StatusCode)
	}
	cancel()
	if err := <-done; err != nil {
		t.Errorf("Serve: %v", err)
	}
	if _, err := http.Get("http://" + addr.String() + "/"); err == nil {
		t.Error("still serving after the context ended")
	}
}
