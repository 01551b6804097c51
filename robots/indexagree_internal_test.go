package robots

import (
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"robotstester/robots/internal/benchdata"
)

// indexedDialects are the readings whose decider tries only the rules
// whose literal prefix starts the path, found through the prefix index.
var indexedDialects = []Dialect{Python, Python313, GYM2008, MK1996, MK1994, PythonLegacy}

// TestIndexAgrees: the readings that find their candidate rules through
// the prefix index decide every corpus file's paths (made from its own
// rules) as trying every rule does: the same verdict, line, matches and
// tie.
func TestIndexAgrees(t *testing.T) {
	dir := filepath.Join(benchdata.SharedDir(t, "corpus"), "files")
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	datas := [][]byte{benchdata.Big()}
	for _, e := range entries {
		data, err := os.ReadFile(filepath.Join(dir, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		datas = append(datas, data)
	}
	checks := 0
	for _, data := range datas {
		f := Parse(data)
		for _, d := range indexedDialects {
			r := f.Read(d)
			var paths []string
			for _, g := range r.Groups {
				for _, rule := range g.Rules {
					p := rule.Pattern()
					paths = append(paths, strings.ReplaceAll(strings.TrimSuffix(p, "$"), "*", "x/"), p+"a", strings.TrimSuffix(p, "/"))
				}
			}
			paths = append(paths, "/", "/robots.txt", "/a?b=c")
			if len(paths) > 60 {
				paths = paths[:60]
			}
			agents := []string{"*", "Python-urllib/3.11", "googlebot", "bingbot"}
			for _, g := range r.Groups[:min(len(r.Groups), 2)] {
				for _, a := range g.Agents {
					agents = append(agents, a.Value)
				}
			}
			for _, a := range agents {
				for _, p := range paths {
					checkIndexAgrees(t, r, a, "https://example.com"+p)
					checks++
				}
			}
		}
	}
	t.Logf("%d checks agree", checks)
}

// TestIndexAgreesGenerated is TestIndexAgrees on generated files whose
// records are past the index's threshold and whose rules share prefixes,
// hold '*' and '$' (operators in some readings, characters in others),
// percent-encodings and empty values, against paths made of the same
// pieces.
func TestIndexAgreesGenerated(t *testing.T) {
	pieces := []string{"a", "b", "ab", "*", "$", "/", "%41", "%2F", "%2f", "é", "%C3%A9", "?", "=", "x.html", "index.html"}
	agents := []string{"foobot", "barbot/1.0", "Mozilla/5.0 (compatible; foobot/2.1)", "other", ""}
	rng := rand.New(rand.NewPCG(39, 4))
	piece := func(n int) string {
		var b strings.Builder
		b.WriteString("/")
		for range rng.IntN(n) {
			b.WriteString(pieces[rng.IntN(len(pieces))])
		}
		return b.String()
	}
	checks := 0
	for range 60 {
		var b strings.Builder
		for range 1 + rng.IntN(3) {
			b.WriteString([]string{"User-agent: *\n", "User-agent: foobot\n", "User-agent: barbot\n"}[rng.IntN(3)])
			for range rng.IntN(80) {
				kind := []string{"Allow: ", "Disallow: "}[rng.IntN(2)]
				switch rng.IntN(10) {
				case 0:
					b.WriteString(kind + "\n")
				case 1:
					b.WriteString(kind + "*" + piece(3) + "\n")
				default:
					b.WriteString(kind + piece(5) + "\n")
				}
			}
			if rng.IntN(2) == 0 {
				b.WriteString("\n")
			}
		}
		f := ParseString(b.String())
		for _, d := range indexedDialects {
			r := f.Read(d)
			for range 100 {
				checkIndexAgrees(t, r, agents[rng.IntN(len(agents))], "https://example.com"+piece(6))
				checks++
			}
		}
	}
	t.Logf("%d checks agree", checks)
}

// checkIndexAgrees checks url for agent in r through the index and by
// trying every rule, and fails unless the verdicts agree.
func checkIndexAgrees(t *testing.T, r *Reading, agent, url string) {
	t.Helper()
	defer func() { indexCandidates = true }()
	indexCandidates = true
	got := r.CheckAgent(agent, url)
	indexCandidates = false
	want := r.CheckAgent(agent, url)
	lines := func(v Verdict) []int {
		var ls []int
		for _, m := range v.Matches {
			ls = append(ls, m.Rule.Line, m.Priority)
		}
		return ls
	}
	if got.Allowed != want.Allowed || got.Line != want.Line || got.Tie != want.Tie || got.Winner != want.Winner || !slices.Equal(lines(got), lines(want)) {
		t.Fatalf("%s, %q, %q: indexed %v line %d (matches %v), every rule %v line %d (matches %v)\n%s",
			r.Dialect, agent, url, got.Allowed, got.Line, lines(got), want.Allowed, want.Line, lines(want), r.File.text)
	}
}
