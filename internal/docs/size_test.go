package docs

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"sort"
	"strings"
	"testing"
)

// maxMethods is the most methods a type of the app may have: a type that
// needs more does more than one thing (docs/design.md).
const maxMethods = 40

// pageMethods is the most methods of the page's component, Tester: it
// routes the user's actions to the session and the effects to the views
// and the browser; the drawing is pageView's, the parts' state their own.
const pageMethods = 30

// methodCounts returns the number of methods declared on each named type
// of the non-test Go files under dir (relative to root), by "dir.Type".
func methodCounts(t *testing.T, dir string) map[string]int {
	t.Helper()
	counts := map[string]int{}
	err := filepath.WalkDir(filepath.Join(root, dir), func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		name := d.Name()
		if d.IsDir() && (name == "node_modules" || name == "testdata") {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(name, ".go") || strings.HasSuffix(name, "_test.go") {
			return nil
		}
		f, err := parser.ParseFile(token.NewFileSet(), path, nil, parser.SkipObjectResolution)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, filepath.Dir(path))
		for _, decl := range f.Decls {
			fn, ok := decl.(*ast.FuncDecl)
			if !ok || fn.Recv == nil || len(fn.Recv.List) == 0 {
				continue
			}
			typ := fn.Recv.List[0].Type
			if star, ok := typ.(*ast.StarExpr); ok {
				typ = star.X
			}
			if gen, ok := typ.(*ast.IndexExpr); ok {
				typ = gen.X
			}
			if id, ok := typ.(*ast.Ident); ok {
				counts[filepath.ToSlash(rel)+"."+id.Name]++
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return counts
}

// TestTypeSizes: no type of the app, its servers or its command line has
// more than maxMethods methods, and the page's component no more than
// pageMethods.
func TestTypeSizes(t *testing.T) {
	counts := map[string]int{}
	for _, dir := range []string{"app", "internal", "robots/cmd"} {
		for k, v := range methodCounts(t, dir) {
			counts[k] = v
		}
	}
	var names []string
	for name := range counts {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		n, limit := counts[name], maxMethods
		if name == "app/ui.Tester" {
			limit = pageMethods
		}
		if n > limit {
			t.Errorf("%s has %d methods; at most %d", name, n, limit)
		}
	}
	if counts["app/ui.Tester"] == 0 || counts["app/internal/session.Session"] == 0 {
		t.Errorf("the page's Tester or the Session was not found: %v", counts)
	}
}
