package panel

import (
	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"robotstester/app/internal/session"
	"robotstester/app/ui/widget"
)

// Notices draws the notices at the top of the page and, when a link's
// tests wait for the user's choice over their own work, the choice. What
// the user answers is sent as the session's edits (Dismiss, Undo,
// ExportAside, OpenShared, KeepMine).
type Notices struct {
	app.Compo

	Notes []session.Note // oldest first
	// Shared is how many tests the link waiting holds, -1 when none waits.
	Shared int
	// CanUndo: a notice's Undo has something to take back.
	CanUndo bool

	To widget.Sender
}

// Render returns the component's markup.
func (n *Notices) Render() app.UI {
	items := make([]app.UI, 0, len(n.Notes)+1)
	if n.Shared >= 0 {
		items = append(items, &widget.SharedChoice{Rows: n.Shared, Open: session.OpenShared{}, Keep: session.KeepMine{}, To: n.To})
	}
	for _, note := range n.Notes {
		nt := &widget.Notice{ID: note.ID, Alert: note.Alert, Text: note.Text, Dismissed: session.Dismiss{ID: note.ID}, To: n.To}
		switch note.Action {
		case session.ActionUndo:
			if n.CanUndo {
				nt.ActionText, nt.Action = "Undo", session.Undo{}
			}
		case session.ActionExportAside:
			nt.ActionText, nt.Action = "Export it", session.ExportAside{}
		}
		items = append(items, nt)
	}
	return app.Div().ID("notices").Class("notices").Aria("live", "polite").Body(items...)
}
