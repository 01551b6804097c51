package robots_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

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
	Allowed *bool    `json:"allowed"` // nil: can_fetch raised ValueError (a URL the releases reject)
	Delay   *float64 `json:"delay"`
}

// A pyKind is which robotparser a python3 has.
type pyKind int

const (
	pyLegacy pyKind = iota // first match, blank lines end records: 3.12 and before, 3.13.0–3.13.7
	pyMixed                // the legacy reading with the new normalisation: 3.13.8–3.13.13, 3.14.0–3.14.4
	pyNew                  // gh-138907: 3.14.5+, 3.15
	pyNew313               // 3.13's backport of gh-138907 (3.13.14+): pyNew, but an empty '?' or '#' is dropped from the URL
)

// pyKindWords says which robotparser each kind is, for a skip message.
var pyKindWords = [...]string{
	pyLegacy: "a legacy robotparser (3.12 and before, or 3.13.0–3.13.7)",
	pyMixed:  "a 3.13.8–3.13.13/3.14.0–3.14.4 robotparser",
	pyNew:    "the new robotparser (3.14.5+, 3.15; gh-138907)",
	pyNew313: "3.13's backport of the new robotparser (3.13.14+)",
}

// pyKindReference names the reference each kind of robotparser is, as
// $ROBOTS_REQUIRE_REFERENCE names it: the reading it is the reference of.
var pyKindReference = [...]string{
	pyLegacy: "python-legacy",
	pyMixed:  "python-mixed",
	pyNew:    "python",
	pyNew313: "python-3.13",
}

// envRequireReference names the references of the differential tests that
// must be found, separated by spaces or commas: "python-legacy" (a python3
// of 3.12 or before: Debian's python3 package up to bookworm), "python"
// (3.14.5+ or 3.15), "python-3.13" (3.13.14+), "rerp" (a python3 that can
// import robotexclusionrulesparser), or "all". A test whose reference is
// missing skips, saying so in capitals; one this names fails instead, as
// the browser tests do under $E2E_REQUIRE_BROWSER, so that a CI that
// installed the reference cannot pass without comparing.
const envRequireReference = "ROBOTS_REQUIRE_REFERENCE"

// missingReference stops a differential test whose reference, name, is
// not on this machine: it fails when $ROBOTS_REQUIRE_REFERENCE names it,
// and otherwise skips with a notice that `go test -v` shows. why says
// what was looked for.
func missingReference(t *testing.T, name, why string) {
	t.Helper()
	msg := fmt.Sprintf("REFERENCE MISSING: %s: the differential test of the %s reading did not run, so nothing compared it with its source", why, name)
	for _, req := range strings.FieldsFunc(os.Getenv(envRequireReference), func(r rune) bool { return r == ',' || r == ' ' }) {
		if req == name || req == "all" {
			t.Fatalf("%s ($%s requires it)", msg, envRequireReference)
		}
	}
	t.Skipf("%s (set $%s=%s to make this a failure)", msg, envRequireReference, name)
}

// A pyInterp is a python3 found on the machine.
type pyInterp struct {
	path    string
	version string
	kind    pyKind
}

// pyProbe prints the interpreter's version, whether its robotparser
// reads a blank line inside a group as the new one does (gh-138907: blank
// lines end nothing, so "Disallow: /x" still applies to agent a), and
// whether it drops an empty query from the URL as 3.13's backport does
// (so "Disallow: /x?" does not block "/x?").
const pyProbe = `
import sys, urllib.robotparser
rp = urllib.robotparser.RobotFileParser()
rp.parse("User-agent: a\n\nDisallow: /x".splitlines())
q = urllib.robotparser.RobotFileParser()
q.parse("User-agent: *\nDisallow: /x?".splitlines())
print("%d.%d.%d" % sys.version_info[:3], "new" if not rp.can_fetch("a", "/x") else "old", "drops" if q.can_fetch("a", "/x?") else "keeps")
`

// findPythons returns the python3 interpreters on the PATH, and those
// named in $ROBOTS_PYTHON (space-separated), each with its robotparser
// told by its behaviour and version.
func findPythons(t *testing.T) []pyInterp {
	t.Helper()
	var paths []string
	for _, name := range append(strings.Fields(os.Getenv("ROBOTS_PYTHON")), "python3", "python3.13", "python3.14", "python3.15", "python3.16") {
		if p, err := exec.LookPath(name); err == nil && !slices.Contains(paths, p) {
			paths = append(paths, p)
		}
	}
	var found []pyInterp
	for _, p := range paths {
		out, err := exec.Command(p, "-c", pyProbe).Output()
		if err != nil {
			t.Logf("%s: %v", p, err)
			continue
		}
		fields := strings.Fields(string(out))
		if len(fields) != 3 {
			t.Logf("%s: probe said %q", p, out)
			continue
		}
		version, behaviour, query := fields[0], fields[1], fields[2]
		in := pyInterp{path: p, version: version, kind: pyLegacy}
		var major, minor, patch int
		fmt.Sscanf(version, "%d.%d.%d", &major, &minor, &patch)
		switch {
		case behaviour == "new" && query == "drops":
			in.kind = pyNew313
		case behaviour == "new":
			in.kind = pyNew
		case major == 3 && (minor == 13 && patch >= 8 || minor >= 14):
			in.kind = pyMixed
		}
		found = append(found, in)
	}
	return found
}

// pythonOf returns the first interpreter whose robotparser is of kind k,
// or skips the test, saying which were found.
func pythonOf(t *testing.T, k pyKind) pyInterp {
	t.Helper()
	found := findPythons(t)
	for _, in := range found {
		if in.kind == k {
			t.Logf("differential test against %s (Python %s)", in.path, in.version)
			return in
		}
	}
	var seen []string
	for _, in := range found {
		seen = append(seen, fmt.Sprintf("%s (Python %s: %s)", in.path, in.version, pyKindWords[in.kind]))
	}
	missingReference(t, pyKindReference[k], fmt.Sprintf("no python3 with %s found (found: %s; name one in $ROBOTS_PYTHON)", pyKindWords[k], strings.Join(seen, ", ")))
	return pyInterp{}
}

// askPython runs CPython's urllib.robotparser of interpreter in on every
// case, the file split into lines with str.splitlines as
// RobotFileParser.read does.
func askPython(t *testing.T, in pyInterp, cases []pyCase) []pyAnswer {
	t.Helper()
	const script = `
import json, sys, urllib.robotparser
out = []
parsed = {}
for c in json.load(sys.stdin):
    rp = parsed.get(c["robots"])
    if rp is None:
        rp = parsed[c["robots"]] = urllib.robotparser.RobotFileParser()
        rp.parse(c["robots"].splitlines())
    try:
        allowed = rp.can_fetch(c["agent"], c["url"])
    except ValueError:
        allowed = None
    out.append({"allowed": allowed, "delay": rp.crawl_delay(c["agent"])})
json.dump(out, sys.stdout)
`
	data, err := json.Marshal(cases)
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(in.path, "-c", script)
	cmd.Stdin = bytes.NewReader(data)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("%s: %v\n%s", in.path, err, stderr.String())
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

// TestPythonLegacyParity checks the PythonLegacy dialect against a
// legacy CPython urllib.robotparser (this machine's python3, 3.11) on
// thousands of generated cases, verdict and crawl-delay: there must be no
// disagreement.
func TestPythonLegacyParity(t *testing.T) {
	python := pythonOf(t, pyLegacy) // before the cases: a missing reference skips at once
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
	cases = append(cases, corpusPyCases(t)...)
	answers := askPython(t, python, cases)
	failures := 0
	files := map[string]*robots.File{}
	for i, c := range cases {
		f := files[c.Robots]
		if f == nil {
			f = robots.Parse([]byte(c.Robots))
			files[c.Robots] = f
		}
		v := f.CheckDialect(robots.PythonLegacy, c.Agent, c.URL)
		var delay *float64
		if len(v.Groups) == 1 && v.Groups[0].CrawlDelay != nil {
			delay = &v.Groups[0].CrawlDelay.Seconds
		}
		want := answers[i]
		if want.Allowed == nil || v.Allowed != *want.Allowed || !sameDelay(delay, want.Delay) {
			failures++
			if failures <= 10 {
				t.Errorf("case %d: agent %q url %q: engine allowed=%v delay=%v, Python allowed=%v delay=%v\nrobots.txt: %q\n%s",
					i, c.Agent, c.URL, v.Allowed, fmtDelay(delay), fmtAllowed(want.Allowed), fmtDelay(want.Delay), c.Robots, strings.Join(v.Explanation(), "\n"))
			}
		}
	}
	if failures > 0 {
		t.Errorf("%d of %d cases disagree with urllib.robotparser", failures, len(cases))
	}
	t.Logf("%d cases agree with urllib.robotparser", len(cases)-failures)
}

func fmtAllowed(a *bool) string {
	if a == nil {
		return "ValueError"
	}
	return fmt.Sprint(*a)
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

// Paths, agents and URLs that the current robotparser reads in ways of its
// own: wildcards and anchors, '$' inside a pattern, queries with '=' and
// '&' raw or encoded, fragments, '//' paths, versions in agent names.
var (
	pyNewPaths  = []string{"/a*b$", "/*.pdf$", "/a$b", "/a$*", "/a**b", "/*", "*", "/a*", "/a/*/c", "$", "/a?b=c&d", "/a?%3D", "/a?b=%26", "/x#y", "/a%23", "/%2A", "/%24", "/a%2Fb", "/%7Ea", "/~a", "/robots.txt", "/robots%2Etxt", "/ä*", "/a;p", "/a*?", "/a?"}
	pyNewAgents = []string{"Googlebot", "googlebot/2.1", "Google", "", "*", "A", "a", "B", "xa-bot", "Foo Bar", "foo"}
	pyNewURLs   = []string{"http://example.com", "http://example.com?foo", "http://h//a", "http://[::1]/a", "http://[::1", "a/b", "/a?", "/a#", "/a#b", "/x.php/y.php", "/f.pdf", "/f.pdf?x", "/a$b", "/a*b", "/a/b/c/d", "/A",
		"/a?#", "/a?#b", "http://example.com?", "http://example.com#", "/a/.html?"}
)

func (g pyGen) newLine() string {
	switch g.rng.IntN(10) {
	case 0:
		return "User-agent: " + g.pick(pyNewAgents)
	case 1:
		return g.pick([]string{"Disallow", "Allow"}) + ": " + g.pick(pyNewPaths)
	case 2:
		return "Crawl-delay: " + g.pick([]string{"1", "١٢", "1.5", "²", "07"})
	}
	return g.line()
}

func (g pyGen) newFile() string {
	n := 1 + g.rng.IntN(12)
	lines := make([]string, n)
	for i := range lines {
		lines[i] = g.newLine()
	}
	return strings.Join(lines, g.pick([]string{"\n", "\r\n", "\n\n"})) + "\n"
}

func (g pyGen) newURL() string {
	switch g.rng.IntN(3) {
	case 0:
		return g.pick(pyNewURLs)
	case 1:
		return "http://example.com" + g.pick(pyNewPaths) + g.pick([]string{"", "?q=1", "#f", "/x"})
	}
	return g.url()
}

// corpusPyCases are the real files of the corpus, each for a few crawlers
// and URLs: those JSON carries as text (valid UTF-8), and not too large,
// since robotparser is slow on large files.
func corpusPyCases(t *testing.T) []pyCase {
	var cases []pyCase
	for _, cf := range corpusFiles(t) {
		if len(cf.data) > 32<<10 || !utf8.Valid(cf.data) {
			continue
		}
		for _, agent := range []string{"Googlebot", "googlebot/2.1", "GPTBot", "Mozilla/5.0 (compatible; bingbot/2.0)", "unknownbot"} {
			for _, u := range corpusURLs {
				cases = append(cases, pyCase{Robots: string(cf.data), Agent: agent, URL: "https://example.com" + u})
			}
		}
	}
	return cases
}

// TestPythonParity checks the readings of the current CPython
// urllib.robotparser (gh-138907) against the module: the Python dialect
// against 3.14.5+ or 3.15, Python313 against 3.13's backport (3.13.14+),
// each when a python3 that has it is found: on the PATH as python3 or
// python3.13 to 3.16, or named in $ROBOTS_PYTHON. Otherwise each skips,
// saying what it found, or fails when $ROBOTS_REQUIRE_REFERENCE names its
// reading.
func TestPythonParity(t *testing.T) {
	for _, c := range []struct {
		d    robots.Dialect
		kind pyKind
	}{{robots.Python, pyNew}, {robots.Python313, pyNew313}} {
		t.Run(c.d.String(), func(t *testing.T) { pythonParity(t, c.d, pythonOf(t, c.kind)) })
	}
}

// pythonParity checks reading d against interpreter in on 8,000 generated
// cases and the corpus, verdict and crawl-delay: there must be no
// disagreement.
func pythonParity(t *testing.T, d robots.Dialect, in pyInterp) {
	g := pyGen{rand.New(rand.NewPCG(11, 13))}
	var cases []pyCase
	for len(cases) < 8000 {
		file := g.newFile()
		if g.rng.IntN(2) == 0 {
			file = g.file()
		}
		for range 4 {
			agent := g.pick(pyNewAgents)
			if agent == "" || g.rng.IntN(2) == 0 {
				agent = g.agent()
			}
			cases = append(cases, pyCase{Robots: file, Agent: agent, URL: g.newURL()})
		}
	}
	cases = append(cases, corpusPyCases(t)...)
	answers := askPython(t, in, cases)
	failures := 0
	files := map[string]*robots.File{}
	for i, c := range cases {
		f := files[c.Robots]
		if f == nil {
			f = robots.Parse([]byte(c.Robots))
			files[c.Robots] = f
		}
		v := f.CheckDialect(d, c.Agent, c.URL)
		// crawl_delay does not depend on the URL: the delay of the
		// groups found for a plain one, the last given winning.
		var delay *float64
		for _, g := range f.CheckDialect(d, c.Agent, "/x").Groups {
			if g.CrawlDelay != nil {
				delay = &g.CrawlDelay.Seconds
			}
		}
		want := answers[i]
		// A URL the releases reject (ValueError) is allowed, as in
		// CPython's main branch.
		allowed := want.Allowed == nil || *want.Allowed
		if v.Allowed != allowed || !sameDelay(delay, want.Delay) {
			failures++
			if failures <= 10 {
				t.Errorf("case %d: agent %q url %q: engine allowed=%v delay=%v, Python allowed=%v delay=%v\nrobots.txt: %q\n%s",
					i, c.Agent, c.URL, v.Allowed, fmtDelay(delay), fmtAllowed(want.Allowed), fmtDelay(want.Delay), c.Robots, strings.Join(v.Explanation(), "\n"))
			}
		}
	}
	if failures > 0 {
		t.Errorf("%d of %d cases disagree with urllib.robotparser", failures, len(cases))
	}
	t.Logf("%d cases agree with urllib.robotparser", len(cases)-failures)
}
