package sitework

import (
	"bytes"
	"encoding/csv"
	"strings"
	"testing"

	"robotstester/app/sitemsg"
	"robotstester/robots"
)

// TestSiteCSV writes a row per URL, in pieces, that encoding/csv reads
// back, with each URL's verdict and deciding line.
func TestSiteCSV(t *testing.T) {
	text := "User-agent: *\nDisallow: /private/\n"
	f := robots.ParseString(text)
	var s SiteURLs
	src := s.Begin("list", "list", text)
	list := "/\n/private/a\n=cmd()\n" + distinctPaths("/p/"+strings.Repeat("x", 100), 20000)
	if _, err := s.ReadSource(src, strings.NewReader(list), "list", nil); err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	pieces := 0
	err := SiteCSV(&s, Query{File: f, Query: sitemsg.Query{Text: text, Crawler: "Googlebot"}}, nil, func(b []byte) error {
		pieces++
		out.Write(b)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	rows, err := csv.NewReader(&out).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	// "=cmd()" is no URL or path: the list skips it (and says so).
	if pieces < 2 || len(rows) != 20003 {
		t.Fatalf("%d pieces, %d rows", pieces, len(rows))
	}
	if got := strings.Join(rows[2], "|"); got != "list|/private/a|Googlebot|blocked|2|Disallow: /private/|" {
		t.Errorf("row %q", got)
	}
	for _, r := range rows {
		if strings.HasPrefix(r[1], "=") {
			t.Errorf("a formula cell %q", r[1])
		}
	}
}
