package robots

import (
	"strings"
)

// EncodeURL turns a URL as a person types it into the form a browser would
// request, which is what crawlers fetch and what rules are matched against:
// white space around it is dropped, non-ASCII bytes, spaces and other
// characters a browser escapes become %XX, the #fragment is dropped, and
// "%XX" already written stays as it is. It accepts a full URL
// ("https://example.com/ä?q=a b"), one without a scheme
// ("example.com/ä"), or a bare path ("/ä", "ä"). A URL without a scheme
// gets "https://"; a bare path stays a path, with a leading "/".
func EncodeURL(typed string) string {
	s := strings.TrimSpace(typed)
	if s == "" {
		return "/"
	}
	s = strings.ReplaceAll(s, `\`, "/") // browsers read backslashes as slashes in http(s) URLs
	if i := strings.IndexByte(s, '#'); i >= 0 {
		s = s[:i]
	}
	prefix, rest := splitAuthority(s)
	path, query, hasQuery := strings.Cut(rest, "?")
	var b strings.Builder
	b.WriteString(prefix)
	if !strings.HasPrefix(path, "/") {
		b.WriteByte('/')
	}
	escapeInto(&b, path, pathEscapes)
	if hasQuery {
		b.WriteByte('?')
		escapeInto(&b, query, queryEscapes)
	}
	return b.String()
}

// SiteOf returns the site that a URL as a person types it names (see
// EncodeURL), as "scheme://host" with the port when it is not the scheme's
// default, lower-cased; "" for a bare path, which names none. A robots.txt
// is the file of one such site: it applies to URLs of its own scheme, host
// and port only (RFC 9309, section 2.3).
func SiteOf(typed string) string {
	s := strings.TrimSpace(typed)
	s = strings.ReplaceAll(s, `\`, "/")
	if i := strings.IndexByte(s, '#'); i >= 0 {
		s = s[:i]
	}
	prefix, _ := splitAuthority(s)
	if i := strings.LastIndexByte(prefix, '@'); i >= 0 {
		prefix = prefix[:strings.Index(prefix, "://")+3] + prefix[i+1:] // user:password@ names no other site
	}
	switch {
	case strings.HasPrefix(prefix, "http://"):
		prefix = strings.TrimSuffix(prefix, ":80")
	case strings.HasPrefix(prefix, "https://"):
		prefix = strings.TrimSuffix(prefix, ":443")
	}
	return prefix
}

// splitAuthority separates "scheme://host" (lower-cased, https:// added
// when the scheme is missing but a host is plain) from the rest of s. A
// bare path gives "".
func splitAuthority(s string) (prefix, rest string) {
	if i := strings.Index(s, "://"); i > 0 && isScheme(s[:i]) {
		hostEnd := indexAnyFrom(s, "/?", i+3)
		if hostEnd < 0 {
			hostEnd = len(s)
		}
		return strings.ToLower(s[:hostEnd]), s[hostEnd:]
	}
	if strings.HasPrefix(s, "//") {
		hostEnd := indexAnyFrom(s, "/?", 2)
		if hostEnd < 0 {
			hostEnd = len(s)
		}
		return "https:" + strings.ToLower(s[:hostEnd]), s[hostEnd:]
	}
	if strings.HasPrefix(s, "/") {
		return "", s
	}
	// "example.com/x" names a host; "page.html" or "a b/c" is a path.
	first := s
	if i := strings.IndexAny(s, "/?"); i >= 0 {
		first = s[:i]
	}
	if looksLikeHost(first) {
		return "https://" + strings.ToLower(first), s[len(first):]
	}
	return "", s
}

func isScheme(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || i > 0 && ('0' <= c && c <= '9' || c == '+' || c == '-' || c == '.')) {
			return false
		}
	}
	return s != ""
}

// looksLikeHost reports whether s reads as a host name: "localhost", or
// labels with a dot whose last one is not a common file extension.
func looksLikeHost(s string) bool {
	host := s
	if i := strings.LastIndexByte(host, ':'); i >= 0 {
		host = host[:i]
	}
	if strings.EqualFold(host, "localhost") {
		return true
	}
	dot := strings.LastIndexByte(host, '.')
	if dot <= 0 || dot == len(host)-1 {
		return false
	}
	for i := 0; i < len(host); i++ {
		c := host[i]
		if !(c == '.' || c == '-' || '0' <= c && c <= '9' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || c >= 0x80) {
			return false
		}
	}
	switch strings.ToLower(host[dot+1:]) {
	case "html", "htm", "php", "asp", "aspx", "jsp", "pdf", "jpg", "jpeg", "png", "gif", "svg", "txt", "xml", "json", "css", "js", "zip":
		return false
	}
	return true
}

// The bytes a browser percent-encodes in a path and in a query (the WHATWG
// URL standard's path and special-query percent-encode sets), besides
// controls, space and non-ASCII.
const (
	pathEscapes  = "\"<>`{}"
	queryEscapes = "\"<>'"
)

func escapeInto(b *strings.Builder, s, extra string) {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c <= ' ' || c >= 0x7F || strings.IndexByte(extra, c) >= 0 {
			b.WriteByte('%')
			b.WriteByte(upperHex[c>>4])
			b.WriteByte(upperHex[c&15])
			continue
		}
		b.WriteByte(c)
	}
}
