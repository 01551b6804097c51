package robots_test

import (
	"fmt"
	"math/rand/v2"
	"os"
	"slices"
	"strings"
	"testing"

	"robotstester/robots"
)

// TestIntentProperty is rules by intent's contract, over the corpus's
// real files (those under 128 KiB), each line of the form (the intent's
// roles: search, ai-training, ...) and each choice (leave, allow, block),
// in every reading: intentHolds for every catalogued crawler and the
// file's own user-agent tokens, on "/", the file's own rule paths and
// random paths; a choice of leave returns the file byte for byte; writing
// it again changes nothing. It logs the number of verdicts compared (the
// figure docs/engine.md gives; intentStep says how many files).
func TestIntentProperty(t *testing.T) {
	rng := rand.New(rand.NewPCG(43, 1))
	files, tested, cases, failed := 0, 0, 0, 0
	choices := []robots.Choice{robots.Leave, robots.Let, robots.Deny}
	for _, cf := range corpusFiles(t) {
		if len(cf.data) > robots.FetchLimit/4 {
			continue
		}
		if files++; (files-1)%intentStep() != 0 {
			continue
		}
		tested++
		before := string(cf.data)
		old := robots.ParseString(before)
		vs := newVerdicts(old)
		paths := append([]string{"/"}, filePaths(old, 8)...)
		for range 3 {
			paths = append(paths, randomPath(rng))
		}
		tokens := fileTokens(old, 4)
		for _, role := range robots.IntentRoles() {
			for _, ch := range choices {
				in := robots.Intent{Roles: map[robots.Role]robots.Choice{}}
				for _, r := range role.Roles {
					in.Roles[r] = ch
				}
				name := fmt.Sprintf("%s, %s: %s", cf.name, role.Name, ch)
				after := robots.WriteIntent(before, in)
				if ch == robots.Leave && after != before {
					t.Errorf("%s: the file changed", name)
				}
				if again := robots.WriteIntent(after, in); again != after {
					t.Errorf("%s: writing the intent twice changes the file:\n--- once\n%s\n--- twice\n%s", name, after, again)
				}
				n, ok := intentHoldsOn(t, name, vs, after, in, paths, tokens)
				cases += n
				if !ok {
					if failed++; failed > 5 {
						t.Fatalf("more than 5 failures")
					}
				}
			}
		}
	}
	t.Logf("%d of %d files × %d lines of the form × 3 choices × %d readings: %d verdicts compared", tested, files, len(robots.IntentRoles()), len(robots.Dialects()), cases)
}

// intentStep is one more than the corpus files TestIntentProperty skips
// between two it tests: every file (197 s on the shared machine) with
// ROBOTS_INTENT_ALL=1, every fourth otherwise, every sixteenth with -short.
func intentStep() int {
	switch {
	case os.Getenv("ROBOTS_INTENT_ALL") != "":
		return 1
	case testing.Short():
		return 16
	}
	return 4
}

// sameGroups reports whether two verdicts' groups are opened by the same
// user-agent lines.
func sameGroups(a, b robots.Verdict) bool {
	lines := func(v robots.Verdict) []int {
		var out []int
		for _, g := range v.Groups {
			for _, ag := range g.Agents {
				out = append(out, ag.Line)
			}
		}
		slices.Sort(out)
		return out
	}
	return slices.Equal(lines(a), lines(b))
}

// randomPath returns a path of one to three random segments, some with
// a query or a file's extension.
func randomPath(rng *rand.Rand) string {
	segs := []string{"private", "shop", "cart", "search", "admin", "press", "a", "img", "wp-admin", "api", "x"}
	var b strings.Builder
	for range 1 + rng.IntN(3) {
		b.WriteString("/" + segs[rng.IntN(len(segs))])
	}
	switch rng.IntN(4) {
	case 0:
		b.WriteString("/")
	case 1:
		b.WriteString(".pdf")
	case 2:
		b.WriteString("?q=1")
	}
	return b.String()
}

// fileTokens returns up to n product tokens the file's user-agent lines
// name that the catalogue does not know.
func fileTokens(f *robots.File, n int) []string {
	var out []string
	for _, g := range f.Read(robots.Google).Groups {
		for _, a := range g.Agents {
			if _, known := robots.LookupCrawler(a.Token); known || a.Token == "" || a.Token == "*" || slices.Contains(out, a.Token) || len(out) == n {
				continue
			}
			out = append(out, a.Token)
		}
	}
	return out
}
