// Package benchdata makes the inputs that the engine's benchmarks, and the
// same benchmarks run on other libraries, share.
package benchdata

import (
	"fmt"
	"math/rand/v2"
	"strings"
)

// Big returns a robots.txt file of about 500 KiB (under the 512,000-byte
// fetch limit) with 400 groups and 20,000 rules: plain prefixes, wildcards
// and end anchors, with comments and sitemaps, as large real files have.
// It is the same on every call.
func Big() []byte {
	rng := rand.New(rand.NewPCG(1, 2))
	words := []string{"search", "account", "cart", "api", "static", "img", "blog", "news", "tag", "user",
		"admin", "login", "print", "share", "feed", "archive", "tmp", "cgi-bin", "private", "checkout"}
	var b strings.Builder
	b.WriteString("# Generated benchmark file: 400 groups, 20,000 rules.\n")
	b.WriteString("Sitemap: https://www.example.com/sitemap.xml\n\n")
	for g := 0; g < 400; g++ {
		switch {
		case g == 399:
			b.WriteString("User-agent: *\n")
		case g%7 == 0:
			fmt.Fprintf(&b, "User-agent: bot%c%c-crawler\nUser-agent: %c%c-agent\n", 'a'+g%26, 'a'+g/26%26, 'a'+g%26, 'a'+g/26%26)
		default:
			fmt.Fprintf(&b, "User-agent: bot%c%c-crawler\n", 'a'+g%26, 'a'+g/26%26)
		}
		for r := 0; r < 50; r++ {
			kind := "Disallow"
			if rng.IntN(4) == 0 {
				kind = "Allow"
			}
			w1, w2 := words[rng.IntN(len(words))], words[rng.IntN(len(words))]
			switch rng.IntN(5) {
			case 0:
				fmt.Fprintf(&b, "%s: /%s/*.%s$\n", kind, w1, w2[:3])
			case 1:
				fmt.Fprintf(&b, "%s: /*?%s=\n", kind, w1)
			default:
				fmt.Fprintf(&b, "%s: /%s/%s-%d/\n", kind, w1, w2, rng.IntN(1000))
			}
		}
		b.WriteString("\n")
	}
	return []byte(b.String())
}

// BigAgent is a product token with a group of its own in Big, and BigURL a
// URL to check for it.
const (
	BigAgent = "botkh-crawler"
	BigURL   = "https://www.example.com/search/blog-512/page?q=robots"
)

// Pathological is a pattern that makes a backtracking or position-set
// matcher slow, and PathologicalPath a path of n 'a's it is tried against.
const Pathological = "/*a*a*a*a*a*a*a*a*a*a*b"

// PathologicalPath returns "/" followed by n 'a's.
func PathologicalPath(n int) string { return "/" + strings.Repeat("a", n) }

// PathologicalFile returns a robots.txt whose one rule is Pathological.
func PathologicalFile() []byte {
	return []byte("User-agent: *\nDisallow: " + Pathological + "\n")
}
