package panel

import (
	"strings"
	"testing"

	"robotstester/app/model"
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
