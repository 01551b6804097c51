package robots

import (
	"strconv"
	"strings"
)

// A Dialect is one complete reading of robots.txt: how lines are read, how a
// group is chosen, how a rule wins. The zero value is Google.
type Dialect uint8

const (
	// Google reads robots.txt as Googlebot and Google's open-source
	// library do: lenient keys, the longest matching pattern wins, Allow
	// wins ties, patterns (not URLs) are percent-encoded.
	Google Dialect = iota
	// RFC9309 reads robots.txt as the IETF standard is written: strict
	// keys, the longest match wins, unreserved characters are decoded on
	// both sides, /robots.txt is always allowed.
	RFC9309
	// GYM2008 reads robots.txt as robotexclusionrulesparser's default
	// (the 2008 Google, Yahoo and Microsoft extensions): a blank line ends
	// a record, user-agents match by substring, the first matching rule in
	// file order wins, wildcards work.
	GYM2008
	// MK1996 is the 1996 draft: like GYM2008, with rules matched as
	// literal prefixes. Baidu is described as reading robots.txt this way.
	MK1996
	// MK1994 is the original 1994 convention: like MK1996, without Allow.
	MK1994
	// Python reads robots.txt as CPython's urllib.robotparser does since
	// gh-138907 in 3.14.5 and 3.15: groups naming the same agent merge,
	// blank lines end nothing, the highest score wins with Allow winning
	// ties, '*' and a final '$' are operators; a wildcard rule scores by
	// how much of the URL it consumed, an empty user-agent names every
	// crawler, and a name with a version finds its group by substring, in
	// file order.
	Python
	// Python313 reads robots.txt as CPython 3.13's urllib.robotparser
	// does from 3.13.14 on, the backport of gh-138907: as Python, except
	// that an empty query or fragment is dropped from the URL ("/x?" is
	// tested as "/x"), since the backport splits the URL with the public
	// urlsplit and urlunsplit.
	Python313
	// PythonLegacy reads robots.txt as CPython's urllib.robotparser did
	// up to 3.12 (and in 3.13.0–3.13.13 and 3.14.0–3.14.4, which differ
	// only in how paths are normalised): a blank line ends a record, the
	// first matching rule in file order wins, no wildcards, paths
	// unquoted then quoted again.
	PythonLegacy

	numDialects
)

// A reading is made of named parts, in the spirit of Google's library,
// whose ParseRobotsTxt emits one event per line to a handler: a line
// reader turns the file into line events (lineEvent); a grouping policy
// gathers them into groups, with the records and rule patterns the
// reading keeps; an agent matcher finds the groups that apply to a
// crawler; a rule decider says which of their rules decides a URL, once a
// path maker has turned the URL into the path rules are compared with.
// What is left over, the ways in which one reading departs from the
// others while sharing their parts, are named quirks. Adding a reading is
// filling in a readingParts: every reading runs the same code (newReading,
// Reading.decide), which these values steer.
type readingParts struct {
	name    string
	title   string // for people: "Google", "RFC 9309"
	readers string // who reads this way, in a sentence: "the 1996 draft that Baidu follows"
	summary string // who reads robots.txt this way

	lines    *lineReader
	grouping *grouping
	agents   *agentMatcher
	rules    *ruleDecider
	// paths turns a URL into the path the rules are compared with, as
	// the reading's quirks say; ok is false for a URL the reading cannot
	// split, which no rule matches.
	paths func(url string, q quirk) (path string, ok bool)
	// patterns makes a rule's pattern (and, for the readings where an
	// empty rule means something of its own, whether it allows) from
	// its value; it reports false for a rule the reading drops.
	patterns   func(r *Reading, rule *Rule, value string, flags LineFlag) bool
	crawlDelay func(Record) *CrawlDelay
	// lint says what a careful reader would say about the file as this
	// reading reads it.
	lint func(l *linter)
	// answers fills in what the reading's crawlers do after a server's
	// answer that is not a success (a.Class): AccessFor.
	answers func(a *Access)
	quirks  quirk
}

// A quirk is one named way in which a reading departs from the others
// that share its parts.
type quirk uint16

const (
	// agentCutAtSlash: the crawler's name is cut at its first '/' before
	// record names are looked for in it (CPython's Entry.applies_to).
	agentCutAtSlash quirk = 1 << iota
	// firstStarGroupOnly: of several * records, only the first counts
	// (CPython before gh-138907 kept one default entry).
	firstStarGroupOnly
	// emptyAgentMatchesAll: an empty user-agent value is kept as a name,
	// and the empty name is found in every crawler's name.
	emptyAgentMatchesAll
	// delayKeepsRecord: a record with a crawl-delay or request-rate line
	// but no rule is kept (CPython).
	delayKeepsRecord
	// agentsLostAtBlank: user-agent lines followed by a blank line before
	// any rule are lost (CPython before gh-138907).
	agentsLostAtBlank
	// sitemapOutsideRecords: a sitemap line is no directive of the record
	// it stands in (CPython).
	sitemapOutsideRecords
	// lastDelayWins: of several crawl-delay lines, the last valid one
	// counts; otherwise the first.
	lastDelayWins
	// wildcardScoresByConsumed: a wildcard rule scores by the length of
	// the URL its pattern consumed, not by its own length (CPython since
	// gh-138907: a greedy final '*' consumes the whole URL).
	wildcardScoresByConsumed
	// charsetDecoded: rule text is compared as the file's charset decodes
	// it: ISO-8859-1 unless the file was declared UTF-8 ([ParseCharset]),
	// as robotexclusionrulesparser decodes what it fetches.
	charsetDecoded
	// indexHTMLAllowsDir: an Allow of /dir/index.html also allows exactly
	// /dir/ (Google's library).
	indexHTMLAllowsDir
	// robotsTxtAllowed: /robots.txt is always allowed, whatever the file
	// says (RFC 9309; CPython since gh-138907, after normalisation).
	robotsTxtAllowed
	// literalWildcards: '*' and '$' are characters like any other, not
	// operators (the 1994 and 1996 conventions, CPython before
	// gh-138907).
	literalWildcards
	// noAllow: Allow lines are no rules (the 1994 convention).
	noAllow
	// emptyQueryDropped: an empty query or fragment ('?' or '#' with
	// nothing after it) is dropped from the URL before its path is
	// compared, as urllib.parse's public urlunsplit drops them (CPython
	// 3.13's backport of gh-138907; 3.14 and 3.15 keep them).
	emptyQueryDropped
)

// has reports whether the reading has quirk q.
func (p *readingParts) has(q quirk) bool { return p.quirks&q != 0 }

// A lineReader is how a reading reads a line: it emits one lineEvent for
// each line it reads (CPython may read several in one editor line).
type lineReader struct {
	name string
	// line reads editor line n.
	line func(f *File, n int, m *emitter)
	// all, when not nil, reads every line: faster than line called for
	// each, for the readers of the lines Parse already read.
	all func(f *File, m *emitter)
	// ownKinds: the reader reads lines otherwise than Google's parser,
	// so the reading keeps what each line is read as.
	ownKinds bool
	// cutsLong: a line is read up to MaxLineLength bytes (Google's).
	cutsLong bool
	// bomSpoilsKey: a byte-order mark at the start of the file is read
	// as part of the first line's key, which it spoils (CPython).
	bomSpoilsKey bool
}

// read reads every line of f, until the emitter's pause stops it.
func (lr *lineReader) read(f *File, m *emitter) {
	if lr.all != nil {
		lr.all(f, m)
		return
	}
	for n := 1; n <= len(f.Lines) && !m.stopped; n++ {
		lr.line(f, n, m)
	}
}

// events returns the events lr emits for lines from to to of f, in order.
func (lr *lineReader) events(f *File, from, to int) []lineEvent {
	var evs []lineEvent
	m := &emitter{to: eventFunc(func(e *lineEvent) { evs = append(evs, *e) })}
	for n := from; n <= to; n++ {
		lr.line(f, n, m)
	}
	return evs
}

// An emitter hands a line reader's events to a grouping policy's builder.
// It holds the one event it hands over, filled in place for each line: an
// event passed by value through a function value is copied twice, and a
// pointer to a new one would escape to the heap, once a line.
type emitter struct {
	ev lineEvent
	to groupBuilder
	// pause, when not nil, is called every pacedEvents events (see
	// File.ReadPaced); stopped says it stopped the reading, which the
	// line readers then end.
	pause   Pause
	count   int
	stopped bool
}

// pacedEvents is how many line events a paced reading hands over between
// two calls of its pause.
const pacedEvents = 1024

// emit hands e to the builder.
func (m *emitter) emit(e lineEvent) {
	m.ev = e
	m.send()
}

// send hands the event filled in m.ev to the builder.
func (m *emitter) send() {
	m.to.line(&m.ev)
	if m.pause != nil {
		if m.count++; m.count == pacedEvents {
			m.count = 0
			m.stopped = m.stopped || m.pause()
		}
	}
}

// eventFunc is a groupBuilder made of a function, for the callers that
// only look at the events.
type eventFunc func(*lineEvent)

func (f eventFunc) line(e *lineEvent) { f(e) }
func (eventFunc) end()                {}

// A grouping is how a reading gathers line events into groups: start
// makes a builder that takes the events of one file, in order.
type grouping struct {
	name  string
	start func(r *Reading) groupBuilder
}

// A groupBuilder takes the line events of one file and fills in the
// reading's groups, records and orphans.
type groupBuilder interface {
	// line takes one event; it must not keep the pointer, which the
	// emitter fills again for the next line.
	line(*lineEvent)
	end()
}

// agentMatching says how a crawler finds its groups.
type agentMatching uint8

const (
	// byToken: groups name product tokens, compared without regard to
	// case; groups naming the same token merge; a crawler may fall back
	// to other tokens; the * groups apply when none names it (Google,
	// RFC 9309).
	byToken agentMatching = iota
	// bySubstring: the first record, named records before * records,
	// with a name found in the crawler's whole user-agent string, without
	// regard to case (robotexclusionrulesparser, CPython before
	// gh-138907).
	bySubstring
	// byPythonKey: CPython's _find_entry since gh-138907: the whole
	// name looked up as a key, then the first key whose names are found
	// in it, then *.
	byPythonKey
)

// An agentMatcher is how a reading finds the groups that apply to a
// crawler.
type agentMatcher struct {
	kind agentMatching
	unit string // what the reading's groups are called: "group", "record"
	// wholeName: the crawler is looked for by its whole user-agent
	// string, not by its product token.
	wholeName bool
}

// choose finds the groups that apply to q, records in v how (Selection,
// Token), and returns them, or nil when none applies. (A switch, not a
// function value: a Verdict passed to a function value would escape to
// the heap, an allocation per check.)
func (m *agentMatcher) choose(r *Reading, q query, v *Verdict) *groupList {
	switch m.kind {
	case bySubstring:
		return chooseRecordFor(r, q, v)
	case byPythonKey:
		return choosePyEntry(r, q, v)
	}
	return chooseByToken(r, q, v)
}

// scoring says how a rule decider ranks the rules that match.
type scoring uint8

const (
	byLength   scoring = iota // Google's library: the pattern's length; Allow wins a tie
	byFileLine                // the first in file order
	byPyScore                 // CPython's RuleLine.applies_to and Entry.allowance
)

// A ruleDecider is how a reading picks, among the rules of the groups
// that apply, the one that decides a path.
type ruleDecider struct {
	scoring scoring
	// priority is what Match.Priority measures, in a word: "length",
	// "score"; "" when it plays no part (in file order).
	priority string
	// scoreWords says how a score is counted, when priority is "score".
	scoreWords string
	// precedence says in words how a rule wins.
	precedence string
}

// inFileOrder reports whether the first matching rule in file order
// decides, rather than the highest priority.
func (d *ruleDecider) inFileOrder() bool { return d.scoring == byFileLine }

// decide decides v.Path among the rules of the groups l.
func (d *ruleDecider) decide(r *Reading, l *groupList, v *Verdict) {
	switch d.scoring {
	case byFileLine:
		decideFirst(r, l, v)
	case byPyScore:
		decidePyScore(r, l, v)
	default:
		decideLongest(r, l, v)
	}
}

// The line readers.
var (
	googleLines = &lineReader{name: "google", all: readGoogleLines, line: readGoogleLine, cutsLong: true}
	strictLines = &lineReader{name: "strict", all: readStrictLines, line: readStrictLine, ownKinds: true}
	rerpLines   = &lineReader{name: "robotexclusionrulesparser", line: readRERP, ownKinds: true}
	pyLines     = &lineReader{name: "python", line: readPythonRFC, ownKinds: true, bomSpoilsKey: true}
	pyOldLines  = &lineReader{name: "python-legacy", line: readPython, ownKinds: true, bomSpoilsKey: true}
)

// The grouping policies.
var (
	// mergedByToken: a group ends at a user-agent line after a rule;
	// blank lines end nothing; rules before any group are orphans.
	mergedByToken = &grouping{name: "merged by token", start: startTokenGroups}
	// blankEndsRecord: a blank line ends a record, records do not merge,
	// a record needs names and rules.
	blankEndsRecord = &grouping{name: "records ended by blank lines", start: startRecords}
	// pyStates: CPython's state machine since gh-138907: a user-agent
	// line after a rule, crawl-delay or request-rate starts a new entry,
	// blank lines end nothing, entries merge by lower-cased value.
	pyStates = &grouping{name: "CPython's entries", start: startPyEntries}
)

// The agent matchers.
var (
	tokenAgents     = &agentMatcher{kind: byToken, unit: "group"}
	substringAgents = &agentMatcher{kind: bySubstring, unit: "record", wholeName: true}
	pyAgents        = &agentMatcher{kind: byPythonKey, unit: "group", wholeName: true}
)

// The rule deciders.
var (
	longestMatch = &ruleDecider{scoring: byLength, priority: "length",
		precedence: "the longest matching pattern wins, and an Allow wins a tie"}
	firstMatch = &ruleDecider{scoring: byFileLine,
		precedence: "the first matching rule in file order wins"}
	highestScore = &ruleDecider{scoring: byPyScore, priority: "score",
		scoreWords: "a rule scores one more than the length of its pattern, or for a pattern with *, than the length of the part of the path it consumed",
		precedence: "the highest score wins (the longest match, a wildcard rule scored by how much of the URL it consumed), and an Allow wins a tie"}
)

// currentPython are the quirks of CPython's robotparser since gh-138907.
const currentPython = agentCutAtSlash | emptyAgentMatchesAll | wildcardScoresByConsumed | robotsTxtAllowed

// legacyPython are the quirks of CPython's robotparser before gh-138907.
const legacyPython = agentCutAtSlash | firstStarGroupOnly | emptyAgentMatchesAll | delayKeepsRecord |
	agentsLostAtBlank | sitemapOutsideRecords | lastDelayWins | literalWildcards

// rerp are the quirks of robotexclusionrulesparser's readings.
const rerp = charsetDecoded

// readings is the table of readings: each one its parts. It is filled in
// by init, as its parts refer to it.
var readings [numDialects]readingParts

func init() {
	readings = [numDialects]readingParts{
		Google: {name: "google", title: "Google", readers: "Google",
			summary: "Googlebot and Google's other crawlers; Google's open-source library",
			lines:   googleLines, grouping: mergedByToken, agents: tokenAgents, rules: longestMatch,
			paths: googlePath, patterns: googlePattern, crawlDelay: parseCrawlDelay, lint: lintGoogle, answers: googleAnswers,
			quirks: indexHTMLAllowsDir},
		RFC9309: {name: "rfc9309", title: "RFC 9309", readers: "RFC 9309",
			summary: "the IETF standard as written",
			lines:   strictLines, grouping: mergedByToken, agents: tokenAgents, rules: longestMatch,
			paths: rfcPath, patterns: rfcPattern, crawlDelay: parseCrawlDelay, lint: lintTokens, answers: rfcAnswers,
			quirks: robotsTxtAllowed},
		GYM2008: {name: "gym2008", title: "GYM 2008", readers: "GYM 2008 parsers",
			summary: "robotexclusionrulesparser's default reading; many older crawlers",
			lines:   rerpLines, grouping: blankEndsRecord, agents: substringAgents, rules: firstMatch,
			paths: rerpPath, patterns: rerpPattern, crawlDelay: parseCrawlDelay, lint: lintRecords, answers: draftAnswers,
			quirks: rerp},
		MK1996: {name: "mk1996", title: "1996 draft", readers: "the 1996 draft that Baidu follows",
			summary: "the 1996 draft as robotexclusionrulesparser reads it; Baidu is described as following it",
			lines:   rerpLines, grouping: blankEndsRecord, agents: substringAgents, rules: firstMatch,
			paths: rerpPath, patterns: rerpPattern, crawlDelay: parseCrawlDelay, lint: lintRecords, answers: draftAnswers,
			quirks: rerp | literalWildcards},
		MK1994: {name: "mk1994", title: "1994 convention", readers: "the 1994 convention",
			summary: "the original 1994 convention, without Allow",
			lines:   rerpLines, grouping: blankEndsRecord, agents: substringAgents, rules: firstMatch,
			paths: rerpPath, patterns: rerpPattern, crawlDelay: parseCrawlDelay, lint: lintRecords, answers: draftAnswers,
			quirks: rerp | literalWildcards | noAllow},
		Python: {name: "python", title: "Python robotparser 3.14.5+", readers: "Python's robotparser",
			summary: "CPython's urllib.robotparser from 3.14.5 and 3.15 on (gh-138907); scripts and crawlers built on it",
			lines:   pyLines, grouping: pyStates, agents: pyAgents, rules: highestScore,
			paths: pyRFCPath, patterns: pyPattern, crawlDelay: pyDecimalDelay, lint: lintPython, answers: pyAnswers,
			quirks: currentPython},
		// The python reading with one quirk: its parts are Python's.
		Python313: {name: "python-3.13", title: "Python robotparser 3.13.14+", readers: "Python 3.13's robotparser",
			summary: "CPython 3.13's urllib.robotparser from 3.13.14 on (its backport of gh-138907): the python reading, but an empty '?' or '#' is dropped from the URL",
			lines:   pyLines, grouping: pyStates, agents: pyAgents, rules: highestScore,
			paths: pyRFCPath, patterns: pyPattern, crawlDelay: pyDecimalDelay, lint: lintPython, answers: pyAnswers,
			quirks: currentPython | emptyQueryDropped},
		PythonLegacy: {name: "python-legacy", title: "Python robotparser ≤3.12", readers: "Python's robotparser up to 3.12",
			summary: "CPython's urllib.robotparser up to 3.12, behind many scripts and older Scrapy setups; 3.13.0–3.13.13 and 3.14.0–3.14.4 read the same way, but normalise paths as the current robotparser does from 3.13.8 and 3.14.0 on",
			lines:   pyOldLines, grouping: blankEndsRecord, agents: substringAgents, rules: firstMatch,
			paths: pyLegacyPath, patterns: pyLegacyPattern, crawlDelay: pyCrawlDelay, lint: lintRecords, answers: pyAnswers,
			quirks: legacyPython},
	}
}

// Summary says who reads robots.txt this way.
func (d Dialect) Summary() string {
	if d.valid() {
		return readings[d].summary
	}
	return ""
}

// FirstMatch reports whether the first matching rule in file order decides
// in this dialect, rather than the longest.
func (d Dialect) FirstMatch() bool { return d.valid() && readings[d].rules.inFileOrder() }

// Precedence says in words how a rule wins in this dialect: "the longest
// matching pattern wins, and an Allow wins a tie", "the first matching
// rule in file order wins".
func (d Dialect) Precedence() string {
	if d.valid() {
		return readings[d].rules.precedence
	}
	return ""
}

// PriorityName says, in a word, what a [Match]'s Priority measures in this
// dialect: "length" or "score"; "" when the priority plays no part (the
// first-match dialects).
func (d Dialect) PriorityName() string {
	if d.valid() {
		return readings[d].rules.priority
	}
	return ""
}

// Describe says in one sentence how this dialect reads a file: how lines
// form groups, how a crawler finds its group, how a rule wins.
func (d Dialect) Describe() string {
	if !d.valid() {
		return ""
	}
	p := &readings[d]
	var grouping, agents string
	switch p.grouping {
	case blankEndsRecord:
		grouping = "a blank line ends a record and records are not merged"
	case pyStates:
		grouping = "blank lines end nothing and groups naming the same user-agent merge"
	default:
		grouping = "blank lines end nothing and groups naming the same crawler merge"
	}
	switch p.agents.kind {
	case bySubstring:
		agents = "a record applies when its name is found in the crawler's user-agent string"
		if p.has(agentCutAtSlash) {
			agents = "a record applies when its name is found in the crawler's name cut at '/'"
		}
	case byPythonKey:
		agents = "a crawler's whole name is looked up, then a group whose name is found in it"
	default:
		agents = "a crawler follows the groups that name its product token, else the * group"
	}
	out := grouping + "; " + agents + "; " + p.rules.precedence
	if p.has(literalWildcards) {
		out += "; '*' and '$' are matched literally"
	}
	if p.has(noAllow) {
		out += "; Allow lines are ignored"
	}
	if p.has(robotsTxtAllowed) {
		out += "; /robots.txt is always allowed"
	}
	if p.has(emptyQueryDropped) {
		out += "; an empty '?' or '#' is dropped from the URL (/x? is tested as /x)"
	}
	return out
}

// Dialects returns every dialect, Google first.
func Dialects() []Dialect {
	ds := make([]Dialect, numDialects)
	for i := range ds {
		ds[i] = Dialect(i)
	}
	return ds
}

// String returns the dialect's short name: "google", "rfc9309".
func (d Dialect) String() string {
	if d.valid() {
		return readings[d].name
	}
	return "dialect(" + strconv.Itoa(int(d)) + ")"
}

// Title returns the dialect's name for people: "Google", "RFC 9309".
func (d Dialect) Title() string {
	if d.valid() {
		return readings[d].title
	}
	return d.String()
}

// ParseDialect returns the dialect with the given short name, in any case.
func ParseDialect(name string) (Dialect, bool) {
	for i := range readings {
		if strings.EqualFold(name, readings[i].name) {
			return Dialect(i), true
		}
	}
	return Google, false
}

func (d Dialect) valid() bool { return d < numDialects }

// firstMatchDialects returns the dialects in which the first matching rule
// in file order decides, in the order of the table.
func firstMatchDialects() []Dialect {
	var ds []Dialect
	for d := range readings {
		if readings[d].rules.inFileOrder() {
			ds = append(ds, Dialect(d))
		}
	}
	return ds
}

// parts returns the parts of the dialect's reading.
func (d Dialect) parts() *readingParts { return &readings[d] }
