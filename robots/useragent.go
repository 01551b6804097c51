package robots

import "strings"

// A RequesterKind says what made a logged request, as its user-agent
// string tells: robots.txt binds crawlers, not people's browsers nor the
// tools a person runs.
type RequesterKind uint8

const (
	// UnknownRequester: no user-agent string ("" or "-"), or one that
	// names nothing: control bytes, markup, no product token.
	UnknownRequester RequesterKind = iota
	// CrawlerRequester: a robot, catalogued or not: the catalogue's token
	// found in the string, a product named like one (AhrefsBot/7.0,
	// Baiduspider, Slurp, ...), a product announced with a URL in a
	// "compatible" comment ("Mozilla/5.0 (compatible; Yeti/1.1;
	// +http://naver.me/spd)"), or a product that is neither a browser's
	// nor a tool's ("Feedly/1.0").
	CrawlerRequester
	// BrowserRequester: a browser, "Mozilla/5.0 (...) ... Chrome/120
	// Safari/537.36" naming no robot.
	BrowserRequester
	// ToolRequester: an HTTP client a person or a program runs: curl,
	// Wget, python-requests, Go-http-client, an app's HTTP stack, a
	// headless browser, ...
	ToolRequester
)

var requesterNames = [...]string{"unknown", "crawler", "browser", "tool"}

// String returns "unknown", "crawler", "browser" or "tool".
func (k RequesterKind) String() string {
	if int(k) < len(requesterNames) {
		return requesterNames[k]
	}
	return "requester(?)"
}

// A Requester is who made a logged request, read from its user-agent
// string by [ReadRequester].
type Requester struct {
	Kind RequesterKind
	// Token names it: for a crawler, the product its requests are counted
	// under, and checked as a tester's crawler of that name is (groups are
	// matched against it:
	// "AhrefsBot" for "Mozilla/5.0 (compatible; AhrefsBot/7.0;
	// +http://ahrefs.com/robot/)"); for a tool, its product ("curl");
	// "" for a browser or an unknown requester.
	Token string
	// Known reports that Token is the catalogue's ([LookupCrawler]).
	Known bool
}

// Identity returns the crawler a request of r's, whose whole user-agent
// string is agent, is checked as: the readings that look for record names
// in the whole string look in agent; the others take r's Token, with the
// catalogue's crawler of that token or an unknown one that reads the
// file as Googlebot does ([CrawlerFor]). A requester that is no crawler
// is checked as Identify(agent) says.
func (r Requester) Identity(agent string) Identity {
	if r.Kind != CrawlerRequester {
		return Identify(agent)
	}
	// The token as Identify reads it ("MJ12bot" is "MJ" in the readings
	// that take letters, '-' and '_' alone), as a tester's crawler typed
	// so is read.
	id := Identify(r.Token)
	id.Agent = strings.TrimSpace(agent)
	return id
}

// maxRequesterToken bounds a product token read from a user-agent
// string: a longer run of letters is no product's name.
const maxRequesterToken = 64

// ReadRequester reads a logged request's user-agent string: whether a
// crawler, a browser or a tool made it, and the crawler's product token.
// It is the one reading of a log's user-agent strings: Coverage.AddRequest
// counts by it, for the command line and for the page alike.
//
// In order: a catalogued crawler's token wherever it stands makes a
// crawler. An app's HTTP stack (CFNetwork, Dalvik, okhttp) or a headless
// browser (HeadlessChrome, PhantomJS) outside the comments makes a tool.
// The string's first product, when it gives a version and is no
// browser's nor tool's, is a crawler's ("Feedly/1.0 (…; like
// FeedFetcher-Google)" is Feedly). Then a product named as robots name
// themselves (…bot, …spider, crawl…, Slurp, …fetcher, …archiver,
// …externalhit, …indexer), outside the comments or in a comment that
// says "compatible" or gives a URL or an address, or a product with a
// version in such a comment (the "Mozilla/5.0 (compatible; Name/1.0;
// +http://…)" form crawlers use), is a crawler's. Otherwise a tool's
// first product (curl, python-requests, Go-http-client, Java, …) makes a
// tool, and Mozilla's or a browser's with its version a browser. A
// string with control bytes, or with no product and version, is unknown.
func ReadRequester(ua string) Requester {
	ua = strings.TrimSpace(ua)
	if ua == "" || ua == "-" || hasControl(ua) {
		return Requester{}
	}
	ps := uaProducts(ua)
	var first *uaProduct
	for i := range ps {
		if !ps[i].inComment {
			first = &ps[i]
			break
		}
	}
	// A catalogued crawler named outside the comments: "Feedly/1.0 (…;
	// like FeedFetcher-Google)" is Feedly, "Mozilla/5.0 (…) Daumoa/4.0
	// (Following Mediapartners-Google)" Daumoa, whatever the comments say.
	// Then one named in a comment a crawler writes: "(compatible;
	// YandexImages/3.0; +http://yandex.com/bots)" is YandexImages, not
	// the Yandex of its URL.
	for _, loud := range []bool{false, true} {
		for _, p := range ps {
			if p.inComment != loud || loud && !p.loud || browserName(p.name) || strings.EqualFold(p.name, "mozilla") {
				continue
			}
			if tok, ok := catalogued(p.name); ok {
				return Requester{Kind: CrawlerRequester, Token: tok, Known: true}
			}
		}
	}
	if tok, ok := knownTokenIn(ua, false); ok {
		return Requester{Kind: CrawlerRequester, Token: tok, Known: true}
	}
	// An app's HTTP stack or a headless browser anywhere: a program's
	// request ("MyApp/2.1 CFNetwork/1410 Darwin/22.6.0"), not a robot's.
	for _, p := range ps {
		if !p.inComment && (headlessProduct(p.name) || stackProduct(p.name)) {
			return Requester{Kind: ToolRequester, Token: p.name}
		}
	}
	// A generic name of the catalogue's ("Code/1.0", "compatible;
	// StatusCake"), once the string is no program's.
	if tok, ok := knownTokenIn(ua, true); ok {
		return Requester{Kind: CrawlerRequester, Token: tok, Known: true}
	}
	// A product of its own first, with its version: "Feedly/1.0 (…; like
	// FeedFetcher-Google)" is Feedly.
	if first != nil && first.version && !strings.EqualFold(first.name, "mozilla") && !browserName(first.name) && !toolProduct(first.name) {
		return crawlerNamed(first.name)
	}
	for _, p := range ps {
		if p.inComment && !p.loud {
			continue
		}
		if robotName(p.name) || p.inComment && p.version && !browserName(p.name) && !toolProduct(p.name) {
			return crawlerNamed(p.name)
		}
	}
	if first == nil {
		return Requester{}
	}
	switch {
	case toolProduct(first.name):
		return Requester{Kind: ToolRequester, Token: first.name}
	case !first.version:
		// A word alone ("Mozilla", the "OR" of "' OR 1=1 --") names no
		// product: robots that name no robot give their version.
		return Requester{}
	}
	return Requester{Kind: BrowserRequester}
}

// crawlerNamed returns the crawler whose product is name, or an unknown
// requester when name is too long to be a product's.
func crawlerNamed(name string) Requester {
	if len(name) > maxRequesterToken {
		return Requester{}
	}
	return Requester{Kind: CrawlerRequester, Token: name}
}

// hasControl reports whether s holds a control byte: a log's field that
// holds one was not written by an HTTP client.
func hasControl(s string) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 || c == 0x7f {
			return true
		}
	}
	return false
}

// A uaProduct is a product of a user-agent string: its name, whether a
// version follows it ("Name/1.0"), and whether it stands in a comment,
// which is then loud when it says "compatible" or gives a URL or an
// address (a crawler's "(compatible; Name/1.0; +http://…)").
type uaProduct struct {
	name               string
	version, inComment bool
	loud               bool
}

// uaProducts splits a user-agent string into its products: outside
// parentheses, the words; inside, the parts between semicolons and
// commas and their words. A name is its run of letters, digits, '-',
// '_' and '.', a trailing '.' left out.
func uaProducts(ua string) []uaProduct {
	var out []uaProduct
	for len(ua) > 0 {
		switch ua[0] {
		case ' ':
			ua = ua[1:]
		case '(':
			end := strings.IndexByte(ua, ')')
			if end < 0 {
				end = len(ua)
			}
			comment := ua[1:end]
			lc := strings.ToLower(comment)
			loud := strings.Contains(lc, "compatible") || strings.Contains(lc, "http") || strings.Contains(lc, "www.") || strings.Contains(lc, "@")
			for _, part := range strings.FieldsFunc(comment, func(r rune) bool { return r == ';' || r == ',' }) {
				for w := range strings.FieldsSeq(part) {
					if p, ok := uaProductOf(w); ok {
						p.inComment, p.loud = true, loud
						out = append(out, p)
					}
				}
			}
			ua = ua[min(end+1, len(ua)):]
		default:
			end := strings.IndexAny(ua, " (")
			if end < 0 {
				end = len(ua)
			}
			if p, ok := uaProductOf(strings.TrimRight(ua[:end], ";,")); ok {
				out = append(out, p)
			}
			ua = ua[end:]
		}
	}
	return out
}

// uaProductOf reads one word as a product: "Name/1.0" or "Name".
func uaProductOf(w string) (uaProduct, bool) {
	name, version, hasVersion := strings.Cut(w, "/")
	n := 0
	for n < len(name) && (isTokenByte(name[n]) || '0' <= name[n] && name[n] <= '9' || name[n] == '.') {
		n++
	}
	if n < len(name) { // "+http://...", "rv:109.0", "[FBAN": no product
		return uaProduct{}, false
	}
	name = strings.TrimRight(name, ".")
	if name == "" || !isTokenByte(name[0]) {
		return uaProduct{}, false
	}
	return uaProduct{name: name, version: hasVersion && version != ""}, true
}

// robotName reports whether a product's name is a robot's, as robots
// name themselves.
func robotName(name string) bool {
	n := strings.ToLower(name)
	for _, s := range robotWords {
		if strings.Contains(n, s) {
			return true
		}
	}
	return false
}

var robotWords = []string{"bot", "spider", "spyder", "crawl", "slurp", "scraper", "fetcher", "archiver", "externalhit", "indexer"}

// toolProduct reports whether a product is an HTTP client a person or a
// program runs, not a robot nor a browser.
func toolProduct(name string) bool {
	n := strings.ToLower(name)
	for _, t := range toolNames {
		if n == t || strings.HasPrefix(n, t) && n[len(t)] == '-' {
			return true
		}
	}
	return false
}

// toolNames are the products of HTTP clients and libraries (a name, or
// the start of one before a '-': "python-requests", "Apache-HttpClient").
var toolNames = []string{
	"curl", "wget", "python-requests", "python-httpx", "python", "aiohttp", "httpx", "urllib3",
	"go-http-client", "java", "java-http-client", "apache-httpclient",
	"libwww-perl", "lwp", "php", "guzzlehttp", "ruby", "faraday", "axios", "node-fetch", "node", "undici",
	"got", "deno", "bun", "dart", "reqwest", "hyper", "postmanruntime", "insomnia", "httpie", "winhttp",
	"powershell", "windowspowershell", "rest-client", "http_request2", "restsharp", "aria2", "httpclient",
}

// browserName reports whether a product is a browser's, or a part of a
// browser's string (its engine, its platform): those of ordinary
// browsers, which crawlers copy, and those old browsers gave in a
// "compatible" comment.
func browserName(name string) bool {
	n := strings.ToLower(name)
	if browserProducts[n] {
		return true
	}
	switch n {
	case "opera", "msie", "iemobile", "konqueror", "edge", "edgios", "yabrowser", "samsungbrowser", "ucbrowser", "vivaldi", "brave", "duckduckgo", "gsa", "webview", "silk", "seamonkey", "waterfox", "palemoon", "netscape", "maxthon", "qqbrowser", "miuibrowser", "huaweibrowser", "micromessenger", "whale", "focus":
		return true
	}
	return false
}

// stackProduct reports whether a product is the HTTP stack an app's
// requests go through, which names the app first.
func stackProduct(name string) bool {
	switch strings.ToLower(name) {
	case "cfnetwork", "darwin", "dalvik", "okhttp", "alamofire":
		return true
	}
	return false
}

// headlessProduct reports whether a product is a browser run by a
// program: a tool, though its string is a browser's.
func headlessProduct(name string) bool {
	switch strings.ToLower(name) {
	case "headlesschrome", "phantomjs", "puppeteer", "playwright", "selenium", "electron", "chrome-lighthouse", "lighthouse":
		return true
	}
	return false
}
