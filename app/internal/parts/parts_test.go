package parts

import (
	"errors"
	"reflect"
	"strings"
	"testing"

	"robotstester/app/internal/effect"
	"robotstester/app/model"
)

// fakeWork is the session as a part sees it, with no session: it records
// the edits asked for, and a fetch replaces the file as the session's
// would.
type fakeWork struct {
	state  model.State
	an     *model.Analysis
	store  *fakeVersions
	live   Live
	edits  []string // what was asked, in order: "import-state:…", "urls:…", "fetch:…", "file-read"
	notice []string // the notices said of files
}

func newWork() *fakeWork {
	s := model.State{Robots: "User-agent: *\nDisallow: /private/\n", Rows: []model.Row{{Agent: "Googlebot", URL: "/private/x"}}}
	return &fakeWork{state: s, an: model.Analyze(&s), store: &fakeVersions{}}
}

func (w *fakeWork) State() model.State        { return w.state }
func (w *fakeWork) Analysis() *model.Analysis { return w.an }
func (w *fakeWork) Versions() VersionStore    { return w.store }
func (w *fakeWork) Live() Live                { return w.live }
func (w *fakeWork) ImportState(text string)   { w.edits = append(w.edits, "import-state:"+text) }
func (w *fakeWork) ImportURLs(text string)    { w.edits = append(w.edits, "urls:"+text) }
func (w *fakeWork) FileFailed(text string)    { w.notice = append(w.notice, text) }
func (w *fakeWork) FileRead()                 { w.edits = append(w.edits, "file-read") }
func (w *fakeWork) Fetch(f Fetched)           { w.edits = append(w.edits, "fetch:"+f.URL); w.fetched(f) }
func (w *fakeWork) fetched(f Fetched)         { w.state = model.Fetched(w.state, f.Status, f.Body) }

// fakeVersions is the autosave's versions, with no storage: a version
// past the ones kept cannot be read.
type fakeVersions struct {
	summaries, text []string
}

func (f *fakeVersions) Saves() bool         { return true }
func (f *fakeVersions) Kept() int           { return len(f.text) }
func (f *fakeVersions) Summaries() []string { return f.summaries }
func (f *fakeVersions) Robots(i int) (string, error) {
	if i < 0 || i >= len(f.text) {
		return "", errors.New("no such version")
	}
	return f.text[i], nil
}

// keep has the fake keep another version, with the file text.
func (f *fakeVersions) keep(label, text string) {
	f.summaries = append([]string{label}, f.summaries...)
	f.text = append([]string{text}, f.text...)
}

// TestFilesRead: a file asked for is read by the page (ReadFile), and its
// text comes back for the use it was asked for; a file that cannot be
// read is a notice and no edit; one read takes the last notice back.
func TestFilesRead(t *testing.T) {
	for _, c := range []struct {
		name  string
		ask   TransfersMsg
		edits []string
		io    []effect.IO
	}{
		{"state file", ImportStateFile{File: "f"}, []string{"file-read", "import-state:TEXT"}, nil},
		{"URL file", ImportURLFile{File: "f"}, []string{"file-read", "urls:TEXT"}, []effect.IO{effect.ClearField{ID: URLListID}}},
		{"drop", DropRobots{File: "f"}, []string{"file-read"}, []effect.IO{effect.DropFile{Text: "TEXT"}}},
	} {
		w, tr := newWork(), &Transfers{}
		io := tr.Update(c.ask, w)
		if len(io) != 1 {
			t.Fatalf("%s: IO %v", c.name, io)
		}
		rf, ok := io[0].(effect.ReadFile)
		if !ok || rf.File != "f" || rf.Max != model.MaxFile {
			t.Fatalf("%s: no file read: %+v", c.name, io[0])
		}
		// The file cannot be read.
		if io := tr.Update(rf.Then.Read("", "too large").(TransfersMsg), w); io != nil || len(w.edits) != 0 ||
			len(w.notice) != 1 || w.notice[0] != "The file could not be read: too large." {
			t.Errorf("%s, not read: IO %v, edits %q, notices %q", c.name, io, w.edits, w.notice)
		}
		io = tr.Update(rf.Then.Read("TEXT", "").(TransfersMsg), w)
		if !reflect.DeepEqual(w.edits, c.edits) || !reflect.DeepEqual(io, c.io) {
			t.Errorf("%s, read: edits %q, IO %v; want %q, %v", c.name, w.edits, io, c.edits, c.io)
		}
	}
}

// TestExports: each export is a download of the work, which says in a
// notice that it failed if the browser refuses it.
func TestExports(t *testing.T) {
	for format, want := range map[string]string{ExportCSV: "robots-test-results.csv", ExportJSON: "robots-test-results.json", ExportState: "robots-tester-state.json"} {
		w := newWork()
		io := (&Transfers{}).Update(Export{Format: format}, w)
		d, ok := io[0].(effect.Download)
		if len(io) != 1 || !ok || d.Name != want || len(d.Data) == 0 || d.Failed != "The export failed" {
			t.Errorf("%s: %+v", format, io)
		}
	}
}

// TestFetch: a fetch asks the relay, then the browser's own fetch when
// no relay answers; its report follows each answer, an answer to an older
// fetch is dropped, a refusal is said, and the file fetched is kept as
// the live one only with a 2xx. Undo takes the report away.
func TestFetch(t *testing.T) {
	const u = "https://example.com/robots.txt"
	w, tr := newWork(), &Transfers{}
	if io := tr.Update(FetchRobots{Input: ""}, w); io != nil || tr.Fetch().Kind != "bad" {
		t.Errorf("nothing to fetch: IO %v, report %+v", io, tr.Fetch())
	}
	io := tr.Update(FetchRobots{Input: "example.com/shop"}, w)
	if !reflect.DeepEqual(io, []effect.IO{effect.RelayFetch{URL: u, Page: "https://example.com/shop"}}) || tr.Fetch().Kind != "busy" {
		t.Fatalf("a fetch: IO %v, report %+v", io, tr.Fetch())
	}
	if io := tr.Update(RelayAnswered{URL: "https://older.example/robots.txt", NoRelay: true}, w); io != nil {
		t.Errorf("an older fetch's answer was taken: %v", io)
	}
	io = tr.Update(RelayAnswered{URL: u, NoRelay: true}, w)
	if !reflect.DeepEqual(io, []effect.IO{effect.FetchText{URL: u, Max: model.MaxFile + 1}}) {
		t.Fatalf("no relay: IO %v", io)
	}
	tr.Update(TextFetched{URL: u, Failed: true}, w)
	if tr.Fetch().Kind != "refused" || len(tr.Fetch().Commands) == 0 || len(w.edits) != 0 {
		t.Errorf("refused: report %+v, edits %q", tr.Fetch(), w.edits)
	}

	tr.Update(FetchRobots{Input: "example.com/shop"}, w)
	tr.Update(TextFetched{URL: u, Status: 404}, w)
	if tr.Live() != (Live{}) || !reflect.DeepEqual(w.edits, []string{"fetch:" + u}) {
		t.Errorf("a 404: live %+v, edits %q", tr.Live(), w.edits)
	}
	tr.Update(FetchRobots{Input: "example.com/shop"}, w)
	tr.Update(RelayAnswered{URL: u, Text: `{"status":200,"body":"User-agent: *\nAllow: /\n"}`}, w)
	if tr.Fetch().Kind != "ok" || tr.Live() != (Live{URL: u, Body: "User-agent: *\nAllow: /\n"}) {
		t.Errorf("relayed: report %+v, live %+v", tr.Fetch(), tr.Live())
	}
	tr.Update(FetchOutdated{}, w)
	if tr.Fetch().Kind != "" {
		t.Errorf("Undo left the report: %+v", tr.Fetch())
	}
}

// TestCopyLink: the link is put in the address bar and on the clipboard,
// and shown until the clipboard confirms; a refusal, or no answer in
// time, says to copy it by hand; a work too large for a link offers the
// state file.
func TestCopyLink(t *testing.T) {
	w, tr := newWork(), &Transfers{}
	io := tr.Update(CopyLink{Page: "https://example.com/"}, w)
	link := tr.Link().Link
	if len(io) != 3 || !strings.HasPrefix(link, "https://example.com/#") || tr.Link().Status != "Copying…" {
		t.Fatalf("copy: %d IO, shown %+v", len(io), tr.Link())
	}
	if io[0] != (effect.ReplaceURL{URL: link}) || io[1] != (effect.CopyText{Text: link}) || io[2].(effect.After).Msg != (CopyUnanswered{Link: link}) {
		t.Errorf("copy: IO %v", io)
	}
	tr.Update(CopyUnanswered{Link: link}, w)
	if !strings.Contains(tr.Link().Status, "has not confirmed") || tr.Link().Link != link {
		t.Errorf("no answer: %+v", tr.Link())
	}
	tr.Update(Copied{Link: link, Refused: true}, w)
	if !strings.Contains(tr.Link().Status, "did not let") || tr.Link().Link != link {
		t.Errorf("the clipboard refused: %+v", tr.Link())
	}
	tr.Update(CopyUnanswered{Link: link}, w)
	if !strings.Contains(tr.Link().Status, "did not let") {
		t.Errorf("an answer came, and the wait said none did: %+v", tr.Link())
	}
	tr.Update(CopyLink{Page: "https://example.com/"}, w)
	tr.Update(Copied{Link: link}, w)
	if !strings.HasPrefix(tr.Link().Status, "Link copied.") || tr.Link().Link != "" {
		t.Errorf("copied: %+v", tr.Link())
	}

	// Text that DEFLATE cannot shrink makes a link too long.
	var b strings.Builder
	x := uint32(1)
	for b.Len() < 40000 {
		x = x*1664525 + 1013904223
		b.WriteByte("abcdefghijklmnopqrstuvwxyz0123456789"[x>>26%36])
	}
	w.state.Robots = b.String()
	if io := tr.Update(CopyLink{Page: "https://example.com/"}, w); io != nil || !tr.Link().TooLong || !strings.HasPrefix(tr.Link().Status, "No link: ") {
		t.Errorf("too long: %d IO, status %q, too long %v", len(io), tr.Link().Status, tr.Link().TooLong)
	}
}

// TestVersions: the list is read when opened and after a save that kept
// a version, not otherwise; a version that cannot be read is a notice;
// the proposed file comes from a version, the current file, the live one
// or a file dropped, and is written into its field; the changes export
// as CSV.
func TestVersions(t *testing.T) {
	w, v := newWork(), &Versions{}
	w.store.keep("Before: Example", "User-agent: *\nAllow: /\n")
	v.Update(VersionsSaved{}, w)
	if v.Update(OtherTabKept{}, w); v.List() != nil {
		t.Fatalf("the closed list was read: %q", v.List())
	}
	v.Update(ToggleVersions{Open: true}, w)
	if len(v.List()) != 1 || v.Seen() != 1 || !v.Open() {
		t.Fatalf("opened: list %q, seen %d", v.List(), v.Seen())
	}
	w.store.keep("Before: a key", w.state.Robots)
	if v.Update(VersionsSaved{}, w); len(v.List()) != 2 || v.Seen() != 2 {
		t.Errorf("a save kept a version: list %q, seen %d", v.List(), v.Seen())
	}
	v.Update(ToggleVersions{Open: false}, w)
	w.store.keep("Before: another key", w.state.Robots)
	if v.Update(VersionsSaved{}, w); len(v.List()) != 2 {
		t.Errorf("the closed list was read again: %q", v.List())
	}

	if io := v.Update(ProposeVersion{Index: 9}, w); io != nil || len(w.notice) != 1 || !strings.HasPrefix(w.notice[0], "That version could not be read: ") {
		t.Errorf("a version that cannot be read: IO %v, notices %q", io, w.notice)
	}
	io := v.Update(ToggleProposal{}, w)
	if !v.ProposalOpen() || len(v.List()) != 3 || !reflect.DeepEqual(io, []effect.IO{effect.SetField{ID: ProposedID}}) {
		t.Errorf("Compare versions opened: list %q, IO %v", v.List(), io)
	}
	if v.Diff(w.an, &w.state) != nil {
		t.Error("a comparison with no proposed file")
	}
	io = v.Update(ProposeVersion{Index: 2}, w) // the first kept: Allow: /
	if d := v.Diff(w.an, &w.state); d == nil || len(d.Changes) != 1 || !reflect.DeepEqual(io, []effect.IO{effect.SetField{ID: ProposedID, Text: "User-agent: *\nAllow: /\n"}}) {
		t.Errorf("from a version: diff %+v, IO %v", d, io)
	}
	io = v.Update(ExportChanges{}, w)
	if d, ok := io[0].(effect.Download); len(io) != 1 || !ok || d.Name != "robots-verdict-changes.csv" || len(d.Data) == 0 {
		t.Errorf("changes exported: %v", io)
	}
	if v.Update(ProposeCurrent{}, w); v.proposal.Text() != w.state.Robots {
		t.Errorf("from the current file: %q", v.proposal.Text())
	}
	w.live = Live{URL: "https://example.com/robots.txt", Body: "User-agent: *\nDisallow:\n"}
	if v.Update(ProposeLive{}, w); v.proposal.Text() != w.live.Body {
		t.Errorf("from the live file: %q", v.proposal.Text())
	}
	if v.Update(Propose{Text: "typed"}, w); v.proposal.Text() != "typed" {
		t.Errorf("typed: %q", v.proposal.Text())
	}
	io = v.Update(ProposeFile{File: "f"}, w)
	rf, ok := io[0].(effect.ReadFile)
	if !ok || rf.File != "f" {
		t.Fatalf("a file dropped: %v", io)
	}
	if io := v.Update(rf.Then.Read("", "the browser refused").(VersionsMsg), w); io != nil || len(w.notice) != 2 || v.proposal.Text() != "typed" {
		t.Errorf("a file not read: IO %v, notices %q, proposed %q", io, w.notice, v.proposal.Text())
	}
	if v.Update(rf.Then.Read("dropped", "").(VersionsMsg), w); v.proposal.Text() != "dropped" || w.edits[len(w.edits)-1] != "file-read" {
		t.Errorf("a file read: proposed %q, edits %q", v.proposal.Text(), w.edits)
	}
}

// TestCompare: the comparison is made paced before it opens, kept only
// for the work it was made for, then drawn CompareStep tests per frame
// until the page asked for is drawn; "Show more" asks for another page.
func TestCompare(t *testing.T) {
	w, c := newWork(), &Compare{}
	for range model.ComparePage + 3 {
		w.state.Rows = append(w.state.Rows, model.Row{Agent: "Googlebot", URL: "/private/x"})
	}
	w.an = model.Analyze(&w.state)
	if !reflect.DeepEqual(c.Update(RowsChanged{}, w), []effect.IO(nil)) || c.Drawing(len(w.state.Rows)) {
		t.Error("closed, the comparison draws")
	}
	io := c.Update(ToggleReadings{}, w)
	p, ok := io[0].(effect.ComparePaced)
	if len(io) != 1 || !ok || p.Analysis != w.an || c.Open() {
		t.Fatalf("opening: IO %v, open %v", io, c.Open())
	}
	cmp, _ := model.ComparePaced(p.Analysis.File, &p.State, nil)
	io = c.Update(Compared{Analysis: p.Analysis, State: p.State, C: cmp}, w)
	if !c.Open() || c.Limit() != CompareStep || !reflect.DeepEqual(io, []effect.IO{effect.NextFrame{Then: DrawReadings{}}}) {
		t.Fatalf("compared: open %v, limit %d, IO %v", c.Open(), c.Limit(), io)
	}
	if w.an.Comparison(&w.state) != cmp {
		t.Error("the comparison made for the work shown was not kept")
	}
	if io := c.Update(MoreReadings{}, w); io != nil {
		t.Errorf("a second chain of steps: %v", io)
	}
	steps := 0
	for msg := CompareMsg(DrawReadings{}); msg != nil; steps++ {
		io := c.Update(msg, w)
		msg = nil
		if len(io) == 1 {
			msg = io[0].(effect.NextFrame).Then.(CompareMsg)
		}
	}
	if c.Drawing(len(w.state.Rows)) || c.Limit() < len(w.state.Rows) || steps != 2 {
		t.Errorf("drawn: limit %d of %d, %d steps", c.Limit(), len(w.state.Rows), steps)
	}
	if io := c.Update(ToggleReadings{}, w); io != nil || c.Open() {
		t.Errorf("closed: IO %v, open %v", io, c.Open())
	}
}
