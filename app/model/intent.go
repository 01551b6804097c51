package model

import (
	"strings"

	"robotstester/app/sitemsg"
	"robotstester/robots"
)

// Rules by intent, previewed: what writing an intent into the file shown
// (robots.WriteIntent, in the site worker) changes, crawler by crawler, before it is applied:
// each catalogued crawler's verdict at the site's root, and the tests
// whose verdict changes (DiffVersions, as Compare versions shows them).

// IntentCrawler is one crawler in a preview: its verdict at the site's
// root before and after, and its tests that change verdict.
type IntentCrawler struct {
	Token string
	// Role is what it fetches for, for people ("AI training"); "" for a
	// crawler the catalogue does not know.
	Role string
	// Governed is the intent's choice for it ("allow" or "block"), "" when
	// the intent leaves it; Follows the token whose choice it takes.
	Governed, Follows string
	// Before and After are its verdicts of the root, "allowed" or
	// "blocked"; RootBefore and RootAfter the same with the lines that
	// decided them.
	Before, After         string
	RootBefore, RootAfter VersionSide
	// Tests are its tests whose verdict changes.
	Tests []VersionChange
	// NewlyAllowed and NewlyBlocked count its checks (the root and its
	// tests) whose verdict goes from blocked to allowed, and from allowed
	// to blocked: two counts, never netted, as `robotstxt diff` lists
	// them.
	NewlyAllowed, NewlyBlocked int
	// Group is its role's group (sitemsg.RoleGroups' key), "" for a
	// crawler the catalogue does not know. Folded: the preview's table
	// shows it in its role's fold (IntentPreview.Folds), as it is neither
	// featured, nor named by the file shown, nor in a test that changes.
	Group  string
	Folded bool
}

// An IntentFold is the crawlers of a role group whose verdict changes and
// that the preview's table folds into one row until it is opened.
type IntentFold struct {
	Key string // the group's (sitemsg.RoleGroup.Key)
	// Text says what they get, both ways: "and 52 more AI training
	// crawlers, all newly blocked".
	Text string
}

// Folds returns the preview's folds, in the groups' order: one for each
// group with a changed crawler folded.
func (p *IntentPreview) Folds() []IntentFold {
	var out []IntentFold
	for gi := range sitemsg.RoleGroups {
		g := &sitemsg.RoleGroups[gi]
		var fc sitemsg.FoldCount
		for i := range p.Crawlers {
			if c := &p.Crawlers[i]; c.Folded && c.Group == g.Key && c.Changed() {
				fc.Add(c.NewlyAllowed, c.NewlyBlocked)
			}
		}
		if fc.Crawlers() > 0 {
			out = append(out, IntentFold{Key: g.Key, Text: sitemsg.FoldWords(g, fc, [3]string{"newly allowed", "newly blocked", "changed both ways"})})
		}
	}
	return out
}

// Changed reports whether its root verdict or a test changes.
func (c *IntentCrawler) Changed() bool { return c.Before != c.After || len(c.Tests) > 0 }

// IntentPreview is what writing an intent changes.
type IntentPreview struct {
	// Text is the file with the intent written; Same reports that it is
	// the file as it is (nothing to apply).
	Text string
	Same bool
	// Block is the block of groups written, as lines.
	Block []string
	// Crawlers are every catalogued crawler, then the other crawlers of
	// the intent and of the tests, in that order; Changes counts those
	// whose root verdict or tests change.
	Crawlers []IntentCrawler
	Changes  int
	// NewlyAllowed and NewlyBlocked add up the crawlers'.
	NewlyAllowed, NewlyBlocked int
	// Tests is the comparison of every test.
	Tests *VersionDiff
	// Cut is how many bytes of the new text pass the tester's limit on a
	// file: the preview is of the text kept.
	Cut int
}

// PreviewIntent says what writing an intent into the file of an (the
// state s's) changes, given what the engine wrote: written, the file with
// the intent written in (robots.WriteIntent), and targets, the crawlers
// the intent governs in the file shown (robots.Intent.Targets). The page
// has them written by the site worker, so that app.wasm does not link
// the writer (20 KB brotli); the preview itself is the page's, over its
// analysis and tests.
func PreviewIntent(an *Analysis, s *State, written string, targets []robots.IntentTarget) *IntentPreview {
	p := &IntentPreview{Text: written}
	p.Same = p.Text == s.Robots
	p.Block = intentBlock(p.Text)
	next, cut := ProposedFile(p.Text)
	p.Cut = cut
	p.Tests = DiffVersions(an, next, s)
	byToken := map[string]int{}
	add := func(c IntentCrawler) {
		byToken[strings.ToLower(c.Token)] = len(p.Crawlers)
		p.Crawlers = append(p.Crawlers, c)
	}
	byTarget := map[string]robots.IntentTarget{}
	for _, t := range targets {
		byTarget[strings.ToLower(t.Token)] = t
	}
	root := func(f *robots.File, c robots.Crawler) VersionSide {
		v := f.CheckCrawler(c, "/")
		return VersionSide{Allowed: v.Allowed, Line: v.Line, Rule: ruleText(&v)}
	}
	roleTitle := map[robots.Role]string{}
	for _, r := range robots.IntentRoles() {
		for _, role := range r.Roles {
			roleTitle[role] = r.Title
		}
	}
	named := sitemsg.Named(an.File.Read(robots.Google))
	crawler := func(c robots.Crawler, role string) IntentCrawler {
		ic := IntentCrawler{Token: c.Token, Role: role, RootBefore: root(an.File, c), RootAfter: root(next, c)}
		if role != "" {
			for gi := range sitemsg.RoleGroups {
				if sitemsg.RoleGroups[gi].Has(c.Role) {
					ic.Group = sitemsg.RoleGroups[gi].Key
				}
			}
			ic.Folded = !sitemsg.Shown(&c, named)
		}
		ic.Before, ic.After = ic.RootBefore.Verdict(), ic.RootAfter.Verdict()
		if t, ok := byTarget[strings.ToLower(c.Token)]; ok {
			ic.Governed, ic.Follows = t.Choice.String(), t.Follows
		}
		return ic
	}
	for _, c := range robots.Crawlers() {
		add(crawler(c, roleTitle[c.Role]))
	}
	for _, t := range targets {
		if _, ok := byToken[strings.ToLower(t.Token)]; !ok {
			add(crawler(robots.CrawlerFor(t.Token), ""))
		}
	}
	for _, ch := range p.Tests.Changes {
		tok := ch.Token
		if tok == "" {
			tok = "*"
		}
		i, ok := byToken[strings.ToLower(tok)]
		if !ok {
			add(crawler(robots.CrawlerFor(tok), ""))
			i = len(p.Crawlers) - 1
		}
		p.Crawlers[i].Tests = append(p.Crawlers[i].Tests, ch)
		p.Crawlers[i].Folded = false // a test's crawler: the user's
	}
	for i := range p.Crawlers {
		c := &p.Crawlers[i]
		if c.Changed() {
			p.Changes++
		}
		flip := func(before, after bool) {
			switch {
			case !before && after:
				c.NewlyAllowed++
			case before && !after:
				c.NewlyBlocked++
			}
		}
		flip(c.RootBefore.Allowed, c.RootAfter.Allowed)
		for _, t := range c.Tests {
			flip(t.Current.Allowed, t.Proposed.Allowed)
		}
		p.NewlyAllowed += c.NewlyAllowed
		p.NewlyBlocked += c.NewlyBlocked
	}
	return p
}

// intentBlock returns the lines of the block in text, markers included,
// or nil.
func intentBlock(text string) []string {
	var out []string
	in := false
	for l := range strings.Lines(text) {
		l = strings.TrimRight(strings.TrimPrefix(l, "\ufeff"), "\r\n")
		switch {
		case strings.TrimRight(l, " \t") == robots.IntentBegin:
			in = true
		case in && strings.TrimRight(l, " \t") == robots.IntentEnd:
			return append(out, l)
		}
		if in {
			out = append(out, l)
		}
	}
	return nil
}

// Summary says in a sentence what the intent changes: "4 crawlers change
// at the site's root or in the tests: newly allowed 1 check, newly blocked
// 5 checks. 3 of 12 tests change verdict: ...", or that nothing changes.
func (p *IntentPreview) Summary() string {
	if p.Same {
		return "The file already says this: applying it changes nothing."
	}
	var b strings.Builder
	if p.Changes == 0 {
		b.WriteString("No crawler's verdict changes at the site's root or in the tests; the file's lines change. ")
	} else {
		b.WriteString(Plural(p.Changes, "crawler changes", "crawlers change") + " at the site's root or in the tests: newly allowed " +
			Plural(p.NewlyAllowed, "check", "checks") + ", newly blocked " + Plural(p.NewlyBlocked, "check", "checks") + ". ")
	}
	b.WriteString(p.Tests.Summary())
	return b.String()
}
