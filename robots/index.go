package robots

import (
	"slices"
	"strings"
	"sync"
)

// A ruleSet is the merged rules of the groups that apply to one product
// token (or of the * groups), ready to be matched many times.
type ruleSet struct {
	groups []*Group
	rules  []*Rule // in file order

	indexOnce sync.Once
	index     *prefixIndex // made on the first check: the linter needs none
}

// indexThreshold is the number of rules above which a set is indexed:
// below it, trying every rule is as fast as looking candidates up.
const indexThreshold = 16

func newRuleSet(r *Reading, groups []int32) *ruleSet {
	s := &ruleSet{groups: make([]*Group, len(groups))}
	n := 0
	for i, gi := range groups {
		s.groups[i] = &r.Groups[gi]
		n += len(r.Groups[gi].Rules)
	}
	s.rules = make([]*Rule, 0, n)
	for _, g := range s.groups {
		for i := range g.Rules {
			s.rules = append(s.rules, &g.Rules[i])
		}
	}
	return s
}

// candidates calls visit with every rule that may match path: every rule
// when the set is small, else those whose literal prefix starts path.
func (s *ruleSet) candidates(path string, visit func(*Rule)) {
	s.indexOnce.Do(func() {
		if len(s.rules) > indexThreshold {
			s.index = newPrefixIndex(s.rules)
		}
	})
	if s.index == nil {
		for _, r := range s.rules {
			visit(r)
		}
		return
	}
	s.index.lookup(path, func(ri int32) { visit(s.rules[ri]) })
}

// A prefixIndex finds the rules whose literal prefix (the pattern up to its
// first '*') is a prefix of a path. The prefixes are kept sorted, each with
// a link to the longest other prefix that is a prefix of it. The prefixes of
// a path are then all on the chain of links from the greatest prefix that
// sorts at or before the path: any string that sorts between a prefix p of
// the path and the path itself starts with p.
type prefixIndex struct {
	prefixes []string
	parent   []int32   // index of the longest proper prefix among prefixes, or -1
	rules    [][]int32 // the rules filed under each prefix
}

func newPrefixIndex(rules []*Rule) *prefixIndex {
	type entry struct {
		prefix string
		rule   int32
	}
	entries := make([]entry, len(rules))
	for i, r := range rules {
		p := literalPrefix(r.Pattern())
		if r.indexed > 0 {
			// The alternative's prefix is the directory, a prefix of
			// the main pattern's: filing the rule there covers both.
			p = literalPrefix(r.Pattern()[:r.indexed])
		}
		entries[i] = entry{p, int32(i)}
	}
	slices.SortStableFunc(entries, func(a, b entry) int { return strings.Compare(a.prefix, b.prefix) })
	x := &prefixIndex{}
	var stack []int32
	for _, e := range entries {
		if n := len(x.prefixes); n > 0 && x.prefixes[n-1] == e.prefix {
			x.rules[n-1] = append(x.rules[n-1], e.rule)
			continue
		}
		for len(stack) > 0 && !strings.HasPrefix(e.prefix, x.prefixes[stack[len(stack)-1]]) {
			stack = stack[:len(stack)-1]
		}
		parent := int32(-1)
		if len(stack) > 0 {
			parent = stack[len(stack)-1]
		}
		x.prefixes = append(x.prefixes, e.prefix)
		x.parent = append(x.parent, parent)
		x.rules = append(x.rules, []int32{e.rule})
		stack = append(stack, int32(len(x.prefixes)-1))
	}
	return x
}

func (x *prefixIndex) lookup(path string, visit func(int32)) {
	i, found := slices.BinarySearch(x.prefixes, path)
	if !found {
		i--
	}
	for i >= 0 {
		if strings.HasPrefix(path, x.prefixes[i]) {
			for _, ri := range x.rules[i] {
				visit(ri)
			}
		}
		i = int(x.parent[i])
	}
}
