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

// The work in and out of the page: links, exports, imports, files and
// fetches. Each ends as an edit of the session, or a notice.

// copyLink puts the state in the address bar's fragment and copies the
// link; when the clipboard refuses, the link is shown to copy by hand. A
// link is offered only when the tester would open it.
func (t *Tester) copyLink(ctx app.Context) {
	t.takePending(ctx)
	p := &t.page
	link, err := share.Link(embed.PageURL(dom.URL()), t.work.State)
	p.linkShown, p.linkTooLong = "", false
	if err != nil {
		p.linkStatus = "No link: " + err.Error() + "."
		p.linkTooLong = errors.Is(err, share.ErrLinkTooLong)
		return
	}
	dom.ReplaceURL(link)
	// The link shows until the clipboard confirms the copy: a browser may
	// refuse it, or leave the request pending without an answer.
	p.linkStatus = "Copying…"
	p.linkShown = link
	settled := false
	dom.CopyText(link, func(err error) {
		ctx.Dispatch(func(ctx app.Context) {
			settled = true
			if p.linkShown != link {
				return // a newer copy
			}
			if err != nil {
				p.linkStatus = "The browser did not let the page copy the link: copy it from here."
				return
			}
			p.linkStatus = "Link copied. It holds the file, tests and dialect; nothing is sent to a server."
			p.linkShown = ""
		})
	})
	ctx.After(2*time.Second, func(ctx app.Context) {
		if !settled && p.linkShown == link {
			p.linkStatus = "The browser has not confirmed the copy: copy the link from here."
		}
	})
}

// export downloads the results or the state.
func (t *Tester) export(ctx app.Context, format string) {
	t.takePending(ctx)
	var err error
	w := &t.work.State
	switch format {
	case panel.ExportCSV:
		err = dom.Download("robots-test-results.csv", "text/csv", share.ResultsCSV(share.Results(t.work.An, w)))
	case panel.ExportJSON:
		err = dom.Download("robots-test-results.json", "application/json", share.ResultsJSON(share.Results(t.work.An, w)))
	default:
		err = dom.Download("robots-tester-state.json", "application/json", share.Marshal(*w))
	}
	if err != nil {
		t.fileFailed(ctx, "The export failed", err)
	}
}

// exportState downloads the state file, the way to share a state too
// large for a link.
func (t *Tester) exportState(ctx app.Context) { t.export(ctx, panel.ExportState) }

// fileFailed says that reading or writing a file failed.
func (t *Tester) fileFailed(ctx app.Context, what string, err error) {
	t.work.Report(session.Note{ID: session.NoteFile, Alert: true, Text: what + ": " + dom.PlainError(err) + "."})
}

// importStateFile replaces the work with a state file's.
func (t *Tester) importStateFile(ctx app.Context, file app.Value) {
	t.readFile(ctx, file, func(ctx app.Context, text string) { t.apply(ctx, session.ImportState{Text: text}) })
}

// importURLs adds a test per URL of a list.
func (t *Tester) importURLs(ctx app.Context, text string) {
	t.apply(ctx, session.ImportURLs{Text: text})
	dom.ClearField(panel.URLListID)
}

func (t *Tester) importURLFile(ctx app.Context, file app.Value) {
	t.readFile(ctx, file, t.importURLs)
}

// dropRobots loads a robots.txt dropped on the editor.
//
// A large file's analysis (every test checked against it) is made first,
// in a goroutine that pauses, so that no single task holds the page.
func (t *Tester) dropRobots(ctx app.Context, file app.Value) {
	t.readFile(ctx, file, func(ctx app.Context, text string) {
		t.takePending(ctx)
		w := t.work.DropAhead(text)
		t.own.Async(func() {
			w.Run(pacer()) // stopped by a key: the drop's own analysis is made at once
			t.own.Dispatch(func(ctx app.Context) { t.apply(ctx, session.DropFile{Text: text, Ahead: w}) })
		})
	})
}

// readFile reads a file the user chose or dropped and hands its text to
// use, on the UI goroutine; when it cannot be read, a notice says why.
func (t *Tester) readFile(ctx app.Context, file app.Value, use func(ctx app.Context, text string)) {
	dom.ReadText(file, model.MaxFile, func(text string, err error) {
		ctx.Dispatch(func(ctx app.Context) {
			if err != nil {
				t.fileFailed(ctx, "The file could not be read", err)
				return
			}
			t.apply(ctx, session.Dismiss{ID: session.NoteFile})
			use(ctx, text)
		})
	})
}

// fetchRobots fetches the robots.txt of the site of the page the user
// typed, and puts the page into the selected test, in one step that Undo
// takes back. The site's fetch relay answers when there is one (it sees
// the server's status, redirects and time as a crawler does); without
// one, the browser's own fetch is tried, which most sites refuse, and the
// refusal shows the command line that fetches the file instead.
func (t *Tester) fetchRobots(ctx app.Context, input string) {
	u, err := model.RobotsURL(input)
	if err != nil {
		t.page.fetch = model.FetchBad(err)
		return
	}
	page := model.PageURL(input)
	t.page.fetch = model.FetchBusy(u)
	current := func() bool { return t.page.fetch.URL == u && t.page.fetch.Kind == "busy" }
	direct := func() {
		dom.FetchText(u, model.MaxFile+1, func(status int, body string, err error) {
			t.own.Dispatch(func(ctx app.Context) {
				if !current() {
					return // a newer fetch
				}
				if err != nil {
					t.page.fetch = model.FetchRefused(u)
					return
				}
				t.page.fetch = model.FetchDone(u, status, len(body))
				t.fetched(ctx, session.Fetch{URL: u, Status: status, Body: body, TestURL: page})
			})
		})
	}
	relay := app.Getenv(RelayEnv)
	if relay == "" {
		direct()
		return
	}
	dom.FetchRelay(relay, page, func(text string, err error) {
		t.own.Dispatch(func(ctx app.Context) {
			if !current() {
				return
			}
			a, ok := model.ReadRelayAnswer(text)
			if err != nil || !ok {
				direct() // no relay here: a static host answered
				return
			}
			t.page.fetch = model.FetchRelayed(u, a)
			if a.Error == "" {
				t.fetched(ctx, session.Fetch{URL: u, Status: a.Status, Body: a.Body, TestURL: page})
			}
		})
	})
}

// fetched applies a fetch's answer, and keeps a file fetched for Compare
// versions.
func (t *Tester) fetched(ctx app.Context, f session.Fetch) {
	t.apply(ctx, f)
	if f.Status >= 200 && f.Status < 300 {
		t.page.live = liveCopy{url: f.URL, body: t.work.State.Robots}
	}
}

// RelayEnv names the page's setting (go-app's Env, set at build time)
// that holds the fetch relay's address: the site's own {prefix}/fetch, or
// the one given to make build FETCH_RELAY=….
const RelayEnv = "FETCH_RELAY"
