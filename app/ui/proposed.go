package ui

import (
	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"robotstester/app/internal/share"
	"robotstester/app/ui/dom"
	"robotstester/app/ui/panel"
)

// versionsCompare draws Compare versions, comparing only while open.
func (t *Tester) versionsCompare() app.UI {
	p := &panel.VersionsCompare{
		Open:       t.proposalOpen,
		Versions:   t.page.versions,
		OnToggle:   t.toggleVersionsCompare,
		OnProposed: t.setProposed,
		OnDrop:     t.dropProposed,
		OnVersion:  t.proposeVersion,
		OnCurrent:  t.proposeCurrent,
		OnLive:     t.proposeLive,
		Live:       t.page.live.url,
		OnExport:   t.exportChanges,
		OnReveal:   t.reveal,
	}
	if p.Open {
		p.Diff = t.proposal.Diff(t.work.An, &t.work.State)
	}
	return p
}

func (t *Tester) toggleVersionsCompare(ctx app.Context) {
	t.proposalOpen = !t.proposalOpen
	if t.proposalOpen {
		t.openVersions(ctx) // the versions to choose from
		text := t.proposal.Text()
		ctx.Defer(func(app.Context) { dom.SetFieldText(panel.ProposedID, text) })
	}
}

func (t *Tester) setProposed(ctx app.Context, text string) { t.proposal.Set(text) }

// proposeVersion takes an earlier version's file as the proposed one.
func (t *Tester) proposeVersion(ctx app.Context, i int) {
	text, err := t.work.VersionRobots(i)
	if err != nil {
		t.fileFailed(ctx, "That version could not be read", err)
		return
	}
	t.proposal.Set(text)
	dom.SetFieldText(panel.ProposedID, text)
}

// dropProposed takes a file dropped on the proposed textarea.
func (t *Tester) dropProposed(ctx app.Context, file app.Value) {
	t.readFile(ctx, file, func(ctx app.Context, text string) {
		t.proposal.Set(text)
		dom.SetFieldText(panel.ProposedID, text)
	})
}

// proposeCurrent starts the proposed file from the current one, to edit.
func (t *Tester) proposeCurrent(ctx app.Context) {
	t.takePending(ctx)
	t.proposal.Set(t.work.State.Robots)
	dom.SetFieldText(panel.ProposedID, t.work.State.Robots)
}

// proposeLive takes the file the live box fetched as the proposed one:
// the comparison then says what the edits made since change against what
// is live.
func (t *Tester) proposeLive(ctx app.Context) {
	t.proposal.Set(t.page.live.body)
	dom.SetFieldText(panel.ProposedID, t.page.live.body)
}

// exportChanges downloads the changes as CSV.
func (t *Tester) exportChanges(ctx app.Context) {
	t.takePending(ctx)
	d := t.proposal.Diff(t.work.An, &t.work.State)
	if d == nil {
		return
	}
	if err := dom.Download("robots-verdict-changes.csv", "text/csv", share.ChangesCSV(d)); err != nil {
		t.fileFailed(ctx, "The export failed", err)
	}
}
