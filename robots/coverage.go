package robots

import (
	"cmp"
	"iter"
	"robotstester/robots/verify"
	"slices"
	"strings"
)

// DefaultExamples is the number of URLs a Coverage or a Diff keeps as
// examples of each deciding line or change, when it is told no other.
const DefaultExamples = 3

// A Coverage counts the verdicts of a stream of URLs, a whole site's,
// for some crawlers: how many each may and may not fetch, and which line
// decided them, with the first few URLs of each line as examples. Its
// memory grows with the lines that decide, never with the URLs: a
// sitemap of ten million URLs is counted in the space of one.
//
// Crawlers that the file reads alike are counted once: in one reading,
// crawlers that obey the same groups (Googlebot and ClaudeBot both
// following the * group, say) get the same verdict from the same line
// for every URL, so each URL is decided once for them, and their counts
// and examples are kept once, whatever the number of crawlers. Their
// Tallies, which differ in Agent only, are made when they are asked for.
//
// Set the exported fields before the first Add. A Coverage is not safe
// for concurrent use; its File is, so that several may share one.
type Coverage struct {
	// Dialect is the reading every crawler is checked in when Fixed;
	// otherwise each is checked in its own, the catalogue's (Google's for
	// a crawler it does not know), as the tester does.
	Dialect Dialect
	Fixed   bool
	// Examples is the most URLs kept for each line of each crawler (255
	// at most), distinct; 0 means DefaultExamples, a negative number none.
	Examples int
	// Answer is the class of the server's answer to the request for
	// robots.txt, as a Question's: Success, the zero value, reads the
	// file; after another answer a reading may allow or disallow every
	// URL instead (AccessFor), which its Tally then counts at line 0.
	Answer AnswerClass

	file   *File
	agents []string
	panel  *panel
	// requests are the tallies of AddRequest, by product token, in the
	// order they were met.
	byToken     map[string]*tally
	requests    []*tally
	requesters  map[string]Requester // AddRequest's strings, read
	notCrawlers NotCrawlers
	urls        int
}

// NewCoverage returns a Coverage of file for the crawlers named by agents,
// each a product token ("Googlebot") or a whole user-agent string, used
// as CheckAgent uses it.
func NewCoverage(file *File, agents ...string) *Coverage {
	return &Coverage{file: file, agents: agents}
}

// A Tally is what a Coverage counted for one crawler.
type Tally struct {
	// Agent is the crawler as NewCoverage was given it, or for the
	// requests of AddRequest, the product token of their user-agent
	// strings, which groups them.
	Agent string
	// Dialect is the reading the crawler was checked in.
	Dialect Dialect
	// Access is what the reading does after the server's answer: when its
	// Permission is not FollowRules, the answer decided every URL, and
	// the file was not read.
	Access Access
	// Allowed and Blocked count the URLs the crawler may and may not
	// fetch.
	Allowed, Blocked int
	// Lines are the lines that decided, in line order; line 0 (no rule
	// decided: the URL is allowed) first. A line that both allows and
	// blocks (never in one reading, but a merged tally can) has an entry
	// for each.
	Lines []LineCount
	// Origins count the requests of AddRequestFrom by where they came
	// from: verified, forged or unverified, of all the crawler's requests
	// and of those to URLs the file blocks for it (AddRequest's are
	// unverified).
	Origins verify.Tally
}

// A LineCount is the URLs one line decided for one crawler.
type LineCount struct {
	// Line is the deciding line, as Verdict.Line says it; 0 when no rule
	// decided (the URL is allowed: no rule matched, no group applies, or
	// the reading allows it whatever the file says).
	Line int
	// Rule is the line as the file has it ("Disallow: /private/"); "" at
	// line 0.
	Rule string
	// Allowed is the verdict the line gave.
	Allowed bool
	// Count is the number of URLs it decided.
	Count int
	// Fetched counts, of the requests of AddRequest, those the server
	// answered with a 2xx status: for a blocked line, pages the crawler
	// got though the file forbade them (if the file was the same then).
	Fetched int
	// Examples are the first URLs it decided, at most Examples of them.
	Examples []string
	// Origins count, of the requests of AddRequestFrom, where they came
	// from (Tally.Origins, line by line).
	Origins verify.Counts
}

// Add checks url for every crawler of the Coverage. The URL is taken as
// given, as Check takes it: encode what people type first (EncodeURL).
func (c *Coverage) Add(url string) {
	if c.panel == nil {
		c.panel = newPanel(c.file, c.agents, c.Dialect, c.Fixed, c.Answer)
	}
	c.urls++
	u := keptURL{url: url}
	c.panel.decide(url, func(t *tally, v *Verdict) { t.count(v, &u, c.examples(), false) })
}

// AddRequest checks one logged request: url for the crawler whose whole
// user-agent string is agent. The string is read by ReadRequester: a
// crawler's request, catalogued or not, is checked as its product token
// reads the file, and counted under that token (every Googlebot string
// under "Googlebot", "AhrefsBot/7.0" under "AhrefsBot"); a 2xx status
// counts as fetched. The requests of browsers, tools and strings that
// name nothing are not checked, robots.txt binding crawlers alone: they
// are counted in NotCrawlers.
func (c *Coverage) AddRequest(agent, url string, status int) {
	c.AddRequestFrom(agent, url, status, verify.Unverified)
}

// AddRequestFrom is AddRequest for a request whose origin was checked
// ([Origins.Check]): its crawler's Tally counts it in Origins too.
func (c *Coverage) AddRequestFrom(agent, url string, status int, origin verify.Status) {
	r, ok := c.requesters[agent]
	if !ok {
		// A log has a few thousand strings: each is read once.
		r = ReadRequester(agent)
		if len(c.requesters) < maxBatches {
			if c.requesters == nil {
				c.requesters = map[string]Requester{}
			}
			c.requesters[strings.Clone(agent)] = r
		}
	}
	if r.Kind != CrawlerRequester {
		c.notCrawlers.add(r)
		return
	}
	t := c.byToken[r.Token]
	if t == nil {
		if c.byToken == nil {
			c.byToken = map[string]*tally{}
		}
		id := r.Identity(agent)
		d := c.Dialect
		if !c.Fixed {
			d = id.Crawler.Dialect
		}
		t = newTally(c.file.Read(d), r.Token, c.Answer)
		c.byToken[r.Token] = t
		c.requests = append(c.requests, t)
	}
	c.urls++
	v := t.fixed
	if v == nil {
		path, ok := t.reading.pathOf(url)
		v = t.batchFor(agent, r).decide(url, path, ok)
	}
	t.count(v, &keptURL{url: url}, c.examples(), 200 <= status && status < 300)
	t.Origins.Add(origin, !v.Allowed)
	if n := len(t.lines); len(t.origins) < n {
		t.origins = append(t.origins, make([]verify.Counts, n-len(t.origins))...)
	}
	t.origins[t.last].Add(origin)
}

// NotCrawlers counts the requests of AddRequest that no crawler made, by
// what made them: robots.txt binds crawlers, so they are not checked.
type NotCrawlers struct {
	Browsers, Tools, Unknown int
	// ToolNames are the tools met (their products: "curl"), in the order
	// met, MaxToolNames at most.
	ToolNames []string
}

// MaxToolNames bounds NotCrawlers.ToolNames.
const MaxToolNames = 5

// Total returns the requests counted.
func (n *NotCrawlers) Total() int { return n.Browsers + n.Tools + n.Unknown }

// Add adds o's counts to n, and the tools it names that n does not,
// up to MaxToolNames: the counts of two shares of a log.
func (n *NotCrawlers) Add(o NotCrawlers) {
	n.Browsers += o.Browsers
	n.Tools += o.Tools
	n.Unknown += o.Unknown
	for _, t := range o.ToolNames {
		n.addTool(t)
	}
}

func (n *NotCrawlers) add(r Requester) {
	switch r.Kind {
	case BrowserRequester:
		n.Browsers++
	case ToolRequester:
		n.Tools++
		n.addTool(r.Token)
	default:
		n.Unknown++
	}
}

func (n *NotCrawlers) addTool(name string) {
	if len(n.ToolNames) < MaxToolNames && !slices.Contains(n.ToolNames, name) {
		n.ToolNames = append(n.ToolNames, strings.Clone(name))
	}
}

// NotCrawlers returns the requests of AddRequest that were not checked:
// those of browsers, tools and unknown requesters.
func (c *Coverage) NotCrawlers() NotCrawlers {
	n := c.notCrawlers
	n.ToolNames = slices.Clone(n.ToolNames)
	return n
}

// URLs returns the number of URLs (or requests) added.
func (c *Coverage) URLs() int { return c.urls }

// Tallies returns what was counted: a Tally for each crawler of
// NewCoverage, in the order given, then one for each product token of
// AddRequest's requests, in the order met.
func (c *Coverage) Tallies() []Tally {
	return slices.Collect(c.All())
}

// All returns an iterator over what was counted, the Tallies in their
// order, each made when it is reached: a caller that writes them out as
// it goes holds one crawler's lines at a time, not every crawler's.
func (c *Coverage) All() iter.Seq[Tally] {
	return func(yield func(Tally) bool) {
		if c.panel != nil {
			for i, t := range c.panel.of {
				if !yield(t.result(c.file, c.panel.agents[i], c.examples())) {
					return
				}
			}
		} else {
			for _, a := range c.agents {
				d := c.Dialect
				if !c.Fixed {
					d = Identify(a).Crawler.Dialect
				}
				if !yield(Tally{Agent: a, Dialect: d, Access: AccessFor(d, c.Answer)}) {
					return
				}
			}
		}
		for _, t := range c.requests {
			if !yield(t.result(c.file, t.Agent, c.examples())) {
				return
			}
		}
	}
}

func (c *Coverage) examples() int {
	if c.Examples == 0 {
		return DefaultExamples
	}
	return min(max(c.Examples, 0), maxExamples)
}

// maxExamples bounds Examples: a line counts its examples in a byte.
const maxExamples = 255

// A tally counts by deciding line, for one crawler or for several that
// the file reads alike (a panel's).
type tally struct {
	Tally
	reading *Reading
	batch   *batch            // a panel's: the batch of its crawlers
	now     decided           // a Diff's: the verdict of the URL being added
	batches map[string]*batch // AddRequest's, by whole user-agent string
	// lines are the lines counted, in the order met, by value: a line
	// costs its count and its first example, no allocation of its own.
	lines []lineCount
	at    map[int]int32      // the index in lines of each lineKey
	more  map[int32][]string // the examples past the first, by index in lines
	// fetched are AddRequest's requests answered 2xx, by index in lines,
	// as far as the last line that has one.
	fetched []int
	// origins are AddRequestFrom's origins, by index in lines, made as
	// fetched is.
	origins []verify.Counts
	last    int32 // the index of the line counted last (runs of URLs share one); -1 before any
	// fixed is the verdict of every URL when the server's answer decides
	// alone; nil when the file's rules do.
	fixed *Verdict
}

// newTally returns the tally of agent in reading r after the server's
// answer.
func newTally(r *Reading, agent string, answer AnswerClass) *tally {
	t := &tally{Tally: Tally{Agent: agent, Dialect: r.Dialect, Access: AccessFor(r.Dialect, answer)}, reading: r, last: -1}
	if p := t.Access.Permission; p != FollowRules {
		t.fixed = &Verdict{Dialect: r.Dialect, Allowed: p == AllowAll, Winner: -1}
	}
	return t
}

// A lineCount is a tally's count of one line and verdict: LineCount
// without what can be made when the result is asked.
type lineCount struct {
	line    int32 // a line a crawler reads: within FetchLimit's bytes
	allowed bool
	kept    uint8 // the examples kept: DefaultExamples is small
	count   int
	example string // the first URL, when examples are kept
}

// lineKey is a line and verdict as a tally's map key.
func lineKey(line int, allowed bool) int {
	if allowed {
		return line<<1 | 1
	}
	return line << 1
}

// maxBatches bounds the user-agent strings a tally remembers a batch for;
// past it, a request's batch is made for it alone.
const maxBatches = 1024

// batchFor returns the batch of the requests whose whole user-agent
// string is agent, which r read.
func (t *tally) batchFor(agent string, r Requester) *batch {
	if b := t.batches[agent]; b != nil {
		return b
	}
	id := r.Identity(agent)
	b := t.reading.newBatchFor(&id)
	if len(t.batches) < maxBatches {
		if t.batches == nil {
			t.batches = map[string]*batch{}
		}
		t.batches[agent] = b
	}
	return b
}

// A keptURL is the URL being counted, copied once when a tally first
// keeps it as an example: the tallies that keep it share the copy.
type keptURL struct {
	url  string
	kept bool // url is the copy
}

func (u *keptURL) keep() string {
	if !u.kept {
		u.url, u.kept = strings.Clone(u.url), true
	}
	return u.url
}

func (t *tally) count(v *Verdict, url *keptURL, examples int, fetched bool) {
	if v.Allowed {
		t.Allowed++
	} else {
		t.Blocked++
	}
	i := t.last
	if i < 0 || int(t.lines[i].line) != v.Line || t.lines[i].allowed != v.Allowed {
		i = t.lineOf(v.Line, v.Allowed)
		t.last = i
	}
	lc := &t.lines[i]
	lc.count++
	if fetched {
		if n := len(t.lines); len(t.fetched) < n {
			t.fetched = append(t.fetched, make([]int, n-len(t.fetched))...)
		}
		t.fetched[i]++
	}
	switch {
	case int(lc.kept) >= examples:
	case lc.count == 1:
		lc.example, lc.kept = url.keep(), 1
	case url.url != lc.example:
		// Examples are distinct URLs: a log asks for one page many times.
		if more := t.more[i]; !slices.Contains(more, url.url) {
			if t.more == nil {
				t.more = map[int32][]string{}
			}
			t.more[i] = append(more, url.keep())
			lc.kept++
		}
	}
}

// lineOf returns the index in t.lines of line with its verdict, added
// when new.
func (t *tally) lineOf(line int, allowed bool) int32 {
	k := lineKey(line, allowed)
	if i, ok := t.at[k]; ok {
		return i
	}
	if t.at == nil {
		t.at = map[int]int32{}
	}
	i := int32(len(t.lines))
	t.at[k] = i
	t.lines = append(t.lines, lineCount{line: int32(line), allowed: allowed})
	return i
}

// result returns the tally as agent's Tally, its lines in order and
// named, with their examples if examples (the most kept) is above 0.
func (t *tally) result(f *File, agent string, examples int) Tally {
	out := t.Tally
	out.Agent = agent
	out.Lines = make([]LineCount, len(t.lines))
	for i, lc := range t.lines {
		l := LineCount{Line: int(lc.line), Rule: ruleText(f, int(lc.line)), Allowed: lc.allowed, Count: lc.count}
		if i < len(t.fetched) {
			l.Fetched = t.fetched[i]
		}
		if i < len(t.origins) {
			l.Origins = t.origins[i]
		}
		if examples > 0 {
			more := t.more[int32(i)]
			l.Examples = append(append(make([]string, 0, 1+len(more)), lc.example), more...)
		}
		out.Lines[i] = l
	}
	slices.SortFunc(out.Lines, func(a, b LineCount) int {
		return cmp.Or(cmp.Compare(a.Line, b.Line), boolOrder(a.Allowed, b.Allowed))
	})
	return out
}

func boolOrder(a, b bool) int {
	switch {
	case a == b:
		return 0
	case a:
		return 1
	}
	return -1
}

// ruleText returns line n as a rule ("Disallow: /private/"), "" for 0.
func ruleText(f *File, n int) string {
	if n <= 0 {
		return ""
	}
	return f.Key(n) + ": " + f.Value(n)
}

// A panel is the crawlers a URL is checked for, with their tallies. It
// makes each URL a path once per reading, as an Asker does, and decides
// it once for the crawlers that the file reads alike: in one reading,
// crawlers whose batches obey the same groups (the group set the
// reading's agent matcher chose for each) get the same verdict from the
// same line for every URL, so they share one tally; so do all the
// crawlers of a reading that the server's answer decides alone. Their
// Tallies differ in Agent only.
type panel struct {
	readings []panelReading
	of       []*tally // the tally of each crawler, in the order given
	agents   []string // the Agent of each crawler's Tally
}

// panelReading is one reading of a panel, with a tally for each set of
// groups its crawlers obey.
type panelReading struct {
	r       *Reading
	tallies []*tally
}

func newPanel(f *File, agents []string, d Dialect, fixed bool, answer AnswerClass) *panel {
	a := f.Asker(Question{Dialect: d, OwnDialect: !fixed, Answer: answer}, agents...)
	p := &panel{of: make([]*tally, len(agents)), agents: make([]string, len(agents))}
	for _, ar := range a.readings {
		pr := panelReading{r: ar.r}
		for j, b := range ar.batches {
			i := ar.index[j]
			p.agents[i] = a.rulings[i].Agent
			p.of[i] = pr.tallyFor(b, answer)
		}
		p.readings = append(p.readings, pr)
	}
	return p
}

// tallyFor returns the tally of the crawler whose batch is b: that of the
// crawlers read alike met before, or a new one.
func (pr *panelReading) tallyFor(b *batch, answer AnswerClass) *tally {
	for _, t := range pr.tallies {
		if t.readsAlike(b) {
			return t
		}
	}
	t := newTally(pr.r, "", answer)
	t.batch = b
	pr.tallies = append(pr.tallies, t)
	return t
}

// readsAlike reports whether the crawler whose batch is b, in the tally's
// reading, gets the tally's verdict for every URL: when the server's
// answer decides alone, or when b obeys the same groups. (A verdict's
// line and permission depend on the reading, the path and the groups
// only; the crawler's name and how its groups were chosen do not enter
// the rule decider's choice.)
func (t *tally) readsAlike(b *batch) bool {
	return t.fixed != nil || t.batch.list == b.list
}

// decide decides url once for each tally, and hands fn the verdict,
// valid during the call.
func (p *panel) decide(url string, fn func(*tally, *Verdict)) {
	for k := range p.readings {
		pr := &p.readings[k]
		path, ok := pr.r.pathOf(url)
		for _, t := range pr.tallies {
			v := t.fixed
			if v == nil {
				v = t.batch.decide(url, path, ok)
			}
			fn(t, v)
		}
	}
}
