// Package shared finds the project's shared test data (Google's
// conformance suite, the corpus of real robots.txt files), which stands
// beside the repository as ../shared, for the tests of every package.
package shared

import (
	"os"
	"path/filepath"
	"testing"
)

// Dir finds a folder of the project's shared data (the conformance
// suite, the corpus), which stands beside the repository as ../shared;
// ROBOTS_SHARED overrides it. Without it the calling test is skipped, except
// under CI, where it fails.
func Dir(t testing.TB, sub string) string {
	t.Helper()
	candidates := []string{os.Getenv("ROBOTS_SHARED")}
	if wd, err := os.Getwd(); err == nil {
		for dir := wd; ; dir = filepath.Dir(dir) {
			candidates = append(candidates, filepath.Join(dir, "shared"), filepath.Join(dir, "..", "shared"))
			if filepath.Dir(dir) == dir {
				break
			}
		}
	}
	for _, c := range candidates {
		if c == "" {
			continue
		}
		if st, err := os.Stat(filepath.Join(c, sub)); err == nil && st.IsDir() {
			return filepath.Join(c, sub)
		}
	}
	if os.Getenv("CI") != "" {
		t.Fatalf("shared/%s not found beside the repository (set ROBOTS_SHARED)", sub)
	}
	t.Skipf("shared/%s not found beside the repository (set ROBOTS_SHARED): skipped", sub)
	return ""
}
