package ui

import (
	"fmt"
	"strings"
	"testing"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"robotstester/app/model"
	"robotstester/app/ui/internal/uitest"
)

// render draws c as go-app would (uitest.Render).
func render(t *testing.T, c app.Composer) string { return uitest.Render(t, c) }

// TestTesterPrerender checks the page as the static generator writes it:
// natively OnMount never runs, so the page shows its loading state, with
// the example and its verdicts already drawn.
func TestTesterPrerender(t *testing.T) {
	html := render(t, &Tester{})
	for _, want := range []string{
		`id="robots-txt"`, `id="test-bar"`, "Loading the tester", "User-agent: GPTBot",
		`data-verdict="allowed"`, `data-verdict="blocked"`, `data-row="6"`,
		`name="agent"`, `name="url"`, "data-deciding", "data-group",
		"https://shop.example/sitemap.xml", "Why? Test 1",
	} {
		if !strings.Contains(html, want) {
			t.Errorf("prerendered HTML lacks %q", want)
		}
	}
	if strings.Contains(html, "data-ready") {
		t.Errorf("prerendered HTML must not carry data-ready")
	}
}

// attrValue matches an attribute's value as go-app writes it.
var attrValue = uitest.AttrValue

// TestUserTextIsText checks that markup typed anywhere is drawn as text.
func TestUserTextIsText(t *testing.T) {
	const evil = `<script>alert(1)</script><b onmouseover="x()">b</b>`
	html := render(t, NewTester(model.State{
		Robots: "User-agent: " + evil + "\nDisallow: /" + evil + "\nSitemap: " + evil + "\nCrawl-delay: " + evil + "\n",
		Rows:   []model.Row{{Agent: evil, URL: evil}},
	}))
	// go-app's HTMLString writes attribute values Go-quoted; in the browser
	// they are set through the DOM. Only markup outside them counts here.
	outside := attrValue.ReplaceAllString(html, `=""`)
	for _, bad := range []string{"<script>", "<b ", "<b>"} {
		if strings.Contains(outside, bad) {
			t.Errorf("user markup %q inserted as markup", bad)
		}
	}
	if !strings.Contains(html, "&lt;script&gt;") {
		t.Errorf("user markup not shown as text")
	}
}

// TestEditorStatic checks the editor of the page made at build time: the
// file's first lines, marked as the live editor marks them, and the text
// shown as text.
func TestEditorStatic(t *testing.T) {
	var b strings.Builder
	for i := range 14000 {
		fmt.Fprintf(&b, "Disallow: /p%d\n", i)
	}
	s := model.State{Robots: "User-agent: *\n<b>x</b>\n" + b.String(), Rows: []model.Row{{Agent: "x", URL: "/p5"}}}
	html := render(t, NewTester(s))
	if n := strings.Count(html, `class="cm-gutterElement"`); n != staticLines {
		t.Errorf("%d lines drawn, want %d", n, staticLines)
	}
	for _, want := range []string{`data-kind="user-agent"`, "data-group", "data-deciding", `data-line="9"`, "&lt;b&gt;x&lt;/b&gt;"} {
		if !strings.Contains(html, want) {
			t.Errorf("static editor lacks %s", want)
		}
	}
}

// TestRenderChangesNothing: drawing the page twice, every part under More
// drawn as the page made at build time draws them, changes nothing of the
// work: Rules by intent's preview is the one made before (its write and
// count are asked where the page follows a change, never in Render).
func TestRenderChangesNothing(t *testing.T) {
	tr := NewTester(model.State{Robots: "User-agent: *\nDisallow: /admin/\n", Rows: []model.Row{{Agent: "GPTBot", URL: "https://example.com/"}}})
	tr.OnInit() // as go-app does before it draws it
	// Render itself, twice: a component is mounted once.
	first := uitest.Canonical(app.HTMLString(tr.Render()))
	shown, undo := tr.work.Parts().Intent(), tr.work.Autosave()
	label, canUndo := tr.work.CanUndo()
	if shown.Preview == nil || shown.Writing || !strings.Contains(first, `id="intent-preview"`) {
		t.Fatalf("the page made at build time has no preview of Rules by intent: %+v", shown)
	}
	if again := uitest.Canonical(app.HTMLString(tr.Render())); again != first {
		t.Error("drawn twice, the page differs")
	}
	after := tr.work.Parts().Intent()
	label2, canUndo2 := tr.work.CanUndo()
	if tr.site.worker != nil || len(tr.site.timers) != 0 || len(tr.site.files) != 0 {
		t.Error("Render started the site worker, a wait or took a file")
	}
	if after.Preview != shown.Preview || after.Writing || tr.work.Autosave() != undo || label2 != label || canUndo2 != canUndo {
		t.Errorf("Render changed the work: preview made again %v", after.Preview != shown.Preview)
	}
}
