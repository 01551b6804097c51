package effect

import "robotstester/robots"

// WriteIntent asks the site worker, which links the engine's writer so
// that app.wasm need not, to write Intent into Text, the file shown (Rules
// by intent). The page starts the worker if it is not running, and sends
// back what it wrote, or why it could not, with ID (byintent.Wrote).
type WriteIntent struct {
	ID     int
	Text   string
	Intent robots.Intent
}

// CountPreview asks the site worker to count the site's URLs under Text,
// a file not yet written, beside the file shown, for every crawler. The
// page sends back the counts with ID, or that there are no URLs to count
// (byintent.SiteCounted).
type CountPreview struct {
	ID   int
	Text string
}

// ClearField empties the page's field of the id ID: what the user typed
// there was taken.
type ClearField struct{ ID string }

func (WriteIntent) isIO()  {}
func (CountPreview) isIO() {}
func (ClearField) isIO()   {}
