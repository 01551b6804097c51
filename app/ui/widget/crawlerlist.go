package widget

import (
	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"robotstester/app/model"
	"robotstester/app/ui/dom"
)

// CrawlerList is the datalist of catalogued tokens that every crawler field
// suggests from: the whole catalogue, the featured crawlers first, each
// labelled with its operator and role (model.CrawlerChoices). It has no props, so it is drawn once: in the page made at
// build time, whose datalist the live page keeps (dom.KeptCrawlerList), or,
// where there is none, by the live page.
type CrawlerList struct {
	app.Compo
}

// Render returns the component's markup.
func (l *CrawlerList) Render() app.UI {
	cs := model.CrawlerChoices()
	opts := make([]app.UI, len(cs))
	for i, c := range cs {
		opts[i] = app.Option().Value(c.Value).Label(c.Title)
	}
	return app.DataList().ID(dom.CrawlerListID).Body(opts...)
}
