package sitework

import (
	"fmt"
	"strings"
	"testing"

	"robotstester/app/sitemsg"
)

// TestRepeatsHeldOnce reads a crawler's export of 300 URLs and a list of
// 500 sharing 300 of them: 500 URLs are held, each source says what it
// gave and how many were repeats; a sitemap that lists a URL twice, a
// source read back (Load) and a Clear undone hold each URL once too; a
// log's requests are each counted, as many times as the log has them.
func TestRepeatsHeldOnce(t *testing.T) {
	var export, list strings.Builder
	export.WriteString("Address,Status Code\n")
	for i := range 300 {
		fmt.Fprintf(&export, "https://example.com/p/%d,200\n", i)
	}
	for i := range 500 {
		fmt.Fprintf(&list, "https://example.com/p/%d\n", i+200) // 200 to 499 are the export's too
	}
	fmt.Fprintf(&list, "https://example.com/p/0\n") // and one more, once more
	s := siteWork(t, nil)
	for _, src := range []struct{ name, text string }{{"crawl.csv", export.String()}, {"urls.txt", list.String()}} {
		if _, err := s.ReadSource(s.Begin(src.name, "list", siteFile), strings.NewReader(src.text), src.name, nil); err != nil {
			t.Fatal(err)
		}
	}
	st := s.State()
	if st.Pages != 700 {
		t.Errorf("%d URLs held, want 700", st.Pages)
	}
	want := []sitemsg.Source{{Name: "crawl.csv", Kind: "list", URLs: 300}, {Name: "urls.txt", Kind: "list", URLs: 400, Repeats: 101}}
	if fmt.Sprint(st.Sources) != fmt.Sprint(want) {
		t.Errorf("sources %+v, want %+v", st.Sources, want)
	}
	if got := st.List.Kids[1].Kids[1].Text; got != "urls.txt: 501 URLs, 101 of them repeats" {
		t.Errorf("the list says %q", got)
	}

	// A sitemap that lists a URL twice; a log that asks for it twice.
	sm := `<urlset><url><loc>https://example.com/p/0</loc></url><url><loc>https://example.com/new</loc></url><url><loc>https://example.com/new</loc></url></urlset>`
	log := strings.Repeat(`66.249.66.1 - - [10/Oct/2025:13:55:36 +0000] "GET /p/0 HTTP/1.1" 200 512 "-" "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)"`+"\n", 2)
	for _, src := range []struct{ name, text string }{{"sitemap.xml", sm}, {"access.log", log}} {
		if _, err := s.ReadSource(s.Begin(src.name, "list", siteFile), strings.NewReader(src.text), src.name, nil); err != nil {
			t.Fatal(err)
		}
	}
	st = s.State()
	if st.Pages != 701 || st.Requests != 2 || st.Sources[2].URLs != 1 || st.Sources[2].Repeats != 2 || st.Sources[3].URLs != 2 || st.Sources[3].Repeats != 0 {
		t.Errorf("%d URLs, %d requests, sources %+v", st.Pages, st.Requests, st.Sources)
	}

	// Read back from the binary form: the repeats are kept, and a URL
	// read again is still a repeat.
	var back SiteURLs
	if err := back.Load(s.AppendState(nil)); err != nil {
		t.Fatal(err)
	}
	if fmt.Sprint(back.State().Sources) != fmt.Sprint(st.Sources) {
		t.Errorf("read back: %+v, want %+v", back.State().Sources, st.Sources)
	}
	if _, err := back.ReadSource(back.Begin("again.txt", "list", siteFile), strings.NewReader("https://example.com/p/3\nhttps://example.com/q\n"), "again.txt", nil); err != nil {
		t.Fatal(err)
	}
	if got := back.State(); got.Pages != 702 || got.Sources[4].URLs != 1 || got.Sources[4].Repeats != 1 {
		t.Errorf("after reading back: %d URLs, %+v", got.Pages, got.Sources[4])
	}

	// Cleared, the same read again, then Undo: each URL once.
	s.Clear()
	if _, err := s.ReadSource(s.Begin("urls.txt", "list", siteFile), strings.NewReader(list.String()), "urls.txt", nil); err != nil {
		t.Fatal(err)
	}
	s.Restore()
	if got := s.State().Pages; got != 701 {
		t.Errorf("%d URLs after Undo, want 701", got)
	}
}
