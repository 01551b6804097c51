//go:build !js

package e2e

import (
	"fmt"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"robotstester/app/internal/share"
	"robotstester/app/ui/model"
)

// EnvBench, when not empty, runs TestBrowserBench (make bench-browser).
const EnvBench = "E2E_BENCH"

// pasteJS measures, in the page, the time from pasting a whole file over
// the editor's content to the moment row 0's data-verdict shows the verdict
// the paste leads to. It alternates two texts that flip the verdict, n
// times, and returns the times in milliseconds. A MutationObserver sees the
// attribute change as soon as go-app writes it, without polling.
const pasteJS = `async (n, texts) => {
	const ta = document.querySelector("textarea#robots-txt");
	const times = [];
	for (let i = 0; i < n + 3; i++) {
		const done = window.__nextVerdict();
		const t0 = performance.now();
		ta.value = texts[i % 2];
		ta.dispatchEvent(new InputEvent("input", {bubbles: true, inputType: "insertFromPaste"}));
		const t1 = await done;
		if (i >= 3) times.push(t1 - t0); // the first ones warm up
		await new Promise(r => setTimeout(r, 30));
	}
	return times;
}`

// armJS installs, once, what a keystroke measurement needs: listeners
// that note when the key was pressed (keydown) and when the browser had
// applied it to the textarea and handed it to the page (input), each by the
// event's own time stamp, and __nextVerdict(), a promise of the moment row
// 0's data-verdict next changes. __armKey() starts one measurement;
// __keyTime() awaits it and gives both times.
const armJS = `(() => {
	const verdictEl = () => document.querySelector('[data-row="0"] [data-verdict]');
	window.__nextVerdict = () => {
		const before = verdictEl().dataset.verdict;
		return new Promise(resolve => {
			const obs = new MutationObserver(() => {
				if (verdictEl().dataset.verdict !== before) { obs.disconnect(); resolve(performance.now()); }
			});
			obs.observe(document.querySelector("#rows"), {attributes: true, subtree: true, attributeFilter: ["data-verdict"], childList: true});
		});
	};
	const ta = document.querySelector("textarea#robots-txt");
	if (!window.__keyListener) {
		window.__keyListener = e => { if (window.__keyDown === null) window.__keyDown = e.timeStamp; };
		window.__inputListener = e => { if (window.__input === null) window.__input = e.timeStamp; };
		ta.addEventListener("keydown", window.__keyListener, {capture: true});
		ta.addEventListener("input", window.__inputListener, {capture: true});
	}
	window.__armKey = () => { window.__keyDown = null; window.__input = null; window.__keyDone = window.__nextVerdict(); };
	window.__keyTime = async () => { const t = await window.__keyDone; return [t - window.__input, t - window.__keyDown]; };
	ta.focus();
	ta.setSelectionRange(ta.value.length, ta.value.length);
})()`

// measureKeys presses real keys in the editor, through Chromium's input
// pipeline: "x" at the end of the file, then Backspace, n times over, each
// flipping row 0's verdict. It returns, for each, the time from the input
// event (the browser has applied the key) to the verdict's change, and from
// the key's keydown, in milliseconds.
func measureKeys(p *Page, n int) (fromInput, fromKeydown []float64) {
	run(p, "arming", chromedp.Evaluate[chromedp.Void](armJS))
	for i := 0; i < n+3; i++ {
		run(p, "arming a key", chromedp.Evaluate[chromedp.Void](`window.__armKey()`))
		key := "x"
		if i%2 == 1 {
			key = kb.Backspace
		}
		p.do("pressing a key", chromedp.KeyEvent(key))
		ms := run(p, "timing a key", chromedp.Evaluate[[]float64](`window.__keyTime()`, chromedp.EvalAwaitPromise))
		if i >= 3 { // the first ones warm up
			fromInput = append(fromInput, ms[0])
			fromKeydown = append(fromKeydown, ms[1])
		}
		run(p, "pausing", chromedp.Evaluate[chromedp.Void](`new Promise(r => setTimeout(r, 30))`, chromedp.EvalAwaitPromise))
	}
	return fromInput, fromKeydown
}

// TestBrowserBench measures the tester's latency budgets in Chromium and
// prints the medians. It is a measurement, not a test of timings: it fails
// only when it cannot measure. Run it with make bench-browser.
func TestBrowserBench(t *testing.T) {
	if os.Getenv(EnvBench) == "" {
		t.Skipf("set $%s to run the browser benchmark (make bench-browser)", EnvBench)
	}
	var p *Page

	cases := []struct {
		name   string
		size   int // bytes of filler
		rows   int
		mode   string
		n      int
		budget time.Duration
	}{
		{"keystroke, 10 KiB, 20 rows", 10 << 10, 20, "key", 40, 16 * time.Millisecond},
		{"keystroke, 500 KiB, 100 rows", 500<<10 - 200, 100, "key", 30, 50 * time.Millisecond},
		{"paste, 500 KiB, 100 rows", 500<<10 - 200, 100, "paste", 12, 300 * time.Millisecond},
	}
	for _, c := range cases {
		// Filler rules first, then the group that decides row 0: its
		// last line flips between "Disallow: /" and "Disallow: /x".
		var b strings.Builder
		b.WriteString("User-agent: *\n")
		for i := 0; b.Len() < c.size; i++ {
			fmt.Fprintf(&b, "Disallow: /archive/%d/*.pdf$\n", i)
		}
		b.WriteString("\nUser-agent: Googlebot\nDisallow: /")
		text := b.String()

		// The tests come in a link, as a user would share them: the table
		// then opens at its first test; the file is pasted after.
		st := model.State{Robots: "User-agent: Googlebot\nDisallow: /\n", Rows: []model.Row{{Agent: "Googlebot", URL: "/y"}}}
		for i := 1; i < c.rows; i++ {
			st.Rows = append(st.Rows, model.Row{Agent: "Googlebot", URL: fmt.Sprintf("/archive/%d/file.pdf", i)})
		}
		link, err := share.Link(suite.Site(t, ""), st)
		if err != nil {
			t.Fatal(err)
		}
		p = suite.NewPage(t)
		p.Goto(link)
		p.WaitReady()
		p.WaitAttr("#results", "data-total", strconv.Itoa(c.rows))
		p.Replace(editor, text)
		p.WaitAttr("#summary", "data-bytes", strconv.Itoa(len(text)))
		verdict(p, 0, "blocked")

		var times, fromKeydown []float64
		if c.mode == "key" {
			times, fromKeydown = measureKeys(p, c.n)
		} else {
			run(p, "arming", chromedp.Evaluate[chromedp.Void](armJS))
			texts := []string{text + "x", text}
			times = run(p, "measuring "+c.name, chromedp.Evaluate[[]float64](
				fmt.Sprintf("(%s)(%d, %s)", pasteJS, c.n, jsString2(texts)), chromedp.EvalAwaitPromise))
		}
		slices.Sort(times)
		med := times[len(times)/2]
		p90 := times[len(times)*9/10]
		verdictOK := "within"
		if time.Duration(med*float64(time.Millisecond)) > c.budget {
			verdictOK = "OVER"
		}
		fmt.Printf("%-32s median %6.1f ms  p90 %6.1f ms  max %6.1f ms  (budget %v: %s; n=%d)\n",
			c.name, med, p90, times[len(times)-1], c.budget, verdictOK, len(times))
		if len(fromKeydown) > 0 {
			slices.Sort(fromKeydown)
			fmt.Printf("%-32s median %6.1f ms  p90 %6.1f ms  (from keydown, the browser's own edit of the textarea included)\n",
				"", fromKeydown[len(fromKeydown)/2], fromKeydown[len(fromKeydown)*9/10])
		}
	}
	textareaFloor(p)
	if ex := p.Exceptions(); len(ex) > 0 {
		t.Errorf("the page reported errors:\n%s", strings.Join(ex, "\n"))
	}
}

// textareaFloor measures, for comparison, what a bare textarea costs the
// browser itself: the time from keydown to input in a textarea of 500 KiB
// with no app behind it, the floor under any keystroke in such a file.
func textareaFloor(p *Page) {
	var b strings.Builder
	for i := 0; b.Len() < 500<<10-200; i++ {
		fmt.Fprintf(&b, "Disallow: /archive/%d/*.pdf$\n", i)
	}
	p.Call("making a bare textarea", `(text) => {
		const ta = document.createElement("textarea");
		ta.value = text;
		ta.setAttribute("wrap", "off");
		ta.spellcheck = false;
		ta.style.cssText = "position:fixed;top:0;left:0;width:600px;height:300px";
		document.body.append(ta);
		window.__gaps = [];
		ta.addEventListener("keydown", e => { window.__kd = e.timeStamp; });
		ta.addEventListener("input", e => { window.__gaps.push(e.timeStamp - window.__kd); });
		ta.focus();
		ta.setSelectionRange(ta.value.length, ta.value.length);
	}`, b.String())
	for i := 0; i < 13; i++ {
		key := "x"
		if i%2 == 1 {
			key = kb.Backspace
		}
		p.do("pressing a key", chromedp.KeyEvent(key))
		run(p, "pausing", chromedp.Evaluate[chromedp.Void](`new Promise(r => setTimeout(r, 50))`, chromedp.EvalAwaitPromise))
	}
	gaps := run(p, "reading", chromedp.Evaluate[[]float64](`window.__gaps.slice(3)`))
	slices.Sort(gaps)
	fmt.Printf("%-32s median %6.1f ms  (keydown to input in a bare 500 KiB textarea, no app: the browser's floor)\n", "bare textarea, 500 KiB", gaps[len(gaps)/2])
}

func jsString2(v []string) string {
	parts := make([]string, len(v))
	for i, s := range v {
		parts[i] = jsString(s)
	}
	return "[" + strings.Join(parts, ",") + "]"
}
