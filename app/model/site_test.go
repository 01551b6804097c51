package model

import (
	"bytes"
	"math/rand"
	"slices"
	"strconv"
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
	v := SiteViewOf(&st, c, q, false)
	if !v.Counted || v.Blocked != 2 || v.Allowed != 1 || len(v.Parts) == 0 {
		t.Fatalf("view %+v", v)
	}
	if v.Summary != "3 URLs read. For Googlebot: 1 allowed, 2 blocked." {
		t.Errorf("summary %q", v.Summary)
	}
	edited := siteFile + "Disallow: /\n"
	q2 := SiteQuery{File: robots.ParseString(edited), Text: edited, Crawler: "Googlebot"}
	if v := SiteViewOf(&st, c, q2, false); v.Counted || !strings.HasSuffix(v.Summary, "Counting again…") {
		t.Errorf("an older file's coverage counted as current: %+v", v)
	}
	if v := SiteViewOf(&st, c, SiteQuery{File: f, Text: siteFile, Crawler: "bingbot"}, false); len(v.Parts) != 0 || v.Summary != "3 URLs read. Counting for bingbot…" {
		t.Errorf("another crawler's view %+v", v)
	}
	// Every crawler's counts stay while another crawler's breakdown is
	// counted (its row was chosen), not in another reading.
	if v.Matrix == nil {
		t.Fatal("no matrix")
	}
	if v := SiteViewOf(&st, c, SiteQuery{File: f, Text: siteFile, Crawler: "bingbot"}, false); v.Matrix != c.Matrix {
		t.Error("the matrix went while another crawler is counted")
	}
	if v := SiteViewOf(&st, c, SiteQuery{File: f, Text: siteFile, Crawler: "bingbot", Dialect: robots.MK1996, Fixed: true}, false); v.Matrix != nil {
		t.Error("the matrix of another reading is shown")
	}
	st.Version++
	if SiteViewOf(&st, c, q, false).Counted {
		t.Error("a coverage of fewer URLs counted as current")
	}
}

// TestSiteViewEmpty: no URL yet says where they come from.
func TestSiteViewEmpty(t *testing.T) {
	v := SiteViewOf(&sitemsg.URLsState{}, nil, SiteQuery{Crawler: "Googlebot"}, false)
	if !strings.HasPrefix(v.Summary, "No URLs yet") {
		t.Errorf("summary %q", v.Summary)
	}
}

// TestSiteViewTold: what the reading of a source noted is told in view,
// by file, a few at most; a source that gave no URL is said to once it
// is read, and when it is all there is, the summary says why.
func TestSiteViewTold(t *testing.T) {
	q := SiteQuery{Crawler: "Googlebot"}
	one := sitemsg.URLsState{Sources: []sitemsg.Source{{Name: "open.csv", Kind: "list"}}}
	if v := SiteViewOf(&one, nil, q, true); !strings.HasPrefix(v.Summary, "No URLs yet") || len(v.Told) != 0 {
		t.Errorf("while read: %q, told %q", v.Summary, v.Told)
	}
	if v := SiteViewOf(&one, nil, q, false); v.Summary != "No URLs read from open.csv: "+noURLIn || len(v.Told) != 0 {
		t.Errorf("read, no note: %q, told %q", v.Summary, v.Told)
	}
	one.Notes = []string{"open.csv: a quote is never closed", "open.csv: 2 lines skipped"}
	if v := SiteViewOf(&one, nil, q, false); v.Summary != "No URLs read from open.csv: a quote is never closed." || !slices.Equal(v.Told, []string{"open.csv: 2 lines skipped"}) {
		t.Errorf("read, noted: %q, told %q", v.Summary, v.Told)
	}
	two := sitemsg.URLsState{Sources: []sitemsg.Source{{Name: "a.txt"}, {Name: "b.txt", Error: "cut short"}}}
	if v := SiteViewOf(&two, nil, q, false); v.Summary != "No URLs read from the 2 sources given." || !slices.Equal(v.Told, []string{"a.txt: " + noURLIn, "b.txt: cut short"}) {
		t.Errorf("two read: %q, told %q", v.Summary, v.Told)
	}

	// URLs read: the counts say so, the notes are told beside them, the
	// panel's own (of no source) last.
	many := sitemsg.URLsState{Pages: 8125, Sources: []sitemsg.Source{{Name: "random.bin", URLs: 8125}, {Name: "b.txt", URLs: 3, Error: "cut short"}, {Name: "c.txt", URLs: 1}},
		Notes: []string{"The panel's own", "b.txt: 1 line skipped", "random.bin: binary bytes", "random.bin: no URLs in it"}}
	v := SiteViewOf(&many, nil, q, false)
	if !strings.HasPrefix(v.Summary, "8,125 URLs read") || !slices.Equal(v.Told, []string{"random.bin: binary bytes", "random.bin: no URLs in it", "b.txt: cut short"}) || v.MoreTold != 2 {
		t.Errorf("many: %q, told %q and %d more", v.Summary, v.Told, v.MoreTold)
	}

	// 2 MB of random bytes: no URL, and why, in the summary itself.
	bin := &sitework.SiteURLs{}
	rnd := make([]byte, 2<<20)
	rand.New(rand.NewSource(1)).Read(rnd)
	if _, err := bin.ReadSource(bin.Begin("random.bin", "list", siteFile), bytes.NewReader(rnd), "random.bin", nil); err != nil {
		t.Fatal(err)
	}
	binSt := bin.State()
	if v := SiteViewOf(&binSt, nil, q, false); !strings.HasPrefix(v.Summary, "No URLs read from random.bin: this looks like a binary file") {
		t.Errorf("random bytes: %q, told %q", v.Summary, v.Told)
	}

	// A CSV whose quote is never closed: the engine's note, told in view.
	s := &sitework.SiteURLs{}
	src := s.Begin("open.csv", "list", siteFile)
	var rows strings.Builder
	for i := range 60_000 { // distinct: the panel holds a URL once
		rows.WriteString("https://example.com/b" + strconv.Itoa(i) + "\n")
	}
	csv := "url\n\"https://example.com/a\n" + rows.String()
	if _, err := s.ReadSource(src, strings.NewReader(csv), "open.csv", nil); err != nil {
		t.Fatal(err)
	}
	st := s.State()
	if v := SiteViewOf(&st, nil, q, false); !strings.HasPrefix(v.Summary, "60,000 URLs read") || len(v.Told) != 1 || !strings.HasPrefix(v.Told[0], "open.csv: line 2: a quote opened here is not closed") {
		t.Errorf("an unclosed quote: %q, told %q", v.Summary, v.Told)
	}
}

func TestGrouped(t *testing.T) {
	for n, want := range map[int]string{0: "0", 999: "999", 1000: "1,000", 120000: "120,000", 1234567: "1,234,567", -4500: "-4,500"} {
		if got := Grouped(n); got != want {
			t.Errorf("Grouped(%d) = %q", n, got)
		}
	}
}

// TestSiteViewSources: the summary names each source with what it gave
// when more than one gave URLs, or one gave a URL twice, and how many
// were repeats: the URLs held count each URL once.
func TestSiteViewSources(t *testing.T) {
	q := SiteQuery{Crawler: "Googlebot"}
	for _, tc := range []struct {
		st   sitemsg.URLsState
		want string
	}{
		{sitemsg.URLsState{Pages: 500, Sources: []sitemsg.Source{{Name: "crawl.csv", Kind: "list", URLs: 300}, {Name: "urls.txt", Kind: "list", URLs: 200, Repeats: 300}}},
			"500 URLs read from 2 sources (crawl.csv: 300 URLs; urls.txt: 500 URLs, 300 of them repeats). Counting for Googlebot…"},
		{sitemsg.URLsState{Pages: 3, Sources: []sitemsg.Source{{Name: "urls.txt", Kind: "list", URLs: 3, Repeats: 1}}},
			"3 URLs read from urls.txt (4 URLs, 1 of them a repeat). Counting for Googlebot…"},
		{sitemsg.URLsState{Pages: 3, Sources: []sitemsg.Source{{Name: "urls.txt", Kind: "list", URLs: 3}}},
			"3 URLs read. Counting for Googlebot…"},
		{sitemsg.URLsState{Pages: 6, Requests: 2, Sources: []sitemsg.Source{{Name: "i.xml", Kind: "index", URLs: 2}, {Name: "a.xml", Kind: "sitemap", URLs: 2},
			{Name: "b.txt", Kind: "list", URLs: 2}, {Name: "c.txt", Kind: "list", URLs: 2}, {Name: "access.log", Kind: "log", URLs: 2}}},
			"6 URLs and 2 logged requests read from 5 sources (i.xml: an index of 2 sitemaps; a.xml: 2 URLs; b.txt: 2 URLs; c.txt: 2 URLs; and 1 more). Counting for Googlebot…"},
	} {
		if v := SiteViewOf(&tc.st, nil, q, false); v.Summary != tc.want {
			t.Errorf("summary %q\nwant    %q", v.Summary, tc.want)
		}
	}
	// A source of repeats alone gave URLs: it is not said to give none.
	again := sitemsg.URLsState{Pages: 2, Sources: []sitemsg.Source{{Name: "a.txt", Kind: "list", URLs: 2}, {Name: "a-again.txt", Kind: "list", Repeats: 2}}}
	if v := SiteViewOf(&again, nil, q, false); len(v.Told) != 0 {
		t.Errorf("told %q of a source of repeats", v.Told)
	}
}
