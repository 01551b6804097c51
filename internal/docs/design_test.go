package docs

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// The claims of docs/design.md that a test can hold, and that no other
// test of this package or of the packages themselves holds already.

// TestSessionBelowUI: the session, the effects and every package of the
// app they import, however deep (the parts they hold: parts, siteurls,
// byintent), import nothing under app/ui.
func TestSessionBelowUI(t *testing.T) {
	seen := map[string]bool{}
	var walk func(dir, from string)
	walk = func(dir, from string) {
		if seen[dir] {
			return
		}
		seen[dir] = true
		if dir == "app/ui" || strings.HasPrefix(dir, "app/ui/") {
			t.Errorf("%s imports %s: the session and what it holds are below the UI", from, dir)
			return
		}
		for _, imp := range imports(t, dir) {
			walk(imp, dir)
		}
	}
	walk("app/internal/session", "")
	walk("app/internal/effect", "")
	for _, part := range []string{"app/internal/parts", "app/internal/siteurls", "app/internal/byintent"} {
		if !seen[part] {
			t.Errorf("the session no longer holds %s: docs/design.md says it does", part)
		}
	}
}

// structTypes returns the struct types declared in the non-test Go files
// of the package in dir, by name.
func structTypes(t *testing.T, dir string) map[string]*ast.StructType {
	t.Helper()
	out := map[string]*ast.StructType{}
	for _, p := range goFiles(t, dir, false) {
		if filepath.Dir(p) != filepath.Join(root, dir) {
			continue // a package below it
		}
		f, err := parser.ParseFile(token.NewFileSet(), p, nil, parser.SkipObjectResolution)
		if err != nil {
			t.Fatal(err)
		}
		ast.Inspect(f, func(n ast.Node) bool {
			if ts, ok := n.(*ast.TypeSpec); ok {
				if st, ok := ts.Type.(*ast.StructType); ok {
					out[ts.Name.Name] = st
				}
			}
			return true
		})
	}
	return out
}

// typeName returns how a field's type is written ("widget.Sender",
// "app.Compo", "Sender"), or "" for any other form.
func typeName(e ast.Expr) string {
	switch e := e.(type) {
	case *ast.Ident:
		return e.Name
	case *ast.SelectorExpr:
		if x, ok := e.X.(*ast.Ident); ok {
			return x.Name + "." + e.Sel.Name
		}
	}
	return ""
}

// TestViewsSend: a view is given what it draws and one way to send what
// the user did. No view under app/ui/widget, app/ui/panel or
// app/ui/results has a function-typed exported field (the On… fields that
// wired the page are gone), and a go-app component there has at most one
// widget.Sender.
func TestViewsSend(t *testing.T) {
	components := 0
	for _, dir := range []string{"app/ui/widget", "app/ui/panel", "app/ui/results"} {
		for name, st := range structTypes(t, dir) {
			compo, senders := false, 0
			for _, f := range st.Fields.List {
				if _, ok := f.Type.(*ast.FuncType); ok {
					for _, n := range f.Names {
						if n.IsExported() {
							t.Errorf("%s.%s has the function-typed field %s: a view sends messages through its widget.Sender", dir, name, n.Name)
						}
					}
				}
				switch typeName(f.Type) {
				case "app.Compo":
					compo = compo || len(f.Names) == 0
				case "widget.Sender":
					senders += max(1, len(f.Names))
				case "Sender":
					if dir == "app/ui/widget" {
						senders += max(1, len(f.Names))
					}
				}
			}
			if compo {
				components++
				if senders > 1 {
					t.Errorf("%s.%s has %d widget.Senders: a view has one way to send", dir, name, senders)
				}
			}
		}
	}
	if components == 0 {
		t.Error("no go-app component found under app/ui/widget, app/ui/panel and app/ui/results")
	}
}

var (
	// A node of the picture: id["label"], the label's first line the
	// package's path ("app: main" for the app's main package).
	mermaidNode = regexp.MustCompile(`(\w+)\["([^"]*)"\]`)
	// A quoted name: `...` in prose.
	quoted = regexp.MustCompile("`([^`\n]+)`")
)

// TestPicture: every arrow of docs/design.md's picture between two
// packages of this module is an import of the code.
func TestPicture(t *testing.T) {
	md := read(t, "docs/design.md")
	start := strings.Index(md, "```mermaid\n")
	if start < 0 {
		t.Fatal("docs/design.md has no picture")
	}
	block := md[start:]
	block = block[len("```mermaid\n") : strings.Index(block[3:], "```")+3]
	paths := map[string]string{}
	arrows := 0
	for _, line := range strings.Split(block, "\n") {
		line = strings.TrimSpace(line)
		if strings.HasPrefix(line, "subgraph") || line == "end" || strings.HasPrefix(line, "flowchart") {
			continue
		}
		for _, m := range mermaidNode.FindAllStringSubmatch(line, -1) {
			label, _, _ := strings.Cut(m[2], "<br/>")
			label, _, _ = strings.Cut(label, ":") // "app: main"
			paths[m[1]] = strings.TrimSpace(label)
		}
		line = mermaidNode.ReplaceAllString(line, "$1")
		steps := strings.Split(line, "-->")
		for i := 0; i+1 < len(steps); i++ {
			for _, from := range strings.Split(steps[i], "&") {
				for _, to := range strings.Split(steps[i+1], "&") {
					from, to := paths[strings.TrimSpace(from)], paths[strings.TrimSpace(to)]
					if from == "" || to == "" {
						t.Errorf("an arrow of the picture names a node it does not declare: %q", line)
						continue
					}
					arrows++
					if !slices.Contains(imports(t, from), to) {
						t.Errorf("the picture draws %s → %s, but %s does not import %s", from, to, from, to)
					}
				}
			}
		}
	}
	if arrows < 20 {
		t.Errorf("only %d arrows read from the picture", arrows)
	}
}

// declared returns every name the module's Go files declare (top-level
// names as "pkg.Name" and "Name"; methods and struct fields as
// "Type.Name" and "Name"; tests too) and every word of the editor's
// JavaScript sources.
func declared(t *testing.T) (names, js map[string]bool) {
	t.Helper()
	names, js = map[string]bool{}, map[string]bool{}
	add := func(qual, name string) {
		names[name] = true
		if qual != "" {
			names[qual+"."+name] = true
		}
	}
	for _, p := range goFiles(t, ".", true) {
		f, err := parser.ParseFile(token.NewFileSet(), p, nil, parser.SkipObjectResolution)
		if err != nil {
			t.Fatal(err)
		}
		pkg := f.Name.Name
		names[pkg] = true
		for _, d := range f.Decls {
			switch d := d.(type) {
			case *ast.FuncDecl:
				if d.Recv != nil && len(d.Recv.List) > 0 {
					typ := d.Recv.List[0].Type
					if star, ok := typ.(*ast.StarExpr); ok {
						typ = star.X
					}
					if idx, ok := typ.(*ast.IndexExpr); ok {
						typ = idx.X
					}
					add(typeName(typ), d.Name.Name)
				} else {
					add(pkg, d.Name.Name)
				}
			case *ast.GenDecl:
				for _, s := range d.Specs {
					switch s := s.(type) {
					case *ast.TypeSpec:
						add(pkg, s.Name.Name)
						if st, ok := s.Type.(*ast.StructType); ok {
							for _, f := range st.Fields.List {
								for _, n := range f.Names {
									add(s.Name.Name, n.Name)
								}
							}
						}
						if it, ok := s.Type.(*ast.InterfaceType); ok {
							for _, m := range it.Methods.List {
								for _, n := range m.Names {
									add(s.Name.Name, n.Name)
								}
							}
						}
					case *ast.ValueSpec:
						for _, n := range s.Names {
							add(pkg, n.Name)
						}
					}
				}
			}
		}
	}
	word := regexp.MustCompile(`[A-Za-z_$][\w$]*`)
	// The sources only: web/editor.js is built from app/editor/src.
	sources, err := filepath.Glob(filepath.Join(root, "app", "editor", "src", "*.js"))
	if err != nil {
		t.Fatal(err)
	}
	for _, src := range append(sources, filepath.Join(root, "web", "siteworker.js")) {
		b, err := os.ReadFile(src)
		if err != nil {
			t.Fatal(err)
		}
		for _, w := range word.FindAllString(string(b), -1) {
			js[w] = true
		}
	}
	return names, js
}

// TestDesignNames: docs/design.md names only files and identifiers that
// exist. A quoted path (`app/ui/siteio.go`, `app/internal/parts`) is a
// file or folder of the repository, or one the build makes (.gitignore);
// a quoted file name (`siteio.go`) is some file's; a quoted Go or
// JavaScript name (`Tester.Send`, `session.Msg`, `rowTable`) is declared.
func TestDesignNames(t *testing.T) {
	md := read(t, "docs/design.md")
	prose, _ := Split(md)
	text := strings.Join(prose, "\n")

	ignored, err := os.ReadFile(filepath.Join(root, ".gitignore"))
	if err != nil {
		t.Fatal(err)
	}
	built := func(p string) bool {
		for _, l := range strings.Split(string(ignored), "\n") {
			if l = strings.TrimPrefix(strings.TrimSpace(l), "/"); l == p || path.Base(l) == p {
				return true
			}
		}
		return false
	}
	bases := map[string]bool{}
	err = filepath.WalkDir(root, func(p string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && p != root && (d.Name() == "node_modules" || strings.HasPrefix(d.Name(), ".")) {
			return filepath.SkipDir
		}
		bases[d.Name()] = true
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	names, js := declared(t)
	// A JavaScript name (RobotsEditor.show, hooks.lines) is a word of
	// the editor's code, each part of it.
	inJS := func(n string) bool {
		for _, w := range strings.Split(n, ".") {
			if !js[w] {
				return false
			}
		}
		return true
	}

	file := regexp.MustCompile(`^[\w.-]+\.(go|js|css|md|txt|json|wasm)$`)
	filePath := regexp.MustCompile(`^(app|robots|internal|web|docs|tools|cmd)/[\w./-]*$`)
	ident := regexp.MustCompile(`^\*?[A-Za-z_]\w*(\.[A-Za-z_]\w*)?(\(\))?$`)
	// Names of other code that the doc compares with.
	outside := map[string]bool{
		"ParseRobotsTxt":     true, // Google's parser
		"Dispatch":           true, // go-app's Context
		"ctx.Defer":          true,
		"WebAssembly.Module": true, // the browser's
	}
	checked := 0
	for _, m := range quoted.FindAllStringSubmatch(text, -1) {
		q := m[1]
		switch {
		case filePath.MatchString(q):
			p := strings.TrimSuffix(q, "/")
			if _, err := os.Stat(filepath.Join(root, p)); err != nil && !built(p) {
				t.Errorf("docs/design.md names %s, which is no file or folder", q)
			}
		case file.MatchString(q):
			if !bases[q] && !built(q) {
				t.Errorf("docs/design.md names the file %s, which is nowhere in the repository", q)
			}
		case ident.MatchString(q):
			n := strings.TrimSuffix(strings.TrimPrefix(q, "*"), "()")
			if !names[n] && !inJS(n) && !outside[n] {
				t.Errorf("docs/design.md names %s, which no Go or JavaScript code declares", q)
			}
		default:
			continue
		}
		checked++
	}
	if checked < 100 {
		t.Errorf("only %d names of docs/design.md checked", checked)
	}
	// The page's old shape, which the doc must not describe as present.
	for _, gone := range []string{"noticespanel.go", "sitePanel", "sitePage", "intentPanel", "OnEdit", "On…", "app/ui/tests"} {
		if strings.Contains(text, "`"+gone+"`") {
			t.Errorf("docs/design.md names %s, which is gone", gone)
		}
	}
}
