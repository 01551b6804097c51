package widget

import "github.com/maxence-charriere/go-app/v10/pkg/app"

// Notice is a message the user dismisses: storage that fails, a link that
// cannot be read, a limit reached, an action that can be undone. Its
// element carries data-notice with its ID, a stable hook.
type Notice struct {
	app.Compo

	ID    string // the notice's stable name, its data-notice
	Alert bool   // a problem, rather than news
	Text  string // what it says
	// ActionText, when not "", is the label of the notice's button, which
	// calls OnAction: "Undo", "Export it".
	ActionText string

	// OnDismiss is told the notice's ID when the user dismisses it;
	// OnAction, that its button was pressed.
	OnDismiss func(ctx app.Context, id string)
	OnAction  func(ctx app.Context)
}

// Render returns the component's markup.
func (n *Notice) Render() app.UI {
	role, class := "status", "notice"
	if n.Alert {
		role, class = "alert", "notice alert"
	}
	return app.Div().Class(class).Role(role).DataSet("notice", n.ID).Body(
		app.Span().Class("notice-text").Text(n.Text),
		app.If(n.ActionText != "", func() app.UI {
			return app.Button().Type("button").Class("notice-action").DataSet("action", n.ID).
				OnClick(n.action).Text(n.ActionText)
		}),
		app.Button().Type("button").Class("dismiss").
			Aria("label", "Dismiss this message").
			OnClick(n.dismiss).
			Text("Dismiss"),
	)
}

func (n *Notice) dismiss(ctx app.Context, e app.Event) {
	if n.OnDismiss != nil {
		n.OnDismiss(ctx, n.ID)
	}
}

func (n *Notice) action(ctx app.Context, e app.Event) {
	if n.OnAction != nil {
		n.OnAction(ctx)
	}
}
