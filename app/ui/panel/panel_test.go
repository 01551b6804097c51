package panel

import (
	"strings"
	"testing"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"robotstester/app/internal/session"
	"robotstester/app/model"
	"robotstester/app/ui/internal/uitest"
)

// TestFindingsGroupSaysWhose: a group of findings shows its first line's
// message as that line's: the others' details (another crawler, another
// value) differ.
func TestFindingsGroupSaysWhose(t *testing.T) {
	html := render(t, &FindingsPanel{Linted: true, Groups: []model.FindingGroupView{
		{Severity: "warning", Message: "Googlebot follows only its own group.", Count: 2, Lines: []int{9, 10}},
		{Severity: "info", Message: "A note on one line.", Count: 1, Lines: []int{4}},
	}})
	if !strings.Contains(html, "Line 9: Googlebot follows only its own group.") {
		t.Errorf("the group's message is not said as line 9's:\n%s", html)
	}
	if strings.Contains(html, "Line 4:") {
		t.Errorf("a finding alone is prefixed with its line, which it lists already")
	}
}

// TestVersionsPanelSaysWhyNone: with storage denied the list of versions
// says that none can be kept, not "not yet".
func TestVersionsPanelSaysWhyNone(t *testing.T) {
	if html := render(t, &VersionsPanel{Unkept: true}); !strings.Contains(html, "No version can be kept") || strings.Contains(html, "yet") {
		t.Errorf("storage denied:\n%s", html)
	}
	if html := render(t, &VersionsPanel{}); !strings.Contains(html, "No earlier version yet.") {
		t.Errorf("no version yet:\n%s", html)
	}
}

// TestNoticesDrawWhatTheyAreGiven: a notice's text is drawn as text, its
// Undo only with something to take back, the choice only with a link
// waiting.
func TestNoticesDrawWhatTheyAreGiven(t *testing.T) {
	notes := []session.Note{
		{ID: "undo-me", Text: "Tests <b>replaced</b>", Action: session.ActionUndo},
		{ID: session.NoteAside, Alert: true, Text: "Saved work could not be read", Action: session.ActionExportAside},
	}
	html := render(t, &Notices{Notes: notes, Shared: -1, To: &uitest.Recorder{}})
	for _, want := range []string{`id="notices"`, `data-notice="undo-me"`, "Tests &lt;b&gt;replaced&lt;/b&gt;", "Export it"} {
		if !strings.Contains(html, want) {
			t.Errorf("no %s in\n%s", want, html)
		}
	}
	if strings.Contains(html, "<b>") || strings.Contains(html, ">Undo<") || strings.Contains(html, "shared-choice") {
		t.Errorf("markup, an Undo with nothing to undo, or a choice with no link:\n%s", html)
	}
	html = render(t, &Notices{Notes: notes, Shared: 3, CanUndo: true, To: &uitest.Recorder{}})
	if !strings.Contains(html, ">Undo<") || !strings.Contains(html, `id="open-shared"`) || !strings.Contains(html, "3 tests") {
		t.Errorf("no Undo, or no choice over the link:\n%s", html)
	}
}

// sendFunc is a view's Sender in a test that looks at each message as it
// comes.
type sendFunc func(msg any)

func (f sendFunc) Send(_ app.Context, msg any) { f(msg) }
