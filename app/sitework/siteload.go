package sitework

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"robotstester/app/sitemsg"
	"robotstester/robots"
	"robotstester/robots/sitemap"
)

// A RelayReply is the fetch relay's answer to ?sitemap=URL: its status,
// its Retry-After header (a 429's) and its text, or why none came.
type RelayReply struct {
	Status     int
	RetryAfter string
	Text       string
	// Err is why no answer came; NoRelay, that what answered is no relay
	// (a static host serves the page itself at /fetch).
	Err     error
	NoRelay bool
}

// siteRetries is how many times a sitemap is asked for again after the
// relay's 429.
const siteRetries = 10

// maxIndexDepth is how deep sitemap indexes are followed: as the relay
// and the command line follow them.
const maxIndexDepth = sitemap.DefaultMaxDepth

// A SitemapLoader fetches sitemaps through the fetch relay into a
// SiteURLs, one after the other: an index's sitemaps are fetched in turn,
// and when the relay says too many fetches were asked for (429), it waits
// as long as the relay says, says so, and asks again. The page gives it
// the browser's fetch, a real sleep and a way to show what it says; its
// tests give it a fake relay.
type SitemapLoader struct {
	URLs *SiteURLs
	// Fetch asks the relay for one sitemap and waits for its answer.
	Fetch func(sitemap string) RelayReply
	// Sleep waits; Say shows what the loader does; Stopped reports that
	// no one will take the URLs (the panel was cleared).
	Sleep   func(time.Duration)
	Say     func(string)
	Stopped func() bool
	// Pause is called between steps of reading an answer (a pacer).
	Pause robots.Pause
	// Text is the file shown: the base, if the panel held no URL.
	Text string
}

// Load fetches maps, and the sitemaps the indexes among them name, and
// returns what to say once done: "" when every sitemap was read.
func (l *SitemapLoader) Load(maps []string) string {
	type entry struct {
		url   string
		depth int
	}
	queue := make([]entry, len(maps))
	for i, m := range maps {
		queue[i] = entry{url: m}
	}
	seen := map[string]bool{}
	failed := 0
	for i := 0; i < len(queue); i++ {
		e := queue[i]
		if seen[e.url] {
			continue
		}
		seen[e.url] = true
		if l.Stopped() {
			return ""
		}
		src := l.URLs.Begin(e.url, "sitemap", l.Text)
		var r RelayReply
		for try := 0; ; try++ {
			l.Say(fmt.Sprintf("Fetching sitemap %d of %d: %s (%s URLs read so far)", i+1, len(queue), e.url, sitemsg.Grouped(l.URLs.Total())))
			r = l.Fetch(e.url)
			if r.Status != 429 || try == siteRetries {
				break
			}
			wait := RetryAfter(r.RetryAfter)
			l.Say(fmt.Sprintf("The relay allows only so many fetches a minute: waiting %d s, then asking again for sitemap %d of %d (%s).", int(wait.Seconds()), i+1, len(queue), e.url))
			l.Sleep(wait)
			if l.Stopped() {
				return ""
			}
		}
		why, locs, index := l.read(src, e.url, r)
		if why != "" {
			l.URLs.Fail(src, why)
			failed++
		}
		if r.NoRelay {
			return "No fetch relay answered here: download the sitemaps and drop them in the panel."
		}
		if index {
			l.URLs.Named(src, len(locs))
			if e.depth+1 > maxIndexDepth && len(locs) > 0 {
				l.URLs.Note(e.url + ": an index inside an index inside an index: its sitemaps are not fetched.")
				continue
			}
			refused := 0
			for _, loc := range locs {
				// The relay passes on only what the rule lets an index
				// name; a relay of another version is held to it here.
				if _, err := sitemap.Follow(e.url, loc, false); err != nil {
					refused++
					continue
				}
				queue = append(queue, entry{url: loc, depth: e.depth + 1})
			}
			if refused > 0 {
				l.URLs.Note(fmt.Sprintf("%s: %s on other hosts, or no http or https URLs: not fetched (an index names sitemaps of its own host only).", e.url, sitemsg.GroupedPlural(refused, "sitemap", "sitemaps")))
			}
			continue
		}
		if err := l.URLs.AddLocs(src, locs, l.Pause); errors.Is(err, ErrSiteFull) {
			return "The panel holds " + sitemsg.Grouped(MaxSiteURLs) + " URLs at most: the other sitemaps were not fetched."
		}
	}
	if failed > 0 {
		return fmt.Sprintf("%s of %d could not be read: see why under the sources read.", sitemsg.GroupedPlural(failed, "sitemap", "sitemaps"), len(seen))
	}
	return ""
}

// read reads the relay's reply for sitemap: why it was not read whole
// ("" when it was), the URLs (or, for an index, the sitemaps) it lists,
// and whether it is an index. Its notes are kept.
func (l *SitemapLoader) read(src Source, sitemap string, r RelayReply) (why string, locs []string, index bool) {
	switch {
	case r.NoRelay:
		return "no fetch relay answered", nil, false
	case r.Err != nil:
		return r.Err.Error(), nil, false
	}
	a, err := ReadSitemapAnswer(r.Text, l.Pause)
	switch {
	case err != nil:
		return "the relay's answer could not be read: " + err.Error(), nil, false
	case a.Error != "":
		return "the relay refused: " + a.Error, nil, false
	}
	for _, n := range a.Notes {
		l.URLs.Note(sitemap + ": " + n)
	}
	return a.FetchError, a.Locs, a.Index
}

// RetryAfter reads a Retry-After header in seconds: 5 s when it says
// nothing usable (the relay always sends seconds), a minute at most.
func RetryAfter(h string) time.Duration {
	s, err := strconv.Atoi(strings.TrimSpace(h))
	if err != nil || s < 1 {
		s = 5
	}
	return time.Duration(min(s, 60)) * time.Second
}
