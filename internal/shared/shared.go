// Package shared finds the project's test data (Google's conformance
// suite, the corpus of real robots.txt files) for the tests of every
// package. The data lives in the repository, under robots/testdata, so that
// a fresh clone runs every test that needs it.
package shared

import (
	"os"
	"path/filepath"
	"runtime"
	"testing"
)

// Dir returns the folder of the project's test data named sub
// ("conformance", "corpus"). It looks first in the repository's
// robots/testdata, found from the working directory upwards and from this
// source file; then in $ROBOTS_SHARED and in a shared folder beside the
// repository, where the data stood before it moved in. The data is part of
// the repository: when it is nowhere, the calling test fails, as a test
// that skipped would pass without testing anything.
func Dir(t testing.TB, sub string) string {
	t.Helper()
	if dir, ok := find(sub); ok {
		return dir
	}
	t.Fatalf("test data %q not found: it belongs in robots/testdata/%s of the repository (or set ROBOTS_SHARED)", sub, sub)
	return ""
}

// find looks for sub where Dir does.
func find(sub string) (string, bool) {
	var roots []string
	if wd, err := os.Getwd(); err == nil {
		roots = append(roots, ancestors(wd)...)
	}
	// This file is internal/shared/shared.go of the repository; a test
	// run from outside the tree (go test with a package path from
	// elsewhere still runs in the package's folder, but a binary built
	// with go test -c may not) still finds the data beside it.
	if _, file, _, ok := runtime.Caller(0); ok {
		roots = append(roots, filepath.Dir(filepath.Dir(filepath.Dir(file))))
	}
	var candidates []string
	for _, root := range roots {
		candidates = append(candidates, filepath.Join(root, "robots", "testdata"))
	}
	if env := os.Getenv("ROBOTS_SHARED"); env != "" {
		candidates = append(candidates, env)
	}
	for _, root := range roots {
		candidates = append(candidates, filepath.Join(root, "shared"), filepath.Join(root, "..", "shared"))
	}
	for _, c := range candidates {
		if st, err := os.Stat(filepath.Join(c, sub)); err == nil && st.IsDir() {
			return filepath.Join(c, sub), true
		}
	}
	return "", false
}

// ancestors returns dir and every folder above it, nearest first.
func ancestors(dir string) []string {
	var dirs []string
	for {
		dirs = append(dirs, dir)
		parent := filepath.Dir(dir)
		if parent == dir {
			return dirs
		}
		dir = parent
	}
}
