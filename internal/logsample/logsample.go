// Package logsample makes access logs for the tests that hold the page's
// worker, the command line and the page to one reading of a log: a
// log of crawlers (catalogued and not), browsers, tools and odd
// user-agent strings, in the Combined Log Format.
package logsample

import (
	"fmt"
	"math/rand/v2"
	"strings"
)

// Agents are the user-agent strings a log is made of: crawlers the
// catalogue knows and does not, browsers, tools, and strings that name
// no one (empty, "-", markup, very long, with control bytes).
var Agents = []string{
	"Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
	"Mozilla/5.0 (Linux; Android 6.0.1; Nexus 5X Build/MMB29P) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.6099.71 Mobile Safari/537.36 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
	"Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.2; +https://openai.com/gptbot)",
	"Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)",
	"Mozilla/5.0 (compatible; AhrefsBot/7.0; +http://ahrefs.com/robot/)",
	"Mozilla/5.0 (compatible; SemrushBot/7~bl; +http://www.semrush.com/bot.html)",
	"Mozilla/5.0 (compatible; MJ12bot/v1.4.8; http://mj12bot.com/)",
	"Mozilla/5.0 (compatible; Yahoo! Slurp; http://help.yahoo.com/help/us/ysearch/slurp)",
	"Mozilla/5.0 (compatible; Yeti/1.1; +http://naver.me/spd)",
	"facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)",
	"Feedly/1.0 (+http://www.feedly.com/fetcher.html; 5 subscribers; like FeedFetcher-Google)",
	"Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36",
	"Mozilla/5.0 (X11; Linux x86_64; rv:109.0) Gecko/20100101 Firefox/115.0",
	"Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Mobile/15E148 Safari/604.1",
	"Mozilla/5.0 (compatible; MSIE 9.0; Windows NT 6.1; WOW64; Trident/5.0)",
	"curl/8.5.0",
	"python-requests/2.31.0",
	"Go-http-client/1.1",
	"Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/120.0.0.0 Safari/537.36",
	"",
	"-",
	"' OR 1=1 --",
	"<script>alert(1)</script>",
	strings.Repeat("x", 3000) + "/1.0",
	"Googlebot\x01/2.1",
	"\x1b[31mcurl/8",
}

// Paths are the paths a log's requests ask for.
var Paths = []string{"/", "/blog/robots", "/private/plans", "/private/press/launch", "/shop/cart", "/shop/list?page=2", "/x/y"}

// Robots is a robots.txt for such a log: groups for crawlers catalogued
// and not.
const Robots = `User-agent: *
Disallow: /private/
Allow: /private/press/

User-agent: GPTBot
Disallow: /

User-agent: AhrefsBot
User-agent: MJ12bot
Disallow: /shop/

User-agent: Yeti
Disallow: /blog/
`

// Log returns n requests of the Agents for the Paths, drawn from seed,
// in the Combined Log Format. A user-agent string's control bytes are
// written as the servers write them, escaped ("\x01"), except in every
// seventh such line, where they stand raw.
func Log(n int, seed uint64) string {
	r := rand.New(rand.NewPCG(seed, seed^0x5eed))
	var b strings.Builder
	statuses := []int{200, 200, 200, 304, 404, 301}
	for i := range n {
		ua := Agents[r.IntN(len(Agents))]
		if strings.ContainsAny(ua, "\x01\x1b") && i%7 != 0 {
			ua = strings.NewReplacer("\x01", `\x01`, "\x1b", `\x1b`).Replace(ua)
		}
		fmt.Fprintf(&b, "192.0.2.%d - - [27/Nov/2026:10:%02d:%02d +0000] \"GET %s HTTP/1.1\" %d %d \"-\" \"%s\"\n",
			r.IntN(250)+1, i/60%60, i%60, Paths[r.IntN(len(Paths))], statuses[r.IntN(len(statuses))], r.IntN(9000), ua)
	}
	return b.String()
}
