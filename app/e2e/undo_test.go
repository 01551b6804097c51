//go:build !js

package e2e

import (
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"robotstester/app/model"
)

// TestUndoAfterTypingOverTheFile: the whole file selected in the editor and
// typed over is taken back by the page's Undo (its button, the notice),
// not only by the editor's Ctrl+Z: a user who pasted the wrong file over
// their own gets it back where they look for it.
func TestUndoAfterTypingOverTheFile(t *testing.T) {
	mine := "User-agent: *\nDisallow: /mine/\n"
	p := suite.NewPage(t)
	p.Goto(stateLink(t, suite.Site(t, ""), model.State{Robots: mine, Rows: []model.Row{{Agent: "Googlebot", URL: "/mine/x"}}}))
	p.WaitReady()
	p.WaitAttr("#summary", "data-bytes", strconv.Itoa(len(mine)))
	p.Call("focusing the editor", `() => document.querySelector("#robots-txt").focus()`)
	p.do("selecting all", chromedp.KeyEvent("a", chromedp.KeyModifiers(chromedp.ModifierCtrl)))
	p.do("typing over it", chromedp.KeyEvent("x"))
	p.WaitAttr("#summary", "data-bytes", "1")
	poll(p, "the Undo button", `(b => !!b && !b.disabled)(document.querySelector("#undo"))`, func(ok bool) bool { return ok })
	p.Click("#undo")
	p.WaitAttr("#summary", "data-bytes", strconv.Itoa(len(mine)))
	if got := p.Value(editor); got != mine {
		t.Errorf("after Undo the editor holds %q, want %q", got, mine)
	}
	noExceptions(t, p)
}

// TestUndoTakesTypingFirst: a file pasted over the example moves the
// example's tests to its site; the user types in it, then presses Ctrl+Z
// outside the editor: the page's Undo takes back the typing alone, then
// the move, then the paste (it took back the move and the typing at once,
// saying only the move).
func TestUndoTakesTypingFirst(t *testing.T) {
	p := pasteGuardianAndType(t)
	undoKey := func() {
		t.Helper()
		p.Call("leaving the editor", `() => document.activeElement && document.activeElement.blur()`)
		p.do("pressing Ctrl+Z", chromedp.KeyEvent("z", chromedp.KeyModifiers(chromedp.ModifierCtrl)))
	}
	undoKey()
	p.WaitAttr("#summary", "data-bytes", strconv.Itoa(len(guardian)))
	if got := p.Value(row(0, "input[name=url]")); !strings.Contains(got, "theguardian.com") {
		t.Errorf("Undo of the typing took back the tests' move too: test 1 is %q", got)
	}
	undoKey()
	waitTestURL(p, "shop.example")
	if got := p.Value(editor); got != guardian {
		t.Errorf("Undo of the move changed the file: %q", got)
	}
	noExceptions(t, p)
}

// TestEditorUndoTakesTheTestsBack: a file pasted over the example moves
// the example's tests to its site; Ctrl+Z in the editor takes back the
// typing, then the paste, and the tests go back with the text (they stayed
// on the new site, the example's file tested on it, and a notice offered
// the pasted file back as if the Undo had replaced the file); Ctrl+Shift+Z
// brings the file and the moved tests again.
func TestEditorUndoTakesTheTestsBack(t *testing.T) {
	example := model.Example().Robots
	p := pasteGuardianAndType(t)
	ctrl := chromedp.KeyModifiers(chromedp.ModifierCtrl)
	p.do("pressing Ctrl+Z", chromedp.KeyEvent("z", ctrl))
	p.WaitAttr("#summary", "data-bytes", strconv.Itoa(len(guardian)))
	p.do("pressing Ctrl+Z", chromedp.KeyEvent("z", ctrl))
	p.WaitAttr("#summary", "data-bytes", strconv.Itoa(len(example)))
	waitTestURL(p, "shop.example")
	if got := p.Value(editor); got != example {
		t.Errorf("after Ctrl+Z the editor holds %q, want the example", got)
	}
	if got := p.Text(`[data-notice="undo"]`); !strings.HasPrefix(got, "Undone: ") {
		t.Errorf("the notice after Ctrl+Z says %q", got)
	}
	p.do("pressing Ctrl+Shift+Z", chromedp.KeyEvent("z", chromedp.KeyModifiers(chromedp.ModifierCtrl|chromedp.ModifierShift)))
	p.WaitAttr("#summary", "data-bytes", strconv.Itoa(len(guardian)))
	waitTestURL(p, "theguardian.com")
	noExceptions(t, p)
}

// guardian is a file that names its site in a Sitemap line: pasted over
// the example, it moves the example's tests to www.theguardian.com.
const guardian = "User-agent: *\nDisallow: /*/print$\n\nSitemap: https://www.theguardian.com/sitemaps/news.xml\n"

// pasteGuardianAndType opens the example, replaces its text with guardian
// as fill() does (the tests move to its site), and types "# mine" at its
// end with real keys.
func pasteGuardianAndType(t *testing.T) *Page {
	t.Helper()
	p := suite.NewPage(t)
	p.Open(suite.Site(t, ""))
	p.Replace(editor, guardian)
	p.Wait(`[data-notice="example"]`)
	p.CaretToEnd(editor)
	p.Type(editor, "# mine")
	p.WaitAttr("#summary", "data-bytes", strconv.Itoa(len(guardian)+len("# mine")))
	return p
}

// waitTestURL waits for test 1's URL to hold host.
func waitTestURL(p *Page, host string) {
	p.tb.Helper()
	poll(p, "test 1's URL on "+host, `document.querySelector(`+jsString(row(0, "input[name=url]"))+`).value`,
		func(got string) bool { return strings.Contains(got, host) })
}
