package main

import (
	"bytes"
	"context"
	"crypto/tls"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"robotstester/internal/docs"
)

// The command line's guide, docs/cli.md, and the README show the command at
// work. TestDocs runs what they show, so that they cannot drift from the
// code. Each fenced block of the guide is one of:
//
//   - a file, after a line <!-- file: NAME -->: written as NAME into the
//     folder the commands run in;
//   - a transcript, whose first line starts with "$ robotstxt": each "$ "
//     line is run (with "< F" and "> F" as the shell would take them, and a
//     trailing "# comment" dropped), and what it writes must be the lines
//     that follow, where a line "..." stands for any lines, a line ending in
//     "..." for any line starting with what comes before, and the figure of
//     the "Took" line may differ;
//   - a script, after a line <!-- script -->: each line starting with
//     "robotstxt " is run, and must end with status 0 or 1 (an error, 2,
//     means the script is wrong).
//
// A block that is none of these fails the test. The README's blocks that
// are transcripts run too, with the guide's files.
//
// https://example.com and https://www.example.com are a local server
// (docsSite): example.com redirects to www.example.com, which serves the
// file robots.txt of the guide, and its files named sitemap*.

// shellWords splits a command line as a shell would for the commands of the
// guide: words, single and double quotes, and a trailing comment.
func shellWords(line string) []string {
	var words []string
	var w strings.Builder
	inWord := false
	var quote rune
	for _, r := range line {
		switch {
		case quote != 0:
			if r == quote {
				quote = 0
			} else {
				w.WriteRune(r)
			}
		case r == '\'' || r == '"':
			quote, inWord = r, true
		case r == ' ' || r == '\t':
			if inWord {
				words = append(words, w.String())
				w.Reset()
				inWord = false
			}
		case r == '#' && !inWord:
			return words
		default:
			w.WriteRune(r)
			inWord = true
		}
	}
	if inWord {
		words = append(words, w.String())
	}
	return words
}

// runDocCommand runs one command line of the guide in dir, the working
// directory (the commands name files relative to it), and returns its
// status and what it wrote to stdout and stderr.
func runDocCommand(t *testing.T, dir, line string) (int, string) {
	t.Helper()
	words := shellWords(line)
	if len(words) == 0 || words[0] != "robotstxt" {
		t.Fatalf("not a robotstxt command: %q", line)
	}
	var args []string
	var stdin []byte
	outFile := ""
	for i := 1; i < len(words); i++ {
		switch words[i] {
		case "<", ">":
			if i+1 == len(words) {
				t.Fatalf("%q: %s without a file", line, words[i])
			}
			name := filepath.Join(dir, words[i+1])
			if words[i] == "<" {
				var err error
				if stdin, err = os.ReadFile(name); err != nil {
					t.Fatalf("%q: %v", line, err)
				}
			} else {
				outFile = name
			}
			i++
		default:
			args = append(args, words[i])
		}
	}
	var out, errOut bytes.Buffer
	code := run(args, bytes.NewReader(stdin), &out, &errOut)
	if outFile != "" {
		if err := os.WriteFile(outFile, out.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		out.Reset()
	}
	return code, out.String() + errOut.String()
}

var tookFigure = regexp.MustCompile(`^(Took\s+)\d+ ms$`)

// docLinesMatch reports whether the lines written match the lines shown.
func docLinesMatch(shown, got []string) bool {
	if len(shown) == 0 {
		return len(got) == 0
	}
	if shown[0] == "..." {
		for k := 0; k <= len(got); k++ {
			if docLinesMatch(shown[1:], got[k:]) {
				return true
			}
		}
		return false
	}
	if len(got) == 0 {
		return false
	}
	s, g := shown[0], got[0]
	s, g = tookFigure.ReplaceAllString(s, "${1}N ms"), tookFigure.ReplaceAllString(g, "${1}N ms")
	ok := s == g
	if p, cut := strings.CutSuffix(s, "..."); cut {
		ok = strings.HasPrefix(g, p)
	}
	return ok && docLinesMatch(shown[1:], got[1:])
}

// docsSite serves https://example.com and https://www.example.com to the
// command's fetches, until the test ends.
func docsSite(t *testing.T, dir string) {
	t.Helper()
	srv := httptest.NewTLSServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch {
		case r.Host == "example.com":
			http.Redirect(w, r, "https://www.example.com"+r.URL.Path, http.StatusMovedPermanently)
		case r.Host == "www.example.com" && r.URL.Path == "/robots.txt":
			body, err := os.ReadFile(filepath.Join(dir, "robots.txt"))
			if err != nil {
				http.Error(w, err.Error(), http.StatusInternalServerError)
				return
			}
			w.Header().Set("Content-Type", "text/plain")
			w.Write(body)
		case r.Host == "www.example.com" && strings.HasPrefix(r.URL.Path, "/sitemap"):
			// The guide's sitemaps, as the site's.
			http.ServeFile(w, r, filepath.Join(dir, filepath.Base(r.URL.Path)))
		default:
			http.NotFound(w, r)
		}
	}))
	t.Cleanup(srv.Close)
	tr := srv.Client().Transport.(*http.Transport).Clone()
	tr.TLSClientConfig = &tls.Config{InsecureSkipVerify: true}
	tr.DialContext = func(ctx context.Context, network, _ string) (net.Conn, error) {
		return (&net.Dialer{}).DialContext(ctx, network, srv.Listener.Addr().String())
	}
	fetchClient = &http.Client{Transport: tr}
	t.Cleanup(func() { fetchClient = nil })
}

// checkTranscript runs the commands of a transcript block.
func checkTranscript(t *testing.T, dir, where string, b docs.Block) {
	t.Helper()
	lines := strings.Split(strings.TrimSuffix(b.Text, "\n"), "\n")
	for i := 0; i < len(lines); {
		cmd := strings.TrimPrefix(lines[i], "$ ")
		i++
		var shown []string
		for ; i < len(lines) && !strings.HasPrefix(lines[i], "$ "); i++ {
			shown = append(shown, lines[i])
		}
		_, out := runDocCommand(t, dir, cmd)
		got := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
		if out == "" {
			got = nil
		}
		if !docLinesMatch(shown, got) {
			t.Errorf("%s, block at line %d: $ %s\nshows:\n%s\nwrites:\n%s", where, b.Line, cmd, strings.Join(shown, "\n"), out)
		}
	}
}

func TestDocs(t *testing.T) {
	root := filepath.Join("..", "..", "..")
	guide, err := os.ReadFile(filepath.Join(root, "docs", "cli.md"))
	if err != nil {
		t.Fatal(err)
	}
	readme, err := os.ReadFile(filepath.Join(root, "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	t.Chdir(dir)
	docsSite(t, dir)
	_, blocks := docs.Split(string(guide))
	// The files first: a transcript may come before the file it reads.
	for _, b := range blocks {
		if name, ok := strings.CutPrefix(b.Marker, "file:"); ok {
			name = filepath.Join(dir, filepath.FromSlash(strings.TrimSpace(name)))
			if err := os.MkdirAll(filepath.Dir(name), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(name, []byte(b.Text), 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	transcripts := 0
	for _, b := range blocks {
		switch {
		case strings.HasPrefix(b.Marker, "file:"):
		case strings.HasPrefix(b.Text, "$ robotstxt"):
			checkTranscript(t, dir, "docs/cli.md", b)
			transcripts++
		case b.Marker == "script":
			checkScript(t, dir, b)
		default:
			t.Errorf("docs/cli.md, block at line %d: neither a file, a transcript nor a script, so nothing runs it", b.Line)
		}
	}
	if transcripts < 5 {
		t.Errorf("docs/cli.md: %d transcripts; want one per command at least", transcripts)
	}
	_, readmeBlocks := docs.Split(string(readme))
	for _, b := range readmeBlocks {
		if strings.HasPrefix(b.Text, "$ robotstxt") {
			checkTranscript(t, dir, "README.md", b)
		}
	}
}

// checkScript runs the robotstxt lines of the CI recipe, with the files it
// names made from the guide's: the pinned state, the file to deploy (the
// edited one), the important URLs, and the file on main.
func checkScript(t *testing.T, dir string, b docs.Block) {
	t.Helper()
	for _, c := range [][2]string{
		{"state.json", "ci/robots-state.json"},
		{"robots-new.txt", "public/robots.txt"},
		{"urls.txt", "ci/important-urls.txt"},
		{"robots.txt", "robots-main.txt"},
	} {
		data, err := os.ReadFile(filepath.Join(dir, c[0]))
		if err != nil {
			t.Fatalf("the recipe's %s is made from the guide's %s: %v", c[1], c[0], err)
		}
		name := filepath.Join(dir, filepath.FromSlash(c[1]))
		if err := os.MkdirAll(filepath.Dir(name), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(name, data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	ran := 0
	for _, line := range strings.Split(b.Text, "\n") {
		line = strings.TrimSpace(line)
		if !strings.HasPrefix(line, "robotstxt ") {
			continue
		}
		code, out := runDocCommand(t, dir, line)
		if code != exitOK && code != exitChanged {
			t.Errorf("docs/cli.md, script at line %d: %s: status %d\n%s", b.Line, line, code, out)
		}
		ran++
	}
	if ran == 0 {
		t.Errorf("docs/cli.md, script at line %d runs no robotstxt command", b.Line)
	}
}
