// The site URLs panel's Web Worker (app/siteworker): it reads and counts a
// site's URLs in a WebAssembly of its own, off the page's thread. The page
// starts it when the panel is first opened, as web/siteworker.js?v=VERSION;
// the same query string fetches its WebAssembly, so that a new deploy never
// mixes a cached worker with a new page.
//
// The worker may start a helper, a second worker of this same script
// named "siteworker-helper", which counts a share of the URLs on another
// core (app/sitework's Helper). The helper fetches nothing: its worker
// posts it the WebAssembly.Module it compiled ({module}), kept here as
// self.siteModule for that.
"use strict";

const helper = self.name === "siteworker-helper";

// The messages that come while the WebAssembly is fetched and compiled
// wait here; the Go side takes them once it runs.
self.siteQueue = [];
let gotModule;
const moduleCame = new Promise((resolve) => { gotModule = resolve; });
self.onmessage = (e) => {
  if (helper && e.data && e.data.module) gotModule(e.data.module);
  else self.siteQueue.push(e.data);
};

// fatal tells the page (a helper, its worker) the worker cannot go on: it
// says so in the panel, and the user's file and tests are untouched.
const fatal = (why) => self.postMessage({json: JSON.stringify({kind: "fatal", error: String(why)})});

// siteKeep keeps the panel's URLs for the next visit (app/sitework's
// Keeper, app/siteworker's keeper): one record of IndexedDB, the URLs in
// their binary form, an ArrayBuffer. Each call opens the database and
// closes it, so that no other tab waits on this one's; each returns a
// promise, which rejects with the browser's reason (storage denied, full).
const keptDB = "robots-tester-site", keptStore = "kept", keptKey = "urls";
// A storage that never answers (a browser's bug, a database another tab
// holds) fails after keptWait, rather than leaving the panel reading.
const keptWait = 15000;
const openKept = () => new Promise((resolve, reject) => {
  if (!self.indexedDB) throw new Error("this browser gives workers no IndexedDB");
  let given = false;
  const give = (err) => { given = true; reject(err); };
  const timer = setTimeout(() => give(new Error("the browser's storage did not answer")), keptWait);
  const r = self.indexedDB.open(keptDB, 1);
  r.onupgradeneeded = () => r.result.createObjectStore(keptStore);
  r.onsuccess = () => {
    clearTimeout(timer);
    if (given) r.result.close(); // too late: not left open
    else resolve(r.result);
  };
  r.onerror = () => { clearTimeout(timer); give(r.error); };
  r.onblocked = () => { clearTimeout(timer); give(new Error("another tab of this site holds the storage")); };
});
const inKept = async (mode, fn) => {
  const db = await openKept();
  try {
    return await new Promise((resolve, reject) => {
      const tx = db.transaction(keptStore, mode);
      const r = fn(tx.objectStore(keptStore));
      tx.oncomplete = () => resolve(r.result);
      tx.onerror = () => reject(tx.error);
      tx.onabort = () => reject(tx.error || new Error("the storage gave up"));
    });
  } finally {
    db.close();
  }
};
self.siteKeep = {
  keep: (buf) => inKept("readwrite", (s) => s.put(buf, keptKey)),
  kept: () => inKept("readonly", (s) => s.get(keptKey)),
  forget: () => inKept("readwrite", (s) => s.delete(keptKey)),
};

// compile returns the worker's WebAssembly, compiled: streamed while it
// downloads when the server says what it is. The response, copied, is
// kept for visits without a network (offline).
const compile = async (url, v) => {
  const resp = await fetch(url);
  if (!resp.ok) throw new Error("siteworker.wasm answered " + resp.status);
  const copy = self.caches ? resp.clone() : null;
  let module;
  if (WebAssembly.compileStreaming && (resp.headers.get("content-type") || "").startsWith("application/wasm")) {
    module = await WebAssembly.compileStreaming(resp);
  } else {
    module = await WebAssembly.compile(await resp.arrayBuffer());
  }
  if (copy) offline(v, url, copy);
  return module;
};

// offline keeps the worker's files (its script, wasm_exec.js and its
// WebAssembly) for a visit without a network, in a cache of their own:
// go-app's service worker answers from every cache, and deletes every
// cache but its own when a new version of the site starts, these with
// it. The files are versioned (v), so an older version's are dropped here
// too. Where the browser refuses, the panel works online as before.
const offlineCache = "robots-tester-siteworker";
const offline = async (v, wasmURL, wasm) => {
  try {
    const name = offlineCache + v;
    for (const k of await self.caches.keys()) {
      if (k.startsWith(offlineCache) && k !== name) await self.caches.delete(k);
    }
    const c = await self.caches.open(name);
    if (await c.match(self.location.href)) return; // kept at an earlier start
    await c.put(new URL(wasmURL, self.location.href).href, wasm);
    await c.addAll([self.location.href, new URL("../wasm_exec.js" + v, self.location.href).href]);
  } catch (e) {
    // not kept for offline use: nothing else changes
  }
};

(async () => {
  const v = self.location.search;
  importScripts("../wasm_exec.js" + v);
  const go = new Go();
  let code = 0;
  const exit = go.exit;
  go.exit = (c) => { code = c; exit.call(go, c); };
  const module = helper ? await moduleCame : await compile("siteworker.wasm" + v, v);
  self.siteModule = module;
  const instance = await WebAssembly.instantiate(module, go.importObject);
  await go.run(instance);
  // Go returns only when it can go on no more: a fatal error, most often
  // memory.
  fatal("it stopped (exit code " + code + "; most likely out of memory)");
})().catch((e) => fatal("it could not start: " + (e && e.message ? e.message : e)));
