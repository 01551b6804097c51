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
	// Python reads robots.txt as CPython's urllib.robotparser: first match
	// in file order, no wildcards, paths unquoted then quoted again.
	Python

	numDialects
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

	// The order-based dialects: records end at blank lines and are not
	// merged, names match by substring, the first matching rule wins.
	reader     orderReader // how a line is read; nil for the longest-match dialects
	wildcards  bool        // '*' and a final '$' are operators, not literal
	allowRules bool        // Allow lines are rules
	python     bool        // CPython's robotparser's own ways
	crawlDelay func(Record) *CrawlDelay
	summary    string // who reads robots.txt this way
}

var dialectSpecs = [numDialects]dialectSpec{
	Google: {name: "google", title: "Google", indexHTML: true,
		summary: "Googlebot and Google's other crawlers; Google's open-source library"},
	RFC9309: {name: "rfc9309", title: "RFC 9309", strictKeys: true, normalize: true, robotsTxtOK: true,
		summary: "the IETF standard as written"},
	GYM2008: {name: "gym2008", title: "GYM 2008", reader: readRERP, robotsTxtOK: true, wildcards: true, allowRules: true, crawlDelay: rerpCrawlDelay,
		summary: "robotexclusionrulesparser's default reading; many older crawlers"},
	MK1996: {name: "mk1996", title: "1996 draft", reader: readRERP, robotsTxtOK: true, allowRules: true, crawlDelay: rerpCrawlDelay,
		summary: "the 1996 draft; Baidu is described as following it"},
	MK1994: {name: "mk1994", title: "1994 convention", reader: readRERP, crawlDelay: rerpCrawlDelay,
		summary: "the original 1994 convention, without Allow"},
	Python: {name: "python", title: "Python robotparser", reader: readPython, allowRules: true, python: true, crawlDelay: pyCrawlDelay,
		summary: "CPython's urllib.robotparser, behind many scripts and older Scrapy setups"},
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
func (d Dialect) FirstMatch() bool { return d.valid() && dialectSpecs[d].reader != nil }

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

func (d Dialect) valid() bool { return d < numDialects }

func (d Dialect) spec() *dialectSpec { return &dialectSpecs[d] }
