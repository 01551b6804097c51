package robots

import "strings"

// The checks of groups that catch crawlers they do not mean (the mistakes
// of rules written by intent, by hand): a control token sharing a group
// with a crawler that fetches, and a user-triggered fetcher a group cannot
// be sure to keep out.

// intentChecks reports what group g catches that it may not mean.
func (l *linter) intentChecks(g *Group) {
	if len(g.Rules) == 0 {
		return // an empty group: empty-group says what it does
	}
	l.controlShared(g)
	l.userFetch(g)
}

// controlShared reports a control token (Google-Extended) named in a group
// beside a crawler that fetches: one set of rules then decides both what
// the crawler fetches and whether content may be used as the token says.
func (l *linter) controlShared(g *Group) {
	var fetchers []string
	for _, a := range g.Agents {
		if a.Token == "" || a.Token == "*" {
			continue
		}
		if c, ok := LookupCrawler(a.Token); ok && c.ControlOnly {
			continue
		}
		fetchers = append(fetchers, a.Token)
	}
	if len(fetchers) == 0 {
		return
	}
	for _, a := range g.Agents {
		c, ok := LookupCrawler(a.Token)
		if !ok || !c.ControlOnly {
			continue
		}
		l.add(a.Line, CodeControlShared, "%s shares this group with %s: %s never fetches, so these rules also decide what %s fetches, and one cannot refuse %s while letting %s crawl. Give %s a group of its own.",
			c.Token, nameList(fetchers), c.Token, nameList(fetchers), strings.TrimPrefix(c.Purpose, "opt-out of "), nameList(fetchers), c.Token)
	}
}

// userFetch reports a group that disallows something to a fetcher that
// acts for a person asking an AI assistant: such fetches are not crawls,
// and their vendors say they may not follow robots.txt.
func (l *linter) userFetch(g *Group) {
	disallows := false
	for _, r := range g.Rules {
		disallows = disallows || !r.Allow && r.Value != ""
	}
	if !disallows {
		return
	}
	for _, a := range g.Agents {
		if c, ok := LookupCrawler(a.Token); ok && c.Role == RoleUserFetch {
			l.add(a.Line, CodeUserFetch, "%s fetches a page when a person asks %s for it: such fetches may not follow robots.txt (some vendors say so), so this group may not keep it out; to be sure, refuse its requests at the server.",
				c.Token, c.Vendor+"'s assistant")
		}
	}
}
