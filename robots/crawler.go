package robots

import "strings"

// Category sorts crawlers for people choosing one.
type Category uint8

const (
	SearchEngine Category = iota // crawlers that feed a search engine's index
	AICrawler                    // crawlers that collect for, or fetch on behalf of, AI systems
	OtherCrawler                 // ads, previews, archives, tools
)

var categoryNames = [...]string{"Search engines", "AI crawlers", "Others"}

// String returns the category's name for people, as "AI crawlers".
func (c Category) String() string {
	if int(c) < len(categoryNames) {
		return categoryNames[c]
	}
	return "Others"
}

// A Role is what a crawler fetches pages for: the use a site that names it
// in robots.txt allows or refuses.
type Role uint8

const (
	RoleSearch     Role = iota // it fills a search engine's index
	RoleAITraining             // it collects content to train AI models, or is the token that refuses that use
	RoleAISearch               // it fetches for an AI's search results and answers (grounding, agents)
	RoleUserFetch              // it fetches a page when a user of an AI assistant asks for it
	RoleAds                    // it checks ads' landing pages or the pages ads are shown on
	RolePreview                // it makes previews of pages
	RoleService                // it delivers a service's messages (push notifications)
	RoleResearch               // it crawls for its vendor's research and one-off needs
	RoleTool                   // a tool run on request: a site owner's test, a script

	numRoles
)

var roleNames = [numRoles]string{"search", "ai-training", "ai-search", "user-fetch", "ads", "preview", "service", "research", "tool"}

// String returns the role's name, as "ai-training".
func (r Role) String() string {
	if r < numRoles {
		return roleNames[r]
	}
	return "role(?)"
}

// AI reports whether the role serves AI systems: training, AI search and
// fetches on an AI assistant's user's request.
func (r Role) AI() bool { return r == RoleAITraining || r == RoleAISearch || r == RoleUserFetch }

// A Crawler is a known robot: the token it obeys, how it reads
// robots.txt, and what its operator says of it. The catalogue
// (crawlers.txt) holds them, each fact with its source.
type Crawler struct {
	Token string // the product token it looks for in user-agent lines
	// Aliases are other tokens groups name it by ("Pinterest" for
	// Pinterestbot).
	Aliases []string
	// UAs are the names it shows in user-agent strings where they differ
	// from its tokens ("Screaming Frog SEO Spider").
	UAs     []string
	Vendor  string // who runs it
	Purpose string // what it fetches for, in words for people
	// Role is what it fetches for, as a value: the crawler sets
	// ([CrawlerSets]) are made of it.
	Role     Role
	Category Category // the group of roles people choose it in
	// Featured reports one of the crawlers the tester shows first: its
	// grid's and the matrix's rows; the others are folded by role.
	Featured bool
	// Fallbacks are the tokens whose groups it follows, in order, when no
	// group names Token (Googlebot-Image falls back to Googlebot).
	Fallbacks []string
	// IgnoresGlobal reports that only a group naming it restricts it: it
	// ignores the * group.
	IgnoresGlobal bool
	// HonoursCrawlDelay reports that it reads crawl-delay.
	HonoursCrawlDelay bool
	// ControlOnly reports a token that never fetches anything: it only
	// lets a site opt out of a use of its content.
	ControlOnly bool
	Dialect     Dialect
	Docs        string // its operator's documentation, an https URL
	// Robots is whether its operator says it honours robots.txt, and
	// RobotsSource where it says so.
	Robots       Honours
	RobotsSource string
	// Ranges are the URLs of its operator's published address lists, in
	// the common JSON form ({"creationTime", "prefixes"}); none when the
	// operator publishes none or none could be confirmed.
	Ranges []string
	// RDNS are the domains its addresses' reverse-DNS names end in, when
	// the operator documents them ("googlebot.com").
	RDNS []string
	// Sources are where the record's facts come from: URLs, or a named
	// source the catalogue's header explains.
	Sources []string
	Note    string // anything else worth knowing, in words
	Line    int    // the catalogue's line the record starts on; 0 for a crawler not in it
}

// Crawlers returns the catalogue of known crawlers, search engines first.
// The slice is a copy: changing it changes nothing else.
func Crawlers() []Crawler {
	return append([]Crawler(nil), loadCatalogue().crawlers...)
}

// LookupCrawler returns the known crawler whose token is token, in any
// case.
func LookupCrawler(token string) (Crawler, bool) {
	c := loadCatalogue()
	if i, ok := c.byToken[strings.ToLower(token)]; ok {
		return c.crawlers[i], true
	}
	return Crawler{}, false
}

// A CrawlerSet is a named set of the catalogue's crawlers, to choose many
// at once: on the command line (-a ai-training) and in the tester's grid.
type CrawlerSet struct {
	Name  string // how it is named: "ai-training"
	Title string // for people: "AI training"
	// Tokens are its crawlers' tokens, in the catalogue's order.
	Tokens []string
}

// crawlerSets are the sets, each with the crawlers it holds.
var crawlerSets = []struct {
	name, title string
	in          func(*Crawler) bool
}{
	{"all", "Every known crawler", func(*Crawler) bool { return true }},
	{"google", "Google's crawlers", func(c *Crawler) bool { return c.Vendor == "Google" }},
	{"search", "Search engines", func(c *Crawler) bool { return c.Category == SearchEngine }},
	{"ai", "AI crawlers", func(c *Crawler) bool { return c.Category == AICrawler }},
	{"ai-training", "AI training", func(c *Crawler) bool { return c.Role == RoleAITraining }},
	{"ai-assistants", "AI search and assistants", func(c *Crawler) bool { return c.Role == RoleAISearch || c.Role == RoleUserFetch }},
	{"other", "Others", func(c *Crawler) bool { return c.Category == OtherCrawler }},
	{"featured", "The tester's first crawlers", func(c *Crawler) bool { return c.Featured }},
	{"ai-search", "AI search", func(c *Crawler) bool { return c.Role == RoleAISearch }},
	{"user-fetch", "Fetches on an AI user's request", func(c *Crawler) bool { return c.Role == RoleUserFetch }},
	{"ads", "Ads", func(c *Crawler) bool { return c.Role == RoleAds }},
	{"preview", "Previews", func(c *Crawler) bool { return c.Role == RolePreview }},
	{"service", "Services (feeds, notifications)", func(c *Crawler) bool { return c.Role == RoleService }},
	{"research", "Research and SEO indexes", func(c *Crawler) bool { return c.Role == RoleResearch }},
	{"tool", "Tools and monitors", func(c *Crawler) bool { return c.Role == RoleTool }},
}

// CrawlerSets returns the named sets of the catalogue's crawlers: all,
// google (the vendor), search, ai, other (the categories), ai-training and
// ai-assistants (the roles). The slices are copies.
func CrawlerSets() []CrawlerSet {
	out := make([]CrawlerSet, len(crawlerSets))
	for i, s := range crawlerSets {
		out[i] = CrawlerSet{Name: s.name, Title: s.title}
		cs := loadCatalogue().crawlers
		for j := range cs {
			if s.in(&cs[j]) {
				out[i].Tokens = append(out[i].Tokens, cs[j].Token)
			}
		}
	}
	return out
}

// LookupCrawlerSet returns the set named name, in any case.
func LookupCrawlerSet(name string) (CrawlerSet, bool) {
	for _, s := range CrawlerSets() {
		if strings.EqualFold(s.Name, name) {
			return s, true
		}
	}
	return CrawlerSet{}, false
}

// CrawlerFor returns the crawler to check as for a product token: the known
// crawler with that token, or an unknown one that reads robots.txt as
// Googlebot does, with no fallbacks.
func CrawlerFor(token string) Crawler {
	if c, ok := LookupCrawler(token); ok {
		return c
	}
	return Crawler{Token: token, Category: OtherCrawler, Purpose: "not in the catalogue"}
}

// ProductToken returns the product token a crawler announces in a
// user-agent string, the name robots.txt groups are matched against:
// "Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)"
// gives "bingbot", "Googlebot/2.1" gives "Googlebot", and a bare token is
// returned as it is. A known crawler's token is preferred wherever it
// stands; otherwise the first product that is not a browser's.
func ProductToken(ua string) string {
	ua = strings.TrimSpace(ua)
	if n := tokenLength(ua); n == len(ua) || n > 0 && ua[n] == '/' && !strings.ContainsAny(ua, " (") {
		return ua[:n]
	}
	if c, ok := knownTokenIn(ua, true); ok {
		if n := tokenLength(c); n > 0 {
			// "MJ12bot" is "MJ" to an RFC 9309 parser, on a group's line
			// and in the crawler's own name alike.
			return c[:n]
		}
		return c
	}
	for _, word := range strings.FieldsFunc(ua, func(r rune) bool {
		return r == ' ' || r == '(' || r == ')' || r == ';' || r == ','
	}) {
		name, _, hasVersion := strings.Cut(word, "/")
		if !hasVersion || browserProducts[strings.ToLower(name)] {
			continue
		}
		if n := tokenLength(name); n > 0 {
			return name[:n]
		}
	}
	return ua[:tokenLength(ua)]
}

// browserProducts are the products of ordinary browsers' user-agent
// strings, which crawlers copy and which never name the crawler.
var browserProducts = map[string]bool{
	"mozilla": true, "applewebkit": true, "chrome": true, "safari": true, "gecko": true,
	"firefox": true, "version": true, "mobile": true, "khtml": true, "like": true,
	"edg": true, "opr": true, "trident": true, "presto": true, "headlesschrome": true,
	"chromium": true, "crios": true, "fxios": true, "build": true, "linux": true,
	"android": true, "windows": true, "intel": true, "cpu": true, "x11": true,
}

// knownTokenIn finds the catalogued crawler a user-agent string names:
// the longest of its tokens, aliases and ua names that stands in ua as a
// whole word (a ua name may run on: "Pingdom.com_bot_version_1.4"), not
// after "like " ("like FeedFetcher-Google" names another). With generic,
// a generic name counts too, as a product outside the comments or in a
// comment a crawler writes ("compatible; StatusCake"), or alone. It
// returns the token or alias found, or for a ua name the crawler's token.
func knownTokenIn(ua string, generic bool) (string, bool) {
	c := loadCatalogue()
	lower := strings.ToLower(ua)
	var best *needle
	bestLen := 0
	var products []uaProduct
	for i, n := range c.needles {
		if len(n.text) <= bestLen {
			continue
		}
		if n.product && lower != n.text {
			if !generic {
				continue
			}
			if products == nil {
				products = uaProducts(lower)
			}
			if !namedProduct(products, n.text) {
				continue
			}
		} else if !wordIn(lower, n.text, n.name == "") {
			continue
		}
		best, bestLen = &c.needles[i], len(n.text)
	}
	switch {
	case best == nil:
		return "", false
	case best.name == "":
		return c.crawlers[best.crawler].Token, true
	}
	return best.name, true
}

// wordIn reports whether word stands in s with no token byte before it
// (nor after it, unless runOn), and not after "like ".
func wordIn(s, word string, runOn bool) bool {
	for from := 0; ; {
		i := strings.Index(s[from:], word)
		if i < 0 {
			return false
		}
		i += from
		end := i + len(word)
		if (i == 0 || !isTokenByte(s[i-1])) && (runOn || end == len(s) || !isTokenByte(s[end])) && !strings.HasSuffix(s[:i], "like ") {
			return true
		}
		from = i + 1
	}
}

// namedProduct reports whether name is one of ps outside the comments,
// or in a comment a crawler writes ("compatible; Name/1.0; +http://…").
func namedProduct(ps []uaProduct, name string) bool {
	for _, p := range ps {
		if p.name == name && (!p.inComment || p.loud) {
			return true
		}
	}
	return false
}

// catalogued returns a token or alias of the catalogue's spelled as the
// catalogue spells it, or for a ua name its crawler's token.
func catalogued(name string) (string, bool) {
	c := loadCatalogue()
	i, ok := c.byToken[strings.ToLower(name)]
	if !ok {
		if i, ok = c.byUA[strings.ToLower(name)]; ok {
			return c.crawlers[i].Token, true // "Daumoa" is Daum
		}
		return "", false
	}
	cr := &c.crawlers[i]
	if !cr.Featured && (toolProduct(name) || stackProduct(name) || headlessProduct(name)) {
		return "", false // curl, okhttp: catalogued for reference, read as tools
	}
	for _, t := range append([]string{cr.Token}, cr.Aliases...) {
		if strings.EqualFold(t, name) {
			return t, true
		}
	}
	return cr.Token, true
}
