package model

import (
	"robotstester/app/sitemsg"
	"robotstester/robots"

	"fmt"
	"strings"
	"unicode/utf8"
)

// The tester's limits. They live here, and only here: every way into the
// state (typing, pasting, adding, importing, opening a link, restoring the
// autosave) goes through State.Fit, which keeps what fits and says what it
// left out.
const (
	// MaxRows is the largest number of tests.
	MaxRows = 1000
	// MaxFile is the largest robots.txt kept, in bytes. Crawlers read only
	// the first 500 KiB (robots.MaxSize); the rest is kept so that the user
	// sees where the cut falls.
	MaxFile = 4 << 20
	// MaxAgent is the longest crawler name or user-agent string, in bytes.
	MaxAgent = 1024
	// MaxURL is the longest URL of a test, in bytes.
	MaxURL = 8192
)

// Cuts says what State.Fit left out, and the line ends it made LF. The
// zero value means that everything fitted as it was.
type Cuts struct {
	Rows   int // tests past MaxRows, dropped
	Agents int // crawler fields cut to MaxAgent bytes
	URLs   int // URL fields cut to MaxURL bytes
	File   int // bytes of the robots.txt past MaxFile, dropped
	// BareCRs counts the robots.txt's line ends that were a CR alone (old
	// Mac files), made LF: nothing is left out and no reading changes
	// (robots.BareCRsToLF), but the bytes are not those that came.
	BareCRs int
}

// Any reports whether anything was left out. Line ends made LF are not:
// see LineEnds.
func (c Cuts) Any() bool {
	c.BareCRs = 0
	return c != Cuts{}
}

// Add returns the sum of c and d.
func (c Cuts) Add(d Cuts) Cuts {
	return Cuts{c.Rows + d.Rows, c.Agents + d.Agents, c.URLs + d.URLs, c.File + d.File, c.BareCRs + d.BareCRs}
}

// LineEnds says in words what became of the file's bare CRs, or "" when
// it had none.
func (c Cuts) LineEnds() string {
	if c.BareCRs == 0 {
		return ""
	}
	return "the file's lines ended in a CR alone (old Mac line ends): " + Plural(c.BareCRs, "line end is", "line ends are") +
		" now LF, the same line breaks the editor shows, and every crawler reads them alike; Copy link and the exports give LF"
}

// String says in words what was left out, or "" when nothing was.
func (c Cuts) String() string {
	var parts []string
	if c.Rows > 0 {
		parts = append(parts, fmt.Sprintf("%s left out (the tester holds at most %d)", Plural(c.Rows, "test", "tests"), MaxRows))
	}
	if c.File > 0 {
		parts = append(parts, fmt.Sprintf("the robots.txt cut after %d MiB (%s left out)", MaxFile>>20, Plural(c.File, "byte", "bytes")))
	}
	if c.Agents > 0 {
		parts = append(parts, fmt.Sprintf("%s cut to %d bytes", Plural(c.Agents, "crawler name", "crawler names"), MaxAgent))
	}
	if c.URLs > 0 {
		parts = append(parts, fmt.Sprintf("%s cut to %d bytes", Plural(c.URLs, "URL", "URLs"), MaxURL))
	}
	return strings.Join(parts, "; ")
}

// Fit makes the state hold to the limits, keeping what fits: the first
// MaxRows tests, the first MaxFile bytes of the file, the first bytes of
// each field (never splitting a character), and a selection within the
// rows. It makes the file's bare CRs LF (robots.BareCRsToLF), so that the
// text kept has the lines the editor shows whatever is typed in it. It
// reports what it left out or changed.
func (s *State) Fit() Cuts {
	var c Cuts
	s.Robots, c.BareCRs = robots.BareCRsToLF(s.Robots)
	if n := len(s.Rows) - MaxRows; n > 0 {
		s.Rows = s.Rows[:MaxRows:MaxRows]
		c.Rows = n
	}
	if len(s.Robots) > MaxFile {
		kept := cutAt(s.Robots, MaxFile)
		c.File = len(s.Robots) - len(kept)
		s.Robots = kept
	}
	for i := range s.Rows {
		r := &s.Rows[i]
		if len(r.Agent) > MaxAgent {
			r.Agent = cutAt(r.Agent, MaxAgent)
			c.Agents++
		}
		if len(r.URL) > MaxURL {
			r.URL = cutAt(r.URL, MaxURL)
			c.URLs++
		}
	}
	s.Selected = max(s.SelectedRow(), 0)
	return c
}

// Room returns how many tests can still be added.
func (s *State) Room() int { return max(MaxRows-len(s.Rows), 0) }

// cutAt returns the longest prefix of s of at most n bytes that does not
// split a UTF-8 sequence.
func cutAt(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n]
}

// Plural returns n, its digits grouped, and the noun that goes with it:
// "1 test", "3 tests", "12,408 URLs".
func Plural(n int, one, many string) string { return sitemsg.GroupedPlural(n, one, many) }
