package robots

import (
	"math/rand/v2"
	"strings"
	"testing"
)

// pathOfSearches is PathOf as Google's library finds the parts, a search
// each (strings.Index, IndexAny): the reference of the one-pass PathOf.
func pathOfSearches(url string) string {
	searchStart := 0
	if strings.HasPrefix(url, "//") {
		searchStart = 2
	}
	earlyPath := indexAnyFrom(url, "/?;", searchStart)
	protocolEnd := indexFrom(url, "://", searchStart)
	if earlyPath >= 0 && (protocolEnd < 0 || earlyPath < protocolEnd) {
		protocolEnd = -1
	}
	if protocolEnd < 0 {
		protocolEnd = searchStart
	} else {
		protocolEnd += 3
	}
	pathStart := indexAnyFrom(url, "/?;", protocolEnd)
	if pathStart < 0 {
		return "/"
	}
	hash := indexFrom(url, "#", searchStart)
	if hash >= 0 && hash < pathStart {
		return "/"
	}
	pathEnd := len(url)
	if hash >= 0 {
		pathEnd = hash
	}
	if url[pathStart] != '/' {
		return "/" + url[pathStart:pathEnd]
	}
	return url[pathStart:pathEnd]
}

// TestPathOfOnePass holds the one-pass PathOf to the searches it replaced,
// on URLs made of the bytes that matter to it.
func TestPathOfOnePass(t *testing.T) {
	for _, u := range []string{"", "/", "//", "///", "http://", "http://a", "http://a/b#c", "a://b", ":/", "://", "//a://b/c", "x;y://z/w", "http://a?b#c/d", "#", "a#b/c", "http:/a/b", "a:b//c", "/a://b"} {
		if got, want := PathOf(u), pathOfSearches(u); got != want {
			t.Errorf("PathOf(%q) = %q, want %q", u, got, want)
		}
	}
	r := rand.New(rand.NewPCG(1, 2))
	const alphabet = "/:?;#ab."
	for range 200_000 {
		b := make([]byte, r.IntN(12))
		for i := range b {
			b[i] = alphabet[r.IntN(len(alphabet))]
		}
		if got, want := PathOf(string(b)), pathOfSearches(string(b)); got != want {
			t.Fatalf("PathOf(%q) = %q, want %q", b, got, want)
		}
	}
}
