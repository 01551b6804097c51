package ui

import (
	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"robotstester/app/internal/share"
	"robotstester/app/ui/dom"
	"robotstester/app/ui/model"
	"robotstester/robots"
)

// proposal is the page's side of Compare versions: the proposed file,
// parsed once per change of its text, and the last comparison, kept while
// neither file nor tests change so that a redraw costs nothing.
type proposal struct {
	open bool
	text string
	file *robots.File
	cut  int

	diff  *model.VersionDiff
	an    *model.Analysis
	views *model.RowView // the analysis's rows when diff was made (identity)
	n     int
	with  *robots.File
}

// setProposed parses the proposed text, held to the tester's limit.
func (p *proposal) setProposed(text string) {
	p.text = text
	p.file, p.cut = model.ProposedFile(text)
}

// diffOf returns the comparison for the analysis and state shown, or nil
// while no proposed file was given: every test would "change" against an
// empty file, which tells nothing.
func (p *proposal) diffOf(an *model.Analysis, s *model.State) *model.VersionDiff {
	if p.file == nil || p.text == "" {
		return nil
	}
	var views *model.RowView
	if len(an.Rows) > 0 {
		views = &an.Rows[0]
	}
	if p.diff != nil && p.an == an && p.views == views && p.n == len(an.Rows) && p.with == p.file {
		return p.diff
	}
	p.diff = model.DiffVersions(an, p.file, s)
	p.diff.Cut = p.cut
	p.an, p.views, p.n, p.with = an, views, len(an.Rows), p.file
	return p.diff
}

// versionsCompare draws Compare versions, comparing only while open.
func (t *Tester) versionsCompare() app.UI {
	p := &VersionsCompare{
		Open:       t.proposal.open,
		Versions:   t.page.versions,
		onToggle:   t.toggleVersionsCompare,
		onProposed: t.setProposed,
		onDrop:     t.dropProposed,
		onVersion:  t.proposeVersion,
		onCurrent:  t.proposeCurrent,
		onLive:     t.proposeLive,
		Live:       t.page.live.url,
		onExport:   t.exportChanges,
		OnReveal:   t.reveal,
	}
	if p.Open {
		p.Diff = t.proposal.diffOf(t.work.An, &t.work.State)
	}
	return p
}

func (t *Tester) toggleVersionsCompare(ctx app.Context) {
	t.proposal.open = !t.proposal.open
	if t.proposal.open {
		t.openVersions(ctx) // the versions to choose from
		text := t.proposal.text
		ctx.Defer(func(app.Context) { dom.SetFieldText(ProposedID, text) })
	}
}

func (t *Tester) setProposed(ctx app.Context, text string) { t.proposal.setProposed(text) }

// proposeVersion takes an earlier version's file as the proposed one.
func (t *Tester) proposeVersion(ctx app.Context, i int) {
	text, err := t.work.VersionRobots(i)
	if err != nil {
		t.fileFailed(ctx, "That version could not be read", err)
		return
	}
	t.proposal.setProposed(text)
	dom.SetFieldText(ProposedID, text)
}

// dropProposed takes a file dropped on the proposed textarea.
func (t *Tester) dropProposed(ctx app.Context, file app.Value) {
	t.readFile(ctx, file, func(ctx app.Context, text string) {
		t.proposal.setProposed(text)
		dom.SetFieldText(ProposedID, text)
	})
}

// proposeCurrent starts the proposed file from the current one, to edit.
func (t *Tester) proposeCurrent(ctx app.Context) {
	t.takePending(ctx)
	t.proposal.setProposed(t.work.State.Robots)
	dom.SetFieldText(ProposedID, t.work.State.Robots)
}

// proposeLive takes the file the live box fetched as the proposed one:
// the comparison then says what the edits made since change against what
// is live.
func (t *Tester) proposeLive(ctx app.Context) {
	t.proposal.setProposed(t.page.live.body)
	dom.SetFieldText(ProposedID, t.page.live.body)
}

// exportChanges downloads the changes as CSV.
func (t *Tester) exportChanges(ctx app.Context) {
	t.takePending(ctx)
	d := t.proposal.diffOf(t.work.An, &t.work.State)
	if d == nil {
		return
	}
	if err := dom.Download("robots-verdict-changes.csv", "text/csv", share.ChangesCSV(d)); err != nil {
		t.fileFailed(ctx, "The export failed", err)
	}
}
