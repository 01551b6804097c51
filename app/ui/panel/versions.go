package panel

import (
	"strconv"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"robotstester/app/internal/parts"
	"robotstester/app/internal/session"
	"robotstester/app/ui/widget"
)

// VersionsPanel lists the earlier versions of the work that the autosave
// keeps, each with a button that puts it back (which Undo takes back in
// turn). The list is read from storage when the panel is opened, and again
// when a save keeps another version while it is open.
type VersionsPanel struct {
	app.Compo

	// Versions describe the versions, newest first, once read.
	Versions []string
	// Unkept is true when no version can be kept (storage denied or
	// failed): the list says so rather than "not yet".
	Unkept bool

	// To is sent the panel opened or closed (parts.ToggleVersions: the
	// versions are read when it opens) and a version restored
	// (session.RestoreVersion).
	To widget.Sender
}

// Render returns the component's markup.
func (p *VersionsPanel) Render() app.UI {
	items := make([]app.UI, len(p.Versions))
	for i, v := range p.Versions {
		items[i] = app.Li().Body(
			app.Button().Type("button").Class("restore").DataSet("version", i).Value(strconv.Itoa(i)).
				OnClick(p.restore).Text("Restore"),
			app.Text(" "+v),
		)
	}
	// Drawn as the other parts under More (morePanel): a title, and the
	// panel under it once open.
	return app.Details().ID("versions").Class("more-item", "versions").OnToggle(p.toggle).Body(
		app.Summary().Text("Earlier versions of your work"),
		app.Div().Class("panel").Body(
			app.P().Class("note").Text("The tester keeps the work as it was before each visit and before each action that replaces it (Example, Clear, imports, opening a link), the last few in this browser."),
			app.If(len(items) == 0, func() app.UI {
				if p.Unkept {
					return app.P().Class("note").Text("No version can be kept: this browser does not let the tester save its work. Copy a link or export the state to keep it.")
				}
				return app.P().Class("note").Text("No earlier version yet.")
			}).Else(func() app.UI { return app.Ol().ID("version-list").Body(items...) }),
		),
	)
}

func (p *VersionsPanel) toggle(ctx app.Context, e app.Event) {
	p.To.Send(ctx, parts.ToggleVersions{Open: ctx.JSSrc().Get("open").Bool()})
}

func (p *VersionsPanel) restore(ctx app.Context, e app.Event) {
	if i, err := strconv.Atoi(ctx.JSSrc().Get("value").String()); err == nil {
		p.To.Send(ctx, session.RestoreVersion{Index: i})
	}
}
