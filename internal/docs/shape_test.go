package docs

import (
	"bufio"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// goFiles returns the Go files under dir (relative to root), tests with
// them when tests, leaving out what the build makes (dot folders,
// node_modules).
func goFiles(t *testing.T, dir string, tests bool) []string {
	t.Helper()
	var out []string
	err := filepath.WalkDir(filepath.Join(root, dir), func(p string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if n := d.Name(); p != filepath.Join(root, dir) && (strings.HasPrefix(n, ".") || n == "node_modules" || n == "testdata") {
				return filepath.SkipDir
			}
			return nil
		}
		if strings.HasSuffix(p, ".go") && (tests || !strings.HasSuffix(p, "_test.go")) {
			out = append(out, p)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// TestShapeOfTheCode holds what docs/design.md says of the code's shape:
// files a reader can take in, a page package that routes rather than
// works, views that send rather than hold closures into the page, and no
// view that reads the engine.
func TestShapeOfTheCode(t *testing.T) {
	// No Go file over 600 lines, tests included.
	for _, p := range goFiles(t, ".", true) {
		f, err := os.Open(p)
		if err != nil {
			t.Fatal(err)
		}
		n := 0
		for sc := bufio.NewScanner(f); sc.Scan(); {
			n++
		}
		f.Close()
		if n > 600 {
			t.Errorf("%s has %d lines: split it by meaning (at most 600)", p, n)
		}
	}

	fset := token.NewFileSet()
	methods, funcFields := 0, 0
	for _, p := range goFiles(t, "app/ui", false) {
		f, err := parser.ParseFile(fset, p, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		rel, _ := filepath.Rel(root, p)
		if f.Name.Name == "tests" {
			t.Errorf("%s: a production package named tests", rel)
		}
		for _, imp := range f.Imports {
			if imp.Path.Value == `"robotstester/robots"` || strings.HasPrefix(imp.Path.Value, `"robotstester/robots/`) {
				t.Errorf("%s imports the engine: a view gets words and numbers from the models", rel)
			}
		}
		if filepath.Dir(rel) == filepath.Join("app", "ui") {
			for _, d := range f.Decls {
				if fd, ok := d.(*ast.FuncDecl); ok && fd.Recv != nil {
					methods++
				}
			}
		}
		ast.Inspect(f, func(n ast.Node) bool {
			if st, ok := n.(*ast.StructType); ok {
				for _, field := range st.Fields.List {
					if _, ok := field.Type.(*ast.FuncType); ok {
						funcFields += max(1, len(field.Names))
						t.Logf("%s: a function-typed field %v", fset.Position(field.Pos()), field.Names)
					}
				}
			}
			return true
		})
	}
	if methods > 90 {
		t.Errorf("the page package (app/ui) has %d methods: at most 90 (a router, not a worker)", methods)
	}
	if funcFields > 20 {
		t.Errorf("app/ui has %d function-typed fields: at most 20 (a view holds one widget.Sender)", funcFields)
	}
}
