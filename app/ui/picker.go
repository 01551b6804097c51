package ui

import (
	"strconv"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"robotstester/app/ui/model"
)

// CrawlerPicker chooses a row's crawler from the engine's catalogue,
// grouped by category. It redraws only when its row's token changes.
type CrawlerPicker struct {
	app.Compo

	Index int    // the row
	Token string // the row's token: the option shown as chosen

	onPick func(ctx app.Context, i int, token string)
}

// Render returns the component's markup.
func (p *CrawlerPicker) Render() app.UI {
	groups := model.Catalogue()
	known := false
	body := make([]app.UI, 0, len(groups)+1)
	body = append(body, nil) // the placeholder, once we know whether it is chosen
	for _, g := range groups {
		opts := make([]app.UI, len(g.Crawlers))
		for i, c := range g.Crawlers {
			chosen := c.Token == p.Token
			known = known || chosen
			opts[i] = app.Option().Value(c.Token).Selected(chosen).Text(c.Token + " (" + c.Vendor + ")")
		}
		body = append(body, app.OptGroup().Label("%s", g.Title).Body(opts...))
	}
	body[0] = app.Option().Value("").Selected(!known).Text("Catalogue…")
	return app.Select().
		Name("catalogue").
		Class("picker").
		Aria("label", "Choose test "+strconv.Itoa(p.Index+1)+"'s crawler from the catalogue").
		OnChange(p.change).
		Body(body...)
}

func (p *CrawlerPicker) change(ctx app.Context, e app.Event) {
	if token := ctx.JSSrc().Get("value").String(); token != "" && p.onPick != nil {
		p.onPick(ctx, p.Index, token)
	}
}
