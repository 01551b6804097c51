//go:build !js

// Package site builds the tester's static website with go-app.
//
// A built site is one folder that any static web server can serve: the
// prerendered index.html, go-app's scripts (app.js, app-worker.js, the
// manifest, app.css), the toolchain's wasm_exec.js and a copy of the web
// folder holding app.wasm, its pre-compressed forms, styles and icons, and
// demo.html, a docs page embedding two testers.
package site

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"robotstester/app/internal/embed"
	"robotstester/app/internal/precompress"
	"robotstester/app/ui"
	"robotstester/internal/server"
)

// Options says how to build a site.
type Options struct {
	// Out is the folder the site is written to. It is replaced as a whole, so
	// it must not exist, be empty, or hold a site built before.
	Out string

	// Web is the folder of static assets; it must hold app.wasm. It is copied
	// to Out/web.
	Web string

	// WasmExec is the wasm_exec.js of the toolchain that built app.wasm. It
	// replaces go-app's own copy, which matches the Go version of the
	// generator rather than the one of app.wasm.
	WasmExec string

	// Prefix is the URL path the site is served under, such as "/tools/robots",
	// or "" (or "/") for the root of a host. go-app's URLs are absolute, so a
	// site only works at the prefix it was built for.
	Prefix string

	// URL is the public address the site is served at, such as
	// https://example.com or https://example.com/tools/robots/ (its path is
	// empty or Prefix). A link preview needs it: the page's og:url, and the
	// absolute address of its picture. When empty, the page has no og:url
	// and gives its picture by path.
	URL string

	// FetchRelay is the address of the fetch relay the page asks for a
	// site's robots.txt (docs/relay.md), such as https://relay.example/fetch.
	// When empty, the page asks its own origin, at Prefix + "/fetch", and
	// falls back to the browser's own fetch when no relay answers there.
	FetchRelay string

	// Version identifies the build; go-app's service worker keeps one cache
	// per version. When empty, Build uses a hash of the files of Web and of
	// WasmExec, so that rebuilding the same files gives the same site.
	Version string
}

// Name, Title and Description of the app, shown by browsers and search engines.
const (
	Name        = "robots.txt tester"
	ShortName   = "robots.txt"
	Description = "Test a robots.txt file as Google, RFC 9309, older crawlers and Python read it: " +
		"for many crawlers and URLs at once, see whether each URL is allowed or blocked, " +
		"which line decides it, and why. Runs in your browser; nothing is sent anywhere."
)

// CleanPrefix checks a URL path prefix and returns it in the form go-app
// expects: "" for the root, else a path starting with "/" and without a
// trailing "/". It is server.CleanPrefix, which the servers share.
func CleanPrefix(prefix string) (string, error) { return server.CleanPrefix(prefix) }

// Handler returns the go-app handler describing the site for opts. It does
// not register routes: the caller does, with ui.Routes.
func Handler(opts Options) (*app.Handler, error) {
	prefix, err := CleanPrefix(opts.Prefix)
	if err != nil {
		return nil, err
	}
	wasm, err := os.Stat(filepath.Join(opts.Web, "app.wasm"))
	if err != nil {
		return nil, fmt.Errorf("web folder: %w (build app.wasm first)", err)
	}
	version := opts.Version
	if version == "" {
		if version, err = Hash(opts.Web, opts.WasmExec); err != nil {
			return nil, err
		}
	}
	h := &app.Handler{
		Name:            Name,
		ShortName:       ShortName,
		Title:           Name,
		Description:     Description,
		Lang:            "en",
		LoadingLabel:    "Loading the tester… {progress}%",
		BackgroundColor: "#ffffff",
		ThemeColor:      "#1d5fa8",
		// Local icons: go-app's defaults are remote URLs that the build and
		// the service worker would try to fetch.
		Icon: app.Icon{
			Default: "/web/icon-192.png",
			Large:   "/web/icon-512.png",
			SVG:     "/web/icon.svg",
		},
		Styles: []string{"/web/tester.css", "/web/session.css", "/web/results.css"},
		// The editor (app/editor, bundled by make editor): deferred, so the
		// page made at build time paints first.
		Scripts: []string{"/web/editor.js defer"},
		Version: version,
		// The browser hands the loader decompressed bytes while Content-Length
		// counts compressed ones: give the raw size so the percentage is right.
		WasmContentLength: strconv.FormatInt(wasm.Size(), 10),
		// The page made at build time is the full tester: in a docs page's
		// iframe (?embed=1) it is hidden until the compact live page is
		// ready (web/tester.css), rather than shown and then replaced.
		RawHeaders: []string{`<script>/` + embed.QueryPattern +
			`/.test(location.search)&&document.documentElement.classList.add("embedding")</script>`},
	}
	if prefix != "" {
		h.Resources = app.PrefixedLocation(prefix)
	}
	relay := opts.FetchRelay
	if relay == "" {
		relay = prefix + "/fetch"
	}
	h.Env = map[string]string{ui.RelayEnv: relay}
	return h, nil
}

// Build writes the site described by opts into opts.Out. The caller must
// have registered the app's routes (ui.Routes) first.
//
// The site is written to a temporary folder beside Out and moved into place
// at the end, so a failed build leaves the previous site as it was.
func Build(opts Options) error {
	if opts.Out == "" || opts.Web == "" || opts.WasmExec == "" {
		return errors.New("site: Out, Web and WasmExec are required")
	}
	h, err := Handler(opts)
	if err != nil {
		return err
	}
	prefix, _ := CleanPrefix(opts.Prefix) // Handler checked it
	address, err := pageAddress(opts.URL, prefix)
	if err != nil {
		return err
	}
	wasmExec, err := os.ReadFile(opts.WasmExec)
	if err != nil {
		return err
	}
	if err := checkReplaceable(opts.Out); err != nil {
		return err
	}
	out := filepath.Clean(opts.Out)
	tmp, err := os.MkdirTemp(filepath.Dir(out), "."+filepath.Base(out)+".tmp-*")
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp) // a no-op once renamed

	if err := app.GenerateStaticWebsite(tmp, h); err != nil {
		return fmt.Errorf("generating the site: %w", err)
	}
	if err := repairStaticPages(tmp); err != nil {
		return fmt.Errorf("repairing the pages' markup: %w", err)
	}
	wasm, err := os.Stat(filepath.Join(opts.Web, "app.wasm"))
	if err != nil {
		return err
	}
	if err := patchLoader(tmp, wasm.Size()); err != nil {
		return err
	}
	if err := embedPage(tmp, prefix); err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(tmp, "wasm_exec.js"), wasmExec, 0o644); err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(tmp, DemoName), DemoPage(), 0o644); err != nil {
		return err
	}
	if err := CopyDir(filepath.Join(tmp, "web"), opts.Web, nil); err != nil {
		return fmt.Errorf("copying the web folder: %w", err)
	}
	if err := writePageMetadata(tmp, address, prefix); err != nil {
		return fmt.Errorf("writing the page's metadata: %w", err)
	}
	if err := compressText(tmp); err != nil {
		return fmt.Errorf("compressing the site's text files: %w", err)
	}
	// MkdirTemp makes a private folder; a site is meant to be readable.
	if err := os.Chmod(tmp, 0o755); err != nil {
		return err
	}
	if err := os.RemoveAll(out); err != nil {
		return err
	}
	return os.Rename(tmp, out)
}

// textFiles are the extensions of the site's text files, which a static
// host should send compressed: the page, its scripts, styles and manifest
// are a third of the first visit's bytes when sent as they are.
var textFiles = map[string]bool{
	".html": true, ".js": true, ".css": true, ".svg": true, ".json": true, ".webmanifest": true, ".txt": true,
}

// compressText writes the gzip and brotli forms of every text file of the
// site beside it, as make build does for app.wasm, so that the server
// sends them without compressing on each request.
func compressText(dir string) error {
	return filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || !d.Type().IsRegular() || !textFiles[strings.ToLower(filepath.Ext(p))] {
			return err
		}
		return precompress.File(p)
	})
}

// checkReplaceable refuses to replace a folder that is neither empty nor a
// site, so that a mistyped -out cannot wipe unrelated files.
func checkReplaceable(dir string) error {
	entries, err := os.ReadDir(dir)
	if errors.Is(err, fs.ErrNotExist) || err == nil && len(entries) == 0 {
		return nil
	}
	if err != nil {
		return err
	}
	if _, err := os.Stat(filepath.Join(dir, "app-worker.js")); err != nil {
		return fmt.Errorf("site: %s is not empty and does not look like a built site; not replacing it", dir)
	}
	return nil
}

// CopyDir copies the regular files under src into dst, creating folders as
// needed, except the files whose name skip reports (skip may be nil).
func CopyDir(dst, src string, skip func(name string) bool) error {
	return filepath.WalkDir(src, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(src, p)
		if err != nil {
			return err
		}
		target := filepath.Join(dst, rel)
		switch {
		case d.IsDir():
			return os.MkdirAll(target, 0o755)
		case !d.Type().IsRegular():
			return nil // symlinks and the like have no place in a static site
		case skip != nil && skip(d.Name()):
			return nil
		}
		return copyFile(target, p)
	})
}

func copyFile(dst, src string) error {
	in, err := os.Open(src)
	if err != nil {
		return err
	}
	defer in.Close()
	out, err := os.Create(dst)
	if err != nil {
		return err
	}
	if _, err := io.Copy(out, in); err != nil {
		out.Close()
		return err
	}
	return out.Close()
}

// Hash returns a version string for the files of the web folder and the
// wasm_exec.js: a change in any of them (code, styles, icons) gives a new
// version, and so a new service-worker cache. Pre-compressed .gz and .br
// files are left out: they follow from app.wasm.
func Hash(web, wasmExec string) (string, error) {
	type file struct{ name, path string }
	var files []file
	err := filepath.WalkDir(web, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.Type().IsRegular() || strings.HasSuffix(p, ".gz") || strings.HasSuffix(p, ".br") {
			return nil
		}
		rel, err := filepath.Rel(web, p)
		files = append(files, file{"web/" + filepath.ToSlash(rel), p})
		return err
	})
	if err != nil {
		return "", err
	}
	// WalkDir goes in lexical order, so the list is sorted.
	files = append(files, file{"wasm_exec.js", wasmExec})

	h := sha256.New()
	for _, f := range files {
		b, err := os.ReadFile(f.path)
		if err != nil {
			return "", err
		}
		// Length-prefixed name and content, so that no two file sets hash
		// alike by shifting bytes from one file to the next.
		fmt.Fprintf(h, "%d:%s%d:", len(f.name), f.name, len(b))
		h.Write(b)
	}
	return hex.EncodeToString(h.Sum(nil))[:20], nil
}

// ToolchainWasmExec returns the path of the wasm_exec.js of the Go
// toolchain on the PATH ($(go env GOROOT)/lib/wasm/wasm_exec.js): the one
// that matches an app.wasm built with it. The tree keeps no copy, which a
// newer toolchain would leave behind.
func ToolchainWasmExec() (string, error) {
	out, err := exec.Command("go", "env", "GOROOT").Output()
	if err != nil {
		return "", fmt.Errorf("go env GOROOT: %w", err)
	}
	path := filepath.Join(strings.TrimSpace(string(out)), "lib", "wasm", "wasm_exec.js")
	if _, err := os.Stat(path); err != nil {
		return "", fmt.Errorf("the toolchain's wasm_exec.js: %w", err)
	}
	return path, nil
}
