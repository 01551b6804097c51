package session

import (
	"reflect"
	"strings"
	"testing"

	"robotstester/app/internal/effect"
	"robotstester/app/internal/parts"
	"robotstester/app/model"
)

// TestPartsThroughApply: the parts' messages reach them through Apply,
// their edits are the session's own (tests added, a fetch taken, a
// notice), their IO comes after, and an Undo takes the fetch's report
// away with the fetch.
func TestPartsThroughApply(t *testing.T) {
	s := New(MemoryStorage{}, nil, model.Example())
	rows := len(s.State().Rows)
	fx := s.Apply(parts.ImportURLs{Text: "/a\n/b\n"})
	if len(s.State().Rows) != rows+2 || !reflect.DeepEqual(fx.IO, []effect.IO{effect.ClearField{ID: parts.URLListID}}) {
		t.Errorf("URLs imported: %d tests, IO %v", len(s.State().Rows), fx.IO)
	}

	s.Apply(parts.FileRead{For: parts.ForState, Failure: "too large"})
	if n := s.Notes(); len(n) == 0 || n[len(n)-1].ID != NoteFile || !strings.Contains(n[len(n)-1].Text, "too large") {
		t.Errorf("a file not read: notes %+v", n)
	}

	const u = "https://example.com/robots.txt"
	s.Apply(parts.FetchRobots{Input: "example.com/x"})
	s.Apply(parts.TextFetched{URL: u, Status: 200, Body: "User-agent: *\nDisallow: /x\n"})
	if s.State().Robots != "User-agent: *\nDisallow: /x\n" || s.Parts().Transfers().Fetch().Kind != "ok" || s.Parts().Transfers().Live().URL != u {
		t.Fatalf("fetched: file %q, report %+v", s.State().Robots, s.Parts().Transfers().Fetch())
	}
	s.Apply(Undo{})
	if s.Parts().Transfers().Fetch().Kind != "" || s.State().Robots == "User-agent: *\nDisallow: /x\n" {
		t.Errorf("Undo left the fetch or its report: %+v", s.Parts().Transfers().Fetch())
	}

	s.Apply(parts.ToggleProposal{})
	s.Apply(parts.ProposeLive{})
	if d := s.Parts().ProposedDiff(); d == nil || !s.Parts().Versions().ProposalOpen() {
		t.Errorf("the live file proposed: no comparison")
	}
}
