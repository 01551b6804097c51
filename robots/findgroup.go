package robots

import (
	"cmp"
	"slices"
)

// A FindingGroup is the findings of one kind on a file, said once: a file
// that repeats a mistake on a thousand lines gets one entry with the lines,
// not a thousand sentences that bury its one real error.
type FindingGroup struct {
	// Finding is the first of the group's findings, as the example: its
	// message names the details of its own line (the values and lines of
	// the others differ).
	Finding Finding
	// Lines are the lines the findings are on, in increasing order, each
	// once.
	Lines []int
	// Count is the number of findings in the group: at least len(Lines),
	// more when a line has several.
	Count int
}

// GroupFindings gathers findings of the same kind into one group each:
// the same code, the same severity and the same message shape (the
// sentence with its details, such as values and line numbers, left out).
// The groups come errors first, then warnings, then notes, and by first
// line within a severity. Findings made outside the linter, which have no
// shape, group by their whole message.
func GroupFindings(fs []Finding) []FindingGroup {
	type key struct {
		code  Code
		shape string
		sev   Severity
	}
	index := map[key]int{}
	var groups []FindingGroup
	for _, f := range fs {
		shape := f.shape
		if shape == "" {
			shape = f.Message
		}
		k := key{f.Code, shape, f.Severity}
		i, ok := index[k]
		if !ok {
			i = len(groups)
			index[k] = i
			groups = append(groups, FindingGroup{Finding: f})
		}
		g := &groups[i]
		g.Count++
		g.Lines = append(g.Lines, f.Line)
	}
	for i := range groups {
		g := &groups[i]
		slices.Sort(g.Lines)
		g.Lines = slices.Compact(g.Lines)
		if g.Lines[0] < g.Finding.Line {
			// Findings not in line order: the example is the first.
			for _, f := range fs {
				if f.Line == g.Lines[0] && f.Code == g.Finding.Code && f.Severity == g.Finding.Severity && (f.shape == g.Finding.shape && (f.shape != "" || f.Message == g.Finding.Message)) {
					g.Finding = f
					break
				}
			}
		}
	}
	slices.SortStableFunc(groups, func(a, b FindingGroup) int {
		if a.Finding.Severity != b.Finding.Severity {
			return cmp.Compare(b.Finding.Severity, a.Finding.Severity)
		}
		return cmp.Compare(a.Lines[0], b.Lines[0])
	})
	return groups
}
