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
	compiled  []compiledRule // rules[i] compiled, made on the first check
	index     *prefixIndex   // made on the first check: the linter needs none
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

// prepare makes, on the first check, what matching the set needs: each
// rule compiled, and the prefix index past indexThreshold rules.
func (s *ruleSet) prepare() {
	s.indexOnce.Do(func() {
		s.compiled = make([]compiledRule, len(s.rules))
		for i, r := range s.rules {
			s.compiled[i] = compileRule(r)
		}
		if len(s.rules) > indexThreshold {
			s.index = newPrefixIndex(s.rules)
		}
	})
}

// A compiledRule is a rule's pattern cut up once for the many paths it is
// tried against: its literal prefix, and what follows its first '*'.
type compiledRule struct {
	prefix string // the pattern up to its first '*' (its end anchor dropped)
	rest   string // after the first '*', the end anchor dropped
	// need has bit c&63 set for every byte c other than '*' in rest: a
	// path that lacks one of them cannot match.
	need     uint64
	star     bool // the pattern has a '*'
	anchored bool // the pattern ends in '$'
	// filedShort: the prefix index files the rule under a shorter
	// prefix than its own (the directory of Google's index.html rule).
	filedShort bool
}

func compileRule(r *Rule) compiledRule {
	p := r.Pattern()
	c := compiledRule{anchored: strings.HasSuffix(p, "$"), filedShort: r.indexed > 0}
	if c.anchored {
		p = p[:len(p)-1]
	}
	star := strings.IndexByte(p, '*')
	if star < 0 {
		c.prefix = p
		return c
	}
	c.prefix, c.rest, c.star = p[:star], p[star+1:], true
	for i := 0; i < len(c.rest); i++ {
		if c.rest[i] != '*' {
			c.need |= 1 << (c.rest[i] & 63)
		}
	}
	return c
}

// byteMask returns the set of c&63 over the bytes c of s.
func byteMask(s string) uint64 {
	var m uint64
	for i := 0; i < len(s); i++ {
		m |= 1 << (s[i] & 63)
	}
	return m
}

// A pathMatcher is one path being matched against the rules of a set.
type pathMatcher struct {
	path     string
	mask     uint64 // byteMask(path), once masked
	masked   bool
	prefixed bool // every rule tried is known to have a literal prefix that starts path
}

// matches reports whether the compiled rule c matches the path.
func (m *pathMatcher) matches(c *compiledRule) bool {
	if (!m.prefixed || c.filedShort) && !strings.HasPrefix(m.path, c.prefix) {
		return false
	}
	if !c.star {
		return !c.anchored || len(m.path) == len(c.prefix)
	}
	if c.need != 0 {
		if !m.masked {
			m.mask, m.masked = byteMask(m.path), true
		}
		if c.need&^m.mask != 0 {
			return false
		}
	}
	return matchAfterStar(c.rest, c.anchored, m.path, len(c.prefix))
}

// collect appends to v.Matches, in file order, every rule of the set that
// matches path, with its priority.
func (s *ruleSet) collect(path string, v *Verdict) {
	s.prepare()
	m := pathMatcher{path: path}
	if s.index == nil {
		for i := range s.rules {
			s.try(&m, int32(i), v)
		}
		return
	}
	m.prefixed = true
	x := s.index
	i, found := slices.BinarySearch(x.prefixes, path)
	if !found {
		i--
	}
	for i >= 0 {
		if strings.HasPrefix(path, x.prefixes[i]) {
			for _, ri := range x.rules[i] {
				s.try(&m, ri, v)
			}
		}
		i = int(x.parent[i])
	}
	if len(v.Matches) > 1 {
		slices.SortFunc(v.Matches, func(a, b Match) int { return a.Rule.Line - b.Rule.Line })
	}
}

// try appends rule ri to v.Matches if it matches.
func (s *ruleSet) try(m *pathMatcher, ri int32, v *Verdict) {
	rule, c := s.rules[ri], &s.compiled[ri]
	switch {
	case m.matches(c):
		v.Matches = append(v.Matches, Match{Rule: rule, Priority: len(rule.Pattern())})
	case rule.indexed > 0 && matchAnchored(rule.Pattern()[:rule.indexed], m.path):
		v.Matches = append(v.Matches, Match{Rule: rule, Priority: int(rule.indexed) + 1, ViaIndex: true})
	}
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
