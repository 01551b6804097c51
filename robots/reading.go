package robots

import (
	"math"
	"strconv"
	"strings"
	"sync"
)

// A Reading is a file as one dialect reads it: its groups, their rules and
// the other records. It answers checks without reading the file again and is
// safe for concurrent use.
type Reading struct {
	Dialect  Dialect
	File     *File
	Groups   []Group
	Sitemaps []Record // every sitemap record, in file order
	Records  []Record // every other known key (crawl-delay, host, clean-param, ...), in file order
	Orphans  []int    // lines of rules that stand before any user-agent line, and so belong to no group

	kinds []LineKind // how each line is read, when it differs from Google's reading
	order []int32    // first-match dialects: the records in the order they are tried
	names nameIndex  // first-match dialects: the records by name
	py    *pyGroups  // the Python dialect: its groups by user-agent value, merged

	crawlers memo[Crawler] // CheckAgent in the longest-match dialects: the crawler a user-agent string names

	byToken map[string]*groupList // lower-case product token → groups that name it
	global  *groupList            // groups that name *, or nil

	lintOnce sync.Once
	lint     []Finding

	prefOnce sync.Once
	prefs    []Preference // the AI-preference lines (aipref.go), read on first use
}

// A Group is a set of user-agent lines and the rules that follow them.
type Group struct {
	Index      int     // position among the reading's groups
	Agents     []Agent // the user-agent lines that open the group
	Rules      []Rule  // its allow and disallow rules, in file order
	Start, End int     // the first and last line of the group, trailing blank and comment lines left out
	CrawlDelay *CrawlDelay
}

// Global reports whether the group names *.
func (g *Group) Global() bool {
	for _, a := range g.Agents {
		if a.Token == "*" {
			return true
		}
	}
	return false
}

// An Agent is one user-agent line.
type Agent struct {
	Line  int
	Value string // as written
	Token string // the product token it names: "*" for every crawler, "" when the value names none
}

// A Rule is one allow or disallow line of a group.
type Rule struct {
	Line  int
	Value string // the path pattern as written

	// pattern is the pattern as the dialect compares it, when it differs
	// from Value (ownPattern): in most rules it does not, and the
	// collector then has one string less to follow.
	pattern string

	indexed    int32 // Google: for an Allow of ".../index.html", the length of ".../"
	Allow      bool
	allows     bool // first-match dialects: whether the URL is allowed when this rule decides
	ownPattern bool
}

// Pattern returns the pattern as the dialect compares it, percent-encoding
// normalised.
func (r *Rule) Pattern() string {
	if r.ownPattern {
		return r.pattern
	}
	return r.Value
}

func (r *Rule) setPattern(p string) {
	if p != r.Value {
		r.pattern, r.ownPattern = p, true
	}
}

// IndexAlt returns, for an Allow of ".../index.html" in the Google dialect,
// the pattern ".../$" that the rule also allows, and "" otherwise.
func (r *Rule) IndexAlt() string {
	if r.indexed == 0 {
		return ""
	}
	return r.Pattern()[:r.indexed] + "$"
}

// Kind returns Allow or Disallow.
func (r *Rule) Kind() LineKind {
	if r.Allow {
		return Allow
	}
	return Disallow
}

// A Record is a line with a key other than user-agent, allow and disallow.
type Record struct {
	Line  int
	Key   string // as written
	Value string // as written
	Group int    // the group the line stands in, or -1
}

// CrawlDelay is a group's crawl-delay record.
type CrawlDelay struct {
	Line    int
	Value   string  // as written
	Seconds float64 // the value as a number of seconds
	Valid   bool    // whether Value is a number of seconds at all
}

// newReading groups the lines of f as dialect d reads them. A group starts
// at a user-agent line that follows a rule (or at the first user-agent
// line); blank lines, comments, sitemaps and unknown keys never end one.
func newReading(f *File, d Dialect) *Reading {
	switch d.spec().grouping {
	case recordsInOrder:
		return newOrderReading(f, d)
	case pyMerged:
		return newPyReading(f, d)
	}
	r := &Reading{Dialect: d, File: f, byToken: make(map[string]*groupList)}
	spec := d.spec()
	if spec.strictKeys {
		r.kinds = strictKinds(f)
	}
	// Every group's Agents and Rules are slices of one array each: a
	// group's user-agent lines and rules are consecutive, since a group
	// ends at the first user-agent line after a rule.
	n := countKinds(f.Lines)
	agents := make([]Agent, 0, n.agents)
	rules := make([]Rule, 0, n.rules)
	// The strict reading has no more groups than Google's: its user-agent
	// lines and rules are some of Google's.
	r.Groups = make([]Group, 0, n.groups)
	firstAgent := make([]int, 0, n.groups) // index in agents of each group's first
	firstRule := make([]int, 0, n.groups)  // index in rules of each group's first
	cur := -1                              // the group being read
	inRules := false
	lastContent := 0 // the last line that was neither blank nor a comment
	closeGroup := func() {
		if cur >= 0 {
			r.Groups[cur].End = lastContent
		}
	}
	for i := range f.Lines {
		l := &f.Lines[i]
		kind := r.Kind(l.Number)
		switch kind {
		case UserAgent:
			if cur < 0 || inRules {
				closeGroup()
				r.Groups = append(r.Groups, Group{Index: len(r.Groups), Start: l.Number})
				firstAgent = append(firstAgent, len(agents))
				firstRule = append(firstRule, len(rules))
				cur = len(r.Groups) - 1
				inRules = false
			}
			value := r.value(l)
			tok := agentToken(value)
			agents = append(agents, Agent{Line: l.Number, Value: value, Token: tok})
			var list *groupList
			if tok == "*" {
				if r.global == nil {
					r.global = &groupList{}
				}
				list = r.global
			} else {
				key := lowerASCII(tok)
				if list = r.byToken[key]; list == nil {
					list = &groupList{}
					r.byToken[key] = list
				}
			}
			if n := len(list.groups); n == 0 || list.groups[n-1] != int32(cur) {
				list.groups = append(list.groups, int32(cur))
			}
		case Allow, Disallow:
			if cur < 0 {
				r.Orphans = append(r.Orphans, l.Number)
				break
			}
			inRules = true
			rules = append(rules, Rule{})
			r.fillRule(&rules[len(rules)-1], l, kind == Allow)
		case Sitemap:
			r.Sitemaps = append(r.Sitemaps, Record{Line: l.Number, Key: f.Key(l.Number), Value: r.value(l), Group: cur})
		case Known:
			rec := Record{Line: l.Number, Key: f.Key(l.Number), Value: r.value(l), Group: cur}
			r.Records = append(r.Records, rec)
			if cur >= 0 && strings.EqualFold(rec.Key, "crawl-delay") && r.Groups[cur].CrawlDelay == nil {
				r.Groups[cur].CrawlDelay = parseCrawlDelay(rec)
			}
		}
		if kind != Blank && kind != Comment {
			lastContent = l.Number
		}
	}
	closeGroup()
	for i := range r.Groups {
		agentEnd, ruleEnd := len(agents), len(rules)
		if i+1 < len(r.Groups) {
			agentEnd, ruleEnd = firstAgent[i+1], firstRule[i+1]
		}
		r.Groups[i].Agents = agents[firstAgent[i]:agentEnd:agentEnd]
		if firstRule[i] < ruleEnd {
			r.Groups[i].Rules = rules[firstRule[i]:ruleEnd:ruleEnd]
		}
	}
	return r
}

// Kind returns what line n is read as in this reading.
func (r *Reading) Kind(n int) LineKind {
	if r.kinds != nil {
		return r.kinds[n-1]
	}
	return r.File.Lines[n-1].Kind
}

// value returns the value of line l as this reading sees it: whole for
// readings that do not cut long lines.
func (r *Reading) value(l *Line) string {
	if l.Has(FlagLong) && r.Dialect.spec().strictKeys {
		_, v, _, _ := splitKeyValue(trimSpace(cutComment(r.File.text[l.Start:l.End])))
		return v
	}
	return r.File.Value(l.Number)
}

func cutComment(s string) string {
	if i := strings.IndexByte(s, '#'); i >= 0 {
		return s[:i]
	}
	if i := strings.IndexByte(s, 0); i >= 0 {
		return s[:i]
	}
	return s
}

// strictKinds reads every line's key by the standard's grammar.
func strictKinds(f *File) []LineKind {
	kinds := make([]LineKind, len(f.Lines))
	for i := range f.Lines {
		l := &f.Lines[i]
		switch {
		case l.Kind == Blank || l.Kind == Comment:
			kinds[i] = l.Kind
		case f.Key(l.Number) == "" || l.Has(FlagNoColon):
			kinds[i] = Unknown
		default:
			kinds[i] = strictKey(f.Key(l.Number))
		}
	}
	return kinds
}

// fillRule makes rule the rule of line l. Filling it in place spares
// copying a struct of strings.
func (r *Reading) fillRule(rule *Rule, l *Line, allow bool) {
	value := r.value(l)
	rule.Line, rule.Allow, rule.Value = l.Number, allow, value
	spec := r.Dialect.spec()
	switch {
	case spec.normalize:
		rule.setPattern(encodeInnerDollars(normalizeRFC(value, true)))
	case l.Has(flagEscape):
		rule.setPattern(escapePattern(value))
	default:
		// The pattern is the value.
	}
	if allow && spec.indexHTML {
		rule.indexed = int32(indexDirLength(rule.Pattern()))
	}
}

// agentToken returns the product token a user-agent value names, as
// Google's library reads it: "*" alone or followed by white space is every
// crawler; otherwise the longest prefix of letters, '-' and '_'.
func agentToken(value string) string {
	if value != "" && value[0] == '*' && (len(value) == 1 || isSpace(value[1])) {
		return "*"
	}
	return value[:tokenLength(value)]
}

func tokenLength(s string) int {
	i := 0
	for i < len(s) && isTokenByte(s[i]) {
		i++
	}
	return i
}

func isTokenByte(c byte) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || c == '-' || c == '_'
}

func parseCrawlDelay(rec Record) *CrawlDelay {
	cd := &CrawlDelay{Line: rec.Line, Value: rec.Value}
	s, err := strconv.ParseFloat(rec.Value, 64)
	if err == nil && s >= 0 && !math.IsInf(s, 0) && !math.IsNaN(s) {
		cd.Seconds, cd.Valid = s, true
	}
	return cd
}

func lowerASCII(s string) string {
	for i := 0; i < len(s); i++ {
		if 'A' <= s[i] && s[i] <= 'Z' {
			return strings.ToLower(s)
		}
	}
	return s
}
