package robots

import (
	"slices"
	"strings"
)

// Rules that no URL can reach in a reading: a rule wholly hidden by one
// before it (first-match readings) or by a longer one of the same reach.

// hiddenRule is a rule that an earlier one hides from first-match readers:
// indexes in a record's rules.
type hiddenRule struct{ hidden, hider int }

// unreachableRules finds, for a first-match reading, the rules that an
// earlier literal rule of the same record hides: it matches every URL they
// match. pause, when not nil, is called every thousand rules or so.
func unreachableRules(rules []Rule, d Dialect, pause Pause) []hiddenRule {
	if len(rules) <= 64 {
		return unreachableFew(rules, d)
	}
	var out []hiddenRule
	var earlier prefixSet // the literal patterns seen so far
	for i := range rules {
		if pauseEvery(pause, i, 1024) {
			return nil
		}
		p := rules[i].Pattern()
		if j, ok := earlier.findPrefix(p); ok {
			out = append(out, hiddenRule{i, j})
		} else if d.parts().has(literalWildcards) || !strings.ContainsAny(p, "*$") {
			earlier.add(p, i)
		}
	}
	return out
}

// unreachableFew is unreachableRules for a record of few rules, where
// comparing each rule with the earlier ones is faster than a prefixSet.
func unreachableFew(rules []Rule, d Dialect) []hiddenRule {
	var out []hiddenRule
	var literal uint64 // bit j: rule j counts as a literal prefix
	wildcards := !d.parts().has(literalWildcards)
	for i := range rules {
		p := rules[i].Pattern()
		for j := 0; j < i; j++ {
			if literal&(1<<j) == 0 {
				continue
			}
			if e := rules[j].Pattern(); strings.HasPrefix(p, e) {
				out = append(out, hiddenRule{i, j})
				break
			}
		}
		if !wildcards || !strings.ContainsAny(p, "*$") {
			literal |= 1 << i
		}
	}
	return out
}

// A prefixSet is a set of strings, each with a number, that finds the ones
// that are prefixes of a string: it looks up only the lengths it holds.
type prefixSet struct {
	m       map[string]int
	lengths []int
}

func (s *prefixSet) add(p string, n int) {
	if s.m == nil {
		s.m = map[string]int{}
	}
	if _, ok := s.m[p]; ok {
		return
	}
	if !slices.Contains(s.lengths, len(p)) {
		s.lengths = append(s.lengths, len(p))
	}
	s.m[p] = n
}

// findPrefix returns the number of a member that is a prefix of p.
func (s *prefixSet) findPrefix(p string) (int, bool) {
	for _, k := range s.lengths {
		if k <= len(p) {
			if n, ok := s.m[p[:k]]; ok {
				return n, true
			}
		}
	}
	return 0, false
}
