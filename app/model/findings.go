package model

import (
	"net/url"
	"strings"

	"robotstester/robots"
)

// FindingGroupView is findings of one kind said once: the message of the
// first, and every line it is about.
type FindingGroupView struct {
	Severity string // "error", "warning" or "info"
	Message  string // the first finding's message
	Lines    []int  // the lines, in order; at most MaxGroupLines of them
	Count    int    // how many findings the group holds
}

// MaxGroupLines is how many lines a group of findings lists; the count
// says how many more there are.
const MaxGroupLines = 12

// FindingGroups returns the linter's findings grouped (robots.GroupFindings),
// errors first, keeping those of the given severity ("" or AllSeverities
// for all).
func (a *Analysis) FindingGroups(severity string) []FindingGroupView {
	if severity == AllSeverities {
		severity = ""
	}
	var out []FindingGroupView
	for _, g := range a.groups {
		sev := g.Finding.Severity.String()
		if severity != "" && sev != severity {
			continue
		}
		v := FindingGroupView{Severity: sev, Message: g.Finding.Message, Count: g.Count}
		v.Lines = g.Lines[:min(len(g.Lines), MaxGroupLines)]
		out = append(out, v)
	}
	return out
}

// AllSeverities is the severity filter's value for every finding: an
// option needs a value, or it sends its title.
const AllSeverities = "all"

// SeverityChoices are the entries of the findings' severity filter.
func SeverityChoices() []Choice {
	return []Choice{{AllSeverities, "All findings"}, {"error", "Errors"}, {"warning", "Warnings"}, {"info", "Notes"}}
}

// ContentNote says plainly what the text is when it is not a robots.txt
// (a URL, a web page, something else), and what to do; "" when it is one.
func ContentNote(f *robots.File) string {
	switch f.Content() {
	case robots.PastedURL:
		target := "the site's /robots.txt"
		first, _, _ := strings.Cut(strings.TrimSpace(f.Text(1)), " ")
		if u, err := url.Parse(first); err == nil && u.Host != "" {
			target = u.Scheme + "://" + u.Host + "/robots.txt"
		}
		return "This is a URL, not a robots.txt. This page cannot fetch other sites' files: open " + target +
			" in your browser, copy its text and paste it here."
	case robots.HTMLPage:
		return "This is a web page (HTML), not a robots.txt: often a server answering /robots.txt with an error page " +
			"or its home page. Crawlers find no rules in it, so they take everything as allowed."
	case robots.NotRobotsTxt:
		return "This does not look like a robots.txt: no line reads as a robots.txt record (such as User-agent: or Disallow:)."
	}
	return ""
}
