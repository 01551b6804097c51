package main

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"
)

// syncBuffer is a buffer that a server writes while the test reads it.
type syncBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *syncBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

// TestServeCommand: robotstxt serve serves the built site and the relay
// from one address until it is stopped.
func TestServeCommand(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "index.html"), []byte("<title>tester</title>"), 0o644); err != nil {
		t.Fatal(err)
	}
	robots := site(t, 0, shop)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	orig := serveContext
	serveContext = func() (context.Context, context.CancelFunc) { return ctx, cancel }
	t.Cleanup(func() { serveContext = orig })

	var stdout, stderr syncBuffer
	exit := make(chan int)
	go func() {
		exit <- run([]string{"serve", "-addr", "127.0.0.1:0", "-dir", dir, "-prefix", "/tools", "-fetch-allow-loopback"}, strings.NewReader(""), &stdout, &stderr)
	}()
	listening := regexp.MustCompile(`at http://(127\.0\.0\.1:\d+)/tools/fetch`)
	var addr string
	for deadline := time.Now().Add(5 * time.Second); addr == "" && time.Now().Before(deadline); time.Sleep(10 * time.Millisecond) {
		if m := listening.FindStringSubmatch(stderr.String()); m != nil {
			addr = m[1]
		}
	}
	if addr == "" {
		t.Fatalf("not serving: %q", stderr.String())
	}
	get := func(path string) (int, string) {
		resp, err := http.Get("http://" + addr + path)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		body, _ := io.ReadAll(resp.Body)
		return resp.StatusCode, string(body)
	}
	if code, body := get("/tools/"); code != 200 || !strings.Contains(body, "<title>tester</title>") {
		t.Errorf("the site: %d %q", code, body)
	}
	code, body := get("/tools/fetch?url=" + url.QueryEscape(robots+"/some/page"))
	var answer struct {
		Status int
		Class  string
		Body   string
	}
	if err := json.Unmarshal([]byte(body), &answer); err != nil || code != 200 || answer.Status != 200 || answer.Class != "success" || answer.Body != shop {
		t.Errorf("the relay: %d %q (%v)", code, body, err)
	}
	if !strings.Contains(stderr.String(), "url="+robots+"/robots.txt status=200") {
		t.Errorf("no log line for the fetch: %q", stderr.String())
	}
	cancel()
	select {
	case code := <-exit:
		if code != 0 || stdout.String() != "" {
			t.Errorf("exit %d, stdout %q", code, stdout.String())
		}
	case <-time.After(10 * time.Second):
		t.Fatal("serve did not stop")
	}
}

func TestServeErrors(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"serve", "-dir", filepath.Join(t.TempDir(), "none")}, "run make build first"},
		{[]string{"serve", "-dir", "", "-fetch=false"}, "nothing to serve"},
		{[]string{"serve", "extra"}, "takes no arguments"},
		{[]string{"serve", "-fetch-ports", "http"}, "not a port"},
		{[]string{"serve", "-dir", "", "-prefix", "no-slash"}, "prefix"},
	} {
		code, out, errOut := runCmd("", tc.args...)
		if code != 2 || out != "" || !strings.Contains(errOut, tc.want) || strings.Count(errOut, "\n") != 1 {
			t.Errorf("%q: status %d, stdout %q, stderr %q", tc.args, code, out, errOut)
		}
	}
}
