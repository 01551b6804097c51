//go:build !js

package ui

import (
	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"robotstester/robots"
)

// intentWrite returns how the page has an intent written: the page made
// at build time (and a native test's) has no worker, and writes it at
// once with the engine's writer, which app.wasm does not link
// (intentwrite_js.go).
func (t *Tester) intentWrite() func(string, robots.Intent, intentWritten) string {
	return func(text string, in robots.Intent, done intentWritten) string {
		done(app.Context{}, robots.WriteIntent(text, in), in.Targets(robots.ParseString(text)), "")
		return ""
	}
}
