package robots_test

import (
	"fmt"

	"robotstester/robots"
)

// A site's URLs (a sitemap's, say) counted for two crawlers: how many
// each may fetch, and which line blocks the others.
func ExampleCoverage() {
	f := robots.ParseString("User-agent: *\nDisallow: /private/\nAllow: /private/press/\n\nUser-agent: GPTBot\nDisallow: /\n")
	c := robots.NewCoverage(f, "Googlebot", "GPTBot")
	for _, u := range []string{"/", "/blog/a", "/private/x", "/private/press/y"} {
		c.Add("https://example.com" + u)
	}
	for _, t := range c.Tallies() {
		fmt.Printf("%s (%s): %d allowed, %d blocked\n", t.Agent, t.Dialect, t.Allowed, t.Blocked)
		for _, l := range t.Lines {
			fmt.Printf("  line %d %q allowed=%v: %d, e.g. %s\n", l.Line, l.Rule, l.Allowed, l.Count, l.Examples[0])
		}
	}
	// Output:
	// Googlebot (google): 3 allowed, 1 blocked
	//   line 0 "" allowed=true: 2, e.g. https://example.com/
	//   line 2 "Disallow: /private/" allowed=false: 1, e.g. https://example.com/private/x
	//   line 3 "Allow: /private/press/" allowed=true: 1, e.g. https://example.com/private/press/y
	// GPTBot (google): 0 allowed, 4 blocked
	//   line 6 "Disallow: /" allowed=false: 4, e.g. https://example.com/
}

// What an edit does to a site's URLs: the verdicts it flips, by the lines
// that decided before and after.
func ExampleDiff() {
	old := robots.ParseString("User-agent: *\nDisallow: /private/\n")
	new := robots.ParseString("User-agent: *\nDisallow: /private/\nDisallow: /shop/\nAllow: /private/press/\n")
	d := robots.NewDiff(old, new, "Googlebot")
	for _, u := range []string{"/", "/shop/cart", "/shop/list", "/private/press/a"} {
		d.Add("https://example.com" + u)
	}
	for _, f := range d.Flips() {
		fmt.Printf("%s: %d now allowed=%v, line %d %q -> line %d %q\n", f.Agent, f.Count, f.Allowed, f.Old.Line, f.Old.Rule, f.New.Line, f.New.Rule)
	}
	// Output:
	// Googlebot: 2 now allowed=false, line 0 "" -> line 3 "Disallow: /shop/"
	// Googlebot: 1 now allowed=true, line 2 "Disallow: /private/" -> line 4 "Allow: /private/press/"
}
