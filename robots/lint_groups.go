package robots

import (
	"fmt"
	"net/url"
	"slices"
	"strings"
)

// The checks of groups and their rules: empty groups, agents, rules and
// groups merged by token (lint_overrides.go: rules that others override).

func (l *linter) sitemap(line *Line) {
	v := l.r.value(line)
	u, err := url.Parse(v)
	if v == "" || err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		l.add(line.Number, CodeSitemapNotAbsolute, "Sitemap %q is not an absolute http(s) URL: crawlers expect one such as https://example.com/sitemap.xml.", v)
	}
}

// groupAt returns the group line n stands in, or nil.
func (l *linter) groupAt(n int) *Group {
	gs := l.r.Groups
	i, _ := slices.BinarySearchFunc(gs, n, func(g Group, n int) int { return g.Start - n })
	if i < len(gs) && gs[i].Start == n {
		return &gs[i]
	}
	if i == 0 {
		return nil
	}
	return &gs[i-1]
}

func (l *linter) group(g *Group) {
	for _, a := range g.Agents {
		n := len(l.out)
		l.agent(a)
		// "Read as X": the group applies to crawlers called X.
		for i := n; i < len(l.out); i++ {
			if (l.out[i].Code == CodeAgentCut || l.out[i].Code == CodeAgentVersion) && len(g.Rules) > 0 {
				l.out[i].Claims = append(l.out[i].Claims, Claim{Dialect: l.r.Dialect, Agent: a.Token, Effect: Applies, Rules: []int{g.Rules[0].Line}})
			}
		}
	}
	global := g.Global()
	if len(g.Rules) == 0 {
		l.emptyGroup(g)
	}
	for i := range g.Rules {
		l.rule(&g.Rules[i], global)
	}
	l.intentChecks(g)
}

// emptyGroup reports a group without rules. What that means depends on
// the other groups: a crawler it names follows no rule at all only when no
// other group naming it has rules, and then the * group's rules stop
// applying to it, if there are any.
func (l *linter) emptyGroup(g *Group) {
	r := l.r
	if g.Global() {
		if !l.r.globalHasRules() {
			l.addAs(g.Start, Info, CodeEmptyGroup, "This * group has no rules: every crawler without a group of its own may fetch everything.")
		}
		// Otherwise it is merged with a * group that has rules, which
		// merged-groups reports.
		return
	}
	var tokens []string // the crawlers named here that follow no rule at all
	for _, a := range g.Agents {
		if a.Token == "*" || slices.Contains(tokens, a.Token) {
			continue
		}
		if gl := r.byToken[lowerASCII(a.Token)]; gl != nil && len(gl.ruleSet(r).rules) == 0 {
			tokens = append(tokens, a.Token)
		}
	}
	if len(tokens) == 0 {
		return // each is named by another group with rules: merged-groups says so
	}
	if !l.r.globalHasRules() {
		l.addAs(g.Start, Info, CodeEmptyGroup, "This group has no Allow or Disallow rules: %s may fetch everything, as without it.", nameList(tokens))
		return
	}
	l.add(g.Start, CodeEmptyGroup, "This group has no Allow or Disallow rules: %s may fetch everything, since a crawler named by a group no longer follows the * group's rules.", nameList(tokens))
	var lines []int
	for _, gi := range r.global.groups {
		for _, rule := range r.Groups[gi].Rules {
			lines = append(lines, rule.Line)
		}
	}
	for _, tok := range tokens {
		l.claim(Claim{Dialect: r.Dialect, Agent: tok, Effect: DoesNotApply, Rules: lines})
	}
}

// nameList names crawlers for a sentence: "Googlebot", "Googlebot and
// bingbot", "Googlebot, bingbot and 3 more".
func nameList(names []string) string {
	shown := make([]string, 0, 3)
	for _, n := range names {
		if len(shown) == 3 {
			break
		}
		if n == "" {
			n = "a crawler with no token"
		}
		shown = append(shown, n)
	}
	switch {
	case len(names) == 1:
		return shown[0]
	case len(names) <= 3:
		return strings.Join(shown[:len(shown)-1], ", ") + " and " + shown[len(shown)-1]
	}
	return strings.Join(shown, ", ") + fmt.Sprintf(" and %d more", len(names)-3)
}

func (l *linter) agent(a Agent) {
	switch {
	case a.Value == "":
		l.add(a.Line, CodeEmptyAgent, "Empty User-agent: it names no crawler.")
	case a.Token == "*":
		if a.Value != "*" {
			l.addAs(a.Line, Info, CodeAgentCut, "Read as \"*\" (every crawler): what follows the * is ignored.")
		}
	case a.Token == "":
		l.add(a.Line, CodeAgentNoToken, "%q names no crawler: a product token is made of letters, '-' and '_', and this value starts with none. Write the crawler's token, as \"Googlebot\".", a.Value)
	case a.Token != a.Value:
		rest := a.Value[len(a.Token):]
		if rest[0] == '/' {
			l.add(a.Line, CodeAgentVersion, "Read as %q: the version %q is ignored.", a.Token, rest)
		} else {
			l.add(a.Line, CodeAgentCut, "Read as %q: a product token ends at the first character that is not a letter, '-' or '_', so %q is ignored and this group applies to crawlers called %q.", a.Token, rest, a.Token)
		}
	}
	if c, ok := LookupCrawler(a.Token); ok && c.ControlOnly {
		l.add(a.Line, CodeControlToken, "%s never fetches pages: it is a control token that only opts content out of %s.", c.Token, strings.TrimPrefix(c.Purpose, "opt-out of "))
	}
}

func (l *linter) rule(rule *Rule, global bool) {
	n, v := rule.Line, rule.Value
	kind := kindWord(rule.Kind())
	switch {
	case v == "" && rule.Allow:
		// It matches every URL with priority 0: it never blocks, and
		// never reopens what a Disallow blocks.
		l.add(n, CodeEmptyRule, "Empty Allow: it allows nothing that is not allowed anyway, so it changes no verdict. (GYM 2008 parsers and the 1996 draft read it otherwise: as disallowing everything.)")
	case v == "":
		l.add(n, CodeEmptyRule, "Empty Disallow: it disallows nothing.")
	case v[0] != '/' && v[0] != '*':
		hint := "start it with /"
		if strings.Contains(v, "://") {
			hint = "write the path alone, without scheme and host"
		}
		l.add(n, CodeNeverMatches, "%s %q never matches: a path must start with / or *; %s.", kind, v, hint)
		l.claim(Claim{Dialect: l.r.Dialect, Every: true, Effect: DoesNotApply, Rules: []int{n}})
	}
	if i := strings.IndexByte(v, '$'); i >= 0 && i < len(v)-1 {
		l.add(n, CodeDollarInside, "The $ inside %q is a literal dollar sign: only a $ at the very end anchors the end of the URL.", v)
	}
	if global && !rule.Allow && v == "/" {
		l.disallowAll(rule)
	}
}

// disallowAll reports a "Disallow: /" of the * group that decides: one
// that an Allow of the same pattern, or an earlier "Disallow: /", leaves
// without effect is reported as shadowed instead.
func (l *linter) disallowAll(rule *Rule) {
	r := l.r
	if v := r.Check("*", "https://example.com/any-page"); v.Line != rule.Line {
		return
	}
	allows := false
	for _, gi := range r.global.groups {
		for _, other := range r.Groups[gi].Rules {
			allows = allows || other.Allow && other.Value != ""
		}
	}
	if allows {
		l.add(rule.Line, CodeDisallowAll, "Disallow: / in the * group blocks every URL its Allow lines do not reopen, for every crawler without a group of its own.")
	} else {
		l.add(rule.Line, CodeDisallowAll, "Disallow: / in the * group blocks the whole site for every crawler without a group of its own.")
	}
	l.claim(Claim{Dialect: r.Dialect, Agent: "*", Effect: Applies, Rules: []int{rule.Line}})
}

// merged reports groups that are merged, named groups that drop the rules
// of the * group, and rules that can never decide.
func (l *linter) merged() {
	r := l.r
	names := make([]string, 0, len(r.byToken)+1)
	for tok := range r.byToken {
		names = append(names, tok)
	}
	slices.Sort(names) // the findings are made in one order every time
	if r.global != nil {
		names = append([]string{"*"}, names...)
	}
	list := func(name string) *groupList {
		if name == "*" {
			return r.global
		}
		return r.byToken[name]
	}
	globalBlocks := l.globalBlocks()
	if l.stopped {
		return
	}
	if globalBlocks != nil {
		l.indexAllows = make([]bool, len(r.Groups))
		for gi := range r.Groups {
			for i := range r.Groups[gi].Rules {
				l.indexAllows[gi] = l.indexAllows[gi] || r.Groups[gi].Rules[i].IndexAlt() != ""
			}
		}
	}
	shadows := map[*Rule][]shadowing{}
	for _, name := range names {
		if l.breathe() {
			return
		}
		gl := list(name)
		if len(gl.groups) > 1 {
			first := r.Groups[gl.groups[0]].Start
			for k, gi := range gl.groups[1:] {
				if l.breatheEvery(k, 256) {
					return
				}
				g := &r.Groups[gi]
				l.add(agentLine(g, name), CodeMergedGroups, "%s is also named by the group at line %d: the two groups are merged into one.", displayToken(g, name), first)
				var rules []int
				for _, gj := range []int32{gl.groups[0], gi} {
					if len(r.Groups[gj].Rules) > 0 {
						rules = append(rules, r.Groups[gj].Rules[0].Line)
					}
				}
				if rules != nil {
					l.claim(Claim{Dialect: r.Dialect, Agent: name, Effect: Applies, Rules: rules})
				}
			}
		}
		set := gl.ruleSet(r)
		if name != "*" && len(globalBlocks) > 0 && len(set.rules) > 0 {
			l.dropsGlobal(set, name, globalBlocks)
		}
		for rule, best := range shadowedRules(set.rules, l.breathe) {
			shadows[rule] = append(shadows[rule], shadowing{name, best})
		}
		if l.stopped {
			return
		}
	}
	if l.breathe() {
		return
	}
	l.shadowed(shadows)
}

func agentLine(g *Group, token string) int {
	for _, a := range g.Agents {
		if strings.EqualFold(a.Token, token) {
			return a.Line
		}
	}
	return g.Start
}

func displayToken(g *Group, token string) string {
	for _, a := range g.Agents {
		if strings.EqualFold(a.Token, token) {
			if a.Token == "" {
				return "A crawler with no token"
			}
			return a.Token
		}
	}
	return token
}
