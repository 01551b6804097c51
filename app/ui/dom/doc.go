// Package dom is every reach into the page from Go outside go-app's
// drawing: the hooks' names the components draw with and the selectors
// built from them, the fields and selects written after a change, the
// verdicts painted ahead of go-app's frame, storage, downloads, the
// clipboard, files, fetches, the address bar, the hand-over from the
// prerendered page, the guards that let go-app start, the browser's turn
// (NextTask, WaitForBrowser) and the garbage collector's timing.
//
// Each call turns a JavaScript exception into an error, so that a browser
// that refuses (storage disabled, clipboard denied) leaves the app working;
// natively (prerendering, tests) the calls do nothing.
package dom
