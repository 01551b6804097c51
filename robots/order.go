package robots

import (
	"slices"
	"strconv"
	"strings"
)

// The first-match readings (gym2008, mk1996, mk1994 and python-legacy)
// share these parts: the records grouping (a record is one or more
// user-agent lines and the rules after them, ended by a blank line;
// records are not merged), the substring agent matcher (the first record
// whose name is found in the crawler's name applies) and the first-match
// rule decider (its first matching rule in file order decides). They
// differ in their line readers, paths, patterns and quirks (dialect.go).

// A lineEvent is one line as a reading's line reader reads it: what the
// reading's grouping policy builds groups from.
type lineEvent struct {
	number     int // the editor line it stands in
	kind       LineKind
	flags      LineFlag // the editor line's flags, from the readers of the lines Parse read (flagEscape steers Google's patterns); 0 from the others
	key, value string
	endsRecord bool // a blank line: the record being read ends here (first-match readers)
}

// records builds the groups of the readings whose records a blank line
// ends (robotexclusionrulesparser's, CPython's before gh-138907).
type records struct {
	r *Reading
	p *readingParts
	// Every record's agents and rules are a slice of one array each: a
	// record's lines are consecutive, and a record that is not kept is
	// cut off the end of both before the next one starts.
	agents []Agent
	rules  []Rule
	starts []agentsRules // where each kept record starts in agents and rules

	cur      Group // the record being read, not yet kept, when open
	open     bool
	first    agentsRules // where cur starts in agents and rules
	sawRule  bool        // a directive other than user-agent came since the last user-agent line
	lastLine int
}

// agentsRules is a place in the arrays of agents and rules.
type agentsRules struct{ agents, rules int }

func startRecords(r *Reading) groupBuilder {
	// Google's counts of the lines size the arrays; a record is kept
	// only with a rule (or, in Python, a crawl-delay or request-rate
	// line), so there are no more records than those.
	n := countKinds(r.File.Lines)
	nGroups := min(n.agents, n.rules+n.known)
	r.Groups = make([]Group, 0, nGroups)
	return &records{
		r: r, p: r.Dialect.parts(),
		agents: make([]Agent, 0, n.agents),
		rules:  make([]Rule, 0, n.rules),
		starts: make([]agentsRules, 0, nGroups),
	}
}

// flush keeps the record being read, if it is one.
func (b *records) flush() {
	r := b.r
	// A record needs names and rules; Python keeps one that had a
	// crawl-delay or request-rate line instead.
	if b.open && len(b.agents) > b.first.agents && (len(b.rules) > b.first.rules || b.p.has(delayKeepsRecord) && b.sawRule) {
		b.cur.Index = len(r.Groups)
		b.cur.End = b.lastLine
		r.Groups = append(r.Groups, b.cur)
		b.starts = append(b.starts, b.first)
	} else if b.open {
		b.agents, b.rules = b.agents[:b.first.agents], b.rules[:b.first.rules]
	}
	b.open, b.sawRule = false, false
}

func (b *records) line(l *lineEvent) {
	r, p := b.r, b.p
	r.noteKind(l.number, l.kind)
	if l.endsRecord {
		if p.has(agentsLostAtBlank) && b.open && !b.sawRule {
			// User-agent lines without a rule before the blank
			// line: lost.
			b.agents, b.rules, b.open = b.agents[:b.first.agents], b.rules[:b.first.rules], false
		}
		b.flush()
		return
	}
	switch l.kind {
	case UserAgent:
		if !b.open || b.sawRule {
			b.flush()
			b.cur, b.open, b.first = Group{Start: l.number}, true, agentsRules{len(b.agents), len(b.rules)}
		}
		if l.value != "" || p.has(emptyAgentMatchesAll) {
			b.agents = append(b.agents, Agent{Line: l.number, Value: l.value, Token: l.value})
		}
	case Allow, Disallow:
		if !b.open {
			r.Orphans = append(r.Orphans, l.number)
			return
		}
		b.sawRule = true
		if l.kind == Allow && p.has(noAllow) {
			return
		}
		b.rules = append(b.rules, Rule{})
		rule := &b.rules[len(b.rules)-1]
		rule.Line, rule.Allow, rule.Value = l.number, l.kind == Allow, l.value
		p.patterns(r, rule, l.value, l.flags)
	case Sitemap:
		r.Sitemaps = append(r.Sitemaps, Record{Line: l.number, Key: l.key, Value: l.value, Group: -1})
		if !p.has(sitemapOutsideRecords) && b.open {
			b.sawRule = true
		}
		return
	case Known:
		rec := Record{Line: l.number, Key: l.key, Value: l.value, Group: -1}
		if !b.open {
			r.Records = append(r.Records, rec)
			return
		}
		b.sawRule = true
		rec.Group = len(r.Groups) // its index once kept
		r.Records = append(r.Records, rec)
		// The first valid crawl-delay counts; in Python, the last.
		if strings.EqualFold(l.key, "crawl-delay") && (b.cur.CrawlDelay == nil || p.has(lastDelayWins)) {
			if cd := p.crawlDelay(rec); cd.Valid {
				b.cur.CrawlDelay = cd
			}
		}
	default:
		return
	}
	b.lastLine = l.number
}

func (b *records) end() {
	b.flush()
	r := b.r
	for i := range r.Groups {
		end := agentsRules{len(b.agents), len(b.rules)}
		if i+1 < len(r.Groups) {
			end = b.starts[i+1]
		}
		g := &r.Groups[i]
		g.Agents = b.agents[b.starts[i].agents:end.agents:end.agents]
		if b.starts[i].rules < end.rules {
			g.Rules = b.rules[b.starts[i].rules:end.rules:end.rules]
		}
	}
	r.indexRecords()
	r.indexNames()
}

// lineCounts are counts of a file's lines as Google reads them, which size
// the arrays of a reading.
type lineCounts struct {
	agents int // user-agent lines
	groups int // Google's groups: user-agent lines that come first or after a rule
	rules  int // rules after the first user-agent line (those before belong to no group)
	known  int // other known keys
}

// countKinds counts the lines by kind, as Google reads them.
func countKinds(lines []Line) (c lineCounts) {
	inRules := true
	for i := range lines {
		switch lines[i].Kind {
		case UserAgent:
			c.agents++
			if inRules {
				c.groups++
				inRules = false
			}
		case Allow, Disallow:
			if c.agents > 0 {
				c.rules++
			}
			inRules = true
		case Known:
			c.known++
		}
	}
	return c
}

// indexRecords files the records by name: named records first and the *
// records last, each in file order. Python keeps only the first * record.
func (r *Reading) indexRecords() {
	r.order = r.order[:0]
	for gi := range r.Groups {
		if !r.Groups[gi].Global() {
			r.order = append(r.order, int32(gi))
		}
	}
	for gi := range r.Groups {
		if r.Groups[gi].Global() {
			r.order = append(r.order, int32(gi))
			if r.global == nil {
				r.global = &groupList{}
			}
			r.global.groups = append(r.global.groups, int32(gi))
			if r.Dialect.parts().has(firstStarGroupOnly) {
				break
			}
		}
	}
	// Each record is a list of one group, which is what an agent
	// matcher returns.
	one := make([]int32, len(r.Groups))
	r.records = make([]groupList, len(r.Groups))
	for gi := range one {
		one[gi] = int32(gi)
		r.records[gi].groups = one[gi : gi+1 : gi+1]
	}
	// Records whose crawl-delay was filed before they were kept point at
	// the index they were to have; drop those that were not kept.
	for i := range r.Records {
		if g := r.Records[i].Group; g >= len(r.Groups) || g >= 0 && !r.Groups[g].contains(r.Records[i].Line) {
			r.Records[i].Group = -1
		}
	}
}

func (g *Group) contains(line int) bool { return g.Start <= line && line <= g.End }

// pyLegacyPattern makes a rule's pattern as CPython's robotparser did
// before gh-138907: the value, already unquoted, parsed as a URL and
// quoted again. An empty rule allows everything.
func pyLegacyPattern(r *Reading, rule *Rule, value string, flags LineFlag) bool {
	rule.setPattern(pyQuote(pyUnparse(pyParse(value))))
	rule.allows = rule.Allow || value == ""
	return true
}

// pyLegacyPath is the path CPython's robotparser compared before
// gh-138907: the URL unquoted, parsed, stripped of scheme and host, and
// quoted again as urllib.parse did before gh-88375 (3.13.8); "/" when
// empty.
func pyLegacyPath(url string, _ quirk) (string, bool) {
	u := pyParse(pyUnquote(url))
	u.scheme, u.netloc = "", ""
	p := pyQuote(pyUnparse(u))
	if p == "" {
		p = "/"
	}
	return p, true
}

// decodeRERP decodes a value as robotexclusionrulesparser reads the file:
// ISO-8859-1, each byte one character, unless it was declared UTF-8; then
// strips it of white space as Python's str.strip does (ISO-8859-1 has NEL
// and NO-BREAK SPACE among its white space). The result is UTF-8, as the
// path of a URL is decoded.
func (f *File) decodeRERP(v string) string {
	if f.utf8 {
		v = strings.ToValidUTF8(v, "\uFFFD")
	} else {
		v = latin1ToUTF8(v)
	}
	return strings.TrimFunc(v, isPySpace)
}

// matchOrder reports whether a first-match rule matches path: an empty
// rule matches everything; with wildcards, a rule holding '*' or ending
// in '$' is a pattern; otherwise a literal prefix.
func (p *readingParts) matchOrder(rule *Rule, path string) bool {
	pat := rule.Pattern()
	switch {
	case pat == "":
		return true
	case !p.has(literalWildcards) && (strings.IndexByte(pat, '*') >= 0 || strings.HasSuffix(pat, "$")):
		return matchPattern(pat, path)
	}
	return strings.HasPrefix(path, pat)
}

// chooseRecordFor is the agent matcher of the first-match readings: the
// first record, named ones before * ones, with a name found in the
// crawler's name.
func chooseRecordFor(r *Reading, q query, v *Verdict) *groupList {
	g, token := r.chooseRecord(q.agent)
	switch {
	case g == nil:
		v.Selection = NoGroup
		return nil
	case g.Global():
		v.Selection, v.Token = GlobalGroup, "*"
	default:
		v.Selection, v.Token = NamedGroup, token
	}
	return &r.records[g.Index]
}

// decideFirst is the rule decider of the first-match readings: the rules
// of the record are tried in file order, and the first that matches
// decides.
//
// Only the rules whose literal prefix starts the path can match, in every
// first-match reading (a literal pattern is its own prefix; a wildcard
// one starts with the part before its first '*'): in a large record they
// are found through the set's prefix index, in file order, rather than by
// trying every rule, and the verdict lists the same matches.
func decideFirst(r *Reading, l *groupList, v *Verdict) {
	p := r.Dialect.parts()
	set := l.ruleSet(r)
	v.Groups = set.groups // made once: a check allocates nothing
	try := func(rule *Rule) {
		if p.matchOrder(rule, v.Path) {
			v.Matches = append(v.Matches, Match{Rule: rule, Priority: len(rule.Pattern())})
		}
	}
	var buf [64]int32
	if cands, ok := set.candidates(v.Path, buf[:0]); ok {
		for _, i := range cands {
			try(set.rules[i])
		}
	} else {
		for _, rule := range set.rules {
			try(rule)
		}
	}
	v.Allowed = true
	if len(v.Matches) > 0 {
		v.Winner = 0
		v.Line = v.Matches[0].Rule.Line
		v.Allowed = v.Matches[0].Rule.allows
	}
}

// chooseRecord returns the first record, named ones before * ones, with a
// name found in the crawler's name, or nil; for a named record, token is the
// first of its names found, as written. A name is found in the crawler's
// name as a case-insensitive substring of the whole user-agent string, or
// for Python of its part before the first '/'.
func (r *Reading) chooseRecord(agent string) (g *Group, token string) {
	c := r.names.choose(r, agent)
	if c.group < 0 {
		return nil, ""
	}
	return &r.Groups[c.group], c.token
}

// A nameIndex finds the record a first-match reading picks for a crawler.
// Checks are many and records can be tens of thousands, most of them
// sharing a few names: each distinct name is lower-cased once, when the
// reading is made, and a check lower-cases the crawler's name once and
// looks for each distinct name in it, without allocating per record.
type nameIndex struct {
	names []string // the distinct names of the named records, lower-cased, in the order they are tried
	// first holds, for each name, the first named record that has it:
	// names are numbered as the records are tried, so the first name
	// found picks the record.
	first []int32
	// nameOf holds the number of each named record's names, the record's
	// own from base[record] on.
	nameOf []int32
	base   []int32

	// With many names, byText finds a name's number from its text and
	// lengths holds the names' distinct lengths, ascending: a check then
	// looks up the parts of the crawler's name of those lengths, which
	// costs in proportion to the crawler's name and not to the number
	// of names.
	byText  map[string]int32
	lengths []int

	memo memo[recordChoice] // the last choices, by crawler
}

// shared returns x without its memo, for a reading that shares x's
// names (Reading.carried): a memo cannot be copied.
func (x *nameIndex) shared() nameIndex {
	return nameIndex{names: x.names, first: x.first, nameOf: x.nameOf, base: x.base, byText: x.byText, lengths: x.lengths}
}

// manyNames is the number of distinct names past which a reading can look
// names up by text.
const manyNames = 64

// A recordChoice is the record a first-match reading picks for one crawler.
type recordChoice struct {
	group int32 // -1: none
	token string
}

// indexNames makes r.names from the records in r.order.
func (r *Reading) indexNames() {
	x := &r.names
	x.base = make([]int32, len(r.Groups))
	seen := make(map[string]int32)    // a name as written → its number
	lowered := make(map[string]int32) // a lower-case name → its number
	for _, gi := range r.order {
		g := &r.Groups[gi]
		if g.Global() {
			continue
		}
		x.base[gi] = int32(len(x.nameOf))
		for _, a := range g.Agents {
			id, ok := seen[a.Value]
			if !ok {
				low := strings.ToLower(a.Value)
				if id, ok = lowered[low]; !ok {
					id = int32(len(x.names))
					x.names = append(x.names, low)
					x.first = append(x.first, gi)
					lowered[low] = id
				}
				seen[a.Value] = id
			}
			x.nameOf = append(x.nameOf, id)
		}
	}
	if len(x.names) > manyNames {
		x.byText = lowered
		for _, name := range x.names {
			if i, found := slices.BinarySearch(x.lengths, len(name)); !found {
				x.lengths = slices.Insert(x.lengths, i, len(name))
			}
		}
	}
}

// choose returns the record r picks for agent, remembered or found.
func (x *nameIndex) choose(r *Reading, agent string) recordChoice {
	return x.memo.get(agent, func(agent string) recordChoice { return x.find(r, agent) })
}

func (x *nameIndex) find(r *Reading, agent string) recordChoice {
	ua := strings.ToLower(agent)
	if r.Dialect.parts().has(agentCutAtSlash) {
		ua, _, _ = strings.Cut(ua, "/")
	}
	if id := x.firstFound(ua); id >= 0 {
		gi := x.first[id]
		g := &r.Groups[gi]
		// The record's first name found in ua, which may come before
		// the one that found it.
		for i := range g.Agents {
			if strings.Contains(ua, x.names[x.nameOf[x.base[gi]+int32(i)]]) {
				return recordChoice{group: gi, token: g.Agents[i].Value}
			}
		}
	}
	if r.global != nil {
		return recordChoice{group: r.global.groups[0]}
	}
	return recordChoice{group: -1}
}

// firstFound returns the number of the first name found in ua, a
// lower-cased crawler's name, or -1. It looks up each part of ua of a
// name's length when that is fewer lookups than there are names to search
// for.
func (x *nameIndex) firstFound(ua string) int32 {
	if x.byText == nil || len(ua)*len(x.lengths) >= len(x.names) {
		for id, name := range x.names {
			if strings.Contains(ua, name) {
				return int32(id)
			}
		}
		return -1
	}
	best := int32(-1)
	for i := 0; i <= len(ua); i++ {
		for _, n := range x.lengths {
			if i+n > len(ua) {
				break
			}
			if id, ok := x.byText[ua[i:i+n]]; ok && (best < 0 || id < best) {
				best = id
			}
		}
	}
	return best
}

// pyCrawlDelay reads crawl-delay as Python does: whole seconds only.
func pyCrawlDelay(rec Record) *CrawlDelay {
	cd := &CrawlDelay{Line: rec.Line, Value: rec.Value}
	if isDigits(rec.Value) {
		if n, err := strconv.Atoi(rec.Value); err == nil {
			cd.Seconds, cd.Valid = float64(n), true
		}
	}
	return cd
}

func isDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return s != ""
}
