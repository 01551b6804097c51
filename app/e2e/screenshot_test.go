//go:build !js

package e2e

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// EnvScreenshot names the PNG file TestScreenshot writes (make screenshot).
const EnvScreenshot = "E2E_SCREENSHOT"

// TestScreenshot saves a screenshot of the app with the example loaded.
func TestScreenshot(t *testing.T) {
	out := os.Getenv(EnvScreenshot)
	if out == "" {
		t.Skipf("set $%s to a PNG path to take the screenshot (make screenshot)", EnvScreenshot)
	}
	p := suite.NewPage(t)
	p.Open(suite.Site(t, ""))
	p.Click(`[data-row="2"] button.why`)
	p.WaitAttr("#why", "data-why-row", "2")
	p.Wait(`#counts[data-linted="true"]`)
	ctx, cancel := context.WithTimeout(p.Context(), Timeout)
	defer cancel()
	png, err := chromedp.Run(ctx, chromedp.FullScreenshot(100))
	if err != nil {
		t.Fatal(err)
	}
	writePNG(t, out, png)

	// The side-by-side comparison of every reading, open, beside it.
	p.Click("#compare-toggle")
	p.Wait(`[data-compare-row="0"]`)
	png, err = chromedp.Run(ctx, chromedp.Screenshot("#compare"))
	if err != nil {
		t.Fatal(err)
	}
	writePNG(t, strings.TrimSuffix(out, ".png")+"-compare.png", png)
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
