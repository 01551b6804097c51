package robots_test

import (
	"fmt"
	"strings"
	"time"

	"robotstester/robots"
)

// A crawler that fetches robots.txt itself hands the answer to Interpret:
// with an http.Response r, robots.Answer{Status: r.StatusCode, Header:
// r.Header, Body: r.Body}.
func ExampleInterpret() {
	googlebot, _ := robots.LookupCrawler("Googlebot")
	for _, a := range []robots.Answer{
		{Status: 200, Body: strings.NewReader("User-agent: *\nDisallow: /private/\n")},
		{Status: 404},
		{Status: 503},
	} {
		o := robots.Interpret(a)
		access := o.Access(robots.Google)
		fmt.Println(a.Status, o.Class, access.Permission, o.Allowed(googlebot, "https://example.com/private/x"))
	}
	// Output:
	// 200 success follow-rules false
	// 404 client-error allow-all true
	// 503 server-error disallow-all false
}

// Google's 30-day rule: a server error keeps Googlebot out, until it has
// lasted 30 days; then the last good copy of the file applies, or nothing
// when there is none.
func ExampleAccess_After() {
	a := robots.AccessFor(robots.Google, robots.ServerError)
	day := 24 * time.Hour
	fmt.Println(a.After(2*day, true), a.After(31*day, true), a.After(31*day, false))
	// Output: disallow-all follow-rules allow-all
}
