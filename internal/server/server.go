// Package server serves a built static site over HTTP as a well-set static
// host does: .wasm goes out as application/wasm; a file's pre-compressed
// form (name.br, name.gz) is sent instead of the file when the request
// accepts its encoding; and every response carries an ETag with
// Cache-Control: no-cache, so that a repeat visit revalidates each file
// with a 304 and no body.
package server

import (
	"crypto/sha256"
	"encoding/base64"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"mime"
	"net/http"
	"os"
	"path"
	"strconv"
	"strings"
	"sync"
	"time"
)

// contentTypes fixes the types that matter to browsers instead of relying
// on the system's MIME tables, which vary between machines.
var contentTypes = map[string]string{
	".css":         "text/css; charset=utf-8",
	".html":        "text/html; charset=utf-8",
	".js":          "text/javascript; charset=utf-8",
	".json":        "application/json",
	".png":         "image/png",
	".svg":         "image/svg+xml",
	".txt":         "text/plain; charset=utf-8",
	".wasm":        "application/wasm",
	".webmanifest": "application/manifest+json",
}

// encodings are the pre-compressed forms looked for, in order of preference.
var encodings = []struct{ coding, suffix string }{
	{"br", ".br"},
	{"gzip", ".gz"},
}

// Handler returns a handler that serves the files of the folder dir.
//
// A path naming a folder serves its index.html. A missing path whose last
// element has no extension serves the site's index.html, as single-page app
// hosts do, so that the app can route it; other missing paths are 404. Names
// starting with a dot are never served.
func Handler(dir string) http.Handler {
	return &handler{dir: dir}
}

type handler struct {
	dir   string
	etags sync.Map // fileKey → the ETag of that version of a file
}

// fileKey names one version of a file: a rebuilt file has a new
// modification time or size, and so a new ETag.
type fileKey struct {
	name    string
	modTime time.Time
	size    int64
}

func (h *handler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		w.Header().Set("Allow", "GET, HEAD")
		http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
		return
	}
	// The folder is opened per request rather than once: a build replaces
	// the site folder by renaming a new one into place, and a root held open
	// would go on serving the old, deleted one. os.Root keeps every lookup
	// inside the folder, symbolic links included.
	root, err := os.OpenRoot(h.dir)
	if err != nil {
		http.Error(w, "site folder unavailable", http.StatusInternalServerError)
		return
	}
	defer root.Close()

	upath := path.Clean("/" + r.URL.Path)
	name := strings.TrimPrefix(upath, "/")
	if name == "" {
		name = "."
	}
	if hidden(name) {
		http.NotFound(w, r)
		return
	}
	info, err := root.Stat(name)
	switch {
	case err == nil && info.IsDir():
		if !strings.HasSuffix(r.URL.Path, "/") {
			// A relative Location, set by hand since http.Redirect would make
			// it absolute from r.URL.Path, which lacks any prefix stripped by
			// http.StripPrefix.
			w.Header().Set("Location", path.Base(upath)+"/")
			w.WriteHeader(http.StatusMovedPermanently)
			return
		}
		name = path.Join(name, "index.html")
	case errors.Is(err, fs.ErrNotExist) && path.Ext(name) == "":
		name = "index.html"
	case err != nil:
		http.NotFound(w, r)
		return
	}
	h.serveFile(w, r, root, name)
}

// serveFile sends the file name of root, or its pre-compressed form when
// the request accepts it.
func (h *handler) serveFile(w http.ResponseWriter, r *http.Request, root *os.Root, name string) {
	header := w.Header()
	if ct := contentType(name); ct != "" {
		header.Set("Content-Type", ct)
	}
	// The site's file names carry no version, so a cache may keep a file
	// but must ask whether it changed; the ETag makes the answer a 304.
	header.Set("Cache-Control", "no-cache")

	file := name
	accept := r.Header.Get("Accept-Encoding")
	varies := false
	for _, enc := range encodings {
		info, err := root.Stat(name + enc.suffix)
		if err != nil || !info.Mode().IsRegular() {
			continue
		}
		varies = true
		if Accepts(accept, enc.coding) {
			file = name + enc.suffix
			header.Set("Content-Encoding", enc.coding)
			break
		}
	}
	if varies {
		// Caches must not hand a compressed body to a client that did not ask.
		header.Add("Vary", "Accept-Encoding")
	}

	f, err := root.Open(file)
	if err != nil {
		http.NotFound(w, r)
		return
	}
	defer f.Close()
	info, err := f.Stat()
	if err != nil || !info.Mode().IsRegular() {
		http.NotFound(w, r)
		return
	}
	if tag, err := h.etag(f, file, info); err == nil {
		header.Set("ETag", tag)
	}
	if header.Get("Content-Encoding") != "" && r.Header.Get("Range") == "" {
		// ServeContent leaves out Content-Length for encoded content, because
		// of ranges; a whole response has a known length, which lets the
		// browser show download progress.
		header.Set("Content-Length", strconv.FormatInt(info.Size(), 10))
	}
	http.ServeContent(w, r, name, info.ModTime(), f)
}

// etag returns a strong validator of the file's content, computed once
// per version of the file. Each encoding is a file of its own, so the
// compressed and plain forms get different tags, as they must.
func (h *handler) etag(f *os.File, name string, info os.FileInfo) (string, error) {
	key := fileKey{name, info.ModTime(), info.Size()}
	if tag, ok := h.etags.Load(key); ok {
		return tag.(string), nil
	}
	sum := sha256.New()
	if _, err := io.Copy(sum, f); err != nil {
		return "", err
	}
	if _, err := f.Seek(0, io.SeekStart); err != nil {
		return "", err
	}
	tag := `"` + base64.RawURLEncoding.EncodeToString(sum.Sum(nil)[:18]) + `"`
	h.etags.Store(key, tag)
	return tag, nil
}

func contentType(name string) string {
	ext := strings.ToLower(path.Ext(name))
	if ct, ok := contentTypes[ext]; ok {
		return ct
	}
	return mime.TypeByExtension(ext)
}

func hidden(name string) bool {
	for elem := range strings.SplitSeq(name, "/") {
		if strings.HasPrefix(elem, ".") && elem != "." {
			return true
		}
	}
	return false
}

// Accepts reports whether an Accept-Encoding header value accepts the
// content coding (such as "br" or "gzip"): the coding, or else "*", is
// listed with a quality above zero.
func Accepts(header, coding string) bool {
	star := false
	for item := range strings.SplitSeq(header, ",") {
		name, params, _ := strings.Cut(item, ";")
		name = strings.TrimSpace(name)
		ok := quality(params) > 0
		switch {
		case strings.EqualFold(name, coding):
			return ok
		case name == "*":
			star = ok
		}
	}
	return star
}

// quality returns the q parameter of an Accept-Encoding item, 1 when absent
// and 0 when malformed.
func quality(params string) float64 {
	for p := range strings.SplitSeq(params, ";") {
		k, v, _ := strings.Cut(strings.TrimSpace(p), "=")
		if strings.EqualFold(strings.TrimSpace(k), "q") {
			q, err := strconv.ParseFloat(strings.TrimSpace(v), 64)
			if err != nil {
				return 0
			}
			return q
		}
	}
	return 1
}

// Mount returns a handler serving h under the URL path prefix (as cleaned
// by CleanPrefix: "" or "/a/b"), for a site built for that prefix.
// The prefix itself redirects to prefix+"/"; paths outside it are 404.
func Mount(prefix string, h http.Handler) http.Handler {
	if prefix == "" {
		return h
	}
	mux := http.NewServeMux()
	mux.Handle(prefix+"/", http.StripPrefix(prefix, h))
	mux.Handle(prefix, http.RedirectHandler(prefix+"/", http.StatusMovedPermanently))
	return mux
}

// CleanPrefix checks a URL path prefix and returns it in the form go-app
// expects: "" for the root, else a path starting with "/" and without a
// trailing "/".
func CleanPrefix(prefix string) (string, error) {
	if prefix == "" || prefix == "/" {
		return "", nil
	}
	p := strings.TrimSuffix(prefix, "/")
	if !strings.HasPrefix(p, "/") || path.Clean(p) != p {
		return "", fmt.Errorf("prefix %q: want an absolute, clean URL path such as /tools/robots", prefix)
	}
	// The prefix goes unescaped into URLs, scripts and the manifest: keep to
	// characters that need no escaping anywhere.
	for _, r := range p {
		ok := r == '/' || r == '-' || r == '_' || r == '.' || r == '~' ||
			'a' <= r && r <= 'z' || 'A' <= r && r <= 'Z' || '0' <= r && r <= '9'
		if !ok {
			return "", fmt.Errorf("prefix %q: character %q not allowed; use letters, digits and -_.~/", prefix, r)
		}
	}
	return p, nil
}
