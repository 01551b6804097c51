//go:build !js

package site

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
)

// wasmFetch is go-app's call that fetches app.wasm for its loader.
var wasmFetch = regexp.MustCompile(`fetchWithProgress\(("[^"]*"), showProgress\)`)

// wasmFetchDirect fetches app.wasm and hands the compiler the network's own
// response, and counts the bytes of a copy for the loading label.
//
// go-app's fetchWithProgress counts them by passing every chunk through a
// stream of its own, filled by JavaScript: the compiler then gets each
// chunk only when the page's thread is free to pass it on, and the page's
// thread does that work. Given the response itself, the browser streams
// it to the compiler on its own (and can cache the compiled code). The
// page was ready 35 to 45 ms sooner, first visit or repeat (medians of 24
// visits each way; docs/speed.md, What made the start sooner).
const wasmFetchDirect = `
// The robots.txt tester's loader (app/internal/site/loader.go): the
// compiler gets the network's own response; a copy counts the bytes.
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

// workerCall is app.js's registration of the service worker at its start.
const workerCall = "\ngoappInitServiceWorker();\n"

// patchLoader makes go-app's app.js in dir load app.wasm with
// wasmFetchDirect, and leaves the service worker's registration to the
// app, once it is ready.
func patchLoader(dir string) error {
	p := filepath.Join(dir, "app.js")
	b, err := os.ReadFile(p)
	if err != nil {
		return err
	}
	if len(wasmFetch.FindAllIndex(b, -1)) != 1 {
		return fmt.Errorf("%s: go-app's loader has changed: no single fetchWithProgress call to replace", p)
	}
	b = wasmFetch.ReplaceAll(b, []byte(`goappFetchWasm($1, showProgress)`))
	// The service worker is registered once the page is ready (ui.Tester's
	// start): registered at once, its install fetched app.wasm a second
	// time and stored it while the page was still loading it.
	if !bytes.Contains(b, []byte(workerCall)) {
		return fmt.Errorf("%s: go-app's loader has changed: no %q to move", p, workerCall)
	}
	b = bytes.Replace(b, []byte(workerCall), []byte("\n"), 1)
	b = append(bytes.TrimRight(b, "\n"), []byte("\n"+wasmFetchDirect)...)
	return os.WriteFile(p, b, 0o644)
}
