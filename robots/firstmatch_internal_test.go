package robots

import (
	"math/rand/v2"
	"strconv"
	"strings"
	"sync"
	"testing"
)

// chooseRecordSlowly is how a first-match reading chose its record before
// the names were indexed: every record in turn, every name lower-cased and
// looked for in the crawler's name. The index must agree with it.
func (r *Reading) chooseRecordSlowly(agent string) (*Group, string) {
	ua := strings.ToLower(agent)
	if r.Dialect.parts().has(agentCutAtSlash) {
		ua, _, _ = strings.Cut(ua, "/")
	}
	for _, gi := range r.order {
		g := &r.Groups[gi]
		if g.Global() {
			return g, ""
		}
		for _, a := range g.Agents {
			if strings.Contains(ua, strings.ToLower(a.Value)) {
				return g, a.Value
			}
		}
	}
	return nil, ""
}

// TestChooseRecordAgrees compares the indexed choice of a record with the
// slow one on generated files and crawlers, from several goroutines at once
// (go test -race finds a memo that is not safe for concurrent use), with
// more crawlers than the memo has slots: with a few names, which are
// searched for, and with more than manyNames, which are looked up.
func TestChooseRecordAgrees(t *testing.T) {
	few := []string{"bot", "Bot", "foo", "FooBot", "foobot", "bar", "*", "", "a", "ÜBER", "über", "zz", "Googlebot", "google"}
	many := append([]string{}, few...)
	for i := range 2 * manyNames {
		many = append(many, "n"+strconv.Itoa(i), "N"+strconv.Itoa(i)+"X")
	}
	agents := []string{"foobot", "FooBot/2.1", "Mozilla/5.0 (compatible; Googlebot/2.1)", "bar/foo", "x", "", "ÜBERbot", "zzbot", "A",
		"bot/über", "n7", "n100x/n3", "Mozilla/5.0 (n12; N99x) n5", "N1X", "über n8"}
	for _, c := range []struct {
		names   []string
		records int
	}{{few, 8}, {many, 200}} {
		rng := rand.New(rand.NewPCG(9, 9))
		for range 100 {
			var b strings.Builder
			for range 1 + rng.IntN(c.records) {
				for range 1 + rng.IntN(3) {
					b.WriteString("User-agent: " + c.names[rng.IntN(len(c.names))] + "\n")
				}
				if rng.IntN(5) > 0 {
					b.WriteString("Disallow: /x\n")
				}
				if rng.IntN(2) == 0 {
					b.WriteString("\n")
				}
			}
			agreeOn(t, b.String(), agents)
		}
	}
}

func agreeOn(t *testing.T, file string, agents []string) {
	f := ParseString(file)
	for _, d := range []Dialect{GYM2008, MK1996, MK1994, PythonLegacy} {
		r := f.Read(d)
		var wg sync.WaitGroup
		for w := range 4 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for i := range 3 * len(agents) {
					agent := agents[(i+w)%len(agents)] + strings.Repeat(" ", i%3)
					g, tok := r.chooseRecord(agent)
					wantG, wantTok := r.chooseRecordSlowly(agent)
					if g != wantG || tok != wantTok {
						t.Errorf("%s, %q in\n%s: record %v token %q, want %v %q", d, agent, file, g, tok, wantG, wantTok)
						return
					}
				}
			}()
		}
		wg.Wait()
	}
}
