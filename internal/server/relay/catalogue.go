package relay

import "robotstester/robots"

// catalogueRanges returns the catalogued crawler token as the catalogue
// writes it, and the URLs of its operator's address lists.
func catalogueRanges(token string) (canonical string, urls []string, ok bool) {
	c, ok := robots.LookupCrawler(token)
	return c.Token, c.Ranges, ok
}
