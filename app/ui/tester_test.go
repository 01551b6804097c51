package ui

import (
	"fmt"
	"regexp"
	"strings"
	"testing"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"robotstester/app/ui/model"
)

// render draws c and the components inside it, as go-app would, by
// mounting them in a test engine.
func render(t *testing.T, c app.Composer) string {
	t.Helper()
	e := app.NewTestEngine()
	if err := e.Load(c); err != nil {
		t.Fatal(err)
	}
	e.ConsumeAll()
	return app.HTMLString(c)
}

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

var attrValue = regexp.MustCompile(`="(?:[^"\\]|\\.)*"`)

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

func TestKeepBOM(t *testing.T) {
	for in, want := range map[string]string{"": "", "a\uFEFF": "a\uFEFF", "\uFEFFa": "\uFEFF\uFEFFa"} {
		if got := keepBOM(in); got != want {
			t.Errorf("keepBOM(%q) = %q, want %q", in, got, want)
		}
	}
}

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
