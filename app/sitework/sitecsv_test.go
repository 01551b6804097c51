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
	if got := strings.Join(rows[2], "|"); got != "list|/private/a|Googlebot|blocked|2|Disallow: /private/|||||" {
		t.Errorf("row %q", got)
	}
	for _, r := range rows {
		if strings.HasPrefix(r[1], "=") {
			t.Errorf("a formula cell %q", r[1])
		}
	}
}

// TestSiteCSVLog exports a log's requests as the counts read them: a
// crawler's checked as its product token reads the file, a browser's and
// a tool's not checked, and said so.
func TestSiteCSVLog(t *testing.T) {
	text := "User-agent: AhrefsBot\nDisallow: /\n"
	s := siteWork(t, map[string]string{"access.log": `1.2.3.4 - - [10/Oct/2025:13:55:36 +0000] "GET /a HTTP/1.1" 200 512 "-" "Mozilla/5.0 (compatible; AhrefsBot/7.0; +http://ahrefs.com/robot/)"
1.2.3.4 - - [10/Oct/2025:13:55:37 +0000] "GET /a HTTP/1.1" 200 512 "-" "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36"
1.2.3.4 - - [10/Oct/2025:13:55:38 +0000] "GET /a HTTP/1.1" 200 512 "-" "curl/8.5.0"
`})
	var rows []SiteRow
	err := s.EachRow(Query{File: robots.ParseString(text), Query: sitemsg.Query{Text: text, Crawler: "Googlebot"}}, nil, func(r SiteRow) error {
		rows = append(rows, r)
		return nil
	})
	if err != nil || len(rows) != 3 {
		t.Fatalf("%d rows, %v", len(rows), err)
	}
	if r := rows[0]; r.Allowed || r.Line != 2 || r.Crawler != "AhrefsBot" || r.Role != "research" || r.Origin != "unverified" || r.Address != "1.2.3.4" {
		t.Errorf("AhrefsBot's request: %+v", r)
	}
	if r := rows[1]; !r.Allowed || r.Rule != "not checked: a browser's request" {
		t.Errorf("a browser's request: %+v", r)
	}
	if r := rows[2]; !r.Allowed || r.Rule != "not checked: a tool's request (curl)" {
		t.Errorf("a tool's request: %+v", r)
	}
}
