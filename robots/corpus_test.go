package robots_test

import (
	"bytes"
	"runtime"
	"testing"

	"robotstester/robots"
)

var corpusURLs = []string{"/", "/index.html", "/search?q=x", "/admin/", "/wp-admin/admin-ajax.php", "/%E3%83%84", "/a/b/c.pdf"}

// TestCorpus parses every real file of the shared corpus, checks a few URLs
// for a few crawlers in each dialect, and asks for the findings: nothing may
// panic, and the invariants of a verdict hold.
func TestCorpus(t *testing.T) {
	files := corpusFiles(t)
	if len(files) < 1000 {
		t.Fatalf("corpus has %d files, want over 1000", len(files))
	}
	for _, cf := range files {
		f := robots.Parse(cf.data)
		if f.Size != len(cf.data) || len(f.Lines) == 0 {
			t.Errorf("%s: size %d, %d lines", cf.name, f.Size, len(f.Lines))
		}
		for _, d := range robots.Dialects() {
			r := f.Read(d)
			for _, fd := range r.Findings() {
				checkFindingCode(t, cf.name, fd)
			}
			for _, agent := range []string{"Googlebot", "bingbot", "GPTBot", "unknownbot"} {
				for _, u := range corpusURLs {
					v := r.Check(agent, "https://example.com"+u)
					checkInvariants(t, cf.name, v)
				}
			}
		}
	}
}

// checkInvariants checks what every verdict of v's reading must agree
// with: the line is the decider's, matches are in file order, a first-match
// reading's decider is its first match, and a blocked URL has a rule that
// blocks it, as that reading says rules block.
func checkInvariants(t *testing.T, name string, v robots.Verdict) {
	t.Helper()
	d := v.Decider()
	switch {
	case d == nil && v.Line != 0:
		t.Errorf("%s: line %d without a decider", name, v.Line)
	case d != nil && d.Rule.Line != v.Line:
		t.Errorf("%s: decider line %d, verdict line %d", name, d.Rule.Line, v.Line)
	case v.Dialect.FirstMatch() && len(v.Matches) > 0 && v.Winner != 0:
		t.Errorf("%s: %s decides by the first match, yet match %d of %d decided", name, v.Dialect, v.Winner, len(v.Matches))
	case !v.Allowed && !blocks(v.Dialect, d):
		t.Errorf("%s: %s blocked without a rule that blocks: %+v", name, v.Dialect, d)
	}
	// Several matches may share a line: CPython's readings split an
	// editor line at a form feed and other separators into several rules.
	for i := 1; i < len(v.Matches); i++ {
		if v.Matches[i-1].Rule.Line > v.Matches[i].Rule.Line {
			t.Errorf("%s: matches out of order", name)
		}
	}
}

// blocks reports whether the deciding match m can make reading d block a
// URL. A Disallow with a pattern always can. An empty rule matches every
// URL: robotexclusionrulesparser (gym2008, mk1996) reads it as the
// opposite of its kind, so an empty Allow blocks there (REFERENCE.md §4);
// every other reading lets an empty rule allow, or never decide.
func blocks(d robots.Dialect, m *robots.Match) bool {
	if m == nil {
		return false
	}
	empty := m.Rule.Pattern() == ""
	switch d {
	case robots.GYM2008, robots.MK1996:
		return m.Rule.Allow == empty
	case robots.PythonLegacy:
		// CPython before 3.13 takes an empty Disallow for an Allow first,
		// then strips the path's leading control characters: "Disallow:
		// \x00" is a Disallow of an empty path, which blocks every URL (as
		// python3 3.11 does).
		return !m.Rule.Allow && (!empty || m.Rule.Value != "")
	}
	return !m.Rule.Allow && !empty && m.Priority > 0
}

// TestLineEndings reads every corpus file with its line ends turned into
// LF, CRLF and CR: line numbers, kinds and verdicts must not change.
func TestLineEndings(t *testing.T) {
	for _, cf := range corpusFiles(t) {
		if len(cf.data) > 200000 {
			continue
		}
		lf := bytes.ReplaceAll(bytes.ReplaceAll(cf.data, []byte("\r\n"), []byte("\n")), []byte("\r"), []byte("\n"))
		variants := [][]byte{lf, bytes.ReplaceAll(lf, []byte("\n"), []byte("\r\n")), bytes.ReplaceAll(lf, []byte("\n"), []byte("\r"))}
		var base *robots.File
		for vi, data := range variants {
			f := robots.Parse(data)
			if base == nil {
				base = f
				continue
			}
			if len(f.Lines) != len(base.Lines) {
				t.Errorf("%s variant %d: %d lines, LF gives %d", cf.name, vi, len(f.Lines), len(base.Lines))
				continue
			}
			for i := range f.Lines {
				if f.Lines[i].Kind != base.Lines[i].Kind || f.Value(i+1) != base.Value(i+1) {
					t.Errorf("%s variant %d line %d: %v %q, LF gives %v %q", cf.name, vi, i+1, f.Lines[i].Kind, f.Value(i+1), base.Lines[i].Kind, base.Value(i+1))
					break
				}
			}
			for _, u := range corpusURLs {
				a, b := f.Check("Googlebot", u), base.Check("Googlebot", u)
				if a.Allowed != b.Allowed || a.Line != b.Line {
					t.Errorf("%s variant %d %s: %v/%d, LF gives %v/%d", cf.name, vi, u, a.Allowed, a.Line, b.Allowed, b.Line)
				}
			}
		}
	}
}

// TestBigCorpusFileMemory parses the largest corpus file (3.7 MB): only
// the first 500 KiB are kept, so the memory it holds stays bounded.
func TestBigCorpusFileMemory(t *testing.T) {
	var big []byte
	for _, cf := range corpusFiles(t) {
		if len(cf.data) > len(big) {
			big = cf.data
		}
	}
	if len(big) < 3000000 {
		t.Skip("no multi-megabyte file in the corpus")
	}
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	f := robots.Parse(big)
	f.Check("Googlebot", "/")
	runtime.GC()
	runtime.ReadMemStats(&after)
	held := int64(after.HeapAlloc) - int64(before.HeapAlloc)
	if f.Cut != robots.FetchLimit || f.TotalLines <= len(f.Lines) {
		t.Errorf("cut %d, lines kept %d of %d", f.Cut, len(f.Lines), f.TotalLines)
	}
	// The kept text, its lines and rules: a few bytes per byte of the 500
	// KiB kept, whatever the size of the file.
	if limit := int64(8 * robots.FetchLimit); held > limit {
		t.Errorf("holding %d bytes after parsing a %d-byte file, want under %d", held, len(big), limit)
	}
	runtime.KeepAlive(f)
}
