package ui

import (
	"errors"
	"strings"
	"testing"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"robotstester/app/internal/session"
	"robotstester/app/model"
	"robotstester/app/ui/panel"
)

// TestTransfersAlone drives the transfers through the page they are
// given, with no Tester: every change to the work is an edit handed to the
// page; a file that cannot be read is a notice, and one read dismisses
// the last; a fetch keeps the file it fetched only with a 2xx, and its
// report goes with an Undo; what they show is drawn as text.
func TestTransfersAlone(t *testing.T) {
	s := model.State{Robots: "User-agent: *\nDisallow: /private/\n", Rows: []model.Row{{Agent: "Googlebot", URL: "/private/x"}}}
	an := model.Analyze(&s)
	settled := 0
	var edits []session.Edit
	var notes []session.Note
	tr := &transfers{page: transferPage{
		analysis: func() *model.Analysis { return an },
		state:    func() *model.State { return &s },
		apply: func(_ app.Context, e session.Msg) {
			if r, ok := e.(session.Report); ok {
				notes = append(notes, r.Note)
				return
			}
			edits = append(edits, e.(session.Edit))
			if f, ok := e.(session.Fetch); ok {
				s.Robots = f.Body
			}
		},
		settle: func(app.Context) { settled++ },
		own:    func() app.Context { return app.Context{} },
	}}

	tr.importURLs(app.Context{}, "/a\n/b\n")
	if len(edits) != 1 || edits[0] != (session.ImportURLs{Text: "/a\n/b\n"}) {
		t.Fatalf("URLs imported: edits %v", edits)
	}
	used := ""
	use := func(_ app.Context, text string) { used = text }
	tr.read(app.Context{}, "", errors.New("too large"), use)
	if len(notes) != 1 || notes[0].ID != session.NoteFile || !notes[0].Alert || !strings.HasPrefix(notes[0].Text, "The file could not be read: ") || used != "" || len(edits) != 1 {
		t.Errorf("a file not read: notes %+v, used %q, edits %v", notes, used, edits)
	}
	tr.read(app.Context{}, "User-agent: *\n", nil, use)
	if used != "User-agent: *\n" || len(edits) != 2 || edits[1] != (session.Dismiss{ID: session.NoteFile}) {
		t.Errorf("a file read: used %q, edits %v", used, edits)
	}

	tr.export(app.Context{}, panel.ExportCSV)
	if settled != 1 {
		t.Errorf("an export settled the typing %d times, not once", settled)
	}

	tr.fetchRobots(app.Context{}, "")
	if tr.fetch.Kind != "bad" {
		t.Errorf("nothing to fetch: %+v", tr.fetch)
	}
	tr.fetched(app.Context{}, session.Fetch{URL: "https://example.com/robots.txt", Status: 404, Body: ""})
	if tr.live != (liveCopy{}) {
		t.Errorf("a 404 kept as the live file: %+v", tr.live)
	}
	tr.fetch = model.FetchDone("https://example.com/robots.txt", 200, 22)
	tr.fetched(app.Context{}, session.Fetch{URL: "https://example.com/robots.txt", Status: 200, Body: "User-agent: *\nAllow: /\n"})
	if tr.live != (liveCopy{url: "https://example.com/robots.txt", body: "User-agent: *\nAllow: /\n"}) {
		t.Errorf("the file fetched is not the live one: %+v", tr.live)
	}
	html := app.HTMLString(tr.fetchView(true).(*panel.FetchPanel).Render())
	if !strings.Contains(html, `data-fetch="ok"`) {
		t.Errorf("no fetch report drawn:\n%s", html)
	}
	tr.applied(session.EditText{}, session.Effects{File: true})
	if tr.fetch.Kind != "ok" {
		t.Error("a key took the fetch's report away")
	}
	tr.applied(session.Undo{}, session.Effects{Editor: true})
	if tr.fetch.Kind != "" {
		t.Errorf("Undo left the fetch's report: %+v", tr.fetch)
	}
	if html := app.HTMLString(tr.fetchView(false).(*panel.FetchPanel).Render()); !strings.Contains(html, `id="live-fetch"`) || !strings.Contains(html, "disabled") {
		t.Errorf("the live box fetches before the page is ready:\n%s", html)
	}

	tr.linkStatus, tr.linkShown = "No link: <b>too long</b>.", "https://example.com/#s=x"
	html = app.HTMLString(tr.shareView().(*panel.ShareBar).Render())
	if !strings.Contains(html, `id="copy-link"`) || !strings.Contains(html, `value="https://example.com/#s=x"`) || !strings.Contains(html, "&lt;b&gt;too long") || strings.Contains(html, "<b>") {
		t.Errorf("the share bar is not drawn, or drawn as markup:\n%s", html)
	}
	if html := app.HTMLString(tr.view().(*panel.TransferPanel).Render()); !strings.Contains(html, `id="export-state"`) {
		t.Errorf("no Import and export:\n%s", html)
	}
}
