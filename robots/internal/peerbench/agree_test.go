package peerbench

import (
	"bufio"
	"bytes"
	"encoding/base64"
	"encoding/json"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"robotstester/robots"
	"robotstester/robots/internal/benchdata"
)

// A suite is a set of robots.txt bodies, each with the verdicts expected
// for some queries.
type suite struct {
	source string // where the expected verdicts come from
	cases  []suiteCase
}

type suiteCase struct {
	name    string
	body    []byte
	queries []query
	allowed []bool
}

// TestPeersAgree reports how many expectations each library meets, on the
// Big file and on Google's compliance suite. Only ours must meet them all:
// the other libraries' misses are logged, not failed.
func TestPeersAgree(t *testing.T) {
	for _, tt := range []struct {
		name string
		load func(testing.TB) suite
	}{
		{"conformance", conformanceSuite},
		{"Big", bigSuite},
	} {
		t.Run(tt.name, func(t *testing.T) {
			s := tt.load(t) // fails if the test data is not there
			total := 0
			for _, c := range s.cases {
				total += len(c.queries)
			}
			t.Logf("%d expectations on %d files, from %s", total, len(s.cases), s.source)
			for _, p := range peers {
				right, misses := 0, []string(nil)
				for _, c := range s.cases {
					check, ok := p.checker(c.body)
					if !ok {
						misses = append(misses, c.name+": file rejected, "+strconv.Itoa(len(c.queries))+" missed")
						continue
					}
					for i, q := range c.queries {
						if check(q) == c.allowed[i] {
							right++
						} else {
							misses = append(misses, c.name+": "+q.agent+" "+q.url)
						}
					}
				}
				t.Logf("%-10s %d/%d", p.name, right, total)
				if p.name == "ours" {
					for _, m := range misses {
						t.Errorf("ours misses %s", m)
					}
				} else if testing.Verbose() {
					for _, m := range misses {
						t.Logf("  %s misses %s", p.name, m)
					}
				}
			}
		})
	}
}

// conformanceSuite reads the correctness part of Google's compliance suite.
func conformanceSuite(t testing.TB) suite {
	t.Helper()
	path := filepath.Join(sharedDir(t, "conformance"), "google-correctness.json")
	raw, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var entries []struct {
		File         string `json:"file"`
		Test         int    `json:"test"`
		Body         string `json:"robotstxt_b64"`
		Expectations []struct {
			URL     string `json:"url"`
			Agent   string `json:"agent"`
			Allowed bool   `json:"allowed"`
		} `json:"expectations"`
	}
	if err := json.Unmarshal(raw, &entries); err != nil {
		t.Fatal(err)
	}
	s := suite{source: "Google's compliance suite"}
	for _, e := range entries {
		body, err := base64.StdEncoding.DecodeString(e.Body)
		if err != nil {
			t.Fatalf("%s #%d: %v", e.File, e.Test, err)
		}
		c := suiteCase{name: e.File + "#" + strconv.Itoa(e.Test), body: body}
		for _, x := range e.Expectations {
			c.queries = append(c.queries, newQuery(x.Agent, x.URL))
			c.allowed = append(c.allowed, x.Allowed)
		}
		s.cases = append(s.cases, c)
	}
	return s
}

// bigSuite checks benchdata.Big for a few agents (one with a group of its
// own, one of a pair sharing a group, one in another case, one that falls
// back to *) against paths made from its own rules: one rule in 2,000,
// wildcards filled in, once as the rule reads and once with a suffix that
// an end anchor refuses. The file has no traps, so the expected verdicts
// are our engine's, which meets Google's suite in full.
func bigSuite(testing.TB) suite {
	data := benchdata.Big()
	var paths []string
	sc := bufio.NewScanner(bytes.NewReader(data))
	for n := 0; sc.Scan(); {
		_, pattern, ok := strings.Cut(sc.Text(), "llow: ") // Allow or Disallow
		if !ok {
			continue
		}
		if n++; n%2000 != 1 {
			continue
		}
		p := strings.ReplaceAll(strings.TrimSuffix(pattern, "$"), "*", "x")
		paths = append(paths, p, p+"more/1")
	}
	c := suiteCase{name: "Big", body: data}
	f := robots.Parse(data)
	for _, agent := range []string{benchdata.BigAgent, "botaa-crawler", "aa-agent", "BotKH-Crawler", "unlisted"} {
		for _, p := range append(paths, robots.PathOf(benchdata.BigURL)) {
			q := newQuery(agent, "https://www.example.com"+p)
			c.queries = append(c.queries, q)
			c.allowed = append(c.allowed, f.Check(q.agent, q.url).Allowed)
		}
	}
	return suite{source: "our engine", cases: []suiteCase{c}}
}
