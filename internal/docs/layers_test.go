package docs

import (
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// imports returns the packages of this module that the non-test Go files
// of the package in dir (relative to root) import.
func imports(t *testing.T, dir string) []string {
	t.Helper()
	entries, err := os.ReadDir(filepath.Join(root, dir))
	if err != nil {
		t.Fatal(err)
	}
	seen := map[string]bool{}
	var out []string
	for _, e := range entries {
		name := e.Name()
		if e.IsDir() || !strings.HasSuffix(name, ".go") || strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(token.NewFileSet(), filepath.Join(root, dir, name), nil, parser.ImportsOnly)
		if err != nil {
			t.Fatal(err)
		}
		for _, imp := range f.Imports {
			path, _ := strconv.Unquote(imp.Path.Value)
			if rel, ok := strings.CutPrefix(path, "robotstester/"); ok && !seen[rel] {
				seen[rel] = true
				out = append(out, rel)
			}
		}
	}
	return out
}

// TestLayers: the layers of docs/design.md point down. The session and
// the view models import nothing of the UI; the browser bindings import
// neither of them; the engine imports nothing of the app or the servers.
func TestLayers(t *testing.T) {
	for _, tc := range []struct {
		dir       string
		forbidden []string // prefixes of the packages it may not import
	}{
		{"app/model", []string{"app/ui", "app/internal/session"}},
		{"app/internal/session", []string{"app/ui"}},
		{"app/internal/share", []string{"app/ui", "app/internal/session"}},
		{"app/ui/dom", []string{"app/internal/session", "app/model"}},
		{"robots", []string{"app", "internal"}},
		{"robots/sitemap", []string{"app", "internal"}},
		{"robots/fetch", []string{"app", "internal"}},
		{"robots/internal/benchdata", []string{"app", "internal"}},
		{"internal/relayapi", []string{"app", "internal/server", "robots"}},
	} {
		for _, imp := range imports(t, tc.dir) {
			for _, f := range tc.forbidden {
				if imp == f || strings.HasPrefix(imp, f+"/") {
					t.Errorf("%s imports %s: a layer below may not import %s", tc.dir, imp, f)
				}
			}
		}
	}
}
