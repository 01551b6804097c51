package main

import (
	"fmt"
	"io/fs"
	"os"
	"strings"
	"syscall"
	"testing"
)

// TestLoudForCI holds what CI reads of the command when its input is
// wrong: a --file that is no robots.txt warns on stderr, and fails test;
// no URL read, and a directory or a missing file, are errors in a
// sentence, with exit status 2.
func TestLoudForCI(t *testing.T) {
	robotsFile := writeFile(t, "robots.txt", shop)
	html := writeFile(t, "page.html", "<!doctype html>\n<html><head><title>404</title></head><body>Not found</body></html>\n")
	list := writeFile(t, "urls.txt", "https://shop.example/a\nhttps://shop.example/b\n")
	binary := writeFile(t, "random.bin", "\x00\x01\x02\xff\xfe binary \x00 bytes\n\x89PNG\x00\x00")
	empty := writeFile(t, "empty.txt", "")
	comments := writeFile(t, "comments.txt", "# no URL here\n\n# nor here\n")
	noCSV := writeFile(t, "export.csv", "Title,Status\nHome,200\n")
	noLog := writeFile(t, "access.log", "not a log line\n")
	state := writeFile(t, "state.json", `{"v": 1, "robots": "User-agent: *\nDisallow: /private/\n", "rows": [{"agent": "Googlebot", "url": "/private/x", "expect": "blocked"}]}`)
	dir := t.TempDir()
	warning := func(file, looks string) string {
		return "warning: " + file + " looks like " + looks + ", not a robots.txt"
	}
	for _, tc := range []struct {
		name   string
		stdin  string
		args   []string
		code   int
		stderr []string // the lines of stderr, each a part of one
	}{
		{"check, an HTML page as the file", "", []string{"check", "--file", html, "/x"}, 0, []string{warning(html, "an HTML page")}},
		{"check, a URL list as the file", "", []string{"check", "--file", list, "/x"}, 0, []string{warning(list, "a list of URLs") + ": give the URLs with --urls"}},
		{"check, a list of paths as the file", "/shop/cart\n/blog\n# a comment\n/private/x\n", []string{"check", "--file", "-", "--urls", list}, 0, []string{"standard input looks like a list of URLs"}},
		{"check, text as the file", "Not found\n", []string{"check", "--file", "-", "/x"}, 0, []string{"standard input holds no robots.txt record"}},
		{"check, a binary file as the file", "", []string{"check", "--file", binary, "/x"}, 0, []string{warning(binary, "a binary file")}},
		{"check --summary, a URL list as the file", "", []string{"check", "--file", list, "--urls", list, "--summary"}, 0, []string{warning(list, "a list of URLs")}},
		{"diff, an HTML page as the new file", "", []string{"diff", robotsFile, html, "-a", "Googlebot", "/private/x"}, 1, []string{warning(html, "an HTML page")}},
		{"test, an HTML page to deploy", "", []string{"test", state, "--file", html}, 2, []string{warning(html, "an HTML page"), html + " is not tested"}},
		{"test, a URL list to deploy", "", []string{"test", state, "--file", list}, 2, []string{warning(list, "a list of URLs"), list + " is not tested"}},
		{"test, the file on stdin is a binary", "\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\xff\xfe", []string{"test", state, "--file", "-"}, 2, []string{"standard input looks like a binary file", "standard input is not tested"}},
		{"an empty file is a robots.txt", "", []string{"test", state, "--file", empty}, 1, nil},
		{"--urls, an empty file", "", []string{"check", "--file", robotsFile, "--urls", empty}, 2, []string{"robotstxt check: " + empty + " holds no URL: nothing to check (a list needs one URL or path a line)"}},
		{"--urls, comments only, --summary", "", []string{"check", "--file", robotsFile, "--urls", comments, "--summary"}, 2, []string{comments + " holds no URL"}},
		{"--urls, comments only, --matrix", "", []string{"check", "--file", robotsFile, "--urls", comments, "--matrix"}, 2, []string{comments + " holds no URL"}},
		{"a CSV with no URL column", "", []string{"check", "--file", robotsFile, "--urls", noCSV, "--summary"}, 2, []string{"note: ", noCSV + " holds no URL: nothing to check (a crawler's CSV export holds them in a column named Address, URL or Loc)"}},
		{"standard input, empty", "", []string{"check", "--file", robotsFile}, 2, []string{"standard input holds no URL"}},
		{"diff, no URL", "", []string{"diff", robotsFile, robotsFile, "--urls", empty}, 2, []string{empty + " holds no URL"}},
		{"a sitemap with no URL", "", []string{"check", "--file", robotsFile, "--sitemap", empty, "--summary"}, 2, []string{empty + " holds no URL: nothing to check (a sitemap lists them"}},
		{"a log with no request", "", []string{"check", "--file", robotsFile, "--log", noLog, "--summary"}, 2, []string{"note: ", noLog + " holds no request of an access log"}},
		{"a directory as the file", "", []string{"check", "--file", dir, "/x"}, 2, []string{"robotstxt check: " + dir + " is a directory, not a file"}},
		{"a directory as the URLs", "", []string{"check", "--file", robotsFile, "--urls", dir}, 2, []string{dir + " is a directory, not a file"}},
		{"a directory as the log", "", []string{"check", "--file", robotsFile, "--log", dir}, 2, []string{dir + " is a directory, not a file"}},
		{"a directory as the sitemap", "", []string{"check", "--file", robotsFile, "--sitemap", dir, "--summary"}, 2, []string{dir + " is a directory, not a file"}},
		{"a directory as the state", "", []string{"test", dir}, 2, []string{dir + " is a directory, not a file"}},
		{"a missing file", "", []string{"check", "--file", dir + "/none.txt", "/x"}, 2, []string{"robotstxt check: " + dir + "/none.txt does not exist"}},
		{"a missing list", "", []string{"diff", robotsFile, robotsFile, "--urls", dir + "/none.txt"}, 2, []string{dir + "/none.txt does not exist"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			code, _, stderr := runCmd(tc.stdin, tc.args...)
			if code != tc.code {
				t.Errorf("exit status %d, want %d; stderr:\n%s", code, tc.code, stderr)
			}
			lines := strings.Split(strings.TrimSuffix(stderr, "\n"), "\n")
			if stderr == "" {
				lines = nil
			}
			if len(lines) != len(tc.stderr) {
				t.Fatalf("stderr has %d lines, want %d:\n%s", len(lines), len(tc.stderr), stderr)
			}
			for i, want := range tc.stderr {
				if !strings.Contains(lines[i], want) {
					t.Errorf("stderr line %d %q lacks %q", i+1, lines[i], want)
				}
				if strings.Contains(lines[i], "open ") || strings.Contains(lines[i], "read ") {
					t.Errorf("stderr line %d %q is in Go's words", i+1, lines[i])
				}
			}
		})
	}
}

// TestPlainFileError words the errors of opening a file as a person
// reads them; a permission error cannot be made as root, so it is made
// here.
func TestPlainFileError(t *testing.T) {
	for _, tc := range []struct {
		err  error
		want string
	}{
		{&fs.PathError{Op: "open", Path: "robots.txt", Err: syscall.ENOENT}, "robots.txt does not exist"},
		{&fs.PathError{Op: "open", Path: "robots.txt", Err: syscall.EACCES}, "robots.txt cannot be read: permission denied"},
		{&fs.PathError{Op: "read", Path: "/tmp", Err: syscall.EISDIR}, "/tmp is a directory, not a file"},
		{&fs.PathError{Op: "read", Path: "disk.txt", Err: syscall.EIO}, "disk.txt cannot be read: input/output error"},
		{fmt.Errorf("wrapped: %w", &fs.PathError{Op: "open", Path: "a", Err: os.ErrNotExist}), "a does not exist"},
	} {
		if got := plainFileError(tc.err).Error(); got != tc.want {
			t.Errorf("plainFileError(%v) = %q, want %q", tc.err, got, tc.want)
		}
	}
}
