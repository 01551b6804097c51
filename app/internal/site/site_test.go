//go:build !js

package site

import (
	"html"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"robotstester/app/internal/share"
	"robotstester/app/ui"
	"robotstester/app/ui/dom"
)

func TestCleanPrefix(t *testing.T) {
	good := map[string]string{
		"":             "",
		"/":            "",
		"/x":           "/x",
		"/x/":          "/x",
		"/sub/path":    "/sub/path",
		"/a-b_c.d~e/1": "/a-b_c.d~e/1",
	}
	for in, want := range good {
		got, err := CleanPrefix(in)
		if err != nil || got != want {
			t.Errorf("CleanPrefix(%q) = %q, %v; want %q", in, got, err, want)
		}
	}
	for _, in := range []string{"x", "//x", "/x//y", "/x/../y", "/x y", `/x"`, "/x?y", "/é"} {
		if got, err := CleanPrefix(in); err == nil {
			t.Errorf("CleanPrefix(%q) = %q, want an error", in, got)
		}
	}
}

// fixture writes a web folder and a wasm_exec.js and returns their paths.
func fixture(t *testing.T) (web, wasmExec string) {
	t.Helper()
	dir := t.TempDir()
	web = filepath.Join(dir, "web")
	if err := os.MkdirAll(web, 0o755); err != nil {
		t.Fatal(err)
	}
	for name, content := range map[string]string{
		"app.wasm":     "\x00asm fake",
		"app.wasm.br":  "br",
		"tester.css":   "body{}",
		"icon-192.png": "png",
	} {
		if err := os.WriteFile(filepath.Join(web, name), []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	wasmExec = filepath.Join(dir, "wasm_exec.js")
	if err := os.WriteFile(wasmExec, []byte("// the toolchain's wasm_exec.js"), 0o644); err != nil {
		t.Fatal(err)
	}
	return web, wasmExec
}

func TestBuild(t *testing.T) {
	ui.Routes()
	web, wasmExec := fixture(t)
	for _, prefix := range []string{"", "/sub/path"} {
		out := filepath.Join(t.TempDir(), "site")
		opts := Options{Out: out, Web: web, WasmExec: wasmExec, Prefix: prefix}
		if err := Build(opts); err != nil {
			t.Fatal(err)
		}
		// A second build replaces the first.
		if err := Build(opts); err != nil {
			t.Fatalf("rebuilding: %v", err)
		}
		read := func(name string) string {
			t.Helper()
			b, err := os.ReadFile(filepath.Join(out, name))
			if err != nil {
				t.Fatal(err)
			}
			return string(b)
		}
		for _, name := range []string{"index.html", DemoName, "app.js", "app-worker.js", "manifest.webmanifest", "app.css", "web/app.wasm", "web/app.wasm.br", "web/tester.css"} {
			read(name)
		}
		if got := read("wasm_exec.js"); got != "// the toolchain's wasm_exec.js" {
			t.Errorf("prefix %q: wasm_exec.js is go-app's, not ours", prefix)
		}
		index := read("index.html")
		for _, want := range []string{
			`src="` + prefix + `/app.js"`,
			`href="` + prefix + `/web/tester.css"`,
			`href="` + prefix + `/web/icon.svg"`,
			`id="robots-txt"`,
			// The prerendered editor shows the example's lines, the
			// deciding one marked.
			`aria-multiline="true"`,
			`>User-agent: Googlebot</div>`,
			`data-deciding`,
		} {
			if !strings.Contains(index, want) {
				t.Errorf("prefix %q: index.html lacks %s", prefix, want)
			}
		}
		if strings.Contains(index, `\n`) || strings.Contains(index, `readonly="false"`) {
			t.Errorf("prefix %q: index.html keeps go-app's Go-quoted attributes", prefix)
		}
		for _, name := range []string{"index.html", "app.js", "app-worker.js", "manifest.webmanifest"} {
			// The page's text may quote URLs (the example's user-agent
			// strings do): only references the browser would fetch count.
			s := read(name)
			remote := strings.Contains(s, "https://raw.githubusercontent.com")
			for _, ref := range []string{`src="http`, `href="http`, `url(http`, `"src":"http`} {
				remote = remote || strings.Contains(s, ref)
			}
			if name != "index.html" {
				remote = remote || strings.Contains(s, "http://")
			}
			if remote {
				t.Errorf("prefix %q: %s refers to a remote resource", prefix, name)
			}
		}
		// Every text file goes out compressed, precompressed at build time.
		for _, name := range []string{"index.html", DemoName, "app.js", "app-worker.js", "manifest.webmanifest", "app.css", "wasm_exec.js", "web/tester.css"} {
			for _, suffix := range []string{".br", ".gz"} {
				if _, err := os.Stat(filepath.Join(out, name+suffix)); err != nil {
					t.Errorf("prefix %q: %s%s missing: %v", prefix, name, suffix, err)
				}
			}
		}
		appJS := read("app.js")
		if !strings.Contains(appJS, `goappWasmContentLength = "9"`) {
			t.Errorf("prefix %q: app.js lacks the raw size of app.wasm", prefix)
		}
		// The loader hands the compiler the network's response, and the
		// app registers the service worker once ready (loader.go).
		if want := `goappInstantiateWasm(instantiateStreaming, "` + prefix + `/web/app.wasm", showProgress, go.importObject)`; !strings.Contains(appJS, want) {
			t.Errorf("prefix %q: app.js does not load app.wasm with %s", prefix, want)
		}
		// The page starts fetching app.wasm in a worker before its
		// stylesheets, which would hold a script back.
		early, style := strings.Index(index, "robotsTesterCompile"), strings.Index(index, `rel="stylesheet"`)
		if early < 0 || style < 0 || early > style {
			t.Errorf("prefix %q: index.html does not start fetching app.wasm before its stylesheets (at %d, stylesheet at %d)", prefix, early, style)
		}
		// The worker's code is one line: a // comment would end it.
		if strings.Contains(compileWorkerJS, "//") {
			t.Error("the worker's code has a // comment, which its one line would make the rest of")
		}
		if want := `new URL("` + prefix + `/web/app.wasm", location.href)`; !strings.Contains(index, want) {
			t.Errorf("prefix %q: index.html's compiling script lacks %s", prefix, want)
		}
		// The worker runs the start first (ui.Warm), with Go's glue from
		// the page's own script; the floor's site (Makefile) blanks this
		// address to measure go-app's start alone.
		if want := `exec: new URL("` + prefix + `/wasm_exec.js", location.href).href`; !strings.Contains(index, want) {
			t.Errorf("prefix %q: index.html's compiling script lacks %s", prefix, want)
		}
		if !strings.Contains(index, dom.WarmEnv+": page") {
			t.Errorf("prefix %q: the worker does not set %s for the program", prefix, dom.WarmEnv)
		}
		if strings.Contains(appJS, "fetchWithProgress(\"") || strings.Contains(appJS, workerCall) {
			t.Errorf("prefix %q: app.js still loads app.wasm through go-app's stream or registers the worker at once", prefix)
		}
	}
}

func TestBuildRefusesForeignFolder(t *testing.T) {
	web, wasmExec := fixture(t)
	out := t.TempDir()
	keep := filepath.Join(out, "notes.txt")
	if err := os.WriteFile(keep, []byte("mine"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := Build(Options{Out: out, Web: web, WasmExec: wasmExec}); err == nil {
		t.Fatal("Build replaced a folder that is not a site")
	}
	if _, err := os.Stat(keep); err != nil {
		t.Errorf("the folder's files are gone: %v", err)
	}
}

func TestHash(t *testing.T) {
	web, wasmExec := fixture(t)
	h1, err := Hash(web, wasmExec)
	if err != nil {
		t.Fatal(err)
	}
	if h2, _ := Hash(web, wasmExec); h2 != h1 {
		t.Errorf("Hash is not deterministic: %s, %s", h1, h2)
	}
	// Compressed forms do not count; any other file does.
	os.WriteFile(filepath.Join(web, "app.wasm.br"), []byte("other"), 0o644)
	if h2, _ := Hash(web, wasmExec); h2 != h1 {
		t.Errorf("Hash changed with app.wasm.br")
	}
	os.WriteFile(filepath.Join(web, "tester.css"), []byte("body{color:red}"), 0o644)
	if h2, _ := Hash(web, wasmExec); h2 == h1 {
		t.Errorf("Hash did not change with tester.css")
	}
}

// TestDemoPage checks the demo docs page: relative iframes whose links
// carry the examples' states.
func TestDemoPage(t *testing.T) {
	page := string(DemoPage())
	srcs := regexp.MustCompile(`src="([^"]*)"`).FindAllStringSubmatch(page, -1)
	if len(srcs) != len(DemoExamples) {
		t.Fatalf("%d iframes, want %d", len(srcs), len(DemoExamples))
	}
	for i, m := range srcs {
		src := html.UnescapeString(m[1])
		if !strings.HasPrefix(src, "./?embed=1") {
			t.Errorf("iframe %d: src %q is not relative to the tester", i, src)
		}
		_, frag, _ := strings.Cut(src, "#")
		s, ok, err := share.FromFragment(frag)
		if !ok || err != nil || !share.Same(s, DemoExamples[i].State) {
			t.Errorf("iframe %d: state %+v, %v, %v", i, s, ok, err)
		}
	}
	if !strings.Contains(page, `"robots-tester:height"`) {
		t.Errorf("the demo page lacks the sizing script")
	}
}

func TestRepairStaticHTML(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{`<input placeholder="a\n/b" id="x">`, "<input placeholder=\"a\n/b\" id=\"x\">"},
		{`<p title="say \"hi\" & <go>">x="y"</p>`, `<p title="say &#34;hi&#34; &amp; &lt;go&gt;">x="y"</p>`},
		{`<textarea disabled readonly="false" id="t" value="# a\n\nUser-agent: *\n" name="t"></textarea>`,
			"<textarea disabled id=\"t\" name=\"t\">\n# a\n\nUser-agent: *\n</textarea>"},
		{`<textarea value="\n<b>&amp;</b>"></textarea>`, "<textarea>\n\n&lt;b&gt;&amp;amp;&lt;/b&gt;</textarea>"},
		{`<div aria-multiline aria-readonly data-group>x</div>`, `<div aria-multiline="true" aria-readonly="true" data-group>x</div>`},
		{`<input spellcheck="false" aria-hidden="false" checked="false">`, `<input spellcheck="false" aria-hidden="false">`},
		{`<a href="/é\u00a0x">`, "<a href=\"/é\u00a0x\">"},
		{`<p title="\q">`, `<p title="\q">`}, // not a Go literal: as it was
	} {
		if got := repairStaticHTML(c.in); got != c.want {
			t.Errorf("repairStaticHTML(%q)\n = %q\nwant %q", c.in, got, c.want)
		}
	}
}
