package session

import (
	"errors"
	"testing"

	"robotstester/app/internal/share"
	"robotstester/app/model"
)

func TestArrive(t *testing.T) {
	saved := string(share.Marshal(mine))
	link := share.Fragment(them)
	big := model.State{Robots: "x", Rows: make([]model.Row, model.MaxRows+6)}
	for _, tt := range []struct {
		name            string
		fragment, saved string
		readErr         error
		want            model.State
		outcome         LinkOutcome
		pending         bool
		note            string // a notice's ID that must show
		aside           bool
	}{
		{name: "first visit", want: model.Example()},
		{name: "autosave", saved: saved, want: mine},
		{name: "damaged autosave", saved: "{not json", want: model.Example(), note: NoteAside, aside: true},
		{name: "autosave over the limits", saved: string(share.Marshal(big)), want: func() model.State { b := big; b.Fit(); return b }(), note: NoteAside, aside: true},
		{name: "other fragment", fragment: "#section-2", saved: saved, want: mine},
		{name: "link, no autosave", fragment: "#" + link, want: them, outcome: LinkOpened},
		{name: "link equal to autosave", fragment: link, saved: string(share.Marshal(them)), want: them, outcome: LinkOpened},
		{name: "link differing from autosave", fragment: link, saved: saved, want: mine, outcome: LinkWaits, pending: true},
		{name: "damaged link", fragment: "#s=!!!", saved: saved, want: mine, outcome: LinkFailed, note: NoteLink},
		{name: "damaged link, no autosave", fragment: "s=AAAA", want: model.Example(), outcome: LinkFailed, note: NoteLink},
		{name: "storage denied", fragment: link, readErr: errors.New("SecurityError"), want: them, outcome: LinkOpened, note: NoteStorage},
	} {
		st := failing{MemoryStorage: MemoryStorage{}, read: tt.readErr}
		if tt.saved != "" {
			st.MemoryStorage[SaveKey] = tt.saved
		}
		s, _ := newSession(st)
		_, outcome := arrive(s, tt.fragment, "")
		if !share.Same(s.state, tt.want) || outcome != tt.outcome || (s.pending != nil) != tt.pending {
			t.Errorf("%s: got %d rows, outcome %d, pending %v", tt.name, len(s.state.Rows), outcome, s.pending != nil)
		}
		if tt.note != "" {
			if _, ok := s.notes.get(tt.note); !ok {
				t.Errorf("%s: no %q notice in %+v", tt.name, tt.note, s.notes)
			}
		}
		if tt.aside {
			if st.MemoryStorage[AsideKey] != tt.saved || s.Autosave().AsideState() != tt.saved {
				t.Errorf("%s: the unreadable save was not kept aside", tt.name)
			}
			if n, _ := s.notes.get(NoteAside); n.Action != ActionExportAside {
				t.Errorf("%s: the notice offers no export", tt.name)
			}
		}
		if len(s.an.Rows) != len(s.state.Rows) {
			t.Errorf("%s: analysis out of step", tt.name)
		}
	}
}

func TestArriveDamagedAddress(t *testing.T) {
	s, _ := newSession(MemoryStorage{})
	arrive(s, "%E0%A4%A", "a broken %-escape")
	if !hasNote(s, NoteLink, "damaged") {
		t.Errorf("no notice of the damaged address: %+v", s.notes)
	}
}

// TestLinkGiven: a link given to the page already open waits for the
// user's choice unless it is the work shown; one that cannot be read, or
// a damaged address, is said, and the work stays as it was.
func TestLinkGiven(t *testing.T) {
	for _, tt := range []struct {
		name, fragment, damaged string
		outcome                 LinkOutcome
		pending                 bool
		note                    string // in the notice NoteLink, when not ""
	}{
		{name: "a jump within the page", fragment: "tests"},
		{name: "the work shown", fragment: share.Fragment(mine), outcome: LinkOpened},
		{name: "other tests", fragment: "#" + share.Fragment(them), outcome: LinkWaits, pending: true},
		{name: "unreadable", fragment: "s=!!!", outcome: LinkFailed, note: "Your work is as it was"},
		{name: "damaged address", fragment: "s=a%2", damaged: "a broken %-escape", outcome: LinkFailed, note: "could not be opened"},
		{name: "damaged, no link", fragment: "x%2", damaged: "a broken %-escape", note: "damaged"},
	} {
		s, _ := newSession(MemoryStorage{})
		arrive(s, "", "")
		s.Apply(Replace{State: mine, Label: "mine"})
		if got := s.Apply(LinkGiven{Fragment: tt.fragment, Damaged: tt.damaged}).Link; got != tt.outcome || (s.pending != nil) != tt.pending {
			t.Errorf("%s: outcome %d, pending %v", tt.name, got, s.pending != nil)
		}
		if !share.Same(s.state, mine) {
			t.Errorf("%s: the work changed before the user chose", tt.name)
		}
		if tt.note != "" && !hasNote(s, NoteLink, tt.note) {
			t.Errorf("%s: no notice with %q in %+v", tt.name, tt.note, s.notes)
		}
		if tt.note == "" && len(s.notes) > 0 {
			if _, ok := s.notes.get(NoteLink); ok {
				t.Errorf("%s: a link notice %+v", tt.name, s.notes)
			}
		}
		if tt.pending {
			s.Apply(OpenShared{})
			if !share.Same(s.state, them) {
				t.Errorf("%s: opening the link gave %d rows", tt.name, len(s.state.Rows))
			}
		}
	}
}
