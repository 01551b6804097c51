package uitest

import (
	"regexp"
	"sort"
	"strings"
)

var (
	tag  = regexp.MustCompile(`<([a-zA-Z][\w-]*)((?:\s+[\w:-]+(?:="(?:[^"\\]|\\.)*")?)*)\s*(/?)>`)
	attr = regexp.MustCompile(`[\w:-]+(?:="(?:[^"\\]|\\.)*")?`)
)

// Canonical returns html with each tag's attributes sorted: go-app
// writes them in any order, so that two drawings of the same page compare
// equal only once made canonical.
func Canonical(html string) string {
	return tag.ReplaceAllStringFunc(html, func(t string) string {
		m := tag.FindStringSubmatch(t)
		attrs := attr.FindAllString(m[2], -1)
		sort.Strings(attrs)
		if len(attrs) == 0 {
			return "<" + m[1] + m[3] + ">"
		}
		return "<" + m[1] + " " + strings.Join(attrs, " ") + m[3] + ">"
	})
}
