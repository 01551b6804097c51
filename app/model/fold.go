package model

import (
	"slices"

	"robotstester/app/sitemsg"
)

// FoldMatrix returns the site matrix m (the worker's #site-matrix) as the
// page draws it: the rows of a fold (data-folded=KEY) left out unless
// open names KEY, and each fold's button saying what pressing it does.
// m itself is left as it is: the worker's rows of every crawler stay, to
// be drawn when a fold is opened without counting again.
func FoldMatrix(m *sitemsg.Node, open []string) *sitemsg.Node {
	if m == nil {
		return nil
	}
	out := *m
	out.Kids = nil
	for i := range m.Kids {
		k := &m.Kids[i]
		if key := dataOf(k, "folded"); key != "" && !slices.Contains(open, key) {
			continue
		}
		if k.Tag == "button" && dataOf(k, "unfold") != "" {
			b := *k
			if slices.Contains(open, dataOf(k, "unfold")) {
				b.Text = "Hide them"
				b.Attrs = append(slices.Clip(b.Attrs), "aria-expanded", "true")
			} else {
				b.Attrs = append(slices.Clip(b.Attrs), "aria-expanded", "false")
			}
			out.Kids = append(out.Kids, b)
			continue
		}
		if len(k.Kids) == 0 {
			out.Kids = append(out.Kids, *k)
			continue
		}
		out.Kids = append(out.Kids, *FoldMatrix(k, open))
	}
	return &out
}

// dataOf returns the value of n's data attribute name, "" when it has
// none.
func dataOf(n *sitemsg.Node, name string) string {
	for i := 0; i+1 < len(n.Data); i += 2 {
		if n.Data[i] == name {
			return n.Data[i+1]
		}
	}
	return ""
}
