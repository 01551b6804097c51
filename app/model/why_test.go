package model

import (
	"strings"
	"testing"

	"robotstester/robots"
)

// TestWhyWordsPerReading checks, reading by reading, that the Why says how
// that reading decided, in the engine's words: a first-match reading never
// speaks of the longest pattern, Python speaks of scores, and the words are
// the engine's own (the model writes none of its own).
func TestWhyWordsPerReading(t *testing.T) {
	const robotsTxt = "User-agent: *\nDisallow: /a\nAllow: /a/b\n\nUser-agent: Baiduspider\nDisallow: /a\nAllow: /a/b\n"
	for _, c := range []struct {
		dialect string
		agent   string
		url     string
		allowed bool
		decided string
		says    []string // in the decision
		never   []string // in the decision or the selection
		column  string   // the priority column's name; "" for none
	}{
		{"google", "Baiduspider", "/a/b", true, "longest-match", []string{"Line 7 allows it", "longest"}, []string{"first rule", "score"}, "length"},
		{"rfc9309", "Baiduspider", "/a/b", true, "longest-match", []string{"Line 7 allows it", "longest"}, []string{"first rule", "score"}, "length"},
		{"gym2008", "Baiduspider", "/a/b", false, "first-match", []string{"Line 6 blocks it", "first rule of the record, in file order"}, []string{"longest", "score"}, ""},
		{"mk1996", "Baiduspider", "/a/b", false, "first-match", []string{"Line 6 blocks it", "first rule of the record, in file order"}, []string{"longest", "score"}, ""},
		{"mk1994", "Baiduspider", "/a/b", false, "first-match", []string{"Line 6 blocks it", "first rule"}, []string{"longest", "score"}, ""},
		{"python-legacy", "Baiduspider", "/a/b", false, "first-match", []string{"Line 6 blocks it", "first rule"}, []string{"longest", "score"}, ""},
		{"python", "Baiduspider", "/a/b", true, "longest-match", []string{"Line 7 allows it", "score is the highest"}, []string{"first rule", "characters"}, "score"},
		{"python", "Baiduspider", "/robots.txt", true, "robots-txt-allowed", []string{"always allows /robots.txt"}, []string{"longest", "first rule"}, "score"},
		{"python-3.13", "Baiduspider", "/a/b", true, "longest-match", []string{"Line 7 allows it", "score is the highest"}, []string{"first rule", "characters"}, "score"},
		{"google", "Baiduspider", "/z", true, "no-rule-matches", []string{"No rule of this group matches"}, nil, "length"},
		{"mk1996", "Baiduspider", "/z", true, "no-rule-matches", []string{"No rule of this record matches"}, []string{"group"}, ""},
		{"mk1996", "Googlebot", "/a", false, "first-match", []string{"Line 2 blocks it"}, []string{"longest"}, ""},
	} {
		s := State{Robots: robotsTxt, Dialect: c.dialect, Rows: []Row{{Agent: c.agent, URL: c.url}}}
		w, ok := Analyze(&s).Why()
		name := c.dialect + " " + c.agent + " " + c.url
		if !ok {
			t.Fatalf("%s: no Why", name)
		}
		if w.Allowed != c.allowed || w.Decided != c.decided || w.PriorityName != c.column {
			t.Errorf("%s: allowed %v, decided %s, column %q; want %v, %s, %q", name, w.Allowed, w.Decided, w.PriorityName, c.allowed, c.decided, c.column)
		}
		for _, say := range c.says {
			if !strings.Contains(w.Decision, say) {
				t.Errorf("%s: decision %q does not say %q", name, w.Decision, say)
			}
		}
		for _, never := range c.never {
			if strings.Contains(w.Decision, never) || strings.Contains(w.Selection, never) {
				t.Errorf("%s: %q or %q says %q", name, w.Decision, w.Selection, never)
			}
		}
		d, _ := robots.ParseDialect(c.dialect)
		if w.Precedence != d.Precedence() || w.Precedence == "" {
			t.Errorf("%s: precedence %q, the engine's %q", name, w.Precedence, d.Precedence())
		}
	}
}

// TestReadingNotes checks that the comparison's note describes each
// reading as the engine reads it: CPython's current robotparser takes the
// longest match (by score), its legacy one the first.
func TestReadingNotes(t *testing.T) {
	notes := ReadingNotes()
	if len(notes) != len(robots.Dialects()) || notes[0].Dialect != robots.Google {
		t.Fatalf("notes %+v", notes)
	}
	for _, n := range notes {
		first := strings.Contains(n.How, "first matching rule in file order")
		longest := strings.Contains(n.How, "longest")
		if n.Dialect.FirstMatch() != first || longest == first || n.Title == "" || n.Who == "" {
			t.Errorf("%s: %q (first match %v)", n.Dialect, n.How, n.Dialect.FirstMatch())
		}
	}
	for _, c := range []struct {
		d    robots.Dialect
		says string
	}{
		{robots.Python, "highest score wins"},
		{robots.Python, "/robots.txt is always allowed"},
		{robots.Python313, "highest score wins"},
		{robots.Python313, "an empty '?' or '#' is dropped from the URL"},
		{robots.PythonLegacy, "cut at '/'"},
		{robots.PythonLegacy, "matched literally"},
		{robots.MK1994, "Allow lines are ignored"},
		{robots.GYM2008, "a blank line ends a record"},
	} {
		if how := notes[c.d].How; !strings.Contains(how, c.says) {
			t.Errorf("%s: %q does not say %q", c.d, how, c.says)
		}
	}
}

// TestWhyPython313 checks that the Why shows the path each CPython reading
// tests: 3.13's backport drops an empty query, so "Disallow: /join/*?"
// does not block "/join/.html?" there, while 3.14 keeps it and blocks.
func TestWhyPython313(t *testing.T) {
	for _, c := range []struct {
		dialect, path string
		allowed       bool
	}{
		{"python", "/join/.html?", false},
		{"python-3.13", "/join/.html", true},
	} {
		s := State{Robots: "User-agent: *\nDisallow: /join/*?\n", Dialect: c.dialect, Rows: []Row{{Agent: "Python-urllib", URL: "https://example.com/join/.html?"}}}
		w, ok := Analyze(&s).Why()
		if !ok || w.Path != c.path || w.Allowed != c.allowed {
			t.Errorf("%s: path %q allowed %v (ok %v), want %q %v", c.dialect, w.Path, w.Allowed, ok, c.path, c.allowed)
		}
	}
}

func TestElide(t *testing.T) {
	for _, c := range []struct {
		s    string
		n    int
		want string
	}{
		{"/short", 10, "/short"},
		{"/exactly10", 10, "/exactly10"},
		{"/a-longer-path", 5, "/a-lo… (14 characters in all)"},
		{"/é", 2, "/… (2 characters in all)"}, // not within é's two bytes
	} {
		if got := Elide(c.s, c.n); got != c.want {
			t.Errorf("Elide(%q, %d) = %q, want %q", c.s, c.n, got, c.want)
		}
	}
}

func TestInputNote(t *testing.T) {
	for _, c := range []struct {
		agent, url, encoded string
		want                string // a part of the note; "" for none
	}{
		{"Googlebot", "/shop", "/shop", ""},
		{"Googlebot", "https://example.com/a b", "https://example.com/a%20b", ""}, // a URL: its space is escaped, as the row shows
		{"", "/shop", "/shop", "No crawler given"},
		{"  ", "/shop", "/shop", "No crawler given"},
		{"Googlebot", "", "/", "No URL given: tested as /"},
		{"Googlebot", "not a url", "/not%20a%20url", "“not a url” is not a URL or a path: it is tested as the path /not%20a%20url."},
	} {
		w := Why{Agent: c.agent, URL: c.url, Encoded: c.encoded}
		got := w.InputNote()
		if c.want == "" && got != "" || c.want != "" && !strings.Contains(got, c.want) {
			t.Errorf("InputNote(%q, %q) = %q, want %q", c.agent, c.url, got, c.want)
		}
	}
}
