package parts

import (
	"errors"
	"time"

	"robotstester/app/internal/effect"
	"robotstester/app/internal/share"
	"robotstester/app/model"
)

// Export formats, as Export names them.
const (
	ExportCSV   = "csv"   // the results as CSV
	ExportJSON  = "json"  // the results as JSON
	ExportState = "state" // the whole state, as a file to import again
)

// URLListID is the id of the field where a list of URLs is pasted or
// dropped: emptied once its URLs are tests.
const URLListID = "import-urls"

// copyWait is how long the share link waits for the clipboard's answer
// before it says to copy the link by hand: a browser may leave the
// request pending without one.
const copyWait = 2 * time.Second

// Transfers is the work in and out of the page: the share link, exports,
// imports, files read and the live box's fetch, with what the page shows
// of them (the link's outcome, the fetch's report, the file it fetched).
// Each ends as an edit of the work (Work), a notice, or IO.
type Transfers struct {
	link      LinkShown
	copied    bool // the clipboard answered the last copy
	fetch     model.FetchView
	fetchPage string // the page the busy fetch is for, the test's URL
	live      Live
}

// LinkShown is what the share bar shows of the last "Copy link".
type LinkShown struct {
	Status  string // its outcome, for people
	Link    string // the link, when it must be copied by hand
	TooLong bool   // the link would be too long: the state file instead
}

// Link returns what the share bar shows.
func (t Transfers) Link() LinkShown { return t.link }

// Fetch returns the live box's report of the last fetch.
func (t Transfers) Fetch() model.FetchView { return t.fetch }

// Live returns the file the live box last fetched with a 2xx.
func (t Transfers) Live() Live { return t.live }

// A TransfersMsg is a message of the transfers.
type TransfersMsg interface{ isTransfers() }

// CopyLink puts the work in a link to the page at Page (its address with
// no fragment), in the address bar, and on the clipboard.
type CopyLink struct{ Page string }

// Copied is the clipboard's answer to the copy of Link: Refused when the
// browser did not let the page copy.
type Copied struct {
	Link    string
	Refused bool
}

// CopyUnanswered is sent when the clipboard has kept the copy of Link
// waiting too long.
type CopyUnanswered struct{ Link string }

// Export downloads the results or the state, in Format (ExportCSV,
// ExportJSON, ExportState).
type Export struct{ Format string }

// ImportStateFile replaces the work with a state file's.
type ImportStateFile struct{ File effect.File }

// ImportURLs adds a test per URL of Text, one a line.
type ImportURLs struct{ Text string }

// ImportURLFile adds a test per URL of a file.
type ImportURLFile struct{ File effect.File }

// DropRobots loads a robots.txt dropped on the editor.
type DropRobots struct{ File effect.File }

// FileRead is a file the transfers asked for, read: its Text, or why it
// could not be (Failure). For says what it was read for.
type FileRead struct {
	For           ReadFor
	Text, Failure string
}

// Read makes the message of a file read (effect.FileReader).
func (r FileRead) Read(text, failure string) any {
	r.Text, r.Failure = text, failure
	return r
}

// ReadFor says what a file is read for.
type ReadFor int

// What a file is read for.
const (
	ForState ReadFor = iota // a state file, to import
	ForURLs                 // a list of URLs, to add as tests
	ForDrop                 // a robots.txt dropped on the editor
)

// FetchRobots fetches the robots.txt of the site of the page (or bare
// domain) Input, and puts the page into the selected test.
type FetchRobots struct{ Input string }

// RelayAnswered is the fetch relay's answer for URL: its Text, Failed
// when none came (a static host without a relay), NoRelay when the page
// has none.
type RelayAnswered struct {
	URL             string
	Text            string
	Failed, NoRelay bool
}

// TextFetched is the browser's own fetch of URL: its Status and Body,
// or Failed when the browser refused it (the site allows no other page
// to read it).
type TextFetched struct {
	URL    string
	Status int
	Body   string
	Failed bool
}

// FetchOutdated says that the work moved past the last fetch (Undo, Redo
// or the editor's own history): its report would say what no longer
// holds.
type FetchOutdated struct{}

func (CopyLink) isTransfers()        {}
func (Copied) isTransfers()          {}
func (CopyUnanswered) isTransfers()  {}
func (Export) isTransfers()          {}
func (ImportStateFile) isTransfers() {}
func (ImportURLs) isTransfers()      {}
func (ImportURLFile) isTransfers()   {}
func (DropRobots) isTransfers()      {}
func (FileRead) isTransfers()        {}
func (FetchRobots) isTransfers()     {}
func (RelayAnswered) isTransfers()   {}
func (TextFetched) isTransfers()     {}
func (FetchOutdated) isTransfers()   {}

// Update carries out msg, reading and editing the work through w, and
// returns the IO it asks of the page.
func (t *Transfers) Update(msg TransfersMsg, w Work) []effect.IO {
	switch m := msg.(type) {
	case CopyLink:
		return t.copyLink(m.Page, w)
	case Copied:
		if t.link.Link != m.Link {
			return nil // a newer copy
		}
		t.copied = true
		if m.Refused {
			t.link.Status = "The browser did not let the page copy the link: copy it from here."
			return nil
		}
		t.link = LinkShown{Status: "Link copied. It holds the file, tests and dialect; nothing is sent to a server."}
	case CopyUnanswered:
		if !t.copied && t.link.Link == m.Link {
			t.link.Status = "The browser has not confirmed the copy: copy the link from here."
		}
	case Export:
		return []effect.IO{export(m.Format, w)}
	case ImportStateFile:
		return read(m.File, ForState)
	case ImportURLs:
		w.ImportURLs(m.Text)
		return []effect.IO{effect.ClearField{ID: URLListID}}
	case ImportURLFile:
		return read(m.File, ForURLs)
	case DropRobots:
		return read(m.File, ForDrop)
	case FileRead:
		return t.fileRead(m, w)
	case FetchRobots:
		return t.fetchRobots(m.Input)
	case RelayAnswered:
		return t.relayAnswered(m, w)
	case TextFetched:
		if !t.busy(m.URL) {
			return nil // a newer fetch
		}
		if m.Failed {
			t.fetch = model.FetchRefused(m.URL)
			return nil
		}
		t.fetch = model.FetchDone(m.URL, m.Status, len(m.Body))
		t.fetched(Fetched{URL: m.URL, Status: m.Status, Body: m.Body, TestURL: t.fetchPage}, w)
	case FetchOutdated:
		if t.fetch.Kind == "ok" {
			t.fetch = model.FetchView{}
		}
	}
	return nil
}

// copyLink puts the state in a link and asks for it in the address bar
// and on the clipboard. The link shows until the clipboard confirms the
// copy: a browser may refuse it, or leave the request pending without an
// answer. A link is offered only when the tester would open it.
func (t *Transfers) copyLink(page string, w Work) []effect.IO {
	link, err := share.Link(page, w.State())
	if err != nil {
		t.link = LinkShown{Status: "No link: " + err.Error() + ".", TooLong: errors.Is(err, share.ErrLinkTooLong)}
		return nil
	}
	t.link, t.copied = LinkShown{Status: "Copying…", Link: link}, false
	return []effect.IO{
		effect.ReplaceURL{URL: link},
		effect.CopyText{Text: link},
		effect.After{Delay: copyWait, Msg: CopyUnanswered{Link: link}},
	}
}

// export returns the download of the results or the state.
func export(format string, w Work) effect.IO {
	st := w.State()
	d := effect.Download{Name: "robots-tester-state.json", Type: "application/json", Failed: "The export failed"}
	switch format {
	case ExportCSV:
		d.Name, d.Type, d.Data = "robots-test-results.csv", "text/csv", share.ResultsCSV(share.Results(w.Analysis(), &st))
	case ExportJSON:
		d.Name, d.Data = "robots-test-results.json", share.ResultsJSON(share.Results(w.Analysis(), &st))
	default:
		d.Data = share.Marshal(st)
	}
	return d
}

// read asks for a file's text, for the use named.
func read(file effect.File, use ReadFor) []effect.IO {
	return []effect.IO{effect.ReadFile{File: file, Max: model.MaxFile, Then: FileRead{For: use}}}
}

// fileRead takes a file's text, or says why it could not be read.
func (t *Transfers) fileRead(m FileRead, w Work) []effect.IO {
	if m.Failure != "" {
		w.FileFailed(failed("The file could not be read", m.Failure))
		return nil
	}
	w.FileRead()
	switch m.For {
	case ForState:
		w.ImportState(m.Text)
	case ForURLs:
		return t.Update(ImportURLs{Text: m.Text}, w)
	case ForDrop:
		return []effect.IO{effect.DropFile{Text: m.Text}}
	}
	return nil
}

// fetchRobots starts the fetch of a site's robots.txt. The site's fetch
// relay answers when there is one (it sees the server's status,
// redirects and time as a crawler does); without one, the browser's own
// fetch is tried, which most sites refuse, and the refusal shows the
// command line that fetches the file instead.
func (t *Transfers) fetchRobots(input string) []effect.IO {
	u, err := model.RobotsURL(input)
	if err != nil {
		t.fetch = model.FetchBad(err)
		return nil
	}
	t.fetch, t.fetchPage = model.FetchBusy(u), model.PageURL(input)
	return []effect.IO{effect.RelayFetch{URL: u, Page: t.fetchPage}}
}

// relayAnswered takes the relay's answer, or tries the browser's own
// fetch when no relay answered.
func (t *Transfers) relayAnswered(m RelayAnswered, w Work) []effect.IO {
	if !t.busy(m.URL) {
		return nil
	}
	a, ok := model.ReadRelayAnswer(m.Text)
	if m.NoRelay || m.Failed || !ok {
		return []effect.IO{effect.FetchText{URL: m.URL, Max: model.MaxFile + 1}}
	}
	t.fetch = model.FetchRelayed(m.URL, a)
	if a.Error == "" {
		t.fetched(Fetched{URL: m.URL, Status: a.Status, Body: a.Body, TestURL: t.fetchPage}, w)
	}
	return nil
}

// busy reports whether the fetch of u is the one under way: an answer to
// an older one is dropped.
func (t *Transfers) busy(u string) bool { return t.fetch.URL == u && t.fetch.Kind == "busy" }

// fetched applies a fetch's answer, and keeps a file fetched for Compare
// versions.
func (t *Transfers) fetched(f Fetched, w Work) {
	w.Fetch(f)
	if f.Status >= 200 && f.Status < 300 {
		t.live = Live{URL: f.URL, Body: w.State().Robots}
	}
}
