// Package embed reads the options of the tester's embed mode from its URL:
// a docs page shows the tester in an iframe whose src is the tester's own
// page with ?embed=1, and the state in the fragment as a share link has it.
//
//	<iframe src="https://host/tester/?embed=1&readonly=1&panels=editor,tests,why&height=480#s=...">
package embed

import (
	"net/url"
	"strconv"
	"strings"
)

// Panels an embedded tester can show, named in the panels option.
const (
	Editor = "editor" // the robots.txt editor
	Tests  = "tests"  // the rows and their verdicts
	Why    = "why"    // why the selected row got its verdict
	File   = "file"   // the file as read, with the group and deciding line
)

// DefaultPanels are shown when the URL names none: the editor, the rows
// and their verdicts.
var DefaultPanels = []string{Editor, Tests}

// Height limits, in pixels, of the height option.
const (
	MinHeight = 120
	MaxHeight = 10000
)

// URL query options of the embed mode.
const (
	optEmbed    = "embed"
	optReadOnly = "readonly"
	optPanels   = "panels"
	optHeight   = "height"
)

// Options are the embed options of a page's URL.
type Options struct {
	On       bool     // embed=1: the compact layout, no autosave
	ReadOnly bool     // readonly=1: the file and rows cannot be edited
	Panels   []string // panels shown, in the order the URL gives
	Height   int      // max height in pixels, 0 for none
}

// Parse reads the embed options of a URL's query. Unknown panels are
// ignored; with none left, DefaultPanels show. A height outside MinHeight
// to MaxHeight is clamped; one that is not a number is ignored.
func Parse(q url.Values) Options {
	o := Options{On: isTrue(q.Get(optEmbed)), ReadOnly: isTrue(q.Get(optReadOnly))}
	if !o.On {
		return Options{}
	}
	for _, p := range strings.Split(q.Get(optPanels), ",") {
		p = strings.ToLower(strings.TrimSpace(p))
		switch p {
		case Editor, Tests, Why, File:
			if !o.Shows(p) {
				o.Panels = append(o.Panels, p)
			}
		}
	}
	if len(o.Panels) == 0 {
		o.Panels = append([]string(nil), DefaultPanels...)
	}
	if h, err := strconv.Atoi(strings.TrimSuffix(strings.TrimSpace(q.Get(optHeight)), "px")); err == nil && h > 0 {
		o.Height = min(max(h, MinHeight), MaxHeight)
	}
	return o
}

// Shows reports whether the panel shows.
func (o Options) Shows(panel string) bool {
	for _, p := range o.Panels {
		if p == panel {
			return true
		}
	}
	return false
}

// QueryPattern is a regular expression, read alike by Go and JavaScript,
// that a page's query string ("?…") matches when Parse would turn the
// embed mode on (the option's name is exact, its value any case): the
// page's own script reads it before the WebAssembly starts, so that the
// full page made at build time does not flash in a docs page's iframe.
const QueryPattern = `[?&]` + optEmbed + `=(1|[Tt][Rr][Uu][Ee]|[Yy][Ee][Ss]|[Oo][Nn])(&|$)`

func isTrue(v string) bool {
	switch strings.ToLower(v) {
	case "1", "true", "yes", "on":
		return true
	}
	return false
}

// FullURL returns the URL of the full tester for an embedded page at u:
// the same page without the embed options, with fragment (a share link's
// "s=...") as its fragment.
func FullURL(u *url.URL, fragment string) string {
	full := *u
	q := u.Query()
	for _, k := range []string{optEmbed, optReadOnly, optPanels, optHeight} {
		q.Del(k)
	}
	full.RawQuery = q.Encode()
	full.Fragment, full.RawFragment = fragment, ""
	return full.String()
}

// PageURL returns u without its fragment: the base of a share link.
func PageURL(u *url.URL) string {
	page := *u
	page.Fragment, page.RawFragment = "", ""
	return page.String()
}
