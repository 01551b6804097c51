package widget

import (
	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"robotstester/app/internal/session"
	"robotstester/app/ui/dom"
)

// UndoButtons are the Undo and Redo buttons, labelled with what they would
// undo or redo (#undo, #redo).
type UndoButtons struct {
	app.Compo

	// CanUndo and CanRedo say whether there is a step to take; Undo and
	// Redo name it.
	CanUndo, CanRedo bool
	Undo, Redo       string
	// To takes the step: session.Undo or session.Redo.
	To Sender
}

// Render returns the component's markup.
func (u *UndoButtons) Render() app.UI {
	undoTitle, redoTitle := "Nothing to undo", "Nothing to redo"
	if u.CanUndo {
		undoTitle = "Undo: " + session.LowerFirst(u.Undo) + " (Ctrl+Z)"
	}
	if u.CanRedo {
		redoTitle = "Redo: " + session.LowerFirst(u.Redo) + " (Ctrl+Shift+Z)"
	}
	return app.Span().Class("undo tools").Body(
		app.Button().Type("button").ID(dom.UndoID).Disabled(!u.CanUndo).Title(undoTitle).Aria("label", undoTitle).
			OnClick(u.undo).Text("↶ Undo"),
		app.Button().Type("button").ID(dom.RedoID).Disabled(!u.CanRedo).Title(redoTitle).Aria("label", redoTitle).
			OnClick(u.redo).Text("↷ Redo"),
	)
}

func (u *UndoButtons) undo(ctx app.Context, e app.Event) {
	u.step(ctx, session.Undo{}, dom.UndoID, dom.RedoID)
}

func (u *UndoButtons) redo(ctx app.Context, e app.Event) {
	u.step(ctx, session.Redo{}, dom.RedoID, dom.UndoID)
}

// step takes the step, and then keeps the focus beside the button pressed
// if the step left it disabled (dom.KeepFocusBeside).
func (u *UndoButtons) step(ctx app.Context, e session.Edit, id, other string) {
	if u.To == nil {
		return
	}
	u.To.Send(ctx, e)
	ctx.Defer(func(app.Context) { dom.KeepFocusBeside(id, other) })
}
