package model

import "testing"

func TestSitemapURLs(t *testing.T) {
	s := State{Robots: "Sitemap: https://a.example/s.xml\nUser-agent: *\nDisallow: /x\nsitemap: https://a.example/t.xml.gz\n"}
	got := Analyze(&s).SitemapURLs()
	if len(got) != 2 || got[0] != "https://a.example/s.xml" || got[1] != "https://a.example/t.xml.gz" {
		t.Errorf("SitemapURLs = %q", got)
	}
}
