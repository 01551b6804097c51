package session

import (
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"robotstester/app/internal/share"
	"robotstester/app/model"
	"robotstester/robots"
)

// clock is a fake clock that moves only when told.
type clock struct{ t time.Time }

func (c *clock) now() time.Time          { return c.t }
func (c *clock) advance(d time.Duration) { c.t = c.t.Add(d) }
func newClock() *clock                   { return &clock{time.Date(2026, 11, 23, 10, 0, 0, 0, time.UTC)} }
func newSession(st Storage) (*Session, *clock) {
	c := newClock()
	return New(st, c.now, model.Example()), c
}

// failing is a Storage that refuses reads, writes or both.
type failing struct {
	MemoryStorage
	read, write error
}

func (f failing) Get(k string) (string, bool, error) {
	if f.read != nil {
		return "", false, f.read
	}
	return f.MemoryStorage.Get(k)
}

func (f failing) Set(k, v string) error {
	if f.write != nil {
		return f.write
	}
	return f.MemoryStorage.Set(k, v)
}

var (
	mine = model.State{Robots: "User-agent: *\nDisallow: /\n", Rows: []model.Row{{Agent: "Googlebot", URL: "/"}}}
	them = model.State{Robots: "User-agent: *\nAllow: /\n", Rows: []model.Row{{Agent: "Bingbot", URL: "/x"}, {Agent: "GPTBot", URL: "/"}}}
)

func urls(n int) string {
	var b strings.Builder
	for i := range n {
		b.WriteString("/page/")
		b.WriteString(strings.Repeat("x", i%5))
		b.WriteString(string(rune('a' + i%26)))
		b.WriteString("?n=")
		b.WriteString(strings.Repeat("1", 1+i/26))
		b.WriteByte('\n')
	}
	return b.String()
}

func hasNote(s *Session, id, contains string) bool {
	n, ok := s.notes.get(id)
	return ok && strings.Contains(n.Text, contains)
}

func TestLimits(t *testing.T) {
	s, _ := newSession(MemoryStorage{})
	fx := s.Apply(PasteURLs{Row: 0, Text: urls(1500)})
	if len(s.state.Rows) != model.MaxRows || !fx.Rows || len(s.an.Rows) != model.MaxRows {
		t.Fatalf("paste of 1500 URLs: %d rows", len(s.state.Rows))
	}
	if n, ok := s.notes.get(NoteLimit); !ok || !strings.Contains(n.Text, "left out") || n.Action != ActionUndo {
		t.Errorf("the paste did not say what it left out, with Undo: %+v", s.notes)
	}
	if fx := s.Apply(AddRow{After: 3}); fx.Rows || len(s.state.Rows) != model.MaxRows || !hasNote(s, NoteLimit, "No test added") {
		t.Errorf("AddRow past the limit: %d rows, %+v", len(s.state.Rows), s.notes)
	}
	if fx := s.Apply(ImportURLs{"/a\n/b\n"}); fx.Rows || !hasNote(s, NoteLimit, "no test added") {
		t.Errorf("import past the limit: %+v", s.notes)
	}
	s.Apply(SetURL{Row: 2, URL: strings.Repeat("é", model.MaxURL)})
	if u := s.state.Rows[2].URL; len(u) > model.MaxURL || !strings.HasPrefix(u, "éé") || !hasNote(s, NoteLimit, "URL") {
		t.Errorf("long URL kept %d bytes, notes %+v", len(u), s.notes)
	}
	fx = s.Apply(SetFile{Text: strings.Repeat("a\n", model.MaxFile)})
	if len(s.state.Robots) != model.MaxFile || !fx.Editor || !hasNote(s, NoteLimit, "robots.txt") {
		t.Errorf("huge file kept %d bytes, editor rewritten %v", len(s.state.Robots), fx.Editor)
	}
	// Undo brings back the tests as they were before the paste.
	for {
		if _, ok := s.CanUndo(); !ok {
			break
		}
		s.Apply(Undo{})
	}
	if len(s.state.Rows) != len(model.Example().Rows) {
		t.Errorf("undo all: %d rows", len(s.state.Rows))
	}
}

func TestAddRowAndGrid(t *testing.T) {
	s, _ := newSession(MemoryStorage{})
	n := len(s.state.Rows)
	fx := s.Apply(AddRow{After: 1})
	if len(s.state.Rows) != n+1 || s.state.Rows[2] != (model.Row{Agent: s.state.Rows[1].Agent, URL: "/"}) || fx.Focus != 3 || s.state.Selected != 2 {
		t.Errorf("AddRow after 1: %+v, focus %d", s.state.Rows[2], fx.Focus)
	}
	s.Apply(Grid{Crawlers: []string{"Googlebot", "GPTBot"}, URLs: []string{"/a", "/b", "/c"}, Replace: true})
	if len(s.state.Rows) != 6 || s.state.Rows[1] != (model.Row{Agent: "GPTBot", URL: "/a"}) || s.state.Robots != model.Example().Robots {
		t.Errorf("grid: %+v", s.state.Rows)
	}
	if note, _ := s.notes.get(NoteUndo); note.Text != fmt.Sprintf("%d tests replaced by a grid of 2 crawlers × 3 URLs.", n+1) {
		t.Errorf("the grid's notice %q", note.Text)
	}
	s.Apply(Grid{Crawlers: []string{"Bingbot"}, URLs: []string{"/d"}})
	if len(s.state.Rows) != 7 {
		t.Errorf("grid added: %d rows", len(s.state.Rows))
	}
	s.Apply(Undo{})
	s.Apply(Undo{})
	if len(s.state.Rows) != n+1 {
		t.Errorf("undo of two grids: %d rows", len(s.state.Rows))
	}
}

func TestSetDialect(t *testing.T) {
	s, _ := newSession(MemoryStorage{})
	for in, want := range map[string]string{"python": "python", "Each crawler's own": "", "": "", "GYM2008": "gym2008"} {
		s.Apply(SetDialect{in})
		if s.state.Dialect != want {
			t.Errorf("SetDialect(%q) = %q, want %q", in, s.state.Dialect, want)
		}
	}
}

func TestImportState(t *testing.T) {
	s, _ := newSession(MemoryStorage{})
	if fx := s.Apply(ImportState{"{\"v\":1} trailing"}); fx.Changed || !hasNote(s, NoteImport, "could not be imported") {
		t.Errorf("a bad state file was imported: %+v", s.notes)
	}
	s.Apply(ImportState{string(share.Marshal(them))})
	if !share.Same(s.state, them) {
		t.Errorf("state file not imported")
	}
	s.Apply(Undo{})
	if !share.Same(s.state, model.Example()) {
		t.Errorf("import not undone")
	}
}

func TestPin(t *testing.T) {
	s, _ := newSession(MemoryStorage{})
	s.Apply(SetFile{Text: "User-agent: *\nDisallow: /x\n"})
	s.Apply(Replace{State: model.State{Robots: s.state.Robots, Rows: []model.Row{{Agent: "Googlebot", URL: "/x"}, {Agent: "Googlebot", URL: "/y"}}}, Label: "setup"})
	if fx := s.Apply(Pin{Row: 0}); !fx.Rows || s.state.Rows[0].Expect != "blocked" {
		t.Fatalf("pin: %+v, row %+v", fx, s.state.Rows[0])
	}
	if label, _ := s.CanUndo(); label != "Test 1 pinned as blocked" {
		t.Errorf("undo label %q", label)
	}
	// The file changes: the expectation breaks, and says so.
	s.Apply(SetFile{Text: "User-agent: *\nDisallow: /z\n"})
	if _, broken := s.an.Expectations(); broken != 1 {
		t.Errorf("broken %d, want 1", broken)
	}
	s.Apply(Pin{Row: 0}) // takes it off
	if s.state.Rows[0].Expect != "" {
		t.Errorf("unpin: %+v", s.state.Rows[0])
	}
	s.Apply(Undo{})
	if s.state.Rows[0].Expect != "blocked" {
		t.Errorf("undo of unpin: %+v", s.state.Rows[0])
	}
	s.Apply(PinAll{})
	if s.state.Rows[0].Expect != "allowed" || s.state.Rows[1].Expect != "allowed" {
		t.Errorf("pin all: %+v", s.state.Rows)
	}
	if fx := s.Apply(Pin{Row: 7}); fx.Changed {
		t.Errorf("pin of a missing test changed the work")
	}
	// The pins travel with the saved work.
	data, err := share.ForStorage(s.state)
	if err != nil {
		t.Fatal(err)
	}
	back, err := share.Unmarshal(data)
	if err != nil || back.Rows[1].Expect != "allowed" {
		t.Errorf("round trip: %v %+v", err, back.Rows)
	}
}

func TestSetAnswer(t *testing.T) {
	s, _ := newSession(MemoryStorage{})
	before := s.an.Rows[3].Allowed // the example's GPTBot on a blog post: blocked
	if fx := s.Apply(SetAnswer{Answer: "404"}); !fx.Rows || !fx.Changed || s.state.Answer != "404" {
		t.Fatalf("SetAnswer: %+v %q", fx, s.state.Answer)
	}
	if !s.an.Rows[3].Allowed || before {
		t.Errorf("under 404 every crawler may crawl: %+v", s.an.Rows[3])
	}
	if fx := s.Apply(SetAnswer{Answer: "404"}); fx.Changed {
		t.Errorf("the same answer again changed the work")
	}
	s.Apply(SetAnswer{Answer: "bogus"}) // read as 200
	if s.state.Answer != "" {
		t.Errorf("bogus answer kept as %q", s.state.Answer)
	}
	s.Apply(Undo{})
	if s.state.Answer != "404" || !s.an.Rows[3].Allowed {
		t.Errorf("undo: %q", s.state.Answer)
	}
	data, _ := share.ForStorage(s.state)
	if back, err := share.Unmarshal(data); err != nil || back.Answer != "404" {
		t.Errorf("saved answer: %v %q", err, back.Answer)
	}
}

func TestFetch(t *testing.T) {
	s, _ := newSession(MemoryStorage{})
	before := s.state.Robots
	s.Apply(Fetch{URL: "https://example.com/robots.txt", Status: 200, Body: "User-agent: *\nDisallow: /\n"})
	if s.state.Robots != "User-agent: *\nDisallow: /\n" || s.an.Rows[0].Allowed {
		t.Fatalf("after a fetch: %q", s.state.Robots)
	}
	if label, _ := s.CanUndo(); label != "Fetched https://example.com/robots.txt (HTTP 200)" {
		t.Errorf("undo label %q", label)
	}
	s.Apply(Fetch{URL: "https://example.com/robots.txt", Status: 429})
	if s.state.Answer != "429" || s.state.Robots != "User-agent: *\nDisallow: /\n" {
		t.Errorf("after a 429: %q %q", s.state.Answer, s.state.Robots)
	}
	s.Apply(Fetch{URL: "https://example.com/robots.txt"})
	if label, _ := s.CanUndo(); label != "No answer from https://example.com/robots.txt" {
		t.Errorf("undo label of no answer %q", label)
	}
	s.Apply(Undo{})
	s.Apply(Undo{})
	s.Apply(Undo{})
	if s.state.Robots != before {
		t.Errorf("undo did not bring the file back")
	}
	s.Apply(Fetch{URL: "u", Status: 200, Body: strings.Repeat("x", model.MaxFile+10)})
	if len(s.state.Robots) != model.MaxFile || !hasNote(s, NoteLimit, "cut") {
		t.Errorf("a huge fetch: %d bytes, notes %+v", len(s.state.Robots), s.notes)
	}
}

// TestFetchSites checks that a fetch is reported once, and that tests are
// not read against another site's answer unnoticed: the example's follow the
// site fetched; the user's own on other sites are said.
func TestFetchSites(t *testing.T) {
	s, _ := newSession(MemoryStorage{})
	s.Apply(Fetch{URL: "https://www.example.com/robots.txt", TestURL: "https://www.example.com/x"})
	for i, r := range s.state.Rows {
		if site := robots.SiteOf(r.URL); site != "" && site != "https://www.example.com" {
			t.Errorf("after no answer from www.example.com, test %d is still on %s: %q", i+1, site, r.URL)
		}
	}
	if hasNote(s, NoteUndo, "") || hasNote(s, NoteSites, "") {
		t.Errorf("a fetch said again in notices: %+v", s.notes)
	}
	s.Apply(Undo{})
	if !model.ExampleTests(s.state.Rows) {
		t.Errorf("undo did not bring the example's tests back")
	}

	s.Apply(Replace{State: model.State{Robots: "User-agent: *\n", Rows: []model.Row{
		{Agent: "Googlebot", URL: "https://a.example/x"},
		{Agent: "Googlebot", URL: "b.example/y"},
		{Agent: "Googlebot", URL: "/z"},
	}}, Label: "Tests"})
	s.Apply(Fetch{URL: "https://a.example/robots.txt", Status: 503})
	if !hasNote(s, NoteSites, "1 test is on other sites than https://a.example") {
		t.Errorf("a test on another site is not said: %+v", s.notes)
	}
	s.Apply(Fetch{URL: "https://b.example/robots.txt", Status: 200, Body: "User-agent: *\n"})
	if !hasNote(s, NoteSites, "1 test is on other sites than https://b.example") {
		t.Errorf("after a second fetch: %+v", s.notes)
	}
}

// TestExampleTestsFollowTheFile: once another file takes the example's
// place, the example's tests move to the file's site (its Sitemap line),
// with a notice and Undo; without a Sitemap line they stay, with a notice;
// a key typed in the example moves nothing.
func TestExampleTestsFollowTheFile(t *testing.T) {
	guardian := "User-agent: *\nDisallow: /*/print$\n\nSitemap: https://www.theguardian.com/sitemaps/news.xml\n"
	s := New(nil, nil, model.Example())
	s.Apply(SetFile{Text: guardian})
	if got := s.state.Rows[0].URL; got != "https://www.theguardian.com/private/press/launch.html" {
		t.Errorf("test 1's URL %q", got)
	}
	if got := s.state.Rows[4].URL; got != "www.theguardian.com/cart/checkout?sessionid=42" {
		t.Errorf("test 5's URL %q", got)
	}
	if n, ok := s.notes.get(NoteExample); !ok || n.Action != ActionUndo || !strings.Contains(n.Text, "www.theguardian.com") {
		t.Errorf("notice %+v, %v", n, ok)
	}
	s.Apply(Undo{})
	if !model.ExampleTests(s.state.Rows) || s.state.Robots != guardian {
		t.Errorf("Undo left %q and %+v", s.state.Robots, s.state.Rows)
	}

	s = New(nil, nil, model.Example())
	s.Apply(SetFile{Text: "User-agent: *\nDisallow: /x\n"})
	if !model.ExampleTests(s.state.Rows) {
		t.Errorf("tests moved without a site to move to")
	}
	if _, ok := s.notes.get(NoteExample); !ok {
		t.Errorf("no notice that the tests are the example's")
	}
	s.Apply(SetURL{Row: 0, URL: "/x"})
	if _, ok := s.notes.get(NoteExample); ok {
		t.Errorf("the notice outlived the user's edit of a test")
	}

	s = New(nil, nil, model.Example())
	s.Apply(SetFile{Text: model.Example().Robots + "Disallow: /more\n"})
	if _, ok := s.notes.get(NoteExample); ok || !model.ExampleTests(s.state.Rows) {
		t.Errorf("a key typed in the example moved the tests")
	}
}

// TestNoticesGoWhenTheirMomentPasses: a notice that reports an action, or
// what it left out, goes once the work moves on by a step of Undo (another
// action kept, Undo, Redo); an Undo offered by a notice always undoes the
// action the notice reports. Notices about the page (storage) stay.
func TestNoticesGoWhenTheirMomentPasses(t *testing.T) {
	guardian := "User-agent: *\nDisallow: /*/print$\n\nSitemap: https://www.theguardian.com/sitemaps/news.xml\n"
	shown := func(s *Session) string {
		var b strings.Builder
		for _, n := range s.notes {
			b.WriteString("[" + n.ID + ": " + n.Text + "]")
		}
		return b.String()
	}
	for _, tc := range []struct {
		name string
		do   func(s *Session)
		gone []string // IDs not shown at the end
		want []string // IDs shown at the end
	}{
		{"an action's notice goes with the next action", func(s *Session) {
			s.Apply(Replace{State: mine, Label: "Clear"})
			s.Apply(Replace{State: model.Example(), Label: "Example loaded"})
			// The example's file pasted over: the tests move, a step of its own.
			s.Apply(FileReplaced{})
			s.Apply(SetFile{Text: guardian})
		}, []string{NoteUndo}, []string{NoteExample}},
		{"undone, the example's tests moved no more", func(s *Session) {
			s.Apply(SetFile{Text: guardian})
			s.Apply(Undo{})
		}, []string{NoteExample}, []string{NoteUndo}},
		{"the file cut, then undone", func(s *Session) {
			s.Apply(FileReplaced{})
			s.Apply(SetFile{Text: strings.Repeat("a\n", model.MaxFile)})
			s.Apply(Undo{})
		}, []string{NoteLimit}, []string{NoteUndo}},
		{"the file cut, then the example", func(s *Session) {
			s.Apply(SetFile{Text: strings.Repeat("a\n", model.MaxFile)})
			s.Apply(Replace{State: model.Example(), Label: "Example loaded"})
		}, []string{NoteLimit}, []string{NoteUndo}},
		{"URLs left out, then undone", func(s *Session) {
			s.Apply(PasteURLs{Row: 0, Text: urls(1200)})
			s.Apply(Undo{})
		}, []string{NoteLimit}, []string{NoteUndo}},
		{"the example's tests, then undone back to the user's", func(s *Session) {
			s.Apply(Replace{State: mine, Label: "Import"})
			s.Apply(Replace{State: model.State{}, Label: "Clear"})
			s.Apply(Undo{})
			s.Apply(Redo{})
			s.Apply(Undo{})
		}, []string{NoteExample}, []string{NoteUndo}},
		{"a storage failure stays", func(s *Session) {
			s.save.storageFailed(errors.New("denied"))
			s.Apply(Replace{State: mine, Label: "Import"})
			s.Apply(Undo{})
		}, nil, []string{NoteStorage, NoteUndo}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s, _ := newSession(MemoryStorage{})
			tc.do(s)
			for _, id := range tc.gone {
				if _, ok := s.notes.get(id); ok {
					t.Errorf("the %q notice outlived its moment: %s", id, shown(s))
				}
			}
			for _, id := range tc.want {
				if _, ok := s.notes.get(id); !ok {
					t.Errorf("no %q notice: %s", id, shown(s))
				}
			}
			// At most one notice offers Undo, and it names the step Undo takes back.
			label, _ := s.CanUndo()
			offers := 0
			for _, n := range s.notes {
				if n.Action == ActionUndo {
					offers++
					if n.ID == NoteUndo && n.Text != label+"." {
						t.Errorf("the notice %q offers Undo, which undoes %q", n.Text, label)
					}
				}
			}
			if offers > 1 {
				t.Errorf("%d notices offer Undo: %s", offers, shown(s))
			}
		})
	}
}

// TestRemoveRowSaysSo: removing a test is said, with Undo.
func TestRemoveRowSaysSo(t *testing.T) {
	s, _ := newSession(MemoryStorage{})
	s.Apply(RemoveRow{Row: 1})
	if n, ok := s.notes.get(NoteUndo); !ok || n.Text != "Test 2 removed." || n.Action != ActionUndo {
		t.Errorf("notice %+v, %v", n, ok)
	}
}
