// Command siteworker is the site URLs panel's Web Worker: a WebAssembly of
// its own (web/siteworker.wasm, started by web/siteworker.js), which the
// page fetches only when the panel is first opened. It reads a site's
// sitemaps, lists, exports and logs and counts them (app/sitework), so that
// none of that code weighs in the page's app.wasm, and the counting never
// holds the page's thread.
//
// This file only carries the messages (app/sitemsg) between the page and
// sitework.Worker, with plain syscall/js: no go-app. Built natively, it
// says what it is and exits.
package main
