package ui

import (
	"strings"
	"testing"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"robotstester/app/internal/session"
	"robotstester/app/model"
	"robotstester/robots"
)

// TestIntentPanelAlone drives the intent panel through the page it is
// given, with no Tester: the form draws every role's select; a choice
// previews the crawlers and tests it changes; a crawler added apart from
// its role is drawn, a value naming no crawler refused; Apply settles the
// typing, then hands the page one edit (Replace) holding the file written;
// a markup-like token is drawn as text.
func TestIntentPanelAlone(t *testing.T) {
	s := model.State{Robots: "User-agent: *\nDisallow: /admin/\n", Rows: []model.Row{
		{Agent: "GPTBot", URL: "https://example.com/"},
		{Agent: "Googlebot", URL: "https://example.com/"},
	}}
	an := model.Analyze(&s)
	settled := 0
	var edits []session.Edit
	// The site worker's end: it answers each write when told (answer),
	// as the engine writes it; down, it cannot start.
	var asked []func()
	writes, down := 0, ""
	answer := func() {
		for len(asked) > 0 {
			a := asked[0]
			asked = asked[1:]
			a()
		}
	}
	ip := &intentPanel{page: intentPage{
		analysis: func() *model.Analysis { return an },
		state:    func() *model.State { return &s },
		apply:    func(_ app.Context, e session.Msg) { edits = append(edits, e.(session.Edit)) },
		settle:   func(app.Context) { settled++ },
		write: func(text string, in robots.Intent, done intentWritten) string {
			writes++
			if down != "" {
				return down
			}
			asked = append(asked, func() { done(app.Context{}, robots.WriteIntent(text, in), in.Targets(robots.ParseString(text)), "") })
			return ""
		},
	}}
	render := func() string { return app.HTMLString(ip.view().(*IntentPanel).Render()) }
	ip.follow() // the panel opened: the worker is asked, and loads
	ip.follow() // drawn again meanwhile: asked once
	html := render()
	if writes != 1 || !strings.Contains(html, "Writing the rules…") || !strings.Contains(tagOf(html, `id="intent-apply"`), " disabled") {
		t.Errorf("the worker loading: %d writes asked, the preview:\n%s", writes, html)
	}
	answer()
	html = render()
	for _, r := range robots.IntentRoles() {
		if !strings.Contains(html, `id="intent-role-`+r.Name+`"`) || !strings.Contains(html, `for="intent-role-`+r.Name+`"`) {
			t.Errorf("no labelled select for %s", r.Name)
		}
	}
	if pv := ip.preview; !pv.Same || !strings.Contains(tagOf(html, `id="intent-apply"`), " disabled") {
		t.Errorf("an empty form: not same, or Apply enabled:\n%s", html)
	}

	ip.setRole(app.Context{}, "ai-training", robots.Deny)
	if html = render(); !strings.Contains(html, `data-writing`) || !strings.Contains(tagOf(html, `id="intent-apply"`), " disabled") {
		t.Errorf("written again: Apply enabled, or not said:\n%s", html)
	}
	answer()
	html = render()
	for _, want := range []string{`data-crawler="GPTBot"`, `data-before="allowed"`, `data-after="blocked"`, `data-tests-changed="1"`, `id="intent-block"`, "User-agent: GPTBot",
		// Its root and its test newly blocked, with the lines before and after.
		`data-newly-allowed="0"`, `data-newly-blocked="2"`, "newly allowed 0, newly blocked 2", "allowed (no rule matched) → blocked (line "} {
		if !strings.Contains(html, want) {
			t.Errorf("AI training blocked: no %s in\n%s", want, html)
		}
	}
	if strings.Contains(html, `data-crawler="Googlebot"`) {
		t.Error("Googlebot is previewed as changing")
	}
	if ip.addCrawler(app.Context{}, "my bot", robots.Deny) {
		t.Error(`"my bot" was taken as a crawler`)
	}
	if !ip.addCrawler(app.Context{}, "gptbot", robots.Let) || len(ip.form.crawlers) != 1 || ip.form.crawlers[0].token != "GPTBot" {
		t.Fatalf("gptbot added: %+v", ip.form.crawlers)
	}
	answer()
	html = render()
	if !strings.Contains(html, `data-token="GPTBot"`) || strings.Contains(html, `data-crawler="GPTBot"`) {
		t.Errorf("GPTBot allowed apart: not listed, or still previewed as blocked:\n%s", html)
	}
	ip.removeCrawler(app.Context{}, 0)
	ip.addCrawler(app.Context{}, "Evil<b>Bot", robots.Deny) // read as the token "Evil"
	answer()
	if html = render(); strings.Contains(html, "<b>") {
		t.Errorf("markup drawn:\n%s", html)
	}
	ip.removeCrawler(app.Context{}, 0)
	answer()

	ip.applyIntent(app.Context{})
	if settled != 1 || len(edits) != 1 {
		t.Fatalf("apply: settled %d, edits %v", settled, edits)
	}
	r, ok := edits[0].(session.Replace)
	if !ok || r.State.Robots != robots.WriteIntent(s.Robots, ip.form.intent()) || len(r.State.Rows) != 2 {
		t.Errorf("apply: edit %+v", edits[0])
	}
	s.Robots = r.State.Robots
	an = model.Analyze(&s)
	ip.follow()
	answer()
	ip.applyIntent(app.Context{})
	if len(edits) != 1 || !ip.preview.Same {
		t.Error("applied again, the same file is an edit")
	}

	// Apply pressed once the file changed since it was written: written
	// again, then applied as it comes.
	s.Robots += "\nUser-agent: CCBot\nAllow: /\n" // its own group, which the intent must take over
	an = model.Analyze(&s)
	ip.applyIntent(app.Context{})
	if len(edits) != 1 {
		t.Fatal("applied before the file was written again")
	}
	answer()
	if len(edits) != 2 || edits[1].(session.Replace).State.Robots != robots.WriteIntent(s.Robots, ip.form.intent()) {
		t.Fatalf("applied once written: %d edits", len(edits))
	}
	s.Robots = edits[1].(session.Replace).State.Robots
	an = model.Analyze(&s)
	ip.follow()
	answer()

	// A large file typed in keeps its preview until the form changes
	// or Refresh; a small one is previewed again at once.
	if ip.follow(); ip.stale {
		t.Error("a small file's preview is stale")
	}
	before := ip.preview
	s.Robots += "# " + strings.Repeat("x", intentLiveSize) + "\n"
	an = model.Analyze(&s)
	if ip.follow(); ip.preview != before || !ip.stale || !strings.Contains(render(), `id="intent-refresh"`) {
		t.Errorf("a large file typed in: preview made again %v, stale %v", ip.preview != before, ip.stale)
	}
	ip.refresh(app.Context{})
	answer()
	if ip.preview == before || ip.stale || settled != 4 {
		t.Errorf("refreshed: the same preview %v, stale %v, settled %d", ip.preview == before, ip.stale, settled)
	}

	// The worker cannot start: said in a sentence, Apply disabled, the
	// form kept; asked again when the form changes, not at each key.
	down = "its script could not be loaded"
	ip.setRole(app.Context{}, "search", robots.Deny)
	n := writes
	s.Robots += "# more\n"
	an = model.Analyze(&s)
	ip.follow()
	html = render()
	if writes != n || !strings.Contains(html, `id="intent-failed"`) || !strings.Contains(html, "its script could not be loaded") ||
		!strings.Contains(tagOf(html, `id="intent-apply"`), " disabled") || ip.form.roles["search"] != robots.Deny {
		t.Errorf("the worker down: %d writes asked after a key, the panel:\n%s", writes-n, html)
	}
	down = ""
	ip.setRole(app.Context{}, "search", robots.Let)
	answer()
	if html = render(); strings.Contains(html, `id="intent-failed"`) || ip.preview == nil {
		t.Errorf("the worker back: the panel\n%s", html)
	}
}

// tagOf returns the opening tag of html that holds attr (go-app writes
// attributes in any order), or "".
func tagOf(html, attr string) string {
	i := strings.Index(html, attr)
	if i < 0 {
		return ""
	}
	start := strings.LastIndex(html[:i], "<")
	end := strings.Index(html[i:], ">")
	return html[start : i+end+1]
}
