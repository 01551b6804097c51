//go:build js

package ui

import "robotstester/robots"

// intentWrite returns how the page has an intent written: by the site
// worker, which links the engine's writer, so that app.wasm does not.
func (t *Tester) intentWrite() func(string, robots.Intent, intentWritten) string {
	return t.site.write
}
