package robots_test

import (
	"strings"
	"testing"
	"unicode/utf8"

	"robotstester/robots"
)

func addCorpusSeeds(f *testing.F) {
	for _, cf := range corpusFiles(f) {
		if len(cf.data) < 4<<10 { // large seeds make minimising slow
			f.Add(cf.data)
		}
	}
	for _, c := range referenceCases {
		f.Add([]byte(c.robots))
	}
}

// FuzzParse feeds any bytes to Parse: it must not panic, must keep every
// line in order with ranges inside the file, and its findings must name
// existing lines.
func FuzzParse(f *testing.F) {
	addCorpusSeeds(f)
	f.Fuzz(func(t *testing.T, data []byte) {
		file := robots.Parse(data)
		end := 0
		for i, l := range file.Lines {
			if l.Number != i+1 || l.Start < end || l.End < l.Start || l.End > len(data) {
				t.Fatalf("line %d: number %d, range %d-%d after %d, file of %d", i+1, l.Number, l.Start, l.End, end, len(data))
			}
			end = l.End
		}
		for _, d := range robots.Dialects() {
			for _, fd := range file.Read(d).Findings() {
				if fd.Line < 1 || fd.Line > len(file.Lines) {
					t.Fatalf("finding on line %d of %d", fd.Line, len(file.Lines))
				}
			}
		}
	})
}

// FuzzCheck checks any URL and agent against any file: no panic, and the
// verdict's line, decider and matches agree.
func FuzzCheck(f *testing.F) {
	f.Add([]byte("User-agent: *\nDisallow: /a*b$\nAllow: /a/index.html"), "FooBot", "http://e.com/a/")
	f.Add([]byte("User-agent: FooBot\nDisallow: /%E3%83%84\n"), "foobot", "/ツ")
	f.Fuzz(func(t *testing.T, data []byte, agent, url string) {
		file := robots.Parse(data)
		for _, d := range robots.Dialects() {
			v := file.CheckDialect(d, agent, url)
			checkInvariants(t, "fuzz", v)
			if v.Selection == robots.NoGroup && (!v.Allowed || v.Line != 0) {
				t.Fatalf("no group, yet %+v", v)
			}
		}
		// python-3.13 is python but for an empty query or fragment, so
		// on a URL without '?' and '#' the two agree.
		if !strings.ContainsAny(url, "?#") {
			a, b := file.CheckDialect(robots.Python, agent, url), file.CheckDialect(robots.Python313, agent, url)
			if a.Allowed != b.Allowed || a.Line != b.Line || a.Path != b.Path {
				t.Fatalf("python %v (line %d, %q), python-3.13 %v (line %d, %q)", a.Allowed, a.Line, a.Path, b.Allowed, b.Line, b.Path)
			}
		}
		if c, ok := robots.LookupCrawler(agent); ok {
			file.CheckCrawler(c, url)
		}
		robots.EncodeURL(url)
		robots.ProductToken(agent)
	})
}

// googleMatches is Google's matcher as its library writes it: the set of
// every position the pattern may have reached in the path.
func googleMatches(path, pattern string) bool {
	pos := []int{0}
	for i := 0; i < len(pattern); i++ {
		c := pattern[i]
		if c == '$' && i+1 == len(pattern) {
			return pos[len(pos)-1] == len(path)
		}
		if c == '*' {
			first := pos[0]
			pos = pos[:0]
			for p := first; p <= len(path); p++ {
				pos = append(pos, p)
			}
			continue
		}
		next := pos[:0]
		for _, p := range pos {
			if p < len(path) && path[p] == c {
				next = append(next, p+1)
			}
		}
		pos = next
		if len(pos) == 0 {
			return false
		}
	}
	return true
}

// FuzzMatcherAgreesWithGoogle compares the engine's linear matcher with
// Google's on any pattern and path, through one-rule files.
func FuzzMatcherAgreesWithGoogle(f *testing.F) {
	for _, s := range [][2]string{{"/a*b$", "/axxb"}, {"/*a*a*b", "/aaab"}, {"*$", ""}, {"/a$b", "/a$b"}, {"$", "/"}, {"/**/x$", "/a/x"}} {
		f.Add(s[0], s[1])
	}
	f.Fuzz(func(t *testing.T, pattern, path string) {
		// Keep to what a parsed rule can hold: one line, no comment,
		// trimmed, ASCII (patterns are escaped, URLs are not).
		if strings.ContainsAny(pattern, "#\r\n\x00") || !utf8.ValidString(pattern) || pattern != strings.TrimSpace(pattern) || pattern == "" {
			return
		}
		for i := 0; i < len(pattern); i++ {
			if pattern[i] >= 0x80 || pattern[i] == '%' || pattern[i] < ' ' {
				return
			}
		}
		path = "/" + strings.Map(func(r rune) rune {
			if r == '#' || r >= 0x80 || r < ' ' {
				return -1
			}
			return r
		}, path)
		file := robots.Parse([]byte("User-agent: *\nDisallow: " + pattern + "\n"))
		got := !file.Check("x", "http://e.com"+path).Allowed
		want := googleMatches(path, pattern)
		if got != want {
			t.Fatalf("pattern %q path %q: engine %v, Google %v", pattern, path, got, want)
		}
	})
}
