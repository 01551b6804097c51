package robots_test

import (
	"fmt"
	"strings"
	"testing"

	"robotstester/robots"
)

// TestContent checks what texts are taken for, and the one finding a text
// that is not a robots.txt gets, in every dialect.
func TestContent(t *testing.T) {
	for _, c := range []struct {
		name, text string
		want       robots.ContentKind
		code       robots.Code // the only finding, for a text that is not a robots.txt
		says       string      // a part of its message
	}{
		{"a robots.txt", "User-agent: *\nDisallow: /x\n", robots.RobotsTxt, "", ""},
		{"one record among junk", "Hello\nSitemap: https://example.com/s.xml\n", robots.RobotsTxt, "", ""},
		{"nothing", "", robots.EmptyFile, "", ""},
		{"comments only", "# User-agent: *\n# Disallow: /\n\n", robots.EmptyFile, "", ""},
		{"a pasted URL", "https://www.example.com/robots.txt", robots.PastedURL, "pasted-url", "open https://www.example.com/robots.txt in your browser"},
		{"a URL without its scheme", "www.example.com/robots.txt\n", robots.PastedURL, "pasted-url", "robots.txt of www.example.com"},
		{"a few URLs", "https://example.com/a\nhttp://example.com/b\n\nhttps://example.com/c\n", robots.PastedURL, "pasted-url", "These 3 lines are URLs"},
		{"an HTML page", "<!DOCTYPE html>\n<html>\n<head><title>404 Not Found</title></head>\n<body>\n<h1>Not Found</h1>\n</body>\n</html>\n", robots.HTMLPage, "html", "This is an HTML page, not a robots.txt file"},
		{"an HTML page with text lines", "<html>\n<body>\nThe page you want is not here.\nTry again: later.\n</body></html>", robots.HTMLPage, "html", "soft 404"},
		{"an XML error", "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<Error><Code>NoSuchKey</Code></Error>", robots.HTMLPage, "html", "This is an XML document"},
		{"JSON", "{\"error\": \"not found\",\n \"status\": 404}\n", robots.NotRobotsTxt, "not-robots", "This is JSON"},
		{"binary", "\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR", robots.NotRobotsTxt, "not-robots", "binary data"},
		{"an error message", "500 Server error\n", robots.NotRobotsTxt, "not-robots", "No line of this text is a robots.txt record"},
		{"prose with colons", "Note: this site has no robots file.\nContact: admin\n", robots.NotRobotsTxt, "not-robots", "may crawl everything"},
	} {
		f := robots.Parse([]byte(c.text))
		if got := f.Content(); got != c.want {
			t.Errorf("%s: content %v, want %v", c.name, got, c.want)
		}
		if c.code == "" {
			for _, fd := range f.Findings() {
				if fd.Severity == robots.Error {
					t.Errorf("%s: error finding %s: %s", c.name, fd.Code, fd.Message)
				}
			}
			continue
		}
		for _, d := range robots.Dialects() {
			fs := f.Read(d).Findings()
			if len(fs) != 1 || fs[0].Code != c.code || fs[0].Severity != robots.Error || !strings.Contains(fs[0].Message, c.says) {
				t.Errorf("%s, %s: findings %+v, want one %s error saying %q", c.name, d, fs, c.code, c.says)
			}
		}
	}
}

// TestHTMLInsideRobotsTxt checks a robots.txt with injected markup: one
// finding for the markup lines, none per line, and the record glued to the
// end of the markup is pointed out.
func TestHTMLInsideRobotsTxt(t *testing.T) {
	var b strings.Builder
	for i := 0; i < 50; i++ {
		fmt.Fprintf(&b, "<div style=\"display: none;\"><a href=\"https://spam%d.example/\">spam</a></div>\n", i)
	}
	b.WriteString("<div><a href=\"https://spam.example/\">x</a></div>User-agent: *\nDisallow: /wp-admin/\n\nUser-agent: *\nDisallow: /tmp/\n")
	f := robots.Parse([]byte(b.String()))
	if f.Content() != robots.RobotsTxt {
		t.Errorf("content %v", f.Content())
	}
	var inside []robots.Finding
	for _, fd := range f.Findings() {
		switch fd.Code {
		case "html-inside":
			inside = append(inside, fd)
		case "unknown-key", "not-a-record":
			t.Errorf("per-line finding on markup: %+v", fd)
		}
	}
	if len(inside) != 1 || inside[0].Line != 1 || !strings.Contains(inside[0].Message, "51 lines") || !strings.Contains(inside[0].Message, `Line 51 ends with "User-agent: *"`) {
		t.Errorf("html-inside findings: %+v", inside)
	}
}

// TestStrayLines checks the findings on a URL alone and on merge-conflict
// markers in a robots.txt.
func TestStrayLines(t *testing.T) {
	f := robots.Parse([]byte("User-agent: *\nDisallow: /x\nhttps://example.com/sitemap.xml\n<<<<<<< HEAD\nDisallow: /a\n=======\nDisallow: /b\n>>>>>>> 1a2b3c\n"))
	want := map[int]robots.Code{3: "url-line", 4: "conflict-marker", 6: "conflict-marker", 8: "conflict-marker"}
	for _, fd := range f.Findings() {
		if code, ok := want[fd.Line]; ok && fd.Code == code {
			delete(want, fd.Line)
		} else if fd.Code == "unknown-key" || fd.Code == "not-a-record" {
			t.Errorf("generic finding: %+v", fd)
		}
	}
	if len(want) > 0 {
		t.Errorf("missing findings: %v", want)
	}
}

// notRobotsCorpus are the corpus files that are not a robots.txt, with what
// they are; every other corpus file is one. Each was looked at: the empty
// ones hold comments only; the others are what a server sent in place of
// the file.
var notRobotsCorpus = map[string]robots.ContentKind{
	"cricbuzz.com.txt":                         robots.EmptyFile,
	"docs.oasis-open.org.txt":                  robots.EmptyFile,
	"onlyfans.com.txt":                         robots.EmptyFile,
	"pixnet.net.txt":                           robots.EmptyFile,
	"res.cloudinary.com.txt":                   robots.EmptyFile,
	"www.glassproindia.com.txt":                robots.EmptyFile,
	"www.openfuture.org.txt":                   robots.EmptyFile,
	"www.squid.io.txt":                         robots.EmptyFile,
	"dbw.cn.txt":                               robots.PastedURL,    // "http://www.dbw.cn/"
	"developers.bl.ink.txt":                    robots.HTMLPage,     // an S3 NoSuchKey error in XML
	"static.macloud.jp.txt":                    robots.HTMLPage,     // an S3 AccessDenied error in XML
	"ent.cnr.cn.txt":                           robots.HTMLPage,     // a 404 page
	"kaart.westerkwartier.nl.txt":              robots.HTMLPage,     // nginx's 404 page
	"make.wordpress.org.txt":                   robots.HTMLPage,     // nginx's 429 page
	"ropensci_robots_facebook_unsupported.txt": robots.HTMLPage,     // Facebook's unsupported-browser page
	"www.aonhumancapital.com.au.txt":           robots.HTMLPage,     // "The resource you are looking for has been removed"
	"www.customs.gov.cn.txt":                   robots.HTMLPage,     // a script that sets a cookie
	"852u.adj.st.txt":                          robots.NotRobotsTxt, // "Url not found"
	"addthis.com.txt":                          robots.NotRobotsTxt, // "500 Server error"
	"events.experiences.redhat.com.txt":        robots.NotRobotsTxt, // "Error"
	"hopapp.onelink.me.txt":                    robots.NotRobotsTxt, // "app_not_found"
	"api.stackoverflowteams.com.txt":           robots.NotRobotsTxt, // a JSON error
	"timesites.com.txt":                        robots.NotRobotsTxt, // a JSON error
	"railbeeps.com.txt":                        robots.NotRobotsTxt, // a PNG image
	"www.bjjubao.org.cn.txt":                   robots.NotRobotsTxt, // "Sorry, Page Not Found" and NUL bytes
}

// TestContentCorpus classifies every corpus file: the real robots.txt
// files, those with HTML, URLs or PHP mixed in included, must be taken for
// one.
func TestContentCorpus(t *testing.T) {
	n := 0
	for _, cf := range lintCorpus(t) {
		want, ok := notRobotsCorpus[cf.name]
		if !ok {
			want = robots.RobotsTxt
		}
		if got := robots.Parse(cf.data).Content(); got != want {
			t.Errorf("%s: content %v, want %v", cf.name, got, want)
		}
		n++
	}
	if n < 1000 {
		t.Errorf("%d corpus files", n)
	}
}

func ExampleFile_Content() {
	for _, text := range []string{
		"User-agent: *\nDisallow: /private/\n",
		"https://example.com/robots.txt",
		"<!DOCTYPE html>\n<html><body><h1>404 Not Found</h1></body></html>",
	} {
		f := robots.Parse([]byte(text))
		fmt.Print(f.Content(), ": ")
		if fds := f.Findings(); len(fds) > 0 {
			fmt.Println(fds[0].Code)
		} else {
			fmt.Println("no findings")
		}
	}
	// Output:
	// robots.txt: no findings
	// url: pasted-url
	// html: html
}
