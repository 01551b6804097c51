package ui

import (
	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"robotstester/app/ui/panel"
)

// Every crawler's reading is a part the session holds (parts.Compare):
// it says how much of the comparison is drawn, and the page makes the
// comparison paced and draws it a step per frame (runTransfer).

// compareView draws every test in every dialect, once asked to: the
// comparison reads the file once per dialect.
func (v pageView) compareView() app.UI {
	c := v.work.Parts().Compare()
	p := &panel.ComparePanel{Open: c.Open(), Rows: v.an.Rows, Limit: c.Limit(), Drawing: c.Drawing(len(v.state.Rows)), To: v.to}
	if p.Open {
		p.C = v.an.Comparison(v.state)
	}
	return p
}
