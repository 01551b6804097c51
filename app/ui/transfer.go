package ui

import (
	"errors"
	"time"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"robotstester/app/internal/embed"
	"robotstester/app/internal/session"
	"robotstester/app/internal/share"
	"robotstester/app/model"
	"robotstester/app/ui/dom"
	"robotstester/app/ui/panel"
)

// transfers is the work in and out of the page: the share link, exports,
// imports, files read and the live box's fetch, with what the page shows
// of them (the link's outcome, the fetch's report, the file it fetched).
// Each ends as an edit of the work, which only the page applies, or a
// notice. The page draws them in their places (shareView, fetchView,
// view), tells them of each edit it applies (applied), and reaches
// nothing else of them. Of the page they know only what they are given
// (transferPage).
type transfers struct {
	page transferPage

	linkStatus  string // the outcome of the last "Copy link"
	linkShown   string // the link, when it must be copied by hand
	linkTooLong bool

	fetch model.FetchView // the last fetch of a site's robots.txt
	live  liveCopy        // the file it fetched
}

// transferPage is what the transfers need of the page they are drawn in,
// given by the page (Tester.OnInit): the work is read through it, and
// changed only through apply.
type transferPage struct {
	// analysis and state are the file shown and what the user chose:
	// what is exported and shared.
	analysis func() *model.Analysis
	state    func() *model.State
	// apply carries out an edit of the work (an import, a fetch, a drop).
	apply func(app.Context, session.Msg)
	// settle has the analysis of the text typed made now, before an
	// action that reads the file.
	settle func(app.Context)
	// dropAhead starts the analysis of a file dropped (session.DropAhead),
	// made before the drop is applied.
	dropAhead func(text string) *session.Work
	// own is the page's own context: a fetch's answer and a drop's
	// analysis outlive the handler that asked for them.
	own func() app.Context
}

// liveCopy is the robots.txt the live box last fetched with a 2xx: the
// version Compare versions can hold the edits against.
type liveCopy struct{ url, body string }

// RelayEnv names the page's setting (go-app's Env, set at build time)
// that holds the fetch relay's address: the site's own {prefix}/fetch, or
// the one given to make build FETCH_RELAY=….
const RelayEnv = "FETCH_RELAY"

// shareView draws the share bar.
func (tr *transfers) shareView() app.UI {
	return &panel.ShareBar{
		Status:   tr.linkStatus,
		Link:     tr.linkShown,
		TooLong:  tr.linkTooLong,
		OnCopy:   tr.copyLink,
		OnExport: tr.exportState,
	}
}

// fetchView draws the live box, which fetches nothing until the page is
// ready.
func (tr *transfers) fetchView(ready bool) app.UI {
	return &panel.FetchPanel{View: tr.fetch, Disabled: !ready, OnFetch: tr.fetchRobots}
}

// view draws Import and export.
func (tr *transfers) view() app.UI {
	return &panel.TransferPanel{
		OnExport:    tr.export,
		OnStateFile: tr.importStateFile,
		OnURLs:      tr.importURLs,
		OnURLFile:   tr.importURLFile,
	}
}

// applied follows an edit the page applied, with its effects: the last
// fetch's report says what it changed, which Undo may take back, so it
// goes rather than say what no longer holds.
func (tr *transfers) applied(e session.Edit, fx session.Effects) {
	switch e := e.(type) {
	case session.Undo, session.Redo, session.EditorHistory, session.EditText:
		if typed, ok := e.(session.EditText); (!ok || typed.History != "" && fx.Editor) && tr.fetch.Kind == "ok" {
			tr.fetch = model.FetchView{}
		}
	}
}

// copyLink puts the state in the address bar's fragment and copies the
// link; when the clipboard refuses, the link is shown to copy by hand. A
// link is offered only when the tester would open it.
func (tr *transfers) copyLink(ctx app.Context) {
	tr.page.settle(ctx)
	link, err := share.Link(embed.PageURL(dom.URL()), *tr.page.state())
	tr.linkShown, tr.linkTooLong = "", false
	if err != nil {
		tr.linkStatus = "No link: " + err.Error() + "."
		tr.linkTooLong = errors.Is(err, share.ErrLinkTooLong)
		return
	}
	dom.ReplaceURL(link)
	// The link shows until the clipboard confirms the copy: a browser may
	// refuse it, or leave the request pending without an answer.
	tr.linkStatus = "Copying…"
	tr.linkShown = link
	settled := false
	dom.CopyText(link, func(err error) {
		ctx.Dispatch(func(ctx app.Context) {
			settled = true
			if tr.linkShown != link {
				return // a newer copy
			}
			if err != nil {
				tr.linkStatus = "The browser did not let the page copy the link: copy it from here."
				return
			}
			tr.linkStatus = "Link copied. It holds the file, tests and dialect; nothing is sent to a server."
			tr.linkShown = ""
		})
	})
	ctx.After(2*time.Second, func(ctx app.Context) {
		if !settled && tr.linkShown == link {
			tr.linkStatus = "The browser has not confirmed the copy: copy the link from here."
		}
	})
}

// export downloads the results or the state.
func (tr *transfers) export(ctx app.Context, format string) {
	tr.page.settle(ctx)
	var err error
	w := tr.page.state()
	switch format {
	case panel.ExportCSV:
		err = dom.Download("robots-test-results.csv", "text/csv", share.ResultsCSV(share.Results(tr.page.analysis(), w)))
	case panel.ExportJSON:
		err = dom.Download("robots-test-results.json", "application/json", share.ResultsJSON(share.Results(tr.page.analysis(), w)))
	default:
		err = dom.Download("robots-tester-state.json", "application/json", share.Marshal(*w))
	}
	if err != nil {
		tr.fileFailed(ctx, "The export failed", err)
	}
}

// exportState downloads the state file, the way to share a state too
// large for a link.
func (tr *transfers) exportState(ctx app.Context) { tr.export(ctx, panel.ExportState) }

// fileFailed says that reading or writing a file failed.
func (tr *transfers) fileFailed(ctx app.Context, what string, err error) {
	tr.page.apply(ctx, session.Report{Note: session.Note{ID: session.NoteFile, Alert: true, Text: what + ": " + dom.PlainError(err) + "."}})
}

// importStateFile replaces the work with a state file's.
func (tr *transfers) importStateFile(ctx app.Context, file app.Value) {
	tr.readFile(ctx, file, func(ctx app.Context, text string) { tr.page.apply(ctx, session.ImportState{Text: text}) })
}

// importURLs adds a test per URL of a list.
func (tr *transfers) importURLs(ctx app.Context, text string) {
	tr.page.apply(ctx, session.ImportURLs{Text: text})
	dom.ClearField(panel.URLListID)
}

func (tr *transfers) importURLFile(ctx app.Context, file app.Value) {
	tr.readFile(ctx, file, tr.importURLs)
}

// dropRobots loads a robots.txt dropped on the editor.
//
// A large file's analysis (every test checked against it) is made first,
// in a goroutine that pauses, so that no single task holds the page.
func (tr *transfers) dropRobots(ctx app.Context, file app.Value) {
	tr.readFile(ctx, file, func(ctx app.Context, text string) {
		tr.page.settle(ctx)
		w := tr.page.dropAhead(text)
		own := tr.page.own()
		own.Async(func() {
			w.Run(pacer()) // stopped by a key: the drop's own analysis is made at once
			own.Dispatch(func(ctx app.Context) { tr.page.apply(ctx, session.DropFile{Text: text, Ahead: w}) })
		})
	})
}

// readFile reads a file the user chose or dropped and hands its text to
// use, on the UI goroutine; when it cannot be read, a notice says why.
func (tr *transfers) readFile(ctx app.Context, file app.Value, use func(ctx app.Context, text string)) {
	dom.ReadText(file, model.MaxFile, func(text string, err error) {
		ctx.Dispatch(func(ctx app.Context) { tr.read(ctx, text, err, use) })
	})
}

// read takes a file's text, or why it could not be read.
func (tr *transfers) read(ctx app.Context, text string, err error, use func(ctx app.Context, text string)) {
	if err != nil {
		tr.fileFailed(ctx, "The file could not be read", err)
		return
	}
	tr.page.apply(ctx, session.Dismiss{ID: session.NoteFile})
	use(ctx, text)
}

// fetchRobots fetches the robots.txt of the site of the page the user
// typed, and puts the page into the selected test, in one step that Undo
// takes back. The site's fetch relay answers when there is one (it sees
// the server's status, redirects and time as a crawler does); without
// one, the browser's own fetch is tried, which most sites refuse, and the
// refusal shows the command line that fetches the file instead.
func (tr *transfers) fetchRobots(ctx app.Context, input string) {
	u, err := model.RobotsURL(input)
	if err != nil {
		tr.fetch = model.FetchBad(err)
		return
	}
	page := model.PageURL(input)
	tr.fetch = model.FetchBusy(u)
	current := func() bool { return tr.fetch.URL == u && tr.fetch.Kind == "busy" }
	own := tr.page.own()
	direct := func() {
		dom.FetchText(u, model.MaxFile+1, func(status int, body string, err error) {
			own.Dispatch(func(ctx app.Context) {
				if !current() {
					return // a newer fetch
				}
				if err != nil {
					tr.fetch = model.FetchRefused(u)
					return
				}
				tr.fetch = model.FetchDone(u, status, len(body))
				tr.fetched(ctx, session.Fetch{URL: u, Status: status, Body: body, TestURL: page})
			})
		})
	}
	relay := app.Getenv(RelayEnv)
	if relay == "" {
		direct()
		return
	}
	dom.FetchRelay(relay, page, func(text string, err error) {
		own.Dispatch(func(ctx app.Context) {
			if !current() {
				return
			}
			a, ok := model.ReadRelayAnswer(text)
			if err != nil || !ok {
				direct() // no relay here: a static host answered
				return
			}
			tr.fetch = model.FetchRelayed(u, a)
			if a.Error == "" {
				tr.fetched(ctx, session.Fetch{URL: u, Status: a.Status, Body: a.Body, TestURL: page})
			}
		})
	})
}

// fetched applies a fetch's answer, and keeps a file fetched for Compare
// versions.
func (tr *transfers) fetched(ctx app.Context, f session.Fetch) {
	tr.page.apply(ctx, f)
	if f.Status >= 200 && f.Status < 300 {
		tr.live = liveCopy{url: f.URL, body: tr.page.state().Robots}
	}
}

// dropRobots hands a robots.txt dropped on the editor to the transfers.
// It stays on the page only because the editor's binding (editing.go),
// which calls it, is being changed apart: it goes when that lands.
func (t *Tester) dropRobots(ctx app.Context, file app.Value) { t.transfer.dropRobots(ctx, file) }
