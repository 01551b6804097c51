// Command siteworker is the site URLs panel's Web Worker: a WebAssembly of
// its own (web/siteworker.wasm, started by web/siteworker.js), which the
// page fetches only when the panel is first opened. It reads a site's
// sitemaps, lists, exports and logs and counts them (app/sitework), so that
// none of that code weighs in the page's app.wasm, and the counting never
// holds the page's thread.
//
// This command only carries the messages (app/sitemsg) between the page
// and sitework.Worker, with plain syscall/js: no go-app. Built natively,
// it says what it is and exits.
//
// On two cores or more, the worker starts its helper (sitework.Helper) once
// it holds many URLs: a second Web Worker of the same script, named
// "siteworker-helper", which it posts the WebAssembly.Module it compiled,
// so that the helper fetches and compiles nothing (helper.go). The page
// knows nothing of it. The helper is not started where a worker has no
// Worker (some browsers), nor when the worker's address has "nohelper" in
// its query: the browser tests start a worker so to compare its counts
// with a helped one's.
package main
