package sitemap

import (
	"errors"
	"fmt"
	"net/url"
	"path/filepath"
	"strings"
)

// What a sitemap index may name. A sitemap index is a document somebody
// else wrote: what it names is opened on its word, so what it may name
// is narrower than what the person running a walk may name.
//
//   - An index on the web names http and https URLs on its own host, as
//     sitemaps.org requires (a robots.txt's Sitemap: line may name
//     another host, as Google allows; that is not an index). Never a local
//     file, a file: URL or standard input.
//   - A local index (a file the person gave, or standard input) names
//     http and https URLs, and local files in its own folder or below.
//
// The walk's first source is the caller's to name, and is not checked.

// Follow returns where to open child, a sitemap that the index at parent
// names, or why it may not be opened. A relative path in a local index
// is read from the index's folder; otherHosts lets an index on the web
// name sitemaps on other hosts (still http and https only), for a setup
// where the sitemaps live elsewhere, such as a staging server.
func Follow(parent, child string, otherHosts bool) (string, error) {
	child = strings.TrimSpace(child)
	if child == "" {
		return "", errors.New("an empty location")
	}
	web, scheme := isWebURL(child)
	if IsWebURL(parent) {
		if !web {
			return "", errors.New("an index on the web names only absolute http and https URLs")
		}
		if !otherHosts && !sameHost(parent, child) {
			return "", errors.New("an index names sitemaps of its own host only")
		}
		return child, nil
	}
	switch {
	case web:
		return child, nil
	case scheme != "":
		return "", fmt.Errorf("only http and https URLs and local files are read, not %s:", scheme)
	case child == "-":
		return "", errors.New("standard input is read only when the command names it")
	}
	dir := "."
	if parent != "-" {
		dir = filepath.Dir(parent)
	}
	path := filepath.FromSlash(child)
	if !filepath.IsAbs(path) {
		path = filepath.Join(dir, path)
	}
	if !Within(dir, path) {
		return "", errors.New("a local index names files in its own folder or below only")
	}
	return filepath.Clean(path), nil
}

// Within reports whether path is dir or lies below it, as written: both
// made absolute against the working directory, no link followed (the
// opener of a file is the one to keep links from leading out).
func Within(dir, path string) bool {
	d, err1 := filepath.Abs(dir)
	p, err2 := filepath.Abs(path)
	if err1 != nil || err2 != nil {
		return false
	}
	rel, err := filepath.Rel(d, p)
	return err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator)) && !filepath.IsAbs(rel)
}

// isWebURL reports whether loc is an absolute http or https URL with a
// host; otherwise it returns the scheme loc has, if any ("file",
// "ftp"): a one-letter scheme is a Windows drive, no scheme.
func isWebURL(loc string) (bool, string) {
	i := strings.IndexByte(loc, ':')
	if i < 2 {
		return false, ""
	}
	scheme := strings.ToLower(loc[:i])
	for j := 0; j < len(scheme); j++ {
		c := scheme[j]
		if !('a' <= c && c <= 'z' || j > 0 && ('0' <= c && c <= '9' || c == '+' || c == '-' || c == '.')) {
			return false, ""
		}
	}
	if scheme != "http" && scheme != "https" {
		return false, scheme
	}
	u, err := url.Parse(loc)
	if err != nil || u.Host == "" || u.Opaque != "" {
		return false, scheme
	}
	return true, ""
}

// IsWebURL reports whether loc is an absolute http or https URL with a
// host: a location that is fetched, not opened as a file.
func IsWebURL(loc string) bool {
	web, _ := isWebURL(loc)
	return web
}

// sameHost reports whether two web URLs have one host name, whatever
// their schemes and ports: a site's http and https, and its ports, are
// one site's sitemaps.
func sameHost(a, b string) bool {
	ua, err1 := url.Parse(a)
	ub, err2 := url.Parse(b)
	if err1 != nil || err2 != nil {
		return false
	}
	return strings.EqualFold(strings.TrimSuffix(ua.Hostname(), "."), strings.TrimSuffix(ub.Hostname(), "."))
}
