package model

import (
	"net/url"
	"slices"
	"strings"
)

// exampleHost is the host of the example's tests.
const exampleHost = "shop.example"

// example is the example, read only: Example gives callers their own copy,
// which a key's edit need not pay for.
var example = Example()

// IsExampleFile reports whether text is the example's file, untouched.
func IsExampleFile(text string) bool { return text == example.Robots }

// ExampleTests reports whether rows are the example's tests, untouched.
func ExampleTests(rows []Row) bool {
	return slices.Equal(rows, example.Rows)
}

// ReplacesExample reports whether text, put where the example's file was,
// is another file rather than the example edited: it keeps less than half
// of the example's text at either end.
func ReplacesExample(text string) bool {
	ex := example.Robots
	kept := commonPrefixLen(ex, text) + commonSuffixLen(ex, text)
	return kept*2 < len(ex)
}

func commonPrefixLen(a, b string) int {
	n := 0
	for n < len(a) && n < len(b) && a[n] == b[n] {
		n++
	}
	return n
}

func commonSuffixLen(a, b string) int {
	n := 0
	for n < len(a) && n < len(b) && a[len(a)-1-n] == b[len(b)-1-n] {
		n++
	}
	return n
}

// SiteOf returns the site a file names as its own: the scheme and host of
// its first Sitemap line that is an absolute http or https URL, or "" when
// it has none.
func (a *Analysis) SiteOf() (scheme, host string) {
	for _, s := range a.Reading.Sitemaps {
		u, err := url.Parse(strings.TrimSpace(s.Value))
		if err == nil && (u.Scheme == "http" || u.Scheme == "https") && u.Host != "" {
			return u.Scheme, u.Host
		}
	}
	return "", ""
}

// RehostExample returns the example's tests with their URLs on host (and
// scheme, where a URL gives one) instead of the example's own host.
func RehostExample(rows []Row, scheme, host string) []Row {
	out := slices.Clone(rows)
	for i := range out {
		u := out[i].URL
		switch {
		case strings.HasPrefix(u, "https://"+exampleHost+"/"):
			u = scheme + "://" + host + strings.TrimPrefix(u, "https://"+exampleHost)
		case strings.HasPrefix(u, exampleHost+"/"):
			u = host + strings.TrimPrefix(u, exampleHost)
		}
		out[i].URL = u
	}
	return out
}
