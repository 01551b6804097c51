package byintent

import (
	"strings"

	"robotstester/app/model"
	"robotstester/app/sitemsg"
	"robotstester/robots"
)

// Shown is what the panel draws of the model: words and values, so that
// the view needs nothing of the engine.
type Shown struct {
	// Roles are the form's lines of roles, in order.
	Roles []Role
	// Crawlers are the crawlers chosen apart from their role, in the
	// order chosen.
	Crawlers []Crawler
	// Prefs are the AI preferences, by purpose.
	Prefs []Pref
	// Usage: a Content-Usage line is written too.
	Usage bool
	// Refused is the crawler the last Add refused, as typed ("" when it
	// took it).
	Refused string

	// Preview is what the form writes, nil before the worker answers.
	Preview *model.IntentPreview
	// Open are the keys of the preview's folds opened.
	Open []string
	// Stale reports that the preview is of an earlier text of a large
	// file (LiveSize): Refresh makes it again.
	Stale bool
	// Writing reports that the site worker, which writes the file, has
	// not answered yet for the form and file as they are: Apply waits.
	// Failed says why it could not write it.
	Writing bool
	Failed  string
	// Site is what the file written changes over the site's URLs.
	Site Site
}

// Role is a line of roles of the form: its name (the select's key), its
// title, the catalogue's crawlers it sets (Tokens, for a title), and the
// choice made ("leave", "allow" or "block").
type Role struct {
	Name, Title, Tokens, Choice string
	// Crawlers counts the catalogue's crawlers of the role that its
	// choice writes groups for (robots.IntentRole.Crawlers' governed).
	Crawlers int
	// Left are the role's crawlers its choice leaves to the file's own
	// lines (a token with digits, or inside another's name), joined.
	Left string
}

// Crawler is a crawler chosen apart from its role, and the choice made.
type Crawler struct{ Token, Choice string }

// Pref is an AI preference: its select's name, its label, and the stance
// chosen ("yes", "no", or "" for none).
type Pref struct{ Name, Label, Stance string }

// Site is what a file written changes over the site's URLs, counted and
// worded by the site URLs' worker.
type Site struct {
	// Asked is false when there are no URLs to count (or nothing is
	// written); Done once the counts came, or Failed says why not.
	Asked, Done bool
	Failed      string
	URLs        int
	// Node is the worker's words: the crawlers whose verdicts change,
	// each with the URLs newly allowed and newly blocked
	// (sitework.PreviewNode).
	Node *sitemsg.Node
}

// Choices are the choices a select offers, as values and labels, in the
// order drawn; the first is "leave", which a crawler being added lacks.
var Choices = []struct{ Value, Label string }{
	{robots.Leave.String(), "Leave as is"},
	{robots.Deny.String(), "Block"},
	{robots.Let.String(), "Allow"},
}

// prefNames are the AI-preference selects' names, by purpose.
var prefNames = [robots.NumUsePurposes]string{"search", "ai-input", "ai-train"}

// Shown returns what the panel draws.
func (m *Intent) Shown() Shown {
	roles := robots.IntentRoles()
	sh := Shown{
		Roles:   make([]Role, len(roles)),
		Usage:   m.form.pref.Usage,
		Refused: m.refused,
		Preview: m.preview,
		Open:    m.open,
		Stale:   m.stale,
		Writing: m.asking.ok && m.failed == "",
		Failed:  m.failed,
		Site:    Site{Asked: m.site.asked, Done: m.site.done, Failed: m.site.failed, URLs: m.site.urls, Node: model.FoldMatrix(m.site.node, m.open)},
	}
	for i, r := range roles {
		governed, left := r.Crawlers()
		sh.Roles[i] = Role{Name: r.Name, Title: r.Title, Tokens: strings.Join(governed, ", "), Crawlers: len(governed),
			Left: strings.Join(left, ", "), Choice: m.form.roles[r.Name].String()}
	}
	for _, c := range m.form.crawlers {
		sh.Crawlers = append(sh.Crawlers, Crawler{Token: c.token, Choice: c.choice.String()})
	}
	words := [...]string{robots.NotStated: "", robots.StatedYes: "yes", robots.StatedNo: "no"}
	for i, st := range m.form.pref.Stances {
		p := robots.UsePurpose(i).String()
		sh.Prefs = append(sh.Prefs, Pref{Name: prefNames[i], Label: strings.ToUpper(p[:1]) + p[1:], Stance: words[st]})
	}
	return sh
}
