package ui

import (
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"robotstester/app/internal/session"
	"robotstester/app/model"
	"robotstester/app/ui/panel"
)

// fakeVersions is the autosave's versions as the versions panel reads
// them, with no session.
type fakeVersions struct {
	kept int
	vs   []session.Version
	text []string
}

func (f *fakeVersions) Saves() bool                 { return true }
func (f *fakeVersions) VersionsKept() int           { return f.kept }
func (f *fakeVersions) Versions() []session.Version { return f.vs }
func (f *fakeVersions) VersionRobots(i int) (string, error) {
	if i < 0 || i >= len(f.text) {
		return "", errors.New("no such version")
	}
	return f.text[i], nil
}

// keep has the fake keep another version, with the file text.
func (f *fakeVersions) keep(label, text string) {
	f.kept++
	f.vs = append([]session.Version{{Label: label, Saved: time.Unix(0, 0)}}, f.vs...)
	f.text = append([]string{text}, f.text...)
}

// TestVersionsPanelAlone drives the versions panel through the page it
// is given, with no Tester: the list is read when opened and after a save
// that kept a version, not otherwise; a version restored is the page's
// edit; the proposed file is compared with the current one; what the
// user's versions say is drawn as text.
func TestVersionsPanelAlone(t *testing.T) {
	s := model.State{Robots: "User-agent: *\nDisallow: /private/\n", Rows: []model.Row{{Agent: "Googlebot", URL: "/private/x"}}}
	an := model.Analyze(&s)
	store := &fakeVersions{}
	store.keep("Before: <b>Example</b>", "User-agent: *\nAllow: /\n")
	settled := 0
	var edits []session.Edit
	var failures []string
	vp := &versionsPanel{page: versionsPage{
		analysis: func() *model.Analysis { return an },
		state:    func() *model.State { return &s },
		store:    func() versionStore { return store },
		apply:    func(_ app.Context, e session.Msg) { edits = append(edits, e.(session.Edit)) },
		settle:   func(app.Context) { settled++ },
		live: func() liveCopy {
			return liveCopy{url: "https://example.com/robots.txt", body: "User-agent: *\nDisallow:\n"}
		},
		failed: func(_ app.Context, what string, _ error) { failures = append(failures, what) },
	}}

	vp.saved()
	if vp.list != nil || vp.otherTab() {
		t.Fatalf("the closed list was read: %q", vp.list)
	}
	vp.toggle(app.Context{}, true)
	if settled != 1 || len(vp.list) != 1 || vp.seen != 1 {
		t.Fatalf("opened: settled %d times, list %q, seen %d", settled, vp.list, vp.seen)
	}
	html := app.HTMLString(vp.view().(*panel.VersionsPanel).Render())
	if !strings.Contains(html, `id="version-list"`) || !strings.Contains(html, "&lt;b&gt;Example") || strings.Contains(html, "<b>") {
		t.Errorf("the list is not drawn, or drawn as markup:\n%s", html)
	}
	store.keep("Before: a key", s.Robots)
	vp.saved()
	if len(vp.list) != 2 || vp.seen != 2 {
		t.Errorf("a save kept a version: list %q, seen %d", vp.list, vp.seen)
	}
	vp.view().(*panel.VersionsPanel).OnEdit(app.Context{}, session.RestoreVersion{Index: 1})
	if len(edits) != 1 || edits[0] != (session.RestoreVersion{Index: 1}) {
		t.Errorf("a version restored: edits %v", edits)
	}
	vp.toggle(app.Context{}, false)
	store.keep("Before: another key", s.Robots)
	if vp.saved(); len(vp.list) != 2 || vp.otherTab() {
		t.Errorf("the closed list was read again: %q", vp.list)
	}

	vp.proposeVersion(app.Context{}, 9)
	if len(failures) != 1 || failures[0] != "That version could not be read" {
		t.Errorf("a version that cannot be read: failures %q", failures)
	}
	vp.proposeVersion(app.Context{}, 2) // the first kept: Allow: /
	vp.proposalOpen = true
	html = app.HTMLString(vp.compareView().(*panel.VersionsCompare).Render())
	for _, want := range []string{`id="versions-compare-summary"`, `data-changed="1"`, `id="proposed-live"`} {
		if !strings.Contains(html, want) {
			t.Errorf("no %s in the comparison:\n%s", want, html)
		}
	}
	vp.proposeCurrent(app.Context{})
	if settled != 2 || vp.proposal.Text() != s.Robots {
		t.Errorf("from the current file: settled %d times, proposed %q", settled, vp.proposal.Text())
	}
	vp.proposeLive(app.Context{})
	if vp.proposal.Text() != "User-agent: *\nDisallow:\n" {
		t.Errorf("from the live file: proposed %q", vp.proposal.Text())
	}
}
