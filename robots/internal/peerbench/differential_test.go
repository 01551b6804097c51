package peerbench

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/jimsmart/grobotstxt"

	"robotstester/robots"
	"robotstester/robots/internal/benchdata"
)

// agreeWithGoogle checks one query against Google's library (grobotstxt):
// the verdict and the deciding line must be the same.
func agreeWithGoogle(t *testing.T, name, body string, f *robots.File, agent, url string) {
	t.Helper()
	m := grobotstxt.NewRobotsMatcher()
	want := m.AgentAllowed(body, agent, url)
	v := f.Check(agent, url)
	if v.Allowed != want || v.Line != m.MatchingLine() {
		t.Fatalf("%s: %s %s: ours allowed %v line %d, grobotstxt allowed %v line %d",
			name, agent, url, v.Allowed, v.Line, want, m.MatchingLine())
	}
}

// TestBigPairsAgreeWithGoogle checks the pair-set benchmark's queries
// (every fourth; every fortieth with -short) against Google's
// library, which re-reads the 500 KiB file for each.
func TestBigPairsAgreeWithGoogle(t *testing.T) {
	data := benchdata.Big()
	body := string(data)
	f := robots.Parse(data)
	step := 4
	if testing.Short() {
		step = 40
	}
	for i, p := range benchdata.BigPairs() {
		if i%step == 0 {
			agreeWithGoogle(t, "Big", body, f, p.Agent, p.URL)
		}
	}
}

// TestWildcardSetsAgreeWithGoogle checks random sets of wildcard rules,
// below and above the size at which the engine indexes a set, against
// Google's library on random paths: the verdict and the deciding line.
func TestWildcardSetsAgreeWithGoogle(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 13))
	const alphabet = "ab/?=**$"
	rounds := 2000
	if testing.Short() {
		rounds = 200
	}
	for round := 0; round < rounds; round++ {
		var b strings.Builder
		b.WriteString("User-agent: FooBot\n")
		for n := 1 + rng.IntN(48); n > 0; n-- {
			kind := "Disallow"
			if rng.IntN(3) == 0 {
				kind = "Allow"
			}
			b.WriteString(kind + ": /")
			for k := rng.IntN(7); k > 0; k-- {
				b.WriteByte(alphabet[rng.IntN(len(alphabet))])
			}
			switch rng.IntN(8) {
			case 0:
				b.WriteString("index.html")
			case 1:
				b.WriteByte('$')
			}
			b.WriteByte('\n')
		}
		body := b.String()
		f := robots.ParseString(body)
		for range 20 {
			var u strings.Builder
			u.WriteString("http://example.com/")
			for k := rng.IntN(12); k > 0; k-- {
				u.WriteByte("ab/?=x$*"[rng.IntN(8)])
			}
			if rng.IntN(6) == 0 {
				u.WriteString("index.html")
			}
			agreeWithGoogle(t, fmt.Sprintf("round %d\n%s", round, body), body, f, "FooBot", u.String())
		}
	}
}
