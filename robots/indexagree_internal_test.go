package robots

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"robotstester/robots/internal/benchdata"
)

// TestPyIndexAgrees: the Python readings' decider, which tries only the
// rules whose literal prefix starts the path, decides every corpus file's
// paths (made from its own rules) as trying every rule does: the same
// verdict, line, matches and tie.
func TestPyIndexAgrees(t *testing.T) {
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
	defer func() { indexCandidates = true }()
	checks := 0
	for _, data := range datas {
		f := Parse(data)
		for _, d := range []Dialect{Python, Python313} {
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
					url := "https://example.com" + p
					indexCandidates = true
					got := r.CheckAgent(a, url)
					indexCandidates = false
					want := r.CheckAgent(a, url)
					checks++
					if got.Allowed != want.Allowed || got.Line != want.Line || got.Tie != want.Tie || len(got.Matches) != len(want.Matches) {
						t.Fatalf("%s, %q, %q: indexed %v line %d (%d matches), every rule %v line %d (%d matches)",
							d, a, url, got.Allowed, got.Line, len(got.Matches), want.Allowed, want.Line, len(want.Matches))
					}
				}
			}
		}
	}
	t.Logf("%d checks agree", checks)
}
