//go:build !js

package e2e

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"robotstester/app/internal/share"
	"robotstester/app/model"
)

// screenLines returns the lines the editor draws, as the user reads them:
// their text, without the widgets drawn in them (a count of the site's
// URLs). The files of these tests are short enough for every line to be
// drawn.
func screenLines(p *Page) []string {
	p.tb.Helper()
	var lines []string
	js := `JSON.stringify([...document.querySelectorAll("#robots-txt .cm-line")].map(l => {
		const c = l.cloneNode(true);
		c.querySelectorAll("[contenteditable=false]").forEach(w => w.remove());
		return c.textContent;
	}))`
	if err := json.Unmarshal([]byte(Eval[string](p, "reading the editor's lines", js)), &lines); err != nil {
		p.tb.Fatal(err)
	}
	return lines
}

// waitScreen waits until the editor draws want.
func waitScreen(p *Page, want []string) {
	p.tb.Helper()
	deadline := time.Now().Add(Timeout)
	for {
		got := screenLines(p)
		if slices.Equal(got, want) {
			return
		}
		if time.Now().After(deadline) {
			p.tb.Fatalf("the editor shows %q, want %q", got, want)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// cliRow is a row of robotstxt check --json.
type cliRow struct {
	Verdict string `json:"verdict"`
	Line    int    `json:"line"`
	Agent   string `json:"agent"`
	URL     string `json:"url"`
}

// cliCheck runs robotstxt check on text, for each test in turn.
func cliCheck(t testing.TB, bin, text string, rows []model.Row) []cliRow {
	t.Helper()
	path := filepath.Join(t.TempDir(), "robots.txt")
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	var out []cliRow
	for _, r := range rows {
		cmd := exec.Command(bin, "check", "--file", path, "--json", "-a", r.Agent, r.URL)
		var stdout, stderr bytes.Buffer
		cmd.Stdout, cmd.Stderr = &stdout, &stderr
		if err := cmd.Run(); err != nil {
			t.Fatalf("robotstxt check: %v\n%s", err, stderr.String())
		}
		var row cliRow
		if err := json.Unmarshal(stdout.Bytes(), &row); err != nil {
			t.Fatalf("robotstxt check: %v: %q", err, stdout.String())
		}
		out = append(out, row)
	}
	return out
}

// pageRows returns each test's verdict and deciding line as the page shows
// them.
func pageRows(p *Page, n int) []cliRow {
	p.tb.Helper()
	out := make([]cliRow, n)
	for i := range out {
		out[i].Verdict, _ = p.Attr(row(i, "[data-verdict]"), "data-verdict")
		js := fmt.Sprintf(`(document.querySelector('[data-row="%d"] button[data-line]') || {dataset: {line: "0"}}).dataset.line`, i)
		out[i].Line, _ = strconv.Atoi(Eval[string](p, "reading a test's line", js))
	}
	return out
}

// sameAsOnScreen waits until every test's verdict and deciding line, and
// with pages, the matrix and the coverage of the site's URLs, are those
// the command line gives for the text the editor shows, which must be
// want. It returns that text.
func sameAsOnScreen(t *testing.T, p *Page, bin string, want []string, rows []model.Row, pages string) string {
	t.Helper()
	waitScreen(p, want)
	text := strings.Join(want, "\n")
	cli := cliCheck(t, bin, text, rows)
	deadline := time.Now().Add(Timeout)
	for {
		got := pageRows(p, len(rows))
		ok := true
		for i := range rows {
			ok = ok && got[i].Verdict == cli[i].Verdict && got[i].Line == cli[i].Line
		}
		if ok {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("on screen %q: the page says %+v, robotstxt check %+v", want, got, cli)
		}
		time.Sleep(50 * time.Millisecond)
	}
	if pages == "" {
		return text
	}
	path := filepath.Join(t.TempDir(), "robots.txt")
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	matrix, _ := cliMatrix(t, bin, path, pages)
	deadline = time.Now().Add(Timeout)
	for {
		got, diff := pageMatrix(t, p), ""
		for tok, w := range matrix {
			if g := got[tok]; g != w {
				diff += fmt.Sprintf("\n%s: the page %+v, robotstxt %+v", tok, g, w)
			}
		}
		if diff == "" {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("on screen %q, the matrix:%s", want, diff)
		}
		time.Sleep(100 * time.Millisecond)
	}
	data, err := os.ReadFile(pages)
	if err != nil {
		t.Fatal(err)
	}
	checkCoverage(t, p, text, strings.Fields(string(data)))
	return text
}

// caretAtLine puts the caret at the start of the editor's line n, as a
// click there does.
func caretAtLine(p *Page, n int) {
	p.tb.Helper()
	p.Call("placing the caret", `async (n) => {
		const line = document.querySelector('#robots-txt [data-line="' + n + '"]'), r = document.createRange();
		document.querySelector("#robots-txt").focus();
		r.setStart(line, 0);
		r.collapse(true);
		getSelection().removeAllRanges();
		getSelection().addRange(r);
		await new Promise(r => requestAnimationFrame(r));
	}`, n)
	poll(p, "the caret on its line", `window.robotsTester.selection().startLine`, func(got int) bool { return got == n })
}

// TestBareCRLineEnds opens files whose lines end in a CR alone (old Mac
// files), CR LF or a mix, edits them next to those line ends as a user
// would, and reloads: every test's verdict and deciding line, the matrix
// and the coverage of the site's URLs are always those robotstxt check
// gives for the text the editor shows (issue 47).
func TestBareCRLineEnds(t *testing.T) {
	bin := cliBinary(t)
	pages := filepath.Join(t.TempDir(), "pages.txt")
	if err := os.WriteFile(pages, []byte("https://example.com/private/a\nhttps://example.com/private/b\nhttps://example.com/\n"), 0o644); err != nil {
		t.Fatal(err)
	}

	t.Run("a line emptied after a CR alone", func(t *testing.T) {
		rows := []model.Row{{Agent: "Googlebot", URL: "https://example.com/private/a"}, {Agent: "Baiduspider", URL: "https://example.com/private/a"}}
		p := suite.NewPage(t)
		p.Goto(stateLink(t, suite.Site(t, ""), model.State{Robots: "User-agent: *\rX\nDisallow: /private/\n", Rows: rows}))
		p.WaitReady()
		p.Wait(`[data-notice="line-ends"]`)
		if got := p.Text(`[data-notice="line-ends"]`); !strings.Contains(got, "now LF") {
			t.Errorf("the line ends' notice says %q", got)
		}
		p.Click("#site-urls-toggle")
		p.Wait("#site-urls-notes")
		p.addSiteURLs(mustRead(t, pages))
		p.WaitAttr("#site-urls-summary", "data-urls", "3")
		sameAsOnScreen(t, p, bin, []string{"User-agent: *", "X", "Disallow: /private/", ""}, rows, pages)

		// Line 2 selected whole and deleted: a blank line, which ends the
		// record for Baiduspider's reading (1996), not for Googlebot's.
		caretAtLine(p, 2)
		p.do("pressing Shift+End", chromedp.KeyEvent(kb.End, chromedp.KeyModifiers(chromedp.ModifierShift)))
		p.do("pressing Delete", chromedp.KeyEvent(kb.Delete))
		screen := []string{"User-agent: *", "", "Disallow: /private/", ""}
		sameAsOnScreen(t, p, bin, screen, rows, pages)
		if got := pageRows(p, 2); got[0] != (cliRow{Verdict: "blocked", Line: 3}) || got[1].Verdict != "allowed" {
			t.Errorf("after the edit: %+v, want Googlebot blocked by line 3 and Baiduspider allowed", got)
		}

		// A reload shows the same text, and says the same.
		waitSavedLines(p, screen)
		p.Wait("#site-urls-kept")
		p.Reload()
		p.WaitReady()
		p.Click("#site-urls-toggle")
		sameAsOnScreen(t, p, bin, screen, rows, pages)
		noExceptions(t, p)
	})

	t.Run("Enter after a CR alone in a real file", func(t *testing.T) {
		text := corpusText(t, "www.energie.de.txt")
		rows := []model.Row{{Agent: "GPTBot", URL: "https://www.energie.de/typo3/x"}, {Agent: "Googlebot", URL: "https://www.energie.de/suche"},
			{Agent: "Baiduspider", URL: "https://www.energie.de/uploads/a"}}
		want := editorBreaks(text)
		p := suite.NewPage(t)
		p.Goto(stateLink(t, suite.Site(t, ""), model.State{Robots: text, Rows: rows}))
		p.WaitReady()
		sameAsOnScreen(t, p, bin, want, rows, "")
		caretAtLine(p, 2)
		p.do("pressing Enter", enterKey())
		want = slices.Insert(want, 1, "")
		screen := sameAsOnScreen(t, p, bin, want, rows, "")
		if got := cliCheck(t, bin, screen, rows[:1]); got[0].Line == 0 {
			t.Errorf("GPTBot is decided by no line: the test tests nothing")
		}
		waitSavedLines(p, want)
		p.Reload()
		p.WaitReady()
		sameAsOnScreen(t, p, bin, want, rows, "")
		noExceptions(t, p)
	})

	t.Run("mixed line ends", func(t *testing.T) {
		text := "User-agent: Googlebot\r\nDisallow: /a\rUser-agent: Baiduspider\n\rDisallow: /private/\r\n\r\nUser-agent: *\rDisallow: /b\r"
		rows := []model.Row{{Agent: "Googlebot", URL: "https://example.com/private/x"}, {Agent: "Baiduspider", URL: "https://example.com/private/x"},
			{Agent: "bingbot", URL: "https://example.com/b"}}
		mixedPages := filepath.Join(t.TempDir(), "pages.txt")
		if err := os.WriteFile(mixedPages, []byte("https://example.com/a\nhttps://example.com/private/x\nhttps://example.com/b\nhttps://example.com/\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		p := suite.NewPage(t)
		p.Goto(stateLink(t, suite.Site(t, ""), model.State{Robots: text, Rows: rows}))
		p.WaitReady()
		p.Click("#site-urls-toggle")
		p.Wait("#site-urls-notes")
		p.addSiteURLs(mustRead(t, mixedPages))
		p.WaitAttr("#site-urls-summary", "data-urls", "4")
		want := editorBreaks(text)
		sameAsOnScreen(t, p, bin, want, rows, mixedPages)
		// A line between two CRs alone emptied, then Enter at the start
		// of the line after each kind of line end.
		caretAtLine(p, 8)
		p.do("pressing Shift+End", chromedp.KeyEvent(kb.End, chromedp.KeyModifiers(chromedp.ModifierShift)))
		p.do("pressing Delete", chromedp.KeyEvent(kb.Delete))
		want[7] = ""
		sameAsOnScreen(t, p, bin, want, rows, mixedPages)
		for _, n := range []int{8, 5, 3, 2} {
			caretAtLine(p, n)
			p.do("pressing Enter", enterKey())
			want = slices.Insert(want, n-1, "")
			sameAsOnScreen(t, p, bin, want, rows, mixedPages)
		}
		waitSavedLines(p, want)
		p.Wait("#site-urls-kept")
		p.Reload()
		p.WaitReady()
		p.Click("#site-urls-toggle")
		sameAsOnScreen(t, p, bin, want, rows, mixedPages)
		noExceptions(t, p)
	})
}

// waitSavedLines waits until the autosave holds a file of the given lines.
func waitSavedLines(p *Page, lines []string) {
	p.tb.Helper()
	deadline := time.Now().Add(Timeout)
	for {
		saved := Eval[string](p, "reading the autosave", `localStorage.getItem("`+share.SaveKey+`") || ""`)
		if s, err := share.Unmarshal([]byte(saved)); err == nil && slices.Equal(editorBreaks(s.Robots), lines) {
			return
		}
		if time.Now().After(deadline) {
			p.tb.Fatalf("the autosave holds %.300q, want the lines %q", saved, lines)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// editorBreaks returns text's lines as the editor and every crawler split
// them: at LF, CR LF and a CR alone.
func editorBreaks(text string) []string {
	text = strings.ReplaceAll(strings.ReplaceAll(text, "\r\n", "\n"), "\r", "\n")
	return strings.Split(text, "\n")
}

func mustRead(t testing.TB, path string) string {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}
