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

// A Crawler is a known robot: the token it obeys and how it reads
// robots.txt.
type Crawler struct {
	Token   string // the product token it looks for in user-agent lines
	Vendor  string
	Purpose string // what it fetches for, in words for people
	// Role is what it fetches for, as a value: the crawler sets
	// ([CrawlerSets]) are made of it.
	Role     Role
	Category Category
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
}

var googlebot = []string{"Googlebot"}

// crawlers is the catalogue, in the order it is shown.
var crawlers = []Crawler{
	{Token: "Googlebot", Vendor: "Google", Role: RoleSearch, Purpose: "Google Search (desktop and smartphone)"},
	{Token: "Googlebot-Image", Vendor: "Google", Role: RoleSearch, Purpose: "Google Images", Fallbacks: googlebot},
	{Token: "Googlebot-Video", Vendor: "Google", Role: RoleSearch, Purpose: "Google video results", Fallbacks: googlebot},
	{Token: "Googlebot-News", Vendor: "Google", Role: RoleSearch, Purpose: "Google News", Fallbacks: googlebot},
	{Token: "Storebot-Google", Vendor: "Google", Role: RoleSearch, Purpose: "Google Shopping"},
	{Token: "Google-InspectionTool", Vendor: "Google", Role: RoleTool, Purpose: "Search Console tests"},
	{Token: "GoogleOther", Vendor: "Google", Role: RoleResearch, Purpose: "Google research and one-off crawls", Category: OtherCrawler},
	{Token: "GoogleOther-Image", Vendor: "Google", Role: RoleResearch, Purpose: "GoogleOther for images", Category: OtherCrawler, Fallbacks: []string{"GoogleOther"}},
	{Token: "GoogleOther-Video", Vendor: "Google", Role: RoleResearch, Purpose: "GoogleOther for video", Category: OtherCrawler, Fallbacks: []string{"GoogleOther"}},
	{Token: "Google-CloudVertexBot", Vendor: "Google", Role: RoleAISearch, Purpose: "Vertex AI Agents, crawls at the site owner's request", Category: AICrawler},
	{Token: "Google-Extended", Vendor: "Google", Role: RoleAITraining, Purpose: "opt-out of Gemini training and grounding (never fetches)", Category: AICrawler, ControlOnly: true},
	{Token: "AdsBot-Google", Vendor: "Google", Role: RoleAds, Purpose: "Google Ads landing-page quality", Category: OtherCrawler, IgnoresGlobal: true},
	{Token: "AdsBot-Google-Mobile", Vendor: "Google", Role: RoleAds, Purpose: "Google Ads landing-page quality, mobile", Category: OtherCrawler, IgnoresGlobal: true},
	{Token: "Mediapartners-Google", Vendor: "Google", Role: RoleAds, Purpose: "AdSense", Category: OtherCrawler, IgnoresGlobal: true},
	{Token: "APIs-Google", Vendor: "Google", Role: RoleService, Purpose: "push notifications of Google APIs", Category: OtherCrawler, IgnoresGlobal: true},

	{Token: "bingbot", Vendor: "Microsoft", Role: RoleSearch, Purpose: "Bing search", HonoursCrawlDelay: true},
	{Token: "adidxbot", Vendor: "Microsoft", Role: RoleAds, Purpose: "Bing Ads", Category: OtherCrawler, HonoursCrawlDelay: true},
	{Token: "BingPreview", Vendor: "Microsoft", Role: RolePreview, Purpose: "Bing page previews", Category: OtherCrawler, HonoursCrawlDelay: true},
	{Token: "Yandex", Vendor: "Yandex", Role: RoleSearch, Purpose: "all of Yandex's robots", HonoursCrawlDelay: true},
	{Token: "YandexBot", Vendor: "Yandex", Role: RoleSearch, Purpose: "Yandex search", HonoursCrawlDelay: true, Fallbacks: []string{"Yandex"}},
	{Token: "Applebot", Vendor: "Apple", Role: RoleSearch, Purpose: "Siri and Spotlight suggestions"},
	{Token: "Applebot-Extended", Vendor: "Apple", Role: RoleAITraining, Purpose: "opt-out of Apple's AI training (never fetches)", Category: AICrawler, ControlOnly: true},
	// REFERENCE.md describes Baidu as following the 1996 draft.
	{Token: "Baiduspider", Vendor: "Baidu", Role: RoleSearch, Purpose: "Baidu search", Dialect: MK1996},
	{Token: "DuckDuckBot", Vendor: "DuckDuckGo", Role: RoleSearch, Purpose: "DuckDuckGo search"},
	{Token: "DuckAssistBot", Vendor: "DuckDuckGo", Role: RoleAISearch, Purpose: "DuckAssist answers", Category: AICrawler},

	{Token: "GPTBot", Vendor: "OpenAI", Role: RoleAITraining, Purpose: "training of OpenAI's models", Category: AICrawler},
	{Token: "OAI-SearchBot", Vendor: "OpenAI", Role: RoleAISearch, Purpose: "ChatGPT search results", Category: AICrawler},
	{Token: "ChatGPT-User", Vendor: "OpenAI", Role: RoleUserFetch, Purpose: "fetches on a ChatGPT user's request", Category: AICrawler},
	{Token: "ClaudeBot", Vendor: "Anthropic", Role: RoleAITraining, Purpose: "training of Anthropic's models", Category: AICrawler, HonoursCrawlDelay: true},
	{Token: "Claude-SearchBot", Vendor: "Anthropic", Role: RoleAISearch, Purpose: "Claude search results", Category: AICrawler, HonoursCrawlDelay: true},
	{Token: "Claude-User", Vendor: "Anthropic", Role: RoleUserFetch, Purpose: "fetches on a Claude user's request", Category: AICrawler, HonoursCrawlDelay: true},
	{Token: "anthropic-ai", Vendor: "Anthropic", Role: RoleAITraining, Purpose: "older Anthropic token", Category: AICrawler, HonoursCrawlDelay: true},
	{Token: "Claude-Web", Vendor: "Anthropic", Role: RoleUserFetch, Purpose: "older Anthropic token", Category: AICrawler, HonoursCrawlDelay: true},
	{Token: "PerplexityBot", Vendor: "Perplexity", Role: RoleAISearch, Purpose: "Perplexity search results", Category: AICrawler},
	{Token: "Perplexity-User", Vendor: "Perplexity", Role: RoleUserFetch, Purpose: "fetches on a Perplexity user's request", Category: AICrawler},
	{Token: "CCBot", Vendor: "Common Crawl", Role: RoleAITraining, Purpose: "the Common Crawl open web archive", Category: AICrawler},
	{Token: "Amazonbot", Vendor: "Amazon", Role: RoleAISearch, Purpose: "Alexa answers and Amazon AI", Category: AICrawler},
	{Token: "Bytespider", Vendor: "ByteDance", Role: RoleAITraining, Purpose: "training of ByteDance's models", Category: AICrawler},
	{Token: "meta-externalagent", Vendor: "Meta", Role: RoleAITraining, Purpose: "training of Meta's models", Category: AICrawler},
	{Token: "meta-externalfetcher", Vendor: "Meta", Role: RoleUserFetch, Purpose: "fetches on a Meta AI user's request", Category: AICrawler},
	{Token: "cohere-ai", Vendor: "Cohere", Role: RoleAITraining, Purpose: "Cohere's AI", Category: AICrawler},
	{Token: "MistralAI-User", Vendor: "Mistral AI", Role: RoleUserFetch, Purpose: "fetches on a Le Chat user's request", Category: AICrawler},

	{Token: "Python-urllib", Vendor: "Python", Role: RoleTool, Purpose: "scripts that read robots.txt with urllib.robotparser", Category: OtherCrawler, Dialect: Python, HonoursCrawlDelay: true},
}

// Crawlers returns the catalogue of known crawlers, search engines first.
// The slice is a copy: changing it changes nothing else.
func Crawlers() []Crawler {
	return append([]Crawler(nil), crawlers...)
}

// LookupCrawler returns the known crawler whose token is token, in any
// case.
func LookupCrawler(token string) (Crawler, bool) {
	for _, c := range crawlers {
		if strings.EqualFold(c.Token, token) {
			return c, true
		}
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
}

// CrawlerSets returns the named sets of the catalogue's crawlers: all,
// google (the vendor), search, ai, other (the categories), ai-training and
// ai-assistants (the roles). The slices are copies.
func CrawlerSets() []CrawlerSet {
	out := make([]CrawlerSet, len(crawlerSets))
	for i, s := range crawlerSets {
		out[i] = CrawlerSet{Name: s.name, Title: s.title}
		for j := range crawlers {
			if s.in(&crawlers[j]) {
				out[i].Tokens = append(out[i].Tokens, crawlers[j].Token)
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
	if c, ok := knownTokenIn(ua); ok {
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

// lowerTokens are the catalogue's tokens lower-cased, once: knownTokenIn
// runs for every test of the tester on every change.
var lowerTokens = func() []string {
	out := make([]string, len(crawlers))
	for i, c := range crawlers {
		out[i] = strings.ToLower(c.Token)
	}
	return out
}()

// knownTokenIn finds the longest catalogued token that stands in ua as a
// whole word.
func knownTokenIn(ua string) (string, bool) {
	lower := strings.ToLower(ua)
	best := ""
	for i, c := range crawlers {
		tok := lowerTokens[i]
		for from := 0; ; {
			i := strings.Index(lower[from:], tok)
			if i < 0 {
				break
			}
			i += from
			end := i + len(tok)
			if (i == 0 || !isTokenByte(lower[i-1])) && (end == len(lower) || !isTokenByte(lower[end])) {
				if len(tok) > len(best) {
					best = c.Token
				}
				break
			}
			from = i + 1
		}
	}
	return best, best != ""
}
