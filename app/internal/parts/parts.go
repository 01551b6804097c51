// Package parts holds the page's parts that have state of their own and
// no engine of their own: Compare versions and the versions kept
// (Versions), every crawler's reading (Compare), and the work in and out
// of the page (Transfers: the share link, exports, imports, the live
// box's fetch). Each is a plain-Go model held by the session, changed
// only by its messages (the session's Apply routes them), read through
// methods that return values. What a part asks of the browser is a value
// of package effect, which the page carries out and answers with another
// of the part's messages.
//
// A part reads the work, and asks for edits of it, through Work: the
// session is the one that changes the work, and its edits are its own.
package parts

import "robotstester/app/model"

// Work is what a part reads of the session, and the edits it asks of it.
// The session gives its own; a test gives a fake.
type Work interface {
	// State is what the user chose, and Analysis the analysis of it:
	// both read, never changed.
	State() model.State
	Analysis() *model.Analysis
	// Versions are the versions the autosave kept.
	Versions() VersionStore
	// Live is the file the live box last fetched.
	Live() Live

	// ImportState replaces the work with a state file's text.
	ImportState(text string)
	// ImportURLs adds a test per URL of a list.
	ImportURLs(text string)
	// Fetch takes the answer to a fetch of a robots.txt (session.Fetch).
	Fetch(f Fetched)
	// FileFailed says in a notice that a file could not be read or
	// written, and FileRead takes that notice back.
	FileFailed(text string)
	FileRead()
}

// VersionStore is the versions the autosave kept, as a part reads them.
type VersionStore interface {
	// Saves reports whether the work can be kept in this browser at all.
	Saves() bool
	// Kept counts the versions kept so far, which changes when one more
	// is kept.
	Kept() int
	// Summaries describe the versions kept, newest first.
	Summaries() []string
	// Robots reads version i's robots.txt.
	Robots(i int) (string, error)
}

// Fetched is the answer to a fetch of a robots.txt: session.Fetch's
// fields, with which the session replaces the work.
type Fetched struct {
	URL     string
	Status  int
	Body    string
	TestURL string // the page the user asked about, for the selected test
}

// Live is the robots.txt the live box last fetched with a 2xx, for
// Compare versions to hold the edits against: URL is "" when none was.
type Live struct{ URL, Body string }

// failed words a notice for something that failed, and why.
func failed(what, why string) string { return what + ": " + why + "." }
