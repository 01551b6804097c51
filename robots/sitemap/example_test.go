package sitemap_test

import (
	"context"
	"fmt"
	"io"
	"strings"

	"robotstester/robots/sitemap"
)

// A sitemap index naming two sitemaps, read through a Fetcher that
// serves them from memory (a command line's opens URLs and files).
func ExampleWalker_Walk() {
	files := map[string]string{
		"https://example.com/sitemap.xml": `<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
  <sitemap><loc>https://example.com/posts.xml</loc></sitemap>
  <sitemap><loc>https://example.com/pages.txt</loc></sitemap>
</sitemapindex>`,
		"https://example.com/posts.xml": `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
  <url><loc>https://example.com/posts/1?a=1&amp;b=2</loc></url>
</urlset>`,
		"https://example.com/pages.txt": "https://example.com/about\nhttps://example.com/private/x\n",
	}
	w := sitemap.Walker{
		Fetcher: sitemap.FetcherFunc(func(ctx context.Context, loc string) (io.ReadCloser, error) {
			text, ok := files[loc]
			if !ok {
				return nil, fmt.Errorf("no %s", loc)
			}
			return io.NopCloser(strings.NewReader(text)), nil
		}),
		Note: func(n sitemap.Note) { fmt.Println("note:", n) },
	}
	err := w.Walk(context.Background(), "https://example.com/sitemap.xml", func(e sitemap.Entry) error {
		fmt.Println(e.URL, "from", e.From)
		return nil
	})
	fmt.Println(err)
	// Output:
	// https://example.com/posts/1?a=1&b=2 from https://example.com/posts.xml
	// https://example.com/about from https://example.com/pages.txt
	// https://example.com/private/x from https://example.com/pages.txt
	// <nil>
}

// An access log: each request's target, status and whole User-Agent.
func ExampleRead() {
	log := `66.249.66.1 - - [27/Nov/2026:10:00:00 +0000] "GET /private/x HTTP/1.1" 200 512 "-" "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)"
203.0.113.9 - - [27/Nov/2026:10:00:01 +0000] "GET /blog HTTP/1.1" 304 0 "-" "curl/8.5.0"
`
	sitemap.Read(strings.NewReader(log), "access.log", nil, func(e sitemap.Entry) error {
		fmt.Printf("%s %d %q\n", e.URL, e.Status, e.Agent)
		return nil
	})
	// Output:
	// /private/x 200 "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)"
	// /blog 304 "curl/8.5.0"
}
