package model

import (
	"errors"
	"fmt"
	"io"
	"strings"
	"sync"

	"robotstester/robots"
	"robotstester/robots/sitemap"
)

// The site URLs panel: a whole site's URLs (its sitemaps', a list's, a
// crawler's export, an access log's requests), counted against the file
// by deciding line for one crawler (robots.Coverage), and what an edit
// changes over them (robots.Diff). Its state is a SiteURLs; a coverage is
// worked out by Cover, in slices with pauses, and drawn from its View.

// ErrSiteFull is what adding past MaxSiteURLs returns: the rest of the
// source is not read.
var ErrSiteFull = errors.New("the panel holds 1,000,000 URLs at most")

// SiteURLs is the URLs the panel holds, where they came from, and the
// file as it was when they were loaded (the base an edit is compared
// with). It is safe for one goroutine reading into it while another
// counts it: Cover works on a view taken under its lock.
type SiteURLs struct {
	mu sync.Mutex
	// submitted are the URLs a sitemap lists (fetched, or an XML sitemap
	// dropped): a blocked one is Search Console's "Submitted URL blocked
	// by robots.txt". listed are those of lists and exports.
	submitted, listed URLSet
	requests          Requests
	sources           []SiteSource
	notes             []string
	version           int // counts the changes of the URLs
	cleared           int // counts the Clears: a Source of an earlier count is gone

	base     *robots.File
	baseText string
}

// A SiteSource is one sitemap, list, export or log read into the panel.
type SiteSource struct {
	Name string
	// Kind is "sitemap", "index", "list" or "log".
	Kind string
	// URLs counts the URLs (or requests, or for an index the sitemaps) it gave.
	URLs int
	// Error says why it was not read whole, in words; "" when it was.
	Error string
}

// maxSiteNotes bounds the notes the panel keeps.
const maxSiteNotes = 20

// Total returns how many URLs and requests are held.
func (s *SiteURLs) Total() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.total()
}

func (s *SiteURLs) total() int { return s.submitted.Len() + s.listed.Len() + s.requests.Len() }

// Version counts the changes of the URLs: a coverage of an older version
// is stale.
func (s *SiteURLs) Version() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.version
}

// Sources returns the sources read, in order.
func (s *SiteURLs) Sources() []SiteSource {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]SiteSource(nil), s.sources...)
}

// Notes returns what reading the sources noted (limits, lines skipped).
func (s *SiteURLs) Notes() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]string(nil), s.notes...)
}

// Clear drops every URL, source and note, and the base. The sets are
// made anew, not emptied: a count under way keeps its view of them.
func (s *SiteURLs) Clear() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.submitted, s.listed, s.requests = URLSet{}, URLSet{}, Requests{}
	s.sources, s.notes = nil, nil
	s.base, s.baseText = nil, ""
	s.version++
	s.cleared++
}

// Begin starts reading a source into the panel; the file shown then
// (file, its text) becomes the base an edit is compared with when the
// panel held no URL. It returns the source for Add and Fail.
func (s *SiteURLs) Begin(name, kind string, file *robots.File, text string) Source {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.base == nil || s.total() == 0 {
		s.base, s.baseText = file, text
	}
	s.sources = append(s.sources, SiteSource{Name: name, Kind: kind})
	return Source{cleared: s.cleared, i: len(s.sources) - 1}
}

// A Source is a source being read into a SiteURLs (Begin). A reading
// under way when the panel is cleared finds its source gone: what it adds
// then is dropped, and Add tells it to stop.
type Source struct{ cleared, i int }

// source returns src's record, or nil when the panel was cleared since.
func (s *SiteURLs) source(src Source) *SiteSource {
	if src.cleared != s.cleared || src.i >= len(s.sources) {
		return nil
	}
	return &s.sources[src.i]
}

// Rebase makes file the base an edit is compared with.
func (s *SiteURLs) Rebase(file *robots.File, text string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.base, s.baseText = file, text
	s.version++
}

// Add adds an entry of source src: a logged request (it has a status), a
// URL a sitemap submits (an XML sitemap's, or one the relay read) or a
// URL of a list. The URL is encoded as a browser sends it, once, here.
// Past MaxSiteURLs it returns ErrSiteFull; once the panel was cleared,
// robots.ErrStopped.
func (s *SiteURLs) Add(src Source, e sitemap.Entry, submitted bool) error {
	u := robots.EncodeURL(e.URL)
	s.mu.Lock()
	defer s.mu.Unlock()
	rec := s.source(src)
	if rec == nil {
		return robots.ErrStopped
	}
	if s.total() >= MaxSiteURLs {
		return ErrSiteFull
	}
	var ok bool
	switch {
	case e.Status != 0:
		ok = s.requests.Add(u, e.Agent, e.Status)
		rec.Kind = "log"
	case submitted:
		ok = s.submitted.Add(u)
	default:
		ok = s.listed.Add(u)
	}
	if ok {
		rec.URLs++
		s.version++
	}
	return nil
}

// Named counts sitemaps an index of source src named.
func (s *SiteURLs) Named(src Source, n int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if rec := s.source(src); rec != nil {
		rec.Kind = "index"
		rec.URLs += n
	}
}

// Fail says why source src was not read whole.
func (s *SiteURLs) Fail(src Source, why string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if rec := s.source(src); rec != nil {
		rec.Error = why
		s.version++
	}
}

// Note keeps a note of the reading, up to maxSiteNotes.
func (s *SiteURLs) Note(text string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if len(s.notes) < maxSiteNotes {
		s.notes = append(s.notes, text)
	}
}

// siteStep is how many URLs paced work handles between two pauses: at
// about a microsecond a URL in WebAssembly, a pause is asked for every
// millisecond or so, and the pacer gives the browser its turn when a slice
// is spent.
const siteStep = 1024

// ReadSource reads a dropped or pasted source of any kind (robots/sitemap
// tells: an XML sitemap or index, gzip, a list, a CSV export, an access
// log) into source src. A sitemap index's sitemaps are not followed here:
// they are returned, for the page to fetch. pause may be nil; when it
// stops the work, it returns robots.ErrStopped, with what was read kept.
func (s *SiteURLs) ReadSource(src Source, r io.Reader, name string, pause robots.Pause) (sitemaps []string, err error) {
	n := 0
	note := func(nt sitemap.Note) { s.Note(nt.String()) }
	err = sitemap.Read(r, name, note, func(e sitemap.Entry) error {
		n++
		if n%siteStep == 0 && pause != nil && pause() {
			return robots.ErrStopped
		}
		if e.Sitemap {
			sitemaps = append(sitemaps, e.URL)
			return nil
		}
		// An XML source's entries have no line: a sitemap submits them.
		return s.Add(src, e, e.Line == 0)
	})
	if len(sitemaps) > 0 {
		s.Named(src, len(sitemaps))
	}
	switch {
	case errors.Is(err, ErrSiteFull):
		s.Note(fmt.Sprintf("%s: the panel holds %s URLs at most: the rest was not read.", name, Grouped(MaxSiteURLs)))
		err = nil
	case err != nil && !errors.Is(err, robots.ErrStopped):
		s.Fail(src, err.Error())
	}
	return sitemaps, err
}

// AddLocs adds the URLs a sitemap lists (the relay's locs), submitted,
// with pauses; past MaxSiteURLs it returns ErrSiteFull.
func (s *SiteURLs) AddLocs(src Source, locs []string, pause robots.Pause) error {
	for i, u := range locs {
		if i%siteStep == siteStep-1 && pause != nil && pause() {
			return robots.ErrStopped
		}
		if err := s.Add(src, sitemap.Entry{URL: u}, true); err != nil {
			return err
		}
	}
	return nil
}

// A SiteQuery is what a coverage is of: the file shown, read as the
// tests are (the dialect chosen, the server's answer), for the crawler
// chosen in the panel.
type SiteQuery struct {
	File *robots.File
	// Text is the file's text: an edit is told from the base by it.
	Text    string
	Crawler string
	Dialect robots.Dialect
	Fixed   bool
	Answer  robots.AnswerClass
}

// SiteQueryFor returns the query of the state s's file, analysed as an,
// for crawler ("" is Googlebot).
func SiteQueryFor(an *Analysis, s *State, crawler string) SiteQuery {
	d, fixed := robots.ParseDialect(s.Dialect)
	return SiteQuery{File: an.File, Text: s.Robots, Crawler: SiteCrawler(crawler), Dialect: d, Fixed: fixed, Answer: AnswerFor(s.Answer).Class}
}

// SiteCrawler returns the crawler a panel counts for: the one typed, or
// Googlebot when none is.
func SiteCrawler(typed string) string {
	if c := strings.TrimSpace(typed); c != "" {
		return c
	}
	return "Googlebot"
}

// dialectOf returns the reading q's crawler agent is checked in.
func (q *SiteQuery) dialectOf(agent string) robots.Dialect {
	if q.Fixed {
		return q.Dialect
	}
	return robots.Identify(agent).Crawler.Dialect
}

// A SiteCoverage is what Cover counted: for the panel's crawler, every
// URL held by deciding line; for Googlebot, the URLs sitemaps submit that
// the file blocks; for each crawler of a log, its requests; and what the
// edit changes against the base.
type SiteCoverage struct {
	Query   SiteQuery
	Version int // the URLs' version counted
	// Pages is the number of URLs counted (submitted and listed), and
	// Submitted those a sitemap submits.
	Pages, Submitted int
	// Tally is the panel's crawler's, over every URL.
	Tally robots.Tally
	// Googlebot is Googlebot's, over the URLs sitemaps submit.
	Googlebot robots.Tally
	// Requests are the logged requests' tallies, by product token.
	Requests []robots.Tally
	// Compared reports that the file differs from the base; Flips are
	// then the changes, for the panel's crawler.
	Compared bool
	Flips    []robots.Flip
	// Unused are the rules of the groups that apply to the crawler that
	// decide none of the URLs.
	Unused []robots.Rule
}

// Cover counts the URLs held for q, in steps with pause between them
// (siteStep URLs, and each reading of the file made first), so that a
// page can give the browser its turn: a million URLs are seconds of
// WebAssembly. pause may be nil; when it stops the work, Cover returns
// robots.ErrStopped.
func (s *SiteURLs) Cover(q SiteQuery, pause robots.Pause) (*SiteCoverage, error) {
	s.mu.Lock()
	sub, list, reqs := s.submitted.View(), s.listed.View(), s.requests.View()
	base, baseText, version := s.base, s.baseText, s.version
	s.mu.Unlock()

	c := &SiteCoverage{Query: q, Version: version, Pages: sub.Len() + list.Len(), Submitted: sub.Len()}
	c.Compared = base != nil && baseText != q.Text && c.Pages > 0
	// The readings are made first, each a step (a large file's reading
	// is the costly part); the counting then only checks.
	dialects := []robots.Dialect{q.dialectOf(q.Crawler), q.dialectOf("Googlebot")}
	for i := range reqs.agents {
		if d := q.dialectOf(reqs.agents[i]); len(dialects) < 8 && !containsDialect(dialects, d) {
			dialects = append(dialects, d)
		}
	}
	for _, d := range dialects {
		if _, err := q.File.ReadPaced(d, pause); err != nil {
			return nil, err
		}
		if c.Compared {
			if _, err := base.ReadPaced(d, pause); err != nil {
				return nil, err
			}
		}
	}
	agents := []string{q.Crawler}
	googlebot := 0
	if !isGooglebot(q.Crawler) {
		agents, googlebot = append(agents, "Googlebot"), 1
	}
	covSub := q.coverage(agents...)
	covList := q.coverage(q.Crawler)
	covReqs := q.coverage()
	var diff *robots.Diff
	if c.Compared {
		diff = robots.NewDiff(base, q.File, q.Crawler)
		diff.Dialect, diff.Fixed, diff.OldAnswer, diff.NewAnswer = q.Dialect, q.Fixed, q.Answer, q.Answer
	}
	stopped := func(i int) bool { return i%siteStep == siteStep-1 && pause != nil && pause() }
	count := func(set *URLSet, cov *robots.Coverage) error {
		for i := range set.Len() {
			if stopped(i) {
				return robots.ErrStopped
			}
			u := set.At(i)
			cov.Add(u)
			if diff != nil {
				diff.Add(u)
			}
		}
		return nil
	}
	if err := count(&sub, covSub); err != nil {
		return nil, err
	}
	if err := count(&list, covList); err != nil {
		return nil, err
	}
	for i := range reqs.Len() {
		if stopped(i) {
			return nil, robots.ErrStopped
		}
		u, agent, status := reqs.At(i)
		covReqs.AddRequest(agent, u, status)
	}
	subT, listT := covSub.Tallies(), covList.Tallies()
	c.Tally = mergeTallies(subT[0], listT[0])
	c.Googlebot = subT[googlebot]
	c.Requests = covReqs.Tallies()
	if diff != nil {
		c.Flips = diff.Flips()
	}
	c.Unused = unusedRules(q, c.Tally)
	return c, nil
}

// coverage returns a Coverage of q's file for agents, read as q says.
func (q *SiteQuery) coverage(agents ...string) *robots.Coverage {
	c := robots.NewCoverage(q.File, agents...)
	c.Dialect, c.Fixed, c.Answer = q.Dialect, q.Fixed, q.Answer
	return c
}

func containsDialect(ds []robots.Dialect, d robots.Dialect) bool {
	for _, x := range ds {
		if x == d {
			return true
		}
	}
	return false
}

// isGooglebot reports whether agent names Googlebot itself.
func isGooglebot(agent string) bool {
	return strings.EqualFold(robots.Identify(agent).Token, "Googlebot")
}

// mergeTallies adds b's counts to a's, line by line: the same crawler over
// two sets of URLs. The examples are a's first, then b's, up to the
// engine's number.
func mergeTallies(a, b robots.Tally) robots.Tally {
	out := a
	out.Allowed += b.Allowed
	out.Blocked += b.Blocked
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
			m.Examples = append(append([]string(nil), m.Examples...), l.Examples...)
			m.Examples = m.Examples[:min(len(m.Examples), robots.DefaultExamples)]
			continue
		}
		out.Lines = append(out.Lines[:i], append([]robots.LineCount{l}, out.Lines[i:]...)...)
	}
	return out
}

// unusedRules returns the rules of the groups that apply to q's crawler
// that decided none of t's URLs; none when the server's answer decides
// every URL.
func unusedRules(q SiteQuery, t robots.Tally) []robots.Rule {
	if t.Access.Permission != robots.FollowRules || t.Allowed+t.Blocked == 0 {
		return nil
	}
	used := map[int]bool{}
	for _, l := range t.Lines {
		used[l.Line] = true
	}
	v := q.File.Read(t.Dialect).CheckAgent(q.Crawler, "/")
	var out []robots.Rule
	for _, g := range v.Groups {
		for _, r := range g.Rules {
			if !used[r.Line] {
				out = append(out, r)
			}
		}
	}
	return out
}

// SiteRow is one URL of the panel checked, for the CSV export.
type SiteRow struct {
	// Source is "sitemap", "list" or "log".
	Source  string
	URL     string
	Agent   string // the panel's crawler, or a logged request's user-agent string
	Allowed bool
	Line    int
	Rule    string // the deciding line as the file has it, or what the server's answer does
	Status  int    // a logged request's status; 0 otherwise
}

// EachRow checks every URL held for q, one by one (robots.File.Ask, as
// the tests are checked), and hands each to fn, with pause every siteStep
// URLs. It returns fn's first error, or robots.ErrStopped.
func (s *SiteURLs) EachRow(q SiteQuery, pause robots.Pause, fn func(SiteRow) error) error {
	s.mu.Lock()
	sub, list, reqs := s.submitted.View(), s.listed.View(), s.requests.View()
	s.mu.Unlock()
	n := 0
	row := func(source, u, agent string, status int) error {
		n++
		if n%siteStep == 0 && pause != nil && pause() {
			return robots.ErrStopped
		}
		ru := q.File.Ask(robots.Question{Agent: agent, URL: u, Dialect: q.Dialect, OwnDialect: !q.Fixed, Answer: q.Answer})
		r := SiteRow{Source: source, URL: u, Agent: agent, Allowed: ru.Allowed, Line: ru.Line, Status: status}
		switch {
		case ru.ByAnswer():
			r.Rule = permissionText(ru.Access.Permission) + " (the server's answer)"
		case ru.Line > 0:
			r.Rule = lineRule(q.File, ru.Line)
		}
		return fn(r)
	}
	for i := range sub.Len() {
		if err := row("sitemap", sub.At(i), q.Crawler, 0); err != nil {
			return err
		}
	}
	for i := range list.Len() {
		if err := row("list", list.At(i), q.Crawler, 0); err != nil {
			return err
		}
	}
	for i := range reqs.Len() {
		u, agent, status := reqs.At(i)
		if err := row("log", u, agent, status); err != nil {
			return err
		}
	}
	return nil
}

// lineRule returns line n of f as a rule: "Disallow: /private/".
func lineRule(f *robots.File, n int) string { return f.Key(n) + ": " + f.Value(n) }

// Grouped writes n with a comma between each group of three digits, as
// the panel's counts read: "12,408".
func Grouped(n int) string {
	s := fmt.Sprint(n)
	neg := strings.HasPrefix(s, "-")
	s = strings.TrimPrefix(s, "-")
	var b strings.Builder
	if neg {
		b.WriteByte('-')
	}
	for i, c := range s {
		if i > 0 && (len(s)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(c)
	}
	return b.String()
}
