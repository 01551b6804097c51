package robots_test

import (
	"strings"
	"testing"

	"robotstester/robots"
)

func TestProductToken(t *testing.T) {
	for _, c := range []struct{ ua, want string }{
		{"bingbot", "bingbot"},
		{"Googlebot/2.1", "Googlebot"},
		{"  GPTBot  ", "GPTBot"},
		{"Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)", "bingbot"},
		{"Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)", "Googlebot"},
		{"Mozilla/5.0 (Linux; Android 6.0.1; Nexus 5X Build/MMB29P) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)", "Googlebot"},
		{"Googlebot-Image/1.0", "Googlebot-Image"},
		{"Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.2; +https://openai.com/gptbot)", "GPTBot"},
		{"Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; ClaudeBot/1.0; +claudebot@anthropic.com)", "ClaudeBot"},
		{"Mozilla/5.0 (compatible; YandexBot/3.0; +http://yandex.com/bots)", "YandexBot"},
		{"Mozilla/5.0 (compatible; SemrushBot/7~bl; +http://www.semrush.com/bot.html)", "SemrushBot"},
		{"curl/8.4.0", "curl"},
		{"Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36", "Mozilla"},
		{"MJ12bot", "MJ"},
		{"", ""},
	} {
		if got := robots.ProductToken(c.ua); got != c.want {
			t.Errorf("ProductToken(%q) = %q, want %q", c.ua, got, c.want)
		}
	}
}

func TestCrawlerFallbackAndGlobal(t *testing.T) {
	const file = `User-agent: *
Disallow: /private/

User-agent: Googlebot
Disallow: /nogoogle/

User-agent: Googlebot-News
Disallow: /nonews/
`
	f := robots.Parse([]byte(file))
	image, _ := robots.LookupCrawler("googlebot-image")
	news, _ := robots.LookupCrawler("Googlebot-News")
	ads, _ := robots.LookupCrawler("AdsBot-Google")
	gpt, _ := robots.LookupCrawler("GPTBot")
	for _, c := range []struct {
		crawler robots.Crawler
		url     string
		allowed bool
		sel     robots.Selection
		token   string
	}{
		{image, "/nogoogle/a.png", false, robots.FallbackGroup, "Googlebot"},
		{image, "/private/a.png", true, robots.FallbackGroup, "Googlebot"},
		{news, "/nonews/a", false, robots.NamedGroup, "Googlebot-News"},
		{news, "/nogoogle/a", true, robots.NamedGroup, "Googlebot-News"},
		{ads, "/private/a", true, robots.GlobalIgnored, ""},
		{gpt, "/private/a", false, robots.GlobalGroup, "*"},
		{robots.CrawlerFor("SomeBot"), "/private/a", false, robots.GlobalGroup, "*"},
	} {
		v := f.CheckCrawler(c.crawler, c.url)
		if v.Allowed != c.allowed || v.Selection != c.sel || v.Token != c.token {
			t.Errorf("%s %s: allowed=%v selection=%v token=%q, want %v %v %q", c.crawler.Token, c.url, v.Allowed, v.Selection, v.Token, c.allowed, c.sel, c.token)
		}
	}
	// A group naming AdsBot restricts it.
	f = robots.Parse([]byte("User-agent: AdsBot-Google\nDisallow: /x\n"))
	if v := f.CheckCrawler(ads, "/x"); v.Allowed {
		t.Errorf("AdsBot-Google with its own group: allowed")
	}
}

func TestCatalogue(t *testing.T) {
	seen := map[string]bool{}
	for _, c := range robots.Crawlers() {
		if c.Token == "" || c.Vendor == "" || c.Purpose == "" {
			t.Errorf("incomplete entry %+v", c)
		}
		// A token with digits is read as the letters before them
		// ("MJ12bot" is "MJ"), on a group's line and as a crawler's name.
		if want := strings.TrimRight(c.Token, "0123456789"); strings.IndexAny(c.Token, "0123456789") < 0 && robots.ProductToken(c.Token) != want {
			t.Errorf("%s is not a product token", c.Token)
		}
		if seen[c.Token] {
			t.Errorf("%s listed twice", c.Token)
		}
		seen[c.Token] = true
		for _, fb := range c.Fallbacks {
			if _, ok := robots.LookupCrawler(fb); !ok {
				t.Errorf("%s falls back to unknown %s", c.Token, fb)
			}
		}
	}
	for _, tok := range []string{"Googlebot", "Googlebot-Image", "Google-Extended", "AdsBot-Google", "bingbot", "Yandex", "Applebot-Extended", "Baiduspider", "DuckAssistBot", "GPTBot", "ClaudeBot", "Claude-Web", "PerplexityBot", "CCBot", "Bytespider", "meta-externalagent", "MistralAI-User"} {
		if !seen[tok] {
			t.Errorf("catalogue lacks %s", tok)
		}
	}
}

func TestCheckAgent(t *testing.T) {
	f := robots.Parse([]byte("User-agent: bingbot\nDisallow: /b\n\nUser-agent: Googlebot\nDisallow: /g\n"))
	const ua = "Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)"
	for _, c := range []struct {
		d       robots.Dialect
		agent   string
		url     string
		allowed bool
	}{
		{robots.Google, ua, "/b", false},
		{robots.MK1996, ua, "/b", false},
		{robots.PythonLegacy, ua, "/b", true}, // Python looks only at "mozilla"
		{robots.PythonLegacy, "bingbot/2.0", "/b", false},
		{robots.Google, "Googlebot-Image", "/g", false},  // falls back to Googlebot
		{robots.GYM2008, "Googlebot-Image", "/g", false}, // "googlebot" is in "googlebot-image"
	} {
		if v := f.Read(c.d).CheckAgent(c.agent, c.url); v.Allowed != c.allowed {
			t.Errorf("%s %q %s: allowed %v, want %v", c.d, c.agent, c.url, v.Allowed, c.allowed)
		}
	}
}
