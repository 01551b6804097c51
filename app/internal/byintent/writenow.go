package byintent

import (
	"robotstester/app/internal/effect"
	"robotstester/robots"
)

// WriteNow answers the write w at once with the engine's writer, as the
// site worker would: the page made at build time has no worker, and
// tests stand in for it. app.wasm does not link it, nothing of the live
// page calling it (make wasm-links): the live page's worker writes.
func WriteNow(w effect.WriteIntent) Wrote {
	in := w.Intent
	return Wrote{ID: w.ID, Text: robots.WriteIntent(w.Text, in), Targets: in.Targets(robots.ParseString(w.Text))}
}
