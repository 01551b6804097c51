//go:build !js

package site

import (
	"bytes"
	"encoding/json"
	"fmt"
	"html"
	"os"
	"path/filepath"
	"regexp"
	"strings"

	"robotstester/app/ui/dom"
)

// The loader of app.wasm, as the site has it: go-app's app.js with three
// changes (patchLoader), and a script first in the page's head that starts a
// worker to fetch and compile app.wasm (earlyCompile).
//
// The worker fetches app.wasm as soon as the head is read, and keeps its
// bytes until the loader (app.js, run once the page is read) tells it to
// compile them; the page's thread then only instantiates the module. On the
// page's thread the compiler got the bytes only when the thread was free,
// and it is busy with the page made at build time, the editor's script and
// their layout: cold, the bytes waited there 150 to 300 ms. Started at the
// end of the page instead, the worker itself waited for those (its start
// needs the page's thread); compiling as soon as the bytes come made the
// first paint 50 to 100 ms later (docs/speed.md, A worker compiles
// app.wasm).

// wasmInstantiate is go-app's call that fetches and instantiates app.wasm.
var wasmInstantiate = regexp.MustCompile(`instantiateStreaming\(\s*fetchWithProgress\(("[^"]*"), showProgress\),\s*go\.importObject\s*\)`)

// loaderJS is added to app.js. goappInstantiateWasm takes the module the
// worker compiled (earlyCompile), or else, when there is no worker or it
// failed, fetches and compiles app.wasm on the page's thread as go-app does,
// with goappFetchWasm.
//
// goappFetchWasm hands the compiler the network's own response, and counts
// the bytes of a copy for the loading label. go-app's fetchWithProgress
// counts them by passing every chunk through a stream of its own, filled by
// JavaScript: the compiler then gets each chunk only when the page's thread
// is free to pass it on.
const loaderJS = `
// The robots.txt tester's loader (app/internal/site/loader.go).
async function goappInstantiateWasm(instantiateStreaming, url, progress, imports) {
  const early = window.robotsTesterCompile;
  if (early) {
    const total = parseInt(goappWasmContentLength, 10);
    early.onprogress = (loaded) => {
      if (total > 0) progress(Math.min(100, Math.round((loaded * 100) / total)));
    };
    early.onprogress(early.loaded);
    early.compile();
    try {
      const module = await early.module;
      const instance = await WebAssembly.instantiate(module, imports);
      early.used = true;
      return { module, instance };
    } catch (err) {
      console.warn("app.wasm: the worker's compiling failed, compiling here:", err);
    }
  }
  return instantiateStreaming(goappFetchWasm(url, progress), imports);
}

async function goappFetchWasm(url, progress) {
  const response = await fetch(url);
  const total = parseInt(goappWasmContentLength, 10);
  if (response.ok && response.body && total > 0) {
    const reader = response.clone().body.getReader();
    let loaded = 0;
    (async () => {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        loaded += value.byteLength;
        progress(Math.min(100, Math.round((loaded * 100) / total)));
      }
    })().catch(() => {});
  }
  return response;
}
`

// compileWorkerJS is the worker's code. Its first message is app.wasm's
// address and raw size, and wasm_exec.js's address: it fetches app.wasm and
// keeps the bytes as they come, posting how many have come at most every
// twentieth of the size. Its second message, "compile", has it compile
// them, those kept and those to come, and post the module, or the error, to
// the page; with the module goes the fetch's resource timing, which the
// page's own timeline lacks. A browser that cannot hand a module over gets
// the error instead, and the page compiles app.wasm itself. The code is made
// one line (earlyCompile): it has no // comments.
//
// The module is posted once the worker has run its first part itself: it
// runs the program with WARM_ENV (dom.WarmEnv) set to the page's address,
// and the program runs the page's start without a page (ui.Warm), calls
// robotsTesterWarmed (dom.Warmed) halfway, which posts the module, goes on
// and returns; then the worker posts how long that took ({warmed}, -1 if it
// failed), and the page ends it. Chromium compiles a function of the module
// when it is first called, on the calling thread, and the page's copy of the
// module shares the compiled code: what the worker has run, the page's
// start finds compiled. A warm-up that fails posts the module all the same.
// The worker's document is a stand-in of a few methods that do nothing, on
// which go-app draws a small page (dom.WarmDraw). Only Chromium's browsers
// warm (navigator.userAgentData is theirs): it is where compiling waits for
// a function's first call, and where it was measured; a browser that
// compiles the module whole as it loads, as Firefox does, would only get
// the live page later.
//
// The compiler is given a response made of the kept bytes, not the
// network's, so the browser cannot cache the compiled code for a later
// visit (it does so only for a module much of which got optimised, which one
// start does not reach). Handing it the network's response, kept unread
// while a copy (Response.clone) counted the bytes, was measured too: cold,
// the page was ready 60 to 150 ms later.
const compileWorkerJS = `let address, exec, page, kept = [], ended = false, failed = null, wake = null, compiling = false;
const woken = () => { if (wake) { const w = wake; wake = null; w(); } };
const fetchWasm = async (url, total) => {
  try {
    const r = await fetch(url);
    if (!r.ok) throw new Error(url + ": " + r.status + " " + r.statusText);
    const reader = r.body.getReader();
    let loaded = 0, told = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      kept.push(value);
      loaded += value.byteLength;
      if (loaded - told >= total / 20) { told = loaded; postMessage({ loaded }); }
      woken();
    }
    ended = true;
  } catch (err) {
    failed = err;
    if (!compiling) postMessage({ error: String(err) });
  }
  woken();
};
const compile = () => {
  compiling = true;
  const bytes = new ReadableStream({
    async pull(c) {
      while (!kept.length && !ended && !failed) await new Promise((w) => { wake = w; });
      if (kept.length) c.enqueue(kept.shift());
      else if (failed) c.error(failed);
      else c.close();
    },
  });
  WebAssembly.compileStreaming(new Response(bytes, { headers: { "Content-Type": "application/wasm" } }))
    .then((module) => {
      let posted = false;
      const post = () => {
        if (posted) return;
        posted = true;
        const t = performance.getEntriesByName(address)[0];
        try {
          postMessage({ module, timing: t ? t.toJSON() : null });
        } catch (err) {
          postMessage({ error: String(err) });
        }
      };
      warm(module, post).then((warmed) => { post(); postMessage({ warmed }); });
    }, (err) => postMessage({ error: String(err) }));
};
const standIn = () => {
  class Node {
    constructor() { this.firstChild = null; this.firstElementChild = null; }
    appendChild(c) { return c; }
    removeChild(c) { return c; }
    replaceChild(n, o) { return o; }
    insertBefore(n) { return n; }
    setAttribute() {}
    removeAttribute() {}
    getAttribute() { return null; }
    addEventListener() {}
    removeEventListener() {}
  }
  const body = new Node();
  body.firstElementChild = new Node();
  const made = () => new Node();
  return { body, createElement: made, createElementNS: made, createTextNode: made, getElementById: () => null, querySelector: () => null };
};
const warm = async (module, post) => {
  if (!exec || !self.navigator.userAgentData) return null;
  const start = performance.now();
  try {
    importScripts(exec);
    self.robotsTesterWarmed = post;
    self.document = standIn();
    const go = new Go();
    go.env = { WARM_ENV: page };
    let failed = false;
    go.exit = (code) => { failed = code !== 0; };
    await go.run(await WebAssembly.instantiate(module, go.importObject));
    return failed ? -1 : performance.now() - start;
  } catch (err) {
    console.warn("app.wasm: the warm-up failed:", err);
    return -1;
  }
};
onmessage = (e) => {
  if (e.data === "compile") { if (!compiling && !failed) compile(); }
  else { address = e.data.url; exec = e.data.exec; page = e.data.page; fetchWasm(address, e.data.total); }
};`

// earlyCompileJS starts the worker, unless go-app's loader would not load
// app.wasm at all (a crawler, ?wasm=false: goappCanLoadWebAssembly) or the
// browser cannot compile in a worker; then window.robotsTesterCompile is
// left unset and the loader does as go-app does. %[1]s, %[2]d, %[3]s and
// %[4]s are app.wasm's address, its raw size, the worker's code and
// wasm_exec.js's address.
const earlyCompileJS = `<script>(() => {
  if (!window.Worker || !window.ReadableStream || !WebAssembly.compileStreaming ||
      /bot|googlebot|crawler|spider|robot|crawling/i.test(navigator.userAgent) ||
      new URLSearchParams(location.search).get("wasm") === "false") return;
  try {
    const src = URL.createObjectURL(new Blob([%[3]s], { type: "text/javascript" }));
    const worker = new Worker(src);
    const early = { loaded: 0, onprogress: null, used: false };
    early.compile = () => worker.postMessage("compile");
    early.module = new Promise((resolve, reject) => {
      const end = () => { worker.terminate(); URL.revokeObjectURL(src); };
      worker.onmessage = (e) => {
        const d = e.data;
        if (d.loaded !== undefined) {
          early.loaded = d.loaded;
          if (early.onprogress) early.onprogress(d.loaded);
          return;
        }
        if (d.warmed !== undefined) {
          early.warmed = d.warmed;
          end();
          return;
        }
        early.timing = d.timing;
        if (d.module) resolve(d.module);
        else { end(); reject(new Error(d.error)); }
      };
      worker.onerror = (e) => { end(); reject(new Error(e.message || "the worker failed")); };
      worker.onmessageerror = () => { end(); reject(new Error("the worker's module could not be received")); };
    });
    early.module.catch(() => {}); // the loader reports it, and compiles on its own
    worker.postMessage({ url: new URL(%[1]s, location.href).href, total: %[2]d, exec: new URL(%[4]s, location.href).href, page: location.href });
    window.robotsTesterCompile = early;
  } catch (err) {
    console.warn("app.wasm: no worker to compile it:", err);
  }
})();</script>`

// earlyCompile returns the script that starts compiling app.wasm, at url, of
// size bytes, with wasm_exec.js at exec for the worker's warm-up.
func earlyCompile(url string, size int64, exec string) string {
	u, _ := json.Marshal(url) // escapes <, > and &: safe in a <script>
	e, _ := json.Marshal(exec)
	code := strings.ReplaceAll(compileWorkerJS, "WARM_ENV", dom.WarmEnv)
	// One line: a page's text has no escaped newline (TestBuild checks
	// that go-app's Go-quoted attributes are gone by looking for one).
	w, _ := json.Marshal(strings.Join(strings.Fields(code), " "))
	return fmt.Sprintf(earlyCompileJS, u, size, w, e)
}

// wasmExec is a page's script element of wasm_exec.js, Go's glue.
var wasmExec = regexp.MustCompile(`<script[^>]*\ssrc="([^"]*wasm_exec\.js)"`)

// workerCall is app.js's registration of the service worker at its start.
const workerCall = "\ngoappInitServiceWorker();\n"

// headStart is where in a page earlyCompile's script goes: first in the
// head, where no stylesheet holds it back.
const headStart = `<meta charset="UTF-8">`

// patchLoader changes go-app's app.js in dir to load app.wasm with loaderJS,
// leaves the service worker's registration to the app once it is ready,
// and puts earlyCompile's script first in each page that loads app.js.
// size is app.wasm's raw size.
func patchLoader(dir string, size int64) error {
	p := filepath.Join(dir, "app.js")
	b, err := os.ReadFile(p)
	if err != nil {
		return err
	}
	m := wasmInstantiate.FindAllSubmatch(b, -1)
	if len(m) != 1 {
		return fmt.Errorf("%s: go-app's loader has changed: no single instantiateStreaming(fetchWithProgress(…)) to replace", p)
	}
	var url string
	if err := json.Unmarshal(m[0][1], &url); err != nil {
		return fmt.Errorf("%s: app.wasm's address %s: %v", p, m[0][1], err)
	}
	b = wasmInstantiate.ReplaceAll(b, []byte(`goappInstantiateWasm(instantiateStreaming, $1, showProgress, go.importObject)`))
	// The service worker is registered once the page is ready (ui.Tester's
	// start): registered at once, its install fetched app.wasm a second
	// time and stored it while the page was still loading it.
	if !bytes.Contains(b, []byte(workerCall)) {
		return fmt.Errorf("%s: go-app's loader has changed: no %q to move", p, workerCall)
	}
	b = bytes.Replace(b, []byte(workerCall), []byte("\n"), 1)
	b = append(bytes.TrimRight(b, "\n"), []byte("\n"+loaderJS)...)
	if err := os.WriteFile(p, b, 0o644); err != nil {
		return err
	}

	pages, err := filepath.Glob(filepath.Join(dir, "*.html"))
	if err != nil {
		return err
	}
	for _, page := range pages {
		b, err := os.ReadFile(page)
		if err != nil {
			return err
		}
		s := string(b)
		if !strings.Contains(s, "/app.js\"") {
			continue
		}
		exec := wasmExec.FindAllStringSubmatch(s, -1)
		if len(exec) != 1 {
			return fmt.Errorf("%s: go-app's page has changed: no single wasm_exec.js script", page)
		}
		script := earlyCompile(url, size, html.UnescapeString(exec[0][1]))
		if strings.Count(s, headStart) != 1 {
			return fmt.Errorf("%s: go-app's page has changed: no single %s to put the compiling script after", page, headStart)
		}
		s = strings.Replace(s, headStart, headStart+"\n    "+script, 1)
		if err := os.WriteFile(page, []byte(s), 0o644); err != nil {
			return err
		}
	}
	return nil
}
