package robots

import (
	"math/rand/v2"
	"regexp"
	"strings"
	"testing"
)

// pyRegexp builds the regular expression CPython's translate_pattern
// builds for a pattern with '*' (L342–347), with the middle pieces lazy
// instead of atomic: RE2 has no atomic groups, and taking a middle piece
// at its first place is what both choose, since a later one never lets
// the rest match where the first did not.
func pyRegexp(pattern string) *regexp.Regexp {
	full := strings.HasSuffix(pattern, "$")
	pattern = strings.TrimSuffix(pattern, "$")
	parts := strings.Split(pattern, "*")
	var b strings.Builder
	b.WriteString(`(?s)^`)
	for i, p := range parts {
		switch {
		case i == 0:
			b.WriteString(regexp.QuoteMeta(p))
		case i == len(parts)-1:
			b.WriteString(`.*` + regexp.QuoteMeta(p))
		default:
			b.WriteString(`.*?` + regexp.QuoteMeta(p))
		}
	}
	if full {
		b.WriteString(`$`)
	}
	return regexp.MustCompile(b.String())
}

// TestPyScoreAgreesWithRegexp checks pyScore, which scans, against the
// regular expression robotparser compiles, on random patterns and paths:
// the same matches, and the same end of match (the score, less one).
func TestPyScoreAgreesWithRegexp(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	word := func(alphabet string, n int) string {
		b := make([]byte, rng.IntN(n+1))
		for i := range b {
			b[i] = alphabet[rng.IntN(len(alphabet))]
		}
		return string(b)
	}
	for range 20000 {
		pattern := "/" + word("ab*", 6)
		pattern = collapsePyOperators(pattern)
		if rng.IntN(3) == 0 {
			pattern += "$"
		}
		path := "/" + word("ab", 10)
		got := pyScore(pattern, path)
		want := 0
		if !strings.Contains(pattern, "*") {
			body := strings.TrimSuffix(pattern, "$")
			if body == path || body == pattern && strings.HasPrefix(path, body) {
				want = len(body) + 1
			}
		} else if m := pyRegexp(pattern).FindStringIndex(path); m != nil {
			want = m[1] + 1
		}
		if got != want {
			t.Fatalf("pattern %q path %q: pyScore %d, regexp %d", pattern, path, got, want)
		}
		// Whether it matches at all is what every wildcard reading says.
		if (got > 0) != matchPattern(pattern, path) {
			t.Fatalf("pattern %q path %q: pyScore %d, matchPattern %v", pattern, path, got, matchPattern(pattern, path))
		}
	}
}

// pyRFCPathByParts is pyRFCPath as it was written before it joined the URL
// again as a part of it: every part cut out and concatenated.
func pyRFCPathByParts(url string, q quirk) (string, bool) {
	url = strings.TrimLeft(url, "\x00\x01\x02\x03\x04\x05\x06\x07\x08\t\n\v\f\r\x0e\x0f\x10\x11\x12\x13\x14\x15\x16\x17\x18\x19\x1a\x1b\x1c\x1d\x1e\x1f ")
	if strings.ContainsAny(url, "\t\r\n") {
		url = strings.NewReplacer("\t", "", "\r", "", "\n", "").Replace(url)
	}
	if i := strings.IndexByte(url, ':'); i > 0 && isASCIILetter(url[0]) && isPyScheme(url[:i]) {
		url = url[i+1:]
	}
	if strings.HasPrefix(url, "//") {
		end := len(url)
		if i := strings.IndexAny(url[2:], "/?#"); i >= 0 {
			end = i + 2
		}
		if !pyNetlocOK(url[2:end]) {
			return "", false
		}
		url = url[end:]
	}
	rest, fragment, hasFragment := strings.Cut(url, "#")
	p, query, hasQuery := strings.Cut(rest, "?")
	if q&emptyQueryDropped != 0 {
		hasQuery, hasFragment = query != "", fragment != ""
	}
	if strings.HasPrefix(p, "//") {
		p = "//" + p
	}
	if hasQuery {
		p += "?" + query
	}
	if hasFragment {
		p += "#" + fragment
	}
	p, query, hasQuery = strings.Cut(p, "?")
	p = normalizePy(p)
	if hasQuery {
		p += "?" + normalizeRuns(query, "=&")
	}
	if p == "" {
		p = "/"
	}
	return p, true
}

// TestPyRFCPathAgreesByParts: pyRFCPath, which joins the URL again as a
// part of it where it can, makes the path cutting out and concatenating
// every part does, on URLs made of the pieces that matter (empty queries
// and fragments, "//" paths, controls, escapes), with and without the
// 3.13 backport's dropping of empty parts.
func TestPyRFCPathAgreesByParts(t *testing.T) {
	pieces := []string{"/", "//", "?", "#", "a", "=", "&", "%41", "%2f", "é", "*", "$", " ", "\t", "\n", "\x01", ":", "[", "]", "x.html", "http:", "https://h"}
	rng := rand.New(rand.NewPCG(39, 9))
	for range 200_000 {
		var b strings.Builder
		for range rng.IntN(9) {
			b.WriteString(pieces[rng.IntN(len(pieces))])
		}
		url := b.String()
		for _, q := range []quirk{0, emptyQueryDropped} {
			got, gotOK := pyRFCPath(url, q)
			want, wantOK := pyRFCPathByParts(url, q)
			if got != want || gotOK != wantOK {
				t.Fatalf("%q (quirks %b): %q %v, by parts %q %v", url, q, got, gotOK, want, wantOK)
			}
		}
	}
}
