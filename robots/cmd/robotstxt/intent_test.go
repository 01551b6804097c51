package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"robotstester/robots"
)

// TestIntentCommand runs robotstxt intent: it prints the file with the
// intent written in, as robots.WriteIntent writes it, from a file or
// standard input; an intent the file already says prints the file byte
// for byte; a bad role, choice, token or no intent at all is a sentence
// on stderr and status 2.
func TestIntentCommand(t *testing.T) {
	const file = "User-agent: *\nDisallow: /private/\n\nUser-agent: Googlebot\nDisallow: /\nDisallow: /cart/\n\nUser-agent: GPTBot\nDisallow: /\n"
	dir := t.TempDir()
	path := filepath.Join(dir, "robots.txt")
	if err := os.WriteFile(path, []byte(file), 0o644); err != nil {
		t.Fatal(err)
	}
	search := robots.Intent{Roles: map[robots.Role]robots.Choice{robots.RoleSearch: robots.Let}}
	for _, c := range []struct {
		name   string
		stdin  string
		args   []string
		code   int
		stdout string // "" when not checked
		stderr string // a part of it
	}{
		{"a file", "", []string{"intent", path, "--set", "search=allow"}, exitOK, robots.WriteIntent(file, search), ""},
		{"standard input", file, []string{"intent", "-", "--set", "Search=Allow"}, exitOK, robots.WriteIntent(file, search), ""},
		{"nothing to change", file, []string{"intent", "-", "--set", "ai-search=leave", "--crawler", "GPTBot=block"}, exitOK, "", ""},
		{"a crawler apart", file, []string{"intent", "-", "--crawler", "gptbot=allow"}, exitOK, robots.WriteIntent(file, robots.Intent{Crawlers: map[string]robots.Choice{"GPTBot": robots.Let}}), ""},
		{"a bad role", file, []string{"intent", "-", "--set", "searc=allow"}, exitError, "", `no line of the form is named "searc"; the roles are search, ai-training`},
		{"a bad choice", file, []string{"intent", "-", "--set", "search=maybe"}, exitError, "", "the choice is allow, block or leave"},
		{"no choice", file, []string{"intent", "-", "--set", "search"}, exitError, "", "write NAME=CHOICE"},
		{"a bad token", file, []string{"intent", "-", "--crawler", "my bot=block"}, exitError, "", "not a crawler's product token"},
		{"no intent", file, []string{"intent", "-"}, exitError, "", "say what to write"},
		{"no file", "", []string{"intent", "--set", "search=allow"}, exitError, "", "give one FILE"},
		{"a missing file", "", []string{"intent", filepath.Join(dir, "none.txt"), "--set", "search=allow"}, exitError, "", "none.txt"},
	} {
		code, stdout, stderr := runCmd(c.stdin, c.args...)
		if code != c.code {
			t.Errorf("%s: status %d, want %d (stderr %q)", c.name, code, c.code, stderr)
		}
		if c.stdout != "" && stdout != c.stdout {
			t.Errorf("%s: stdout\n%s\nwant\n%s", c.name, stdout, c.stdout)
		}
		if c.name == "nothing to change" && stdout != file {
			t.Errorf("%s: the file changed:\n%s", c.name, stdout)
		}
		if c.code == exitError && (!strings.Contains(stderr, c.stderr) || strings.Count(stderr, "\n") != 1 || stdout != "") {
			t.Errorf("%s: stderr %q, stdout %q; want one line holding %q", c.name, stderr, stdout, c.stderr)
		}
	}
}
