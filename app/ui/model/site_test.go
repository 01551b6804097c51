package model

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"robotstester/app/sitemsg"
	"robotstester/app/sitework"
	"robotstester/robots"
)

const siteFile = "User-agent: *\nDisallow: /private/\nAllow: /private/press/\nDisallow: /old/\n\nUser-agent: GPTBot\nDisallow: /\n"

// siteWork reads sources into the worker's URL set, natively, as the
// page's worker does.
func siteWork(t *testing.T, sources map[string]string) *sitework.SiteURLs {
	t.Helper()
	s := &sitework.SiteURLs{}
	for _, name := range []string{"sitemap.xml", "urls.txt", "access.log"} {
		text, ok := sources[name]
		if !ok {
			continue
		}
		src := s.Begin(name, "list", siteFile)
		if _, err := s.ReadSource(src, bytes.NewReader([]byte(text)), name, nil); err != nil {
			t.Fatal(err)
		}
	}
	return s
}

// covered returns the worker's coverage of s for q, as the page keeps it.
func covered(t *testing.T, s *sitework.SiteURLs, q SiteQuery) *SiteCoverage {
	t.Helper()
	c, err := s.Cover(sitework.NewQuery(q.Msg()), nil)
	if err != nil {
		t.Fatal(err)
	}
	return &SiteCoverage{Query: q, View: sitework.ViewOf(c, sitework.NewQuery(q.Msg()))}
}

// TestSiteView words the worker's coverage: the lines, the sitemap
// finding, the rules that decide nothing, and an edit's changes.
func TestSiteView(t *testing.T) {
	var xml strings.Builder
	xml.WriteString(`<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">`)
	for _, p := range []string{"/", "/blog/a", "/private/x", "/private/press/y"} {
		fmt.Fprintf(&xml, "<url><loc>https://example.com%s</loc></url>", p)
	}
	xml.WriteString("</urlset>")
	s := siteWork(t, map[string]string{"sitemap.xml": xml.String(), "urls.txt": "https://example.com/private/z\nhttps://example.com/old/page\n"})
	st := s.State()

	f := robots.ParseString(siteFile)
	q := SiteQuery{File: f, Text: siteFile, Crawler: "Googlebot"}
	c := covered(t, s, q)
	v := SiteViewOf(&st, c, q)
	if !v.Counted || v.Blocked != 3 || v.Allowed != 3 {
		t.Fatalf("view %+v", v)
	}
	if got := v.Lines[0].Text(); got != "line 2, `Disallow: /private/`, blocks 2 of your 6 URLs for Googlebot" {
		t.Errorf("first line %q", got)
	}
	if !strings.HasPrefix(v.Finding, "Submitted URL blocked by robots.txt: 1 of the 4 URLs") || !strings.Contains(v.FindingNote, "Blocked by robots.txt") {
		t.Errorf("finding %q / %q", v.Finding, v.FindingNote)
	}
	if len(v.Unused) != 0 || v.Compared {
		t.Errorf("unused %+v, compared %v", v.Unused, v.Compared)
	}

	// An edit: /old/ allowed, /blog/ blocked; compared with the base.
	edited := strings.Replace(siteFile, "Disallow: /old/", "Disallow: /blog/\nDisallow: /never/", 1)
	q2 := SiteQuery{File: robots.ParseString(edited), Text: edited, Crawler: "Googlebot"}
	if SiteViewOf(&st, c, q2).Counted {
		t.Error("an older file's coverage counted as current")
	}
	v2 := SiteViewOf(&st, covered(t, s, q2), q2)
	if v2.ChangesSummary != "Against the file as it was when the URLs were loaded, your edit blocks 1 more URLs and allows 1 more for Googlebot." {
		t.Errorf("changes %q", v2.ChangesSummary)
	}
	if v2.Changes[0].Text != "Your edit blocks 1 more URLs for Googlebot (line 4, `Disallow: /blog/`)." {
		t.Errorf("change %q", v2.Changes[0].Text)
	}
	if len(v2.Unused) != 1 || v2.Unused[0].Line != 5 || v2.Unused[0].Rule != "Disallow: /never/" {
		t.Errorf("unused %+v", v2.Unused)
	}

	// URLs read since the count: it is stale.
	st.Version++
	if SiteViewOf(&st, c, q).Counted {
		t.Error("a coverage of fewer URLs counted as current")
	}
}

// TestSiteViewLog words a log's requests by crawler.
func TestSiteViewLog(t *testing.T) {
	log := `66.249.66.1 - - [10/Oct/2025:13:55:36 +0000] "GET /private/x HTTP/1.1" 200 512 "-" "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)"
66.249.66.1 - - [10/Oct/2025:13:55:37 +0000] "GET /blog/ HTTP/1.1" 200 512 "-" "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)"
10.0.0.1 - - [10/Oct/2025:13:55:38 +0000] "GET /private/x HTTP/1.1" 200 512 "-" "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36"
`
	s := siteWork(t, map[string]string{"access.log": log})
	st := s.State()
	q := SiteQuery{File: robots.ParseString(siteFile), Text: siteFile, Crawler: "Googlebot"}
	v := SiteViewOf(&st, covered(t, s, q), q)
	if len(v.Logged) != 1 || v.Logged[0].Blocked != 1 || v.Logged[0].Fetched != 1 || v.Others != 1 {
		t.Fatalf("logged %+v, others %d", v.Logged, v.Others)
	}
	if v.Summary != "3 logged requests read: each crawler's requests are counted below." {
		t.Errorf("summary %q", v.Summary)
	}
	if v.Logged[0].Text != "Googlebot made 2 requests: 1 to URLs the file does not allow it, 1 of them answered 2xx." {
		t.Errorf("text %q", v.Logged[0].Text)
	}
}

// TestSiteViewEmpty: no URL yet says where they come from.
func TestSiteViewEmpty(t *testing.T) {
	v := SiteViewOf(&sitemsg.URLsState{}, nil, SiteQuery{Crawler: "Googlebot"})
	if !strings.HasPrefix(v.Summary, "No URLs yet") {
		t.Errorf("summary %q", v.Summary)
	}
}

func TestGrouped(t *testing.T) {
	for n, want := range map[int]string{0: "0", 999: "999", 1000: "1,000", 120000: "120,000", 1234567: "1,234,567", -4500: "-4,500"} {
		if got := Grouped(n); got != want {
			t.Errorf("Grouped(%d) = %q", n, got)
		}
	}
}
