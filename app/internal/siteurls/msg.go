package siteurls

import (
	"time"

	"robotstester/app/internal/effect"
	"robotstester/app/sitemsg"
)

// A Msg is a message to the site URLs: one of this file's types. The
// session routes them to its SiteURLs.
type Msg interface{ isMsg() }

// The user's actions.
type (
	// Open: the panel was opened; the worker starts, so that its
	// WebAssembly is there by the time a source is given. It says what
	// Begin says, in case the panel opens before the page has begun.
	Open struct{ Begin }
	// Fetch fetches the sitemaps of the file's Sitemap: lines through
	// the site's fetch relay.
	Fetch struct{}
	// Export downloads every URL with its verdict and deciding line, as
	// CSV.
	Export struct{}
	// Clear drops every URL, and stops what reads or counts them.
	Clear struct{}
	// Undo puts back what the last Clear dropped.
	Undo struct{}
	// Add reads Text, pasted into the panel.
	Add struct{ Text string }
	// Rebase compares later edits with the file as it is now.
	Rebase struct{}
	// SetCrawler counts for another crawler, as typed ("" is Googlebot).
	SetCrawler struct{ Text string }
	// AddFiles reads the files dropped or chosen, in order.
	AddFiles struct{ Files []File }
	// SortLog sorts the log's table by Column (model.LogColumns); the
	// column it is sorted by already, the other way.
	SortLog struct{ Column string }
	// OpenLogRow opens the row of the crawler Agent in the log's table
	// onto its rules and examples, or closes it.
	OpenLogRow struct{ Agent string }
	// Unfold shows the matrix's rows of the fold Key (a
	// sitemsg.RoleGroup's key), or hides them again when they show.
	Unfold struct{ Key string }
)

// File is a file the user gave, which the page holds: ID is its handle
// (effect.Post's File), Name its name.
type File struct {
	ID   int
	Name string
}

// The page's messages.
type (
	// Begin: the page has started. Kept is the note, in localStorage,
	// that the worker kept URLs for the next visit (KeptKey); Embedded,
	// the page is in its embed mode, which opens no saved work; Relay,
	// the site has a fetch relay.
	Begin struct{ Kept, Embedded, Relay bool }
	// Follow: the file or the tests shown changed; the URLs are counted
	// again for them.
	Follow struct{}
	// Reply is a reply of the worker.
	Reply struct{ sitemsg.Reply }
	// Stopped: the worker could not start, or failed (Why).
	Stopped struct{ Why string }
	// ExportFailed: the page could not gather the export (Why).
	ExportFailed struct{ Why string }
	// CountDue: the typing paused (effect.After) since the count ID was
	// asked for.
	CountDue struct{ ID int64 }
	// PreviewDue: the typing paused since the preview ID was asked for.
	PreviewDue struct{ ID int64 }
	// ListRead is the address list List kept in the browser
	// (effect.ReadList): Text "" when none is, Fetched and Source as
	// kept; Now is the page's time, to tell a list too old; Denied, the
	// browser keeps nothing.
	ListRead struct {
		List                  sitemsg.ListWant
		Text, Fetched, Source string
		Now                   time.Time
		Denied                bool
	}
	// ListFetched is the relay's answer for the address list List
	// (effect.FetchList): its Text, Fetched and Source, or why there is
	// none (Failed).
	ListFetched struct {
		List                          sitemsg.ListWant
		Text, Fetched, Source, Failed string
	}
	// ListsUnkept: the browser did not keep an address list
	// (effect.StoreList).
	ListsUnkept struct{}
)

// The messages of Rules by intent, which the site worker serves.
type (
	// WriteIntent has the worker write an intent (byintent.Wrote
	// answers).
	WriteIntent struct{ effect.WriteIntent }
	// CountPreview has the worker count the URLs under a file not yet
	// written (byintent.SiteCounted answers).
	CountPreview struct{ effect.CountPreview }
)

func (Open) isMsg()         {}
func (Fetch) isMsg()        {}
func (Export) isMsg()       {}
func (Clear) isMsg()        {}
func (Undo) isMsg()         {}
func (Add) isMsg()          {}
func (Rebase) isMsg()       {}
func (SetCrawler) isMsg()   {}
func (AddFiles) isMsg()     {}
func (Unfold) isMsg()       {}
func (Begin) isMsg()        {}
func (Follow) isMsg()       {}
func (Reply) isMsg()        {}
func (Stopped) isMsg()      {}
func (ExportFailed) isMsg() {}
func (CountDue) isMsg()     {}
func (PreviewDue) isMsg()   {}
func (WriteIntent) isMsg()  {}
func (CountPreview) isMsg() {}
func (SortLog) isMsg()      {}
func (OpenLogRow) isMsg()   {}
func (ListRead) isMsg()     {}
func (ListFetched) isMsg()  {}
func (ListsUnkept) isMsg()  {}
