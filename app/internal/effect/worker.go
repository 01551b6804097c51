package effect

import (
	"time"

	"robotstester/app/sitemsg"
	"robotstester/robots"
)

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
// there was taken. When Only is set, the field is emptied only if it
// still holds Only (the user may have typed more meanwhile).
type ClearField struct{ ID, Only string }

// StartWorker starts the site worker (dom.SiteWorker, a WebAssembly of
// its own), unless it runs. The page answers siteurls.Stopped when it
// cannot start.
type StartWorker struct{}

// StopWorker stops the site worker: it failed, and what it held is lost.
type StopWorker struct{}

// Post posts Request to the site worker, with a body: Text when not "",
// or the file the page handed over as File (siteurls.File's ID) when not
// 0. Relay: the page fills in the address of its fetch relay, if any.
// The worker's replies come back as siteurls.Reply.
type Post struct {
	Request sitemsg.Request
	Text    string
	File    int
	Relay   bool
}

// After sends Msg back after Delay, in place of what was set for Key
// before and has not come yet: a wait for a pause in the typing, pushed
// back at each key. With no Key, it replaces nothing: a wait of its own.
type After struct {
	Key   string
	Delay time.Duration
	Msg   any
}

// StoreFlag writes Value under Key in the browser's localStorage ("" to
// take it out); a storage denied loses it, and nothing else.
type StoreFlag struct{ Key, Value string }

// ExportBegin has the page gather the pieces of the export ID, which the
// worker sends beside its replies (sitemsg.Chunk), in the page's
// JavaScript memory.
type ExportBegin struct{ ID int64 }

// ExportSave hands the user the export gathered, as a file Name of the
// type Type; ExportDrop drops it.
type ExportSave struct{ Name, Type string }

// ExportDrop drops the export gathered.
type ExportDrop struct{}

// Failure tells the user that What failed, and Why (a notice).
type Failure struct{ What, Why string }

// MoveProgress moves what the page says of a count under way in place,
// when it is drawn: a few messages a second during a count need not
// redraw the page. Text says how far it is.
type MoveProgress struct {
	Done, Total int
	Text        string
}

// NoRedraw: nothing on screen changed; the page need not draw again.
type NoRedraw struct{}

// ShowNotes has the editor draw its lines in view again, with the line
// notes the site's URLs give them.
type ShowNotes struct{}

// ReadList reads the address list List kept in the browser
// (IndexedDB); the page answers siteurls.ListRead.
type ReadList struct{ List sitemsg.ListWant }

// FetchList asks the site's relay for the address list List (GET
// PREFIX/ranges?token=TOKEN, &n=N for a crawler's list after its first:
// never a URL the page names); the page answers siteurls.ListFetched.
type FetchList struct{ List sitemsg.ListWant }

// StoreList keeps the address list List in the browser (IndexedDB):
// Text as the relay answered it, Fetched and Source its headers. The
// page answers siteurls.ListsUnkept when the browser does not keep it.
type StoreList struct {
	List                  sitemsg.ListWant
	Text, Fetched, Source string
}

func (ReadList) isIO()     {}
func (FetchList) isIO()    {}
func (StoreList) isIO()    {}
func (WriteIntent) isIO()  {}
func (CountPreview) isIO() {}
func (ClearField) isIO()   {}
func (StartWorker) isIO()  {}
func (StopWorker) isIO()   {}
func (Post) isIO()         {}
func (After) isIO()        {}
func (StoreFlag) isIO()    {}
func (ExportBegin) isIO()  {}
func (ExportSave) isIO()   {}
func (ExportDrop) isIO()   {}
func (Failure) isIO()      {}
func (MoveProgress) isIO() {}
func (NoRedraw) isIO()     {}
func (ShowNotes) isIO()    {}
