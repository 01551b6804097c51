//go:build !js

package ui

import (
	"robotstester/app/internal/byintent"
	"robotstester/app/internal/effect"
	"robotstester/app/internal/session"
)

// intentWriter returns the message that has an intent written: its
// answer, written now with the engine's writer, for the page made at
// build time (and a native test's) has no worker, and app.wasm does not
// link the writer (intentwrite_js.go).
func intentWriter(w effect.WriteIntent) session.Msg { return byintent.WriteNow(w) }

// prerenderIntent makes Rules by intent's preview of work for the page
// made at build time, which draws every part under More: with no context
// to run the page's effects, it answers the model's own (a write, written
// now; a count of the site's URLs, none held).
func prerenderIntent(work *session.Session) {
	io := work.Apply(byintent.Follow{}).IO
	for len(io) > 0 {
		w := io[0]
		io = io[1:]
		switch w := w.(type) {
		case effect.WriteIntent:
			io = append(io, work.Apply(byintent.WriteNow(w)).IO...)
		case effect.CountPreview:
			io = append(io, work.Apply(byintent.SiteCounted{ID: w.ID}).IO...)
		}
	}
}
