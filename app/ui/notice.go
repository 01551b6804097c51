package ui

import "github.com/maxence-charriere/go-app/v10/pkg/app"

// Notice is a message the user dismisses: storage that fails, a link that
// cannot be read, a file too large. Its element carries data-notice with
// its ID, a stable hook.
type Notice struct {
	app.Compo

	ID    string
	Alert bool // a problem, rather than news
	Text  string

	onDismiss func(ctx app.Context, id string)
}

// Render returns the component's markup.
func (n *Notice) Render() app.UI {
	role, class := "status", "notice"
	if n.Alert {
		role, class = "alert", "notice alert"
	}
	return app.Div().Class(class).Role(role).DataSet("notice", n.ID).Body(
		app.Span().Class("notice-text").Text(n.Text),
		app.Button().Type("button").Class("dismiss").
			Aria("label", "Dismiss this message").
			OnClick(n.dismiss).
			Text("Dismiss"),
	)
}

func (n *Notice) dismiss(ctx app.Context, e app.Event) {
	if n.onDismiss != nil {
		n.onDismiss(ctx, n.ID)
	}
}
