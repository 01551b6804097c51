// Package sitework is the site URLs panel's work, done in a Web Worker
// of its own (app/siteworker) rather than in the page: reading a site's
// URLs (its sitemaps, fetched through the fetch relay, and the sitemaps,
// lists, crawlers' exports and access logs dropped or pasted on the page)
// and counting them against the file by deciding line for one crawler
// (robots.Coverage), with what an edit changes over them (robots.Diff),
// and in the same pass for every catalogued crawler (the matrix,
// matrix.go).
// Worker answers the page's messages (app/sitemsg); it is plain Go,
// tested natively, and app/siteworker only carries its messages.
//
// A count of many URLs is split over two cores: the worker starts a
// Helper, a second Worker that holds a copy of the second half of each
// set of URLs (sent in the panel's binary form, AppendState's, once no
// reading is under way) and counts it while the worker counts the first
// halves; each count is a sitemsg.Part, and the two are added up into
// the Coverage, which says exactly what a count of everything at once
// says (TestCoverSplit). A helper that fails, or holds an older share,
// leaves the worker to count alone.
package sitework

import (
	"errors"
	"fmt"
	"io"
	"slices"
	"sync"
	"time"

	"robotstester/app/sitemsg"
	"robotstester/robots"
	"robotstester/robots/sitemap"
)

// ErrSiteFull is what adding past MaxSiteURLs returns: the rest of the
// source is not read.
var ErrSiteFull = errors.New("the panel holds 1,000,000 URLs at most")

// errTooLong is what Add returns for an entry longer than a URLSet holds
// one: a CSV whose quote is never closed makes the rest of the file one
// field. The reading skips it and says so.
var errTooLong = errors.New("longer than a URL the panel holds")

// SiteURLs is the URLs the worker holds, where they came from, and the
// file as it was when they were loaded (the base an edit is compared
// with). It is safe for one goroutine reading into it while another
// counts it: Cover works on a view taken under its lock.
type SiteURLs struct {
	mu sync.Mutex
	held
	// dropped is what the last Clear dropped, until Restore puts it back
	// (beside what was read since) or another Clear: a million URLs
	// cleared by a slip of the hand come back with Undo.
	dropped *held
	version int // counts the changes of the URLs
	cleared int // counts the Clears: a Source of an earlier count is gone
}

// held is what a SiteURLs holds, which a Clear drops.
type held struct {
	// submitted are the URLs a sitemap lists (fetched, or an XML sitemap
	// dropped): a blocked one is Search Console's "Submitted URL blocked
	// by robots.txt". listed are those of lists and exports.
	submitted, listed URLSet
	// seen finds the URLs of both sets: a URL is held once, whatever
	// the sources that give it.
	seen     urlIndex
	requests Requests
	sources  []sitemsg.Source
	notes    []string

	// baseText is the base's text, when hasBase; base is it parsed, once
	// a count needs it (a reading need not parse it).
	hasBase  bool
	baseText string
	base     *robots.File
}

// maxSiteNotes bounds the notes the panel keeps; the last place is
// notesFull's when more came.
const maxSiteNotes = 20

// notesFull is the last note kept when there were more.
const notesFull = "More notes came than the panel keeps: the others were left out."

// Total returns how many URLs and requests are held.
func (s *SiteURLs) Total() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.total()
}

// Version counts the changes of the URLs: a coverage of an older version
// is stale.
func (s *SiteURLs) Version() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.version
}

// Sources returns the sources read, in order.
func (s *SiteURLs) Sources() []sitemsg.Source {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]sitemsg.Source(nil), s.sources...)
}

// State returns what is held now, for the page.
func (s *SiteURLs) State() sitemsg.URLsState {
	s.mu.Lock()
	defer s.mu.Unlock()
	return sitemsg.URLsState{Version: s.version, Pages: s.submitted.Len() + s.listed.Len(), Requests: s.requests.Len(),
		Sources: append([]sitemsg.Source(nil), s.sources...), Notes: append([]string(nil), s.notes...), List: s.listNode()}
}

// view returns what s holds now, which later readings do not change
// (views of the sets, the sources and notes copied, the base parsed),
// and its version.
func (s *SiteURLs) view() (held, int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return held{submitted: s.submitted.View(), listed: s.listed.View(), requests: s.requests.View(),
		sources: slices.Clone(s.sources), notes: slices.Clone(s.notes),
		hasBase: s.hasBase, baseText: s.baseText, base: s.baseFile()}, s.version
}

// Notes returns what reading the sources noted (limits, lines skipped).
func (s *SiteURLs) Notes() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]string(nil), s.notes...)
}

// Clear drops every URL, source and note, and the base, and keeps them
// for Restore. The sets are made anew, not emptied: a count under way
// keeps its view of them.
func (s *SiteURLs) Clear() {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.total() > 0 || len(s.sources) > 0 {
		d := s.held
		s.dropped = &d
	}
	s.held = held{}
	s.version++
	s.cleared++
}

// release drops what s holds, not kept for Restore, and holds no
// version of the worker's (-1): a helper's last share, before it reads
// the next, whose memory is then there to take.
func (s *SiteURLs) release() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.held, s.dropped, s.version = held{}, nil, -1
	s.cleared++
}

// Restore puts back what the last Clear dropped, and reports whether
// there was anything to put back. What was read since stays, first, with
// its base; what the Clear dropped comes after it, up to MaxSiteURLs. The
// readings the Clear stopped stay stopped: their sources hold what they
// had read.
func (s *SiteURLs) Restore() bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	d := s.dropped
	if d == nil {
		return false
	}
	s.dropped = nil
	s.version++
	if s.total() == 0 && len(s.sources) == 0 {
		s.held = *d
		return true
	}
	s.merge(d)
	return true
}

// merge adds what d holds after what s holds, up to MaxSiteURLs, and
// notes what did not fit; the lock is held.
func (s *SiteURLs) merge(d *held) {
	room := MaxSiteURLs - s.total()
	left := 0
	add := func(dst, src *URLSet) {
		for i := range src.Len() {
			if room == 0 {
				left += src.Len() - i
				return
			}
			// A URL read again since the Clear is held once.
			if added, _ := s.addURL(dst, src.At(i)); added {
				room--
			}
		}
	}
	add(&s.submitted, &d.submitted)
	add(&s.listed, &d.listed)
	for i := range d.requests.Len() {
		if room == 0 {
			left += d.requests.Len() - i
			break
		}
		u, agent, status := d.requests.At(i)
		addr, day := d.requests.From(i)
		if s.requests.Add(u, agent, status, addr, dayTime(day)) {
			room--
		}
	}
	s.sources = append(s.sources, d.sources...)
	notes := d.notes
	if left > 0 { // first: the notes may be full
		notes = append([]string{fmt.Sprintf("The panel holds %s URLs at most: %s of those put back were left out.", sitemsg.Grouped(MaxSiteURLs), sitemsg.Grouped(left))}, notes...)
	}
	for _, n := range notes {
		s.note(n)
	}
}

// Begin starts reading a source into the panel; the file shown then (its
// text) becomes the base an edit is compared with when the panel held no
// URL. It returns the source for Add and Fail.
func (s *SiteURLs) Begin(name, kind string, text string) Source {
	s.mu.Lock()
	defer s.mu.Unlock()
	if !s.hasBase || s.total() == 0 {
		s.setBase(text)
	}
	s.sources = append(s.sources, sitemsg.Source{Name: name, Kind: kind})
	return Source{cleared: s.cleared, i: len(s.sources) - 1}
}

// A Source is a source being read into a SiteURLs (Begin). A reading
// under way when the panel is cleared finds its source gone: what it adds
// then is dropped, and Add tells it to stop.
type Source struct{ cleared, i int }

// source returns src's record, or nil when the panel was cleared since.
func (s *SiteURLs) source(src Source) *sitemsg.Source {
	if src.cleared != s.cleared || src.i >= len(s.sources) {
		return nil
	}
	return &s.sources[src.i]
}

// touch counts a change that is not of the URLs (the address lists the
// requests are checked by): their counts are stale.
func (s *SiteURLs) touch() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.version++
}

// Rebase makes text the base an edit is compared with.
func (s *SiteURLs) Rebase(text string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.setBase(text)
	s.version++
}

// setBase makes text the base; the lock is held.
func (s *SiteURLs) setBase(text string) {
	if !s.hasBase || s.baseText != text {
		s.base = nil
	}
	s.hasBase, s.baseText = true, text
}

// baseFile returns the base parsed, nil when there is none; the lock is
// held.
func (s *SiteURLs) baseFile() *robots.File {
	if !s.hasBase {
		return nil
	}
	if s.base == nil {
		s.base = robots.ParseString(s.baseText)
	}
	return s.base
}

// Add adds an entry of source src: a logged request (it has a status), a
// URL a sitemap submits (an XML sitemap's, or one the relay read) or a
// URL of a list. The URL is encoded as a browser sends it, once, here.
// Past MaxSiteURLs it returns ErrSiteFull; once the panel was cleared,
// robots.ErrStopped; for an entry too long to be held, errTooLong.
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
	if e.Status != 0 {
		if !s.requests.Add(u, e.Agent, e.Status, e.Addr, e.Time) {
			return errTooLong
		}
		rec.Kind = "log"
		rec.URLs++
		s.version++
		return nil
	}
	set := &s.listed
	if submitted {
		set = &s.submitted
	}
	switch added, ok := s.addURL(set, u); {
	case !ok:
		return errTooLong
	case !added:
		// Held already, from this source or another: counted once.
		rec.Repeats++
		return nil
	}
	rec.URLs++
	s.version++
	return nil
}

// addURL adds u to set, one of s's two, unless either holds it already,
// and reports whether it added it, and false for ok when it is too long
// to hold; the lock is held. A logged request is no URL held: each is
// counted, as many times as the log has it.
func (s *SiteURLs) addURL(set *URLSet, u string) (added, ok bool) {
	sets := [2]*URLSet{&s.submitted, &s.listed}
	s.seen.sync(sets)
	h := s.seen.hash(u)
	if s.seen.has(sets, u, h) {
		return false, true
	}
	if !set.Add(u) {
		return false, false
	}
	k := 0
	if set == &s.listed {
		k = 1
	}
	s.seen.added(h, k, set.Len()-1)
	return true, true
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
	s.note(text)
}

// note keeps a note, up to maxSiteNotes; the last place says that others
// were left out, so that none goes unsaid; the lock is held.
func (s *SiteURLs) note(text string) {
	switch {
	case len(s.notes) < maxSiteNotes-1:
		s.notes = append(s.notes, text)
	case len(s.notes) == maxSiteNotes-1:
		s.notes = append(s.notes, notesFull)
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
	n, long, firstLong := 0, 0, 0
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
		err := s.Add(src, e, e.Line == 0)
		if errors.Is(err, errTooLong) {
			if long++; long == 1 {
				firstLong = e.Line
			}
			return nil
		}
		return err
	})
	if len(sitemaps) > 0 {
		s.Named(src, len(sitemaps))
	}
	if long > 0 {
		at := ""
		if firstLong > 0 {
			at = fmt.Sprintf(" (the first on line %d)", firstLong)
		}
		// Only a CSV's field can be this long (the engine skips longer
		// lines and locs): a quote never closed made it.
		s.Note(fmt.Sprintf("%s: %s of more than %s bytes skipped%s: too long for a URL; a quote never closed makes the rest of a CSV one field.",
			name, sitemsg.GroupedPlural(long, "entry", "entries"), sitemsg.Grouped(urlBlock), at))
	}
	switch {
	case errors.Is(err, ErrSiteFull):
		s.Note(fmt.Sprintf("%s: the panel holds %s URLs at most: the rest was not read.", name, sitemsg.Grouped(MaxSiteURLs)))
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
		// The relay gives no URL longer than sitemap.MaxLoc: errTooLong
		// cannot come.
		if err := s.Add(src, sitemap.Entry{URL: u}, true); err != nil && !errors.Is(err, errTooLong) {
			return err
		}
	}
	return nil
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
	// A logged crawler's request: the crawler (its product token), its
	// role as the catalogue names it, where the request came from
	// ("verified", "forged" or "unverified": q.Origins.Check) and the
	// address the log gave; "" otherwise.
	Crawler, Role, Origin, Address string
}

// EachRow checks every URL held for q, one by one (robots.File.Ask, as
// the tests are checked), and hands each to fn, with pause every siteStep
// URLs. It returns fn's first error, or robots.ErrStopped.
func (s *SiteURLs) EachRow(q Query, pause robots.Pause, fn func(SiteRow) error) error {
	s.mu.Lock()
	sub, list, reqs := s.submitted.View(), s.listed.View(), s.requests.View()
	s.mu.Unlock()
	n := 0
	check := newOrigins(q.Origins, &reqs)
	row := func(source, u, agent string, status int, from int) error {
		n++
		if n%siteStep == 0 && pause != nil && pause() {
			return robots.ErrStopped
		}
		question := robots.Question{Agent: agent, URL: u, Dialect: q.Dialect, OwnDialect: !q.Fixed, Answer: q.Answer}
		var ru robots.Ruling
		if source == "log" {
			// A logged request is read as the counts read it: a
			// crawler's by its product token; another's is no crawler's,
			// which robots.txt does not bind.
			req := robots.ReadRequester(agent)
			if req.Kind != robots.CrawlerRequester {
				return fn(SiteRow{Source: source, URL: u, Agent: agent, Allowed: true, Status: status, Rule: notCrawlerRule(req)})
			}
			ru = q.File.AskAs(req.Identity(agent), question)
		} else {
			ru = q.File.Ask(question)
		}
		r := SiteRow{Source: source, URL: u, Agent: agent, Allowed: ru.Allowed, Line: ru.Line, Status: status}
		if source == "log" {
			origin, _, w := check.of(&reqs, from)
			r.Crawler, r.Origin = w.token, originStatus(origin)
			if c, ok := robots.LookupCrawler(w.token); ok {
				r.Role = c.Role.String()
			}
			if a, _ := reqs.From(from); a.IsValid() {
				r.Address = a.String()
			}
		}
		switch {
		case ru.ByAnswer():
			r.Rule = ru.Access.Permission.Words() + " (the server's answer)"
		case ru.Line > 0:
			r.Rule = lineRule(q.File, ru.Line)
		}
		return fn(r)
	}
	for i := range sub.Len() {
		if err := row("sitemap", sub.At(i), q.Crawler, 0, i); err != nil {
			return err
		}
	}
	for i := range list.Len() {
		if err := row("list", list.At(i), q.Crawler, 0, i); err != nil {
			return err
		}
	}
	for i := range reqs.Len() {
		u, agent, status := reqs.At(i)
		if err := row("log", u, agent, status, i); err != nil {
			return err
		}
	}
	return nil
}

// notCrawlerRule is the rule column of a logged request no crawler made:
// robots.txt does not bind it, and it is not checked.
func notCrawlerRule(r robots.Requester) string {
	switch r.Kind {
	case robots.BrowserRequester:
		return "not checked: a browser's request"
	case robots.ToolRequester:
		return "not checked: a tool's request (" + r.Token + ")"
	}
	return "not checked: its user-agent string names no one"
}

// dayTime returns the start of day (its number since 1970, UTC), the
// zero Time for -1: a request's day as Requests keep it.
func dayTime(day int) time.Time {
	if day < 0 {
		return time.Time{}
	}
	return time.Unix(int64(day)*86400, 0).UTC()
}

// lineRule returns line n of f as a rule: "Disallow: /private/".
func lineRule(f *robots.File, n int) string { return f.Key(n) + ": " + f.Value(n) }
