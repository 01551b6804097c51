package robots

import (
	"slices"
	"strings"
)

// The checks of rules that other rules override: the * group's rules a
// named group drops (Google reads one group a crawler), and rules that
// others shadow.

// A globalBlock is a Disallow of the * groups with a URL it blocks for the
// crawlers those groups serve, and the groups that have a rule matching
// that URL.
type globalBlock struct {
	rule     *Rule
	url      string
	matching map[int]matchKinds // by group index
}

// matchKinds says which kinds of rules of a group match a URL.
type matchKinds struct{ allow, disallow bool }

// globalBlocks returns the Disallow rules of the * groups that block the
// URL built to hit them, one per pattern.
func (l *linter) globalBlocks() []globalBlock {
	r := l.r
	if r.global == nil {
		return nil
	}
	var out []globalBlock
	seen := map[string]bool{}
	for _, gi := range r.global.groups {
		if l.breathe() {
			return nil
		}
		for i := range r.Groups[gi].Rules {
			if l.breatheEvery(i, 32) { // a check of a group this large is slow
				return nil
			}
			rule := &r.Groups[gi].Rules[i]
			if rule.Allow || seen[rule.Pattern()] {
				continue
			}
			seen[rule.Pattern()] = true
			if u, ok := exampleURL(rule.Pattern()); ok {
				if v := r.Check("*", u); !v.Allowed {
					out = append(out, globalBlock{rule: rule, url: u, matching: map[int]matchKinds{}})
				}
			}
		}
	}
	if len(out) == 0 {
		return nil
	}
	// Which groups have a rule that matches each URL: a crawler none of
	// whose groups does may fetch it, and needs no check. A pattern can
	// match a path only when its literal prefix (up to a '*' or '$')
	// starts it, so only rules whose literal prefix starts one of these
	// few paths are tried, each distinct pattern once. (A set of every
	// prefix of every path hashed a path of 300,000 characters 300,000
	// times: a second in the browser.)
	paths := make([]string, len(out))
	for j, b := range out {
		paths[j] = b.url[len("https://example.com"):]
	}
	slices.Sort(paths)
	type patternOf struct {
		pattern string
		allow   bool
	}
	groupsOf := map[patternOf][]int{}     // pattern → the groups that hold it
	byLiteral := map[string][]patternOf{} // literal prefix → its patterns
	for gi := range r.Groups {
		if l.breatheEvery(gi, 64) {
			return nil
		}
		for i := range r.Groups[gi].Rules {
			if l.breatheEvery(i, 1024) {
				return nil
			}
			rule := &r.Groups[gi].Rules[i]
			p := rule.Pattern()
			if p == "" {
				continue // an empty rule never blocks, nor reopens
			}
			lit := p
			if k := strings.IndexAny(p, "*$"); k >= 0 {
				lit = p[:k]
			}
			if !prefixOfAny(paths, lit) {
				continue
			}
			key := patternOf{p, rule.Allow}
			gs := groupsOf[key]
			if len(gs) == 0 {
				byLiteral[lit] = append(byLiteral[lit], key)
			}
			if len(gs) == 0 || gs[len(gs)-1] != gi {
				groupsOf[key] = append(gs, gi)
			}
		}
	}
	// Each URL is tried only against the patterns whose literal prefix
	// starts its path: with thousands of rules, trying every pattern on
	// every URL would take seconds. Its prefixes are looked up at the
	// literals' lengths only.
	lengths := make([]int, 0, len(byLiteral))
	for lit := range byLiteral {
		lengths = append(lengths, len(lit))
	}
	slices.Sort(lengths)
	lengths = slices.Compact(lengths)
	for _, b := range out {
		if l.breathe() {
			return nil
		}
		path := b.url[len("https://example.com"):]
		for _, k := range lengths {
			if k > len(path) {
				break
			}
			for _, p := range byLiteral[path[:k]] {
				if !matchPattern(p.pattern, path) {
					continue
				}
				for _, gi := range groupsOf[p] {
					m := b.matching[gi]
					if p.allow {
						m.allow = true
					} else {
						m.disallow = true
					}
					b.matching[gi] = m
				}
			}
		}
	}
	return out
}

// prefixOfAny reports whether prefix starts one of the sorted strings:
// the strings it starts, if any, come first among those not below it.
func prefixOfAny(sorted []string, prefix string) bool {
	i, _ := slices.BinarySearch(sorted, prefix)
	return i < len(sorted) && strings.HasPrefix(sorted[i], prefix)
}

// exampleURL returns a URL that pattern matches: its wildcards match
// nothing and a final $ is dropped. It reports false for a pattern that
// matches no path.
func exampleURL(pattern string) (string, bool) {
	if pattern == "" || pattern[0] != '/' && pattern[0] != '*' {
		return "", false
	}
	p := strings.ReplaceAll(strings.TrimSuffix(pattern, "$"), "*", "")
	if !strings.HasPrefix(p, "/") {
		p = "/" + p
	}
	return "https://example.com" + p, true
}

// dropsGlobal reports a named group that leaves out Disallow rules of the
// * group, which then do not apply to the crawlers it names. The engine
// decides which: a rule of the * group counts as dropped when it belongs
// to none of the crawler's groups (a group may name both * and the
// crawler) and the crawler may fetch a URL that the rule blocks for the
// crawlers of the * group.
func (l *linter) dropsGlobal(set *ruleSet, name string, blocks []globalBlock) {
	var missing []*Rule
	for _, b := range blocks {
		if l.inSet(set, b.rule) {
			continue
		}
		// The claim, that the rule does not apply, holds by now; what
		// follows says whether it matters: whether the crawler may fetch
		// what the rule blocks for the * group's crawlers. With no
		// Disallow of its own matching, it may; with only Disallows
		// matching, it may not; else the engine decides. (An Allow of
		// an index page also matches its directory: such sets are left
		// to the engine too.)
		var m matchKinds
		index := false
		for _, g := range set.groups {
			k := b.matching[g.Index]
			m.allow, m.disallow = m.allow || k.allow, m.disallow || k.disallow
			index = index || l.indexAllows[g.Index]
		}
		switch {
		case !index && !m.disallow:
			missing = append(missing, b.rule)
		case !index && !m.allow:
			// blocked by its own rules
		default:
			if v := l.r.Check(name, b.url); v.Allowed {
				missing = append(missing, b.rule)
			}
		}
	}
	if len(missing) == 0 {
		return
	}
	g := set.groups[0]
	lines := make([]int, len(missing))
	for i, rule := range missing {
		lines[i] = rule.Line
	}
	if len(missing) == 1 {
		l.add(agentLine(g, name), CodeDropsGlobal, "%s follows only its own group, so the * group's Disallow: %s (line %d) does not apply to it; repeat it here if it should.", displayToken(g, name), missing[0].Value, missing[0].Line)
	} else {
		l.add(agentLine(g, name), CodeDropsGlobal, "%s follows only its own group, so the * group's Disallow: %s (line %d) and %d more do not apply to it; repeat them here if they should.", displayToken(g, name), missing[0].Value, missing[0].Line, len(missing)-1)
	}
	l.claim(Claim{Dialect: l.r.Dialect, Agent: name, Effect: DoesNotApply, Rules: lines})
}

// inSet reports whether rule is one of the set's rules.
func (l *linter) inSet(set *ruleSet, rule *Rule) bool {
	for _, g := range set.groups {
		if len(g.Rules) > 0 && g.Rules[0].Line <= rule.Line && rule.Line <= g.Rules[len(g.Rules)-1].Line {
			return true
		}
	}
	return false
}

// A shadowing is a merged set in which a rule never decides: the token
// the set is for, and the rule that wins over it.
type shadowing struct {
	token string
	best  *Rule
}

// shadowed reports the rules that never decide. A rule of a group that
// names several crawlers is in several merged sets; it is reported as
// never deciding when it never does in any of them, and otherwise for the
// crawlers whose merged set it never decides in.
func (l *linter) shadowed(shadows map[*Rule][]shadowing) {
	rules := make([]*Rule, 0, len(shadows))
	for rule := range shadows {
		rules = append(rules, rule)
	}
	slices.SortFunc(rules, func(a, b *Rule) int { return a.Line - b.Line })
	for k, rule := range rules {
		if k%64 == 63 {
			if l.breathe() {
				return
			}
		}
		sh := shadows[rule]
		best := sh[0].best
		all := len(sh) == l.setsWith(rule)
		if all {
			l.add(rule.Line, CodeShadowedRule, "This rule never decides anything: line %d (%s: %s) matches the same URLs and wins over it.", best.Line, kindWord(best.Kind()), best.Value)
		} else {
			tokens := make([]string, len(sh))
			for i, s := range sh {
				tokens[i] = s.token
			}
			l.add(rule.Line, CodeShadowedRule, "For %s, this rule never decides anything: once the groups naming it are merged, line %d (%s: %s) matches the same URLs and wins over it.", nameList(tokens), best.Line, kindWord(best.Kind()), best.Value)
		}
		for _, s := range sh {
			l.claim(Claim{Dialect: l.r.Dialect, Agent: s.token, Effect: NeverDecides, Rules: []int{rule.Line}, By: s.best.Line})
		}
	}
}

// setsWith returns the number of merged sets that hold rule: one for each
// distinct token its group names.
func (l *linter) setsWith(rule *Rule) int {
	g := l.groupAt(rule.Line)
	if g == nil {
		return 0
	}
	var tokens []string
	for _, a := range g.Agents {
		t := lowerASCII(a.Token)
		if !slices.Contains(tokens, t) {
			tokens = append(tokens, t)
		}
	}
	return len(tokens)
}

// shadowedRules finds the rules of a merged set that can never decide a
// URL, each with the rule that wins over it: a rule whose pattern matches
// exactly the URLs another rule's pattern matches (they differ at most by
// trailing '*'s) loses to that other rule whenever it matches, if the
// other is longer, or as long and an Allow against a Disallow, or as long,
// of the same kind and earlier.
//
// pause is called every thousand rules or so.
func shadowedRules(rules []*Rule, pause Pause) map[*Rule]*Rule {
	classes := make(map[string]*Rule, len(rules))
	beats := func(a, b *Rule) bool { // whether a wins over b when both match
		switch {
		case len(a.Pattern()) != len(b.Pattern()):
			return len(a.Pattern()) > len(b.Pattern())
		case a.Allow != b.Allow:
			return a.Allow
		}
		return a.Line < b.Line
	}
	for i, rule := range rules {
		if pauseEvery(pause, i, 1024) {
			return nil
		}
		if rule.Pattern() == "" {
			continue
		}
		key := shadowKey(rule.Pattern())
		if best, ok := classes[key]; !ok || beats(rule, best) {
			classes[key] = rule
		}
	}
	out := map[*Rule]*Rule{}
	for i, rule := range rules {
		if pauseEvery(pause, i, 1024) {
			return nil
		}
		if rule.Pattern() == "" {
			continue
		}
		if best := classes[shadowKey(rule.Pattern())]; best != rule {
			out[rule] = best
		}
	}
	return out
}

// shadowKey reduces a pattern to what it matches: trailing '*'s match
// anything and change nothing.
func shadowKey(p string) string {
	if strings.HasSuffix(p, "$") {
		return p
	}
	return strings.TrimRight(p, "*")
}
