package dom

import (
	"strconv"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// WarmDraw has go-app mount a small page of each kind of node (each
// element type the page draws, attributes, properties and handlers, text,
// a child component) and update it three times over (attributes changed,
// children added, removed and replaced, the child's fields changed), in a
// test engine, on the stand-in document of the worker that compiled
// app.wasm (site's loader).
// It is for ui.Warm: go-app's drawing code, which a page's render alone
// does not run, is then compiled when the page draws its first parts.
func WarmDraw() {
	e := app.NewTestEngine()
	w := &warmTree{}
	if err := e.Load(w); err != nil {
		return
	}
	e.ConsumeAll()
	for step := 1; step <= 3 && w.ctx.Context != nil; step++ {
		w.ctx.Dispatch(func(app.Context) { w.step = step })
		e.ConsumeAll()
	}
}

// warmTree is WarmDraw's page: its nodes change with step.
type warmTree struct {
	app.Compo
	ctx  app.Context
	step int
}

func (w *warmTree) OnMount(ctx app.Context) { w.ctx = ctx }

func (w *warmTree) Render() app.UI {
	s := w.step
	// Each element type of go-app's is a type of its own, with its own
	// methods to compile: one of each the page draws.
	kinds := []app.UI{
		app.Div(), app.Span(), app.P(), app.Button(), app.Label(), app.Section(), app.Input(),
		app.Code(), app.Li(), app.H1(), app.H2(), app.H3(), app.Ul(), app.Ol(), app.Option(),
		app.Select(), app.Details(), app.Summary(), app.Legend(), app.Textarea(), app.Strong(),
		app.Dl(), app.Dt(), app.Dd(), app.A(), app.Main(), app.Header(), app.Footer(), app.Elem("fieldset"),
		app.Table(), app.Caption(), app.Tr(), app.Th(), app.Td(),
	}
	body := make([]app.UI, 0, len(kinds)+5)
	for i, k := range kinds {
		if s == 2 && i%3 == 0 {
			continue // removed, then drawn again
		}
		body = append(body, k)
	}
	var last app.UI = app.P().Text("p")
	if s%2 == 1 {
		last = app.Span().Title("span").Body(app.Text(s))
	}
	body = append(body,
		app.Input().Type("checkbox").Value(strconv.Itoa(s)).Checked(s%2 == 0).Disabled(s == 2).
			OnInput(func(app.Context, app.Event) {}),
		app.Button().Hidden(s == 3).OnClick(func(app.Context, app.Event) {}).Text("b"),
		last,
		&warmChild{N: s, Note: strconv.Itoa(s)},
		app.Text(s),
	)
	return app.Div().Class("warm").DataSet("step", s).Aria("label", strconv.Itoa(s)).Body(body...)
}

// warmChild is warmTree's child component.
type warmChild struct {
	app.Compo
	N    int
	Note string
}

func (c *warmChild) Render() app.UI {
	return app.Span().Class("child").Text(c.Note)
}
