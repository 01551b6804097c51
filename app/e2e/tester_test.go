//go:build !js

package e2e

import (
	"fmt"
	"strconv"
	"strings"
	"testing"
)

// row returns the selector of row i's element matching sel.
func row(i int, sel string) string {
	return fmt.Sprintf(`[data-row="%d"] %s`, i, sel)
}

// verdict waits until row i shows want ("allowed" or "blocked").
func verdict(p *Page, i int, want string) {
	p.tb.Helper()
	p.WaitAttr(row(i, "[data-verdict]"), "data-verdict", want)
}

// TestTester drives the tester through its hooks on one page: the example,
// typing a file, rows, pasting URLs, revealing lines, big files.
func TestTester(t *testing.T) {
	p := suite.NewPage(t)
	p.Open(suite.Site(t, ""))

	t.Run("example", func(t *testing.T) {
		p.tb = t
		want := []string{"allowed", "blocked", "allowed", "blocked", "allowed", "blocked", "allowed"}
		if n := p.Count("[data-row]"); n != len(want) {
			t.Fatalf("%d rows, want %d", n, len(want))
		}
		for i, w := range want {
			verdict(p, i, w)
		}
		// Row 0 (selected) is decided by line 13 in the group of lines 9-15.
		p.Wait(`[data-line="13"][data-deciding]`)
		for n := 9; n <= 15; n++ {
			if p.Count(fmt.Sprintf(`[data-line="%d"][data-group]`, n)) != 1 {
				t.Errorf("line %d is not marked as in the group", n)
			}
		}
		if p.Count("[data-deciding]") != 1 || p.Count(`[data-line="3"][data-group]`) != 0 {
			t.Errorf("wrong lines marked")
		}
		// The user-agent string of row 4 shows its token.
		if got := p.Text(row(4, ".agent .note code")); got != "bingbot" {
			t.Errorf("row 4 token %q, want bingbot", got)
		}
		// Selecting the tie row explains it.
		p.Click(row(2, "button.why"))
		p.WaitAttr("#why", "data-why-row", "2")
		if got := p.Text("#why .decision"); !strings.Contains(got, "Allow wins") {
			t.Errorf("tie decision %q", got)
		}
		p.Wait(`[data-line="15"][data-deciding]`)
	})

	t.Run("typing a file", func(t *testing.T) {
		p.tb = t
		p.Click(row(0, "button.why"))
		p.WaitAttr("#why", "data-why-row", "0")
		p.Replace(editor, "User-agent: *\nDisallow: /\n")
		verdict(p, 0, "blocked")
		p.Wait(`[data-line="2"][data-deciding]`)
		p.CaretToEnd(editor)
		p.Type(editor, "Allow: /private/press/\n")
		verdict(p, 0, "allowed")
		p.Wait(`[data-line="3"][data-deciding]`)
	})

	t.Run("rows", func(t *testing.T) {
		p.tb = t
		n := p.Count("[data-row]")
		p.Click("#add-row")
		p.Wait(fmt.Sprintf(`[data-row="%d"]`, n))
		p.Replace(row(n, `input[name=url]`), "/private/x")
		verdict(p, n, "blocked")
		p.Replace(row(n, `input[name=agent]`), "Mozilla/5.0 (compatible; GPTBot/1.0; +https://openai.com/gptbot)")
		p.Wait(row(n, ".agent .note code"))
		if got := p.Text(row(n, ".agent .note code")); got != "GPTBot" {
			t.Errorf("token %q, want GPTBot", got)
		}
		// A URL typed as a person would is shown encoded.
		p.Replace(row(n, `input[name=url]`), "/ä ö")
		p.Wait(row(n, ".url .note code"))
		if got := p.Text(row(n, ".url .note code")); got != "/%C3%A4%20%C3%B6" {
			t.Errorf("encoded %q", got)
		}
		// Removing a row.
		p.Click(row(0, "button.remove"))
		p.WaitGone(fmt.Sprintf(`[data-row="%d"]`, n))
		if got := p.Value(row(0, `input[name=url]`)); got != "https://shop.example/private/plans.pdf" {
			t.Errorf("after removing row 0, row 0 holds %q", got)
		}
		// Markup typed into a field stays text.
		p.Replace(row(0, `input[name=agent]`), `<img src=x onerror="window.pwned=1">`)
		p.Replace(row(0, `input[name=url]`), `<script>window.pwned=1</script>`)
		p.Wait(row(0, ".url .note code"))
		if n := p.Count("main img, main script"); n != 0 {
			t.Errorf("typed markup became %d elements", n)
		}
	})

	t.Run("paste URLs", func(t *testing.T) {
		p.tb = t
		n := p.Count("[data-row]")
		p.Call("pasting", `(sel, text) => {
			const el = document.querySelector(sel);
			el.focus();
			const dt = new DataTransfer();
			dt.setData("text/plain", text);
			el.dispatchEvent(new ClipboardEvent("paste", {clipboardData: dt, bubbles: true, cancelable: true}));
		}`, row(1, `input[name=url]`), "/a\n/private/b\n\n/c\n")
		p.Wait(fmt.Sprintf(`[data-row="%d"]`, n+1)) // two rows more
		if got := p.Value(row(2, `input[name=url]`)); got != "/private/b" {
			t.Errorf("pasted row holds %q", got)
		}
		verdict(p, 2, "blocked")
		verdict(p, 3, "blocked")
	})

	t.Run("reveal", func(t *testing.T) {
		p.tb = t
		p.Replace(editor, strings.Repeat("# filler\n", 300)+"User-agent: *\nDisallow: /private/\n")
		p.Replace(row(0, `input[name=agent]`), "Googlebot")
		p.Replace(row(0, `input[name=url]`), "/private/x")
		verdict(p, 0, "blocked")
		p.Click(row(0, "button[data-line]"))
		p.Wait(`#robots-txt .cm-line[data-line="302"][data-deciding]`)
		type sel struct {
			StartLine, EndLine, Length int
			Top                        float64
		}
		got := Eval[sel](p, "reading the selection", `(() => {
			const s = window.robotsTester.selection();
			return {StartLine: s.startLine, EndLine: s.endLine, Length: s.length, Top: document.querySelector("#editor .cm-scroller").scrollTop};
		})()`)
		if got.StartLine != 302 || got.EndLine != 302 || got.Length != len("Disallow: /private/") || got.Top == 0 {
			t.Errorf("editor selection %+v", got)
		}
	})

	t.Run("big file", func(t *testing.T) {
		p.tb = t
		var b strings.Builder
		b.WriteString("User-agent: *\n")
		for i := 0; b.Len() < 520*1024; i++ {
			b.WriteString("Disallow: /generated/path/number/" + strconv.Itoa(i) + "/*.php$\n")
		}
		p.Replace(editor, b.String())
		p.Wait("#cut")
		verdict(p, 0, "allowed")
		// The editor draws the lines in view, not the file's 12,000.
		if n := p.Count("#robots-txt .cm-line"); n == 0 || n > 200 {
			t.Errorf("%d lines drawn for a 520 KiB file", n)
		}
		// Scrolling the editor to the end draws the last lines, past the
		// fetch limit too, which are kept as typed.
		p.Call("scrolling", `() => { const el = document.querySelector("#editor .cm-scroller"); el.scrollTop = el.scrollHeight; }`)
		last := strings.Count(b.String(), "\n") + 1
		p.Wait(fmt.Sprintf(`#robots-txt .cm-line[data-line="%d"]`, last))
		if got := p.Value(editor); got != b.String() {
			t.Errorf("the editor holds %d bytes, want %d", len(got), b.Len())
		}
	})

	if ex := p.Exceptions(); len(ex) > 0 {
		t.Errorf("the page reported errors:\n%s", strings.Join(ex, "\n"))
	}
}
