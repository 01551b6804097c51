package server

import (
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"testing"
)

func TestAccepts(t *testing.T) {
	tests := []struct {
		header, coding string
		want           bool
	}{
		{"", "br", false},
		{"gzip, deflate, br, zstd", "br", true},
		{"gzip, deflate, br, zstd", "gzip", true},
		{"gzip", "br", false},
		{"BR", "br", true},
		{"br;q=0", "br", false},
		{"br; q=0.5", "br", true},
		{"br;q=0.0, *", "br", false},
		{"*", "gzip", true},
		{"*;q=0", "gzip", false},
		{"gzip;q=bad", "gzip", false},
		{"identity", "gzip", false},
	}
	for _, tt := range tests {
		if got := Accepts(tt.header, tt.coding); got != tt.want {
			t.Errorf("Accepts(%q, %q) = %v, want %v", tt.header, tt.coding, got, tt.want)
		}
	}
}

// site writes a small site folder and returns its path.
func site(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	files := map[string]string{
		"index.html":           "<!doctype html><title>index</title>",
		"app.js":               "console.log(1)",
		"manifest.webmanifest": "{}",
		"web/app.wasm":         "\x00asm raw",
		"web/app.wasm.gz":      "gzip bytes",
		"web/app.wasm.br":      "brotli bytes",
		"web/only-gz.css":      "body{}",
		"web/only-gz.css.gz":   "gzip css",
		"web/sub/index.html":   "sub index",
		".secret":              "hidden",
	}
	for name, content := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

func TestHandler(t *testing.T) {
	srv := httptest.NewServer(Mount("", Handler(site(t))))
	defer srv.Close()

	tests := []struct {
		path, accept string
		status       int
		body, ctype  string
		encoding     string
		vary         bool
	}{
		{"/", "", 200, "<!doctype html><title>index</title>", "text/html; charset=utf-8", "", false},
		{"/index.html", "", 200, "<!doctype html><title>index</title>", "text/html; charset=utf-8", "", false},
		{"/some/route", "", 200, "<!doctype html><title>index</title>", "text/html; charset=utf-8", "", false},
		{"/missing.js", "", 404, "", "", "", false},
		{"/app.js", "", 200, "console.log(1)", "text/javascript; charset=utf-8", "", false},
		{"/manifest.webmanifest", "", 200, "{}", "application/manifest+json", "", false},
		{"/web/app.wasm", "", 200, "\x00asm raw", "application/wasm", "", true},
		{"/web/app.wasm", "identity", 200, "\x00asm raw", "application/wasm", "", true},
		{"/web/app.wasm", "gzip", 200, "gzip bytes", "application/wasm", "gzip", true},
		{"/web/app.wasm", "gzip, deflate, br, zstd", 200, "brotli bytes", "application/wasm", "br", true},
		{"/web/app.wasm", "br;q=0, gzip", 200, "gzip bytes", "application/wasm", "gzip", true},
		{"/web/only-gz.css", "br", 200, "body{}", "text/css; charset=utf-8", "", true},
		{"/web/only-gz.css", "br, gzip", 200, "gzip css", "text/css; charset=utf-8", "gzip", true},
		{"/web/sub/", "", 200, "sub index", "text/html; charset=utf-8", "", false},
		{"/.secret", "", 404, "", "", "", false},
		{"/web/../.secret", "", 404, "", "", "", false},
		{"/../../etc/passwd", "", 200, "<!doctype html><title>index</title>", "text/html; charset=utf-8", "", false},
	}
	// The test client must not decompress: it checks the raw responses.
	client := &http.Client{Transport: &http.Transport{DisableCompression: true}}
	for _, tt := range tests {
		req, _ := http.NewRequest("GET", srv.URL+tt.path, nil)
		if tt.accept != "" {
			req.Header.Set("Accept-Encoding", tt.accept)
		}
		res, err := client.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(res.Body)
		res.Body.Close()
		name := tt.path + " [" + tt.accept + "]"
		if res.StatusCode != tt.status {
			t.Errorf("%s: status %d, want %d", name, res.StatusCode, tt.status)
			continue
		}
		if tt.status != 200 {
			continue
		}
		if string(body) != tt.body {
			t.Errorf("%s: body %q, want %q", name, body, tt.body)
		}
		if got := res.Header.Get("Content-Type"); got != tt.ctype {
			t.Errorf("%s: Content-Type %q, want %q", name, got, tt.ctype)
		}
		if got := res.Header.Get("Content-Encoding"); got != tt.encoding {
			t.Errorf("%s: Content-Encoding %q, want %q", name, got, tt.encoding)
		}
		if got, want := res.ContentLength, int64(len(tt.body)); got != want {
			t.Errorf("%s: Content-Length %d, want %d", name, got, want)
		}
		if got := res.Header.Get("Vary") == "Accept-Encoding"; got != tt.vary {
			t.Errorf("%s: Vary %q, want Accept-Encoding: %v", name, res.Header.Get("Vary"), tt.vary)
		}
	}
}

func TestHandlerRedirectsFolder(t *testing.T) {
	srv := httptest.NewServer(Mount("/a/b", Handler(site(t))))
	defer srv.Close()
	client := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	for path, want := range map[string]string{
		"/a/b":         "/a/b/",
		"/a/b/web/sub": "sub/",
	} {
		res, err := client.Get(srv.URL + path)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		if res.StatusCode != http.StatusMovedPermanently || res.Header.Get("Location") != want {
			t.Errorf("GET %s: %d Location %q, want 301 %q", path, res.StatusCode, res.Header.Get("Location"), want)
		}
	}
}

func TestMount(t *testing.T) {
	srv := httptest.NewServer(Mount("/a/b", Handler(site(t))))
	defer srv.Close()
	for path, want := range map[string]int{
		"/a/b/":             200,
		"/a/b/app.js":       200,
		"/a/b/web/app.wasm": 200,
		"/app.js":           404,
		"/a/app.js":         404,
	} {
		res, err := http.Get(srv.URL + path)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		if res.StatusCode != want {
			t.Errorf("GET %s: status %d, want %d", path, res.StatusCode, want)
		}
	}
}

func TestHandlerMethod(t *testing.T) {
	rec := httptest.NewRecorder()
	Handler(site(t)).ServeHTTP(rec, httptest.NewRequest("POST", "/", nil))
	if rec.Code != http.StatusMethodNotAllowed {
		t.Errorf("POST: status %d, want 405", rec.Code)
	}
}

// TestHandlerRevalidates checks what a repeat visit costs: every file has
// an ETag, each encoding its own, and asking again with it gets a 304 and
// no body until the file changes.
func TestHandlerRevalidates(t *testing.T) {
	dir := site(t)
	srv := httptest.NewServer(Mount("", Handler(dir)))
	defer srv.Close()
	client := &http.Client{Transport: &http.Transport{DisableCompression: true}}
	get := func(path, accept, tag string) (*http.Response, string) {
		t.Helper()
		req, _ := http.NewRequest("GET", srv.URL+path, nil)
		if accept != "" {
			req.Header.Set("Accept-Encoding", accept)
		}
		if tag != "" {
			req.Header.Set("If-None-Match", tag)
		}
		res, err := client.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(res.Body)
		res.Body.Close()
		return res, string(body)
	}

	tags := map[string]bool{}
	for _, c := range []struct{ path, accept string }{
		{"/", ""}, {"/app.js", ""}, {"/web/app.wasm", ""}, {"/web/app.wasm", "br"}, {"/web/app.wasm", "gzip"},
	} {
		res, _ := get(c.path, c.accept, "")
		tag := res.Header.Get("ETag")
		if tag == "" || res.Header.Get("Cache-Control") != "no-cache" {
			t.Fatalf("%s [%s]: ETag %q, Cache-Control %q", c.path, c.accept, tag, res.Header.Get("Cache-Control"))
		}
		if c.path != "/" && tags[tag] {
			t.Errorf("%s [%s]: ETag %s shared with another file or encoding", c.path, c.accept, tag)
		}
		tags[tag] = true
		res, body := get(c.path, c.accept, tag)
		if res.StatusCode != http.StatusNotModified || body != "" {
			t.Errorf("%s [%s] with its ETag: %d %q, want 304 and no body", c.path, c.accept, res.StatusCode, body)
		}
	}

	res, _ := get("/app.js", "", "")
	old := res.Header.Get("ETag")
	if err := os.WriteFile(filepath.Join(dir, "app.js"), []byte("console.log(2)"), 0o644); err != nil {
		t.Fatal(err)
	}
	res, body := get("/app.js", "", old)
	if res.StatusCode != http.StatusOK || body != "console.log(2)" || res.Header.Get("ETag") == old {
		t.Errorf("a changed file with its old ETag: %d %q, ETag %s", res.StatusCode, body, res.Header.Get("ETag"))
	}
}
