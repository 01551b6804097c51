package effect

import (
	"robotstester/app/model"
)

// File is a file the user chose or dropped, as the browser gave it: the
// models carry it from the view that took it to the ReadFile that reads
// it, and never look inside.
type File = any

// ReadFile reads File as text, at most Max bytes. What came of it goes
// back to the session as the message Then makes of the text, or of why
// the file could not be read: a part names in Then what the text is for.
type ReadFile struct {
	File File
	Max  int
	Then FileReader
}

// A FileReader makes the message a file read is sent back as: its text,
// or failure (in the user's words) when it could not be read.
type FileReader interface {
	Read(text, failure string) any
}

// CopyText puts Text on the clipboard; the page answers with
// parts.Copied, which says whether the browser let it.
type CopyText struct{ Text string }

// ReplaceURL puts URL in the address bar, in place of the page's own
// address: the share link, ready to be copied from there too.
type ReplaceURL struct{ URL string }

// NextFrame sends Then back to the session in a task of its own, after
// the browser has drawn a frame: work drawn a part at a time keeps every
// task short.
type NextFrame struct{ Then any }

// SetField writes Text into the field with the given ID: a field the
// user types in is not redrawn from what the model holds.
type SetField struct{ ID, Text string }

// RelayFetch asks the site's fetch relay for the robots.txt at URL, on
// behalf of the page Page; the page answers with parts.RelayAnswered
// (NoRelay when the site has none).
type RelayFetch struct{ URL, Page string }

// FetchText fetches URL with the browser's own fetch, at most Max bytes;
// the page answers with parts.TextFetched.
type FetchText struct {
	URL string
	Max int
}

// ComparePaced reads the file of Analysis in every dialect and checks
// each test of State in each, in a goroutine that pauses; the page
// answers with parts.Compared.
type ComparePaced struct {
	Analysis *model.Analysis
	State    model.State
}

// DropFile makes the analysis of a robots.txt dropped on the editor,
// paced, then applies session.DropFile with it: a large file's analysis
// would otherwise hold the page.
type DropFile struct{ Text string }

func (ReadFile) isIO()     {}
func (CopyText) isIO()     {}
func (ReplaceURL) isIO()   {}
func (NextFrame) isIO()    {}
func (SetField) isIO()     {}
func (RelayFetch) isIO()   {}
func (FetchText) isIO()    {}
func (ComparePaced) isIO() {}
func (DropFile) isIO()     {}
