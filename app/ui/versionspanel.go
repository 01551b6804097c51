package ui

import (
	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"robotstester/app/internal/session"
	"robotstester/app/internal/share"
	"robotstester/app/model"
	"robotstester/app/ui/dom"
	"robotstester/app/ui/panel"
)

// versionsPanel is the versions the autosave kept (VersionsPanel) and
// Compare versions (VersionsCompare), with what they hold: the list as
// last read, and the proposed file held against the current one. The page
// draws them in their places (view, compareView), tells it of a save
// (saved) and of another tab's (otherTab), and reaches nothing else of
// it. Of the page it knows only what it is given (versionsPage).
type versionsPanel struct {
	page versionsPage

	list []string // the versions kept, described, as read when their list was opened
	open bool     // their list is open: a save that keeps a version reads it again
	seen int      // the session's VersionsKept when they were read

	proposal     model.Proposal // the proposed file and its comparison
	proposalOpen bool           // Compare versions is open
}

// versionsPage is what the versions panel needs of the page it is drawn
// in, given by the page (Tester.OnInit). A version restored is an edit of
// the work, which only the page applies.
type versionsPage struct {
	// analysis and state are the file shown and what the user chose:
	// the proposed file is compared with them.
	analysis func() *model.Analysis
	state    func() *model.State
	// store is the autosave's side of the work: the versions it kept.
	store func() versionStore
	// apply carries out an edit of the work (a version restored).
	apply func(app.Context, session.Msg)
	// settle has the analysis of the text typed made now, before an
	// action that reads the file.
	settle func(app.Context)
	// live is the file the live box last fetched.
	live func() liveCopy
	// readFile reads a file dropped, then hands its text to use.
	readFile func(ctx app.Context, file app.Value, use func(ctx app.Context, text string))
	// failed says that a file could not be read or written.
	failed func(ctx app.Context, what string, err error)
	// reveal shows a line in the editor.
	reveal func(ctx app.Context, n int)
}

// versionStore is what the versions panel reads of the session: the
// versions kept, and no edit.
type versionStore interface {
	Saves() bool
	VersionsKept() int
	Versions() []session.Version
	VersionRobots(i int) (string, error)
}

// view draws the versions' list.
func (vp *versionsPanel) view() app.UI {
	return &panel.VersionsPanel{Versions: vp.list, Unkept: !vp.page.store().Saves(), OnToggle: vp.toggle, OnEdit: vp.page.apply}
}

// compareView draws Compare versions, comparing only while open.
func (vp *versionsPanel) compareView() app.UI {
	p := &panel.VersionsCompare{
		Open:       vp.proposalOpen,
		Versions:   vp.list,
		OnToggle:   vp.toggleCompare,
		OnProposed: vp.setProposed,
		OnDrop:     vp.dropProposed,
		OnVersion:  vp.proposeVersion,
		OnCurrent:  vp.proposeCurrent,
		OnLive:     vp.proposeLive,
		Live:       vp.page.live().url,
		OnExport:   vp.exportChanges,
		OnReveal:   vp.page.reveal,
	}
	if p.Open {
		p.Diff = vp.proposal.Diff(vp.page.analysis(), vp.page.state())
	}
	return p
}

// toggle notes whether the versions' list is open, and reads them when it
// opens.
func (vp *versionsPanel) toggle(ctx app.Context, open bool) {
	vp.open = open
	if open {
		vp.openList(ctx)
	}
}

// openList reads the versions kept by the autosave, for the list: when it
// is opened, and when a save keeps another while it is open (saved), not
// at every redraw, as each may hold a large file.
func (vp *versionsPanel) openList(ctx app.Context) {
	vp.page.settle(ctx)
	vp.read()
}

func (vp *versionsPanel) read() {
	s := vp.page.store()
	vp.seen = s.VersionsKept()
	vs := s.Versions()
	vp.list = make([]string, len(vs))
	for i, v := range vs {
		vp.list[i] = session.VersionSummary(v)
	}
}

// saved reads the open list again when a save kept another version.
func (vp *versionsPanel) saved() {
	if vp.open && vp.seen != vp.page.store().VersionsKept() {
		vp.read()
	}
}

// otherTab reads the open list again after another tab kept a version,
// and reports whether it did (there is something to draw).
func (vp *versionsPanel) otherTab() bool {
	if vp.open {
		vp.read()
	}
	return vp.open
}

func (vp *versionsPanel) toggleCompare(ctx app.Context) {
	vp.proposalOpen = !vp.proposalOpen
	if vp.proposalOpen {
		vp.openList(ctx) // the versions to choose from
		text := vp.proposal.Text()
		ctx.Defer(func(app.Context) { dom.SetFieldText(panel.ProposedID, text) })
	}
}

func (vp *versionsPanel) setProposed(ctx app.Context, text string) { vp.proposal.Set(text) }

// propose takes text as the proposed file, in the field too: the field
// is not redrawn from the proposal once the user has typed in it.
func (vp *versionsPanel) propose(text string) {
	vp.proposal.Set(text)
	dom.SetFieldText(panel.ProposedID, text)
}

// proposeVersion takes an earlier version's file as the proposed one.
func (vp *versionsPanel) proposeVersion(ctx app.Context, i int) {
	text, err := vp.page.store().VersionRobots(i)
	if err != nil {
		vp.page.failed(ctx, "That version could not be read", err)
		return
	}
	vp.propose(text)
}

// dropProposed takes a file dropped on the proposed textarea.
func (vp *versionsPanel) dropProposed(ctx app.Context, file app.Value) {
	vp.page.readFile(ctx, file, func(ctx app.Context, text string) { vp.propose(text) })
}

// proposeCurrent starts the proposed file from the current one, to edit.
func (vp *versionsPanel) proposeCurrent(ctx app.Context) {
	vp.page.settle(ctx)
	vp.propose(vp.page.state().Robots)
}

// proposeLive takes the file the live box fetched as the proposed one:
// the comparison then says what the edits made since change against what
// is live.
func (vp *versionsPanel) proposeLive(ctx app.Context) { vp.propose(vp.page.live().body) }

// exportChanges downloads the changes as CSV.
func (vp *versionsPanel) exportChanges(ctx app.Context) {
	vp.page.settle(ctx)
	d := vp.proposal.Diff(vp.page.analysis(), vp.page.state())
	if d == nil {
		return
	}
	if err := dom.Download("robots-verdict-changes.csv", "text/csv", share.ChangesCSV(d)); err != nil {
		vp.page.failed(ctx, "The export failed", err)
	}
}
