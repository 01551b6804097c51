package widget

import (
	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"robotstester/app/model"
)

// SharedChoice asks what to do with a shared link whose tests differ from
// the user's autosaved work: open them, or keep the work. Nothing is
// replaced, and the autosave is left alone, until the user answers.
type SharedChoice struct {
	app.Compo

	Rows int // rows of the shared tests

	// Open is sent to open the link's tests; Keep, to keep the user's
	// work.
	Open, Keep any
	To         Sender
}

// Render returns the component's markup.
func (c *SharedChoice) Render() app.UI {
	return app.Div().ID("shared-choice").Class("notice choice").Role("alertdialog").
		Aria("labelledby", "shared-choice-text").Body(
		app.P().ID("shared-choice-text").Text(
			"This link holds other work than yours: a robots.txt and "+model.Plural(c.Rows, "test", "tests")+". "+
				"Yours stays below until you choose; opening the link's replaces it, and Undo takes it back."),
		app.Div().Class("tools").Body(
			app.Button().Type("button").ID("open-shared").OnClick(c.open).Text("Open the shared tests"),
			app.Button().Type("button").ID("keep-mine").OnClick(c.keep).Text("Keep my work"),
		),
	)
}

func (c *SharedChoice) open(ctx app.Context, e app.Event) { c.To.Send(ctx, c.Open) }

func (c *SharedChoice) keep(ctx app.Context, e app.Event) { c.To.Send(ctx, c.Keep) }
