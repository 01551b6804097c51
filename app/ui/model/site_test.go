package model

import (
	"bytes"
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

// TestSiteView says what is held, and whether the coverage drawn is of
// it: a coverage of another file, or of fewer URLs, is not.
func TestSiteView(t *testing.T) {
	s := siteWork(t, map[string]string{"urls.txt": "https://example.com/private/z\nhttps://example.com/old/page\nhttps://example.com/\n"})
	st := s.State()
	f := robots.ParseString(siteFile)
	q := SiteQuery{File: f, Text: siteFile, Crawler: "Googlebot"}
	c := covered(t, s, q)
	v := SiteViewOf(&st, c, q)
	if !v.Counted || v.Blocked != 2 || v.Allowed != 1 || len(v.Parts) == 0 {
		t.Fatalf("view %+v", v)
	}
	if v.Summary != "3 URLs read. For Googlebot: 1 allowed, 2 blocked." {
		t.Errorf("summary %q", v.Summary)
	}
	edited := siteFile + "Disallow: /\n"
	q2 := SiteQuery{File: robots.ParseString(edited), Text: edited, Crawler: "Googlebot"}
	if v := SiteViewOf(&st, c, q2); v.Counted || !strings.HasSuffix(v.Summary, "Counting again…") {
		t.Errorf("an older file's coverage counted as current: %+v", v)
	}
	if v := SiteViewOf(&st, c, SiteQuery{File: f, Text: siteFile, Crawler: "bingbot"}); len(v.Parts) != 0 || v.Summary != "3 URLs read. Counting for bingbot…" {
		t.Errorf("another crawler's view %+v", v)
	}
	st.Version++
	if SiteViewOf(&st, c, q).Counted {
		t.Error("a coverage of fewer URLs counted as current")
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
