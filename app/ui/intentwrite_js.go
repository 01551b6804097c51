//go:build js

package ui

import (
	"robotstester/app/internal/byintent"
	"robotstester/app/internal/effect"
	"robotstester/app/internal/session"
)

// writeIntent has the site worker write an intent, which links the
// engine's writer, so that app.wasm does not: it answers later
// (sitePanel.reply), or now (now), that it cannot start.
func writeIntent(site *sitePanel, w effect.WriteIntent) (wrote byintent.Wrote, now bool) {
	why := site.write(w)
	return byintent.Wrote{ID: w.ID, Failed: why}, why != ""
}

// prerenderIntent is the page made at build time's: the live page has
// none.
func prerenderIntent(*session.Session) {}
