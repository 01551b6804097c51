package ui

import (
	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"robotstester/app/internal/parts"
	"robotstester/app/ui/panel"
)

// The versions kept and Compare versions are a part the session holds
// (parts.Versions): their views draw what it holds and send it messages.

// versionsView draws the versions' list.
func (v pageView) versionsView() app.UI {
	return &panel.VersionsPanel{Versions: v.work.Parts().Versions().List(), Unkept: !v.work.Autosave().Saves(), To: v.to}
}

// proposalView draws Compare versions, comparing only while open.
func (v pageView) proposalView() app.UI {
	vs := v.work.Parts().Versions()
	p := &panel.VersionsCompare{Open: vs.ProposalOpen(), Versions: vs.List(), Live: v.work.Parts().Transfers().Live().URL, To: v.to}
	if p.Open {
		p.Diff = v.work.Parts().ProposedDiff()
	}
	return p
}

// versionsPanel is how the autosave (saving.go) tells the versions of a
// save, its own or another tab's, and sees whether their open list was
// read again (seen). It goes when the autosave's steps are messages.
type versionsPanel struct {
	t    *Tester
	seen int // the versions kept when the list was last read
}

// saved reads the open list again when a save kept another version.
func (vp *versionsPanel) saved() { vp.tell(parts.VersionsSaved{}) }

// otherTab reads the open list again after another tab kept a version,
// and reports whether it did (there is something to draw).
func (vp *versionsPanel) otherTab() bool {
	vp.tell(parts.OtherTabKept{})
	return vp.t.work.Parts().Versions().Open()
}

// tell gives the versions the autosave's news: reading the list again
// asks nothing of the page (no effects to show).
func (vp *versionsPanel) tell(m parts.VersionsMsg) {
	vp.t.work.Apply(m)
	vp.seen = vp.t.work.Parts().Versions().Seen()
}
