package model

import "robotstester/robots"

// Proposal is the proposed file of Compare versions: its text, read once
// per change, and the last comparison with the file and tests shown, kept
// while neither changes so that a redraw costs nothing.
type Proposal struct {
	text string
	file *robots.File
	cut  int

	diff  *VersionDiff
	an    *Analysis
	views *RowView // the analysis's rows when diff was made (identity)
	n     int
	with  *robots.File
}

// Text returns the proposed text, as given.
func (p *Proposal) Text() string { return p.text }

// Set reads the proposed text, held to the tester's limit.
func (p *Proposal) Set(text string) {
	p.text = text
	p.file, p.cut = ProposedFile(text)
}

// Diff returns the comparison for the analysis and state shown, or nil
// while no proposed file was given: every test would "change" against an
// empty file, which tells nothing.
func (p *Proposal) Diff(an *Analysis, s *State) *VersionDiff {
	if p.file == nil || p.text == "" {
		return nil
	}
	var views *RowView
	if len(an.Rows) > 0 {
		views = &an.Rows[0]
	}
	if p.diff != nil && p.an == an && p.views == views && p.n == len(an.Rows) && p.with == p.file {
		return p.diff
	}
	p.diff = DiffVersions(an, p.file, s)
	p.diff.Cut = p.cut
	p.an, p.views, p.n, p.with = an, views, len(an.Rows), p.file
	return p.diff
}
