//go:build !js

package e2e

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// axeSource is axe-core's script, from the npm package that make
// browser-checks installs (tools/browser-checks): the accessibility rules
// users' own tools (Lighthouse, axe DevTools) run.
var axeSource = sync.OnceValues(func() (string, error) {
	_, here, _, _ := runtime.Caller(0)
	path := filepath.Join(filepath.Dir(here), "..", "..", "tools", "browser-checks", "node_modules", "axe-core", "axe.min.js")
	data, err := os.ReadFile(path)
	if err != nil {
		return "", fmt.Errorf("axe-core is not installed (make browser-checks): %w", err)
	}
	return string(data), nil
})

// axeViolation is one rule axe-core found broken, with the elements.
type axeViolation struct {
	ID     string `json:"id"`
	Impact string `json:"impact"`
	Help   string `json:"help"`
	Nodes  []struct {
		Target []any  `json:"target"`
		HTML   string `json:"html"`
		Why    string `json:"failureSummary"`
	} `json:"nodes"`
}

// axeRun runs axe-core on the page as it is and returns the serious and
// critical violations.
func axeRun(t testing.TB, p *Page) []axeViolation {
	t.Helper()
	src, err := axeSource()
	if err != nil {
		if os.Getenv("E2E_REQUIRE_BROWSER") != "" {
			t.Fatal(err)
		}
		t.Skip(err)
	}
	if !Eval[bool](p, "looking for axe", `typeof axe === "object"`) {
		Eval[bool](p, "loading axe-core", "(() => { "+src+"\n; return true; })()")
	}
	out := run(p, "running axe-core", chromedp.Evaluate[string](`axe.run(document, {resultTypes: ["violations"]}).then(r => JSON.stringify(r.violations))`, chromedp.EvalAwaitPromise))
	var all []axeViolation
	if err := json.Unmarshal([]byte(out), &all); err != nil {
		t.Fatal(err)
	}
	var bad []axeViolation
	for _, v := range all {
		if v.Impact == "serious" || v.Impact == "critical" || os.Getenv("E2E_AXE_ALL") != "" {
			bad = append(bad, v)
		}
	}
	return bad
}

// sayViolations fails t with each violation and its elements.
func sayViolations(t testing.TB, where string, vs []axeViolation) {
	t.Helper()
	for _, v := range vs {
		var b strings.Builder
		for i, n := range v.Nodes {
			if i == 4 {
				fmt.Fprintf(&b, "\n\t… and %d more", len(v.Nodes)-i)
				break
			}
			fmt.Fprintf(&b, "\n\t%v %.160s\n\t  %s", n.Target, n.HTML, strings.ReplaceAll(n.Why, "\n", " "))
		}
		t.Errorf("%s: %s (%s): %s%s", where, v.ID, v.Impact, v.Help, b.String())
	}
}

// openEveryPart opens every part of the page under More, and the panels
// opened by a button, and waits for them to be drawn.
func openEveryPart(p *Page) {
	p.tb.Helper()
	p.Wait(`#counts[data-linted="true"]`)
	p.Call("opening every part", `async () => {
		for (const d of document.querySelectorAll("details")) {
			d.open = true;
			d.dispatchEvent(new Event("toggle"));
		}
	}`)
	for _, sel := range []string{"#compare-toggle"} {
		if p.Count(sel) > 0 {
			p.Click(sel)
		}
	}
	run(p, "opening the parts drawn once opened", chromedp.Evaluate[bool](`(async () => {
		await new Promise(r => setTimeout(r, 500));
		for (const d of document.querySelectorAll("details")) d.open = true;
		await new Promise(r => setTimeout(r, 300));
		return true;
	})()`, chromedp.EvalAwaitPromise))
}

// TestAccessibility runs axe-core's rules on the page with every part
// opened, at 1440×900 and at a phone's 360×740, and on the embed at
// 800×400: no serious or critical violation (issue 46).
func TestAccessibility(t *testing.T) {
	for _, vp := range []struct{ w, h int64 }{{1440, 900}, {360, 740}} {
		t.Run(fmt.Sprintf("%dx%d", vp.w, vp.h), func(t *testing.T) {
			p := suite.NewPage(t)
			viewport(p, vp.w, vp.h)
			p.Open(suite.Site(t, ""))
			openEveryPart(p)
			sayViolations(t, fmt.Sprintf("%dx%d", vp.w, vp.h), axeRun(t, p))
		})
	}
	t.Run("embed", func(t *testing.T) {
		p := suite.NewPage(t)
		viewport(p, 800, 400)
		p.Open(suite.Site(t, "") + "?embed=1")
		sayViolations(t, "embed 800x400", axeRun(t, p))
	})
}

// TestSkipLinkAndLegend: the first Tab stop is a link to the editor, which
// takes the focus with Enter and leaves the address (a share link's place)
// as it was; the editor's marks are said in words that describe it.
func TestSkipLinkAndLegend(t *testing.T) {
	p := suite.NewPage(t)
	viewport(p, 1440, 900)
	p.Open(suite.Site(t, ""))
	p.Call("starting from the top", `() => { document.activeElement && document.activeElement.blur(); window.scrollTo(0, 0); }`)
	press(p, kb.Tab)
	poll(p, "the skip link focused", `document.activeElement.className`, func(c string) bool { return c == "skip-link" })
	press(p, kb.Enter)
	poll(p, "the editor focused", `document.activeElement.id`, func(id string) bool { return id == "robots-txt" })
	if h := Eval[string](p, "reading the address", `location.hash`); h != "" {
		t.Errorf("the skip link changed the address's fragment to %q", h)
	}
	ids := strings.Fields(Eval[string](p, "reading the editor's description", `document.querySelector("#robots-txt").getAttribute("aria-describedby")`))
	if !slices.Contains(ids, "editor-legend") {
		t.Fatalf("the editor is described by %q, not its legend", ids)
	}
	if got := p.Text("#editor-legend"); !strings.Contains(got, "the group that applies") || !strings.Contains(got, "the line that decides") || !strings.Contains(got, "finding") {
		t.Errorf("the legend says %q", got)
	}
	noExceptions(t, p)
}
