package robots_test

import (
	"bytes"
	"encoding/json"
	"math/rand/v2"
	"os"
	"os/exec"
	"strings"
	"testing"

	"robotstester/robots"
)

// rerpFacts are issue 11's points on how robotexclusionrulesparser reads a
// URL and a file, in gym2008 and mk1996 (and mk1994, built on them).
var rerpFacts = []struct {
	fact       string
	robots     string
	utf8       bool // the file is declared UTF-8 (ParseCharset)
	url        string
	gym, mk96  bool // allowed
	gymLine    int
	skipMK1996 bool
}{
	{"an empty path stays empty: Disallow: / does not match the bare host", "User-agent: *\nDisallow: /", false, "http://example.com", true, true, 0, false},
	{"the root is /", "User-agent: *\nDisallow: /", false, "http://example.com/", false, false, 2, false},
	{"a trailing empty ? is dropped (gym2008: /vote$ matches /vote?)", "User-agent: *\nDisallow: /vote$", false, "http://example.com/vote?", false, true, 2, false},
	{"a trailing empty ? is dropped (/vote? does not match /vote?)", "User-agent: *\nDisallow: /vote?", false, "http://example.com/vote?", true, true, 0, false},
	{"a URL with no / after the host keeps its ?… as the path", "User-agent: *\nDisallow: /", false, "http://example.com?a", true, true, 0, false},
	{"a ?… path is matched as written", "User-agent: *\nDisallow: ?a", false, "http://example.com?a", false, false, 2, false},
	{"a URL with no / after the host keeps its #… as the path", "User-agent: *\nDisallow: %23x", false, "http://example.com#x", false, false, 2, false},
	{"the fragment is kept", "User-agent: *\nDisallow: /a%23b", false, "http://example.com/a#b", false, false, 2, false},
	{"an empty fragment is dropped", "User-agent: *\nDisallow: /a$", false, "http://example.com/a#", false, true, 2, false},
	{";params are kept", "User-agent: *\nDisallow: /a;p", false, "http://example.com/a;p", false, false, 2, false},
	{"ISO-8859-1 by default: a UTF-8 ü is two characters, and matches no URL", "User-agent: *\nDisallow: /ü", false, "http://example.com/%C3%BC", true, true, 0, false},
	{"ISO-8859-1 by default: not the raw ü either", "User-agent: *\nDisallow: /ü", false, "http://example.com/ü", true, true, 0, false},
	{"ISO-8859-1 by default: the byte FC is ü", "User-agent: *\nDisallow: /\xfc", false, "http://example.com/%C3%BC", false, false, 2, false},
	{"declared UTF-8: ü matches its encoding", "User-agent: *\nDisallow: /ü", true, "http://example.com/%C3%BC", false, false, 2, false},
	{"declared UTF-8: ü matches itself", "User-agent: *\nDisallow: /ü", true, "http://example.com/ü", false, false, 2, false},
	{"a percent-encoded rule matches whatever the charset", "User-agent: *\nDisallow: /%C3%BC", false, "http://example.com/ü", false, false, 2, false},
	{"undecodable octets are U+FFFD on both sides", "User-agent: *\nDisallow: /%FF", false, "http://example.com/%FE", false, false, 2, false},
	{"%2F is not /", "User-agent: *\nDisallow: /a%2Fb", false, "http://example.com/a/b", true, true, 0, false},
	{"%2f is %2F", "User-agent: *\nDisallow: /a%2Fb", false, "http://example.com/a%2fb", false, false, 2, false},
	{"/robots.txt has no exception", "User-agent: *\nDisallow: /", false, "http://example.com/robots.txt", false, false, 2, false},
	{"a tab is removed from a value, not made a space", "User-agent: *\nDisallow: /a\tb", false, "http://example.com/ab", false, false, 2, false},
	{"ISO-8859-1 NO-BREAK SPACE is stripped", "User-agent: *\nDisallow: /a\xa0", false, "http://example.com/ab", false, false, 2, false},
}

// TestRERPFacts checks each of rerpFacts in gym2008 and mk1996.
func TestRERPFacts(t *testing.T) {
	for _, c := range rerpFacts {
		f := robots.Parse([]byte(c.robots))
		if c.utf8 {
			f = robots.ParseCharset([]byte(c.robots), "UTF-8")
		}
		v := f.CheckDialect(robots.GYM2008, "x", c.url)
		if v.Allowed != c.gym || v.Line != c.gymLine {
			t.Errorf("gym2008, %s: %s allowed=%v line %d, want %v %d (path %q)", c.fact, c.url, v.Allowed, v.Line, c.gym, c.gymLine, v.Path)
		}
		if v := f.CheckDialect(robots.MK1996, "x", c.url); v.Allowed != c.mk96 {
			t.Errorf("mk1996, %s: %s allowed=%v, want %v (path %q)", c.fact, c.url, v.Allowed, c.mk96, v.Path)
		}
	}
}

// TestRFC9309DollarInside: a '$' that is not a pattern's last character is
// a reserved character, compared percent-encoded as the URL's '$' is.
func TestRFC9309DollarInside(t *testing.T) {
	for _, c := range []struct {
		pattern, path string
		blocked       bool
	}{
		{"/a$b", "/a$b", true},
		{"/a$b", "/a%24b", true},
		{"/a$b", "/a", false},
		{"/a$b$", "/a$b", true},
		{"/a$b$", "/a$bc", false},
		{"/a$", "/a", true},
		{"/a$", "/ab", false},
		{"/a%24b", "/a$b", true},
		{"/*$x", "/q$x", true},
	} {
		f := robots.Parse([]byte("User-agent: *\nDisallow: " + c.pattern))
		if v := f.CheckDialect(robots.RFC9309, "x", "http://example.com"+c.path); v.Allowed == c.blocked {
			t.Errorf("Disallow: %s, %s: allowed=%v, want blocked=%v (path %q, pattern %q)", c.pattern, c.path, v.Allowed, c.blocked, v.Path, v.Groups[0].Rules[0].Pattern())
		}
	}
}

// rerpCase is one check for robotexclusionrulesparser, the file as bytes.
type rerpCase struct {
	Robots []byte `json:"robots"`
	Agent  string `json:"agent"`
	URL    string `json:"url"`
	Syntax int    `json:"syntax"` // 1: MK1996, 2: GYM2008
}

// TestRERPParity checks gym2008 and mk1996 against robotexclusionrulesparser
// itself, when a python3 can import it (from the PATH, or the one named in
// $ROBOTS_PYTHON); otherwise it skips, saying so, or fails when
// $ROBOTS_REQUIRE_REFERENCE names "rerp". The file is handed over
// as bytes, which the module decodes as ISO-8859-1, as it does a fetched
// file served without a charset.
func TestRERPParity(t *testing.T) {
	var python string
	for _, name := range append(strings.Fields(os.Getenv("ROBOTS_PYTHON")), "python3") {
		p, err := exec.LookPath(name)
		if err == nil && exec.Command(p, "-c", "import robotexclusionrulesparser").Run() == nil {
			python = p
			break
		}
	}
	if python == "" {
		missingReference(t, "rerp", "no python3 that can import robotexclusionrulesparser (name one in $ROBOTS_PYTHON, or set PYTHONPATH; PyPI's robotexclusionrulesparser 1.7.1, no Debian package)")
	}
	g := pyGen{rand.New(rand.NewPCG(3, 5))}
	paths := append([]string{"/ü", "/\xfc", "/a\tb", "?a", "%23x", "/vote?", "/vote$", "/%FF", "/a\xa0"}, pyPaths...)
	var cases []rerpCase
	for len(cases) < 8000 {
		var b strings.Builder
		for range 1 + g.rng.IntN(10) {
			switch g.rng.IntN(4) {
			case 0:
				b.WriteString(g.pick([]string{"Disallow", "Allow", "Dissallow"}) + ": " + g.pick(paths))
			default:
				b.WriteString(g.line())
			}
			b.WriteString(g.pick([]string{"\n", "\r\n", "\r"}))
		}
		for range 4 {
			u := g.pick([]string{"http://example.com", "http://example.com?a", "http://example.com#x", "http://example.com/vote?", "http://example.com/ü", "http://example.com/%C3%BC", "http://example.com/%FE"})
			if g.rng.IntN(2) == 0 {
				u = g.url()
			}
			cases = append(cases, rerpCase{Robots: []byte(b.String()), Agent: g.agent(), URL: u, Syntax: 1 + g.rng.IntN(2)})
		}
	}
	// And the real files of the corpus, byte for byte.
	for _, cf := range corpusFiles(t) {
		if len(cf.data) > 32<<10 {
			continue
		}
		for _, agent := range []string{"Googlebot", "Mozilla/5.0 (compatible; bingbot/2.0)", "unknownbot"} {
			for _, u := range corpusURLs {
				for syntax := 1; syntax <= 2; syntax++ {
					cases = append(cases, rerpCase{Robots: cf.data, Agent: agent, URL: "https://example.com" + u, Syntax: syntax})
				}
			}
		}
	}
	const script = `
import json, sys, base64, robotexclusionrulesparser as rerp
out = []
parsed = {}
for c in json.load(sys.stdin):
    p = parsed.get(c["robots"])
    if p is None:
        p = parsed[c["robots"]] = rerp.RobotExclusionRulesParser()
        p.parse(base64.b64decode(c["robots"]))
    out.append(p.is_allowed(c["agent"], c["url"], c["syntax"]))
json.dump(out, sys.stdout)
`
	in, err := json.Marshal(cases)
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(python, "-c", script)
	cmd.Stdin = bytes.NewReader(in)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("%s: %v\n%s", python, err, stderr.String())
	}
	var answers []bool
	if err := json.Unmarshal(out, &answers); err != nil {
		t.Fatal(err)
	}
	failures := 0
	files := map[string]*robots.File{}
	for i, c := range cases {
		d := robots.GYM2008
		if c.Syntax == 1 {
			d = robots.MK1996
		}
		f := files[string(c.Robots)]
		if f == nil {
			f = robots.Parse(c.Robots)
			files[string(c.Robots)] = f
		}
		v := f.CheckDialect(d, c.Agent, c.URL)
		if v.Allowed != answers[i] {
			failures++
			if failures <= 10 {
				t.Errorf("case %d, %s: agent %q url %q: engine allowed=%v, robotexclusionrulesparser %v\nrobots.txt: %q\n%s", i, d, c.Agent, c.URL, v.Allowed, answers[i], c.Robots, strings.Join(v.Explanation(), "\n"))
			}
		}
	}
	if failures > 0 {
		t.Errorf("%d of %d cases disagree with robotexclusionrulesparser", failures, len(cases))
	}
	t.Logf("%d cases agree with robotexclusionrulesparser (%s)", len(cases)-failures, python)
}

// TestRERPEmptyPathExplained: the empty path of a bare host is named.
func TestRERPEmptyPathExplained(t *testing.T) {
	v := robots.Parse([]byte("User-agent: *\nDisallow: /")).CheckDialect(robots.GYM2008, "x", "http://example.com")
	if got := strings.Join(v.Explanation(), "\n"); !strings.Contains(got, "the path tested is the empty path") {
		t.Errorf("explanation:\n%s", got)
	}
}
