package widget

import (
	"strconv"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// Reveal asks the page to show line Line in the editor. It is a message
// of the page's own (where the editor looks), which the page takes
// before the session sees it.
type Reveal struct{ Line int }

// SendReveal sends to the Reveal of the LineButton that was clicked.
func SendReveal(ctx app.Context, to Sender) {
	if n, err := strconv.Atoi(ctx.JSSrc().Get("value").String()); err == nil {
		to.Send(ctx, Reveal{Line: n})
	}
}
