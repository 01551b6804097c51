//go:build !js

package e2e

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"robotstester/robots"
)

// flips is one crawler's two counts of a change: the URLs newly allowed
// (blocked → allowed) and newly blocked (allowed → blocked).
type flips struct{ Allowed, Blocked int }

// cliDiff runs robotstxt diff OLD NEW --urls URLS --summary --json for
// the whole catalogue, and returns each crawler's two counts, adding up
// its rows (one a pair of deciding lines), and the rows.
func cliDiff(t testing.TB, bin, old, new, urls string) (map[string]flips, []map[string]any) {
	t.Helper()
	cmd := exec.Command(bin, "diff", old, new, "--urls", urls, "--summary", "--json")
	var out, errOut bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errOut
	if err := cmd.Run(); err != nil {
		if ee, ok := err.(*exec.ExitError); !ok || ee.ExitCode() != 1 { // 1: something changed
			t.Fatalf("robotstxt diff: %v\n%s", err, errOut.String())
		}
	}
	counts := map[string]flips{}
	var rows []map[string]any
	for line := range strings.Lines(out.String()) {
		var r struct {
			Change, Agent string
			Count         int
		}
		if err := json.Unmarshal([]byte(line), &r); err != nil {
			t.Fatalf("%q: %v", line, err)
		}
		var raw map[string]any
		json.Unmarshal([]byte(line), &raw)
		rows = append(rows, raw)
		c := counts[r.Agent]
		switch r.Change {
		case "blocked -> allowed":
			c.Allowed += r.Count
		case "allowed -> blocked":
			c.Blocked += r.Count
		default:
			t.Fatalf("a change %q", r.Change)
		}
		counts[r.Agent] = c
	}
	return counts, rows
}

// pageFlips returns the two counts of the rows tr[data-crawler] under
// sel, by crawler.
func pageFlips(t testing.TB, p *Page, sel string) map[string]flips {
	t.Helper()
	unfoldIn(t, p, sel)
	js := fmt.Sprintf(`JSON.stringify([...document.querySelectorAll(%s)].map(tr => ({
		Agent: tr.dataset.crawler, A: tr.dataset.newlyAllowed, B: tr.dataset.newlyBlocked})))`, jsString(sel+" tr[data-crawler]"))
	var rows []struct{ Agent, A, B string }
	if err := json.Unmarshal([]byte(Eval[string](p, "reading "+sel, js)), &rows); err != nil {
		t.Fatal(err)
	}
	out := map[string]flips{}
	for _, r := range rows {
		a, errA := strconv.Atoi(r.A)
		b, errB := strconv.Atoi(r.B)
		if errA != nil || errB != nil || r.A != strconv.Itoa(a) || r.B != strconv.Itoa(b) {
			t.Errorf("%s %s: data-newly-allowed %q, data-newly-blocked %q: not plain digits", sel, r.Agent, r.A, r.B)
		}
		if _, dup := out[r.Agent]; dup {
			t.Errorf("%s: two rows for %s", sel, r.Agent)
		}
		out[r.Agent] = flips{a, b}
	}
	return out
}

// TestSiteFlips is issue 43's check that a change is two counts: over
// 10,000 URLs, an edit that blocks 1,000 URLs for Googlebot and allows
// 1,000 others (a net change of 0) shows, in the matrix, in Your edit and
// in the intent preview over the site's URLs, the URLs newly allowed and
// newly blocked that `robotstxt diff` counts on the same files and URLs,
// crawler by crawler, newly allowed first, with the lines before and
// after.
func TestSiteFlips(t *testing.T) {
	const n = 10_000
	sections := []string{"a", "b", "c", "d", "e", "private", "g", "h", "i", "j"}
	var list strings.Builder
	for i := range n {
		fmt.Fprintf(&list, "https://example.com/%s/item-%d\n", sections[i%len(sections)], i)
	}
	base := "User-agent: *\nDisallow: /private/\n\nUser-agent: Googlebot\nDisallow: /a/\n"
	edited := strings.Replace(base, "Disallow: /a/", "Disallow: /b/", 1)
	dir := t.TempDir()
	write := func(name, text string) string {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return path
	}
	urls := write("urls.txt", list.String())
	bin := cliBinary(t)
	want, _ := cliDiff(t, bin, write("old.txt", base), write("edited.txt", edited), urls)
	if g := want["Googlebot"]; g != (flips{n / 10, n / 10}) {
		t.Fatalf("the command line counts %+v for Googlebot: the test's edit is not the one meant", g)
	}

	p := suite.NewPage(t)
	p.Open(suite.Site(t, ""))
	p.Wait(`#counts[data-linted="true"]`)
	p.Replace(editor, base)
	p.WaitAttr("#summary", "data-bytes", strconv.Itoa(len(base)))
	p.Click("#site-urls-toggle")
	p.Wait("#site-urls-notes") // the live panel
	p.dropSiteFile("urls.txt", list.String())
	waitAttrWithin(p, "#site-urls-summary", "data-urls", strconv.Itoa(n), 2*time.Minute)

	// The edit: every crawler's row gives the command line's two counts.
	p.Replace(editor, edited)
	waitAttrWithin(p, `#site-matrix tr[data-crawler="Googlebot"]`, "data-newly-blocked", strconv.Itoa(n/10), time.Minute)
	got := pageFlips(t, p, "#site-matrix")
	if len(got) != len(robots.Crawlers()) {
		t.Errorf("%d rows in the matrix, want %d", len(got), len(robots.Crawlers()))
	}
	for _, c := range robots.Crawlers() {
		if got[c.Token] != want[c.Token] {
			t.Errorf("the matrix: %s %+v, robotstxt diff %+v", c.Token, got[c.Token], want[c.Token])
		}
	}
	if ch, _ := p.Attr(`#site-matrix tr[data-crawler="Googlebot"]`, "data-change"); ch != "0" {
		t.Errorf("Googlebot's net change %q, want 0", ch)
	}
	if txt := p.Text(`#site-matrix tr[data-crawler="Googlebot"]`); !strings.Contains(txt, "Newly allowed 1,000, newly blocked 1,000") {
		t.Errorf("Googlebot's row says %q", txt)
	}
	if txt := p.Text(`#site-matrix tr[data-crawler="bingbot"]`); !strings.Contains(txt, "no change") {
		t.Errorf("bingbot's row says %q", txt)
	}

	// Your edit, for Googlebot: the same two counts, newly allowed first,
	// each with the lines before → after as the command line words them.
	g := want["Googlebot"]
	for name, v := range map[string]int{"data-newly-allowed": g.Allowed, "data-newly-blocked": g.Blocked} {
		if got, _ := p.Attr("#site-urls-changes", name); got != strconv.Itoa(v) {
			t.Errorf("Your edit: %s %q, robotstxt diff %d", name, got, v)
		}
	}
	txt := p.Text("#site-urls-changes")
	allowed, blocked := strings.Index(txt, "Newly allowed: 1,000 URLs"), strings.Index(txt, "Newly blocked: 1,000 URLs")
	if allowed < 0 || blocked < allowed {
		t.Errorf("Your edit says %q: want newly allowed, then newly blocked", txt)
	}
	for _, want := range []string{"1,000 URLs: line 5: Disallow: /a/ → no rule matched", "1,000 URLs: no rule matched → line 5: Disallow: /b/", "https://example.com/a/item-0"} {
		if !strings.Contains(txt, want) {
			t.Errorf("Your edit says %q: no %q", txt, want)
		}
	}
	if strings.Contains(txt, "`") {
		t.Errorf("Your edit has backticks: %q", txt)
	}

	// The intent preview over the site's URLs: search engines blocked
	// (allowed would change nothing: the file lets them crawl the site,
	// and an intent changes only what it says). Its rows are the command
	// line's diff of the file shown and the file written.
	written := robots.WriteIntent(edited, robots.Intent{Roles: map[robots.Role]robots.Choice{robots.RoleSearch: robots.Deny}})
	wantIntent, _ := cliDiff(t, bin, write("shown.txt", edited), write("written.txt", written), urls)
	if g := wantIntent["Googlebot"]; g.Blocked == 0 {
		t.Fatalf("the intent flips Googlebot %+v: nothing newly blocked", g)
	}
	p.Click("#more-intent > summary")
	p.Wait("#more-intent[open] #intent")
	choose(p, "#intent-role-search", "block")
	waitAttrWithin(p, "#intent-site", "data-urls", strconv.Itoa(n), time.Minute)
	gotIntent := pageFlips(t, p, "#intent-site")
	for agent, w := range wantIntent {
		if gotIntent[agent] != w {
			t.Errorf("the intent preview: %s %+v, robotstxt diff %+v", agent, gotIntent[agent], w)
		}
	}
	for agent, g := range gotIntent {
		if _, ok := wantIntent[agent]; !ok {
			t.Errorf("the intent preview has a row for %s (%+v), which robotstxt diff does not change", agent, g)
		}
	}
	if txt := p.Text(`#intent-site tr[data-crawler="Googlebot"]`); !strings.Contains(txt, "no rule matched → line ") || !strings.Contains(txt, ": Disallow: /") || strings.Contains(txt, "`") {
		t.Errorf("the intent preview's Googlebot says %q", txt)
	}
	noErrorsBut429(t, p)
}
