package robots_test

import (
	"fmt"

	"robotstester/robots"
)

// ExampleWriteIntent writes "search yes, AI training no" into a file: the
// trainers get a group that blocks them, Google-Extended one of its own,
// and the user's group for GPTBot is commented out; the search engines,
// which the * group already lets crawl the site, are left as they are
// (Googlebot still may not fetch /admin/).
func ExampleWriteIntent() {
	file := "User-agent: *\nDisallow: /admin/\n\nUser-agent: GPTBot\nDisallow: /private/\n"
	in := robots.Intent{Roles: map[robots.Role]robots.Choice{
		robots.RoleSearch:     robots.Let,
		robots.RoleAITraining: robots.Deny,
	}}
	out := robots.WriteIntent(file, in)
	f := robots.ParseString(out)
	for _, token := range []string{"Googlebot", "GPTBot", "Google-Extended", "PerplexityBot"} {
		c, _ := robots.LookupCrawler(token)
		fmt.Printf("%s: / %v, /admin/ %v\n", token,
			f.CheckCrawler(c, "https://example.com/").Allowed,
			f.CheckCrawler(c, "https://example.com/admin/").Allowed)
	}
	fmt.Println(robots.WriteIntent(out, in) == out)
	// Output:
	// Googlebot: / true, /admin/ false
	// GPTBot: / false, /admin/ false
	// Google-Extended: / false, /admin/ false
	// PerplexityBot: / true, /admin/ false
	// true
}
