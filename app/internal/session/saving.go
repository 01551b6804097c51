package session

import "robotstester/app/internal/effect"

// The autosave's steps, as the page sends them. The page keeps the
// timers (when the typing pauses, the browser's tasks), the session
// everything that is written and why: each write goes through Apply, and
// one that wrote asks the page to follow it (effect.Saved).

// Save writes the work now, if it changed: a choice that must outlast a
// reload (effect.SaveNow), a link's work just opened.
type Save struct{}

func (Save) apply(s *Session) Effects { return wrote(s.save.save()) }

// SaveDue says that the autosave's pause has passed (SaveIn): the work is
// encoded for storage, and written in a task of its own (the Effects ask
// for SavePrepared in the next task, effect.NextTask), as each is a
// task's worth at 4 MiB. Nothing is asked when there is nothing to write,
// or the work is too large to be saved (a notice says so).
type SaveDue struct{}

func (SaveDue) apply(s *Session) Effects {
	w, ok := s.save.prepare()
	if !ok {
		return Effects{}
	}
	return Effects{IO: []effect.IO{effect.NextTask{Msg: SavePrepared{write: w}}}}
}

// SavePrepared writes the work SaveDue encoded, unless it was written
// since (the page being left writes it itself): the session makes it, and
// the page sends it back as it is.
type SavePrepared struct{ write saveWrite }

func (e SavePrepared) apply(s *Session) Effects { return wrote(s.save.finish(e.write)) }

// Leaving writes the work now, as the page is hidden or left, with the
// text of an analysis still due in the file's place: that analysis is not
// made, as a page being left may not have the time it takes (a large
// file's is seconds of a slow machine's), and the browser's event (the
// reload, the next page) waits on the write.
type Leaving struct{}

func (Leaving) apply(s *Session) Effects { return wrote(s.save.saveLeaving()) }

// OtherTabSaved is the stamp another tab of the tester (or window) wrote
// under StampKey as it saved its work, which the browser's storage event
// brings: a notice says at once that the work stored in this browser is
// no longer this tab's (nothing is lost: this tab's next save keeps the
// other's as a version).
type OtherTabSaved struct{ Stamp string }

func (e OtherTabSaved) apply(s *Session) Effects {
	s.save.otherTabSaved(e.Stamp)
	return Effects{}
}

// wrote returns what a write asks of the page: to follow it, when it
// wrote.
func wrote(ok bool) Effects {
	if !ok {
		return Effects{}
	}
	return Effects{IO: []effect.IO{effect.Saved{}}}
}

// keepsDue reports whether m is a message that leaves the analysis still
// due as it is, rather than have Apply make it first (settle): the
// editor's own changes, which make it; an arrival, which takes another
// work; and the autosave's steps, which write the text typed without its
// analysis, or the work as last analysed, and must never hold the page
// for an analysis (a save when the page is left, above all).
func keepsDue(e Edit) bool {
	switch e.(type) {
	case EditText, EditorWhole, EditorGiven, Analyzed, Arrive, Arrived,
		Save, SaveDue, SavePrepared, Leaving, OtherTabSaved:
		return true
	}
	return false
}
