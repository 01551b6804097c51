//go:build !js

package e2e

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"robotstester/internal/logsample"
	"robotstester/robots"
	"robotstester/robots/sitemap"
)

// dropSiteFiles drops several files at once on the site URLs panel, in
// the order given.
func (p *Page) dropSiteFiles(names, texts []string) {
	p.tb.Helper()
	p.Call("dropping "+strings.Join(names, ", "), `(names, texts) => {
		const dt = new DataTransfer();
		names.forEach((name, i) => dt.items.add(new File([texts[i]], name, {type: "text/plain"})));
		const el = document.querySelector("#site-urls-panel");
		el.dispatchEvent(new DragEvent("dragover", {dataTransfer: dt, bubbles: true, cancelable: true}));
		el.dispatchEvent(new DragEvent("drop", {dataTransfer: dt, bubbles: true, cancelable: true}));
	}`, names, texts)
}

// TestSiteURLsDropRepeats drops a crawler's export of 300 URLs and a list
// of 500 sharing 300 of them, at once: both are read, in order, each
// named in the summary with what it gave, and the 300 repeats are held
// and counted once: 500 URLs. After a reload, two more files dropped as
// the URLs kept are read back are read after them.
func TestSiteURLsDropRepeats(t *testing.T) {
	p := suite.NewPage(t)
	p.Open(suite.Site(t, ""))
	p.Wait(`#counts[data-linted="true"]`)
	p.Click("#site-urls-toggle")
	p.Wait("#site-urls-notes") // the live panel
	var export, list strings.Builder
	export.WriteString("Address,Status Code\n")
	for i := range 300 {
		fmt.Fprintf(&export, "https://example.com/page/%d,200\n", i)
	}
	for i := range 500 { // 0 to 299: the export's too
		fmt.Fprintf(&list, "https://example.com/page/%d\n", i)
	}
	p.dropSiteFiles([]string{"crawl.csv", "urls.txt"}, []string{export.String(), list.String()})
	p.WaitAttr(`#site-urls-summary[data-counted="true"]`, "data-urls", "500")
	if got, _ := p.Attr("#site-urls-summary", "data-repeats"); got != "300" {
		t.Errorf("data-repeats %q, want 300", got)
	}
	summary := p.Text("#site-urls-summary")
	for _, want := range []string{"500 URLs read from 2 sources", "crawl.csv: 300 URLs", "urls.txt: 500 URLs, 300 of them repeats"} {
		if !strings.Contains(summary, want) {
			t.Errorf("the summary %q does not say %q", summary, want)
		}
	}
	sources := Eval[string](p, "reading the sources", `document.querySelector("#site-urls-sources").textContent`)
	if i, j := strings.Index(sources, "crawl.csv"), strings.Index(sources, "urls.txt"); i < 0 || j < i {
		t.Errorf("the sources, in the order dropped: %q", sources)
	}
	noExceptions(t, p)

	// After a reload, two more dropped as the panel opens, while the URLs
	// kept are read back: read after them, in order, and their repeats of
	// the URLs kept said (400 to 649: 150 new, 150 repeats).
	p.Wait("#site-urls-kept")
	p.Open(suite.Site(t, ""))
	p.Click("#site-urls-toggle")
	p.Wait("#site-urls-notes")
	var more, extra strings.Builder
	for i := 400; i < 600; i++ {
		fmt.Fprintf(&more, "https://example.com/page/%d\n", i)
	}
	for i := 550; i < 650; i++ {
		fmt.Fprintf(&extra, "https://example.com/page/%d\n", i)
	}
	p.dropSiteFiles([]string{"more.txt", "extra.txt"}, []string{more.String(), extra.String()})
	p.WaitAttr(`#site-urls-summary[data-counted="true"]`, "data-urls", "650")
	if got, _ := p.Attr("#site-urls-summary", "data-repeats"); got != "450" {
		t.Errorf("data-repeats %q after the reload, want 450", got)
	}
	summary = p.Text("#site-urls-summary")
	for _, want := range []string{"650 URLs read from 4 sources", "more.txt: 200 URLs, 100 of them repeats", "extra.txt: 100 URLs, 50 of them repeats"} {
		if !strings.Contains(summary, want) {
			t.Errorf("the summary %q does not say %q", summary, want)
		}
	}
	noExceptions(t, p)
}

// TestSiteURLsLogAgrees drops a generated access log (crawlers catalogued
// and not, browsers, tools, odd strings): the panel lists each crawler,
// [data-log-agent] with data-requests, as the command line counts it
// (robotstxt check --log L --summary --json, its rows' agent and count)
// and as the engine does (robots.Coverage.AddRequest), and no browser
// nor tool among them.
func TestSiteURLsLogAgrees(t *testing.T) {
	log := logsample.Log(600, 7)
	dir := t.TempDir()
	logFile, robotsFile := filepath.Join(dir, "access.log"), filepath.Join(dir, "robots.txt")
	if err := os.WriteFile(logFile, []byte(log), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(robotsFile, []byte(logsample.Robots), 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(cliBinary(t), "check", "--file", robotsFile, "--log", logFile, "--summary", "--json")
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("robotstxt check --log: %v", err)
	}
	cli := map[string]int{}
	for line := range strings.Lines(string(out)) {
		var row struct {
			Agent string `json:"agent"`
			Count int    `json:"count"`
		}
		if err := json.Unmarshal([]byte(line), &row); err != nil {
			t.Fatalf("%q: %v", line, err)
		}
		cli[row.Agent] += row.Count
	}
	f := robots.ParseString(logsample.Robots)
	cov := robots.NewCoverage(f)
	err = sitemap.ReadLog(strings.NewReader(log), "access.log", func(sitemap.Note) {}, func(e sitemap.Entry) error {
		cov.AddRequest(e.Agent, robots.EncodeURL(e.URL), e.Status)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]int{}
	for _, tl := range cov.Tallies() {
		want[tl.Agent] = tl.Allowed + tl.Blocked
	}
	if fmt.Sprint(cli) != fmt.Sprint(want) {
		t.Fatalf("the command line counts %v, the engine %v", cli, want)
	}

	p := suite.NewPage(t)
	p.Open(suite.Site(t, ""))
	p.Wait(`#counts[data-linted="true"]`)
	p.Replace(editor, logsample.Robots)
	p.WaitAttr("#summary", "data-bytes", strconv.Itoa(len(logsample.Robots)))
	p.Click("#site-urls-toggle")
	p.Wait("#site-urls-notes")
	p.dropSiteFile("access.log", log)
	p.Wait(`#site-urls-summary[data-counted="true"]`)
	p.Wait("#site-urls-log [data-log-agent]")
	got := Eval[map[string]string](p, "the crawlers drawn", `Object.fromEntries([...document.querySelectorAll("#site-urls-log [data-log-agent]")].map(e => [e.dataset.logAgent, e.dataset.requests]))`)
	if len(got) != len(want) {
		t.Errorf("%d crawlers drawn, the engine counts %d:\n%v\n%v", len(got), len(want), got, want)
	}
	for agent, n := range want {
		if got[agent] != strconv.Itoa(n) {
			t.Errorf("%s: %q requests drawn, the engine counts %d", agent, got[agent], n)
		}
	}
	for agent := range got {
		if r := robots.ReadRequester(agent); agent == "Mozilla" || r.Kind == robots.ToolRequester || r.Kind == robots.BrowserRequester {
			t.Errorf("%q drawn as a crawler", agent)
		}
	}
	nc := cov.NotCrawlers()
	for attr, n := range map[string]int{"data-browsers": nc.Browsers, "data-tools": nc.Tools, "data-unknown": nc.Unknown} {
		if v, _ := p.Attr("#site-urls-log p[data-browsers]", attr); v != strconv.Itoa(n) {
			t.Errorf("%s %q, the engine counts %d", attr, v, n)
		}
	}
	noExceptions(t, p)
}
