package sitework

import (
	"cmp"
	"errors"
	"slices"
	"strings"

	"robotstester/app/sitemsg"
	"robotstester/robots"
	"robotstester/robots/verify"
)

// A Query is what a coverage is of: the file, parsed, and the
// request's query (its text, the crawler, how the file is read).
type Query struct {
	File *robots.File
	sitemsg.Query
	// Origins check a log's requests by the address lists at hand; nil
	// when none is (every request unverified). Lists are the lists given
	// or said missing, for the panel's words.
	Origins *robots.Origins
	Lists   []ListAtHand
}

// NewQuery parses q's file.
func NewQuery(q sitemsg.Query) Query { return Query{File: robots.ParseString(q.Text), Query: q} }

// dialectOf returns the reading q's crawler agent is checked in.
func (q *Query) dialectOf(agent string) robots.Dialect {
	if q.Fixed {
		return q.Dialect
	}
	return robots.Identify(agent).Crawler.Dialect
}

// A span is the entries [from, to) of one of the sets held, by index.
type span struct{ from, to int }

func (sp span) len() int { return sp.to - sp.from }

// halves cuts sp in two at its middle.
func (sp span) halves() (span, span) {
	mid := sp.from + sp.len()/2
	return span{sp.from, mid}, span{mid, sp.to}
}

// A share is a span of each set held: of the submitted URLs, the listed
// ones and the requests. A count counts one (the helper worker counts
// the second half of each, while the worker counts the first), and an
// encoding (AppendState) holds one.
type share struct{ submitted, listed, requests span }

// len returns how many URLs and requests sh covers.
func (sh share) len() int { return sh.submitted.len() + sh.listed.len() + sh.requests.len() }

// whole returns the share of everything h holds.
func (h *held) whole() share {
	return share{span{0, h.submitted.Len()}, span{0, h.listed.Len()}, span{0, h.requests.Len()}}
}

// halves cuts each span of sh in two: the first halves, and the rest.
func (sh share) halves() (first, second share) {
	first.submitted, second.submitted = sh.submitted.halves()
	first.listed, second.listed = sh.listed.halves()
	first.requests, second.requests = sh.requests.halves()
	return first, second
}

// total returns how many URLs and requests h holds.
func (h *held) total() int { return h.submitted.Len() + h.listed.Len() + h.requests.Len() }

// Cover counts the URLs held for q, in steps with pause between them
// (siteStep URLs, and each reading of the file made first), so that the
// worker can take the page's messages (a newer query stops this one).
// pause may be nil; when it stops the work, Cover returns
// robots.ErrStopped.
func (s *SiteURLs) Cover(q Query, pause robots.Pause) (*sitemsg.Coverage, error) {
	h, version := s.view()
	p, err := h.count(q, h.whole(), pause)
	if err != nil {
		return nil, err
	}
	return h.coverage(q, version, p)
}

// CoverHalves counts what s holds for q as the worker and its helper do,
// natively: the first half of each set and the second in two goroutines
// at once, added up. It says what Cover says; BenchmarkSiteURLs
// (app/e2e) sets its time beside the browser's count on two cores.
func (s *SiteURLs) CoverHalves(q Query) (*sitemsg.Coverage, error) {
	h, version := s.view()
	first, second := h.whole().halves()
	var p1 *sitemsg.Part
	var err1 error
	done := make(chan struct{})
	go func() {
		defer close(done)
		p1, err1 = h.count(q, second, nil)
	}()
	p0, err := h.count(q, first, nil)
	<-done
	if err := errors.Join(err, err1); err != nil {
		return nil, err
	}
	return h.coverage(q, version, p0, p1)
}

// compared reports whether a count of h for q compares the file with the
// base: there is one, the file differs, and there are URLs to compare
// over (not requests: a log tells what was fetched under the file of
// then).
func (h *held) compared(q Query) bool {
	return h.base != nil && h.baseText != q.Text && h.submitted.Len()+h.listed.Len() > 0
}

// count counts the entries of sh for q, as Cover does, into a Part: the
// tallies and changes that coverage adds up with the other shares'.
func (h *held) count(q Query, sh share, pause robots.Pause) (*sitemsg.Part, error) {
	return h.countTold(q, sh, pause, nil)
}

// countTold is count, which tells told, when not nil, at each pause of
// the counting, how many of sh's URLs and requests are counted so far.
func (h *held) countTold(q Query, sh share, pause robots.Pause, told func(done int)) (*sitemsg.Part, error) {
	compared := h.compared(q)
	agents := matrixAgents(&q)
	// The readings are made first, each a step (a large file's reading
	// is the costly part); the counting then only checks.
	var dialects []robots.Dialect
	for _, a := range agents {
		if d := q.dialectOf(a); !slices.Contains(dialects, d) {
			dialects = append(dialects, d)
		}
	}
	for i := range h.requests.agents {
		if d := q.dialectOf(h.requests.agents[i]); len(dialects) < 8 && !slices.Contains(dialects, d) {
			dialects = append(dialects, d)
		}
	}
	for _, d := range dialects {
		if _, err := q.File.ReadPaced(d, pause); err != nil {
			return nil, err
		}
		if compared {
			if _, err := h.base.ReadPaced(d, pause); err != nil {
				return nil, err
			}
		}
	}
	// Every crawler is counted over each set at once: the query's
	// crawler's tally and Googlebot's are two of them. Compared with the
	// base, a Diff of every crawler counts the file too (CountNew), so
	// that each URL is decided once in each file, for what the file
	// decides and for what it changes, crawler by crawler (ByAgent: the
	// query's crawler may be named as a catalogued one is). A Diff for
	// each set, as a tally: a share's examples are then the first of its
	// set, wherever the set is cut.
	covSub, covList, covReqs := q.coverage(agents...), q.coverage(agents...), q.coverage()
	var diffSub, diffList *robots.Diff
	if compared {
		diffSub, diffList = q.diff(h.base, agents...), q.diff(h.base, agents...)
		diffSub.CountNew, diffList.CountNew = true, true
	}
	done := 0 // the URLs and requests of sh counted before the set under way
	stopped := func(i int) bool {
		if i%siteStep != siteStep-1 {
			return false
		}
		if told != nil {
			told(done + i)
		}
		return pause != nil && pause()
	}
	count := func(set *URLSet, sp span, cov *robots.Coverage, diff *robots.Diff) error {
		defer func() { done += sp.len() }()
		for i := sp.from; i < sp.to; i++ {
			if stopped(i - sp.from) {
				return robots.ErrStopped
			}
			if diff != nil {
				diff.Add(set.At(i))
			} else {
				cov.Add(set.At(i))
			}
		}
		return nil
	}
	if err := count(&h.submitted, sh.submitted, covSub, diffSub); err != nil {
		return nil, err
	}
	if err := count(&h.listed, sh.listed, covList, diffList); err != nil {
		return nil, err
	}
	if compared {
		covSub, covList = diffSub.Counted(), diffList.Counted()
	}
	check := newOrigins(q.Origins, &h.requests)
	days := map[sitemsg.DayCount]int{}
	for i := sh.requests.from; i < sh.requests.to; i++ {
		if stopped(i - sh.requests.from) {
			return nil, robots.ErrStopped
		}
		u, agent, status := h.requests.At(i)
		origin, day, w := check.of(&h.requests, i)
		covReqs.AddRequestFrom(agent, u, status, origin)
		if w.crawler && day >= 0 {
			days[sitemsg.DayCount{Agent: w.token, Day: day}]++
		}
	}
	p := &sitemsg.Part{Submitted: make([]robots.Tally, 2), Requests: covReqs.Tallies(), NotCrawlers: covReqs.NotCrawlers(),
		Days: dayCounts(days)}
	sub := matrixCounts(covSub, []int{0, googlebotAt}, func(i int, t robots.Tally) {
		if i == 0 {
			p.Submitted[0] = t // the crawler's
		} else {
			p.Submitted[1] = t // Googlebot's
		}
	})
	list := matrixCounts(covList, []int{0}, func(_ int, t robots.Tally) { p.Listed = t })
	p.Matrix = packMatrix(agents, addCounts(sub, list))
	if compared {
		p.SubmittedFlips, p.SubmittedChanges = splitFlips(diffSub)
		p.ListedFlips, p.ListedChanges = splitFlips(diffList)
	}
	return p, nil
}

// splitFlips returns the changes of a Diff of matrixAgents: the query's
// crawler's, and the catalogued crawlers' (distinct names: each flip is
// its crawler's); nil for none.
func splitFlips(d *robots.Diff) (crawler, catalogue []robots.Flip) {
	by := d.ByAgent()
	for _, fs := range by[1:] {
		catalogue = append(catalogue, fs...)
	}
	return by[0], catalogue
}

// errParts is what coverage returns for Parts that are not of the same
// count: a helper's answer to another question.
var errParts = errors.New("the shares' counts do not add up: they are of different counts")

// coverage returns the coverage of what h holds, at version, for q, from
// the Parts of its shares, given in the order of the shares (the first
// halves, then the second): their tallies are added line by line, the
// examples of the first share first, so that a count in shares says
// exactly what a count of everything at once says.
func (h *held) coverage(q Query, version int, parts ...*sitemsg.Part) (*sitemsg.Coverage, error) {
	p := *parts[0]
	p.NotCrawlers.ToolNames = slices.Clone(p.NotCrawlers.ToolNames)
	for _, o := range parts[1:] {
		p.NotCrawlers.Add(o.NotCrawlers)
		if len(o.Submitted) != len(p.Submitted) {
			return nil, errParts
		}
		p.Submitted = slices.Clone(p.Submitted)
		for i := range p.Submitted {
			p.Submitted[i] = mergeTallies(p.Submitted[i], o.Submitted[i])
		}
		p.Listed = mergeTallies(p.Listed, o.Listed)
		p.Requests = mergeRequests(p.Requests, o.Requests)
		p.Days = mergeDays(p.Days, o.Days)
		p.SubmittedFlips = mergeFlips(p.SubmittedFlips, o.SubmittedFlips)
		p.ListedFlips = mergeFlips(p.ListedFlips, o.ListedFlips)
		p.SubmittedChanges = mergeFlips(p.SubmittedChanges, o.SubmittedChanges)
		p.ListedChanges = mergeFlips(p.ListedChanges, o.ListedChanges)
	}
	var matrices []*sitemsg.Matrix
	for _, o := range parts {
		matrices = append(matrices, o.Matrix)
	}
	m, err := addMatrices(matrices...)
	if err != nil {
		return nil, err
	}
	c := &sitemsg.Coverage{Version: version, Pages: h.submitted.Len() + h.listed.Len(), Submitted: h.submitted.Len(), Matrix: m}
	c.Compared = h.compared(q)
	// The crawler's tally is Googlebot's when it is Googlebot: the
	// submitted URLs' last.
	c.Tally = mergeTallies(p.Submitted[0], p.Listed)
	c.Googlebot = p.Submitted[len(p.Submitted)-1]
	c.Requests, c.NotCrawlers, c.Days = p.Requests, p.NotCrawlers, p.Days
	if c.Compared {
		c.Flips = mergeFlips(p.SubmittedFlips, p.ListedFlips)
		if m != nil {
			// What the edit changes crawler by crawler, two counts each:
			// the query's crawler's are its own flips.
			mm := *m
			mm.Changes = append([]sitemsg.Flips{flipsOf(c.Flips)}, flipsByAgent(m.Agents[1:], mergeFlips(p.SubmittedChanges, p.ListedChanges))...)
			c.Matrix = &mm
		}
	}
	c.Unused = unusedRules(q, c.Tally)
	return c, nil
}

// diff returns a Diff of base and q's file for agents, read as q says.
func (q *Query) diff(base *robots.File, agents ...string) *robots.Diff {
	d := robots.NewDiff(base, q.File, agents...)
	d.Dialect, d.Fixed, d.OldAnswer, d.NewAnswer = q.Dialect, q.Fixed, q.Answer, q.Answer
	return d
}

// coverage returns a Coverage of q's file for agents, read as q says.
func (q *Query) coverage(agents ...string) *robots.Coverage {
	c := robots.NewCoverage(q.File, agents...)
	c.Dialect, c.Fixed, c.Answer = q.Dialect, q.Fixed, q.Answer
	return c
}

// isGooglebot reports whether agent names Googlebot itself.
func isGooglebot(agent string) bool {
	return strings.EqualFold(robots.Identify(agent).Token, "Googlebot")
}

// mergeTallies adds b's counts to a's, line by line: the same crawler over
// two sets of URLs. The examples are a's first, then b's, up to the
// engine's number. The crawler is named as the first tally that counted
// a URL names it (the engine names it as it read it, white space
// trimmed; a tally of no URL, as it was given).
func mergeTallies(a, b robots.Tally) robots.Tally {
	out := a
	if a.Allowed+a.Blocked == 0 && b.Allowed+b.Blocked > 0 {
		out.Agent, out.Dialect, out.Access = b.Agent, b.Dialect, b.Access
	}
	out.Allowed += b.Allowed
	out.Blocked += b.Blocked
	out.Origins.All = addCounts3(out.Origins.All, b.Origins.All)
	out.Origins.Blocked = addCounts3(out.Origins.Blocked, b.Origins.Blocked)
	out.Lines = append([]robots.LineCount(nil), a.Lines...)
	for _, l := range b.Lines {
		i := 0
		for i < len(out.Lines) && (out.Lines[i].Line < l.Line || out.Lines[i].Line == l.Line && out.Lines[i].Allowed != l.Allowed) {
			i++
		}
		if i < len(out.Lines) && out.Lines[i].Line == l.Line && out.Lines[i].Allowed == l.Allowed {
			m := &out.Lines[i]
			m.Count += l.Count
			m.Fetched += l.Fetched
			m.Origins = addCounts3(m.Origins, l.Origins)
			m.Examples = appendExamples(m.Examples, l.Examples)
			continue
		}
		out.Lines = append(out.Lines[:i], append([]robots.LineCount{l}, out.Lines[i:]...)...)
	}
	return out
}

// appendExamples returns a's examples then those of b's that a lacks, up
// to the engine's number, in a slice of its own: a line's examples are
// distinct URLs, and a's, when fewer, are all those of its share.
func appendExamples(a, b []string) []string {
	out := append([]string(nil), a...)
	for _, e := range b {
		if len(out) < robots.DefaultExamples && !slices.Contains(a, e) {
			out = append(out, e)
		}
	}
	return out
}

// mergeRequests adds the requests' tallies b to a, crawler by crawler
// (by product token, the tallies' Agent), in the order they were first
// met: a's, then the crawlers only b met.
func mergeRequests(a, b []robots.Tally) []robots.Tally {
	out := slices.Clone(a)
	for _, t := range b {
		if i := slices.IndexFunc(out, func(o robots.Tally) bool { return o.Agent == t.Agent }); i >= 0 {
			out[i] = mergeTallies(out[i], t)
		} else {
			out = append(out, t)
		}
	}
	return out
}

// mergeFlips adds the changes b to a: the same change (crawler, reading,
// verdict, old and new deciders) counted over two sets of URLs is one,
// its examples a's first. They are in the engine's order (Diff.Flips):
// by crawler, in the order first met, then by the old line, the new, the
// new verdict and whether the server's answer decided.
func mergeFlips(a, b []robots.Flip) []robots.Flip {
	out := slices.Clone(a)
	for _, f := range b {
		i := slices.IndexFunc(out, func(o robots.Flip) bool {
			return o.Agent == f.Agent && o.Dialect == f.Dialect && o.Allowed == f.Allowed && o.Old == f.Old && o.New == f.New
		})
		if i < 0 {
			out = append(out, f)
			continue
		}
		out[i].Count += f.Count
		out[i].Examples = appendExamples(out[i].Examples, f.Examples)
	}
	var crawlers []string
	for _, f := range out {
		if !slices.Contains(crawlers, f.Agent) {
			crawlers = append(crawlers, f.Agent)
		}
	}
	slices.SortStableFunc(out, func(x, y robots.Flip) int {
		return cmp.Or(cmp.Compare(slices.Index(crawlers, x.Agent), slices.Index(crawlers, y.Agent)),
			cmp.Compare(x.Old.Line, y.Old.Line), cmp.Compare(x.New.Line, y.New.Line),
			cmp.Compare(bit(x.Allowed), bit(y.Allowed)), cmp.Compare(bit(x.Old.ByAnswer), bit(y.Old.ByAnswer)),
			cmp.Compare(bit(x.New.ByAnswer), bit(y.New.ByAnswer)))
	})
	return out
}

// bit is 1 for true: false orders first, as in the engine.
func bit(b bool) int {
	if b {
		return 1
	}
	return 0
}

// unusedRules returns the rules of the groups that apply to q's crawler
// that decided none of t's URLs; none when the server's answer decides
// every URL.
func unusedRules(q Query, t robots.Tally) []sitemsg.Rule {
	if t.Access.Permission != robots.FollowRules || t.Allowed+t.Blocked == 0 {
		return nil
	}
	used := map[int]bool{}
	for _, l := range t.Lines {
		used[l.Line] = true
	}
	v := q.File.Read(t.Dialect).CheckAgent(q.Crawler, "/")
	var out []sitemsg.Rule
	for _, g := range v.Groups {
		for _, r := range g.Rules {
			if !used[r.Line] {
				out = append(out, sitemsg.Rule{Line: r.Line, Allow: r.Allow})
			}
		}
	}
	return out
}

// addCounts3 adds two counts of requests by origin.
func addCounts3(a, b verify.Counts) verify.Counts {
	return verify.Counts{Requests: a.Requests + b.Requests, Verified: a.Verified + b.Verified,
		Forged: a.Forged + b.Forged, Unverified: a.Unverified + b.Unverified}
}

// dayCounts returns the counts of days in order: by crawler, then day.
func dayCounts(days map[sitemsg.DayCount]int) []sitemsg.DayCount {
	out := make([]sitemsg.DayCount, 0, len(days))
	for k, n := range days {
		k.N = n
		out = append(out, k)
	}
	slices.SortFunc(out, func(a, b sitemsg.DayCount) int {
		return cmp.Or(strings.Compare(a.Agent, b.Agent), cmp.Compare(a.Day, b.Day))
	})
	return out
}

// mergeDays adds the counts per day b to a's.
func mergeDays(a, b []sitemsg.DayCount) []sitemsg.DayCount {
	days := map[sitemsg.DayCount]int{}
	for _, ds := range [][]sitemsg.DayCount{a, b} {
		for _, d := range ds {
			n := d.N
			d.N = 0
			days[d] += n
		}
	}
	return dayCounts(days)
}
