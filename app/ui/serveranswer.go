package ui

import (
	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"robotstester/app/ui/model"
)

// ServerAnswerID is the id of the server-answer control.
const ServerAnswerID = "server-answer"

// ServerAnswer is the choice of what the server answers to the request for
// robots.txt (200, redirects, 404, 401/403, 429, 503, a timeout): each
// test's verdict then shows what its crawler does after that answer.
//
// Hooks: select#server-answer, whose values are those of
// model.AnswerChoices ("" for 200).
type ServerAnswer struct {
	app.Compo

	Value    string
	Disabled bool

	onChange func(ctx app.Context, value string)
}

// Render returns the component's markup.
func (c *ServerAnswer) Render() app.UI {
	choices := model.AnswerChoices()
	opts := make([]app.UI, len(choices))
	for i, ch := range choices {
		opts[i] = app.Option().Value(ch.Value).Selected(ch.Value == c.Value).Text(ch.Title)
	}
	return app.P().Class("server-answer tools").Body(
		app.Label().For(ServerAnswerID).Text("The server answers"),
		app.Select().ID(ServerAnswerID).Name(ServerAnswerID).Disabled(c.Disabled).
			Title("What crawlers get when they ask for robots.txt").
			OnChange(c.change).Body(opts...),
	)
}

func (c *ServerAnswer) change(ctx app.Context, e app.Event) {
	if c.onChange != nil {
		c.onChange(ctx, ctx.JSSrc().Get("value").String())
	}
}
