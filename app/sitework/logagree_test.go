package sitework

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"robotstester/app/sitemsg"
	"robotstester/internal/logsample"
	"robotstester/robots"
)

// TestLogAgreesWithCommandLine reads one generated access log (crawlers
// catalogued and not, browsers, tools, odd strings) in the worker and
// with the command line's `check --log L --summary --json`: the same
// crawlers, with the same counts line by line, and no browser among them.
// The command is built from this checkout.
func TestLogAgreesWithCommandLine(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the command line")
	}
	gobin, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command to build robotstxt with")
	}
	dir := t.TempDir()
	bin := filepath.Join(dir, "robotstxt")
	if out, err := exec.Command(gobin, "build", "-o", bin, "robotstester/robots/cmd/robotstxt").CombinedOutput(); err != nil {
		t.Fatalf("building robotstxt: %v\n%s", err, out)
	}
	log := logsample.Log(3000, 43)
	for name, text := range map[string]string{"robots.txt": logsample.Robots, "access.log": log} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	cmd := exec.Command(bin, "check", "--file", "robots.txt", "--log", "access.log", "--summary", "--json")
	cmd.Dir = dir
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("robotstxt: %v\n%s", err, stderr.String())
	}
	type row struct {
		Agent   string `json:"agent"`
		Verdict string `json:"verdict"`
		Line    int    `json:"line"`
		Count   int    `json:"count"`
		Fetched int    `json:"fetched"`
	}
	cli := map[string]int{} // "agent verdict line" → count, fetched
	cliAgents := map[string]int{}
	sc := bufio.NewScanner(bytes.NewReader(out))
	for sc.Scan() {
		var r row
		if err := json.Unmarshal(sc.Bytes(), &r); err != nil {
			t.Fatalf("%q: %v", sc.Text(), err)
		}
		cli[fmt.Sprintf("%s %s %d count", r.Agent, r.Verdict, r.Line)] += r.Count
		cli[fmt.Sprintf("%s %s %d fetched", r.Agent, r.Verdict, r.Line)] += r.Fetched
		cliAgents[r.Agent] += r.Count
	}

	var s SiteURLs
	f := robots.ParseString(logsample.Robots)
	src := s.Begin("access.log", "list", logsample.Robots)
	if _, err := s.ReadSource(src, strings.NewReader(log), "access.log", nil); err != nil {
		t.Fatal(err)
	}
	q := Query{File: f, Query: sitemsg.Query{Text: logsample.Robots, Crawler: "Googlebot"}}
	c, err := s.Cover(q, nil)
	if err != nil {
		t.Fatal(err)
	}
	worker := map[string]int{}
	for _, tl := range c.Requests {
		for _, l := range tl.Lines {
			v := "blocked"
			if l.Allowed {
				v = "allowed"
			}
			worker[fmt.Sprintf("%s %s %d count", tl.Agent, v, l.Line)] += l.Count
			worker[fmt.Sprintf("%s %s %d fetched", tl.Agent, v, l.Line)] += l.Fetched
		}
	}
	if fmt.Sprint(worker) != fmt.Sprint(cli) {
		t.Errorf("the worker counts\n%v\nthe command line\n%v", worker, cli)
	}
	// The page draws the worker's words: a crawler each, its requests.
	drawn := map[string]int{}
	for _, l := range Word(c, q).Logged {
		drawn[l.Agent] = l.Requests
	}
	if fmt.Sprint(drawn) != fmt.Sprint(cliAgents) {
		t.Errorf("the panel lists %v, the command line %v", drawn, cliAgents)
	}
	for _, want := range []string{"Googlebot", "GPTBot", "AhrefsBot", "SemrushBot", "MJ12bot", "Slurp", "Yeti", "facebookexternalhit", "Feedly"} {
		if cliAgents[want] == 0 {
			t.Errorf("no requests of %s counted: %v", want, cliAgents)
		}
	}
	for agent := range cliAgents {
		if r := robots.ReadRequester(agent); strings.EqualFold(agent, "Mozilla") || agent == "" || r.Kind == robots.ToolRequester {
			t.Errorf("%q counted as a crawler", agent)
		}
	}
	n := c.NotCrawlers
	if n.Browsers == 0 || n.Tools == 0 || n.Unknown == 0 {
		t.Errorf("not crawlers %+v", n)
	}
	crawled := 0
	for _, k := range cliAgents {
		crawled += k
	}
	if got := crawled + n.Total(); got != s.State().Requests {
		t.Errorf("%d requests counted, %d read", got, s.State().Requests)
	}
	if !strings.Contains(stderr.String(), fmt.Sprintf("%d requests of browsers", n.Browsers)) {
		t.Errorf("the command line's note: %q, want %d requests of browsers", stderr.String(), n.Browsers)
	}
}
