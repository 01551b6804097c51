package model

import (
	"strings"
	"testing"

	"robotstester/app/sitemsg"
)

var logRows = []sitemsg.LogRow{
	{Agent: "Googlebot", Role: "search", Vendor: "Google", Requests: 40, Blocked: 10, Verified: 30, Forged: 8, Unverified: 2},
	{Agent: "GPTBot", Role: "ai-training", Vendor: "OpenAI", Requests: 215, Blocked: 215, Verified: 214, Forged: 1},
	{Agent: "bingbot", Role: "search", Vendor: "Microsoft", Requests: 90, Blocked: 3, Verified: 90},
	{Agent: "OddBot", Requests: 5, Blocked: 5, Unverified: 5},
	{Agent: "ClaudeBot", Role: "ai-training", Vendor: "Anthropic", Requests: 7, Unverified: 7},
}

// order returns the groups' names and rows as "Name: a b; Name: c".
func order(gs []LogGroup) string {
	var parts []string
	for _, g := range gs {
		var names []string
		for _, r := range g.Rows {
			names = append(names, r.Agent)
		}
		parts = append(parts, g.Name+": "+strings.Join(names, " "))
	}
	return strings.Join(parts, "; ")
}

// TestLogGroups groups the log's rows by role, in the roles' order (the
// crawlers the catalogue does not know last), and sorts each group by
// the column chosen: the most requests first at first; a column chosen
// again, the other way; names and roles from A.
func TestLogGroups(t *testing.T) {
	var s LogSort
	for _, c := range []struct {
		column string
		want   string
	}{
		{"", "Search: bingbot Googlebot; AI training: GPTBot ClaudeBot; Not in the catalogue: OddBot"},
		{"requests", "Search: Googlebot bingbot; AI training: ClaudeBot GPTBot; Not in the catalogue: OddBot"},
		{"forged", "Search: Googlebot bingbot; AI training: GPTBot ClaudeBot; Not in the catalogue: OddBot"},
		{"crawler", "Search: bingbot Googlebot; AI training: ClaudeBot GPTBot; Not in the catalogue: OddBot"},
		{"crawler", "Search: Googlebot bingbot; AI training: GPTBot ClaudeBot; Not in the catalogue: OddBot"},
		{"role", "Search: bingbot Googlebot; AI training: ClaudeBot GPTBot; Not in the catalogue: OddBot"},
		{"role", "Not in the catalogue: OddBot; AI training: ClaudeBot GPTBot; Search: bingbot Googlebot"},
		{"nonsense", "Not in the catalogue: OddBot; AI training: ClaudeBot GPTBot; Search: bingbot Googlebot"},
	} {
		if c.column != "" {
			s = s.By(c.column)
		}
		if got := order(LogGroups(logRows, s)); got != c.want {
			t.Errorf("after %q (%+v):\n got %s\nwant %s", c.column, s, got, c.want)
		}
	}
}

// TestLogTable draws the contract: a row a crawler with its counts,
// the sorted column's header with aria-sort, a row opened onto its
// details, the sentences and the lists' note.
func TestLogTable(t *testing.T) {
	rows := append([]sitemsg.LogRow(nil), logRows...)
	rows[1].Details = []sitemsg.Node{{Tag: "p", Text: "line 2 blocks"}}
	v := &sitemsg.LogView{Rows: rows, Said: []string{"GPTBot: 215 requests to blocked URLs, 214 from OpenAI's published addresses, 1 forged."},
		Lists: []string{"GPTBot's list: addresses as of 1 December 2026."}, NotCrawlers: sitemsg.Node{Tag: "p", Data: []string{"browsers", "3"}}}
	n := LogTable(v, LogSort{}.By("forged"), map[string]bool{"GPTBot": true}, "kept only until the page is closed")
	var agents []string
	var sorted, opened []string
	var said int
	var walk func(n *sitemsg.Node)
	walk = func(n *sitemsg.Node) {
		for i := 0; i+1 < len(n.Data); i += 2 {
			if n.Data[i] == "log-agent" {
				agents = append(agents, n.Data[i+1]+"="+strings.Join(n.Data[i+2:], ","))
			}
		}
		for i := 0; i+1 < len(n.Attrs); i += 2 {
			if n.Attrs[i] == "aria-sort" {
				sorted = append(sorted, n.Kids[0].Text+" "+n.Attrs[i+1])
			}
		}
		if n.Class == "log-more" {
			opened = append(opened, n.Kids[0].Kids[0].Text)
		}
		if n.Tag == "li" && strings.Contains(n.Text, "published addresses") || strings.Contains(n.Text, "until the page is closed") {
			said++
		}
		for i := range n.Kids {
			walk(&n.Kids[i])
		}
	}
	walk(&n)
	if n.ID != "site-urls-log" || len(agents) != len(rows) {
		t.Fatalf("%s: rows %v", n.ID, agents)
	}
	if agents[0] != "Googlebot=role,search,requests,40,blocked,10,fetched,0,verified,30,forged,8,unverified,2" {
		t.Errorf("first row %s", agents[0])
	}
	if len(sorted) != 1 || sorted[0] != "Forged descending" {
		t.Errorf("sorted %v", sorted)
	}
	if len(opened) != 1 || opened[0] != "line 2 blocks" {
		t.Errorf("opened %v", opened)
	}
	if said != 2 {
		t.Errorf("%d sentences said", said)
	}
}
