package widget

import (
	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"robotstester/app/model"
	"robotstester/app/ui/dom"
)

// CrawlerList is the datalist of catalogued tokens that every crawler field
// suggests from. It has no props, so it is drawn once: in the page made at
// build time, whose datalist the live page keeps (dom.KeptCrawlerList), or,
// where there is none, by the live page.
type CrawlerList struct {
	app.Compo
}

// Render returns the component's markup.
func (l *CrawlerList) Render() app.UI {
	var opts []app.UI
	for _, g := range model.Catalogue() {
		for _, c := range g.Crawlers {
			opts = append(opts, app.Option().Value(c.Token).Label(g.Title+" · "+c.Vendor))
		}
	}
	return app.DataList().ID(dom.CrawlerListID).Body(opts...)
}
