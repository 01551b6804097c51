//go:build !js

package e2e

import (
	"fmt"
	"strconv"

	"robotstester/app/internal/share"
	"robotstester/app/model"
)

// ltScenario is one page of a run: its actions, named in advance so that
// the report lists those that a failure left unmeasured.
type ltScenario struct {
	name    string
	actions []string
	run     func(r *ltRun)
}

func ltScenarios(in *ltInputs) []ltScenario {
	kib := func(s string) string { return strconv.Itoa(len(s)>>10) + " KiB" }
	openLink := "open a link: " + ltCorpusFile + ", 1000 rows"
	freezing := "open the freezing link (18,000 groups, python)"
	// The page starts with each crawler's own reading: the other
	// dialects in turn, then back to it.
	var dialectActions []string
	for _, d := range model.DialectChoices() {
		if d.Value != "" {
			dialectActions = append(dialectActions, ltDialectAction(d.Value))
		}
	}
	dialectActions = append(dialectActions, ltDialectAction(""))
	return []ltScenario{
		{
			// The start of the app alone, as a first visit sees it: what
			// opening a link adds is the difference.
			name:    "first visit",
			actions: []string{"first visit, the example: start (until data-ready)", "first visit, the example: after data-ready"},
			run: func(r *ltRun) {
				r.openLink("first visit, the example", r.base, ltShows(model.Example().Robots))
			},
		},
		{
			name:    "open link",
			actions: []string{openLink + ": start (until data-ready)", openLink + ": after data-ready"},
			run: func(r *ltRun) {
				link, err := share.Link(r.base, in.base)
				if err != nil {
					// The tester would not offer it, but opens it: a file
					// this large with 1000 tests is what the JSON export is
					// for, and a link made by hand carries it as well.
					r.t.Logf("the link is %d characters, over share.MaxLink (%d)", len(link), share.MaxLink)
				}
				r.openLink(openLink, link, ltShows(in.base.Robots))
			},
		},
		{
			name: "freezing link",
			actions: []string{freezing + ": start (until data-ready)", freezing + ": after data-ready",
				"keystroke, freezing link's state"},
			run: func(r *ltRun) {
				link, err := share.Link(r.base, in.freezing)
				if err != nil {
					r.t.Fatalf("the freezing link: %v", err)
				}
				if !r.openLink(freezing, link, ltShows(in.freezing.Robots)) {
					return
				}
				r.quiet()
				r.caret()
				r.measure("keystroke, freezing link's state", r.key(), ltShows(in.freezing.Robots+"x"))
			},
		},
		{
			name:    "paste URLs",
			actions: []string{"paste 1,500 URLs into row 0"},
			run: func(r *ltRun) {
				r.open(in.oneRow)
				r.stage(in.urls1500)
				r.p.Call("focusing row 0", `(sel) => document.querySelector(sel).focus()`, row(0, "input[name=url]"))
				r.measure("paste 1,500 URLs into row 0", r.js("pasting URLs", `
					const el = document.querySelector('[data-row="0"] input[name=url]');
					const dt = new DataTransfer();
					dt.setData("text/plain", window.__ltText);
					el.dispatchEvent(new ClipboardEvent("paste", {clipboardData: dt, bubbles: true, cancelable: true}));`),
					ltRowsDone)
			},
		},
		{
			name:    "import URLs",
			actions: []string{"import 1,200 URLs"},
			run: func(r *ltRun) {
				r.open(in.oneRow)
				r.stage(in.urls1200)
				// The panel is a closed <details> in a part under More,
				// drawn once opened: both opened as a user would before
				// pasting the list, outside the measure.
				r.p.OpenAround("#import-urls")
				r.p.Wait("#import-urls")
				r.p.Call("filling the import panel", `(sel) => {
					const ta = document.querySelector(sel);
					const d = ta.closest("details");
					if (d) d.open = true;
					ta.value = window.__ltText;
					ta.dispatchEvent(new InputEvent("input", {bubbles: true, inputType: "insertFromPaste"}));
				}`, "#import-urls")
				r.quiet()
				r.measure("import 1,200 URLs", r.js("clicking Add as tests", `document.querySelector("#add-urls").click();`), ltRowsDone)
			},
		},
		{
			name:    "drop file",
			actions: []string{"drop a 3.9 MB file on the editor, 1000 rows"},
			run: func(r *ltRun) {
				r.open(in.base)
				r.stage(in.drop39)
				r.p.Call("making the file", `() => { window.__ltFile = new File([window.__ltText], "robots.txt", {type: "text/plain"}); }`)
				r.measure("drop a 3.9 MB file on the editor, 1000 rows", r.js("dropping the file", `
					const dt = new DataTransfer();
					dt.items.add(window.__ltFile);
					const el = document.querySelector("#robots-txt");
					el.dispatchEvent(new DragEvent("dragover", {dataTransfer: dt, bubbles: true, cancelable: true}));
					el.dispatchEvent(new DragEvent("drop", {dataTransfer: dt, bubbles: true, cancelable: true}));`),
					ltShows(in.drop39))
			},
		},
		{
			name:    "500 KiB file",
			actions: []string{"paste a " + kib(in.paste500) + " file, 1000 rows", "keystroke, " + kib(in.paste500) + " file, 1000 rows"},
			run: func(r *ltRun) {
				r.open(in.base)
				r.stage(in.paste500)
				if !r.measure("paste a "+kib(in.paste500)+" file, 1000 rows", r.js("pasting", ltPasteFileJS), ltShows(in.paste500)) {
					return
				}
				r.caret()
				r.measure("keystroke, "+kib(in.paste500)+" file, 1000 rows", r.key(), ltShows(in.paste500+"x"))
			},
		},
		{
			// The linter once hashed every prefix of the rule's path: a
			// task of a second in the browser.
			name:    "long line",
			actions: []string{"paste a file with a line of 300,000 characters, 1000 rows"},
			run: func(r *ltRun) {
				r.open(in.base)
				r.stage(in.longLine)
				r.measure("paste a file with a line of 300,000 characters, 1000 rows", r.js("pasting", ltPasteFileJS), ltShows(in.longLine))
			},
		},
		{
			name:    "4 MiB file",
			actions: []string{"paste a " + kib(in.paste4M) + " file, 1000 rows", "keystroke, " + kib(in.paste4M) + " file, 1000 rows"},
			run: func(r *ltRun) {
				r.open(in.base)
				r.stage(in.paste4M)
				if !r.measure("paste a "+kib(in.paste4M)+" file, 1000 rows", r.js("pasting", ltPasteFileJS), ltShows(in.paste4M)) {
					return
				}
				r.caret()
				r.measure("keystroke, "+kib(in.paste4M)+" file, 1000 rows", r.key(), ltShows(in.paste4M+"x"))
			},
		},
		{
			name:    "example and undo",
			actions: []string{"Example, over 1000 rows", "Undo the Example, back to 1000 rows"},
			run: func(r *ltRun) {
				r.open(in.base)
				example := model.Example()
				if !r.measure("Example, over 1000 rows", r.js("clicking Example", `document.querySelector("#load-example").click();`),
					ltShows(example.Robots)+fmt.Sprintf(` && !document.querySelector('[data-row="%d"]')`, len(example.Rows))) {
					return
				}
				r.measure("Undo the Example, back to 1000 rows", r.js("clicking Undo", `document.querySelector("#undo").click();`),
					ltShows(in.base.Robots))
			},
		},
		{
			name:    "compare",
			actions: []string{"open the comparison, 1000 rows"},
			run: func(r *ltRun) {
				r.open(in.base)
				// Its part under More, opened as a user would, outside the
				// measure: the comparison is made when its button is pressed.
				r.p.OpenAround("#compare-toggle")
				r.p.Wait("#compare-toggle")
				r.quiet()
				r.measure("open the comparison, 1000 rows", r.js("clicking Compare", `document.querySelector("#compare-toggle").click();`),
					`document.querySelector("[data-compare-row]") || document.querySelector("#compare-summary")`)
			},
		},
		{
			name:    "dialects",
			actions: dialectActions,
			run: func(r *ltRun) {
				r.open(in.base)
				// The page's own choices, by their value attributes ("" or
				// none for each crawler's own): the page starts with the
				// state's, each other one is chosen in turn, then the first
				// again.
				type choice struct {
					Values []string `json:"values"`
					Index  int      `json:"index"`
				}
				c := Eval[choice](r.p, "reading the dialects", `(() => {
					const s = document.querySelector("select#dialect");
					return {values: [...s.options].map(o => o.getAttribute("value") || ""), index: s.selectedIndex};
				})()`)
				if len(c.Values) < 2 || c.Index < 0 {
					r.t.Fatalf("select#dialect offers %q, selected %d", c.Values, c.Index)
				}
				var seq []string
				for i := 1; i <= len(c.Values); i++ {
					seq = append(seq, c.Values[(c.Index+i)%len(c.Values)])
				}
				for _, d := range seq {
					ok := r.measure(ltDialectAction(d), r.js("choosing "+d, fmt.Sprintf(`
						const s = document.querySelector("select#dialect");
						s.selectedIndex = [...s.options].findIndex(o => (o.getAttribute("value") || "") === %[1]s);
						s.dispatchEvent(new Event("change", {bubbles: true}));`, jsString(d))),
						// The reading is made in the change's own task; the
						// quiet that follows sees the redraw.
						`true`)
					if !ok {
						return
					}
				}
			},
		},
	}
}

// ltDialectAction names the choice of a dialect by its value in
// select#dialect ("" for each crawler's own).
func ltDialectAction(value string) string {
	if value == "" {
		return "read as each crawler's own, 1000 rows"
	}
	return "read as " + value + ", 1000 rows"
}
