package results

import (
	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"robotstester/app/internal/session"
	"robotstester/app/ui/widget"
)

// heldFields keeps a test's crawler and URL fields from being overwritten
// under the user's fingers: a key typed and not yet handled must never be
// overwritten by a redraw of the text it replaced, so a focused field keeps
// the value last drawn in it, and go-app, seeing no change, leaves it
// alone. ResultRow and TestBar draw a test's fields through it.
type heldFields struct {
	focused    string // "agent", "url" or ""
	row        int    // the test the fields were last drawn for
	agent, url string // the values last drawn
	typedIn    bool   // a field took keys since sync last found both showing them
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

// sync gives a field not being typed in the text last drawn in it, when it
// shows other text. go-app compares what it draws with what it drew, never
// with what a field shows: text typed while the field was held stays on
// screen when the next text drawn is the one go-app drew before the typing
// (the field's blur and a Restore clicked at once are one redraw, which
// puts back the test's text from before the typing). Called after the
// redraw, with the fields' elements, and only after typing (typedIn).
func (h *heldFields) sync(agent, url app.Value) {
	h.typedIn = h.focused != ""
	for _, f := range []struct {
		name string
		el   app.Value
		text string
	}{{"agent", agent, h.agent}, {"url", url, h.url}} {
		if h.focused != f.name && f.el.Truthy() && f.el.Get("value").String() != f.text {
			f.el.Set("value", f.text)
		}
	}
}

// shows reports whether the fields show agent and url: a blur then has
// nothing to draw.
func (h *heldFields) shows(agent, url string) bool { return h.agent == agent && h.url == url }

// typed notes a key in field ("agent" or "url") of test row, and sends
// the field's value to to as the test's edit. The results' rows and the
// test bar type alike.
func (h *heldFields) typed(ctx app.Context, field string, row int, to widget.Sender) {
	h.focused, h.typedIn = field, true
	value := ctx.JSSrc().Get("value").String()
	var e session.Edit = session.SetURL{Row: row, URL: value}
	if field == "agent" {
		e = session.SetAgent{Row: row, Agent: value}
	}
	send(ctx, to, e)
}

// pasted sends a list of URLs pasted into test row's URL field to to
// (multiLinePaste).
func (h *heldFields) pasted(ctx app.Context, e app.Event, readOnly bool, row int, to widget.Sender) {
	if text, ok := multiLinePaste(ctx, e, readOnly); ok {
		h.focused = ""
		send(ctx, to, session.PasteURLs{Row: row, Text: text})
	}
}

// send sends e to to, if there is one to send to.
func send(ctx app.Context, to widget.Sender, e session.Edit) {
	if to != nil {
		to.Send(ctx, e)
	}
}
