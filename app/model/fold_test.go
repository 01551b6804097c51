package model

import (
	"slices"
	"testing"

	"robotstester/app/sitemsg"
)

func TestFoldMatrix(t *testing.T) {
	row := func(tok, fold string) sitemsg.Node {
		n := sitemsg.Node{Tag: "tr", Data: []string{"crawler", tok}}
		if fold != "" {
			n.Data = append(n.Data, "folded", fold)
		}
		return n
	}
	m := &sitemsg.Node{Tag: "table", Kids: []sitemsg.Node{
		{Tag: "tbody", Kids: []sitemsg.Node{
			row("Googlebot", ""),
			{Tag: "tr", Data: []string{"fold", "search"}, Kids: []sitemsg.Node{{Tag: "td", Kids: []sitemsg.Node{
				{Text: "and 2 more search crawlers, all allowed "},
				{Tag: "button", Data: []string{"unfold", "search"}, Text: "Show them"}}}}},
			row("a", "search"), row("b", "search"),
		}},
		{Tag: "tbody", Kids: []sitemsg.Node{row("GPTBot", ""), row("c", "ai-training")}},
	}}
	rows := func(n *sitemsg.Node) (toks []string, button string) {
		var walk func(n *sitemsg.Node)
		walk = func(n *sitemsg.Node) {
			if n.Tag == "tr" && n.Data[0] == "crawler" {
				toks = append(toks, n.Data[1])
			}
			if n.Tag == "button" {
				button = n.Text
			}
			for i := range n.Kids {
				walk(&n.Kids[i])
			}
		}
		walk(n)
		return toks, button
	}
	for _, tt := range []struct {
		open   []string
		want   []string
		button string
	}{
		{nil, []string{"Googlebot", "GPTBot"}, "Show them"},
		{[]string{"search"}, []string{"Googlebot", "a", "b", "GPTBot"}, "Hide them"},
		{[]string{"ai-training"}, []string{"Googlebot", "GPTBot", "c"}, "Show them"},
	} {
		got, button := rows(FoldMatrix(m, tt.open))
		if !slices.Equal(got, tt.want) || button != tt.button {
			t.Errorf("open %v: rows %v, button %q; want %v, %q", tt.open, got, button, tt.want, tt.button)
		}
	}
	// The worker's matrix keeps every row.
	if got, _ := rows(m); len(got) != 5 {
		t.Errorf("the matrix given lost rows: %v", got)
	}
}
