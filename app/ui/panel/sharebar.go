package panel

import (
	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"robotstester/app/internal/embed"
	"robotstester/app/internal/parts"
	"robotstester/app/ui/dom"
	"robotstester/app/ui/widget"
)

// ShareBar is the "Copy link" control and what came of the last copy: a
// word that it worked, the link in a read-only field when the clipboard
// refused it, or, for a link too long to share, why and the JSON export
// instead.
type ShareBar struct {
	app.Compo

	Status  string // the outcome of the last copy, for people
	Link    string // the link, shown to copy by hand; "" when not needed
	TooLong bool   // the link is over share.MaxLink: offer the export

	// To is sent a copy of the link asked for (parts.CopyLink) and the
	// state file asked for instead (parts.Export).
	To widget.Sender
}

// Render returns the component's markup.
func (b *ShareBar) Render() app.UI {
	return app.Div().ID("share").Class("share tools").Body(
		app.Button().Type("button").ID("copy-link").
			Title("Copy a link that opens the tester with this file, these tests and this dialect").
			OnClick(b.copy).Text("Copy link"),
		app.Span().ID("share-status").Class("note").Aria("live", "polite").Text(b.Status),
		app.If(b.Link != "", func() app.UI {
			return app.Input().ID("share-link").Type("text").ReadOnly(true).
				Aria("label", "Link to these tests").
				Value(b.Link).
				OnFocus(selectAll)
		}),
		app.If(b.TooLong, func() app.UI {
			return app.Button().Type("button").ID("share-export").OnClick(b.export).Text("Export the state (JSON)")
		}),
	)
}

// copy asks for a link to the page as the address bar names it, with no
// fragment (a link copied before).
func (b *ShareBar) copy(ctx app.Context, e app.Event) {
	b.To.Send(ctx, parts.CopyLink{Page: embed.PageURL(dom.URL())})
}

func (b *ShareBar) export(ctx app.Context, e app.Event) {
	b.To.Send(ctx, parts.Export{Format: parts.ExportState})
}

// selectAll selects the whole text of the field focused, ready to copy.
func selectAll(ctx app.Context, e app.Event) {
	ctx.JSSrc().Call("select")
}
