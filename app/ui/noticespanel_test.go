package ui

import (
	"strings"
	"testing"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"robotstester/app/internal/session"
	"robotstester/app/model"
)

// noticesHost draws a notices panel as the page does, inside a component.
type noticesHost struct {
	app.Compo
	np *noticesPanel
}

func (h *noticesHost) Render() app.UI { return h.np.view() }

// TestNoticesPanelAlone drives the notices through the page they are
// given, with no Tester: each answer is an edit handed to the page, the
// choice over a link is saved at once, Undo is offered only with
// something to take back, and what a notice says is drawn as text.
func TestNoticesPanelAlone(t *testing.T) {
	notes := []session.Note{
		{ID: "undo-me", Text: "Tests <b>replaced</b>", Action: session.ActionUndo},
		{ID: session.NoteAside, Alert: true, Text: "Saved work could not be read", Action: session.ActionExportAside},
	}
	var shared *model.State
	canUndo, saves := false, 0
	var edits []session.Edit
	np := &noticesPanel{page: noticesPage{
		notes:   func() []session.Note { return notes },
		shared:  func() *model.State { return shared },
		canUndo: func() bool { return canUndo },
		aside:   func() string { return `{"robots":""}` },
		apply:   func(_ app.Context, e session.Edit) { edits = append(edits, e) },
		save:    func() { saves++ },
		failed:  func(_ app.Context, what string, _ error) { t.Errorf("%s", what) },
	}}
	html := render(t, &noticesHost{np: np})
	for _, want := range []string{`id="notices"`, `data-notice="undo-me"`, "Tests &lt;b&gt;replaced&lt;/b&gt;", "Export it"} {
		if !strings.Contains(html, want) {
			t.Errorf("no %s in\n%s", want, html)
		}
	}
	if strings.Contains(html, "<b>") || strings.Contains(html, ">Undo<") || strings.Contains(html, "shared-choice") {
		t.Errorf("markup, an Undo with nothing to undo, or a choice with no link:\n%s", html)
	}
	canUndo, shared = true, &model.State{Rows: make([]model.Row, 3)}
	html = render(t, &noticesHost{np: np})
	if !strings.Contains(html, ">Undo<") || !strings.Contains(html, `id="open-shared"`) {
		t.Errorf("no Undo, or no choice over the link:\n%s", html)
	}

	np.dismiss(app.Context{}, "undo-me")
	np.undo(app.Context{})
	np.openShared(app.Context{})
	np.keepMine(app.Context{})
	want := []session.Edit{session.Dismiss{ID: "undo-me"}, session.Undo{}, session.OpenShared{}, session.KeepMine{}}
	if len(edits) != len(want) || saves != 2 {
		t.Fatalf("edits %v, saved %d times", edits, saves)
	}
	for i := range want {
		if edits[i] != want[i] {
			t.Errorf("edit %d: %v, want %v", i, edits[i], want[i])
		}
	}
}
