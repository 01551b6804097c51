package robots

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// This file reads robots.txt as CPython's urllib.robotparser does since
// gh-138907 (3.13.14, 3.14.5, 3.15): the Python dialect, and Python313,
// which is Python with one quirk (emptyQueryDropped). Line numbers
// (L…) are those of Lib/urllib/robotparser.py at that change, as
// READINGS-2026.md quotes them. Python strings are kept as Go strings of
// the file's bytes: robotparser decodes the file as UTF-8 with
// surrogateescape and quotes paths back the same way, so a byte that is
// not UTF-8 comes out as the %XX of itself, as it does here.

// readPythonRFC reads an editor line as the current robotparser does. As
// in the older one, str.splitlines may cut an editor line in several; the
// value is kept as written, since rules are normalised later.
func readPythonRFC(f *File, n int, m *emitter) {
	readPyLines(n, pyEditorLine(f, n), readPyRFCLine, m)
}

// readPyRFCLine reads one of Python's lines (L100–154): the comment is cut
// wherever it stands, the line stripped, a line without ':' ignored.
func readPyRFCLine(n int, line string, m *emitter) { readPyKeyLine(n, line, false, m) }

// readPyKeyLine reads one of Python's lines, either reading's: the comment
// cut, the line stripped, the key and the value split at the first ':';
// the old reading unquotes the value (unquote).
func readPyKeyLine(n int, line string, unquote bool, m *emitter) {
	commented := false
	if i := strings.IndexByte(line, '#'); i >= 0 {
		line, commented = line[:i], true
	}
	line = strings.TrimFunc(line, isPySpace)
	if line == "" {
		kind := Blank
		if commented {
			kind = Comment
		}
		m.emit(lineEvent{number: n, kind: kind})
		return
	}
	key, value, ok := strings.Cut(line, ":")
	if !ok {
		m.emit(lineEvent{number: n, kind: Unknown})
		return
	}
	key = strings.TrimFunc(key, isPySpace)
	value = strings.TrimFunc(value, isPySpace)
	if unquote {
		value = pyUnquote(value)
	}
	m.emit(lineEvent{number: n, kind: pyKey(key), key: key, value: value})
}

// pyGroups is how the Python reading finds a group: robotparser's
// self.groups, a dict from each lower-cased user-agent value to the entry
// of every group that named it, merged (L76–83).
type pyGroups struct {
	keys  []pyKeyed        // in the order each key was first seen
	byKey map[string]int32 // lower-cased user-agent value → index in keys
	// dropped are the lines of rules robotparser drops: a '$' that is
	// not last raises ValueError in RuleLine, which parse swallows.
	dropped []int

	// found remembers the key found for the last crawlers: the search by
	// substring goes through every key.
	found memo[pyFound]

	quirks quirk // the reading's: agentCutAtSlash, emptyAgentMatchesAll
}

// pyFound is the key a crawler's name finds, with the key or name that
// found it; ki -1 for none.
type pyFound struct {
	ki    int32
	token string
}

// pyKeyed is one key of robotparser's groups and its merged entry.
type pyKeyed struct {
	key  string
	list groupList // the groups merged under the key, in file order
	// names are the merged entry's user-agent values: merge_entries keeps
	// those of the first entry that the second also lists, compared
	// case-sensitively (L351). The substring search looks at these.
	names []string
	// lower are names lower-cased, made once the file is read: a search
	// lower-cases the crawler's name, not every group's, each time.
	lower []string
}

// pyEntries builds the groups of the Python reading as robotparser's
// state machine does (L96–156): state 0 before any user-agent, 1 after
// one, 2 after a rule, crawl-delay or request-rate; a user-agent line in
// state 2 starts a new entry; blank lines end nothing; lines before the
// first user-agent are ignored.
type pyEntries struct {
	r  *Reading
	p  *readingParts
	py *pyGroups
	// Every group's agents and rules are a slice of one array each, as
	// a group's lines are consecutive; Google's counts size the arrays
	// (Python may split a line in several, and then they grow).
	agents []Agent
	rules  []Rule
	state  int
	cur    Group
	first  agentsRules // where cur starts in agents and rules
}

func startPyEntries(r *Reading) groupBuilder {
	p := r.Dialect.parts()
	r.py = &pyGroups{byKey: map[string]int32{}, quirks: p.quirks}
	n := countKinds(r.File.Lines)
	r.Groups = make([]Group, 0, min(n.agents, n.rules+n.known)+1)
	return &pyEntries{r: r, p: p, py: r.py, agents: make([]Agent, 0, n.agents), rules: make([]Rule, 0, n.rules)}
}

// add keeps the entry being read, and files it under each of its names.
func (b *pyEntries) add() {
	r, py := b.r, b.py
	gi := int32(len(r.Groups))
	cur := &b.cur
	cur.Index = int(gi)
	cur.Agents = b.agents[b.first.agents:len(b.agents):len(b.agents)]
	if b.first.rules < len(b.rules) {
		cur.Rules = b.rules[b.first.rules:len(b.rules):len(b.rules)]
	}
	r.Groups = append(r.Groups, *cur)
	for _, a := range cur.Agents {
		key := lowerPy(a.Value)
		ki, ok := py.byKey[key]
		if !ok {
			py.byKey[key] = int32(len(py.keys))
			py.keys = append(py.keys, pyKeyed{key: key, list: groupList{groups: []int32{gi}}, names: agentValues(cur.Agents)})
			continue
		}
		k := &py.keys[ki]
		if k.list.groups[len(k.list.groups)-1] != gi {
			k.list.groups = append(k.list.groups, gi)
		}
		k.names = intersect(k.names, cur.Agents)
	}
	b.cur = Group{}
	b.first = agentsRules{len(b.agents), len(b.rules)}
}

func (b *pyEntries) line(l *lineEvent) {
	r := b.r
	r.noteKind(l.number, l.kind)
	switch l.kind {
	case UserAgent:
		if b.state == 2 {
			b.add()
		}
		if b.state != 1 {
			b.cur.Start = l.number
		}
		b.agents = append(b.agents, Agent{Line: l.number, Value: l.value, Token: l.value})
		b.cur.End, b.state = l.number, 1
	case Allow, Disallow:
		if b.state == 0 {
			r.Orphans = append(r.Orphans, l.number)
			return
		}
		b.cur.End, b.state = l.number, 2
		b.rules = append(b.rules, Rule{Line: l.number, Allow: l.kind == Allow, Value: l.value})
		if !b.p.patterns(r, &b.rules[len(b.rules)-1], l.value, l.flags) {
			b.rules = b.rules[:len(b.rules)-1]
			b.py.dropped = append(b.py.dropped, l.number)
		}
	case Known:
		rec := Record{Line: l.number, Key: l.key, Value: l.value, Group: -1}
		if b.state != 0 {
			rec.Group = len(r.Groups) // the index cur will have
			b.cur.End, b.state = l.number, 2
			// A later valid value replaces an earlier one (L133–148).
			if strings.EqualFold(l.key, "crawl-delay") {
				if cd := b.p.crawlDelay(rec); cd.Valid {
					b.cur.CrawlDelay = cd
				}
			}
		}
		r.Records = append(r.Records, rec)
	case Sitemap:
		// Recorded anywhere, with no change of state (L149–154).
		r.Sitemaps = append(r.Sitemaps, Record{Line: l.number, Key: l.key, Value: l.value, Group: -1})
	}
}

func (b *pyEntries) end() {
	if b.state != 0 {
		b.add() // a trailing entry is kept, rules or not (L155–156)
	}
	if ki, ok := b.py.byKey["*"]; ok {
		b.r.global = &b.py.keys[ki].list
	}
	for ki := range b.py.keys {
		k := &b.py.keys[ki]
		k.lower = make([]string, len(k.names))
		for i, name := range k.names {
			k.lower[i] = lowerPy(name)
		}
	}
}

// pyPattern makes a rule's pattern as RuleLine does (pyRulePattern); it
// reports false for a rule robotparser drops. An empty Disallow becomes
// an Allow (L225–227).
func pyPattern(r *Reading, rule *Rule, value string, flags LineFlag) bool {
	pattern, ok := pyRulePattern(value)
	if !ok {
		return false
	}
	rule.setPattern(pattern)
	rule.allows = rule.Allow || value == ""
	return true
}

// lowerPy lower-cases a user-agent value as str.lower does, but for the
// few characters whose lower case differs in Go (such as 'İ', which
// Python lowers to 'i' and a combining dot).
func lowerPy(s string) string { return strings.ToLower(s) }

func agentValues(agents []Agent) []string {
	names := make([]string, len(agents))
	for i, a := range agents {
		names[i] = a.Value
	}
	return names
}

// intersect keeps the names that agents also lists, case-sensitively, in
// their order, as merge_entries does.
func intersect(names []string, agents []Agent) []string {
	var out []string
	for _, n := range names {
		for _, a := range agents {
			if a.Value == n {
				out = append(out, n)
				break
			}
		}
	}
	return out
}

// choosePyEntry is the Python reading's agent matcher: _find_entry.
func choosePyEntry(r *Reading, q query, v *Verdict) *groupList {
	k, token := r.py.find(q.agent)
	if k == nil {
		v.Selection = NoGroup
		return nil
	}
	v.Selection, v.Token = NamedGroup, token
	if k.key == "*" && token == "*" {
		v.Selection = GlobalGroup
	}
	return &k.list
}

// decidePyScore is the Python reading's rule decider: Entry.allowance
// (L304–319) over the merged entry's rules, each scored by RuleLine's
// applies_to.
func decidePyScore(r *Reading, l *groupList, v *Verdict) {
	path := v.Path
	byConsumed := r.Dialect.parts().has(wildcardScoresByConsumed)
	set := l.ruleSet(r)
	v.Groups = set.groups // made once: a check allocates nothing
	score := func(rule *Rule) {
		s := pyScore(rule.Pattern(), path)
		if s > 0 && !byConsumed {
			s = len(strings.TrimSuffix(rule.Pattern(), "$")) + 1
		}
		if s > 0 {
			v.Matches = append(v.Matches, Match{Rule: rule, Priority: s})
		}
	}
	var buf [64]int32
	if cands, ok := set.candidates(path, buf[:0]); ok {
		for _, i := range cands {
			score(set.rules[i])
		}
	} else {
		for _, rule := range set.rules {
			score(rule)
		}
	}
	if len(set.rules) == 0 && v.Selection != GlobalGroup {
		v.ShadowsGlobal = r.globalHasRules()
	}
	// The highest score wins; on a tie an allowing rule replaces a
	// disallowing one, never the reverse.
	v.Allowed = true
	best := 0
	for i := range v.Matches {
		m := &v.Matches[i]
		switch {
		case m.Priority > best:
			best, v.Winner, v.Allowed = m.Priority, i, m.Rule.allows
		case m.Priority == best && !v.Allowed && m.Rule.allows:
			v.Winner, v.Allowed = i, true
		}
	}
	if v.Winner < 0 {
		return
	}
	w := &v.Matches[v.Winner]
	v.Line = w.Rule.Line
	for i := range v.Matches {
		m := &v.Matches[i]
		if i == v.Winner || m.Priority != w.Priority {
			continue
		}
		if m.Rule.allows != w.Rule.allows {
			v.Tie = AllowWinsTie
			break
		}
		v.Tie = FirstWinsTie
	}
}

// find is _find_entry (L158–165): the whole name, lower-cased, looked up
// as a key; else the first key, in the order keys were first seen, whose
// merged entry has a name other than * found in the crawler's name cut at
// '/'; else the * key. token is the key or name that found it.
func (py *pyGroups) find(agent string) (*pyKeyed, string) {
	f := py.found.get(agent, py.search)
	if f.ki < 0 {
		return nil, ""
	}
	return &py.keys[f.ki], f.token
}

func (py *pyGroups) search(agent string) pyFound {
	if ki, ok := py.byKey[lowerPy(agent)]; ok {
		return pyFound{ki, py.keys[ki].key}
	}
	ua := agent
	if py.quirks&agentCutAtSlash != 0 {
		ua, _, _ = strings.Cut(ua, "/")
	}
	ua = lowerPy(ua)
	for ki := range py.keys {
		for i, name := range py.keys[ki].names {
			if name == "" && py.quirks&emptyAgentMatchesAll == 0 {
				continue
			}
			if name != "*" && strings.Contains(ua, py.keys[ki].lower[i]) {
				return pyFound{int32(ki), name}
			}
		}
	}
	if ki, ok := py.byKey["*"]; ok {
		return pyFound{ki, "*"}
	}
	return pyFound{ki: -1}
}

// pyDecimalDelay reads crawl-delay as the current robotparser does: a
// value of decimal digits only (str.isdecimal, any script's), as a whole
// number of seconds.
func pyDecimalDelay(rec Record) *CrawlDelay {
	cd := &CrawlDelay{Line: rec.Line, Value: rec.Value}
	v := strings.TrimFunc(rec.Value, isPySpace)
	if v == "" {
		return cd
	}
	n := 0.0
	for _, c := range v {
		if !unicode.IsDigit(c) {
			return cd
		}
		n = n*10 + float64(digitValue(c))
	}
	cd.Seconds, cd.Valid = n, true
	return cd
}

// digitValue is the value of a decimal digit of any script: Unicode lays
// each script's digits out as a run of ten from zero, so it is the digit's
// place in the run of digits it ends.
func digitValue(c rune) int {
	if c <= utf8.RuneSelf {
		return int(c - '0')
	}
	n := 0
	for unicode.IsDigit(c - rune(n) - 1) {
		n++
	}
	return n % 10
}

// runPython lints the Python reading: the lines it ignores that Google
// reads, the rules before any user-agent, the rules it drops for a '$'
// that is not last, and a byte-order mark that spoils the first line.
func (l *linter) runPython() {
	for i := range l.f.Lines {
		if l.breatheEvery(i, 256) {
			return
		}
		line := &l.f.Lines[i]
		n := line.Number
		kind, gkind := l.r.Kind(n), line.Kind
		switch {
		case n == 1 && l.f.BOM > 0 && kind == Unknown:
			l.add(n, CodeBOMSpoils, "Python's robotparser does not skip the byte-order mark, so it does not recognise this first line; Google reads it as %s.", kindWord(gkind))
		case kind == Unknown && (gkind.IsRule() || gkind == UserAgent || gkind == Sitemap):
			why := ""
			if line.Has(FlagNoColon) {
				why = " (it has no colon)"
			} else if line.Has(FlagInexactKey) {
				why = " (it knows only the exact words)"
			}
			l.add(n, CodeDialectIgnores, "%s ignores this line%s; Google reads it as %s.", l.dialect, why, kindWord(gkind))
			if gkind.IsRule() && !l.r.hasRuleAt(n) {
				l.claim(Claim{Dialect: l.r.Dialect, Every: true, Effect: DoesNotApply, Rules: []int{n}})
			}
		}
	}
	for _, n := range l.r.Orphans {
		l.add(n, CodeOrphanRule, "%s: this rule stands before any User-agent line, so it is ignored.", l.dialect)
		l.claim(Claim{Dialect: l.r.Dialect, Every: true, Effect: DoesNotApply, Rules: []int{n}})
	}
	for _, n := range l.r.py.dropped {
		l.add(n, CodeDollarInside, "%s drops this rule: a '$' that is not the pattern's last character is an error there.", l.dialect)
		if !l.r.hasRuleAt(n) {
			l.claim(Claim{Dialect: l.r.Dialect, Every: true, Effect: DoesNotApply, Rules: []int{n}})
		}
	}
}

// hasRuleAt reports whether a rule of r stands on line n (Python may read
// several lines in one editor line).
func (r *Reading) hasRuleAt(n int) bool {
	for gi := range r.Groups {
		g := &r.Groups[gi]
		if n < g.Start || n > g.End {
			continue
		}
		for i := range g.Rules {
			if g.Rules[i].Line == n {
				return true
			}
		}
	}
	return false
}
