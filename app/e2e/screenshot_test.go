//go:build !js

package e2e

import (
	"bytes"
	"context"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"
)

// EnvScreenshot names the PNG file TestScreenshot writes (make screenshot);
// without it, the test checks the screenshot's scene and keeps nothing.
const EnvScreenshot = "E2E_SCREENSHOT"

// TestScreenshot saves a screenshot of the tester's first screen at work
// on a real site's file, at 1440×900: nytimes.com's robots.txt from the
// shared corpus, 25 tests of five crawlers on five URLs, and test 15
// (Googlebot on a Wirecutter link, where an Allow beats a Disallow)
// selected: the editor marks its group and deciding line, the test bar
// and the Why beside it explain it. Then the side-by-side comparison of
// every reading, beside it. It checks what the picture is meant to show:
// the test bar, the Why of test 15 and its deciding line on the first
// screen.
func TestScreenshot(t *testing.T) {
	out := os.Getenv(EnvScreenshot)
	if out == "" {
		out = filepath.Join(t.TempDir(), "screenshot.png")
	}
	text := corpusText(t, "nytimes.com.txt")
	p := suite.NewPage(t)
	p.Open(suite.Site(t, ""))
	viewport(p, 1440, 900)
	loadText(p, text)
	gridTests(p, nytimesCrawlers, nytimesURLs)
	// The grid's "Undo" notice says nothing about the page: dismissed.
	for p.Count("[data-notice] button.dismiss") > 0 {
		p.Click("[data-notice] button.dismiss")
		p.WaitGone("[data-notice]")
	}
	// Test 15 lies below the tests in view: scrolled to, as a user would.
	const i = 14
	showRow(p, i)
	tap(p, row(i, "[data-why]"), 0)
	p.WaitAttr("#why", "data-why-row", "14")
	p.Wait(`#counts[data-linted="true"]`)
	// The shot is the first screen: the title, the editor with the test
	// bar and the Why beside it.
	p.Call("scrolling to the top", `() => {
		scrollTo(0, 0);
		document.querySelector(".side").scrollTop = 0; // the test bar, then the Why
		document.activeElement.blur();
	}`)
	// The mouse, left where the Why control was, would hover whatever
	// the scroll brought under it.
	p.do("moving the mouse away", chromedp.MouseEvent(input.DispatchMouseEventTypeMouseMoved, 1, 1))
	for _, sel := range []string{"#test-bar", "#why", "#robots-txt .cm-line[data-deciding]"} {
		if !Eval[bool](p, "finding "+sel+" on the first screen", `(() => {
			const el = document.querySelector(`+jsString(sel)+`);
			if (!el) return false;
			const r = el.getBoundingClientRect();
			return r.height > 0 && r.top >= 0 && r.top < innerHeight && r.left >= 0 && r.left < innerWidth;
		})()`) {
			t.Errorf("%s is not on the first screen of the screenshot", sel)
		}
	}
	ctx, cancel := context.WithTimeout(p.Context(), Timeout)
	defer cancel()
	shot, err := chromedp.Run(ctx, chromedp.CaptureScreenshot())
	if err != nil {
		t.Fatal(err)
	}
	if img, err := png.DecodeConfig(bytes.NewReader(shot)); err != nil || img.Width < 1440 || img.Height < 900 {
		t.Errorf("the screenshot is %dx%d (%v), want 1440x900 at least", img.Width, img.Height, err)
	}
	writePNG(t, out, shot)

	// The side-by-side comparison of every reading, open, beside it.
	p.Click("#compare-toggle")
	p.Wait(`[data-compare-row="0"]`)
	shot, err = chromedp.Run(ctx, chromedp.Screenshot("#compare"))
	if err != nil {
		t.Fatal(err)
	}
	writePNG(t, strings.TrimSuffix(out, ".png")+"-compare.png", shot)
	noExceptions(t, p)
}

func writePNG(t *testing.T, path string, png []byte) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, png, 0o644); err != nil {
		t.Fatal(err)
	}
}
