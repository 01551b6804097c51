package robots_test

import (
	"fmt"

	"robotstester/robots"
)

// Example_tour is the engine's API in a few lines, as docs/engine.md shows
// it: parse once, check many, and let every verdict explain itself.
func Example_tour() {
	f := robots.Parse([]byte("User-agent: *\nDisallow: /private/\nAllow: /private/press/\n\nUser-agent: Googlebot\nDissallow: /drafts/\n"))

	v := f.Check("Googlebot", "https://example.com/drafts/plan.html")
	fmt.Println(v.Allowed, v.Line)                       // the verdict and the deciding line (0: no rule matched)
	fmt.Println(v.Decision(), "/", v.DecisionSentence()) // how it was decided, in the reading's words
	fmt.Println(v.Explanation()[1])                      // the why, one sentence per entry

	// Another reading of the same file: the standard reads no "Dissallow".
	fmt.Println(f.CheckDialect(robots.RFC9309, "Googlebot", "/drafts/plan.html").Allowed)

	// The catalogue: tokens, fallbacks, dialects.
	image, _ := robots.LookupCrawler("Googlebot-Image")
	fmt.Println(f.CheckCrawler(image, "/drafts/x.png").Token) // Googlebot-Image follows Googlebot's group

	fmt.Println(robots.ProductToken("Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)"))
	fmt.Println(robots.EncodeURL("example.com/über uns")) // as a browser sends it

	for _, fd := range f.Findings() { // the linter
		fmt.Println(fd.Line, fd.Severity, fd.Code)
	}
	// Output:
	// false 6
	// only-match / Line 6 blocks it: it is the only rule that matches.
	// The group at line 5 applies: it names Googlebot, so Googlebot follows it alone, not a * group.
	// true
	// Googlebot
	// bingbot
	// https://example.com/%C3%BCber%20uns
	// 3 info order-matters
	// 5 info drops-global
	// 6 warning misspelled-key
}
