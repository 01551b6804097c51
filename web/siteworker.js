// The site URLs panel's Web Worker (app/siteworker): it reads and counts a
// site's URLs in a WebAssembly of its own, off the page's thread. The page
// starts it when the panel is first opened, as web/siteworker.js?v=VERSION;
// the same query string fetches its WebAssembly, so that a new deploy never
// mixes a cached worker with a new page.
"use strict";

// The page's messages that come while the WebAssembly is fetched and
// compiled wait here; the Go side takes them once it runs.
self.siteQueue = [];
self.onmessage = (e) => self.siteQueue.push(e.data);

// fatal tells the page the worker cannot go on: it says so in the panel,
// and the user's file and tests are untouched.
const fatal = (why) => self.postMessage({json: JSON.stringify({kind: "fatal", error: String(why)})});

(async () => {
  const v = self.location.search;
  importScripts("../wasm_exec.js" + v);
  const go = new Go();
  let code = 0;
  const exit = go.exit;
  go.exit = (c) => { code = c; exit.call(go, c); };
  const url = "siteworker.wasm" + v;
  const resp = await fetch(url);
  if (!resp.ok) throw new Error("siteworker.wasm answered " + resp.status);
  let wasm;
  if (WebAssembly.instantiateStreaming && (resp.headers.get("content-type") || "").startsWith("application/wasm")) {
    wasm = await WebAssembly.instantiateStreaming(resp, go.importObject);
  } else {
    wasm = await WebAssembly.instantiate(await resp.arrayBuffer(), go.importObject);
  }
  await go.run(wasm.instance);
  // Go returns only when it can go on no more: a fatal error, most often
  // memory.
  fatal("it stopped (exit code " + code + "; most likely out of memory)");
})().catch((e) => fatal("it could not start: " + (e && e.message ? e.message : e)));
