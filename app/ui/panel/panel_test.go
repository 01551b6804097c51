package panel

import (
	"strings"
	"testing"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"robotstester/app/internal/byintent"
	"robotstester/app/internal/effect"
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

// TestIntentDrawsAndSendsNothing: the intent panel draws the form and
// the preview it is given, a refused crawler said, Apply disabled while
// the worker writes; drawn twice, it sends nothing.
func TestIntentDrawsAndSendsNothing(t *testing.T) {
	var m byintent.Intent
	s := model.State{Robots: "User-agent: *\nDisallow:\n", Rows: []model.Row{{Agent: "GPTBot", URL: "https://example.com/"}}}
	an := model.Analyze(&s)
	m.Update(byintent.AddCrawler{Typed: "Evil<b>Bot thing"}, an, &s)
	r := m.Update(byintent.SetRole{Name: "ai-training", Choice: "block"}, an, &s)
	to := &uitest.Recorder{}
	html := render(t, &Intent{Shown: m.Shown(), To: to})
	for _, want := range []string{`id="intent-role-ai-training"`, `data-writing`, "Writing the rules…", "names no crawler", "Evil&lt;b&gt;Bot"} {
		if !strings.Contains(html, want) {
			t.Errorf("writing: no %s in\n%s", want, html)
		}
	}
	m.Update(byintent.WriteNow(r.IO[0].(effect.WriteIntent)), an, &s)
	html = uitest.Canonical(render(t, &Intent{Shown: m.Shown(), To: to}))
	again := uitest.Canonical(render(t, &Intent{Shown: m.Shown(), To: to}))
	for _, want := range []string{`data-crawler="GPTBot"`, `data-after="blocked"`, `id="intent-block"`, `data-counting`} {
		if !strings.Contains(html, want) {
			t.Errorf("written: no %s in\n%s", want, html)
		}
	}
	if html != again || len(to.Sent) != 0 {
		t.Errorf("drawn twice: the same %v, sent %v", html == again, to.Sent)
	}
}
