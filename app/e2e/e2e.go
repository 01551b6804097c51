//go:build !js

// Package e2e drives the built tester in a real headless Chromium.
//
// A test binary shares one Suite: one Chromium, started on first use, and
// one served site per URL prefix, built on first use. Each test opens its own
// Page (a browser tab). The helpers fail the test on error, so tests read as
// a list of steps:
//
//	p := suite.NewPage(t)
//	p.Open(suite.Site(t, ""))
//	p.Type("textarea#robots-txt", "User-agent: *\n")
//	p.WaitAttr("#summary", "data-lines", "1")
//
// The browser is Debian's Chromium (/usr/bin/chromium, or $CHROMIUM). When it
// is missing, tests are skipped, unless $E2E_REQUIRE_BROWSER is set (make
// test sets it), in which case they fail.
package e2e

import (
	"context"
	"errors"
	"fmt"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"robotstester/app/internal/site"
	"robotstester/app/ui"
	"robotstester/internal/server"
)

// Environment variables read by the suite.
const (
	// EnvWebDir names a web folder that already holds app.wasm (make test
	// passes the one make build wrote). When unset, the suite compiles
	// app.wasm itself into a temporary folder.
	EnvWebDir = "E2E_WEB_DIR"

	// EnvChromium overrides the path of the browser.
	EnvChromium = "CHROMIUM"

	// EnvRequireBrowser, when not empty, turns a missing browser into a
	// failure instead of a skip.
	EnvRequireBrowser = "E2E_REQUIRE_BROWSER"
)

// DefaultChromium is where Debian's chromium package installs the browser.
const DefaultChromium = "/usr/bin/chromium"

// ReadySelector matches the app's root once the WebAssembly app has
// mounted; the prerendered page never matches it.
const ReadySelector = "[data-ready]"

// Timeout bounds every single browser action of a Page.
const Timeout = 20 * time.Second

// Suite holds what the browser tests of one test binary share. Create it in
// TestMain with NewSuite and Close it after m.Run.
type Suite struct {
	tmp string // removed by Close

	buildOnce sync.Once
	repo      string // module root
	wasmExec  string // the toolchain's wasm_exec.js
	web       string // web folder holding app.wasm
	buildErr  error

	mu    sync.Mutex
	sites map[string]*servedSite // by prefix

	browserOnce   sync.Once
	browserErr    error
	browserCtx    context.Context
	cancelBrowser func()
}

type servedSite struct {
	dir string
	url string // base URL of the app, ending in "/"
	srv *httptest.Server
	err error
}

// NewSuite returns a Suite. It starts nothing: the browser and the sites are
// made when a test first asks for them.
func NewSuite() (*Suite, error) {
	tmp, err := os.MkdirTemp("", "robotstester-e2e-")
	if err != nil {
		return nil, err
	}
	// go-app's routes are global state of the process; registering them more
	// than once is harmless.
	ui.Routes()
	return &Suite{tmp: tmp, sites: make(map[string]*servedSite)}, nil
}

// Close stops the browser and the servers and removes the temporary files.
func (s *Suite) Close() {
	if s.cancelBrowser != nil {
		s.cancelBrowser()
	}
	s.mu.Lock()
	for _, ss := range s.sites {
		if ss.srv != nil {
			ss.srv.Close()
		}
	}
	s.mu.Unlock()
	os.RemoveAll(s.tmp)
}

// Chromium returns the path of the browser and whether it is there.
func Chromium() (string, bool) {
	p := os.Getenv(EnvChromium)
	if p == "" {
		p = DefaultChromium
	}
	st, err := os.Stat(p)
	return p, err == nil && !st.IsDir() && st.Mode()&0o111 != 0
}

// Site returns the base URL (ending in "/") of a site built for the URL
// prefix ("" for the root) and served under it on a loopback port, with the
// project's own server code. Each prefix is built and served once.
func (s *Suite) Site(tb testing.TB, prefix string) string {
	tb.Helper()
	prefix, err := site.CleanPrefix(prefix)
	if err != nil {
		tb.Fatal(err)
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	ss, ok := s.sites[prefix]
	if !ok {
		ss = s.serve(prefix)
		s.sites[prefix] = ss
	}
	if ss.err != nil {
		tb.Fatalf("site for prefix %q: %v", prefix, ss.err)
	}
	return ss.url
}

// SiteDir returns the folder of the site built for prefix by Site.
func (s *Suite) SiteDir(tb testing.TB, prefix string) string {
	tb.Helper()
	s.Site(tb, prefix)
	prefix, _ = site.CleanPrefix(prefix)
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.sites[prefix].dir
}

func (s *Suite) serve(prefix string) *servedSite {
	s.buildOnce.Do(s.prepareWeb)
	if s.buildErr != nil {
		return &servedSite{err: s.buildErr}
	}
	dir := filepath.Join(s.tmp, fmt.Sprintf("site-%d", len(s.sites)))
	err := site.Build(site.Options{
		Out:      dir,
		Web:      s.web,
		WasmExec: s.wasmExec,
		Prefix:   prefix,
	})
	if err != nil {
		return &servedSite{err: err}
	}
	srv := httptest.NewServer(server.Mount(prefix, server.Handler(dir)))
	return &servedSite{dir: dir, url: srv.URL + prefix + "/", srv: srv}
}

// prepareWeb finds the module root and the web folder, compiling app.wasm
// when $E2E_WEB_DIR does not give one.
func (s *Suite) prepareWeb() {
	out, err := exec.Command("go", "env", "GOMOD").Output()
	if err != nil {
		s.buildErr = fmt.Errorf("go env GOMOD: %w", err)
		return
	}
	s.repo = filepath.Dir(strings.TrimSpace(string(out)))
	if s.wasmExec, err = site.ToolchainWasmExec(); err != nil {
		s.buildErr = err
		return
	}
	if dir := os.Getenv(EnvWebDir); dir != "" {
		for _, name := range []string{"app.wasm", "siteworker.wasm"} {
			if _, err := os.Stat(filepath.Join(dir, name)); err != nil {
				s.buildErr = fmt.Errorf("$%s: %w (make build makes it)", EnvWebDir, err)
				return
			}
		}
		s.web = dir
		return
	}
	// Copy the static assets, then compile app.wasm beside them as make
	// build does.
	s.web = filepath.Join(s.tmp, "web")
	if err := copyAssets(s.web, filepath.Join(s.repo, "web")); err != nil {
		s.buildErr = fmt.Errorf("copying web: %w", err)
		return
	}
	for _, b := range []struct{ out, pkg string }{{"app.wasm", "./app"}, {"siteworker.wasm", "./app/siteworker"}} {
		cmd := exec.Command("go", "build", "-trimpath", "-ldflags=-s -w", "-o", filepath.Join(s.web, b.out), b.pkg)
		cmd.Dir = s.repo
		cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
		if out, err := cmd.CombinedOutput(); err != nil {
			s.buildErr = fmt.Errorf("building %s: %v\n%s", b.out, err, out)
			return
		}
	}
}

// NewPage opens a new tab in the suite's browser, starting the browser on
// first use, and closes the tab when the test ends. Each tab has its own
// browser context (storage, cookies, service workers), as a new profile
// would: a page opened in one tab never sees what another saved. It skips the test (or
// fails it, under $E2E_REQUIRE_BROWSER) when Chromium is missing.
func (s *Suite) NewPage(tb testing.TB) *Page {
	tb.Helper()
	path, ok := Chromium()
	if !ok {
		msg := fmt.Sprintf("Chromium not found at %s: install Debian's package (apt-get install chromium) or set $%s", path, EnvChromium)
		if os.Getenv(EnvRequireBrowser) != "" {
			tb.Fatal(msg)
		}
		tb.Skip(msg)
	}
	s.browserOnce.Do(func() { s.startBrowser(path) })
	if s.browserErr != nil {
		tb.Fatalf("starting Chromium: %v", s.browserErr)
	}
	// Each tab gets a browser context of its own, like a fresh profile:
	// the tester autosaves to localStorage, and one test's work must not
	// open in the next test's page.
	return newTab(tb, s.browserCtx, chromedp.WithNewBrowserContext())
}

// NewTabBeside opens another tab in p's browser context, as a user opens
// the tester twice in one profile: the two share storage.
func (s *Suite) NewTabBeside(tb testing.TB, p *Page) *Page {
	tb.Helper()
	return newTab(tb, p.ctx)
}

// newTab opens a tab from parent's context, closed when the test ends, and
// keeps its console messages.
func newTab(tb testing.TB, parent context.Context, opts ...chromedp.ContextOption) *Page {
	tb.Helper()
	ctx, cancel := chromedp.NewContext(parent, opts...)
	// The first action on a context opens the tab and binds the tab's life
	// to that context: run it with no timeout.
	if err := chromedp.Do(ctx); err != nil {
		cancel()
		tb.Fatalf("opening a tab: %v", err)
	}
	p := &Page{tb: tb, ctx: ctx}
	messages := chromedp.Console(ctx)
	done := make(chan struct{})
	go func() {
		defer close(done)
		for m, err := range messages {
			if err != nil {
				return
			}
			p.mu.Lock()
			p.console = append(p.console, m)
			p.mu.Unlock()
		}
	}()
	tb.Cleanup(func() {
		cancel()
		<-done
	})
	return p
}

func (s *Suite) startBrowser(path string) {
	profile := filepath.Join(s.tmp, "profile")
	opts := append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(path),
		chromedp.NoSandbox,
		chromedp.DisableGPU,
		chromedp.NoFirstRun,
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.Flag("disable-quic", true),
		chromedp.UserDataDir(profile),
		chromedp.WindowSize(1280, 900),
	)
	allocCtx, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
	ctx, cancelCtx := chromedp.NewContext(allocCtx)
	s.cancelBrowser = func() {
		cancelCtx()
		cancelAlloc()
	}
	s.browserCtx = ctx
	start, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	errc := make(chan error, 1)
	// Starting the browser binds it to the context given: use ctx itself,
	// and bound the wait separately.
	go func() { errc <- chromedp.Do(ctx) }()
	select {
	case s.browserErr = <-errc:
	case <-start.Done():
		s.browserErr = errors.New("Chromium did not start within a minute")
	}
}

// copyAssets copies the static assets of the web folder src into dst,
// leaving out app.wasm, the site URLs worker's siteworker.wasm and their
// compressed forms, which the suite builds.
func copyAssets(dst, src string) error {
	return site.CopyDir(dst, src, func(name string) bool {
		return strings.HasPrefix(name, "app.wasm") || strings.HasPrefix(name, "siteworker.wasm")
	})
}
