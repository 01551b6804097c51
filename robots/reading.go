package robots

import (
	"math"
	"strconv"
	"strings"
	"sync"
)

// A Reading is a file as one dialect reads it: its groups, their rules and
// the other records. It answers checks without reading the file again and is
// safe for concurrent use. Its slices must not be modified: a reading
// carried across an edit ([File.Edit]) shares them with the one it came
// from.
type Reading struct {
	Dialect  Dialect
	File     *File
	Groups   []Group
	Sitemaps []Record // every sitemap record, in file order
	Records  []Record // every other known key (crawl-delay, host, clean-param, ...), in file order
	Orphans  []int    // lines of rules that stand before any user-agent line, and so belong to no group

	kinds []LineKind // how each line is read, when the reading's line reader reads lines otherwise than Google's

	// What the reading's agent matcher finds groups with (dialect.go):
	// byToken and global for the matcher by token; order, records and
	// names for the matcher by substring; py for CPython's.
	byToken  map[string]*groupList // lower-case product token → groups that name it
	global   *groupList            // groups that name *, or nil
	order    []int32               // the records in the order they are tried
	records  []groupList           // each record alone, as the agent matcher returns it
	names    nameIndex             // the records by name
	py       *pyGroups             // the groups by user-agent value, merged
	crawlers memo[Crawler]         // CheckAgent by token: the crawler a user-agent string names

	// The linter's findings, once a lint ran to its end: a lint stopped
	// by its pause keeps nothing (FindingsPaced).
	lintMu sync.Mutex
	lint   []Finding
	linted bool

	prefOnce sync.Once
	prefs    []Preference // the AI-preference lines (aipref.go), read on first use
}

// A Group is a set of user-agent lines and the rules that follow them.
type Group struct {
	Index      int     // position among the reading's groups
	Agents     []Agent // the user-agent lines that open the group
	Rules      []Rule  // its allow and disallow rules, in file order
	Start, End int     // the first and last line of the group, trailing blank, comment and sitemap lines left out
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

// newReading reads f as dialect d does: its line reader emits the line
// events, and its grouping policy's builder makes the groups of them. It
// returns nil when pause stopped it.
func newReading(f *File, d Dialect, pause Pause) *Reading {
	p := d.parts()
	r := &Reading{Dialect: d, File: f, byToken: make(map[string]*groupList)}
	if p.lines.ownKinds {
		r.kinds = make([]LineKind, len(f.Lines))
	}
	b := p.grouping.start(r)
	m := &emitter{to: b, pause: pause}
	p.lines.read(f, m)
	if m.stopped {
		return nil
	}
	b.end()
	return r
}

// carried returns r as a reading of g, a File whose lines r's dialect
// reads as it reads r.File's (File.carryReadings). It shares what was made
// of the lines, none of which changes once the reading is made: the
// groups, records and orphans, the kinds of the lines, and the agent
// matchers' indexes, with the rule sets they make on first use (made of
// the groups alone). What looks at the text itself, which an edit may
// have changed where the reader does not look (a comment, a line's
// length), is made again on use: the linter's findings and the
// AI-preference lines. The memos of crawlers are made again too: a
// memo's slots cannot be copied, and refilling them costs little.
//
// The strings of the groups and records point into the text of the file
// the reading was made from, which they keep alive: at most one text
// besides g's for each dialect, however many edits carry the reading.
//
// A field added to Reading must be considered here.
func (r *Reading) carried(g *File) *Reading {
	return &Reading{
		Dialect:  r.Dialect,
		File:     g,
		Groups:   r.Groups,
		Sitemaps: r.Sitemaps,
		Records:  r.Records,
		Orphans:  r.Orphans,
		kinds:    r.kinds,
		byToken:  r.byToken,
		global:   r.global,
		order:    r.order,
		records:  r.records,
		names:    r.names.shared(),
		py:       r.py,
	}
}

// noteKind records what the reader read line n as, when the
// reading keeps kinds of its own: of several lines in one editor line
// (CPython splits some), the last that is neither blank nor a comment.
func (r *Reading) noteKind(n int, kind LineKind) {
	if r.kinds != nil && (r.kinds[n-1] == Blank || kind != Blank && kind != Comment) {
		r.kinds[n-1] = kind
	}
}

// tokenGroups builds the groups of the readings merged by token (Google,
// RFC 9309). A group starts at a user-agent line that follows a rule (or
// at the first user-agent line); blank lines, comments, sitemaps and
// unknown keys never end one.
type tokenGroups struct {
	r *Reading
	p *readingParts
	// Every group's Agents and Rules are slices of one array each: a
	// group's user-agent lines and rules are consecutive, since a group
	// ends at the first user-agent line after a rule.
	agents     []Agent
	rules      []Rule
	firstAgent []int // index in agents of each group's first
	firstRule  []int // index in rules of each group's first
	cur        int   // the group being read
	inRules    bool
	// lastContent is the last line that was neither blank, a comment
	// nor a sitemap.
	lastContent int
}

func startTokenGroups(r *Reading) groupBuilder {
	n := countKinds(r.File.Lines)
	// The strict reading has no more groups than Google's: its
	// user-agent lines and rules are some of Google's.
	r.Groups = make([]Group, 0, n.groups)
	return &tokenGroups{
		r: r, p: r.Dialect.parts(), cur: -1,
		agents:     make([]Agent, 0, n.agents),
		rules:      make([]Rule, 0, n.rules),
		firstAgent: make([]int, 0, n.groups),
		firstRule:  make([]int, 0, n.groups),
	}
}

// grow adds an element to *s and returns it: within the capacity, the one
// the array holds there (zero in an array that was never cut back, as the
// token builder's are), past it a zero one. Within the capacity it only
// lengthens the slice: the builder lives in the heap, where storing a
// whole new slice header costs a write barrier while the garbage collector
// runs, and the counts of Google's lines size the arrays in advance.
func grow[T any](s *[]T) *T {
	if n := len(*s); n < cap(*s) {
		*s = (*s)[:n+1]
		return &(*s)[n]
	}
	var zero T
	*s = append(*s, zero)
	return &(*s)[len(*s)-1]
}

func (b *tokenGroups) closeGroup() {
	if b.cur >= 0 {
		b.r.Groups[b.cur].End = b.lastContent
	}
}

func (b *tokenGroups) line(l *lineEvent) {
	r := b.r
	r.noteKind(l.number, l.kind)
	switch l.kind {
	case UserAgent:
		if b.cur < 0 || b.inRules {
			b.closeGroup()
			r.Groups = append(r.Groups, Group{Index: len(r.Groups), Start: l.number})
			b.firstAgent = append(b.firstAgent, len(b.agents))
			b.firstRule = append(b.firstRule, len(b.rules))
			b.cur = len(r.Groups) - 1
			b.inRules = false
		}
		tok := agentToken(l.value)
		a := grow(&b.agents)
		a.Line, a.Value, a.Token = l.number, l.value, tok
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
		if n := len(list.groups); n == 0 || list.groups[n-1] != int32(b.cur) {
			list.groups = append(list.groups, int32(b.cur))
		}
	case Allow, Disallow:
		if b.cur < 0 {
			r.Orphans = append(r.Orphans, l.number)
			break
		}
		b.inRules = true
		rule := grow(&b.rules)
		rule.Line, rule.Allow, rule.Value = l.number, l.kind == Allow, l.value
		b.p.patterns(r, rule, l.value, l.flags)
		if rule.Allow && b.p.has(indexHTMLAllowsDir) {
			rule.indexed = int32(indexDirLength(rule.Pattern()))
		}
	case Sitemap:
		r.Sitemaps = append(r.Sitemaps, Record{Line: l.number, Key: l.key, Value: l.value, Group: b.cur})
	case Known:
		rec := Record{Line: l.number, Key: l.key, Value: l.value, Group: b.cur}
		r.Records = append(r.Records, rec)
		if b.cur >= 0 && strings.EqualFold(rec.Key, "crawl-delay") && r.Groups[b.cur].CrawlDelay == nil {
			r.Groups[b.cur].CrawlDelay = b.p.crawlDelay(rec)
		}
	}
	// A sitemap line belongs to no group (RFC 9309, 2.3.5): one after a
	// group's last rule does not lengthen it.
	if l.kind != Blank && l.kind != Comment && l.kind != Sitemap {
		b.lastContent = l.number
	}
}

func (b *tokenGroups) end() {
	b.closeGroup()
	r := b.r
	for i := range r.Groups {
		agentEnd, ruleEnd := len(b.agents), len(b.rules)
		if i+1 < len(r.Groups) {
			agentEnd, ruleEnd = b.firstAgent[i+1], b.firstRule[i+1]
		}
		r.Groups[i].Agents = b.agents[b.firstAgent[i]:agentEnd:agentEnd]
		if b.firstRule[i] < ruleEnd {
			r.Groups[i].Rules = b.rules[b.firstRule[i]:ruleEnd:ruleEnd]
		}
	}
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
	if l.Has(FlagLong) && !r.Dialect.parts().lines.cutsLong {
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

// readGoogleLines reads every line as Google's parser does: as Parse read
// it.
func readGoogleLines(f *File, m *emitter) {
	for i := 0; i < len(f.Lines) && !m.stopped; i++ {
		googleEvent(&m.ev, f, &f.Lines[i])
		m.send()
	}
}

// readGoogleLine reads line n as Google's parser does.
func readGoogleLine(f *File, n int, m *emitter) {
	googleEvent(&m.ev, f, &f.Lines[n-1])
	m.send()
}

// googleEvent fills e with line l as Parse read it.
func googleEvent(e *lineEvent, f *File, l *Line) {
	var key, value string
	switch l.Kind {
	case UserAgent, Allow, Disallow:
		value = f.Value(l.Number)
	case Sitemap, Known:
		key, value = f.Key(l.Number), f.Value(l.Number)
	}
	e.set(l, l.Kind, key, value)
}

// set fills e field by field: the event lives in the heap, where storing
// a whole struct that holds strings costs a write barrier over all of it
// while the garbage collector runs, and most lines (blank lines, comments)
// leave the strings empty as they were.
func (e *lineEvent) set(l *Line, kind LineKind, key, value string) {
	e.number, e.kind, e.flags, e.endsRecord = l.Number, kind, l.Flags, false
	if key != "" || e.key != "" {
		e.key = key
	}
	if value != "" || e.value != "" {
		e.value = value
	}
}

// readStrictLines reads every line by the standard's grammar: the key is
// the word itself, in any case; a colon is required; a long line is read
// whole.
func readStrictLines(f *File, m *emitter) {
	for i := 0; i < len(f.Lines) && !m.stopped; i++ {
		strictEvent(&m.ev, f, &f.Lines[i])
		m.send()
	}
}

// readStrictLine reads line n by the standard's grammar.
func readStrictLine(f *File, n int, m *emitter) {
	strictEvent(&m.ev, f, &f.Lines[n-1])
	m.send()
}

// strictEvent fills e with line l read by the standard's grammar.
func strictEvent(e *lineEvent, f *File, l *Line) {
	kind := l.Kind
	var key, value string
	switch {
	case l.Kind == Blank || l.Kind == Comment:
	case f.Key(l.Number) == "" || l.Has(FlagNoColon):
		kind = Unknown
	default:
		kind = strictKey(f.Key(l.Number))
		switch kind {
		case UserAgent, Allow, Disallow, Sitemap, Known:
			key = f.Key(l.Number)
			if l.Has(FlagLong) {
				_, value, _, _ = splitKeyValue(trimSpace(cutComment(f.text[l.Start:l.End])))
			} else {
				value = f.Value(l.Number)
			}
		}
	}
	e.set(l, kind, key, value)
}

// googlePattern makes a rule's pattern as Google's library does: bytes
// of 0x80 and above are percent-encoded, the hex digits of an escape
// upper-cased.
func googlePattern(r *Reading, rule *Rule, value string, flags LineFlag) bool {
	if flags&flagEscape != 0 {
		rule.setPattern(escapePattern(value))
	}
	return true
}

// rfcPattern makes a rule's pattern as RFC 9309 compares it: unreserved
// characters decoded, the rest encoded, a '$' that is not last encoded.
func rfcPattern(r *Reading, rule *Rule, value string, flags LineFlag) bool {
	rule.setPattern(encodeInnerDollars(normalizeRFC(value, true)))
	return true
}

// googlePath is the path Google's library matches: the URL without scheme,
// authority and fragment, "/" when empty.
func googlePath(url string, _ quirk) (string, bool) { return PathOf(url), true }

// rfcPath is the path RFC 9309 compares: Google's, normalised as the
// patterns are.
func rfcPath(url string, _ quirk) (string, bool) { return normalizeRFC(PathOf(url), false), true }

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
