package session

import (
	"robotstester/app/internal/effect"
	"robotstester/app/internal/parts"
	"robotstester/app/model"
)

// The parts the session holds (package parts) are changed by their own
// messages, which route gives to them wrapped in these edits: the part
// reads the work, and asks for its edits, through a partWork, and what it
// asks of the page comes after the effects of those edits.

// versionsEdit gives a message to the versions.
type versionsEdit struct{ m parts.VersionsMsg }

// versionsRead gives the versions a save's news: the open list is read
// again, and the analysis of the text typed is left to finish on its own
// (nothing here reads it).
type versionsRead struct{ m parts.VersionsMsg }

// compareEdit gives a message to the comparison of readings.
type compareEdit struct{ m parts.CompareMsg }

// transfersEdit gives a message to the transfers.
type transfersEdit struct{ m parts.TransfersMsg }

func (e versionsEdit) apply(s *Session) Effects {
	w := &partWork{s: s}
	return w.then(s.versions.Update(e.m, w))
}

func (e versionsRead) apply(s *Session) Effects { return versionsEdit(e).apply(s) }

func (e compareEdit) apply(s *Session) Effects {
	w := &partWork{s: s}
	return w.then(s.compare.Update(e.m, w))
}

func (e transfersEdit) apply(s *Session) Effects {
	w := &partWork{s: s}
	return w.then(s.transfers.Update(e.m, w))
}

// routePart returns the edit that gives m to its part, if m is a part's.
func routePart(m Msg) (Edit, bool) {
	switch m := m.(type) {
	case parts.VersionsSaved, parts.OtherTabKept:
		return versionsRead{m.(parts.VersionsMsg)}, true
	case parts.VersionsMsg:
		return versionsEdit{m}, true
	case parts.CompareMsg:
		return compareEdit{m}, true
	case parts.TransfersMsg:
		return transfersEdit{m}, true
	}
	return nil, false
}

// followParts tells the parts of s of an edit applied, with its effects fx,
// and returns fx with what they ask in turn. The last fetch's report says
// what it changed, which Undo may take back: it goes rather than say what
// no longer holds. Tests that came may be there to compare.
func followParts(s *Session, e Edit, fx Effects) Effects {
	switch e := e.(type) {
	case Undo, Redo, EditorHistory, EditText:
		if typed, ok := e.(EditText); !ok || typed.History != "" && fx.Editor {
			s.transfers.Update(parts.FetchOutdated{}, &partWork{s: s})
		}
	}
	if fx.Rows {
		fx.IO = append(fx.IO[:len(fx.IO):len(fx.IO)], s.compare.Update(parts.RowsChanged{}, &partWork{s: s})...)
	}
	return fx
}

// Parts returns the parts the session holds, to read.
func (s *Session) Parts() PartsView { return PartsView{s} }

// PartsView reads the parts a session holds, and changes none of them.
type PartsView struct{ s *Session }

// Versions returns the versions' list and Compare versions.
func (v PartsView) Versions() parts.Versions { return v.s.versions }

// ProposedDiff compares Compare versions' proposed file with the work
// shown, or is nil while none is given. The comparison is kept until
// either changes.
func (v PartsView) ProposedDiff() *model.VersionDiff { return v.s.versions.Diff(v.s.an, &v.s.state) }

// Compare returns how much of every crawler's reading is shown.
func (v PartsView) Compare() parts.Compare { return v.s.compare }

// Transfers returns what the share link, the live box and the imports
// show.
func (v PartsView) Transfers() parts.Transfers { return v.s.transfers }

// partWork is the session as a part sees it (parts.Work): the work to
// read, and the edits the part asks for, applied as they come, their
// effects gathered.
type partWork struct {
	s  *Session
	fx Effects
}

// then returns the effects of the edits made, then the part's IO.
func (w *partWork) then(io []effect.IO) Effects {
	return w.fx.and(Effects{IO: io})
}

func (w *partWork) edit(e Edit) { w.fx = w.fx.and(e.apply(w.s)) }

func (w *partWork) State() model.State           { return w.s.state }
func (w *partWork) Analysis() *model.Analysis    { return w.s.an }
func (w *partWork) Versions() parts.VersionStore { return versionStore{&w.s.save} }
func (w *partWork) Live() parts.Live             { return w.s.transfers.Live() }
func (w *partWork) ImportState(text string)      { w.edit(ImportState{Text: text}) }
func (w *partWork) ImportURLs(text string)       { w.edit(ImportURLs{Text: text}) }
func (w *partWork) FileRead()                    { w.edit(Dismiss{ID: NoteFile}) }

func (w *partWork) Fetch(f parts.Fetched) {
	w.edit(Fetch{URL: f.URL, Status: f.Status, Body: f.Body, TestURL: f.TestURL})
}

func (w *partWork) FileFailed(text string) {
	w.edit(Report{Note: Note{ID: NoteFile, Alert: true, Text: text}})
}

// versionStore is the autosave's versions as the parts read them.
type versionStore struct{ a Autosave }

func (v versionStore) Saves() bool                  { return v.a.Saves() }
func (v versionStore) Kept() int                    { return v.a.VersionsKept() }
func (v versionStore) Robots(i int) (string, error) { return v.a.VersionRobots(i) }

func (v versionStore) Summaries() []string {
	vs := v.a.Versions()
	out := make([]string, len(vs))
	for i, ver := range vs {
		out[i] = VersionSummary(ver)
	}
	return out
}
