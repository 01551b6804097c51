package byintent

import (
	"robotstester/app/sitemsg"
	"robotstester/robots"
)

// A Msg is a message to Rules by intent: one of this file's types. The
// session routes them to its Intent.
type Msg interface{ isMsg() }

// Follow: the file or the tests shown changed, or the panel was opened;
// the preview follows them.
type Follow struct{}

// SetRole chooses for a line of roles, by its name (robots.IntentRoles):
// Choice is "leave", "allow" or "block".
type SetRole struct{ Name, Choice string }

// AddCrawler chooses for a crawler apart from its role: Typed is its
// token or a user-agent string, as typed; Choice is "allow" or "block".
type AddCrawler struct{ Typed, Choice string }

// SetCrawler changes the choice for the crawler chosen apart at Index.
type SetCrawler struct {
	Index  int
	Choice string
}

// RemoveCrawler drops the crawler chosen apart at Index.
type RemoveCrawler struct{ Index int }

// SetPref states an AI preference: Purpose is a robots.UsePurpose, Stance
// "yes", "no" or "" for none.
type SetPref struct {
	Purpose int
	Stance  string
}

// SetUsage: whether a Content-Usage line is written too.
type SetUsage struct{ On bool }

// Unfold shows the preview's table's rows of the fold Key (a role
// group's, model.IntentFold), or hides them again.
type Unfold struct{ Key string }

// Refresh makes the preview again over the file as typed (a large file's,
// which the typing leaves stale).
type Refresh struct{}

// Apply writes the form's rules into the file, as one edit that Undo
// takes back: the text the worker wrote, or, when it wrote an earlier
// text or form, the text it writes now, applied once it comes.
type Apply struct{}

// Wrote is the worker's answer to the write ID (effect.WriteIntent): the
// file written and the crawlers the intent governs there, or why it could
// not write it (it could not start, or it stopped).
type Wrote struct {
	ID      int
	Text    string
	Targets []robots.IntentTarget
	Failed  string
}

// SiteCounted is the answer to the count ID (effect.CountPreview): Asked
// is false when there are no URLs to count; else the worker's words of
// what the file written changes over the site's URLs (Node, over URLs
// URLs), or why they could not be counted.
type SiteCounted struct {
	ID     int
	Asked  bool
	Node   *sitemsg.Node
	URLs   int
	Failed string
}

func (Follow) isMsg()        {}
func (SetRole) isMsg()       {}
func (AddCrawler) isMsg()    {}
func (SetCrawler) isMsg()    {}
func (RemoveCrawler) isMsg() {}
func (SetPref) isMsg()       {}
func (SetUsage) isMsg()      {}
func (Refresh) isMsg()       {}
func (Unfold) isMsg()        {}
func (Apply) isMsg()         {}
func (Wrote) isMsg()         {}
func (SiteCounted) isMsg()   {}
