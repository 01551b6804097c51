package ui

import (
	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"robotstester/app/internal/embed"
	"robotstester/app/internal/session"
	"robotstester/app/model"
	"robotstester/app/ui/dom"
	"robotstester/app/ui/widget"
)

// noticesPanel is the notices at the top of the page, and the choice a
// link's tests wait for over the user's own work. It holds nothing: the
// notices and the link waiting are the session's, and what the user does
// with them is an edit handed to the page. The page draws it in its place
// (view) and reaches nothing else of it; of the page it knows only what it
// is given (noticesPage).
type noticesPanel struct {
	page noticesPage
}

// noticesPage is what the notices need of the page they are drawn in,
// given by the page (Tester.OnInit).
type noticesPage struct {
	// notes are the notices to show, oldest first; shared is the tests of
	// a link waiting for the user's choice, nil when none waits.
	notes  func() []session.Note
	shared func() *model.State
	// canUndo: a notice's Undo has something to take back.
	canUndo func() bool
	// aside is the saved state that could not be opened, to export.
	aside func() string
	// apply carries out an edit of the work (a notice dismissed, Undo, the
	// choice over a link).
	apply func(app.Context, session.Edit)
	// save writes the work now: the choice over a link is kept at once,
	// not after the autosave's pause.
	save func()
	// failed says that a file could not be written (the export).
	failed func(ctx app.Context, what string, err error)
}

// view draws the notices and, when a link waits for the user's choice,
// the choice.
func (np *noticesPanel) view() app.UI {
	notes := np.page.notes()
	items := make([]app.UI, 0, len(notes)+1)
	if p := np.page.shared(); p != nil {
		items = append(items, &widget.SharedChoice{Rows: len(p.Rows), OnOpen: np.openShared, OnKeep: np.keepMine})
	}
	for _, n := range notes {
		nt := &widget.Notice{ID: n.ID, Alert: n.Alert, Text: n.Text, OnDismiss: np.dismiss}
		switch n.Action {
		case session.ActionUndo:
			if np.page.canUndo() {
				nt.ActionText, nt.OnAction = "Undo", np.undo
			}
		case session.ActionExportAside:
			nt.ActionText, nt.OnAction = "Export it", np.exportAside
		}
		items = append(items, nt)
	}
	return app.Div().ID("notices").Class("notices").Aria("live", "polite").Body(items...)
}

func (np *noticesPanel) dismiss(ctx app.Context, id string) {
	np.page.apply(ctx, session.Dismiss{ID: id})
}

func (np *noticesPanel) undo(ctx app.Context) { np.page.apply(ctx, session.Undo{}) }

// exportAside downloads the saved state that could not be opened.
func (np *noticesPanel) exportAside(ctx app.Context) {
	if err := dom.Download("robots-tester-saved-work.json", "application/json", []byte(np.page.aside())); err != nil {
		np.page.failed(ctx, "The export failed", err)
	}
}

// openShared replaces the work with the link's tests, as the user chose.
func (np *noticesPanel) openShared(ctx app.Context) { np.choose(ctx, session.OpenShared{}) }

// keepMine drops the link's tests, as the user chose.
func (np *noticesPanel) keepMine(ctx app.Context) { np.choose(ctx, session.KeepMine{}) }

// choose applies the user's choice over a link and keeps it: saved now,
// and the link gone from the address bar, so that a reload does not ask
// again.
func (np *noticesPanel) choose(ctx app.Context, e session.Edit) {
	np.page.apply(ctx, e)
	np.page.save()
	dom.ReplaceURL(embed.PageURL(dom.URL()))
}
