package ui

import "github.com/maxence-charriere/go-app/v10/pkg/app"

// heldFields keeps a test's crawler and URL fields from being overwritten
// under the user's fingers: a key typed and not yet handled must never be
// overwritten by a redraw of the text it replaced, so a focused field keeps
// the value last drawn in it, and go-app, seeing no change, leaves it
// alone. ResultRow and TestBar draw a test's fields through it.
type heldFields struct {
	focused    string // "agent", "url" or ""
	row        int    // the test the fields were last drawn for
	agent, url string // the values last drawn
}

// values returns the values to draw for test row's agent and url: the
// test's text, or, in the field that has the focus while it still shows
// the same test, the value last drawn in it.
func (h *heldFields) values(row int, agent, url string) (string, string) {
	same := h.row == row
	if h.focused != "agent" || !same {
		h.agent = agent
	}
	if h.focused != "url" || !same {
		h.url = url
	}
	h.row = row
	return h.agent, h.url
}

// shows reports whether the fields show agent and url: a blur then has
// nothing to draw.
func (h *heldFields) shows(agent, url string) bool { return h.agent == agent && h.url == url }

// typed notes a key in field ("agent" or "url") of test row, and hands
// the field's value to on.
func (h *heldFields) typed(ctx app.Context, field string, row int, on func(app.Context, int, string)) {
	h.focused = field
	call3(on, ctx, row, ctx.JSSrc().Get("value").String())
}

// pasted hands a list of URLs pasted into test row's URL field to on
// (multiLinePaste).
func (h *heldFields) pasted(ctx app.Context, e app.Event, readOnly bool, row int, on func(app.Context, int, string)) {
	if text, ok := multiLinePaste(ctx, e, readOnly); ok {
		h.focused = ""
		call3(on, ctx, row, text)
	}
}
