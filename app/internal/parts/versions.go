package parts

import (
	"robotstester/app/internal/effect"
	"robotstester/app/internal/share"
	"robotstester/app/model"
)

// ProposedID is the id of the textarea holding the proposed robots.txt.
const ProposedID = "proposed-robots"

// Versions is the versions the autosave kept, as their list shows them,
// and Compare versions: the proposed file held against the current one.
// The list is read when it is opened, and again when a save keeps
// another while it is open, not at every redraw: each version may hold a
// large file.
type Versions struct {
	list []string // the versions kept, described, as last read
	open bool     // their list is open: a save that keeps a version reads it again
	seen int      // how many versions were kept when they were read

	proposal     model.Proposal // the proposed file and its comparison
	proposalOpen bool           // Compare versions is open
}

// List describes the versions kept, newest first, as last read.
func (v Versions) List() []string { return v.list }

// Seen counts the versions kept when the list was last read: it changes
// when the list is read again with one more.
func (v Versions) Seen() int { return v.seen }

// Open reports whether the versions' list is open.
func (v Versions) Open() bool { return v.open }

// ProposalOpen reports whether Compare versions is open.
func (v Versions) ProposalOpen() bool { return v.proposalOpen }

// Diff compares the proposed file with the analysis and state shown, or
// is nil while no proposed file is given. It is kept while neither
// changes (model.Proposal).
func (v *Versions) Diff(an *model.Analysis, st *model.State) *model.VersionDiff {
	return v.proposal.Diff(an, st)
}

// A VersionsMsg is a message of the versions.
type VersionsMsg interface{ isVersions() }

// ToggleVersions is the versions' list opened (Open) or closed: it is
// read when it opens.
type ToggleVersions struct{ Open bool }

// VersionsSaved says that the autosave wrote the work: the open list is
// read again if a version was kept.
type VersionsSaved struct{}

// OtherTabKept says that another tab kept a version: the open list is
// read again.
type OtherTabKept struct{}

// ToggleProposal opens or closes Compare versions.
type ToggleProposal struct{}

// Propose is the proposed file as the user typed it.
type Propose struct{ Text string }

// ProposeVersion takes version Index's file as the proposed one.
type ProposeVersion struct{ Index int }

// ProposeFile takes a file dropped on the proposed file's field.
type ProposeFile struct{ File effect.File }

// ProposedFileRead is the file dropped, read: its Text, or why it could
// not be (Failure).
type ProposedFileRead struct{ Text, Failure string }

// Read makes the message of the file read (effect.FileReader).
func (r ProposedFileRead) Read(text, failure string) any {
	return ProposedFileRead{Text: text, Failure: failure}
}

// ProposeCurrent starts the proposed file from the current one, to edit.
type ProposeCurrent struct{}

// ProposeLive takes the file the live box fetched as the proposed one:
// the comparison then says what the edits made since change against what
// is live.
type ProposeLive struct{}

// ExportChanges downloads the changes as CSV.
type ExportChanges struct{}

func (ToggleVersions) isVersions()   {}
func (VersionsSaved) isVersions()    {}
func (OtherTabKept) isVersions()     {}
func (ToggleProposal) isVersions()   {}
func (Propose) isVersions()          {}
func (ProposeVersion) isVersions()   {}
func (ProposeFile) isVersions()      {}
func (ProposedFileRead) isVersions() {}
func (ProposeCurrent) isVersions()   {}
func (ProposeLive) isVersions()      {}
func (ExportChanges) isVersions()    {}

// Update carries out msg, reading the work through w, and returns the IO
// it asks of the page.
func (v *Versions) Update(msg VersionsMsg, w Work) []effect.IO {
	switch m := msg.(type) {
	case ToggleVersions:
		v.open = m.Open
		if m.Open {
			v.read(w.Versions())
		}
	case VersionsSaved:
		if s := w.Versions(); v.open && v.seen != s.Kept() {
			v.read(s)
		}
	case OtherTabKept:
		if v.open {
			v.read(w.Versions())
		}
	case ToggleProposal:
		v.proposalOpen = !v.proposalOpen
		if v.proposalOpen {
			v.read(w.Versions()) // the versions to choose from
			return []effect.IO{effect.SetField{ID: ProposedID, Text: v.proposal.Text()}}
		}
	case Propose:
		v.proposal.Set(m.Text)
	case ProposeVersion:
		text, err := w.Versions().Robots(m.Index)
		if err != nil {
			w.FileFailed(failed("That version could not be read", err.Error()))
			return nil
		}
		return v.propose(text)
	case ProposeFile:
		return []effect.IO{effect.ReadFile{File: m.File, Max: model.MaxFile, Then: ProposedFileRead{}}}
	case ProposedFileRead:
		if m.Failure != "" {
			w.FileFailed(failed("The file could not be read", m.Failure))
			return nil
		}
		w.FileRead()
		return v.propose(m.Text)
	case ProposeCurrent:
		return v.propose(w.State().Robots)
	case ProposeLive:
		return v.propose(w.Live().Body)
	case ExportChanges:
		st := w.State()
		d := v.proposal.Diff(w.Analysis(), &st)
		if d == nil {
			return nil
		}
		return []effect.IO{effect.Download{Name: "robots-verdict-changes.csv", Type: "text/csv", Data: share.ChangesCSV(d), Failed: "The export failed"}}
	}
	return nil
}

// read reads the versions kept, for the list.
func (v *Versions) read(s VersionStore) {
	v.seen = s.Kept()
	v.list = s.Summaries()
}

// propose takes text as the proposed file, in the field too: the field
// is not redrawn from the proposal once the user has typed in it.
func (v *Versions) propose(text string) []effect.IO {
	v.proposal.Set(text)
	return []effect.IO{effect.SetField{ID: ProposedID, Text: text}}
}
