package docs

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"unicode"
)

// root is the repository, from this package's folder.
const root = "../.."

// pages returns the Markdown files of the documentation, relative to root.
func pages(t *testing.T) []string {
	t.Helper()
	guides, err := filepath.Glob(filepath.Join(root, "docs", "*.md"))
	if err != nil {
		t.Fatal(err)
	}
	names := []string{"README.md"}
	for _, g := range guides {
		rel, err := filepath.Rel(root, g)
		if err != nil {
			t.Fatal(err)
		}
		names = append(names, filepath.ToSlash(rel))
	}
	return names
}

func read(t *testing.T, name string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(name)))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

var (
	codeSpan = regexp.MustCompile("`[^`]*`")
	link     = regexp.MustCompile(`\]\(([^)\s]+)(?:\s+"[^"]*")?\)`)
	heading  = regexp.MustCompile(`^#{1,6}\s+(.*?)\s*#*\s*$`)
	inline   = regexp.MustCompile(`!?\[([^\]]*)\]\([^)]*\)`)
)

// anchors returns the anchors GitHub makes for a page's headings.
func anchors(md string) map[string]bool {
	prose, _ := Split(md)
	seen := map[string]int{}
	out := map[string]bool{}
	for _, l := range prose {
		m := heading.FindStringSubmatch(l)
		if m == nil {
			continue
		}
		text := inline.ReplaceAllString(m[1], "$1")
		var b strings.Builder
		for _, r := range strings.ToLower(text) {
			switch {
			case r == ' ':
				b.WriteByte('-')
			case r == '-' || r == '_' || unicode.IsLetter(r) || unicode.IsDigit(r):
				b.WriteRune(r)
			}
		}
		a := b.String()
		if n := seen[a]; n > 0 {
			out[a+"-"+strconv.Itoa(n)] = true
		} else {
			out[a] = true
		}
		seen[a]++
	}
	return out
}

// TestLinks checks that every relative link of README.md and docs/ points
// at a file or folder that exists, and, when it names a heading (#...), at
// a heading of that Markdown file.
func TestLinks(t *testing.T) {
	count := 0
	for _, page := range pages(t) {
		md := read(t, page)
		prose, _ := Split(md)
		for n, l := range prose {
			for _, m := range link.FindAllStringSubmatch(codeSpan.ReplaceAllString(l, ""), -1) {
				target := m[1]
				if strings.Contains(target, "://") || strings.HasPrefix(target, "mailto:") {
					continue
				}
				count++
				file, frag, _ := strings.Cut(target, "#")
				where := page
				if file != "" {
					where = filepath.ToSlash(filepath.Join(filepath.Dir(page), file))
					if _, err := os.Stat(filepath.Join(root, filepath.FromSlash(where))); err != nil {
						t.Errorf("%s:%d: %s: no such file", page, n+1, target)
						continue
					}
				}
				if frag == "" {
					continue
				}
				if !strings.HasSuffix(where, ".md") {
					t.Errorf("%s:%d: %s: a heading of a file that is not Markdown", page, n+1, target)
					continue
				}
				if !anchors(read(t, where))[frag] {
					t.Errorf("%s:%d: %s: %s has no heading #%s", page, n+1, target, where, frag)
				}
			}
		}
	}
	if count < 20 {
		t.Errorf("%d relative links found; the README alone links every guide", count)
	}
}

// TestGuidesExist checks that each guide the README promises is there.
func TestGuidesExist(t *testing.T) {
	for _, g := range []string{"using", "embedding", "hosting", "cli", "engine", "design", "speed"} {
		if _, err := os.Stat(filepath.Join(root, "docs", g+".md")); err != nil {
			t.Error(err)
		}
	}
	if n := strings.Count(read(t, "README.md"), "\n"); n > 150 {
		t.Errorf("README.md has %d lines; the front door holds 150 at most", n)
	}
}

// TestGoBlocks checks that every Go block of README.md and of the engine's
// guide is the body of an Example function with an output, which go test
// runs and checks: <!-- example: PATH FUNC --> before the block names it.
func TestGoBlocks(t *testing.T) {
	checked := 0
	for _, page := range pages(t) {
		_, blocks := Split(read(t, page))
		for _, b := range blocks {
			spec, ok := strings.CutPrefix(b.Marker, "example:")
			if !ok {
				if b.Lang == "go" && (page == "README.md" || page == "docs/engine.md") {
					t.Errorf("%s:%d: a Go block without <!-- example: PATH FUNC -->, so nothing runs it", page, b.Line)
				}
				continue
			}
			f := strings.Fields(spec)
			if len(f) != 2 {
				t.Errorf("%s:%d: marker %q: want example: PATH FUNC", page, b.Line, b.Marker)
				continue
			}
			body, err := exampleBody(f[0], f[1])
			if err != nil {
				t.Errorf("%s:%d: %v", page, b.Line, err)
				continue
			}
			if strings.TrimSpace(b.Text) != body {
				t.Errorf("%s:%d: the block is not the body of %s in %s; the body is:\n%s", page, b.Line, f[1], f[0], body)
			}
			checked++
		}
	}
	if checked < 5 {
		t.Errorf("%d Go blocks checked; the engine's guide shows more", checked)
	}
}

// TestExampleTable checks that each Example function the engine's guide
// lists is in the file it names.
func TestExampleTable(t *testing.T) {
	tick := regexp.MustCompile("`([^`]+)`")
	rows := 0
	for n, l := range strings.Split(read(t, "docs/engine.md"), "\n") {
		if !strings.HasPrefix(l, "| `Example") {
			continue
		}
		rows++
		var names, files []string
		for _, m := range tick.FindAllStringSubmatch(l, -1) {
			switch {
			case strings.HasPrefix(m[1], "Example"):
				names = append(names, m[1])
			case strings.HasSuffix(m[1], "_test.go"):
				files = append(files, m[1])
			}
		}
		for _, name := range names {
			found := false
			for _, f := range files {
				if _, err := exampleBody(f, name); err == nil {
					found = true
				}
			}
			if !found {
				t.Errorf("docs/engine.md:%d: %s is in none of %q, or has no output", n+1, name, files)
			}
		}
	}
	if rows < 5 {
		t.Errorf("docs/engine.md lists %d Example functions", rows)
	}
}

// exampleBody returns the body of the Example function name in the Go file
// path (relative to root), without its braces and one level of indent.
func exampleBody(path, name string) (string, error) {
	if !strings.HasPrefix(name, "Example") || !strings.HasSuffix(path, "_test.go") {
		return "", fmt.Errorf("%s in %s: not an Example function of a test file, which go test would run", name, path)
	}
	src, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(path)))
	if err != nil {
		return "", err
	}
	fset := token.NewFileSet()
	file, err := parser.ParseFile(fset, path, src, parser.ParseComments)
	if err != nil {
		return "", err
	}
	for _, d := range file.Decls {
		fn, ok := d.(*ast.FuncDecl)
		if !ok || fn.Name.Name != name || fn.Recv != nil {
			continue
		}
		inner := string(src[fset.Position(fn.Body.Lbrace).Offset+1 : fset.Position(fn.Body.Rbrace).Offset])
		if !strings.Contains(inner, "// Output:") {
			return "", fmt.Errorf("%s in %s has no // Output: comment, so go test compiles it but does not run it", name, path)
		}
		lines := strings.Split(strings.Trim(inner, "\n"), "\n")
		for i, l := range lines {
			lines[i] = strings.TrimPrefix(l, "\t")
		}
		return strings.TrimSpace(strings.Join(lines, "\n")), nil
	}
	return "", fmt.Errorf("no function %s in %s", name, path)
}
