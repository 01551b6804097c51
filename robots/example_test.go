package robots_test

import (
	"fmt"
	"strings"

	"robotstester/robots"
)

func Example() {
	f := robots.Parse([]byte(`User-agent: *
Disallow: /private/
Allow: /private/press/

Sitemap: https://example.com/sitemap.xml
`))
	for _, url := range []string{"https://example.com/private/plans.html", "https://example.com/private/press/today.html", "https://example.com/"} {
		v := f.Check("Googlebot", url)
		fmt.Println(v.Allowed, v.Line)
	}
	// Output:
	// false 2
	// true 3
	// true 0
}

func ExampleVerdict_Explanation() {
	f := robots.Parse([]byte("User-agent: *\nDisallow: /shop\nAllow: /shop\n"))
	v := f.Check("bingbot", "https://example.com/shop/cart")
	fmt.Println(strings.Join(v.Explanation(), "\n"))
	// Output:
	// Google reading: the path tested is /shop/cart.
	// No group names bingbot, so the * group applies: the group at line 1.
	// Line 2, Disallow: /shop, matches, with priority 5 (the length of its pattern).
	// Line 3, Allow: /shop, matches, with priority 5 (the length of its pattern).
	// An Allow and a Disallow tie at priority 5: the Allow wins ties, so line 3 decides.
	// Verdict: allowed.
}

func ExampleFile_CheckDialect() {
	f := robots.Parse([]byte("User-agent: *\nDisallow: /\nAllow: /%7Emak\n"))
	for _, d := range []robots.Dialect{robots.Google, robots.RFC9309} {
		fmt.Println(d, f.CheckDialect(d, "anybot", "/~mak/index.html").Allowed)
	}
	// Output:
	// google false
	// rfc9309 true
}

func ExampleFile_CheckCrawler() {
	f := robots.Parse([]byte("User-agent: Googlebot\nDisallow: /photos/\n"))
	image, _ := robots.LookupCrawler("Googlebot-Image")
	v := f.CheckCrawler(image, "/photos/cat.jpg")
	fmt.Println(v.Allowed, v.Selection, v.Token)
	// Output: false fallback-group Googlebot
}

func ExampleProductToken() {
	fmt.Println(robots.ProductToken("Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)"))
	// Output: bingbot
}

func ExampleEncodeURL() {
	fmt.Println(robots.EncodeURL("example.com/über uns"))
	// Output: https://example.com/%C3%BCber%20uns
}

func ExampleFile_Findings() {
	f := robots.Parse([]byte("User-agent: *\nDissallow: /tmp/\n"))
	for _, fd := range f.Findings() {
		fmt.Println(fd.Line, fd.Severity, fd.Message)
	}
	// Output: 2 warning "Dissallow" is not spelled "Disallow": Google still reads it as Disallow, but RFC 9309 and most other crawlers ignore the line.
}
