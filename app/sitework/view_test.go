package sitework

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"robotstester/app/sitemsg"
)

// siteWork reads sources into the worker's URL set, natively, as the
// page's worker does.
func siteWork(t *testing.T, sources map[string]string) *SiteURLs {
	t.Helper()
	s := &SiteURLs{}
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

// worded returns the worker's coverage of s for q, worded.
func worded(t *testing.T, s *SiteURLs, q Query) Wording {
	t.Helper()
	c, err := s.Cover(q, nil)
	if err != nil {
		t.Fatal(err)
	}
	return Word(c, q)
}

// TestWording words the worker's coverage: the lines, the sitemap
// finding, the rules that decide nothing, and an edit's changes; its
// parts carry the panel's hooks.
func TestWording(t *testing.T) {
	var xml strings.Builder
	xml.WriteString(`<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">`)
	for _, p := range []string{"/", "/blog/a", "/private/x", "/private/press/y"} {
		fmt.Fprintf(&xml, "<url><loc>https://example.com%s</loc></url>", p)
	}
	xml.WriteString("</urlset>")
	s := siteWork(t, map[string]string{"sitemap.xml": xml.String(), "urls.txt": "https://example.com/private/z\nhttps://example.com/old/page\n"})

	q := NewQuery(sitemsg.Query{Text: siteFile, Crawler: "Googlebot"})
	v := worded(t, s, q)
	if got := v.Lines[0].Text(); got != "line 2, `Disallow: /private/`, blocks 2 of your 6 URLs for Googlebot" {
		t.Errorf("first line %q", got)
	}
	if !strings.HasPrefix(v.Finding, "Submitted URL blocked by robots.txt: 1 of the 4 URLs") || !strings.Contains(v.FindingNote, "Blocked by robots.txt") {
		t.Errorf("finding %q / %q", v.Finding, v.FindingNote)
	}
	if len(v.Unused) != 0 || v.Compared {
		t.Errorf("unused %+v, compared %v", v.Unused, v.Compared)
	}
	parts, _ := json.Marshal(v.Parts())
	for _, want := range []string{`"id":"site-urls-finding"`, `"d":["coverage-line","2","count","2","verdict","blocked"]`, `"d":["coverage-line","0","count","2","verdict","allowed"]`, `"l":2`} {
		if !strings.Contains(string(parts), want) {
			t.Errorf("no %s in the parts %s", want, parts)
		}
	}

	// An edit: /old/ allowed, /blog/ blocked; compared with the base.
	edited := strings.Replace(siteFile, "Disallow: /old/", "Disallow: /blog/\nDisallow: /never/", 1)
	v2 := worded(t, s, NewQuery(sitemsg.Query{Text: edited, Crawler: "Googlebot"}))
	if v2.ChangesSummary != "Against the file as it was when the URLs were loaded, your edit, for Googlebot: newly allowed 1 URL, newly blocked 1 URL." {
		t.Errorf("changes %q", v2.ChangesSummary)
	}
	if v2.Flips.Allowed != 1 || v2.Flips.Blocked != 1 || len(v2.Flips.Changes) != 2 {
		t.Errorf("flips %+v", v2.Flips)
	}
	if len(v2.Unused) != 1 || v2.Unused[0].Line != 5 || v2.Unused[0].Rule != "Disallow: /never/" {
		t.Errorf("unused %+v", v2.Unused)
	}
	parts, _ = json.Marshal(v2.Parts())
	for _, want := range []string{`"id":"site-urls-changes"`, `"d":["changes","2","newly-allowed","1","newly-blocked","1"]`, `"id":"site-urls-rebase"`,
		`"x":"Newly allowed: 1 URL"`, `"x":"1 URL: line 4: Disallow: /old/ → no rule matched"`, `"x":"1 URL: no rule matched → line 4: Disallow: /blog/"`, `"d":["unused-line","5"`} {
		if !strings.Contains(string(parts), want) {
			t.Errorf("no %s in the parts %s", want, parts)
		}
	}
}

// TestViewNotes: the view says, for the editor, what each rule decides
// over the URLs, and which of the crawler's rules decide none.
func TestViewNotes(t *testing.T) {
	s := siteWork(t, map[string]string{"urls.txt": "https://example.com/private/a\nhttps://example.com/private/b\nhttps://example.com/x\n"})
	edited := strings.Replace(siteFile, "Disallow: /old/", "Disallow: /never/", 1)
	q := NewQuery(sitemsg.Query{Text: edited, Crawler: "Googlebot"})
	c, err := s.Cover(q, nil)
	if err != nil {
		t.Fatal(err)
	}
	got := map[int]string{}
	for _, n := range ViewOf(c, q).Notes {
		got[n.Line] = n.Text
	}
	want := map[int]string{2: "blocks 2 of 3 URLs", 3: "matches none of your 3 URLs", 4: "matches none of your 3 URLs"}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("notes %v, want %v (file:\n%s)", got, want, edited)
	}
}

// TestWordingLog words a log's requests by crawler.
func TestWordingLog(t *testing.T) {
	log := `66.249.66.1 - - [10/Oct/2025:13:55:36 +0000] "GET /private/x HTTP/1.1" 200 512 "-" "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)"
66.249.66.1 - - [10/Oct/2025:13:55:37 +0000] "GET /blog/ HTTP/1.1" 200 512 "-" "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)"
10.0.0.1 - - [10/Oct/2025:13:55:38 +0000] "GET /private/x HTTP/1.1" 200 512 "-" "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36"
`
	s := siteWork(t, map[string]string{"access.log": log})
	v := worded(t, s, NewQuery(sitemsg.Query{Text: siteFile, Crawler: "Googlebot"}))
	if len(v.Logged) != 1 || v.Logged[0].Blocked != 1 || v.Logged[0].Fetched != 1 || v.NotCrawlers.Browsers != 1 || v.NotCrawlers.Total() != 1 {
		t.Fatalf("logged %+v, not crawlers %+v", v.Logged, v.NotCrawlers)
	}
	if v.Logged[0].Text != "Googlebot made 2 requests: 1 to URLs the file does not allow it, 1 of them answered 2xx." {
		t.Errorf("text %q", v.Logged[0].Text)
	}
	if st := s.State(); st.List == nil || st.List.ID != "site-urls-sources" || st.List.Open {
		t.Errorf("sources listed %+v", st.List)
	}
}

// TestSourcesSummary: the list of sources counts them in a noun that
// agrees ("Read from 1 source" read "1 sources").
func TestSourcesSummary(t *testing.T) {
	one := siteWork(t, map[string]string{"urls.txt": "/a\n"})
	two := siteWork(t, map[string]string{"urls.txt": "/a\n", "access.log": "/b\n"})
	for _, c := range []struct {
		s    *SiteURLs
		want string
	}{{one, "Read from 1 source"}, {two, "Read from 2 sources"}} {
		st := c.s.State()
		if st.List == nil || len(st.List.Kids) == 0 || st.List.Kids[0].Text != c.want {
			t.Errorf("the list of %d sources: %+v, want %q", len(st.Sources), st.List, c.want)
		}
	}
}
