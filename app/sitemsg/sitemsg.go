// Package sitemsg is the protocol between the page and the site URLs
// worker: the messages the page's panel (app/ui) posts to the Web Worker
// that reads and counts a site's URLs (app/siteworker), and those it posts
// back.
//
// The worker runs a WebAssembly of its own, fetched when the panel is
// first used, so that reading sitemaps, lists and logs (robots/sitemap)
// and counting them (robots.Coverage, robots.Diff) weigh nothing in the
// page's app.wasm and never hold the page's thread. This package is
// linked into both: it holds only types, and imports nothing the page does
// not already have (the engine's result types, encoding/json).
//
// A message is a JavaScript object {json, data}: json is a Request or a
// Reply encoded with encoding/json, and data, when there is one, the bulk
// bytes that go with it, never copied into the JSON: a Blob for a source
// to read (a dropped file) or a string (what was pasted), an ArrayBuffer,
// transferred, for a piece of an export. A URL never crosses one at a time: the worker
// holds them all, and the page sees only counts.
//
// The worker may start a helper (a second Web Worker, on another core,
// running the same WebAssembly), which holds a copy of the second half of
// each set of URLs and counts it while the worker counts the first
// halves. They speak the same {json, data} messages with kinds of their
// own, which the page never sends nor sees: Share, CountPart and Stop
// from the worker to its helper, Shared and PartCounted (and Failed,
// Fatal) back.
package sitemsg

import (
	"strconv"
	"strings"

	"robotstester/robots"
)

// The kinds of Request.
const (
	// Read reads the message's data (a sitemap, gzip or not, a list, a
	// crawler's CSV export, an access log) as a source named Name; an
	// index's sitemaps are then fetched through Relay, if any.
	Read = "read"
	// Load fetches Sitemaps through the fetch relay at Relay, and the
	// sitemaps of the indexes among them.
	Load = "load"
	// Count counts every URL held for Query; a later Count stops it.
	Count = "count"
	// Preview counts every URL held for every crawler under two files,
	// Text (the file shown) and Query's (a file not yet written: what a
	// form would write), apart from the counts: it neither stops them nor
	// is stopped by them; a later Preview stops it. It answers Previewed.
	Preview = "preview"
	// Write writes Intent into Text, the file shown, as the panel Rules
	// by intent would apply it (robots.WriteIntent), and says which
	// crawlers it governs there (robots.Intent.Targets): the page's
	// app.wasm does not link the writer. A later Write makes an earlier
	// one moot (the page keeps the newest ID's). It answers Written.
	Write = "write"
	// Export writes every URL held, checked for Query, as CSV.
	Export = "export"
	// Clear drops every URL, and stops the readings under way.
	Clear = "clear"
	// Rebase makes Text the file an edit is compared with.
	Rebase = "rebase"
	// Restore puts back what the last Clear dropped (the panel's Undo).
	Restore = "restore"
	// Resume reads back the URLs kept from the last visit (URLsState.Kept),
	// when the worker holds none yet; it answers Done, as a Read.
	Resume = "resume"

	// Share, from the worker to its helper: the message's data (an
	// ArrayBuffer, transferred) is a share of the URLs held at Version,
	// in the panel's binary form (app/sitework), which the helper holds
	// in place of its last one; it answers Shared. A Share of Version -1
	// has no data: the helper lets go of the share it holds.
	Share = "share"
	// CountPart, from the worker to its helper: count the share held,
	// which must be Version's, for Query, as count ID; the helper answers
	// PartCounted, or Failed. A later CountPart stops it.
	CountPart = "countpart"
	// Stop, from the worker to its helper: the counts up to ID are moot.
	Stop = "stop"
)

// A Request is a message from the page to the worker.
type Request struct {
	Kind string `json:"kind"`
	// ID is the page's number of the work asked for, which the replies to
	// it carry back: for Read and Load, the page's count of Clears (a
	// reading of an earlier one is stale); for Count and Export, the
	// page's count of queries (a count of an earlier one is stale).
	ID int64 `json:"id"`
	// Name names a Read's source, for the panel's list of sources.
	Name string `json:"name,omitempty"`
	// Text is the file shown: for Read and Load, the base an edit is
	// compared with when the worker holds no URL yet; for Rebase, the new
	// base.
	Text string `json:"text,omitempty"`
	// Sitemaps are a Load's sitemaps.
	Sitemaps []string `json:"sitemaps,omitempty"`
	// Relay is the fetch relay's absolute address, "" when the site has
	// none: the worker's own address is not the page's.
	Relay string `json:"relay,omitempty"`
	Query Query  `json:"query"`
	// Intent is a Write's intent.
	Intent *robots.Intent `json:"intent,omitempty"`
	// Version is the URLs' version a Share holds, and a Part counts.
	Version int `json:"version,omitempty"`
	// List is an Addresses' list.
	List *AddressList `json:"list,omitempty"`
	// URLsOnly, in a CountPart: count the share's URLs, not its
	// requests, which the worker counts whole (it alone holds the
	// address lists they are checked by).
	URLsOnly bool `json:"urlsOnly,omitempty"`
}

// A Query is what a count is of: the file, read as the page's tests are,
// for one crawler.
//
// The file goes as its Text, or, once the worker holds an earlier text of
// it, as an Edit of that one (Sent): a key typed in a file of 500 KiB is
// then a few bytes to post, and the worker reads again only the lines the
// edit touched (robots.File.Edit).
type Query struct {
	Text string `json:"text"`
	// Edit, when not nil, gives the file in place of Text, as an edit of
	// an earlier text the worker was given.
	Edit *Edit `json:"edit,omitempty"`
	// TextID is the page's number of the file, which a later Edit names as
	// its base; 0 when none will.
	TextID  int64              `json:"textID,omitempty"`
	Crawler string             `json:"crawler"`
	Dialect robots.Dialect     `json:"dialect"`
	Fixed   bool               `json:"fixed"`
	Answer  robots.AnswerClass `json:"answer"`
}

// The kinds of Reply.
const (
	// State is the URLs held now, sent as they change (at most every
	// tenth of a second while a source is read, and once it is).
	State = "state"
	// Status says what a Read or Load does now; Done that it ended, with
	// what to say ("" when all went well).
	Status = "status"
	Done   = "done"
	// Counted carries a Count's coverage, worded (View); Chunk a piece of an Export's
	// CSV (in the message's data), and Exported its end. Failed says why
	// a Count or Export did not end.
	Counted  = "counted"
	Chunk    = "chunk"
	Exported = "exported"
	Failed   = "failed"
	// Previewed carries what a Preview counted, worded (Site, of Total
	// URLs), or why it failed (Error).
	Previewed = "previewed"
	// Written carries a Write's file (Written) and its Targets, or why
	// it failed (Error).
	Written = "written"
	// Progress says how far a Count is: Done of Total URLs and requests
	// counted, a few times a second while it runs.
	Progress = "progress"
	// Fatal says the worker cannot go on (it could not start, or ran out
	// of memory): what it held is lost. The worker's script sends it too.
	Fatal = "fatal"

	// Shared, from the helper to the worker: the helper holds the share
	// of version ID. PartCounted carries a CountPart's Part (ID the
	// count's), in JSON, in the message's data: not in the Reply, so that
	// the page, which never gets one, does not carry its decoding. A
	// helper's Fatal tells the worker to count alone.
	Shared      = "shared"
	PartCounted = "partcounted"
)

// A Reply is a message from the worker to the page.
type Reply struct {
	Kind string `json:"kind"`
	// ID is the Request's whose work this is.
	ID     int64      `json:"id"`
	State  *URLsState `json:"state,omitempty"`
	Status string     `json:"status,omitempty"`
	View   *View      `json:"view,omitempty"`
	// Site is what a Preview counted, as the page draws it: the
	// crawlers whose verdicts over the URLs held the file proposed
	// changes, each with the URLs newly allowed and newly blocked.
	Site *Node `json:"site,omitempty"`
	// Written is the file a Write wrote, and Targets the crawlers its
	// intent governs in the file it was written into.
	Written string                `json:"written,omitempty"`
	Targets []robots.IntentTarget `json:"targets,omitempty"`
	// Done and Total are a Progress's counts; Total is also the URLs a
	// Preview counted.
	Done  int `json:"done,omitempty"`
	Total int `json:"total,omitempty"`
	// Error says, in words, why a Count or Export failed, or the worker
	// stopped.
	Error string `json:"error,omitempty"`
}

// URLsState is what the worker holds: how many URLs and requests, read
// from which sources, with what notes, and Version, which counts the
// changes (a coverage of an older version is stale).
type URLsState struct {
	Version int `json:"version"`
	// Pages counts the URLs of sitemaps, lists and exports; Requests the
	// requests of access logs.
	Pages    int      `json:"pages"`
	Requests int      `json:"requests"`
	Sources  []Source `json:"sources,omitempty"`
	Notes    []string `json:"notes,omitempty"`
	// List is the sources and notes as the panel lists them.
	List *Node `json:"list,omitempty"`
	// Kept: what is held is kept in the browser for the next visit (the
	// worker's Keeper), until a Clear.
	Kept bool `json:"kept,omitempty"`
}

// A Source is one sitemap, list, export or log read.
type Source struct {
	Name string `json:"name"`
	// Kind is "sitemap", "index", "list" or "log".
	Kind string `json:"kind"`
	// URLs counts the URLs (or requests, or for an index the sitemaps) it
	// gave that were not held yet; Repeats those it gave that were, from
	// it or an earlier source (a URL is held once; a logged request is
	// no repeat).
	URLs    int `json:"urls"`
	Repeats int `json:"repeats,omitempty"`
	// Error says why it was not read whole, in words; "" when it was.
	Error string `json:"error,omitempty"`
}

// A Coverage is what a Count counted: for the query's crawler, every URL
// held by deciding line; for Googlebot, the URLs sitemaps submit that the
// file blocks; for each crawler of a log, its requests; and what the file
// changes against the base.
type Coverage struct {
	// Version is the URLs' version counted.
	Version int `json:"version"`
	// Pages is the number of URLs counted (submitted and listed), and
	// Submitted those a sitemap submits.
	Pages     int `json:"pages"`
	Submitted int `json:"submitted"`
	// Tally is the query's crawler's, over every URL.
	Tally robots.Tally `json:"tally"`
	// Googlebot is Googlebot's, over the URLs sitemaps submit.
	Googlebot robots.Tally `json:"googlebot"`
	// Requests are the logged requests' tallies, by product token: the
	// crawlers' (robots.ReadRequester). NotCrawlers counts the others'.
	Requests    []robots.Tally     `json:"requests,omitempty"`
	NotCrawlers robots.NotCrawlers `json:"notCrawlers"`
	// Days are the crawlers' requests per day, by crawler in the order
	// of Requests, then by day.
	Days []DayCount `json:"days,omitempty"`
	// Compared reports that the file differs from the base; Flips are
	// then the changes, for the query's crawler.
	Compared bool          `json:"compared"`
	Flips    []robots.Flip `json:"flips,omitempty"`
	// Unused are the rules of the groups that apply to the crawler that
	// decide none of the URLs.
	Unused []Rule `json:"unused,omitempty"`
	// Helped reports that the worker's helper counted a share of the
	// URLs, on another core.
	Helped bool `json:"helped,omitempty"`
	// Matrix is every crawler's counts over every URL (submitted and
	// listed); nil when there are none.
	Matrix *Matrix `json:"matrix,omitempty"`
}

// A Matrix is the counts of many crawlers over the same URLs: every
// catalogued crawler's, and the query's crawler's. Crawlers whose counts
// are the same (those the file reads alike, which the engine counts
// once) share one MatrixCount.
type Matrix struct {
	// Agents are the crawlers, as the count was asked for them: the
	// query's crawler first, then the catalogue's tokens in its order.
	Agents []string `json:"agents"`
	// Of is, for each agent, the index of its counts in Counts.
	Of     []int         `json:"of"`
	Counts []MatrixCount `json:"counts"`
	// Changes are, for each agent, what the file changes against another
	// (the base, for a count; the file proposed, for a Preview); nil
	// when it is compared with none.
	Changes []Flips `json:"changes,omitempty"`
}

// Flips is what a file changes against another for one crawler over the
// same URLs: how many URLs are newly allowed (blocked before, allowed
// now) and newly blocked, and the changes that make them up, each the URLs
// one pair of deciding lines flips (robots.Diff's), with examples. The
// two counts are kept apart, never netted: an edit that blocks 600 URLs
// and allows 600 others changes 1,200 verdicts, not none.
type Flips struct {
	Allowed int           `json:"a"`
	Blocked int           `json:"b"`
	Changes []robots.Flip `json:"f,omitempty"`
}

// A MatrixCount is one crawler's counts over the URLs.
type MatrixCount struct {
	// Allowed and Blocked count the URLs it may and may not fetch.
	Allowed int `json:"a"`
	Blocked int `json:"b"`
	// ByAnswer reports that the server's answer decided every URL, not
	// the file.
	ByAnswer bool `json:"s,omitempty"`
	// Blocks are the lines that block URLs, in line order, with how many
	// each blocks: the line that blocks most is found once the shares
	// are added up.
	Blocks []LineCount `json:"l"`
}

// A LineCount is a line of the file and the URLs it decides.
type LineCount struct {
	Line  int `json:"n"`
	Count int `json:"c"`
}

// Count returns the counts of the i-th agent.
func (m *Matrix) Count(i int) *MatrixCount { return &m.Counts[m.Of[i]] }

// Most returns the line that blocks the most URLs (the first in the file
// of equals), with its count; 0 when none blocks.
func (c *MatrixCount) Most() LineCount {
	var most LineCount
	for _, l := range c.Blocks {
		if l.Count > most.Count {
			most = l
		}
	}
	return most
}

// A Part is what a count of a share of the URLs held counted, before it
// is added to the other shares' into a Coverage: the helper counts the
// second half of each set, and sends it with a PartCounted reply. Its
// slices are never omitted, so that JSON gives back nil and empty as they
// were.
type Part struct {
	// Version is the URLs' version counted.
	Version int `json:"version"`
	// Submitted are the tallies of the URLs sitemaps submit: the query's
	// crawler's, then Googlebot's.
	Submitted []robots.Tally `json:"submitted"`
	// Listed is the crawler's tally of the URLs of lists and exports.
	Listed robots.Tally `json:"listed"`
	// Requests are the logged requests' tallies, by product token, in
	// the order met: the crawlers'. NotCrawlers counts the others'.
	Requests    []robots.Tally     `json:"requests"`
	NotCrawlers robots.NotCrawlers `json:"notCrawlers"`
	// Days are the crawlers' requests per day.
	Days []DayCount `json:"days"`
	// SubmittedFlips and ListedFlips are what the file changes against
	// the base for the query's crawler, when compared, over each set: a
	// flip's examples are the submitted URLs' first.
	SubmittedFlips []robots.Flip `json:"submittedFlips"`
	ListedFlips    []robots.Flip `json:"listedFlips"`
	// SubmittedChanges and ListedChanges are the same for every
	// catalogued crawler (the matrix's, but the query's crawler, whose
	// are the flips above), each flip naming its crawler.
	SubmittedChanges []robots.Flip `json:"submittedChanges"`
	ListedChanges    []robots.Flip `json:"listedChanges"`
	// Matrix is every crawler's counts over the share's URLs, submitted
	// and listed.
	Matrix *Matrix `json:"matrix"`
}

// A Rule is a rule of the file: its line, and whether it allows.
type Rule struct {
	Line  int  `json:"line"`
	Allow bool `json:"allow"`
}

// MaxURLs is the most URLs (and logged requests) the panel holds: twenty
// sitemaps of the protocol's 50,000. What comes past it is not read, and
// the panel says so.
const MaxURLs = 1_000_000

// Grouped writes n with a comma between each group of three digits, as
// the panel's counts read: "12,408".
func Grouped(n int) string {
	s := strconv.Itoa(n)
	neg := strings.HasPrefix(s, "-")
	s = strings.TrimPrefix(s, "-")
	var b strings.Builder
	if neg {
		b.WriteByte('-')
	}
	for i, c := range s {
		if i > 0 && (len(s)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(c)
	}
	return b.String()
}

// GroupedPlural returns n, its digits grouped, and the noun that goes
// with it: "1 source", "12,408 URLs".
func GroupedPlural(n int, one, many string) string { return Grouped(n) + " " + Noun(n, one, many) }

// Noun returns the noun that goes with n: one for 1, many otherwise.
func Noun(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}
