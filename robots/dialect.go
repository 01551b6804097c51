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
	// gh-138907 (3.13.14, 3.14.5 and 3.15): groups naming the same agent
	// merge, blank lines end nothing, the highest score wins with Allow
	// winning ties, '*' and a final '$' are operators; a wildcard rule
	// scores by how much of the URL it consumed, an empty user-agent
	// names every crawler, and a name with a version finds its group by
	// substring, in file order.
	Python
	// PythonLegacy reads robots.txt as CPython's urllib.robotparser did
	// up to 3.12 (and in 3.13.0–3.13.13 and 3.14.0–3.14.4, which differ
	// only in how paths are normalised): a blank line ends a record, the
	// first matching rule in file order wins, no wildcards, paths
	// unquoted then quoted again.
	PythonLegacy

	numDialects
)

// A grouping is how a reading gathers lines into groups and picks one.
type grouping uint8

const (
	// mergedByToken: a group ends at a user-agent line after a rule,
	// groups naming the same product token merge, the longest match
	// wins (Google, RFC 9309).
	mergedByToken grouping = iota
	// recordsInOrder: a blank line ends a record, records do not merge,
	// the first record whose name is in the crawler's name applies and
	// its first matching rule decides (robotexclusionrulesparser, CPython
	// before gh-138907).
	recordsInOrder
	// pyMerged: CPython's state machine since gh-138907: groups merge by
	// their lower-cased user-agent value, the highest score wins.
	pyMerged
)

// A quirk is one named way in which a reading departs from the others.
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
	// pyQuoting: rule paths and URLs are unquoted then quoted again as
	// CPython's urllib.parse did before gh-88375 (3.13.8).
	pyQuoting
	// wildcardScoresByConsumed: a wildcard rule scores by the length of
	// the URL its pattern consumed, not by its own length (CPython since
	// gh-138907: a greedy final '*' consumes the whole URL).
	wildcardScoresByConsumed
	// rerpURL: the URL becomes a path as robotexclusionrulesparser makes
	// it, through urllib.parse's urlparse and urlunparse with scheme and
	// host left out: an empty path stays empty (so "Disallow: /" does not
	// match http://example.com), an empty query or fragment is dropped
	// ("/vote?" is "/vote"), and a URL with no '/' after its host keeps
	// its "?…" or "#…" as the path. Both sides are then percent-decoded
	// as UTF-8, invalid sequences becoming U+FFFD, %2F kept.
	rerpURL
	// charsetDecoded: rule text is compared as the file's charset decodes
	// it: ISO-8859-1 unless the file was declared UTF-8 ([ParseCharset]),
	// as robotexclusionrulesparser decodes what it fetches.
	charsetDecoded
)

// dialectSpec is what makes one dialect differ from another. Every reading
// runs the same code; these values steer it.
type dialectSpec struct {
	name        string
	title       string // for people: "Google", "RFC 9309"
	strictKeys  bool   // keys are the words themselves, a colon is required, long lines are read whole
	normalize   bool   // percent-encoding is normalised on both sides, RFC 9309 style
	indexHTML   bool   // an Allow of /dir/index.html also allows /dir/
	robotsTxtOK bool   // /robots.txt is always allowed

	grouping grouping
	// reader reads a line for the readings not grouped by token; nil for
	// the longest-match dialects, which read Google's lines.
	reader     orderReader
	wildcards  bool // '*' and a final '$' are operators, not literal
	allowRules bool // Allow lines are rules
	quirks     quirk
	crawlDelay func(Record) *CrawlDelay
	summary    string // who reads robots.txt this way
}

func (s *dialectSpec) has(q quirk) bool { return s.quirks&q != 0 }

// legacyPython are the quirks of CPython's robotparser before gh-138907.
const legacyPython = agentCutAtSlash | firstStarGroupOnly | emptyAgentMatchesAll | delayKeepsRecord |
	agentsLostAtBlank | sitemapOutsideRecords | lastDelayWins | pyQuoting

var dialectSpecs = [numDialects]dialectSpec{
	Google: {name: "google", title: "Google", indexHTML: true,
		summary: "Googlebot and Google's other crawlers; Google's open-source library"},
	RFC9309: {name: "rfc9309", title: "RFC 9309", strictKeys: true, normalize: true, robotsTxtOK: true,
		summary: "the IETF standard as written"},
	GYM2008: {name: "gym2008", title: "GYM 2008", grouping: recordsInOrder, reader: readRERP, wildcards: true, allowRules: true,
		quirks: rerpURL | charsetDecoded, crawlDelay: rerpCrawlDelay,
		summary: "robotexclusionrulesparser's default reading; many older crawlers"},
	MK1996: {name: "mk1996", title: "1996 draft", grouping: recordsInOrder, reader: readRERP, allowRules: true,
		quirks: rerpURL | charsetDecoded, crawlDelay: rerpCrawlDelay,
		summary: "the 1996 draft as robotexclusionrulesparser reads it; Baidu is described as following it"},
	MK1994: {name: "mk1994", title: "1994 convention", grouping: recordsInOrder, reader: readRERP,
		quirks: rerpURL | charsetDecoded, crawlDelay: rerpCrawlDelay,
		summary: "the original 1994 convention, without Allow"},
	Python: {name: "python", title: "Python robotparser 3.14.5+", grouping: pyMerged, reader: readPythonRFC, robotsTxtOK: true, wildcards: true, allowRules: true,
		quirks:     agentCutAtSlash | emptyAgentMatchesAll | wildcardScoresByConsumed,
		crawlDelay: pyDecimalDelay,
		summary:    "CPython's urllib.robotparser from 3.13.14, 3.14.5 and 3.15 on (gh-138907); scripts and crawlers built on it"},
	PythonLegacy: {name: "python-legacy", title: "Python robotparser ≤3.12", grouping: recordsInOrder, reader: readPython, allowRules: true,
		quirks: legacyPython, crawlDelay: pyCrawlDelay,
		summary: "CPython's urllib.robotparser up to 3.12, behind many scripts and older Scrapy setups; 3.13.0–3.13.13 and 3.14.0–3.14.4 read the same way, but normalise paths as the current robotparser does from 3.13.8 and 3.14.0 on"},
}

// Summary says who reads robots.txt this way.
func (d Dialect) Summary() string {
	if d.valid() {
		return dialectSpecs[d].summary
	}
	return ""
}

// FirstMatch reports whether the first matching rule in file order decides
// in this dialect, rather than the longest.
func (d Dialect) FirstMatch() bool { return d.valid() && dialectSpecs[d].grouping == recordsInOrder }

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
		return dialectSpecs[d].name
	}
	return "dialect(" + strconv.Itoa(int(d)) + ")"
}

// Title returns the dialect's name for people: "Google", "RFC 9309".
func (d Dialect) Title() string {
	if d.valid() {
		return dialectSpecs[d].title
	}
	return d.String()
}

// ParseDialect returns the dialect with the given short name, in any case.
func ParseDialect(name string) (Dialect, bool) {
	for i := range dialectSpecs {
		if strings.EqualFold(name, dialectSpecs[i].name) {
			return Dialect(i), true
		}
	}
	return Google, false
}

// python reports whether d is one of CPython's readings.
func (d Dialect) python() bool { return d == Python || d == PythonLegacy }

func (d Dialect) valid() bool { return d < numDialects }

func (d Dialect) spec() *dialectSpec { return &dialectSpecs[d] }
