package robots

import "strings"

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
}

var dialectSpecs = [numDialects]dialectSpec{
	Google:  {name: "google", title: "Google", indexHTML: true},
	RFC9309: {name: "rfc9309", title: "RFC 9309", strictKeys: true, normalize: true, robotsTxtOK: true},
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
		return dialectSpecs[d].name
	}
	return "dialect(" + string('0'+rune(d)) + ")"
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
