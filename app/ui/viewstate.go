package ui

import (
	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"robotstester/app/model"
	"robotstester/app/ui/results"
	"robotstester/app/ui/widget"
)

// viewState is what the page shows of the work, which is the page's and
// not the work's: what is open, what the results table shows, the test
// it brings into view. Nothing of it is saved or undone.
type viewState struct {
	aiOpen     bool                 // the AI crawlers' grid is open
	aiFolds    []string             // the keys of the AI crawlers' grid's folds opened
	moreOpened map[string]bool      // the parts under More opened once (morePanel)
	severity   string               // the findings shown: "" for all, or one severity
	catalogue  model.CatalogueQuery // what the reference of crawlers is asked

	results   model.TableState  // the results table's query, and its table while nothing changed
	rowReveal results.RowReveal // the test the results table brings into view next
	whySheet  bool              // the Why panel shows as a sheet (narrow screens), once asked for
	whyOpener int               // the test whose Why control opened the sheet: its control has the focus back

	// to is told of a part under More opened for the first time
	// (PartOpened): the page.
	to widget.Sender
}

// PartOpened says that the part under More with element id ID was opened
// for the first time: a part with work of its own to start (the site
// URLs' worker, the intent's preview) starts it.
type PartOpened struct{ ID string }

// openWhy shows test i's Why as a sheet, where the screen is narrow.
func (vs *viewState) openWhy(i int) { vs.whySheet, vs.whyOpener = true, i }

// bringRow has the results table show test i of st, lifting a filter
// that hides it, and give the focus to its field ("url", "agent", or ""
// for none).
func (vs *viewState) bringRow(an *model.Analysis, st *model.State, i int, field string) {
	vs.results.Show(an, st, i)
	vs.rowReveal = results.RowReveal{Row: i, Field: field, Select: field != "", Seq: vs.rowReveal.Seq + 1}
}

// openMore draws a part under More once it is opened.
func (vs *viewState) openMore(ctx app.Context, e app.Event) {
	el := ctx.JSSrc()
	id := el.Get("id").String()
	if !el.Get("open").Bool() || vs.moreOpened[id] {
		ctx.PreventUpdate()
		return
	}
	if vs.moreOpened == nil {
		vs.moreOpened = map[string]bool{}
	}
	vs.moreOpened[id] = true
	if vs.to != nil {
		vs.to.Send(ctx, PartOpened{ID: id})
	}
}
