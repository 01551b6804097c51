package robots

import (
	"strings"
	"sync"
)

// Selection says how the groups that decided a verdict were chosen.
type Selection uint8

const (
	// NoGroup: no group names the crawler and there is no * group, so
	// nothing is disallowed.
	NoGroup Selection = iota
	// NamedGroup: one or more groups name the crawler's product token;
	// only their rules apply (merged when there are several) and the *
	// group is ignored, even when they have no rules at all.
	NamedGroup
	// FallbackGroup: no group names the crawler itself, but one names a
	// token it falls back to (Googlebot-Image falls back to Googlebot).
	FallbackGroup
	// GlobalGroup: no group names the crawler, so the * groups apply.
	GlobalGroup
	// GlobalIgnored: no group names the crawler, and this crawler ignores
	// the * group, so nothing is disallowed.
	GlobalIgnored
	// AlwaysAllowed: the dialect allows this URL whatever the file says
	// (/robots.txt itself, in RFC 9309).
	AlwaysAllowed
)

var selectionNames = [...]string{"no-group", "named-group", "fallback-group", "global-group", "global-ignored", "always-allowed"}

// String returns the selection's name in lower case, as "named-group".
func (s Selection) String() string {
	if int(s) < len(selectionNames) {
		return selectionNames[s]
	}
	return "selection(?)"
}

// Tie says how a verdict was decided between rules of equal priority.
type Tie uint8

const (
	NoTie        Tie = iota // the deciding rule had the highest priority alone
	AllowWinsTie            // an Allow and a Disallow had the same priority: the Allow wins
	FirstWinsTie            // rules of the same kind had the same priority: the first in the file counts
)

// A Match is a rule that matched the path, with its priority.
type Match struct {
	Rule *Rule
	// Priority is the length in bytes of the pattern that matched; the
	// highest wins. In the Python dialect it is CPython's score: one more
	// than that length, or for a pattern with '*', than the length of the
	// path the pattern consumed.
	Priority int
	// ViaIndex reports that the rule matched through Google's index.html
	// rule: "Allow: /d/index.html" also allows exactly "/d/".
	ViaIndex bool
}

// A Verdict is the answer to one check, with its explanation.
type Verdict struct {
	// Allowed reports whether the crawler may fetch the URL.
	Allowed bool
	// Line is the line of the rule that decided, as Google's library
	// reports it: on an Allow/Disallow tie the Allow's line, among equal
	// rules of one kind the first; 0 when no rule matched.
	Line int

	Dialect Dialect
	Agent   string // the crawler checked, as given: a product token, or a whole user-agent string for first-match dialects
	URL     string // the URL as given
	Path    string // the path that was tested, as the dialect compares it

	Selection Selection
	// Token is the token whose groups applied: Agent or one of its
	// fallbacks, "*" for the global groups, "" when no group applied.
	Token string
	// Groups are the groups whose rules were merged and tried. Shared with
	// the reading: do not modify.
	Groups []*Group
	// ShadowsGlobal reports that the groups naming the crawler have no
	// rules while a * group has some: the crawler may crawl everything,
	// whatever the * group says.
	ShadowsGlobal bool

	// Matches are the rules of Groups that matched Path, in file order.
	Matches []Match
	// Winner is the index in Matches of the rule at Line, or -1.
	Winner int
	Tie    Tie
}

// Decider returns the rule that decided the verdict, or nil.
func (v *Verdict) Decider() *Match {
	if v.Winner < 0 {
		return nil
	}
	return &v.Matches[v.Winner]
}

// A query is the crawler a check is made for.
type query struct {
	agent        string
	fallbacks    []string
	ignoreGlobal bool
}

// Check reports whether a crawler whose product token is agent may fetch
// url in this reading. The agent and the URL are taken as given.
func (r *Reading) Check(agent, url string) Verdict {
	return r.decide(query{agent: agent}, url)
}

// CheckCrawler reports whether crawler c may fetch url in this reading,
// following c's fallback tokens and its treatment of the * group.
func (r *Reading) CheckCrawler(c Crawler, url string) Verdict {
	return r.decide(crawlerQuery(c), url)
}

// CheckAgent reports whether a crawler may fetch url, the crawler given as
// typed: a product token ("bingbot"), a whole user-agent string
// ("Mozilla/5.0 (compatible; bingbot/2.0; ...)") or nothing, for any
// crawler (the * groups). Each dialect uses it as its crawlers do: the
// longest-match dialects take its product token and, for a catalogued
// crawler, its fallbacks and treatment of the * group ([Identify]); the
// first-match dialects and Python look for record names in the whole
// string.
func (r *Reading) CheckAgent(agent, url string) Verdict {
	return r.decide(r.queryFor(strings.TrimSpace(agent)), url)
}

// queryFor returns the query CheckAgent makes for agent, trimmed. Finding
// the token in a whole user-agent string means searching it for every
// catalogued crawler: remembered, it is done once for the many URLs
// checked for one crawler.
func (r *Reading) queryFor(agent string) query {
	if agent == "" || r.Dialect.parts().agents.wholeName {
		return wholeQuery(agent)
	}
	c := r.crawlers.get(agent, func(agent string) Crawler { return Identify(agent).Crawler })
	return crawlerQuery(c)
}

// checkIdentified is CheckAgent for a crawler identified already.
func (r *Reading) checkIdentified(id *Identity, url string) Verdict {
	return r.decide(r.queryOf(id), url)
}

// queryOf is the query of a crawler identified already: its whole name in
// the readings that look for names in it (and for any crawler), else the
// catalogue's crawler.
func (r *Reading) queryOf(id *Identity) query {
	if id.Agent == "" || r.Dialect.parts().agents.wholeName {
		return wholeQuery(id.Agent)
	}
	return crawlerQuery(id.Crawler)
}

// wholeQuery is the query of the crawler whose whole name is agent,
// trimmed; a blank agent is any crawler, which only the * groups name.
func wholeQuery(agent string) query {
	if agent == "" {
		return crawlerQuery(Crawler{Token: "*"})
	}
	return query{agent: agent}
}

// crawlerQuery is the query of a catalogued (or unknown) crawler: its
// token, its fallbacks, its treatment of the * groups.
func crawlerQuery(c Crawler) query {
	return query{agent: c.Token, fallbacks: c.Fallbacks, ignoreGlobal: c.IgnoresGlobal}
}

// decide checks url for q in this reading, as its parts say: the path
// maker makes the path, the agent matcher finds the groups, the rule
// decider picks the rule.
func (r *Reading) decide(q query, url string) Verdict {
	v := Verdict{Dialect: r.Dialect, Agent: q.agent, URL: url, Winner: -1}
	path, ok := r.pathOf(url)
	v.Path = path
	if r.alwaysAllows(path, ok) {
		v.Allowed, v.Selection = true, AlwaysAllowed
		return v
	}
	list := r.Dialect.parts().agents.choose(r, q, &v)
	r.decideIn(list, &v)
	return v
}

// pathOf returns the path url is compared as in this reading, and false
// when the reading cannot split url.
func (r *Reading) pathOf(url string) (string, bool) {
	p := r.Dialect.parts()
	return p.paths(url, p.quirks)
}

// alwaysAllows reports whether the reading allows path whatever the file
// says: a URL it cannot split matches no rule, and some readings always
// allow /robots.txt.
func (r *Reading) alwaysAllows(path string, ok bool) bool {
	return !ok || r.Dialect.parts().has(robotsTxtAllowed) && path == "/robots.txt"
}

// decideIn decides v.Path among the groups list (nil when none applies).
func (r *Reading) decideIn(list *groupList, v *Verdict) {
	if list == nil {
		v.Allowed = true
		return
	}
	r.Dialect.parts().rules.decide(r, list, v)
}

// decideLongest is the rule decider of the readings merged by token: the
// longest match wins, as Google's library decides.
func decideLongest(r *Reading, l *groupList, v *Verdict) {
	set := l.ruleSet(r)
	v.Groups = set.groups
	if len(set.rules) == 0 {
		v.Allowed = true
		v.ShadowsGlobal = v.Selection != GlobalGroup && r.globalHasRules()
		return
	}
	set.collect(v.Path, v)
	v.decideAmong()
}

// decideAmong picks the winner among v.Matches as Google's library does:
// the highest priority wins, an Allow wins a tie with a Disallow, the first
// wins among equals of one kind, and a rule of priority 0 (an empty
// pattern) never disallows.
func (v *Verdict) decideAmong() {
	allow, disallow := -1, -1 // indexes in v.Matches of the best of each kind
	for i := range v.Matches {
		m := &v.Matches[i]
		best := &disallow
		if m.Rule.Allow {
			best = &allow
		}
		if *best < 0 || m.Priority > v.Matches[*best].Priority {
			*best = i
		}
	}
	prio := func(i int) int {
		if i < 0 {
			return -1
		}
		return v.Matches[i].Priority
	}
	pa, pd := prio(allow), prio(disallow)
	v.Allowed = !(pd > 0 && pd > pa)
	v.Winner = allow
	if pd > pa {
		v.Winner = disallow
	}
	if v.Winner < 0 {
		return
	}
	w := &v.Matches[v.Winner]
	v.Line = w.Rule.Line
	switch {
	case w.Rule.Allow && pa == pd:
		v.Tie = AllowWinsTie
	default:
		for i := range v.Matches {
			m := &v.Matches[i]
			if i != v.Winner && m.Rule.Allow == w.Rule.Allow && m.Priority == w.Priority {
				v.Tie = FirstWinsTie
				break
			}
		}
	}
}

// chooseByToken is the agent matcher of the readings merged by token: the
// groups that name the crawler's token or, in turn, each of its
// fallbacks; else the * groups, unless the crawler ignores them.
func chooseByToken(r *Reading, q query, v *Verdict) *groupList {
	for i := -1; i < len(q.fallbacks); i++ {
		tok := q.agent
		if i >= 0 {
			tok = q.fallbacks[i]
		}
		named := r.lookupToken(tok)
		if named == nil {
			continue
		}
		v.Selection, v.Token = NamedGroup, tok
		if i >= 0 {
			v.Selection = FallbackGroup
		}
		return named
	}
	switch {
	case r.global == nil:
		v.Selection = NoGroup
		return nil
	case q.ignoreGlobal:
		v.Selection = GlobalIgnored
		return nil
	}
	v.Selection, v.Token = GlobalGroup, "*"
	return r.global
}

func (r *Reading) globalHasRules() bool {
	if r.global == nil {
		return false
	}
	for _, gi := range r.global.groups {
		if len(r.Groups[gi].Rules) > 0 {
			return true
		}
	}
	return false
}

// lookupToken returns the groups that name the product token, or nil.
func (r *Reading) lookupToken(tok string) *groupList {
	var buf [64]byte
	if len(tok) > len(buf) {
		return r.byToken[lowerASCII(tok)]
	}
	b := buf[:len(tok)]
	for i := 0; i < len(tok); i++ {
		b[i] = lower(tok[i])
	}
	// Indexing a map with string(b) does not allocate.
	return r.byToken[string(b)]
}

func lower(c byte) byte {
	if 'A' <= c && c <= 'Z' {
		return c + 'a' - 'A'
	}
	return c
}

// A groupList is the groups that name one product token (or *), with their
// merged rules, made on first use.
type groupList struct {
	groups []int32
	once   sync.Once
	set    *ruleSet
}

func (l *groupList) ruleSet(r *Reading) *ruleSet {
	l.once.Do(func() { l.set = newRuleSet(r, l.groups) })
	return l.set
}
