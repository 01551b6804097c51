//go:build !js

package e2e

import (
	"bytes"
	"compress/flate"
	"encoding/base64"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"robotstester/app/internal/share"
	"robotstester/app/internal/site"
	"robotstester/app/model"
)

// stateJS reads the state the page shows, from its DOM: the editor, the
// rows, the dialect and the selected row. doc is the document to read
// ("document", or an iframe's).
const stateJS = `((doc) => {
	const rows = [...doc.querySelectorAll("[data-row]")].map(r => ({
		agent: r.querySelector("input[name=agent]").value,
		url: r.querySelector("input[name=url]").value,
	}));
	const sel = doc.querySelector("[data-row][data-selected]");
	const dialect = doc.querySelector("select#dialect");
	return {
		robots: doc.defaultView.robotsTester.text(),
		rows: rows,
		dialect: dialect && dialect.selectedOptions[0] ? (dialect.selectedOptions[0].getAttribute("value") || "") : "",
		selected: sel ? Number(sel.dataset.row) : 0,
	};
})(document)`

func pageState(p *Page) model.State {
	p.tb.Helper()
	return Eval[model.State](p, "reading the state", stateJS)
}

// custom is a state unlike the example, with text that tests the
// encodings: markup, quotes, non-ASCII, a tab.
var custom = model.State{
	Robots: "# <b>shared</b> \"quotes\" ツ\tand a tab\nUser-agent: *\nDisallow: /private/\nAllow: /private/ok$\n\nUser-agent: GPTBot\nDisallow: /\n",
	Rows: []model.Row{
		{Agent: "Googlebot", URL: "/private/x"},
		{Agent: "GPTBot", URL: "https://example.com/ä?x=<y>"},
		{Agent: "Bingbot", URL: "/private/ok"},
	},
	Dialect:  "rfc9309",
	Selected: 2,
}

// setState types a state into the page through its controls, as a user
// would.
func setState(p *Page, s model.State) {
	p.tb.Helper()
	p.Replace(editor, s.Robots)
	for p.Count("[data-row]") > len(s.Rows) {
		p.Click(row(p.Count("[data-row]")-1, "button.remove"))
		time.Sleep(50 * time.Millisecond)
	}
	for i, r := range s.Rows {
		for p.Count("[data-row]") <= i {
			p.Click("#add-row")
			p.Wait(row(i, "input[name=url]"))
		}
		p.Replace(row(i, "input[name=agent]"), r.Agent)
		p.Replace(row(i, "input[name=url]"), r.URL)
	}
	p.Call("choosing the dialect", `(v) => { const s = document.querySelector("select#dialect"); s.value = v; s.dispatchEvent(new Event("change", {bubbles: true})); }`, s.Dialect)
	p.Click(row(s.Selected, "button.why"))
	waitState(p, s)
}

// stateLink returns the share link of s on the site at base.
func stateLink(t testing.TB, base string, s model.State) string {
	t.Helper()
	link, err := share.Link(base, s)
	if err != nil {
		t.Fatal(err)
	}
	return link
}

// waitState waits until the page shows s.
func waitState(p *Page, want model.State) {
	p.tb.Helper()
	deadline := time.Now().Add(Timeout)
	for {
		got := pageState(p)
		if share.Same(got, want) {
			return
		}
		if time.Now().After(deadline) {
			p.tb.Fatalf("the page shows\n%+v\nwant\n%+v%s", got, want, p.consoleTail())
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// waitSaved waits until the autosave holds want.
func waitSaved(p *Page, want model.State) {
	p.tb.Helper()
	deadline := time.Now().Add(Timeout)
	for {
		saved := Eval[string](p, "reading the autosave", `localStorage.getItem("`+share.SaveKey+`") || ""`)
		if s, err := share.Unmarshal([]byte(saved)); err == nil && share.Same(s, want) {
			return
		}
		if time.Now().After(deadline) {
			p.tb.Fatalf("the autosave holds %.200q", saved)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

func noExceptions(t *testing.T, p *Page) {
	t.Helper()
	if ex := p.Exceptions(); len(ex) > 0 {
		t.Errorf("the page reported errors:\n%s", strings.Join(ex, "\n"))
	}
}

// TestAutosave checks that a reload restores the work, and that storage
// failing is said once while the tester keeps working.
func TestAutosave(t *testing.T) {
	p := suite.NewPage(t)
	p.Open(suite.Site(t, ""))
	setState(p, custom)
	waitSaved(p, custom)
	p.Reload()
	waitState(p, custom)
	verdict(p, 0, "blocked")
	verdict(p, 2, "allowed")
	if n := p.Count("[data-notice]"); n != 0 {
		t.Errorf("%d notices after a plain reload", n)
	}

	// Storage full: said once, and the verdicts still follow the typing.
	p.Call("filling the storage", `() => { Storage.prototype.setItem = function () { throw new DOMException("The quota has been exceeded.", "QuotaExceededError"); }; }`)
	p.Replace(editor, "User-agent: *\nDisallow: /\n")
	verdict(p, 2, "blocked")
	p.Wait(`[data-notice="storage"]`)
	if got := p.Text(`[data-notice="storage"]`); !strings.Contains(got, "not being saved") {
		t.Errorf("storage notice %q", got)
	}
	p.Click(`[data-notice="storage"] button.dismiss`)
	p.WaitGone(`[data-notice="storage"]`)
	p.Replace(editor, "User-agent: *\nAllow: /\n")
	verdict(p, 2, "allowed")
	time.Sleep(800 * time.Millisecond) // past the autosave's pause
	if n := p.Count(`[data-notice="storage"]`); n != 0 {
		t.Errorf("the storage notice came back")
	}
	noExceptions(t, p)
}

// TestTwoTabs opens the tester twice in one profile and edits in both: the
// tab that saves last keeps the other's work as a version, says so, and
// its open list of versions shows it at once.
func TestTwoTabs(t *testing.T) {
	site := suite.Site(t, "")
	a := suite.NewPage(t)
	a.Open(site)
	setState(a, custom)
	waitSaved(a, custom)
	b := suite.NewTabBeside(t, a)
	b.Open(site)
	waitState(b, custom)
	b.OpenAround("#versions") // opens the list itself
	b.Wait("#versions[open]")

	mineA := custom
	mineA.Rows = append([]model.Row(nil), custom.Rows...)
	mineA.Rows[1].Agent = "TabOneBot"
	mineA.Selected = 1 // the test edited
	a.Replace(row(1, "input[name=agent]"), "TabOneBot")
	waitSaved(a, mineA)
	// b hears of it at once, not at its own next save.
	b.Wait(`[data-notice="tabs"]`)
	if got := b.Text(`[data-notice="tabs"]`); !strings.Contains(got, "has just saved its work") {
		t.Errorf("b's notice of a's save %q", got)
	}

	mineB := custom
	mineB.Rows = append([]model.Row(nil), custom.Rows...)
	mineB.Rows[2].Agent = "TabTwoBot"
	mineB.Selected = 2
	b.Replace(row(2, "input[name=agent]"), "TabTwoBot")
	waitSaved(b, mineB)
	b.Wait(`[data-notice="tabs"]`)
	if got := b.Text(`[data-notice="tabs"]`); !strings.Contains(got, "another tab") {
		t.Errorf("notice %q", got)
	}
	// The list open in b shows the other tab's work, not read again by hand.
	b.Wait(`#version-list li`)
	if got := b.Text("#version-list"); !strings.Contains(got, "Saved by another tab") {
		t.Errorf("the open list of versions reads %q", got)
	}
	// Restored, the version is tab a's work.
	b.Click(`#version-list li:first-child button.restore`)
	waitState(b, mineA)
	noExceptions(t, a)
	noExceptions(t, b)
}

// TestShareLink copies a link, opens it in a fresh profile and gets the
// same state; opened over different autosaved work, it asks first.
func TestShareLink(t *testing.T) {
	base := suite.Site(t, "")
	a := suite.NewPage(t)
	a.Open(base)
	setState(a, custom)
	a.Click("#copy-link")
	a.Wait("#share-status:not(:empty)")
	link := Eval[string](a, "reading the address", "location.href")
	if !strings.HasPrefix(link, base+"#s=") {
		t.Fatalf("link %q does not carry the state", link)
	}
	// Headless Chromium may refuse the clipboard, or never answer: the
	// link shows until the copy is confirmed. Either will do.
	type outcome struct{ Status, Field string }
	deadline := time.Now().Add(Timeout)
	for {
		o := Eval[outcome](a, "reading the copy's outcome", `(() => {
			const f = document.querySelector("#share-link");
			return {Status: document.querySelector("#share-status").textContent, Field: f ? f.value : ""};
		})()`)
		if strings.Contains(o.Status, "copied") || o.Field == link {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("copy: status %q, field %.60q", o.Status, o.Field)
		}
		time.Sleep(50 * time.Millisecond)
	}

	// A fresh profile opens exactly that state.
	b := suite.NewPage(t)
	b.Open(link)
	waitState(b, custom)
	verdict(b, 0, "blocked")
	if n := b.Count("#shared-choice"); n != 0 {
		t.Errorf("a fresh profile was asked to choose")
	}
	waitSaved(b, custom)
	if got := Eval[string](b, "reading the address", "location.hash"); got != "" {
		t.Errorf("the fragment stayed: %.40q", got)
	}

	// Over other work, the link asks, and leaves the work and its autosave
	// alone until the user chooses.
	mine := custom
	mine.Robots = "User-agent: *\nAllow: /\n"
	b.Replace(editor, mine.Robots)
	waitSaved(b, mine)
	b.Goto(link)
	b.WaitReady()
	b.Wait("#shared-choice")
	waitState(b, mine)
	time.Sleep(700 * time.Millisecond)
	waitSaved(b, mine)
	// What is typed meanwhile is saved; the link stays for a reload.
	mine.Robots = "User-agent: *\nAllow: /typed\n"
	b.Replace(editor, mine.Robots)
	waitSaved(b, mine)
	b.Reload()
	b.Wait("#shared-choice")
	waitState(b, mine)
	b.Click("#open-shared")
	waitState(b, custom)
	b.WaitGone("#shared-choice")
	waitSaved(b, custom)

	// "Keep my work" keeps it.
	b.Replace(editor, mine.Robots)
	waitSaved(b, mine)
	b.Goto(link)
	b.WaitReady()
	b.Click("#keep-mine")
	b.WaitGone("#shared-choice")
	waitState(b, mine)
	b.Reload()
	waitState(b, mine)
	noExceptions(t, a)
	noExceptions(t, b)
}

// TestLinkInOpenPage gives the page already open a link in its address
// bar: a damaged one is said and the page goes on working (go-app read it
// unguarded, and its Go program stopped for good, the page still on
// screen); a good one asks first, then opens.
func TestLinkInOpenPage(t *testing.T) {
	p := suite.NewPage(t)
	p.Open(suite.Site(t, ""))
	mine := custom
	mine.Robots = "User-agent: *\nAllow: /\n"
	setState(p, mine)
	waitSaved(p, mine)

	p.Call("giving a damaged link", `(h) => { location.hash = h; }`, "s=a%2")
	p.Wait(`[data-notice="link"]`)
	if got := p.Text(`[data-notice="link"]`); !strings.Contains(got, "could not be opened") || !strings.Contains(got, "Your work is as it was") {
		t.Errorf("notice %q", got)
	}
	waitState(p, mine)
	p.Replace(editor, "User-agent: *\nDisallow: /\n")
	verdict(p, 0, "blocked")
	if got := Eval[string](p, "the editor's text", `window.robotsTester.text()`); got != "User-agent: *\nDisallow: /\n" {
		t.Errorf("text %q", got)
	}
	mine.Robots = "User-agent: *\nDisallow: /\n"
	waitSaved(p, mine)

	// Given while the user is far down the page: the choice, drawn at
	// the top, comes into view with its first answer focused.
	p.Call("scrolling to the bottom", `() => scrollTo(0, document.documentElement.scrollHeight)`)
	p.Call("giving a link", `(h) => { location.hash = h; }`, share.Fragment(custom))
	p.Wait("#shared-choice")
	waitState(p, mine)
	poll(p, "the choice in view and focused", `(() => {
		const r = document.querySelector("#shared-choice").getBoundingClientRect();
		return document.activeElement.id === "open-shared" && r.top >= -1 && r.bottom <= innerHeight + 1;
	})()`, func(ok bool) bool { return ok })
	p.Click("#open-shared")
	p.WaitGone("#shared-choice")
	waitState(p, custom)
	waitSaved(p, custom)
	if got := Eval[string](p, "reading the address", "location.hash"); got != "" {
		t.Errorf("the fragment stayed: %.40q", got)
	}
	noExceptions(t, p)
}

// TestHostileFragment opens links whose state is damaged or hostile: each
// shows the reason, and the tester works on the user's own state.
func TestHostileFragment(t *testing.T) {
	deflated := func(data []byte) string {
		var buf bytes.Buffer
		w, _ := flate.NewWriter(&buf, flate.BestCompression)
		w.Write(data)
		w.Close()
		return base64.RawURLEncoding.EncodeToString(buf.Bytes())
	}
	base := suite.Site(t, "")
	for _, tt := range []struct{ name, fragment string }{
		{"bad base64", "s=<script>alert(1)</script>"},
		{"truncated", "s=" + share.Encode(custom)[:40]},
		{"compression bomb", "s=" + deflated(bytes.Repeat([]byte(" "), 8<<20))},
		{"wrong types", "s=" + deflated([]byte(`{"v":1,"robots":42,"rows":"<img src=x onerror=alert(1)>"}`))},
		{"newer format", "s=" + deflated([]byte(`{"v":99,"robots":""}`))},
	} {
		t.Run(tt.name, func(t *testing.T) {
			_, ok, err := share.FromFragment(tt.fragment)
			if !ok || err == nil {
				t.Fatalf("the fragment is not hostile: %v, %v", ok, err)
			}
			p := suite.NewPage(t)
			p.Open(base + "#" + tt.fragment)
			p.Wait(`[data-notice="link"]`)
			if got := p.Text(`[data-notice="link"]`); !strings.Contains(got, err.Error()) {
				t.Errorf("notice %q lacks %q", got, err.Error())
			}
			waitState(p, model.Example())
			p.Replace(editor, "User-agent: *\nDisallow: /\n")
			verdict(p, 0, "blocked")
			if n := p.Count("main img, main script"); n != 0 {
				t.Errorf("the fragment became %d elements", n)
			}
			noExceptions(t, p)
		})
	}
}

// TestEmbed opens the demo docs page, built under a subpath: each
// embedded tester shows the verdicts the full tester gives for the same
// state, reports its height, and links to the full tester.
func TestEmbed(t *testing.T) {
	base := suite.Site(t, "/sub/path")
	p := suite.NewPage(t)
	p.Goto(base + site.DemoName)
	for i, ex := range site.DemoExamples {
		frame := `document.querySelector("#example-` + string(rune('0'+i)) + `")`
		doc := frame + `.contentDocument`
		deadline := time.Now().Add(Timeout)
		for !Eval[bool](p, "waiting for the embedded tester", `!!(`+doc+` && `+doc+`.querySelector("[data-ready][data-embed]"))`) {
			if time.Now().After(deadline) {
				t.Fatalf("example %d: the embedded tester did not start", i)
			}
			time.Sleep(100 * time.Millisecond)
		}
		got := Eval[model.State](p, "reading the embedded state", strings.Replace(stateJS, "(document)", "("+doc+")", 1))
		want := ex.State
		want.Dialect = ""
		if !share.Same(got, want) {
			t.Errorf("example %d shows %+v, want %+v", i, got, want)
		}
		verdicts := `[...` + doc + `.querySelectorAll("[data-row] [data-verdict]")].map(e => e.dataset.verdict)`
		embedded := Eval[[]string](p, "reading the verdicts", verdicts)
		if n := Eval[int](p, "counting chrome", doc+`.querySelectorAll("h1:not(.embed-title), header, footer, #copy-link, #transfer").length`); n != 0 {
			t.Errorf("example %d: the embed shows %d pieces of page chrome", i, n)
		}
		// Its one heading is its own title, which a screen reader lands on.
		if h := Eval[string](p, "reading the heading", `[...`+doc+`.querySelectorAll("h1")].map(h => h.textContent).join("|")`); h != "robots.txt tester" {
			t.Errorf("example %d: the embed's level-one headings are %q", i, h)
		}
		full := Eval[string](p, "reading the full link", doc+`.querySelector("#open-full").href`)
		if !strings.HasPrefix(full, base+"#s=") {
			t.Errorf("example %d: full tester link %q", i, full)
		}
		readonly := Eval[bool](p, "reading readonly", doc+`.querySelector("#robots-txt").getAttribute("contenteditable") === "false"`)
		if want := strings.Contains(ex.Options, "readonly=1"); readonly != want {
			t.Errorf("example %d: readonly %v, want %v", i, readonly, want)
		}
		// The page sized the iframe from the height the tester posted.
		deadline = time.Now().Add(Timeout)
		for Eval[string](p, "reading the iframe's height", frame+`.style.height`) == "" {
			if time.Now().After(deadline) {
				t.Fatalf("example %d: the iframe was never sized", i)
			}
			time.Sleep(100 * time.Millisecond)
		}

		// The full tester, opened from the link, gives the same verdicts.
		f := suite.NewPage(t)
		f.Open(full)
		waitState(f, ex.State)
		for j, v := range embedded {
			verdict(f, j, v)
		}
		if len(embedded) != len(ex.State.Rows) {
			t.Errorf("example %d: %d verdicts for %d rows", i, len(embedded), len(ex.State.Rows))
		}
		noExceptions(t, f)
	}
	noExceptions(t, p)
}

// blobsJS makes the page keep every Blob it downloads, to read exports.
const blobsJS = `() => {
	window.__blobs = [];
	const create = URL.createObjectURL;
	URL.createObjectURL = (b) => { window.__blobs.push(b); return create.call(URL, b); };
}`

// lastBlob waits for the next download (go-app runs a click's handler in
// its own loop, after the click) and returns its text.
func lastBlob(p *Page) string {
	p.tb.Helper()
	return run(p, "reading the export", chromedp.Evaluate[string](`(async () => {
		const seen = window.__blobsRead || 0;
		for (let i = 0; i < 200 && window.__blobs.length <= seen; i++) await new Promise(r => setTimeout(r, 50));
		window.__blobsRead = window.__blobs.length;
		return window.__blobs.length ? window.__blobs[window.__blobs.length - 1].text() : "";
	})()`, chromedp.EvalAwaitPromise))
}

// TestExportImport exports the state and imports it again, exports the
// results, and imports a list of URLs and a dropped robots.txt.
func TestExportImport(t *testing.T) {
	p := suite.NewPage(t)
	p.Open(suite.Site(t, ""))
	p.Call("watching downloads", blobsJS)
	setState(p, custom)
	// The findings come 400 ms after a change and move the panels below
	// them: a click aimed before then can land beside the button.
	p.WaitAttr("#counts", "data-linted", "true")

	p.Click("#export-state")
	exported := lastBlob(p)
	if s, err := share.Unmarshal([]byte(exported)); err != nil || !share.Same(s, custom) {
		t.Fatalf("exported state %v: %q", err, exported)
	}
	p.Click("#load-example")
	waitState(p, model.Example())
	setFile := `(sel, name, text, drop) => {
		const dt = new DataTransfer();
		dt.items.add(new File([text], name, {type: "text/plain"}));
		const el = document.querySelector(sel);
		if (drop) {
			el.dispatchEvent(new DragEvent("dragover", {dataTransfer: dt, bubbles: true, cancelable: true}));
			el.dispatchEvent(new DragEvent("drop", {dataTransfer: dt, bubbles: true, cancelable: true}));
			return;
		}
		el.files = dt.files;
		el.dispatchEvent(new Event("change", {bubbles: true}));
	}`
	p.Call("importing the state", setFile, "#import-state", "state.json", exported, false)
	waitState(p, custom)

	// A damaged state file is refused with its reason.
	p.Call("importing a bad state", setFile, "#import-state", "state.json", `{"v":1,"rows":7}`, false)
	p.Wait(`[data-notice="import"]`)
	waitState(p, custom)

	// The results.
	p.Click("#export-csv")
	csv := lastBlob(p)
	if lines := strings.Split(strings.TrimSpace(csv), "\n"); len(lines) != 1+len(custom.Rows) || !strings.HasPrefix(lines[0], "agent,token,url") {
		t.Errorf("CSV export:\n%s", csv)
	}
	p.Click("#export-json")
	var results []share.Result
	if err := jsonUnmarshal(lastBlob(p), &results); err != nil || len(results) != len(custom.Rows) || results[0].Verdict != "blocked" || results[0].Line != 3 {
		t.Errorf("JSON export: %v %+v", err, results)
	}

	// A list of URLs, pasted, then a CSV file.
	p.Click("details.import-urls summary")
	p.Replace("#import-urls", "url\n/private/a\n/b\n/private/a\n")
	p.Click("#add-urls")
	p.Wait(row(4, "[data-verdict]"))
	if got := p.Value(row(4, "input[name=agent]")); got != custom.Rows[custom.Selected].Agent {
		t.Errorf("imported row's crawler %q", got)
	}
	verdict(p, 3, "blocked")
	verdict(p, 4, "allowed")
	p.Call("importing a CSV of URLs", setFile, "#import-urls-file", "urls.csv", "url,title\n/c,C\n/d,D\n", false)
	p.Wait(row(6, "[data-verdict]"))
	if got := p.Value(row(6, "input[name=url]")); got != "/d" {
		t.Errorf("CSV row holds %q", got)
	}

	// A robots.txt dropped on the editor.
	p.Call("dropping a robots.txt", setFile, editor, "robots.txt", "User-agent: *\nDisallow: /\n", true)
	p.WaitAttr("#summary", "data-bytes", "26")
	verdict(p, 2, "blocked")
	noExceptions(t, p)
}

func jsonUnmarshal(s string, v any) error { return json.Unmarshal([]byte(s), v) }
