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
	// sends Action: "Undo", "Export it".
	ActionText string
	Action     any
	// Dismissed is sent when the user dismisses the notice.
	Dismissed any

	To Sender
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

func (n *Notice) dismiss(ctx app.Context, e app.Event) { n.To.Send(ctx, n.Dismissed) }

func (n *Notice) action(ctx app.Context, e app.Event) { n.To.Send(ctx, n.Action) }
