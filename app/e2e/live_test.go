//go:build !js

package e2e

import (
	"strings"
	"testing"
	"time"

	"robotstester/app/internal/share"
)

// TestPinnedExpectations pins a verdict, breaks it by editing the file,
// and checks the marks, the counts, Undo and the autosave.
func TestPinnedExpectations(t *testing.T) {
	p := suite.NewPage(t)
	p.Open(suite.Site(t, ""))
	verdict(p, 1, "blocked") // the example's Googlebot /private/plans.pdf

	p.Click(row(1, "button.pin"))
	p.WaitAttr(`[data-row="1"]`, "data-expect", "blocked")
	p.WaitAttr("#results", "data-pinned", "1")
	if _, ok := p.Attr(`[data-row="1"]`, "data-expect-broken"); ok {
		t.Errorf("a pinned verdict that holds is marked broken")
	}

	// An edit that lets the URL through breaks the expectation.
	p.Replace(editor, "User-agent: *\nDisallow: /cart/\n")
	verdict(p, 1, "allowed")
	p.WaitAttr(`[data-row="1"]`, "data-expect-broken", "true")
	p.WaitAttr("#results", "data-broken", "1")
	if got := p.Text("#results-counts"); !strings.Contains(got, "1 expectation broken of 1") {
		t.Errorf("counts %q", got)
	}

	// Saved with the work, and back after a reload.
	deadline := time.Now().Add(Timeout)
	for !strings.Contains(Eval[string](p, "reading the autosave", `localStorage.getItem("`+share.SaveKey+`") || ""`), `"expect":"blocked"`) {
		if time.Now().After(deadline) {
			t.Fatal("the pin is not autosaved")
		}
		time.Sleep(50 * time.Millisecond)
	}
	p.Reload()
	p.WaitAttr(`[data-row="1"]`, "data-expect-broken", "true")

	// Pin all, then Undo takes it back.
	p.Click("#pin-all")
	p.WaitAttr("#results", "data-pinned", "7")
	p.WaitAttr("#results", "data-broken", "0")
	p.Click("#undo")
	p.WaitAttr("#results", "data-pinned", "1")
	p.WaitAttr("#results", "data-broken", "1")
	noExceptions(t, p)
}
