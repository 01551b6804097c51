# Build, serve and test the robots.txt tester.
#
#   make build              static site in site/, served at the root of a host
#   make build PREFIX=/x    static site for https://host/x/
#   make build SITE_URL=https://host [PREFIX=/x]   the same, with the page's address for link previews
#   make build FETCH_RELAY=https://relay/fetch     the same, asking that fetch relay
#   make serve              build, then serve on http://127.0.0.1:8000
#   make test               vet, unit tests, browser tests, fuzz smoke tests
#   make bench              benchmarks
#   make bench-browser      the tester's latency in headless Chromium
#   make bench-phone        Lighthouse's mobile preset on the site and on go-app's floor
#   make bench-longtasks    the longest task of each user action at the limits
#   make bench-relay        the fetch relay under faults, a flood of sitemaps, 200 clients at once

GO       ?= go
PREFIX   ?=
SITE_URL ?=
# FETCH_RELAY is the address of the fetch relay the page asks for a site's
# robots.txt; empty: the site's own /fetch (robotstxt serve, serve -fetch).
FETCH_RELAY ?=
SITE     ?= site
ADDR     ?= 127.0.0.1:8000
CHROMIUM ?= /usr/bin/chromium

WASM          := web/app.wasm
# Inlining makes WebAssembly code larger and compresses worse: without it
# in go-app and the standard library, app.wasm is about 100 KB smaller once
# brotli-compressed, for a drawing cost nobody sees. The engine keeps it, as
# parsing and checking are its hot paths (about twice as slow without).
WASM_GCFLAGS  := -gcflags=all=-l -gcflags=robotstester/robots=
WASM_TMP      := .app.wasm.tmp
# go-app's server side (its http.Handler, which imports net/http and through it
# crypto/tls, x509, HTTP/2 and every elliptic curve) is left out of app.wasm:
# about 340 KB less once brotli-compressed. app.wasm is built with its own
# module file (in WASM_MODDIR), in which go-app is a copy without those files; see
# tools/goapp-wasm/prepare, which fails if go-app's files are not the ones the
# replacements were written for.
WASM_MODDIR   := .goapp-wasm
# The site gets the wasm_exec.js of the toolchain that builds app.wasm (the
# two must match), read where the toolchain keeps it: no copy in the tree.
WASM_EXEC_SRC := $(shell $(GO) env GOROOT)/lib/wasm/wasm_exec.js
# The site URLs panel's Web Worker (app/siteworker): a WebAssembly of its
# own, fetched only when the panel is first opened, so that reading and
# counting a site's URLs weigh nothing in app.wasm. No go-app in it, so
# the plain module file. It keeps Go's inlining everywhere: its budget is
# speed (a million URLs counted at most 4 times as slow as natively), not
# the first visit's bytes, and the engine's checks call the standard
# library's string functions, which are only inlined into it when
# compiled with inlining.
SITEWORKER         := web/siteworker.wasm
SITEWORKER_TMP     := .siteworker.wasm.tmp
SITEWORKER_GCFLAGS :=

# FUZZ_TARGETS are the fuzz functions that make test runs for FUZZTIME
# each, as a smoke test: the engine's in ./robots, and PKG:NAME for
# another package's. A target that is not defined
# fails the build; FUZZ_STRICT=0 reports and skips it instead.
FUZZ_TARGETS ?= FuzzParse FuzzCheck FuzzMatcherAgreesWithGoogle FuzzReparse FuzzEdit FuzzCarry FuzzCollectAgrees ./app/sitework:FuzzLoad ./robots/sitemap:FuzzRead ./app/internal/session:FuzzEditText
FUZZTIME     ?= 10s
FUZZ_STRICT  ?= 1

# debian installs Debian's packages $(3) when the check $(1) fails: at once
# as root, otherwise it says the one command to run. $(2) names what is
# missing. Never a download of another kind.
debian = if ! $(1) >/dev/null 2>&1; then \
	  if [ "$$(id -u)" = 0 ]; then \
	    apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends $(3); \
	  else \
	    echo "$(2) is missing: run 'sudo apt-get update && sudo apt-get install -y $(3)', then make again" >&2; \
	    exit 1; \
	  fi; \
	fi

.PHONY: all build editor node browser-checks wasm wasm-links compress site floor-site serve \
	test vet unit e2e fuzz-smoke chromium python bench bench-browser bench-phone bench-longtasks bench-relay screenshot clean

all: build

build: editor wasm compress site

# The editor: CodeMirror 6 from npm, at the versions of app/editor's
# lockfile (npm ci), bundled by esbuild into web/editor.js. Rebuilt when
# its source or the lockfile changes.
EDITOR_DIR := app/editor
EDITOR_JS  := web/editor.js

editor: $(EDITOR_JS)

$(EDITOR_JS): $(wildcard $(EDITOR_DIR)/src/*.js) $(EDITOR_DIR)/package.json $(EDITOR_DIR)/package-lock.json | node
	cd $(EDITOR_DIR) && npm ci --no-audit --no-fund --loglevel=error
	cd $(EDITOR_DIR) && npm run --silent build
	@# The bundled packages' licences travel with the bundle.
	cd $(EDITOR_DIR) && for f in $$(find node_modules -maxdepth 3 -iname 'LICENSE*' -not -path '*esbuild*' | sort); do \
	  printf '== %s ==\n' "$$(dirname $${f#node_modules/})"; cat "$$f"; printf '\n'; done > ../../web/editor.js.LICENSES.txt

# What the browser tests run in the page as users' own tools do (axe-core's
# accessibility rules), from npm at the versions of tools/browser-checks'
# lockfile.
BROWSER_CHECKS := tools/browser-checks

browser-checks: $(BROWSER_CHECKS)/node_modules/.package-lock.json

$(BROWSER_CHECKS)/node_modules/.package-lock.json: $(BROWSER_CHECKS)/package.json $(BROWSER_CHECKS)/package-lock.json | node
	cd $(BROWSER_CHECKS) && npm ci --no-audit --no-fund --loglevel=error

# Node.js and npm from Debian, for the editor's build; never a downloaded
# toolchain.
node:
	@$(call debian,command -v npm,npm,nodejs npm)

# app.wasm is replaced only when its content changes, so that compress
# (which goes by modification times) does not redo 20 s of brotli for nothing.
wasm:
	@tools/goapp-wasm/prepare "$(GO)" $(WASM_MODDIR)
	GOOS=js GOARCH=wasm $(GO) build -trimpath -modfile=$(WASM_MODDIR)/go.mod $(WASM_GCFLAGS) -ldflags='-s -w' -o $(WASM_TMP) ./app
	@if cmp -s $(WASM_TMP) $(WASM); then rm -f $(WASM_TMP); else mv -f $(WASM_TMP) $(WASM); fi
	GOOS=js GOARCH=wasm $(GO) build -trimpath $(SITEWORKER_GCFLAGS) -ldflags='-s -w' -o $(SITEWORKER_TMP) ./app/siteworker
	@if cmp -s $(SITEWORKER_TMP) $(SITEWORKER); then rm -f $(SITEWORKER_TMP); else mv -f $(SITEWORKER_TMP) $(SITEWORKER); fi

# app.wasm links no intent writer: the site worker writes the file
# (tools/wasm-links/check; docs/speed.md, "Sizes").
wasm-links:
	tools/wasm-links/check "$(GO)" $(WASM_MODDIR)

compress: wasm
	$(GO) run ./app/cmd/compress $(WASM) $(SITEWORKER)

site: editor wasm compress
	$(GO) run ./app -out $(SITE) -web web -wasm-exec "$(WASM_EXEC_SRC)" -prefix "$(PREFIX)" -url "$(SITE_URL)" -fetch-relay "$(FETCH_RELAY)"
	@printf 'site: %s (prefix "%s"); app.wasm %s bytes, gzip %s, brotli %s; siteworker.wasm (when the site URLs panel opens) brotli %s\n' "$(SITE)" "$(PREFIX)" \
	  $$(wc -c <$(WASM)) $$(wc -c <$(WASM).gz) $$(wc -c <$(WASM).br) $$(wc -c <$(SITEWORKER).br)

serve: build
	$(GO) run ./app/cmd/serve -addr $(ADDR) -dir $(SITE) -prefix "$(PREFIX)" -fetch

# The browser tests take about 7 minutes on 2 cores: more than go test's
# default limit of 10 minutes once the machine is busy.
# Python's robotparser of Debian's python3 (3.11: the legacy reading) is the
# reference of one differential test, which must not skip here; the
# readings whose reference Debian lacks say so (REFERENCE MISSING).
test: vet chromium python build browser-checks wasm-links
	ROBOTS_REQUIRE_REFERENCE=python-legacy E2E_WEB_DIR=$(CURDIR)/web E2E_REQUIRE_BROWSER=1 CHROMIUM=$(CHROMIUM) $(GO) test -count=1 -timeout=30m ./...
	@$(GO) test -count=1 -run 'Parity$$' -v ./robots | grep 'REFERENCE MISSING' || true
	$(MAKE) --no-print-directory fuzz-smoke

vet:
	$(GO) vet ./...
	GOOS=js GOARCH=wasm $(GO) vet ./...

unit:
	$(GO) test ./...

# The browser tests alone; they build what they need when web/app.wasm is
# absent (slower).
e2e: chromium browser-checks
	E2E_WEB_DIR=$(if $(wildcard $(WASM)),$(CURDIR)/web) E2E_REQUIRE_BROWSER=1 CHROMIUM=$(CHROMIUM) \
	  $(GO) test -count=1 -v ./app/e2e

fuzz-smoke:
	@tools/fuzz-smoke "$(GO)" "$(FUZZTIME)" "$(FUZZ_STRICT)" $(FUZZ_TARGETS)

# Debian's python3, the reference of the legacy Python reading's tests.
python:
	@$(call debian,command -v python3,python3,python3)

# Debian's Chromium for the browser tests; never a browser download.
chromium:
	@$(call debian,test -x "$(CHROMIUM)",Chromium,chromium)

# The tester's latency budgets, measured in headless Chromium (medians).
# The start's floor: the site with an app.wasm in which go-app draws one
# element in place of the tester (app/startfloor.go), same size, same page;
# bench-browser opens it in turn with the tester.
FLOOR_SITE := .site-floor

floor-site: build
	rm -rf $(FLOOR_SITE) && cp -r $(SITE) $(FLOOR_SITE)
	@# go-app's own start: the worker that compiles app.wasm does not run it first (ui.Warm)
	sed -i -E 's/exec: new URL\([^)]*\)\.href/exec: ""/' $(FLOOR_SITE)/*.html
	! grep -l 'exec: new URL' $(FLOOR_SITE)/*.html
	GOOS=js GOARCH=wasm $(GO) build -tags startfloor -trimpath -modfile=$(WASM_MODDIR)/go.mod $(WASM_GCFLAGS) -ldflags='-s -w' -o $(FLOOR_SITE)/web/app.wasm ./app
	$(GO) run ./app/cmd/compress -force $(FLOOR_SITE)/web/app.wasm $(FLOOR_SITE)/*.html

bench-browser: chromium build floor-site
	E2E_BENCH_FLOOR_SITE=$(CURDIR)/$(FLOOR_SITE) E2E_WEB_DIR=$(CURDIR)/web E2E_REQUIRE_BROWSER=1 CHROMIUM=$(CHROMIUM) \
	  $(GO) test -count=1 -v -run NONE -bench '^BenchmarkBrowser$$' -benchtime 1x ./app/e2e | grep -E '^\||^\(make|FAIL|^ok'

# Lighthouse's mobile preset (from npm, tools/bench-phone's lockfile) on the
# tester and on go-app's floor, three runs each in turn, with Debian's
# Chromium: medians of the scores, Total Blocking Time and the longest task.
BENCH_PHONE      := tools/bench-phone
BENCH_PHONE_RUNS ?= 3
bench-phone: chromium floor-site
	cd $(BENCH_PHONE) && npm ci --no-audit --no-fund --loglevel=error
	@$(GO) build -o .bench-phone-serve ./app/cmd/serve
	@./.bench-phone-serve -addr 127.0.0.1:8031 -dir $(SITE) & site=$$!; \
	  ./.bench-phone-serve -addr 127.0.0.1:8032 -dir $(FLOOR_SITE) & floor=$$!; \
	  trap 'kill $$site $$floor 2>/dev/null; rm -f .bench-phone-serve' EXIT; sleep 1; \
	  CHROMIUM=$(CHROMIUM) node $(BENCH_PHONE)/bench.mjs http://127.0.0.1:8031/ http://127.0.0.1:8032/ $(BENCH_PHONE_RUNS)

# The longest task and total blocking time of each user action at the
# limits (1000 tests, a 4 MiB file), in headless Chromium; medians of 3 runs
# (E2E_LONGTASK_RUNS to change). A measurement, not a test of timings.
bench-longtasks: chromium build
	E2E_WEB_DIR=$(CURDIR)/web E2E_REQUIRE_BROWSER=1 CHROMIUM=$(CHROMIUM) \
	  $(GO) test -count=1 -timeout=90m -v -run NONE -bench '^BenchmarkLongTasks$$' -benchtime 1x ./app/e2e

# docs/screenshot.png: a real site's file (nytimes.com) with 25 tests, one explained.
screenshot: chromium build
	E2E_SCREENSHOT=$(CURDIR)/docs/screenshot.png E2E_LOG_SCREENSHOT=$(CURDIR)/docs/img/log-view.png \
	  E2E_WEB_DIR=$(CURDIR)/web E2E_REQUIRE_BROWSER=1 CHROMIUM=$(CHROMIUM) \
	  $(GO) test -count=1 -run '^(TestScreenshot|TestSiteURLsLogOrigins)$$' ./app/e2e

# The engine's and the command line's benchmarks; the browser's are
# bench-browser's and bench-longtasks'.
bench:
	$(GO) test -run=NONE -bench=. -benchmem $$($(GO) list ./... | grep -v /app/e2e)

# The fetch relay against hostile and broken local servers, a flood of
# sitemap indexes, then the load of 200 clients at once (docs/relay.md
# records the figures).
bench-relay:
	$(GO) test -count=1 -v -run '^TestRelayFaults$$' ./internal/server/relay
	$(GO) test -count=1 -v -run '^TestRelayFlood$$' ./internal/server/relay
	$(GO) test -count=1 -run NONE -bench '^BenchmarkRelayLoad$$' -benchtime 2000x ./internal/server/relay

clean:
	rm -rf $(BROWSER_CHECKS)/node_modules $(BENCH_PHONE)/node_modules $(SITE) $(FLOOR_SITE) $(WASM) $(WASM).gz $(WASM).br $(WASM_TMP) $(SITEWORKER) $(SITEWORKER).gz $(SITEWORKER).br $(SITEWORKER_TMP) $(WASM_MODDIR) $(EDITOR_JS) $(EDITOR_JS).LICENSES.txt $(EDITOR_DIR)/node_modules
