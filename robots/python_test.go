package robots_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os/exec"
	"strings"
	"testing"

	"robotstester/robots"
)

// pyCase is one check for CPython's urllib.robotparser.
type pyCase struct {
	Robots string `json:"robots"`
	Agent  string `json:"agent"`
	URL    string `json:"url"`
}

// pyAnswer is robotparser's answer to a pyCase.
type pyAnswer struct {
	Allowed bool     `json:"allowed"`
	Delay   *float64 `json:"delay"`
}

// askPython runs CPython's urllib.robotparser on every case, the file read
// as RobotFileParser.read reads it (UTF-8, str.splitlines).
func askPython(t *testing.T, cases []pyCase) []pyAnswer {
	t.Helper()
	python, err := exec.LookPath("python3")
	if err != nil {
		t.Skip("python3 not found: the differential test against urllib.robotparser is skipped")
	}
	const script = `
import json, sys, urllib.robotparser
out = []
for c in json.load(sys.stdin):
    rp = urllib.robotparser.RobotFileParser()
    rp.parse(c["robots"].splitlines())
    out.append({"allowed": rp.can_fetch(c["agent"], c["url"]), "delay": rp.crawl_delay(c["agent"])})
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
		t.Fatalf("python3: %v\n%s", err, stderr.String())
	}
	var answers []pyAnswer
	if err := json.Unmarshal(out, &answers); err != nil {
		t.Fatal(err)
	}
	return answers
}

// pyGen makes random robots.txt files and URLs, biased towards what the
// readings disagree on: blank lines in odd places, empty values, duplicate
// and substring agents, wildcards, percent-encodings, comments.
type pyGen struct{ rng *rand.Rand }

func (g pyGen) pick(s []string) string { return s[g.rng.IntN(len(s))] }

var (
	pyAgents = []string{"*", "FooBot", "foobot", "Foo", "BarBot/1.0", "bar", "", "foo bar", "Mozilla", "*bot", "Foo%42ot"}
	pyPaths  = []string{"/", "/a", "/a/", "/a/b", "/a%2Fb", "/a%2fb", "/%7Ea", "/~a", "/a?b=c", "/a;p", "/a;p/q", "/*", "*", "/a*", "/a*b",
		"/a$", "/ä", "/%C3%A4", "/a b", "/a%20b", "", "/%zz", "/%E3%83", "/%FF", "/a?", "/a#", "/A", "//a", "http://x.org/a", "a", "/a:b", "/%25"}
	pyKeys = []string{"User-agent", "user-agent", "USER-AGENT", "Disallow", "disallow", "Allow", "ALLOW", "Crawl-delay", "Request-rate", "Sitemap", "Useragent", "Disalow", "Disallow "}
	pyURLs = []string{"http://example.com", "https://example.com:8080", "", "//example.com", "http://ex.com"}
)

func (g pyGen) line() string {
	switch g.rng.IntN(20) {
	case 0:
		return ""
	case 1:
		return g.pick([]string{" ", "\t", "# comment", "  # c", "junk", "Disallow /a", "Sitemap: http://e.com/s.xml", "Host: e.com"})
	case 2:
		return "Crawl-delay: " + g.pick([]string{"1", "10", "0", "1.5", "x", " 3 ", "-1"})
	case 3:
		return "Request-rate: " + g.pick([]string{"1/5", "x/5", "3/10s"})
	case 4, 5, 6:
		return g.pick(pyKeys[:3]) + ": " + g.pick(pyAgents)
	}
	key := g.pick(pyKeys[3:])
	sep := g.pick([]string{": ", ":", " : ", ":\t", ":  "})
	line := key + sep + g.pick(pyPaths)
	if g.rng.IntN(8) == 0 {
		line += " # c"
	}
	if g.rng.IntN(10) == 0 {
		line = "  " + line + "  "
	}
	return line
}

func (g pyGen) file() string {
	n := 1 + g.rng.IntN(12)
	lines := make([]string, n)
	for i := range lines {
		lines[i] = g.line()
	}
	eol := g.pick([]string{"\n", "\n", "\n", "\r\n", "\r"})
	return strings.Join(lines, eol) + g.pick([]string{"", eol})
}

func (g pyGen) url() string {
	u := g.pick(pyURLs) + g.pick(pyPaths[:28])
	if g.rng.IntN(5) == 0 {
		u += g.pick([]string{"?x=1", "#frag", ";p=1", "?a=%2F", "/c"})
	}
	return u
}

func (g pyGen) agent() string {
	return g.pick([]string{"FooBot", "foobot/2.0", "Mozilla/5.0 (compatible; FooBot/1.0)", "bar", "other", "BarBot", "foo"})
}

// TestPythonParity checks the Python dialect against CPython's own
// urllib.robotparser on thousands of generated cases, verdict and
// crawl-delay: there must be no disagreement.
func TestPythonParity(t *testing.T) {
	g := pyGen{rand.New(rand.NewPCG(7, 9))}
	var cases []pyCase
	for len(cases) < 6000 {
		file := g.file()
		for range 3 {
			cases = append(cases, pyCase{Robots: file, Agent: g.agent(), URL: g.url()})
		}
	}
	// Files that stress the blank-line and record rules.
	for _, fixed := range []pyCase{
		{"User-agent: *\n\nDisallow: /", "x", "http://e.com/"},
		{"User-agent: a\nUser-agent: *\nDisallow: /x\n\nUser-agent: *\nDisallow: /", "x", "http://e.com/y"},
		{"\uFEFFUser-agent: *\nDisallow: /", "x", "http://e.com/"},
		{"User-agent: *\nDisallow: *", "x", "http://e.com/a"},
		{"User-agent: *\nAllow:\nDisallow: /", "x", "http://e.com/a"},
		{"User-agent: *\x0bDisallow: /", "x", "http://e.com/a"},
		{"User-agent: foo\nCrawl-delay: 5\n\nUser-agent: *\nDisallow: /", "foo", "http://e.com/a"},
	} {
		cases = append(cases, fixed)
	}
	answers := askPython(t, cases)
	failures := 0
	for i, c := range cases {
		f := robots.Parse([]byte(c.Robots))
		v := f.CheckDialect(robots.Python, c.Agent, c.URL)
		var delay *float64
		if len(v.Groups) == 1 && v.Groups[0].CrawlDelay != nil {
			delay = &v.Groups[0].CrawlDelay.Seconds
		}
		want := answers[i]
		if v.Allowed != want.Allowed || !sameDelay(delay, want.Delay) {
			failures++
			if failures <= 10 {
				t.Errorf("case %d: agent %q url %q: engine allowed=%v delay=%v, Python allowed=%v delay=%v\nrobots.txt: %q\n%s",
					i, c.Agent, c.URL, v.Allowed, fmtDelay(delay), want.Allowed, fmtDelay(want.Delay), c.Robots, strings.Join(v.Explanation(), "\n"))
			}
		}
	}
	if failures > 0 {
		t.Errorf("%d of %d cases disagree with urllib.robotparser", failures, len(cases))
	}
	t.Logf("%d cases agree with urllib.robotparser", len(cases)-failures)
}

func sameDelay(a, b *float64) bool {
	return a == nil && b == nil || a != nil && b != nil && *a == *b
}

func fmtDelay(d *float64) string {
	if d == nil {
		return "none"
	}
	return fmt.Sprint(*d)
}
