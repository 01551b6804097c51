package robots

import (
	"net/netip"
	"strings"
)

// How CPython's current robotparser (gh-138907) normalizes a rule's
// pattern and a URL's path before it compares them: the Python dialects'
// half of matching (pyrfc.go reads the lines and chooses the entry).

// pyRulePattern is the pattern RuleLine makes of a rule's value (L224–243):
// runs of '*' collapse, a '$' followed by '$' and '*' collapses to '$', the
// text around the operators is normalised, and a '$' anywhere but last
// makes the rule invalid (ok false). The pattern keeps its final '$'.
func pyRulePattern(value string) (pattern string, ok bool) {
	p := collapsePyOperators(value)
	p = normalizePyPattern(p)
	body := strings.TrimRight(p, "$")
	if strings.IndexByte(body, '$') >= 0 {
		return "", false
	}
	if len(body) < len(p) {
		body += "$"
	}
	return body, true
}

// collapsePyOperators replaces each run of two or more '*' with one, and
// each '$' followed by a run of '$' and '*' with '$'.
func collapsePyOperators(s string) string {
	if !strings.Contains(s, "**") && !strings.Contains(s, "$$") && !strings.Contains(s, "$*") {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		b.WriteByte(c)
		switch c {
		case '*':
			for i+1 < len(s) && s[i+1] == '*' {
				i++
			}
		case '$':
			for i+1 < len(s) && (s[i+1] == '$' || s[i+1] == '*') {
				i++
			}
		}
	}
	return b.String()
}

// normalizePy is robotparser's normalize (L322–324): quote(unquote(s))
// with surrogateescape on both sides, which on the bytes of s is: every
// %XX decoded, then every byte but A-Z a-z 0-9 _ . - ~ / encoded as %XX.
func normalizePy(s string) string {
	return pyQuote(unquoteBytes(s))
}

// unquoteBytes decodes every %XX of s (either case of hex digits); a '%'
// not followed by two hex digits stays.
func unquoteBytes(s string) string {
	if strings.IndexByte(s, '%') < 0 {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == '%' && i+2 < len(s) && isHex(s[i+1]) && isHex(s[i+2]) {
			b.WriteByte(unhex(s[i+1])<<4 | unhex(s[i+2]))
			i += 2
			continue
		}
		b.WriteByte(s[i])
	}
	return b.String()
}

// normalizeRuns normalises the runs of s made of bytes other than those in
// keep, leaving the bytes of keep as they are.
func normalizeRuns(s, keep string) string {
	same := true
	for i := 0; i < len(s) && same; i++ {
		same = pySafe(s[i]) || strings.IndexByte(keep, s[i]) >= 0
	}
	if same {
		return s // most patterns: spare the copy
	}
	var b strings.Builder
	for len(s) > 0 {
		i := strings.IndexAny(s, keep)
		if i < 0 {
			i = len(s)
		}
		b.WriteString(normalizePy(s[:i]))
		if i == len(s) {
			break
		}
		b.WriteByte(s[i])
		s = s[i+1:]
	}
	return b.String()
}

// normalizePyPattern is normalize_pattern (L334–340): split at the first
// '?'; the path's runs between '*' and '$' are normalised, and the query's
// runs between '=', '&', '*' and '$', so that raw '=' and '&' stay raw.
func normalizePyPattern(p string) string {
	path, query, hasQuery := strings.Cut(p, "?")
	path = normalizeRuns(path, "*$")
	if hasQuery {
		path += "?" + normalizeRuns(query, "=&*$")
	}
	return path
}

// normalizePyURI is normalize_uri (L326–332): the path normalised whole
// ('*' and '$' become %2A and %24), the query by runs between '=' and '&'.
func normalizePyURI(u string) string {
	path, query, hasQuery := strings.Cut(u, "?")
	np := normalizePy(path)
	if !hasQuery {
		return np
	}
	nq := normalizeRuns(query, "=&")
	if np == path && nq == query {
		return u // most URLs: spare the copy
	}
	return np + "?" + nq
}

// pyRFCPath is the path can_fetch compares (L176–185): the URL is split
// with urllib.parse's _urlsplit, scheme and host dropped, and joined again
// keeping an empty query and the fragment; then normalised. ok is false
// for a URL _urlsplit rejects, which robotparser's main branch allows
// (the releases raise ValueError). With emptyQueryDropped, the URL is
// split and joined as 3.13's backport does, with the public urlsplit and
// urlunsplit, which drop an empty query and an empty fragment: "/x?" and
// "/x#" are "/x", "/x?#f" is "/x#f".
func pyRFCPath(url string, q quirk) (path string, ok bool) {
	for url != "" && url[0] <= ' ' { // the C0 controls and the space, as pyParse
		url = url[1:]
	}
	if hasTabOrNewline(url) {
		url = strings.NewReplacer("\t", "", "\r", "", "\n", "").Replace(url)
	}
	if i := strings.IndexByte(url, ':'); i > 0 && isASCIILetter(url[0]) && isPyScheme(url[:i]) {
		url = url[i+1:]
	}
	if strings.HasPrefix(url, "//") {
		end := len(url)
		if i := netlocEnd(url[2:]); i >= 0 {
			end = i + 2
		}
		if !pyNetlocOK(url[2:end]) {
			return "", false
		}
		url = url[end:]
	}
	rest, fragment, foundFragment := strings.Cut(url, "#")
	p, query, foundQuery := strings.Cut(rest, "?")
	hasQuery, hasFragment := foundQuery, foundFragment
	if q&emptyQueryDropped != 0 {
		hasQuery, hasFragment = query != "", fragment != ""
	}
	switch {
	case strings.HasPrefix(p, "//") || hasFragment && hasQuery != foundQuery:
		if strings.HasPrefix(p, "//") {
			p = "//" + p // _urlunsplit with no netloc
		}
		if hasQuery {
			p += "?" + query
		}
		if hasFragment {
			p += "#" + fragment
		}
	case hasFragment:
		p = url
	case hasQuery:
		p = rest
	}
	// Otherwise the URL joined again is a part of url (nothing dropped
	// but what ends it): no copy, once a check.
	p = normalizePyURI(p)
	if p == "" {
		p = "/"
	}
	return p, true
}

// pyNetlocOK reports whether _urlsplit accepts a netloc: brackets come in
// pairs, and what stands in them is an IPv6 address or an IPvFuture. (Its
// check of non-ASCII hosts under NFKC is left out: the standard library
// has no NFKC.)
func pyNetlocOK(netloc string) bool {
	open, shut := strings.Contains(netloc, "["), strings.Contains(netloc, "]")
	if open != shut {
		return false
	}
	if !open {
		return true
	}
	hostPort := netloc[strings.LastIndexByte(netloc, '@')+1:]
	before, bracketed, hasOpen := strings.Cut(hostPort, "[")
	var host string
	if hasOpen {
		if before != "" {
			return false
		}
		var port string
		host, port, _ = strings.Cut(bracketed, "]")
		if port != "" && port[0] != ':' {
			return false
		}
	} else {
		host, _, _ = strings.Cut(hostPort, "]")
	}
	if strings.HasPrefix(host, "v") {
		// \Av[a-fA-F0-9]+\..+\z
		i := 1
		for i < len(host) && isHex(host[i]) {
			i++
		}
		return i > 1 && i+1 < len(host) && host[i] == '.' && !strings.ContainsAny(host[i+1:], "\n")
	}
	// ipaddress.ip_address, with an IPv4 address refused in brackets.
	a, err := netip.ParseAddr(host)
	return err == nil && a.Is6()
}

// pyScore is RuleLine.applies_to (L245–259): 0 when the rule does not
// match path, else one more than its score. A pattern without '*' scores
// its length; with '*' (wildcardScoresByConsumed), the length of path the
// pattern consumed: middle pieces match at their first place after the
// previous one, and the last piece at its last place, as the greedy '.*'
// before it leaves it.
func pyScore(pattern, path string) int {
	full := strings.HasSuffix(pattern, "$")
	if full {
		pattern = pattern[:len(pattern)-1]
	}
	star := strings.IndexByte(pattern, '*')
	if star < 0 {
		if full && path == pattern || !full && strings.HasPrefix(path, pattern) {
			return len(pattern) + 1
		}
		return 0
	}
	if !strings.HasPrefix(path, pattern[:star]) {
		return 0
	}
	pos := star
	rest := pattern[star+1:]
	for {
		star = strings.IndexByte(rest, '*')
		if star < 0 {
			break
		}
		piece := rest[:star]
		i := strings.Index(path[pos:], piece)
		if i < 0 {
			return 0
		}
		pos += i + len(piece)
		rest = rest[star+1:]
	}
	if full {
		if len(path)-len(rest) >= pos && strings.HasSuffix(path, rest) {
			return len(path) + 1
		}
		return 0
	}
	i := strings.LastIndex(path[pos:], rest)
	if i < 0 {
		return 0
	}
	return pos + i + len(rest) + 1
}
