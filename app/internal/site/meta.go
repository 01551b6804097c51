//go:build !js

package site

import (
	"fmt"
	"html"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"strings"
)

// A link preview (a chat app, a social network, a search result) reads the
// page's head: its title, description and picture, and the page's address.
// go-app writes og:url and og:image from a domain it does not know here
// (they come out as a bare "https://") and an author tag with no content.
// The build takes those out and writes the tags itself: og:url only when
// the site's public address is given (Options.URL), and og:image and
// twitter:image for the card it draws (card.go), absolute when the address
// is known.

// pageAddress returns the public address of the site's page for the
// address the site is served at (siteURL, "" when unknown) and its clean
// prefix: "" for no address. siteURL's path is either empty (or "/"), or the
// prefix itself.
func pageAddress(siteURL, prefix string) (string, error) {
	if siteURL == "" {
		return "", nil
	}
	u, err := url.Parse(siteURL)
	if err != nil {
		return "", fmt.Errorf("site URL %q: %w", siteURL, err)
	}
	if u.Scheme != "http" && u.Scheme != "https" || u.Host == "" || u.User != nil ||
		u.RawQuery != "" || u.Fragment != "" || u.Opaque != "" {
		return "", fmt.Errorf("site URL %q: want an http or https address such as https://example.com/tools/robots/", siteURL)
	}
	if p := strings.TrimSuffix(u.Path, "/"); p != "" && p != prefix {
		return "", fmt.Errorf("site URL %q: its path %q is not the prefix %q (give the prefix with -prefix, and the address with or without it)", siteURL, u.Path, prefix)
	}
	return u.Scheme + "://" + strings.ToLower(u.Host) + prefix + "/", nil
}

// metaTags returns the tags the build writes into the page's head, for the
// page's address ("" when unknown) and the site's clean prefix.
func metaTags(address, prefix string) string {
	image := prefix + "/web/" + CardName
	if address != "" {
		image = strings.TrimSuffix(address, "/") + "/web/" + CardName
	}
	var b strings.Builder
	tag := func(attr, key, content string) {
		fmt.Fprintf(&b, "<meta %s=\"%s\" content=\"%s\">\n", attr, key, html.EscapeString(content))
	}
	if address != "" {
		tag("property", "og:url", address)
	}
	tag("property", "og:image", image)
	tag("property", "og:image:type", "image/png")
	tag("property", "og:image:width", fmt.Sprint(CardWidth))
	tag("property", "og:image:height", fmt.Sprint(CardHeight))
	tag("property", "og:image:alt", Name+": a robots.txt, its deciding line, one URL blocked and one allowed")
	tag("property", "og:site_name", Name)
	tag("name", "twitter:card", "summary_large_image")
	tag("name", "twitter:title", Name)
	tag("name", "twitter:description", Description)
	tag("name", "twitter:image", image)
	return b.String()
}

var (
	metaTag   = regexp.MustCompile(`<meta\b[^>]*>\s*`)
	metaAttr  = regexp.MustCompile(`([a-zA-Z:-]+)(?:="([^"]*)")?`)
	titleOpen = regexp.MustCompile(`<title>`)
)

// metaAttrs returns the attributes of a meta tag.
func metaAttrs(tag string) map[string]string {
	attrs := map[string]string{}
	inner := strings.TrimSuffix(strings.TrimPrefix(strings.TrimSpace(tag), "<meta"), ">")
	for _, m := range metaAttr.FindAllStringSubmatch(inner, -1) {
		attrs[strings.ToLower(m[1])] = html.UnescapeString(m[2])
	}
	return attrs
}

// writeMetadata returns the page with go-app's og:url and og:image, and
// every meta tag without content, taken out of its head, and tags put in
// before its title.
func writeMetadata(page, tags string) (string, error) {
	end := strings.Index(page, "</head>")
	if end < 0 {
		return "", fmt.Errorf("the page has no </head>")
	}
	head := metaTag.ReplaceAllStringFunc(page[:end], func(tag string) string {
		a := metaAttrs(tag)
		if _, charset := a["charset"]; charset {
			return tag
		}
		if p := a["property"]; p == "og:url" || p == "og:image" || strings.TrimSpace(a["content"]) == "" {
			return ""
		}
		return tag
	})
	loc := titleOpen.FindStringIndex(head)
	if loc == nil {
		return "", fmt.Errorf("the page has no <title>")
	}
	// The tags take the title's indent.
	indent := head[strings.LastIndex(head[:loc[0]], "\n")+1 : loc[0]]
	if strings.TrimSpace(indent) != "" {
		indent = ""
	}
	tags = strings.ReplaceAll(tags, "\n", "\n"+indent)
	return head[:loc[0]] + tags + head[loc[0]:] + page[end:], nil
}

// writePageMetadata writes the link preview's tags into the site's page
// (dir/index.html) and the card into dir/web.
func writePageMetadata(dir, address, prefix string) error {
	name := filepath.Join(dir, "index.html")
	page, err := os.ReadFile(name)
	if err != nil {
		return err
	}
	out, err := writeMetadata(string(page), metaTags(address, prefix))
	if err != nil {
		return fmt.Errorf("%s: %w", name, err)
	}
	if err := os.WriteFile(name, []byte(out), 0o644); err != nil {
		return err
	}
	if err := os.MkdirAll(filepath.Join(dir, "web"), 0o755); err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(dir, "web", CardName), Card(), 0o644)
}
