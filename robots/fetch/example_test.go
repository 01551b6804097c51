package fetch_test

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"

	"robotstester/robots"
	"robotstester/robots/fetch"
)

func Example() {
	// A site whose robots.txt moved, with one redirect.
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/robots.txt" {
			http.Redirect(w, r, "/static/robots.txt", http.StatusMovedPermanently)
			return
		}
		fmt.Fprint(w, "User-agent: *\nDisallow: /private/\n")
	}))
	defer srv.Close()

	res, err := fetch.Fetch(context.Background(), srv.URL+"/any/page.html")
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(res.Status, res.Class, len(res.Hops), "redirect")
	for _, d := range []robots.Dialect{robots.Google, robots.RFC9309} {
		fmt.Println(d, res.Access(d).Permission)
	}
	googlebot, _ := robots.LookupCrawler("Googlebot")
	fmt.Println(res.Allowed(googlebot, srv.URL+"/private/plans.html"))
	// Output:
	// 200 success 1 redirect
	// google follow-rules
	// rfc9309 follow-rules
	// false
}
