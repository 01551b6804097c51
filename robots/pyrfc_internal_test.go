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
