package model

import (
	"cmp"
	"slices"
	"strings"
	"sync"

	"robotstester/robots"
)

// The reference of crawlers (More → Crawlers: the catalogue) shows the
// engine's catalogue, crawler by crawler, as a search asks for it. It is
// worked out only once the part is opened: the catalogue is parsed when
// first asked for, and its hundreds of entries are no part of the start.

// CatalogueQuery is what the reference is asked: words to find in a
// crawler's tokens, names, operator and purpose, a role (its name,
// robots.Role's: "ai-training"; "" for any) and an operator ("" for any).
type CatalogueQuery struct {
	Text, Role, Operator string
	// All shows every crawler found, past MaxCatalogueShown.
	All bool
}

// With returns q with one of its fields set: "text", "role" or
// "operator" to value, which shows the first crawlers found again, or
// "all", which shows every one. Each control changes its own field, so
// that two changes made before the page draws again both hold.
func (q CatalogueQuery) With(field, value string) CatalogueQuery {
	switch field {
	case "text":
		q.Text, q.All = value, false
	case "role":
		q.Role, q.All = value, false
	case "operator":
		q.Operator, q.All = value, false
	case "all":
		q.All = true
	}
	return q
}

// MaxCatalogueShown is how many crawlers the reference draws before it is
// asked for all of them: a list of hundreds, each with its facts, is
// thousands of elements drawn at once.
const MaxCatalogueShown = 40

// CrawlerFacts is one crawler as the reference shows it: its facts in
// words, and the addresses that go with them.
type CrawlerFacts struct {
	Token    string
	Aliases  []string // other tokens groups name it by
	UAs      []string // names it shows in user-agent strings
	Operator string
	Role     string // the role's title: "AI training"
	RoleName string // robots.Role's name: "ai-training"
	Purpose  string
	Featured bool
	// Fetches says whether it fetches anything; a control token does not.
	Fetches bool
	// Robots says what its operator says of robots.txt, in words;
	// RobotsSource is where (an https URL, or a named source).
	Robots, RobotsSource string
	Docs                 string   // its operator's documentation, https
	Ranges               []string // published address lists, https
	RDNS                 []string // reverse-DNS domains
	Sources              []string // https URLs, or named sources
	Note                 string
}

// CatalogueView is the reference as a query finds it.
type CatalogueView struct {
	Query CatalogueQuery
	// Found counts the crawlers the query finds, of Total; Shown are the
	// first of them (all when Query.All), featured first.
	Found, Total int
	Shown        []CrawlerFacts
	// Roles and Operators are the filters' choices, each with how many
	// crawlers it holds; the first of each is any.
	Roles, Operators []Choice
}

// robotsWords say an operator's stance on robots.txt.
var robotsWords = map[robots.Honours]string{
	robots.HonoursYes:     "honours it, its operator says",
	robots.HonoursNo:      "does not honour it, its operator says",
	robots.HonoursPartly:  "honours it in part, its operator says",
	robots.HonoursUnknown: "not known: its operator says nothing that could be found",
}

// RoleTitle returns a role's name for people, as the catalogue's sets
// title it ("AI training").
func RoleTitle(r robots.Role) string {
	if t, ok := roleTitles()[r]; ok {
		return t
	}
	return r.String()
}

// roleTitles are the roles' titles, read once: the catalogue's sets are
// made anew at each call.
var roleTitles = sync.OnceValue(func() map[robots.Role]string {
	out := map[robots.Role]string{}
	for _, s := range robots.CrawlerSets() {
		if r, ok := robots.LookupRole(s.Name); ok {
			out[r] = s.Title
		}
	}
	return out
})

// factsOf returns c's facts as the reference shows them.
func factsOf(c *robots.Crawler) CrawlerFacts {
	return CrawlerFacts{
		Token: c.Token, Aliases: c.Aliases, UAs: c.UAs, Operator: c.Vendor,
		Role: RoleTitle(c.Role), RoleName: c.Role.String(), Purpose: c.Purpose, Featured: c.Featured,
		Fetches: !c.ControlOnly, Robots: robotsWords[c.Robots], RobotsSource: c.RobotsSource,
		Docs: c.Docs, Ranges: c.Ranges, RDNS: c.RDNS, Sources: c.Sources, Note: c.Note,
	}
}

// matches reports whether c is one that q asks for.
func (q *CatalogueQuery) matches(c *robots.Crawler) bool {
	if q.Role != "" && c.Role.String() != q.Role || q.Operator != "" && c.Vendor != q.Operator {
		return false
	}
	words := strings.Fields(strings.ToLower(q.Text))
	if len(words) == 0 {
		return true
	}
	hay := strings.ToLower(strings.Join(append(append([]string{c.Token, c.Vendor, c.Purpose}, c.Aliases...), c.UAs...), "\n"))
	for _, w := range words {
		if !strings.Contains(hay, w) {
			return false
		}
	}
	return true
}

// CatalogueOf returns the reference of crawlers as q finds it: the
// featured crawlers first, then the others, each in the catalogue's
// order; a crawler whose token is the words typed comes first of all.
func CatalogueOf(q CatalogueQuery) CatalogueView {
	cs := robots.Crawlers()
	v := CatalogueView{Query: q, Total: len(cs)}
	var found []*robots.Crawler
	roles := map[string]int{}
	ops := map[string]int{}
	for i := range cs {
		c := &cs[i]
		roles[c.Role.String()]++
		ops[c.Vendor]++
		if q.matches(c) {
			found = append(found, c)
		}
	}
	// In three passes, not a sort: the token typed, the featured, the
	// others (a stable sort of pointers costs app.wasm its own copy).
	exact := strings.TrimSpace(q.Text)
	ordered := make([]*robots.Crawler, 0, len(found))
	for pass := range 3 {
		for _, c := range found {
			isExact := strings.EqualFold(c.Token, exact)
			if pass == 0 && isExact || pass == 1 && !isExact && c.Featured || pass == 2 && !isExact && !c.Featured {
				ordered = append(ordered, c)
			}
		}
	}
	found = ordered
	v.Found = len(found)
	if !q.All && len(found) > MaxCatalogueShown {
		found = found[:MaxCatalogueShown]
	}
	for _, c := range found {
		v.Shown = append(v.Shown, factsOf(c))
	}
	v.Roles = []Choice{{Value: "", Title: "Every role (" + Grouped(len(cs)) + ")"}}
	for _, s := range robots.CrawlerSets() {
		if r, ok := robots.LookupRole(s.Name); ok && roles[s.Name] > 0 {
			v.Roles = append(v.Roles, Choice{Value: r.String(), Title: RoleTitle(r) + " (" + Grouped(roles[s.Name]) + ")"})
		}
	}
	v.Operators = []Choice{{Value: "", Title: "Every operator (" + Grouped(len(ops)) + ")"}}
	names := make([]string, 0, len(ops))
	for o := range ops {
		names = append(names, o)
	}
	slices.SortFunc(names, func(a, b string) int {
		return cmp.Or(cmp.Compare(ops[b], ops[a]), cmp.Compare(strings.ToLower(a), strings.ToLower(b)))
	})
	for _, o := range names {
		v.Operators = append(v.Operators, Choice{Value: o, Title: o + " (" + Grouped(ops[o]) + ")"})
	}
	return v
}

// Said returns what the reference says of how many crawlers it shows:
// "12 crawlers found, of 283", "283 crawlers: the first 40 are shown".
func (v CatalogueView) Said() string {
	s := Plural(v.Found, "crawler", "crawlers")
	if v.Found < v.Total {
		s += " found, of " + Grouped(v.Total)
	}
	if len(v.Shown) < v.Found {
		s += ": the first " + Grouped(len(v.Shown)) + " are shown"
	}
	return s + "."
}

// HTTPS reports whether s is an https address, which the reference makes
// a link; anything else (a named source) it shows as text.
func HTTPS(s string) bool {
	return strings.HasPrefix(s, "https://") && !strings.ContainsAny(s, " \t\n\"<>")
}
