package robots

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"robotstester/robots/internal/benchdata"
)

// positionsMatch is Google's matcher as its library writes it, the
// reference for the engine's: the set of every position the pattern may
// have reached in the path, a final '$' requiring the end.
func positionsMatch(pattern, path string) bool {
	pos := []int{0}
	for i := 0; i < len(pattern); i++ {
		c := pattern[i]
		if c == '$' && i+1 == len(pattern) {
			return pos[len(pos)-1] == len(path)
		}
		if c == '*' {
			first := pos[0]
			pos = pos[:0]
			for p := first; p <= len(path); p++ {
				pos = append(pos, p)
			}
			continue
		}
		next := pos[:0]
		for _, p := range pos {
			if p < len(path) && path[p] == c {
				next = append(next, p+1)
			}
		}
		pos = next
		if len(pos) == 0 {
			return false
		}
	}
	return true
}

// matchesOneByOne is how a check found its matches before rules were
// compiled and collected: every rule of the set tried in file order, with
// the position-set matcher.
func matchesOneByOne(s *ruleSet, path string) []Match {
	var ms []Match
	for _, rule := range s.rules {
		switch {
		case positionsMatch(rule.Pattern(), path):
			ms = append(ms, Match{Rule: rule, Priority: len(rule.Pattern())})
		case rule.indexed > 0 && positionsMatch(rule.Pattern()[:rule.indexed]+"$", path):
			ms = append(ms, Match{Rule: rule, Priority: int(rule.indexed) + 1, ViaIndex: true})
		}
	}
	return ms
}

func sameMatches(got, want []Match) bool {
	if len(got) != len(want) {
		return false
	}
	for i := range got {
		if got[i] != want[i] {
			return false
		}
	}
	return true
}

func describeMatches(ms []Match) string {
	var b strings.Builder
	for _, m := range ms {
		fmt.Fprintf(&b, "[line %d %q prio %d index %v] ", m.Rule.Line, m.Rule.Pattern(), m.Priority, m.ViaIndex)
	}
	return b.String()
}

// checkCollect compares the set's collected matches, and the verdict
// decided from them, with the one-by-one reference for path.
func checkCollect(t *testing.T, file string, s *ruleSet, path string) {
	t.Helper()
	v := Verdict{Winner: -1}
	s.collect(path, &v)
	want := Verdict{Winner: -1, Matches: matchesOneByOne(s, path)}
	if !sameMatches(v.Matches, want.Matches) {
		t.Fatalf("path %q in\n%s\ncollected %s\none by one %s", path, file, describeMatches(v.Matches), describeMatches(want.Matches))
	}
	v.decideAmong()
	want.decideAmong()
	if v.Allowed != want.Allowed || v.Line != want.Line || v.Tie != want.Tie {
		t.Fatalf("path %q in\n%s\nverdict %v line %d, one by one %v line %d", path, file, v.Allowed, v.Line, want.Allowed, want.Line)
	}
}

// randomPattern makes a pattern of a few bytes of a small alphabet, so that
// rules share prefixes and match the paths often.
func randomPattern(rng *rand.Rand, alphabet string) string {
	var b strings.Builder
	b.WriteByte('/')
	for n := rng.IntN(7); n > 0; n-- {
		b.WriteByte(alphabet[rng.IntN(len(alphabet))])
	}
	switch rng.IntN(8) {
	case 0:
		b.WriteString("index.html")
	case 1:
		b.WriteByte('$')
	}
	return b.String()
}

func randomPath(rng *rand.Rand) string {
	var b strings.Builder
	b.WriteByte('/')
	for n := rng.IntN(12); n > 0; n-- {
		b.WriteByte("ab/?=x$*"[rng.IntN(8)])
	}
	if rng.IntN(6) == 0 {
		b.WriteString("index.html")
	}
	return b.String()
}

// TestCollectAgreesOneByOne checks the compiled, indexed matcher against
// every rule tried in turn with Google's position-set matcher, on random
// sets of patterns (below and above the index threshold, in the Google and
// RFC 9309 readings) and random paths.
func TestCollectAgreesOneByOne(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 9))
	for round := 0; round < 3000; round++ {
		var b strings.Builder
		b.WriteString("User-agent: *\n")
		for n := 1 + rng.IntN(3*indexThreshold); n > 0; n-- {
			kind := "Disallow"
			if rng.IntN(3) == 0 {
				kind = "Allow"
			}
			fmt.Fprintf(&b, "%s: %s\n", kind, randomPattern(rng, "ab/?=*$*"))
		}
		file := b.String()
		f := ParseString(file)
		for _, d := range []Dialect{Google, RFC9309} {
			s := f.Read(d).global.ruleSet(f.Read(d))
			for range 30 {
				path := randomPath(rng)
				if d == RFC9309 {
					path = normalizeRFC(path, false)
				}
				checkCollect(t, file, s, path)
			}
		}
	}
}

// TestCollectAgreesOnBig checks the compiled matcher against the one-by-one
// reference on the benchmark file's pair set.
func TestCollectAgreesOnBig(t *testing.T) {
	f := Parse(benchdata.Big())
	r := f.Read(Google)
	for _, p := range benchdata.BigPairs() {
		var v Verdict
		var set *ruleSet
		if l := chooseByToken(r, query{agent: p.Agent}, &v); l != nil {
			set = l.ruleSet(r)
		}
		checkCollect(t, "Big", set, PathOf(p.URL))
	}
}

// FuzzCollectAgrees checks the compiled, indexed matcher against the
// one-by-one reference on any set of patterns (one a line, each an Allow
// when it starts with '+') and any path.
func FuzzCollectAgrees(f *testing.F) {
	f.Add("/a*b$\n+/a/index.html\n/*?x=\n/a", "/a/")
	f.Add(strings.Repeat("/*a*b\n+/a*\n/a/b$\n", 8), "/a/b")
	f.Fuzz(func(t *testing.T, patterns, path string) {
		var b strings.Builder
		b.WriteString("User-agent: *\n")
		for _, p := range strings.Split(patterns, "\n") {
			if strings.ContainsAny(p, "#\r\x00") || p != strings.TrimSpace(p) || p == "" || p == "+" {
				continue
			}
			if rest, ok := strings.CutPrefix(p, "+"); ok {
				b.WriteString("Allow: " + rest + "\n")
			} else {
				b.WriteString("Disallow: " + p + "\n")
			}
		}
		file := b.String()
		fl := ParseString(file)
		path = "/" + path
		for _, d := range []Dialect{Google, RFC9309} {
			r := fl.Read(d)
			if r.global == nil {
				return
			}
			p := path
			if d == RFC9309 {
				p = normalizeRFC(p, false)
			}
			checkCollect(t, file, r.global.ruleSet(r), p)
		}
	})
}
