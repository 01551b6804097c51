package main

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"robotstester/robots"
	"robotstester/robots/verify"
	"robotstester/robots/verify/verifytest"
)

// fixtureRanges are --ranges flags for the lists of robots/verify/testdata.
func fixtureRanges() []string {
	var out []string
	for _, c := range verifytest.Crawlers {
		out = append(out, "--ranges", c.Token+"="+filepath.Join("..", "..", "verify", "testdata", c.List))
	}
	return out
}

// logRows sums check --log --summary --json's rows by agent, and keeps
// each agent's role.
func logRows(t *testing.T, stdout string) (map[string]verify.Tally, map[string]string) {
	t.Helper()
	got, roles := map[string]verify.Tally{}, map[string]string{}
	for _, line := range strings.Split(strings.TrimSpace(stdout), "\n") {
		var row struct {
			Agent, Verdict, Role                string
			Count, Verified, Forged, Unverified int
		}
		if err := json.Unmarshal([]byte(line), &row); err != nil {
			t.Fatalf("%q: %v", line, err)
		}
		if row.Verified+row.Forged+row.Unverified != row.Count {
			t.Errorf("%q: verified, forged and unverified do not add up to count", line)
		}
		tl := got[row.Agent]
		c := verify.Counts{Requests: row.Count, Verified: row.Verified, Forged: row.Forged, Unverified: row.Unverified}
		add := func(to *verify.Counts) {
			to.Requests += c.Requests
			to.Verified += c.Verified
			to.Forged += c.Forged
			to.Unverified += c.Unverified
		}
		add(&tl.All)
		if row.Verdict == "blocked" {
			add(&tl.Blocked)
		}
		got[row.Agent] = tl
		roles[row.Agent] = row.Role
	}
	return got, roles
}

// TestCheckLogOrigins checks a generated log, with IPv4 and IPv6
// addresses inside and outside the fixture lists, and finds per crawler
// the generator's verified, forged and unverified counts: the same the
// page shows (app/e2e TestLogOrigins).
func TestCheckLogOrigins(t *testing.T) {
	robotsFile := writeFile(t, "robots.txt", "User-agent: *\nDisallow: "+verifytest.Disallowed+"\n")
	for _, seed := range []uint64{7, 45} {
		log, want := verifytest.Log(seed, 1500)
		logFile := writeFile(t, "access.log", log)
		args := append([]string{"check", "--file", robotsFile, "--log", logFile, "--summary", "--json"}, fixtureRanges()...)
		code, stdout, stderr := runCmd("", args...)
		if code != 0 {
			t.Fatalf("exit %d: %s", code, stderr)
		}
		got, roles := logRows(t, stdout)
		for tok, w := range want {
			if got[tok] != w {
				t.Errorf("seed %d: %s: %+v, want %+v", seed, tok, got[tok], w)
			}
			c, _ := robots.LookupCrawler(tok)
			if roles[tok] != c.Role.String() {
				t.Errorf("%s: role %q, want %q", tok, roles[tok], c.Role)
			}
		}
		if !strings.Contains(stderr, "address ranges as of") {
			t.Errorf("stderr does not say the lists' dates: %s", stderr)
		}
	}
	// Without lists, every request is unverified; an agent the catalogue
	// does not know has the role "".
	logFile := writeFile(t, "access.log", `192.0.2.1 - - [01/Dec/2026:10:00:00 +0000] "GET /private/a HTTP/1.1" 200 5 "-" "Mozilla/5.0 (compatible; NoSuchBot/1.0; +https://example.com/bot)"`+"\n")
	code, stdout, stderr := runCmd("", "check", "--file", robotsFile, "--log", logFile, "--summary", "--json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	got, roles := logRows(t, stdout)
	if w := (verify.Tally{All: verify.Counts{Requests: 1, Unverified: 1}, Blocked: verify.Counts{Requests: 1, Unverified: 1}}); got["NoSuchBot"] != w || roles["NoSuchBot"] != "" {
		t.Errorf("NoSuchBot: %+v role %q, want %+v and no role", got["NoSuchBot"], roles["NoSuchBot"], w)
	}
}

// TestVerifyRangesCache: --verify ranges takes a list from the cache
// folder when it is fresh, and says its date; a crawler whose list
// cannot be had stays unverified, with a note.
func TestVerifyRangesCache(t *testing.T) {
	dir := t.TempDir()
	gpt, _ := robots.LookupCrawler("GPTBot")
	body, err := os.ReadFile(filepath.Join("..", "..", "verify", "testdata", "GPTBot.json"))
	if err != nil {
		t.Fatal(err)
	}
	sum := sha256.Sum256([]byte(gpt.Ranges[0]))
	if err := os.WriteFile(filepath.Join(dir, hex.EncodeToString(sum[:8])+".json"), body, 0o644); err != nil {
		t.Fatal(err)
	}
	robotsFile := writeFile(t, "robots.txt", "User-agent: *\nDisallow: /\n")
	agent := "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.2; +https://openai.com/gptbot)"
	var log strings.Builder
	for _, c := range verifytest.Crawlers {
		if c.Token == "GPTBot" {
			log.WriteString(c.Inside[0].String() + ` - - [01/Dec/2026:10:00:00 +0000] "GET /a HTTP/1.1" 200 5 "-" "` + agent + "\"\n")
			log.WriteString(c.Outside[0].String() + ` - - [01/Dec/2026:10:00:01 +0000] "GET /b HTTP/1.1" 200 5 "-" "` + agent + "\"\n")
		}
	}
	logFile := writeFile(t, "access.log", log.String())
	code, stdout, stderr := runCmd("", "check", "--file", robotsFile, "--log", logFile, "--summary", "--json", "--verify", "ranges", "--ranges-cache", dir)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	got, _ := logRows(t, stdout)
	if w := (verify.Counts{Requests: 2, Verified: 1, Forged: 1}); got["GPTBot"].All != w {
		t.Errorf("GPTBot: %+v, want %+v (stderr %s)", got["GPTBot"].All, w, stderr)
	}
	if !strings.Contains(stderr, "GPTBot: ") || !strings.Contains(stderr, gpt.Ranges[0]) {
		t.Errorf("stderr does not name the list used: %s", stderr)
	}
	if code, _, stderr := runCmd("", "check", "--file", robotsFile, "--log", logFile, "--summary", "--verify", "maybe"); code == 0 || !strings.Contains(stderr, "want ranges or dns") {
		t.Errorf("--verify maybe: exit %d, %s", code, stderr)
	}
	if code, _, stderr := runCmd("", "check", "--file", robotsFile, "--log", logFile, "--summary", "--ranges", "GPTBot"); code == 0 || !strings.Contains(stderr, "TOKEN=FILE") {
		t.Errorf("--ranges GPTBot: exit %d, %s", code, stderr)
	}
}

// TestCrawlersCommand: crawlers --json gives one object a crawler with at
// least token, operator and role (the contract), --role keeps one role.
func TestCrawlersCommand(t *testing.T) {
	code, stdout, stderr := runCmd("", "crawlers", "--json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	lines := strings.Split(strings.TrimSpace(stdout), "\n")
	if len(lines) != len(robots.Crawlers()) || len(lines) < 250 {
		t.Errorf("%d lines, want one a crawler (%d)", len(lines), len(robots.Crawlers()))
	}
	for _, l := range lines {
		var c map[string]any
		if err := json.Unmarshal([]byte(l), &c); err != nil {
			t.Fatalf("%q: %v", l, err)
		}
		for _, k := range []string{"token", "operator", "role"} {
			if s, _ := c[k].(string); s == "" {
				t.Errorf("%q: no %s", l, k)
			}
		}
	}
	code, stdout, _ = runCmd("", "crawlers", "--role", "ai-training")
	if code != 0 || !strings.Contains(stdout, "GPTBot") || strings.Contains(stdout, "Googlebot ") {
		t.Errorf("--role ai-training: exit %d\n%s", code, stdout)
	}
	if code, _, stderr := runCmd("", "crawlers", "--role", "nope"); code == 0 || !strings.Contains(stderr, "ai-training") {
		t.Errorf("--role nope: exit %d, %s", code, stderr)
	}
}
