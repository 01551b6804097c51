package benchdata

import (
	"os"
	"path/filepath"
	"runtime"
	"testing"
)

// SharedDir returns the folder of the engine's test data named sub
// ("conformance", "corpus"): robots/testdata/sub of the repository, found
// from this source file, so that a test of any package below robots/
// finds it. The data is part of the repository: when it is not there,
// the calling test fails, as a test that skipped would pass without
// testing anything.
func SharedDir(t testing.TB, sub string) string {
	t.Helper()
	if _, file, _, ok := runtime.Caller(0); ok {
		// This file is robots/internal/benchdata/shared.go.
		dir := filepath.Join(filepath.Dir(file), "..", "..", "testdata", sub)
		if st, err := os.Stat(dir); err == nil && st.IsDir() {
			return filepath.Clean(dir)
		}
	}
	if dir := filepath.Join("testdata", sub); isDir(dir) {
		return dir // the engine's own tests, run where -trimpath left no source path
	}
	t.Fatalf("test data %q not found: it belongs in robots/testdata/%s of the repository", sub, sub)
	return ""
}

func isDir(dir string) bool {
	st, err := os.Stat(dir)
	return err == nil && st.IsDir()
}
