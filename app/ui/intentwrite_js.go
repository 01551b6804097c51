//go:build js

package ui

import (
	"robotstester/app/internal/effect"
	"robotstester/app/internal/session"
	"robotstester/app/internal/siteurls"
)

// intentWriter returns the message that has an intent written: to the
// site URLs, whose worker links the engine's writer, so that app.wasm
// does not; it answers Rules by intent later.
func intentWriter(w effect.WriteIntent) session.Msg { return siteurls.WriteIntent{WriteIntent: w} }

// prerenderIntent is the page made at build time's: the live page has
// none.
func prerenderIntent(*session.Session) {}
