package main

import (
	"bufio"
	"bytes"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"robotstester/robots"
	"robotstester/robots/statefile"
)

// runCmd runs the command line as a user would, with stdin as standard
// input.
func runCmd(stdin string, args ...string) (code int, stdout, stderr string) {
	var out, errOut bytes.Buffer
	code = run(args, strings.NewReader(stdin), &out, &errOut)
	return code, out.String(), errOut.String()
}

const shop = `User-agent: *
Disallow: /private/
Allow: /private/press/

User-agent: GPTBot
Disallow: /
`

// shopEdited blocks /shop/ for everyone and no longer blocks GPTBot.
const shopEdited = `User-agent: *
Disallow: /private/
Allow: /private/press/
Disallow: /shop/
`

// writeFile writes a file in a test's temporary folder.
func writeFile(t *testing.T, name, text string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// site serves a robots.txt with the given status (0: 200), and a
// redirect to it from /old.txt.
func site(t *testing.T, status int, body string) string {
	t.Helper()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/robots.txt":
			if status != 0 {
				w.WriteHeader(status)
			}
			fmt.Fprint(w, body)
		default:
			http.NotFound(w, r)
		}
	}))
	t.Cleanup(srv.Close)
	return srv.URL
}

// expectation is what a test wants of one run: the exit status, and text
// that stdout (or stderr) holds, or must not hold.
type expectation struct {
	code      int
	stdout    []string
	notStdout []string
	stderr    string // a part of the one line an error writes
}

func (e expectation) check(t *testing.T, code int, stdout, stderr string) {
	t.Helper()
	if code != e.code {
		t.Errorf("exit status %d, want %d\nstdout:\n%s\nstderr:\n%s", code, e.code, stdout, stderr)
	}
	for _, s := range e.stdout {
		if !strings.Contains(stdout, s) {
			t.Errorf("stdout lacks %q:\n%s", s, stdout)
		}
	}
	for _, s := range e.notStdout {
		if strings.Contains(stdout, s) {
			t.Errorf("stdout holds %q:\n%s", s, stdout)
		}
	}
	if e.stderr != "" {
		if !strings.Contains(stderr, e.stderr) {
			t.Errorf("stderr %q lacks %q", stderr, e.stderr)
		}
		if strings.Count(stderr, "\n") != 1 {
			t.Errorf("an error should be one line, got %q", stderr)
		}
	} else if stderr != "" {
		t.Errorf("stderr: %q", stderr)
	}
}

func TestHelp(t *testing.T) {
	for _, args := range [][]string{{"--help"}, {"help"}, {"fetch", "--help"}, {"check", "-h"}, {"test", "--help"}, {"diff", "--help"}, {"open", "--help"}, {"serve", "--help"}} {
		code, out, errOut := runCmd("", args...)
		if code != 0 || !strings.Contains(out, "sage: robotstxt") || errOut != "" {
			t.Errorf("%q: status %d, stdout %q, stderr %q", args, code, out, errOut)
		}
	}
	// --dialect's help names every dialect.
	_, out, _ := runCmd("", "check", "--help")
	for _, d := range robots.Dialects() {
		if !strings.Contains(out, d.String()+",") && !strings.Contains(out, d.String()+" (default") {
			t.Errorf("check --help does not name %s:\n%s", d, out)
		}
	}
	for _, tc := range []struct {
		args []string
		want string
	}{
		{nil, ""},
		{[]string{"frobnicate"}, `unknown command "frobnicate"`},
		{[]string{"check", "--frob"}, "flag provided but not defined: -frob"},
		{[]string{"fetch", "--timeout", "soon", "https://example.com"}, "invalid value"},
	} {
		code, out, errOut := runCmd("", tc.args...)
		if code != 2 || out != "" || !strings.Contains(errOut, tc.want) {
			t.Errorf("%q: status %d, stdout %q, stderr %q", tc.args, code, out, errOut)
		}
	}
}

func TestCheck(t *testing.T) {
	robotsFile := writeFile(t, "robots.txt", shop)
	urlList := writeFile(t, "urls.txt", "https://shop.example/private/x\n\n  /private/press/a  \n")
	ok := site(t, 0, shop)
	down := site(t, 503, shop)
	gone := site(t, 404, shop)
	mozilla := writeFile(t, "mozilla.txt", "User-agent: mozilla\nDisallow: /\n")
	for _, tc := range []struct {
		name  string
		stdin string
		args  []string
		want  expectation
	}{
		{"table", "", []string{"check", "--file", robotsFile, "https://shop.example/private/x", "/private/press/a", "/"},
			expectation{stdout: []string{"VERDICT", "blocked  2     1      google   Googlebot", "Disallow: /private/", "allowed  3", "allowed  0     1"}}},
		{"a reading's long name", "", []string{"check", "--file", robotsFile, "--dialect", "python-legacy", "/private/x"},
			expectation{stdout: []string{"READING        AGENT", "python-legacy  Googlebot"}}},
		{"flags after the URLs", "", []string{"check", "/private/x", "--file", robotsFile, "-a", "GPTBot"},
			expectation{stdout: []string{"blocked  6     5      google   GPTBot"}}},
		{"URLs from stdin", "/private/x\n/public\n", []string{"check", "--file", robotsFile, "--csv"},
			expectation{stdout: []string{"verdict,line,group,reading,agent,rule,url\n", "blocked,2,1,google,Googlebot,Disallow: /private/,/private/x\n", "allowed,0,1,google,Googlebot,,/public\n"}}},
		{"URLs from a file", "", []string{"check", "--file", robotsFile, "--urls", urlList, "--csv"},
			expectation{stdout: []string{",https://shop.example/private/x\n", ",/private/press/a\n"}, notStdout: []string{",\n"}}},
		{"a set of agents", "", []string{"check", "--file", robotsFile, "-a", "ai", "/x", "--csv"},
			expectation{stdout: []string{"GPTBot", "ClaudeBot", "CCBot"}, notStdout: []string{"Googlebot,"}}},
		{"a user-agent string", "", []string{"check", "--file", robotsFile, "-a", "Mozilla/5.0 (compatible; GPTBot/1.1; +https://openai.com/gptbot)", "/x"},
			expectation{stdout: []string{"blocked  6"}}},
		// CPython's entries match a name found in the whole user-agent
		// string: the "mozilla" group blocks Googlebot's.
		{"python, a whole user-agent string", "", []string{"check", "--file", mozilla, "--dialect", "python", "-a", "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)", "https://a.com/x"},
			expectation{stdout: []string{"blocked  2     1      python"}}},
		{"an AI set by role", "", []string{"check", "--file", robotsFile, "-a", "ai-training", "/x", "--csv"},
			expectation{stdout: []string{"GPTBot", "CCBot", "Google-Extended"}, notStdout: []string{"ChatGPT-User", "Googlebot,"}}},
		{"a dialect", "", []string{"check", "--file", robotsFile, "--dialect", "rfc9309", "--json", "/robots.txt"},
			expectation{stdout: []string{`{"verdict":"allowed","line":0,"group":0,"reading":"rfc9309","agent":"Googlebot","rule":"(/robots.txt is always allowed)","url":"/robots.txt"}`}}},
		{"the file on stdin", shop, []string{"check", "--file", "-", "/private/x"},
			expectation{stdout: []string{"blocked  2"}}},
		{"a live file", "", []string{"check", "--url", ok + "/any/page", "/private/x"},
			expectation{stdout: []string{"blocked  2"}}},
		{"a 503", "", []string{"check", "--url", down, "/public", "-a", "Googlebot", "-a", "Python-urllib", "--csv"},
			expectation{stdout: []string{"blocked,0,0,google,Googlebot,(503: disallow-all),/public", "blocked,0,0,python,Python-urllib,(503: disallow-all)"}}},
		{"a 404", "", []string{"check", "--url", gone, "/private/x"},
			expectation{stdout: []string{"allowed  0     0      google   Googlebot  (404: allow-all)"}}},
		{"no file", "", []string{"check", "/x"}, expectation{code: 2, stderr: "give the robots.txt with --file F or --url U"}},
		{"two files", "", []string{"check", "--file", robotsFile, "--url", ok, "/x"}, expectation{code: 2, stderr: "one of them"}},
		{"a missing file", "", []string{"check", "--file", "/nonexistent/robots.txt", "/x"}, expectation{code: 2, stderr: "/nonexistent/robots.txt does not exist"}},
		{"a missing URL list", "", []string{"check", "--file", robotsFile, "--urls", "/nonexistent/urls"}, expectation{code: 2, stderr: "does not exist"}},
		{"a bad dialect", "", []string{"check", "--file", robotsFile, "--dialect", "bing", "/x"}, expectation{code: 2, stderr: `unknown dialect "bing"`}},
		{"python-3.13 drops an empty query", "User-agent: *\nDisallow: /x?\n", []string{"check", "--file", "-", "--dialect", "python-3.13", "-a", "Python-urllib", "--csv", "/x?", "/x?a"},
			expectation{stdout: []string{"allowed,0,1,python-3.13,Python-urllib,,/x?\n", "blocked,2,1,python-3.13,Python-urllib,Disallow: /x?,/x?a\n"}}},
		{"python keeps it", "User-agent: *\nDisallow: /x?\n", []string{"check", "--file", "-", "--dialect", "python", "-a", "Python-urllib", "--csv", "/x?"},
			expectation{stdout: []string{"blocked,2,1,python,Python-urllib,Disallow: /x?,/x?\n"}}},
		{"two formats", "", []string{"check", "--file", robotsFile, "--csv", "--json", "/x"}, expectation{code: 2, stderr: "choose one"}},
		{"stdin twice", "", []string{"check", "--file", "-"}, expectation{code: 2, stderr: "both come from standard input"}},
		{"not a URL", "", []string{"check", "--url", "ftp://x/", "/x"}, expectation{code: 2, stderr: "only http and https"}},
		// A site without its scheme is fetched (https://), never read as a
		// file; one that does not answer is said on stderr.
		{"a site without its scheme, no answer", "", []string{"check", "--url", "127.0.0.1:1", "/x", "--csv"},
			expectation{stdout: []string{"(no answer: disallow-all)"}, stderr: "https://127.0.0.1:1/robots.txt: no answer"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			code, out, errOut := runCmd(tc.stdin, tc.args...)
			tc.want.check(t, code, out, errOut)
		})
	}
}

// TestCheckFormats: the CSV is valid CSV and every JSON line a JSON
// object, whatever the URLs hold. They are arguments: a list skips the
// lines that hold control characters or bytes that are not UTF-8.
func TestCheckFormats(t *testing.T) {
	robotsFile := writeFile(t, "robots.txt", shop)
	odd := []string{`/a,b"c`, "/ä ö", "/x\x01y", "/\xff", "/<script>&", "/\u2028"}
	code, out, _ := runCmd("", append([]string{"check", "--file", robotsFile, "--csv"}, odd...)...)
	records, err := csv.NewReader(strings.NewReader(out)).ReadAll()
	if code != 0 || err != nil || len(records) != len(odd)+1 {
		t.Fatalf("CSV: status %d, %d records, %v\n%s", code, len(records), err, out)
	}
	code, out, _ = runCmd("", append([]string{"check", "--file", robotsFile, "--json"}, odd...)...)
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if code != 0 || len(lines) != len(odd) {
		t.Fatalf("JSON: status %d, %d lines", code, len(lines))
	}
	for i, l := range lines {
		var row map[string]any
		if err := json.Unmarshal([]byte(l), &row); err != nil || row["verdict"] == nil {
			t.Errorf("line %d %q: %v", i, l, err)
		}
	}
}

func TestFetchCommand(t *testing.T) {
	big := strings.Repeat("Disallow: /a\n", 600_000/13)
	ok := site(t, 0, shop)
	down := site(t, 503, "")
	busy := site(t, 429, "")
	html := site(t, 0, "<!DOCTYPE html>\n<html><body>Welcome</body></html>\n")
	large := site(t, 0, "User-agent: *\n"+big)
	moved := httptest.NewServer(http.RedirectHandler(ok+"/robots.txt", http.StatusMovedPermanently))
	t.Cleanup(moved.Close)
	for _, tc := range []struct {
		name string
		args []string
		want expectation
	}{
		{"200", []string{"fetch", ok}, expectation{stdout: []string{"Status     200 OK (success)", "  all  follow-rules  the file was read", "--- " + ok + "/robots.txt ---\n" + shop + "--- end ---"}}},
		{"a redirect", []string{"fetch", moved.URL + "/page"}, expectation{stdout: []string{"Hop 1      301 " + moved.URL + "/robots.txt -> " + ok + "/robots.txt", "Final URL  " + ok + "/robots.txt", "200 OK"}}},
		{"503", []string{"fetch", down}, expectation{stdout: []string{"503 Service Unavailable (server-error)", reading("google", "disallow-all"), "after 30 days", reading("rfc9309", "disallow-all"), reading("gym2008, mk1996, mk1994", "disallow-all  the 1996 draft"), reading("python, python-3.13, python-legacy", "disallow-all")}}},
		{"429", []string{"fetch", busy}, expectation{stdout: []string{"429 Too Many Requests (too-many-requests)", reading("google", "disallow-all"), reading("rfc9309", "allow-all"), reading("python, python-3.13, python-legacy", "allow-all")}}},
		{"an HTML page", []string{"fetch", "--no-body", html}, expectation{stdout: []string{"Content    html", "an HTML page"}, notStdout: []string{"<html>"}}},
		{"past 500 KiB", []string{"fetch", "--no-body", large}, expectation{stdout: []string{"Cut        at byte 512000, in line 39385", "crawlers read the first 512000"}}},
		{"the body alone", []string{"fetch", "--body", ok}, expectation{stdout: []string{shop}, notStdout: []string{"Status"}}},
		{"no answer", []string{"fetch", "--timeout", "1s", "http://127.0.0.1:1/"}, expectation{stdout: []string{"Status     no answer", reading("google", "disallow-all")}}},
		{"no URL", []string{"fetch"}, expectation{code: 2, stderr: "give one URL"}},
		{"not http", []string{"fetch", "mailto:x@example.com"}, expectation{code: 2, stderr: "only http and https"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			code, out, errOut := runCmd("", tc.args...)
			tc.want.check(t, code, out, errOut)
			if tc.name == "the body alone" && out != shop {
				t.Errorf("--body wrote %q", out)
			}
		})
	}
}

func TestTestCommand(t *testing.T) {
	saved := func(robots string, rows ...statefile.Row) string {
		return writeFile(t, "state.json", string(statefile.Marshal(statefile.State{Robots: robots, Rows: rows})))
	}
	passing := saved(shop,
		statefile.Row{Agent: "Googlebot", URL: "https://shop.example/private/x", Expect: "blocked"},
		statefile.Row{Agent: "Googlebot", URL: "https://shop.example/private/press/a", Expect: "allowed"},
		statefile.Row{Agent: "GPTBot", URL: "/anything", Expect: "blocked"},
		statefile.Row{Agent: "bingbot", URL: "/free"},
	)
	failing := saved(shop,
		statefile.Row{Agent: "Googlebot", URL: "/private/x", Expect: "allowed"},
		statefile.Row{Agent: "GPTBot", URL: "/", Expect: "blocked"},
		statefile.Row{Agent: "bingbot", URL: "/public", Expect: "blocked"},
	)
	edited := writeFile(t, "robots.txt", shopEdited)
	link := func(s statefile.State) string {
		return "http://127.0.0.1:8000/#" + statefile.Fragment(s)
	}
	for _, tc := range []struct {
		name  string
		stdin string
		args  []string
		want  expectation
	}{
		{"passing", "", []string{"test", passing}, expectation{stdout: []string{"ok: 3 expectations hold (4 tests"}}},
		{"failing", "", []string{"test", failing}, expectation{code: 1, stdout: []string{
			"FAIL test 1: Googlebot /private/x\n     expected allowed, got blocked: line 2, Disallow: /private/ (google reading)",
			"FAIL test 3: bingbot /public\n     expected blocked, got allowed: no rule of the group at line 1 matches (google reading)",
			"2 of 3 expectations failed"}, notStdout: []string{"test 2"}}},
		{"against the next version", "", []string{"test", passing, "--file", edited}, expectation{code: 1, stdout: []string{"FAIL test 3: GPTBot /anything\n     expected blocked, got allowed"}}},
		{"against the live file, down", "", []string{"test", "--url", site(t, 503, ""), passing}, expectation{code: 1, stdout: []string{"expected allowed, got blocked: (503: disallow-all) (google reading)"}}},
		{"in another dialect", "", []string{"test", "--dialect", "rfc9309", passing}, expectation{stdout: []string{"ok: 3"}}},
		{"nothing pinned", "", []string{"test", saved(shop, statefile.Row{Agent: "x", URL: "/"})}, expectation{stdout: []string{"ok: 1 tests, none with an expected verdict"}}},
		{"from stdin", `{"v":1,"robots":"User-agent: *\nDisallow: /\n","rows":[{"agent":"a","url":"/","expect":"blocked"}]}`, []string{"test", "-"}, expectation{stdout: []string{"ok: 1 expectations hold"}}},
		{"a link", "", []string{"test", link(statefile.State{Robots: shop, Rows: []statefile.Row{{Agent: "GPTBot", URL: "/", Expect: "allowed"}}})}, expectation{code: 1, stdout: []string{"FAIL test 1: GPTBot /"}}},
		{"a bad expectation", "", []string{"test", saved(shop, statefile.Row{Agent: "x", URL: "/", Expect: "maybe"})}, expectation{code: 2, stderr: `test 1 expects "maybe"`}},
		{"not JSON", "", []string{"test", writeFile(t, "x.json", "User-agent: *")}, expectation{code: 2, stderr: "not JSON"}},
		{"no version", "", []string{"test", writeFile(t, "x.json", `{"robots":""}`)}, expectation{code: 2, stderr: "no version"}},
		{"a newer version", "", []string{"test", writeFile(t, "x.json", `{"v":9}`)}, expectation{code: 2, stderr: "format 9"}},
		{"a damaged link", "", []string{"test", "http://127.0.0.1:8000/#s=%%%"}, expectation{code: 2, stderr: "damaged"}},
		{"no state", "", []string{"test"}, expectation{code: 2, stderr: "give one state file"}},
		{"a missing state", "", []string{"test", "/nonexistent.json"}, expectation{code: 2, stderr: "does not exist"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			code, out, errOut := runCmd(tc.stdin, tc.args...)
			tc.want.check(t, code, out, errOut)
		})
	}
}

func TestDiff(t *testing.T) {
	oldFile := writeFile(t, "old.txt", shop)
	newFile := writeFile(t, "new.txt", shopEdited)
	oldSite, newSite := site(t, 0, shop), site(t, 503, "")
	for _, tc := range []struct {
		name  string
		stdin string
		args  []string
		want  expectation
	}{
		{"changes", "", []string{"diff", oldFile, newFile, "-a", "Googlebot", "-a", "GPTBot", "/shop/cart", "/private/x", "/blog"},
			expectation{code: 1, stdout: []string{
				"CHANGE              READING  AGENT      OLD                         NEW                         URL\n",
				"allowed -> blocked  google   Googlebot  no rule matched             line 4: Disallow: /shop/    /shop/cart\n",
				"blocked -> allowed  google   GPTBot     line 6: Disallow: /         no rule matched             /blog\n",
				"2 of 6 verdicts change."}, notStdout: []string{"/private/x"}}},
		{"no change", "/private/x\n/blog\n", []string{"diff", oldFile, oldFile}, expectation{stdout: []string{"No verdict changes (", "2 URLs"}}},
		{"JSON", "", []string{"diff", "--json", oldFile, newFile, "-a", "Googlebot", "/shop/x"},
			expectation{code: 1, stdout: []string{`{"change":"allowed -> blocked","reading":"google","agent":"Googlebot","old":"no rule matched","new":"line 4: Disallow: /shop/","url":"/shop/x"}`}, notStdout: []string{"verdicts change"}}},
		{"URLs, the new one down", "", []string{"diff", oldSite, newSite, "-a", "Googlebot", "/blog"},
			expectation{code: 1, stdout: []string{"allowed -> blocked  google   Googlebot  no rule matched             (503: disallow-all)         /blog"}}},
		{"the old one from stdin", shop, []string{"diff", "-", newFile, "/shop/"}, expectation{code: 1, stdout: []string{"allowed -> blocked"}}},
		{"one file", "", []string{"diff", oldFile}, expectation{code: 2, stderr: "give the OLD and the NEW"}},
		{"a missing file", "", []string{"diff", oldFile, "/nonexistent", "/x"}, expectation{code: 2, stderr: "does not exist"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			code, out, errOut := runCmd(tc.stdin, tc.args...)
			tc.want.check(t, code, out, errOut)
		})
	}
}

func TestOpen(t *testing.T) {
	robotsFile := writeFile(t, "robots.txt", shop)
	stateData := statefile.Marshal(statefile.State{Robots: "User-agent: *\n", Dialect: "python",
		Rows: []statefile.Row{{Agent: "bingbot", URL: "/a", Expect: "allowed"}}})
	stateFile := writeFile(t, "state.json", string(stateData))
	for _, tc := range []struct {
		name string
		args []string
		want statefile.State
	}{
		{"a file and tests", []string{"open", "--file", robotsFile, "-a", "Googlebot", "-a", "GPTBot", "/private/x", "/blog"},
			statefile.State{Robots: shop, Rows: []statefile.Row{{Agent: "Googlebot", URL: "/private/x"}, {Agent: "GPTBot", URL: "/private/x"}, {Agent: "Googlebot", URL: "/blog"}, {Agent: "GPTBot", URL: "/blog"}}}},
		{"a state, another dialect", []string{"open", "--state", stateFile, "--dialect", "RFC9309", "/b"},
			statefile.State{Robots: "User-agent: *\n", Dialect: "rfc9309", Rows: []statefile.Row{{Agent: "bingbot", URL: "/a", Expect: "allowed"}, {Agent: "Googlebot", URL: "/b"}}}},
		{"a live file", []string{"open", "--url", site(t, 0, shop), "--base", "https://tester.example/sub/"},
			statefile.State{Robots: shop, Rows: []statefile.Row{}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			code, out, errOut := runCmd("", tc.args...)
			if code != 0 || errOut != "" {
				t.Fatalf("status %d, stderr %q", code, errOut)
			}
			link := strings.TrimSpace(out)
			base := "http://127.0.0.1:8000/#s="
			if tc.name == "a live file" {
				base = "https://tester.example/sub/#s="
			}
			if !strings.HasPrefix(link, base) {
				t.Errorf("link %q", link)
			}
			got, err := statefile.FromLink(link)
			if err != nil || !equalStates(got, tc.want) {
				t.Errorf("link carries %+v, %v; want %+v", got, err, tc.want)
			}
		})
	}
	for _, args := range [][]string{
		{"open"},
		{"open", "--file", robotsFile, "--base", "javascript:alert(1)"},
		{"open", "--file", robotsFile, "--url", "https://example.com"},
		{"open", "--url", site(t, 503, "")},
	} {
		if code, _, errOut := runCmd("", args...); code != 2 || strings.Count(errOut, "\n") != 1 {
			t.Errorf("%q: status %d, stderr %q", args, code, errOut)
		}
	}
}

func equalStates(a, b statefile.State) bool {
	if a.Robots != b.Robots || a.Dialect != b.Dialect || len(a.Rows) != len(b.Rows) {
		return false
	}
	for i := range a.Rows {
		if a.Rows[i] != b.Rows[i] {
			return false
		}
	}
	return true
}

// urlStream yields n generated URLs, one a line, without holding them.
type urlStream struct {
	n, i int
	buf  []byte
}

func (s *urlStream) Read(p []byte) (int, error) {
	for len(s.buf) < len(p) && s.i < s.n {
		s.buf = fmt.Appendf(s.buf, "https://www.example.com/%s/page-%d?id=%d\n", []string{"search", "cart", "blog", "api"}[s.i%4], s.i, s.i*7)
		s.i++
	}
	if len(s.buf) == 0 {
		return 0, io.EOF
	}
	n := copy(p, s.buf)
	s.buf = s.buf[:copy(s.buf, s.buf[n:])]
	return n, nil
}

// heapWatcher is an output that counts lines and samples the live heap as
// they are written.
type heapWatcher struct {
	lines     int
	peak      uint64
	afterWarm uint64
	nextLines int
}

func (h *heapWatcher) Write(p []byte) (int, error) {
	h.lines += bytes.Count(p, []byte{'\n'})
	if h.lines >= h.nextLines {
		h.nextLines = h.lines + 100_000
		runtime.GC()
		var ms runtime.MemStats
		runtime.ReadMemStats(&ms)
		if h.afterWarm == 0 && h.lines > 50_000 {
			h.afterWarm = ms.HeapAlloc
		}
		h.peak = max(h.peak, ms.HeapAlloc)
	}
	return len(p), nil
}

// TestCheckStreams: a long list of URLs is checked in the memory of a
// short one: the live heap does not grow with the number of URLs.
func TestCheckStreams(t *testing.T) {
	if testing.Short() {
		t.Skip("checks a million rows")
	}
	robotsFile := writeFile(t, "big.txt", bigFile())
	const n = 100_000
	out := &heapWatcher{}
	var errOut bytes.Buffer
	args := []string{"check", "--file", robotsFile, "--csv"}
	for _, a := range benchAgents {
		args = append(args, "-a", a)
	}
	if code := run(args, bufio.NewReader(&urlStream{n: n}), out, &errOut); code != 0 {
		t.Fatalf("status %d: %s", code, errOut.String())
	}
	if out.lines != n*len(benchAgents)+1 {
		t.Fatalf("%d lines written, want %d", out.lines, n*len(benchAgents)+1)
	}
	if grew := int64(out.peak) - int64(out.afterWarm); grew > 4<<20 {
		t.Errorf("the live heap grew by %d bytes over %d checks (from %d)", grew, out.lines, out.afterWarm)
	}
	t.Logf("%d rows; live heap %d KiB after 50,000 rows, at most %d KiB", out.lines, out.afterWarm>>10, out.peak>>10)
}

// TestCutSaid: a file past what crawlers read (500 KiB) is said on stderr
// by every command that reads one, and the link of open carries what
// crawlers read.
func TestCutSaid(t *testing.T) {
	var b strings.Builder
	b.WriteString("User-agent: *\n")
	for i := 0; b.Len() < 600<<10; i++ {
		fmt.Fprintf(&b, "Disallow: /p%d/\n", i)
	}
	b.WriteString("Disallow: /late/\n")
	big := filepath.Join(t.TempDir(), "big.txt")
	if err := os.WriteFile(big, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	const said = "crawlers stop reading at byte 512000"
	for _, args := range [][]string{
		{"check", "--file", big, "/late/x"},
		{"open", "--file", big, "/late/x"},
		{"diff", big, big, "/late/x"},
	} {
		_, _, errOut := runCmd("", args...)
		if !strings.Contains(errOut, said) {
			t.Errorf("%s: stderr %q does not say where crawlers stop", args[0], errOut)
		}
	}
	if _, out, _ := runCmd("", "check", "--file", big, "--csv", "/late/x"); !strings.Contains(out, "allowed,0,") {
		t.Errorf("a rule past the cut was read: %q", out)
	}
}

// reading is a line of fetch's table of readings when the widest names are
// Python's three: every permission starts in the same column.
func reading(names, rest string) string {
	return fmt.Sprintf("  %-34s  %s", names, rest)
}
