package session

import (
	"robotstester/app/internal/share"
	"robotstester/app/model"
	"robotstester/robots"
)

// LinkOutcome is what became of the state a page's link carried.
type LinkOutcome int

// The outcomes of a link.
const (
	NoLink     LinkOutcome = iota // the page's address carries no state
	LinkOpened                    // the link's state is shown
	LinkWaits                     // the link's state waits for the user's choice (Pending)
	LinkFailed                    // the link's state could not be read: it is said in a notice
)

// Arrive works out what the page shows as it opens, from the URL's
// Fragment (as it is in the address, with or without '#') and the saved
// work: the link's tests, the saved work, or the state the session was
// made with. Damaged, when not "", says what was wrong with the page's
// address and has been repaired. Whatever it reads is held to the limits;
// what it cannot read is said in a notice and, for saved work, kept aside
// rather than overwritten. What became of the link is the Effects' Link.
//
// Pause, when not nil, is called between its steps (reading the saved
// work, the link, and model.AnalyzePaced's) so that the page can give the
// browser its turn. The session must not be used by anything else
// meanwhile: the page has it read on a session it has not shown yet, which
// its own then takes (Arrived). The arrival always ends, since the page
// takes what it finds: Pause's answer is ignored.
type Arrive struct {
	Fragment, Damaged string
	Pause             robots.Pause
}

func (e Arrive) apply(s *Session) Effects {
	pause := neverStops(e.Pause)
	own, hasOwn := s.state, false
	if !s.embed {
		if st, ok := s.save.restore(); ok {
			own, hasOwn = st, true
		}
		pause()
	}
	s.addressDamaged(e.Damaged)
	shared, ok, err := share.FromFragmentPaced(e.Fragment, pause)
	if ok {
		pause()
	}
	outcome := NoLink
	switch {
	case !ok:
	case err != nil:
		outcome = LinkFailed
		msg := "This link's tests could not be opened: " + err.Error() + "."
		if hasOwn {
			msg += " Your own work is shown instead."
		}
		s.notes.add(Note{ID: NoteLink, Alert: true, Text: msg})
	default:
		s.sayLinkFit(shared.Fit())
		if !hasOwn || share.Same(own, shared) {
			own, outcome = shared, LinkOpened
			s.save.changed() // the shared tests are the user's work from now on
		} else {
			outcome = LinkWaits
			s.pending = &shared
		}
	}
	s.arrivedAtStart = !hasOwn && outcome != LinkOpened
	s.setPaced(own, pause)
	// The time is written into the label when the version is kept, if it
	// is: formatting times (the local zone read, the code compiled) was a
	// tenth of the arrival's task on a phone.
	s.save.versionDue, s.save.visitAt = "Before the visit of ", s.now()
	return Effects{File: true, Editor: true, Rows: true, Lint: true, Link: outcome}
}

// Arrived is the arrival, read by Arrive on a session of its own (Read)
// while this one showed the page, with the Effects it returned: the
// session takes the work Read holds, its notices, autosave and history,
// and keeps the editor, which holds the text it was last given or typed
// there; the editor is behind when the work is another text. When the
// arrival opened the work the session began with (no link, no saved work:
// the page made at build time takes input, and its editor, adopted, stays
// typeable while the page arrives), what was typed meanwhile is the
// document. Read is not used after.
type Arrived struct {
	Read    *Session
	Effects Effects
}

func (a Arrived) apply(s *Session) Effects {
	r := a.Read
	s.gen.Add(1) // an analysis of the text typed meanwhile is moot
	s.state, s.an, s.due = r.state, r.an, nil
	s.notes, s.pending, s.embed, s.now = r.notes, r.pending, r.embed, r.now
	s.undo, s.redo, s.typing, s.replacing = r.undo, r.redo, r.typing, r.replacing
	s.save = r.save
	s.save.work = s
	s.arrivedAtStart = r.arrivedAtStart
	s.editorBehind = s.Text() != s.editorText
	if !s.editorBehind || !s.arrivedAtStart {
		return a.Effects
	}
	return a.Effects.And(s.Apply(EditorWhole{Text: s.editorText}))
}

// addressDamaged says what was wrong with the page's address and has been
// repaired, unless damaged is "".
func (s *Session) addressDamaged(damaged string) {
	if damaged != "" {
		s.notes.add(Note{ID: NoteLink, Alert: true, Text: "This page's address was damaged (" + damaged +
			"), as mail and chat apps sometimes do to links; what could be read of it is open."})
	}
}

// LinkGiven is a link given to the page already open (its address's
// fragment as it is, with or without '#'): a link pasted in the address
// bar, Back or Forward. The work shown is the user's, so the link's tests
// wait for the user's choice (Pending), as they do over saved work when
// the page opens, unless they are that work already (LinkOpened: nothing
// to do). A link that cannot be read is said in a notice and the work
// stays (LinkFailed); Damaged is as for Arrive. What became of it is the
// Effects' Link.
type LinkGiven struct{ Fragment, Damaged string }

func (e LinkGiven) apply(s *Session) Effects {
	s.addressDamaged(e.Damaged)
	shared, ok, err := share.FromFragment(e.Fragment)
	switch {
	case !ok:
		return Effects{Link: NoLink}
	case err != nil:
		s.notes.add(Note{ID: NoteLink, Alert: true, Text: "This link's tests could not be opened: " + err.Error() +
			". Your work is as it was."})
		return Effects{Link: LinkFailed}
	}
	s.sayLinkFit(shared.Fit())
	if share.Same(s.state, shared) {
		s.pending = nil
		return Effects{Link: LinkOpened}
	}
	s.pending = &shared
	return Effects{Link: LinkWaits}
}

// sayLinkFit says what fitting a link's work to the tester left out or
// changed (model.State.Fit).
func (s *Session) sayLinkFit(c model.Cuts) {
	if c.Any() {
		s.notes.add(Note{ID: NoteLimit, Alert: true, Text: "This link holds more than the tester does: " + c.String() + "."})
	}
	s.sayLineEnds("This link's robots.txt", c)
}

// neverStops returns a pause that calls pause, when not nil, and never
// stops the work: for work whose result is always taken.
func neverStops(pause robots.Pause) robots.Pause {
	return func() bool {
		if pause != nil {
			pause()
		}
		return false
	}
}
