package ui

import (
	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"robotstester/app/ui/model"
)

// CrawlerList is the datalist of catalogued tokens that every crawler field
// suggests from. It has no props, so it is drawn once: in the page made at
// build time, whose datalist the live page keeps (keptCrawlerList), or,
// where there is none, by the live page.
type CrawlerList struct {
	app.Compo
}

// crawlerList returns the crawler fields' datalist, unless the page made
// at build time's is kept (t.keptList): 43 elements fewer to draw at the
// start.
func (t *Tester) crawlerList() app.UI {
	return app.If(!t.keptList, func() app.UI { return &CrawlerList{} })
}

// keptCrawlerList reports whether the page has the datalist of the page
// made at build time, which app/editor/src/early.js moves out of it, to the
// body, before the live page starts: its options are the catalogue's, the
// same in both.
func keptCrawlerList() bool {
	return app.IsClient && app.Window().Get("document").Call("querySelector", "body > datalist#"+CrawlerListID).Truthy()
}

// CrawlerListID is the id of the crawler fields' datalist.
const CrawlerListID = "crawler-list"

// Render returns the component's markup.
func (l *CrawlerList) Render() app.UI {
	var opts []app.UI
	for _, g := range model.Catalogue() {
		for _, c := range g.Crawlers {
			opts = append(opts, app.Option().Value(c.Token).Label(g.Title+" · "+c.Vendor))
		}
	}
	return app.DataList().ID(CrawlerListID).Body(opts...)
}
