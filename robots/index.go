package robots

import (
	"cmp"
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
	compiled  []compiledRule // small sets: rules[i] compiled, made on the first check
	index     *prefixIndex   // sets past indexThreshold rules, made on the first check: the linter needs neither
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
		if len(s.rules) > indexThreshold {
			s.index = newPrefixIndex(s.rules)
			return
		}
		s.compiled = make([]compiledRule, len(s.rules))
		for i, r := range s.rules {
			s.compiled[i] = compileRule(r, int32(i))
		}
	})
}

// A compiledRule is a rule's pattern cut up once for the many paths it is
// tried against: its literal prefix, and what follows its first '*'. A
// check reads only these, side by side in one array, and looks at the
// rule itself only when it matched.
type compiledRule struct {
	prefix string // the pattern up to its first '*' (its end anchor dropped)
	rest   string // after the first '*', the end anchor dropped
	// need has bit c&63 set for every byte c other than '*' in rest: a
	// path that lacks one of them cannot match.
	need     uint64
	rule     int32 // index in the set's rules
	star     bool  // the pattern has a '*'
	anchored bool  // the pattern ends in '$'
	// indexed: Google's index.html rule, which the prefix index files
	// under its directory, a shorter prefix than its own.
	indexed bool
}

func compileRule(r *Rule, ri int32) compiledRule {
	p := r.Pattern()
	c := compiledRule{rule: ri, anchored: strings.HasSuffix(p, "$"), indexed: r.indexed > 0}
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

// holds reports whether the path holds every byte of need (a set of c&63,
// as byteMask makes).
func (m *pathMatcher) holds(need uint64) bool {
	if need == 0 {
		return true
	}
	if !m.masked {
		m.mask, m.masked = byteMask(m.path), true
	}
	return need&^m.mask == 0
}

// matches reports whether the compiled rule c matches the path.
func (m *pathMatcher) matches(c *compiledRule) bool {
	if (!m.prefixed || c.indexed) && !strings.HasPrefix(m.path, c.prefix) {
		return false
	}
	if !c.star {
		return !c.anchored || len(m.path) == len(c.prefix)
	}
	if !m.holds(c.need) {
		return false
	}
	return matchAfterStar(c.rest, c.anchored, m.path, len(c.prefix))
}

// collect appends to v.Matches, in file order, every rule of the set that
// matches path, with its priority.
func (s *ruleSet) collect(path string, v *Verdict) {
	s.prepare()
	m := pathMatcher{path: path}
	x := s.index
	if x == nil {
		for i := range s.compiled {
			s.try(&m, &s.compiled[i], v)
		}
		return
	}
	m.prefixed = true
	for i := x.find(path); i >= 0; i = x.nodes[i].parent {
		n := &x.nodes[i]
		if strings.HasPrefix(path, x.prefix(i)) {
			for j := n.first; j < n.end; j++ {
				s.try(&m, &x.cands[j], v)
			}
		}
	}
	if len(v.Matches) > 1 {
		slices.SortFunc(v.Matches, func(a, b Match) int { return a.Rule.Line - b.Rule.Line })
	}
}

// indexCandidates lets candidates use the prefix index; tests turn it
// off to hold the index to trying every rule.
var indexCandidates = true

// candidates appends to buf the numbers (in s.rules) of the rules whose
// literal prefix starts path, and whose other bytes (but '*') path holds,
// in the order of s.rules, and reports true; or reports false when the
// set has no prefix index, and every rule is a candidate. A rule can match
// path only if its literal prefix starts it and path holds every byte of
// the rest of it, in every reading that matches from the start of the
// path, whether '*' is an operator there or a character.
func (s *ruleSet) candidates(path string, buf []int32) ([]int32, bool) {
	s.prepare()
	x := s.index
	if x == nil || !indexCandidates {
		return buf, false
	}
	m := pathMatcher{path: path}
	for i := x.find(path); i >= 0; i = x.nodes[i].parent {
		if n := &x.nodes[i]; strings.HasPrefix(path, x.prefix(i)) {
			for j := n.first; j < n.end; j++ {
				if c := &x.cands[j]; m.holds(c.need) {
					buf = append(buf, c.rule)
				}
			}
		}
	}
	slices.Sort(buf)
	return buf, true
}

// try appends the rule of c to v.Matches if it matches.
func (s *ruleSet) try(m *pathMatcher, c *compiledRule, v *Verdict) {
	switch {
	case m.matches(c):
		rule := s.rules[c.rule]
		v.Matches = append(v.Matches, Match{Rule: rule, Priority: len(rule.Pattern())})
	case c.indexed:
		rule := s.rules[c.rule]
		if matchAnchored(rule.Pattern()[:rule.indexed], m.path) {
			v.Matches = append(v.Matches, Match{Rule: rule, Priority: int(rule.indexed) + 1, ViaIndex: true})
		}
	}
}

// A prefixIndex finds the rules whose literal prefix (the pattern up to its
// first '*') is a prefix of a path. The prefixes are kept sorted, each with
// a link to the longest other prefix that is a prefix of it. The prefixes of
// a path are then all on the chain of links from the greatest prefix that
// sorts at or before the path: any string that sorts between a prefix p of
// the path and the path itself starts with p.
//
// A check walks this in a few cache lines: the prefixes are one string,
// the nodes one array, and the compiled rules of each prefix consecutive.
type prefixIndex struct {
	text  string       // the sorted prefixes, one after the other
	keys  []uint64     // key8 of each prefix: the binary search compares these first
	nodes []prefixNode // one per distinct prefix, in sorted order
	cands []compiledRule
}

// key8 returns the first 8 bytes of s, big-endian, zero-padded. If
// key8(a) < key8(b) then a < b: the first byte where the keys differ is a
// byte of b greater than a's byte or than a's end. Equal keys decide
// nothing.
func key8(s string) uint64 {
	var k uint64
	for i := 0; i < 8; i++ {
		k <<= 8
		if i < len(s) {
			k |= uint64(s[i])
		}
	}
	return k
}

type prefixNode struct {
	start, stop int32 // the prefix is text[start:stop]
	parent      int32 // index of the longest proper prefix among the nodes, or -1
	first, end  int32 // its rules are cands[first:end]
}

func (x *prefixIndex) prefix(i int32) string {
	n := &x.nodes[i]
	return x.text[n.start:n.stop]
}

// find returns the greatest prefix that sorts at or before path, or -1.
func (x *prefixIndex) find(path string) int32 {
	k := key8(path)
	lo, hi := 0, len(x.nodes) // the answer is below hi, and lo-1 at least
	for lo < hi {
		mid := int(uint(lo+hi) >> 1)
		if km := x.keys[mid]; km < k || km == k && x.prefix(int32(mid)) <= path {
			lo = mid + 1
		} else {
			hi = mid
		}
	}
	return int32(lo - 1)
}

func newPrefixIndex(rules []*Rule) *prefixIndex {
	type entry struct {
		prefix string
		rule   int32
	}
	entries := make([]entry, len(rules))
	size := 0
	for i, r := range rules {
		p := literalPrefix(r.Pattern())
		if r.indexed > 0 {
			// The alternative's prefix is the directory, a prefix of
			// the main pattern's: filing the rule there covers both.
			p = literalPrefix(r.Pattern()[:r.indexed])
		}
		entries[i] = entry{p, int32(i)}
		size += len(p)
	}
	// In file order within a prefix: the rule's number breaks ties, which
	// gives a stable sort's order with pdqsort's O(n log n) (a stable sort
	// of 10,000 rules was 160 ms of WebAssembly, most of it moving strings
	// under the collector's write barrier).
	slices.SortFunc(entries, func(a, b entry) int {
		if c := strings.Compare(a.prefix, b.prefix); c != 0 {
			return c
		}
		return cmp.Compare(a.rule, b.rule)
	})
	x := &prefixIndex{cands: make([]compiledRule, len(entries))}
	var text strings.Builder
	text.Grow(size)
	var stack []int32
	for j, e := range entries {
		x.cands[j] = compileRule(rules[e.rule], e.rule)
		if n := len(x.nodes); n > 0 && x.prefix(int32(n-1)) == e.prefix {
			x.nodes[n-1].end++
			continue
		}
		for len(stack) > 0 && !strings.HasPrefix(e.prefix, x.prefix(stack[len(stack)-1])) {
			stack = stack[:len(stack)-1]
		}
		parent := int32(-1)
		if len(stack) > 0 {
			parent = stack[len(stack)-1]
		}
		start := int32(text.Len())
		text.WriteString(e.prefix)
		x.text = text.String() // shares the builder's bytes: no copy
		x.keys = append(x.keys, key8(e.prefix))
		x.nodes = append(x.nodes, prefixNode{start: start, stop: int32(text.Len()), parent: parent, first: int32(j), end: int32(j + 1)})
		stack = append(stack, int32(len(x.nodes)-1))
	}
	return x
}
