package robots_test

import (
	"testing"

	"robotstester/robots"
)

func TestEncodeURL(t *testing.T) {
	for _, c := range []struct{ typed, want string }{
		{"https://example.com/über uns?q=ä b", "https://example.com/%C3%BCber%20uns?q=%C3%A4%20b"},
		{"example.com/ä", "https://example.com/%C3%A4"},
		{"Example.COM", "https://example.com/"},
		{"/foo/bar/ツ", "/foo/bar/%E3%83%84"},
		{"foo/bar", "/foo/bar"},
		{"page.html", "/page.html"},
		{"  /a%2Fb  ", "/a%2Fb"},
		{"/a#frag", "/a"},
		{"http://localhost:8000/x", "http://localhost:8000/x"},
		{"localhost:8000/x", "https://localhost:8000/x"},
		{"//cdn.example.com/a", "https://cdn.example.com/a"},
		{`/a\b`, "/a/b"},
		{"/a\"<>`{}", "/a%22%3C%3E%60%7B%7D"},
		{"/?q='x'", "/?q=%27x%27"},
		{"", "/"},
		{"/<script>", "/%3Cscript%3E"},
	} {
		if got := robots.EncodeURL(c.typed); got != c.want {
			t.Errorf("EncodeURL(%q) = %q, want %q", c.typed, got, c.want)
		}
	}
}

func TestPathOf(t *testing.T) {
	for _, c := range []struct{ url, want string }{
		{"", "/"},
		{"http://www.example.com", "/"},
		{"http://www.example.com/", "/"},
		{"http://www.example.com/a", "/a"},
		{"http://www.example.com/a/", "/a/"},
		{"http://www.example.com/a/b?c=http://d.e/", "/a/b?c=http://d.e/"},
		{"http://www.example.com/a/b?c=d&e=f#fragment", "/a/b?c=d&e=f"},
		{"example.com", "/"},
		{"example.com/", "/"},
		{"example.com/a", "/a"},
		{"a", "/"},
		{"a/", "/"},
		{"/a", "/a"},
		{"a/b", "/b"},
		{"example.com?a", "/?a"},
		{"example.com/a;b#c", "/a;b"},
		{"//a/b/c", "/b/c"},
	} {
		if got := robots.PathOf(c.url); got != c.want {
			t.Errorf("PathOf(%q) = %q, want %q", c.url, got, c.want)
		}
	}
}

func TestSiteOf(t *testing.T) {
	for _, c := range []struct{ typed, want string }{
		{"https://Shop.Example/private/x", "https://shop.example"},
		{"shop.example/cart", "https://shop.example"},
		{"http://a.com:80/x", "http://a.com"},
		{"https://a.com:443", "https://a.com"},
		{"https://a.com:8443/x", "https://a.com:8443"},
		{"http://user:pw@a.com/x", "http://a.com"},
		{"/images/logo.png", ""},
		{"page.html", ""},
		{"", ""},
		{"  //cdn.example/x  ", "https://cdn.example"},
	} {
		if got := robots.SiteOf(c.typed); got != c.want {
			t.Errorf("SiteOf(%q) = %q, want %q", c.typed, got, c.want)
		}
	}
}
