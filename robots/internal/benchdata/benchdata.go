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
			writeRule(&b, rng, 1000)
		}
		b.WriteString("\n")
	}
	return []byte(b.String())
}

// ruleWords are the words the generated files' rules are made of.
var ruleWords = []string{"search", "account", "cart", "api", "static", "img", "blog", "news", "tag", "user",
	"admin", "login", "print", "share", "feed", "archive", "tmp", "cgi-bin", "private", "checkout"}

// writeRule writes a rule made with rng of two of ruleWords: an Allow one time in
// four, else a Disallow; a wildcard with an end anchor, a wildcard query
// or a plain prefix numbered below n.
func writeRule(b *strings.Builder, rng *rand.Rand, n int) {
	kind := "Disallow"
	if rng.IntN(4) == 0 {
		kind = "Allow"
	}
	w1, w2 := ruleWords[rng.IntN(len(ruleWords))], ruleWords[rng.IntN(len(ruleWords))]
	switch rng.IntN(5) {
	case 0:
		fmt.Fprintf(b, "%s: /%s/*.%s$\n", kind, w1, w2[:3])
	case 1:
		fmt.Fprintf(b, "%s: /*?%s=\n", kind, w1)
	default:
		fmt.Fprintf(b, "%s: /%s/%s-%d/\n", kind, w1, w2, rng.IntN(n))
	}
}

// Flat returns a robots.txt file of one * group of 5,000 rules made as
// Big's are: a large site's single group, which every crawler reads.
// It is the same on every call.
func Flat() []byte {
	rng := rand.New(rand.NewPCG(5, 6))
	var b strings.Builder
	b.WriteString("User-agent: *\n")
	for range 5000 {
		writeRule(&b, rng, 5000)
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

// A Pair is one check: a product token and a URL.
type Pair struct {
	Agent, URL string
}

// BigPairs returns 2,400 different agent and URL pairs to check against
// Big, the same on every call: nine in ten name a token with groups of its
// own (every one of Big's tokens comes up), the others a token Big does not
// name, which falls back to the * group. Each URL is made from a rule of
// Big, taken at random, half the time from the agent's own groups: its
// wildcards filled with words, its end anchor
// kept or broken, and now and then a query added, so that the checks meet
// matching and failing wildcard rules as bulk checks of a real site do.
func BigPairs() []Pair {
	data := string(Big())
	var tokens, patterns []string
	var own [][]string // own[i]: the patterns of the group of tokens[i]
	group := 0         // the tokens of the group being read start at tokens[group]
	for _, line := range strings.Split(data, "\n") {
		key, value, ok := strings.Cut(line, ": ")
		switch {
		case !ok:
		case key == "User-agent" && value != "*":
			if len(tokens) > 0 && len(own[len(own)-1]) > 0 {
				group = len(tokens)
			}
			tokens = append(tokens, value)
			own = append(own, nil)
		case key == "Allow" || key == "Disallow":
			patterns = append(patterns, value)
			for i := group; i < len(own); i++ {
				own[i] = append(own[i], value)
			}
		}
	}
	words := []string{"a", "search", "page", "img", "x.jpg", "blog", "photo.png", "q", "index", "2024"}
	rng := rand.New(rand.NewPCG(3, 4))
	seen := map[Pair]bool{}
	var pairs []Pair
	for len(pairs) < 2400 {
		t := rng.IntN(len(tokens))
		agent := tokens[t]
		p := patterns[rng.IntN(len(patterns))]
		switch {
		case rng.IntN(10) == 0:
			agent = fmt.Sprintf("unlisted%c-bot", 'a'+rng.IntN(26))
		case rng.IntN(2) == 0:
			p = own[t][rng.IntN(len(own[t]))]
		}
		var b strings.Builder
		b.WriteString("https://www.example.com")
		for i := 0; i < len(p); i++ {
			switch {
			case p[i] == '*':
				b.WriteString(words[rng.IntN(len(words))])
			case p[i] == '$' && i == len(p)-1:
			default:
				b.WriteByte(p[i])
			}
		}
		switch rng.IntN(4) {
		case 0:
			fmt.Fprintf(&b, "?%s=%d", words[rng.IntN(len(words))], rng.IntN(100))
		case 1:
			b.WriteString(words[rng.IntN(len(words))])
		}
		pair := Pair{agent, b.String()}
		if !seen[pair] {
			seen[pair] = true
			pairs = append(pairs, pair)
		}
	}
	return pairs
}
