package widget

import (
	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"robotstester/app/sitemsg"
)

// Controls says what of a control drawn from a node (one with On set)
// changes with the state of the panel that draws it: its text and title
// when they do, its value, and whether it is disabled.
type Controls interface {
	Control(id string) (text, title, value string, off bool)
}

// NodeHandlers are what a drawn node's controls do: clicked and changed
// for the controls (On "click", and inputs), line for a "line N" button.
// A node drawn with none holds no control.
type NodeHandlers struct {
	Controls               Controls
	Clicked, Changed, Line app.EventHandler
	// svg: the nodes drawn are inside an svg element, whose elements
	// are of SVG's namespace.
	svg bool
}

// svgNS is the namespace of SVG's elements: a chart of the worker's
// (an svg node and what it holds) is drawn in it, not as HTML.
const svgNS = "http://www.w3.org/2000/svg"

// Nodes draws nodes (Node).
func (h NodeHandlers) Nodes(ns []sitemsg.Node) []app.UI {
	out := make([]app.UI, len(ns))
	for i := range ns {
		out[i] = h.Node(&ns[i])
	}
	return out
}

// Node draws one node, as the site worker builds them: its texts as text,
// never markup (the worker's hold the user's URLs), a "line N" button,
// and the controls wired to Clicked and Changed.
func (h NodeHandlers) Node(n *sitemsg.Node) app.UI {
	switch {
	case n.Line > 0:
		return LineButton(n.Line, h.Line)
	case n.Tag == "":
		return app.Text(n.Text)
	}
	text, title, value, off := "", n.Title, "", false
	if n.On != "" && h.Controls != nil {
		var t string
		if t, title, value, off = h.Controls.Control(n.ID); title == "" {
			title = n.Title
		}
		if t != "" {
			text = t
		}
	}
	attrs := append([]string{"id", n.ID, "class", n.Class, "role", n.Role, "title", title, "value", value, "disabled", flag(off)}, n.Attrs...)
	for i := 0; i+1 < len(n.Data); i += 2 {
		attrs = append(attrs, "data-"+n.Data[i], n.Data[i+1])
	}
	if n.Open {
		attrs = append(attrs, "open", "true")
	}
	if n.Tag == "input" {
		e := app.Input()
		for i := 0; i+1 < len(attrs); i += 2 {
			if attrs[i+1] != "" {
				e = e.Attr(attrs[i], attrs[i+1])
			}
		}
		return e.OnChange(h.Changed)
	}
	e := app.Elem(n.Tag)
	if n.Tag == "svg" {
		h.svg = true
	}
	if h.svg {
		e = e.XMLNS(svgNS)
	}
	for i := 0; i+1 < len(attrs); i += 2 {
		if attrs[i+1] != "" {
			e = e.Attr(attrs[i], attrs[i+1])
		}
	}
	if n.On == "click" {
		e = e.OnClick(h.Clicked)
	}
	kids := h.Nodes(n.Kids)
	if text == "" {
		text = n.Text
	}
	if text != "" {
		kids = append([]app.UI{app.Text(text)}, kids...)
	}
	return e.Body(kids...)
}

// flag returns the value of a boolean attribute: "" leaves it out.
func flag(on bool) string {
	if on {
		return "true"
	}
	return ""
}
