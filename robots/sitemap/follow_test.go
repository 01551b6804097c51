package sitemap

import (
	"context"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestFollow(t *testing.T) {
	dir := t.TempDir()
	index := filepath.Join(dir, "index.xml")
	for _, tc := range []struct {
		name, parent, child string
		otherHosts          bool
		want                string // "" when refused
		why                 string // a part of the refusal's words
	}{
		{"same host", "https://example.com/index.xml", "https://example.com/a.xml", false, "https://example.com/a.xml", ""},
		{"same host, other scheme and port", "https://example.com/index.xml", "http://EXAMPLE.com:8080/a.xml", false, "http://EXAMPLE.com:8080/a.xml", ""},
		{"another host", "https://example.com/index.xml", "https://evil.example/a.xml", false, "", "own host only"},
		{"another host, allowed", "https://example.com/index.xml", "https://cdn.example.net/a.xml", true, "https://cdn.example.net/a.xml", ""},
		{"a subdomain is another host", "https://example.com/index.xml", "https://www.example.com/a.xml", false, "", "own host only"},
		{"user part", "https://example.com/index.xml", "https://example.com@evil.example/a.xml", false, "", "own host only"},
		{"a local path", "https://example.com/index.xml", "/etc/passwd", false, "", "only absolute http and https"},
		{"a local path, other hosts allowed", "https://example.com/index.xml", "/etc/passwd", true, "", "only absolute http and https"},
		{"proc", "https://example.com/index.xml", "/proc/self/environ", false, "", "only absolute http and https"},
		{"standard input", "https://example.com/index.xml", "-", false, "", "only absolute http and https"},
		{"a file URL", "https://example.com/index.xml", "file:///etc/passwd", false, "", "only absolute http and https"},
		{"a relative path", "https://example.com/index.xml", "a.xml", false, "", "only absolute http and https"},
		{"scheme-relative", "https://example.com/index.xml", "//example.com/a.xml", false, "", "only absolute http and https"},
		{"ftp", "https://example.com/index.xml", "ftp://example.com/a.xml", true, "", "only absolute http and https"},
		{"local: beside it", index, "a.xml", false, filepath.Join(dir, "a.xml"), ""},
		{"local: below it", index, "sub/a.xml", false, filepath.Join(dir, "sub", "a.xml"), ""},
		{"local: absolute, inside", index, filepath.Join(dir, "b.xml"), false, filepath.Join(dir, "b.xml"), ""},
		{"local: up", index, "../a.xml", false, "", "own folder or below"},
		{"local: up and back", index, "sub/../../x/a.xml", false, "", "own folder or below"},
		{"local: absolute, outside", index, "/etc/passwd", false, "", "own folder or below"},
		{"local: proc", index, "/proc/self/environ", false, "", "own folder or below"},
		{"local: standard input", index, "-", false, "", "standard input"},
		{"local: a file URL", index, "file:///etc/passwd", false, "", "not file:"},
		{"local: the web", index, "https://example.com/a.xml", false, "https://example.com/a.xml", ""},
		{"standard input: beside the working directory", "-", "a.xml", false, "a.xml", ""},
		{"standard input: outside", "-", "/etc/passwd", false, "", "own folder or below"},
		{"empty", index, " ", false, "", "empty"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := Follow(tc.parent, tc.child, tc.otherHosts)
			if tc.want == "" {
				if err == nil || !strings.Contains(err.Error(), tc.why) {
					t.Fatalf("Follow(%q, %q) = %q, %v; want a refusal saying %q", tc.parent, tc.child, got, err, tc.why)
				}
				return
			}
			if err != nil || got != tc.want {
				t.Fatalf("Follow(%q, %q) = %q, %v; want %q", tc.parent, tc.child, got, err, tc.want)
			}
		})
	}
}

// TestWalkOpensOnlyWhatAnIndexMayName: a remote index naming local
// files, standard input and other hosts has none of them opened, and a
// note says so once a reason.
func TestWalkOpensOnlyWhatAnIndexMayName(t *testing.T) {
	secret := filepath.Join(t.TempDir(), "secret")
	os.WriteFile(secret, []byte("TOKEN=hunter2\n"), 0o600)
	index := `<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
<sitemap><loc>` + secret + `</loc></sitemap>
<sitemap><loc>/etc/passwd</loc></sitemap>
<sitemap><loc>/proc/self/environ</loc></sitemap>
<sitemap><loc>-</loc></sitemap>
<sitemap><loc>file://` + secret + `</loc></sitemap>
<sitemap><loc>http://169.254.169.254/latest/meta-data/</loc></sitemap>
<sitemap><loc>https://example.com/ok.txt</loc></sitemap>
</sitemapindex>`
	var opened []string
	var notes []string
	w := Walker{
		Fetcher: FetcherFunc(func(ctx context.Context, loc string) (io.ReadCloser, error) {
			opened = append(opened, loc)
			switch loc {
			case "https://example.com/index.xml":
				return io.NopCloser(strings.NewReader(index)), nil
			case "https://example.com/ok.txt":
				return io.NopCloser(strings.NewReader("https://example.com/page\n")), nil
			}
			return os.Open(loc) // what a careless opener would do
		}),
		Note: func(n Note) { notes = append(notes, n.String()) },
	}
	var urls []string
	err := w.Walk(context.Background(), "https://example.com/index.xml", func(e Entry) error {
		urls = append(urls, e.URL)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if strings.Join(opened, " ") != "https://example.com/index.xml https://example.com/ok.txt" {
		t.Errorf("opened %q", opened)
	}
	if strings.Join(urls, " ") != "https://example.com/page" {
		t.Errorf("URLs %q", urls)
	}
	want := []string{
		`https://example.com/index.xml: 5 sitemaps it names are not read: an index on the web names only absolute http and https URLs (the first: "` + secret + `")`,
		`https://example.com/index.xml: 1 sitemap it names is not read: an index names sitemaps of its own host only (the first: "http://169.254.169.254/latest/meta-data/")`,
	}
	if strings.Join(notes, "\n") != strings.Join(want, "\n") {
		t.Errorf("notes:\n%s\nwant:\n%s", strings.Join(notes, "\n"), strings.Join(want, "\n"))
	}
}
