//go:build js

package main

// generate is never reached in the browser, where app.RunWhenOnBrowser
// blocks; the site generator stays out of app.wasm.
func generate() {}
