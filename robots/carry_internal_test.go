package robots

import (
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"robotstester/robots/internal/benchdata"
)

// readAll makes f's reading in every dialect, as the app does before the
// next key, so that an edit of f has readings to carry.
func readAll(f *File) {
	for _, d := range Dialects() {
		f.Read(d)
	}
}

// carriedDialects returns the dialects whose reading g holds before any
// was asked of it: those an edit carried.
func carriedDialects(g *File) []Dialect {
	var ds []Dialect
	for _, d := range Dialects() {
		if g.readings[d].Load() != nil {
			ds = append(ds, d)
		}
	}
	return ds
}

// sameReading reports how got, a reading of an edited File, differs from
// want, made from a fresh parse of the same text: "" when its groups,
// records, line kinds, indexes, verdicts and findings are the same.
func sameReading(got, want *Reading) string {
	switch {
	case got.Dialect != want.Dialect:
		return "dialect differs"
	case got.File.text != want.File.text:
		return "the reading's File has another text"
	case !reflect.DeepEqual(got.Groups, want.Groups):
		return "groups differ"
	case !reflect.DeepEqual(got.Sitemaps, want.Sitemaps):
		return "sitemaps differ"
	case !reflect.DeepEqual(got.Records, want.Records):
		return "records differ"
	case !slices.Equal(got.Orphans, want.Orphans):
		return "orphans differ"
	case !slices.Equal(got.kinds, want.kinds):
		return "kinds differ"
	case !slices.Equal(got.order, want.order):
		return "record order differs"
	case len(got.byToken) != len(want.byToken):
		return "token index differs"
	case (got.global == nil) != (want.global == nil) || got.global != nil && !slices.Equal(got.global.groups, want.global.groups):
		return "global groups differ"
	case !reflect.DeepEqual(got.names.shared(), want.names.shared()):
		return "name index differs"
	case (got.py == nil) != (want.py == nil):
		return "python index differs"
	}
	for tok, l := range want.byToken {
		if g := got.byToken[tok]; g == nil || !slices.Equal(g.groups, l.groups) {
			return "token index differs at " + tok
		}
	}
	for i := range want.records {
		if !slices.Equal(got.records[i].groups, want.records[i].groups) {
			return "record lists differ"
		}
	}
	if want.py != nil {
		if len(got.py.keys) != len(want.py.keys) || !reflect.DeepEqual(got.py.byKey, want.py.byKey) || !slices.Equal(got.py.dropped, want.py.dropped) {
			return "python index differs"
		}
		for i := range want.py.keys {
			g, w := &got.py.keys[i], &want.py.keys[i]
			if g.key != w.key || !slices.Equal(g.names, w.names) || !slices.Equal(g.list.groups, w.list.groups) {
				return "python keys differ"
			}
		}
	}
	return sameDecisions(got, want)
}

// sameDecisions reports how got differs from want in what a user sees of
// a reading: each line's kind, the verdicts of checkAgents on checkURLs
// and the findings; "" when they are the same.
func sameDecisions(got, want *Reading) string {
	for n := 1; n <= len(want.File.Lines); n++ {
		if got.Kind(n) != want.Kind(n) {
			return fmt.Sprintf("line %d is read as %v, want %v", n, got.Kind(n), want.Kind(n))
		}
	}
	for _, agent := range checkAgents(want) {
		for _, u := range checkURLs(want) {
			g, w := got.Check(agent, u), want.Check(agent, u)
			if !sameVerdict(&g, &w) {
				return fmt.Sprintf("%s for %q decided %v at line %d, want %v at %d", u, agent, g.Allowed, g.Line, w.Allowed, w.Line)
			}
		}
	}
	if g, w := got.Findings(), want.Findings(); !reflect.DeepEqual(g, w) {
		return fmt.Sprintf("findings differ: %d, want %d", len(g), len(w))
	}
	return ""
}

// sameVerdict reports whether two verdicts say the same: the groups and
// the rules they point to by line, the rest by value. (DeepEqual would
// follow the pointers into every group, which costs most of the test.)
func sameVerdict(g, w *Verdict) bool {
	if g.Allowed != w.Allowed || g.Line != w.Line || g.Dialect != w.Dialect || g.Agent != w.Agent || g.URL != w.URL ||
		g.Path != w.Path || g.Selection != w.Selection || g.Token != w.Token || g.ShadowsGlobal != w.ShadowsGlobal ||
		g.Winner != w.Winner || g.Tie != w.Tie || len(g.Groups) != len(w.Groups) || len(g.Matches) != len(w.Matches) {
		return false
	}
	for i := range g.Groups {
		if g.Groups[i].Index != w.Groups[i].Index || g.Groups[i].Start != w.Groups[i].Start {
			return false
		}
	}
	for i := range g.Matches {
		gm, wm := g.Matches[i], w.Matches[i]
		if gm.Rule.Line != wm.Rule.Line || gm.Rule.Pattern() != wm.Rule.Pattern() {
			return false
		}
		gm.Rule, wm.Rule = nil, nil
		if gm != wm {
			return false
		}
	}
	return true
}

// checkAgents are crawlers to check r with: a few of every kind, and the
// first names its groups give.
func checkAgents(r *Reading) []string {
	agents := []string{"Googlebot", "bingbot", "Mozilla/5.0 (compatible; Baiduspider/2.0)", "a", "*", ""}
	for i := 0; i < len(r.Groups) && i < 4; i++ {
		for _, a := range r.Groups[i].Agents {
			agents = append(agents, a.Value)
		}
	}
	return agents
}

// checkURLs are URLs to check r with: a few of every kind, and paths made
// from the first rules of its groups.
func checkURLs(r *Reading) []string {
	urls := []string{"/", "/a", "/a/b", "/x/y?q=1", "/robots.txt", "/%E3%83%84", "https://example.com/search"}
	n := 0
	for _, g := range r.Groups {
		for _, rule := range g.Rules {
			if n++; n > 12 {
				return urls
			}
			urls = append(urls, strings.ReplaceAll(strings.TrimSuffix(rule.Value, "$"), "*", "x/"))
		}
	}
	return urls
}

// checkCarry edits f, whose readings are made, at [start, end) with
// insert, and checks that every reading of the result, carried or made
// again, is the one a fresh parse of the new text gives. It returns the
// edited File and the dialects whose reading was carried.
func checkCarry(t *testing.T, f *File, start, end int, insert string) (*File, []Dialect) {
	t.Helper()
	readAll(f)
	old := f.text
	g := f.Edit(start, end, insert)
	carried := carriedDialects(g)
	want := ParseString(old[:start] + insert + old[end:])
	for _, d := range Dialects() {
		r := g.Read(d)
		if r.File != g {
			t.Fatalf("edit %q at %d-%d: the %s reading is not of the edited File", insert, start, end, d)
		}
		if diff := sameReading(r, want.Read(d)); diff != "" {
			t.Fatalf("edit %q at %d-%d of %q: %s (%s, carried: %v)", insert, start, end, lineAround(old, start), diff, d, slices.Contains(carried, d))
		}
	}
	return g, carried
}

// lineAround is the line of text at off, to name an edit in a message.
func lineAround(text string, off int) string {
	i := strings.LastIndexAny(text[:off], "\r\n") + 1
	j := strings.IndexAny(text[off:], "\r\n")
	if j < 0 {
		j = len(text) - off
	}
	return text[i : off+j]
}

// TestCarry edits a file whose readings are made where an edit can, or
// cannot, alter what a reading holds, and checks which readings the
// edited File carries, and that each is the fresh parse's.
func TestCarry(t *testing.T) {
	const base = "# robots.txt\nSitemap: https://example.com/s.xml\n\nUser-agent: Googlebot # search\n" +
		"Disallow: /private   \nAllow: /private/ok # fine\n\n# comment line\nUser-agent: *\nDisallow: /tmp\n" +
		"Crawl-delay: 5\n\n# last\nUser-agent: b\nDisallow: /b\n"
	at := func(s string) int {
		i := strings.Index(base, s)
		if i < 0 {
			t.Fatalf("%q not in the file", s)
		}
		return i + len(s)
	}
	all, none := Dialects(), []Dialect(nil)
	// The readers that read a line's flags (Google's and the strict
	// one) see bytes that are not UTF-8, or a mark, in a comment; the
	// others cut the comment first. CPython's readers cut lines where
	// str.splitlines does, at \v and U+2028 among others.
	rerpOnly := []Dialect{GYM2008, MK1996, MK1994}
	unflagged := []Dialect{GYM2008, MK1996, MK1994, Python, Python313, PythonLegacy}
	notPython := []Dialect{Google, RFC9309, GYM2008, MK1996, MK1994}
	// CPython's old reader ends a record at an empty line, not at one of
	// white space.
	notLegacy := []Dialect{Google, RFC9309, GYM2008, MK1996, MK1994, Python, Python313}
	tests := []struct {
		name       string
		start, end int
		insert     string
		want       []Dialect // the readings carried
	}{
		{"typed in a comment line", at("# comment"), at("# comment"), "x", all},
		{"typed in a comment after a rule", at("# fine"), at("# fine"), "s", all},
		{"comment deleted after an agent", at("Googlebot"), at("# search"), "", all},
		{"typed in trailing white space", at("/private "), at("/private "), " ", all},
		{"trailing white space deleted", at("/private"), at("/private   "), "", all},
		{"nothing changed", at("/tmp"), at("/tmp"), "", all},
		{"a comment's character replaced", at("# la"), at("# las"), "z", all},
		{"typed in a value", at("/tmp"), at("/tmp"), "x", none},
		{"typed in a key", at("Crawl"), at("Crawl"), "x", none},
		{"a line added", at("# comment line"), at("# comment line"), "\n", none},
		{"a line break deleted", at("# comment line"), at("# comment line\n"), "", none},
		{"a CR before an LF", at("# comment line"), at("# comment line"), "\r", all}, // CRLF is one break
		{"a NUL in a comment", at("# comm"), at("# comm"), "\x00", all},
		{"a NUL in a value", at("Disallow: /tm"), at("Disallow: /tm"), "\x00", rerpOnly}, // robotexclusionrulesparser drops control characters
		{"bytes not UTF-8 in a comment", at("# comm"), at("# comm"), "\xff", unflagged},
		{"a mark in a comment", at("# comm"), at("# comm"), "\uFEFF", unflagged},
		{"a vertical tab in a comment", at("# comm"), at("# comm"), "\v", notPython},
		{"a Python line break in a comment", at("# comm"), at("# comm"), "\x1cDisallow: /", notPython},
		{"a U+2028 in a comment", at("# comm"), at("# comm"), "\u2028", notPython},
		{"a directive in a comment", at("# comm"), at("# comm"), "Disallow: /x", all},
		{"a comment made of a rule", at("/tmp\n"), at("/tmp\n"), "#", none},
		{"a colon-less line typed past a comment", at("# last"), at("# last"), " x", all},
		{"white space before a comment", at("/private/ok"), at("/private/ok"), "\t", all},
		{"a tab in a Python value", at("Disallow: /t"), at("Disallow: /t"), "\t", rerpOnly},
		{"a space before a key", at("# comment line\n"), at("# comment line\n"), " ", all},
		{"a space in a blank line", at("s.xml\n"), at("s.xml\n"), " ", notLegacy},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, got := checkCarry(t, ParseString(base), tt.start, tt.end, tt.insert)
			if !slices.Equal(got, tt.want) {
				t.Errorf("carried %v, want %v", got, tt.want)
			}
		})
	}
}

// carryInserts are what the random edits type: bytes a reader trims or
// skips in a comment, bytes that end lines for one reader and not
// another, bytes that are not UTF-8, a byte-order mark, control
// characters, keys and whole lines.
var carryInserts = []string{
	"x", " ", "\t", "#", "é", "\xff", "\xEF\xBB\xBF", "\uFEFF", "\x00", "\x01", "\v", "\f", "\x1c", "\x85", "\u2028",
	"\r", "\n", "\r\n", ":", "%", "*", "$", "/", "Disallow: /p", "User-agent: a", "", "Allow",
}

// randomEdit picks an edit of text with rng: most fall where a reading
// may be carried (in a comment, in white space at the end of a line),
// the others in a value, at a line break or anywhere. It returns the
// range replaced and what replaces it.
func randomEdit(rng *rand.Rand, text string) (start, end int, insert string) {
	insert = carryInserts[rng.IntN(len(carryInserts))]
	pos := rng.IntN(len(text) + 1)
	switch rng.IntN(6) {
	case 0, 1: // in a comment
		if i := strings.IndexByte(text[pos:], '#'); i >= 0 {
			pos += i + 1 + rng.IntN(2)
		}
	case 2: // at the end of a line, before its break
		if i := strings.IndexAny(text[pos:], "\r\n"); i >= 0 {
			pos += i
		}
	case 3: // in a value
		if i := strings.IndexByte(text[pos:], ':'); i >= 0 {
			pos += i + 1 + rng.IntN(3)
		}
	}
	start = min(pos, len(text))
	end = min(start+rng.IntN(3)*rng.IntN(2), len(text))
	return start, end, insert
}

// TestCarryCorpus makes random edits in the files of the corpus, each on
// the File the one before made, so that readings carried are carried
// again: every reading of each File made must be the fresh parse's, and
// readings must be carried in every dialect.
func TestCarryCorpus(t *testing.T) {
	dir := filepath.Join(benchdata.SharedDir(t, "corpus"), "files")
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(5, 6))
	carried := make(map[Dialect]int)
	edits := 0
	for i, e := range entries {
		// A third of the files (a tenth with -short) keeps the test
		// within seconds: each edit reads the file in every dialect
		// twice, and lints it.
		if every := 3 + 7*btoi(testing.Short()); i%every != 0 {
			continue
		}
		data, err := os.ReadFile(filepath.Join(dir, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		text := string(data)
		if len(text) > 100_000 {
			text = text[:100_000] // the largest files cost most and add least
		}
		f := ParseString(text)
		for range 4 {
			start, end, insert := randomEdit(rng, f.text)
			var ds []Dialect
			t.Run(e.Name(), func(t *testing.T) { f, ds = checkCarry(t, f, start, end, insert) })
			if t.Failed() {
				return
			}
			edits++
			for _, d := range ds {
				carried[d]++
			}
		}
	}
	t.Logf("%d edits; readings carried: %v", edits, carried)
	for _, d := range Dialects() {
		if carried[d] < edits/20 {
			t.Errorf("%s: %d readings carried in %d edits: the test no longer exercises carrying", d, carried[d], edits)
		}
	}
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}

// TestCarryGenerated is TestCarryCorpus on generated files: lines of every
// kind, comments after rules and alone, CRLF and CR breaks, white space
// where readers trim it, control characters and bytes that are not UTF-8.
func TestCarryGenerated(t *testing.T) {
	parts := []string{
		"User-agent: *", "User-agent: Googlebot", "user-agent: a b", "Disallow: /", "Disallow: /a/*.pdf$", "Allow: /a/b",
		"Disallow:", "Allow: /ü", "Crawl-delay: 2", "Sitemap: https://example.com/s.xml", "# comment", "Disallow: /x # why",
		"  Allow: /y  ", "Disallow /z", "", "", "#", "Noindex: /n", "Disallow: /%e3%83%84", "Host: example.com",
		"useragent: c", "Disallow:\t/t", "x:\x01", "\xff#\xfe", "Clean-param: a /b",
	}
	breaks := []string{"\n", "\n", "\n", "\r\n", "\r"}
	rng := rand.New(rand.NewPCG(7, 8))
	rounds := 300
	if testing.Short() {
		rounds = 50
	}
	for range rounds {
		var b strings.Builder
		for range 3 + rng.IntN(30) {
			b.WriteString(parts[rng.IntN(len(parts))])
			b.WriteString(breaks[rng.IntN(len(breaks))])
		}
		f := ParseString(b.String())
		for range 5 {
			start, end, insert := randomEdit(rng, f.text)
			f, _ = checkCarry(t, f, start, end, insert)
		}
	}
}

// TestCarryBig types a key in a comment in the middle of a 500 KiB file:
// each dialect's reading must be carried, sharing its groups with the
// old File's reading rather than reading the file again; a key typed in a
// value carries none.
func TestCarryBig(t *testing.T) {
	text, pos := bigWithComment()
	f := ParseString(text)
	readAll(f)
	g := f.Edit(pos, pos, "x")
	for _, d := range Dialects() {
		before, after := f.Read(d), g.readings[d].Load()
		if after == nil {
			t.Fatalf("%s: the reading was not carried", d)
		}
		if after == before || after.File != g || &after.Groups[0] != &before.Groups[0] {
			t.Errorf("%s: the carried reading does not share the groups, or is not of the edited File", d)
		}
	}
	// Readings carried are carried again by the next key, and by Reparse.
	h := g.Reparse(g.text[:pos+1] + "y" + g.text[pos+1:])
	for _, d := range Dialects() {
		if r := h.readings[d].Load(); r == nil || &r.Groups[0] != &f.Read(d).Groups[0] || r.File != h {
			t.Errorf("%s: the reading was not carried by a second key and Reparse", d)
		}
	}
	// A key typed in a rule's value changes the reading.
	v := strings.Index(text, "Disallow: /") + len("Disallow: /")
	if ds := carriedDialects(f.Edit(v, v, "x")); len(ds) != 0 {
		t.Errorf("a key typed in a value carried the readings of %v", ds)
	}
}

// bigWithComment returns benchdata.Big with a comment line in its middle,
// and the offset of a place inside the comment.
func bigWithComment() (text string, pos int) {
	big := string(benchdata.Big())
	mid := strings.IndexByte(big[len(big)/2:], '\n') + len(big)/2 + 1
	const comment = "# rules for the search pages\n"
	return big[:mid] + comment + big[mid:], mid + len("# rules for")
}

// TestCarryCharset: a File of ParseCharset reads rule text by its
// charset, which the edited File (ParseString's) does not have: nothing
// is carried.
func TestCarryCharset(t *testing.T) {
	text := "User-agent: *\nDisallow: /ü\n# comment\n"
	f := ParseCharset([]byte(text), "utf-8")
	readAll(f)
	g := f.Edit(len(text)-2, len(text)-2, "x")
	if ds := carriedDialects(g); len(ds) != 0 {
		t.Errorf("readings carried across a change of charset: %v", ds)
	}
}

// TestCarriedFields fails when Reading gains a field: Reading.carried
// must then say whether it is shared, made again, or not carried.
func TestCarriedFields(t *testing.T) {
	known := []string{
		"Dialect", "File", "Groups", "Sitemaps", "Records", "Orphans", "kinds", // shared (File: the new one)
		"byToken", "global", "order", "records", "names", "py", // shared; names without its memo
		"crawlers", "lintMu", "lint", "linted", "prefOnce", "prefs", // made again
	}
	var fields []string
	for f := range reflect.TypeFor[Reading]().Fields() {
		fields = append(fields, f.Name)
	}
	if !slices.Equal(fields, known) {
		t.Errorf("Reading's fields are %v; Reading.carried knows %v: say there what a carried reading does with the new ones", fields, known)
	}
	known = []string{"names", "first", "nameOf", "base", "byText", "lengths", "memo"}
	fields = fields[:0]
	for f := range reflect.TypeFor[nameIndex]().Fields() {
		fields = append(fields, f.Name)
	}
	if !slices.Equal(fields, known) {
		t.Errorf("nameIndex's fields are %v; nameIndex.shared knows %v", fields, known)
	}
}

// FuzzCarry edits any file at any place after reading it in every
// dialect: every reading of the edited File, carried or not, must be the
// one a fresh parse gives.
func FuzzCarry(f *testing.F) {
	f.Add("User-agent: *\nDisallow: /a # x\n# c\nAllow: /b\n", 30, 0, "y")
	f.Add("User-agent: *\r\nDisallow: /a   \r\n\r\nUser-agent: b\r\nDisallow: /\r\n", 26, 1, "")
	f.Add("a\nUser-agent: *\n# c\nDisallow: /\n", 19, 0, "\x1cAllow: /")
	f.Add("a\nUser-agent: *\n# c\nDisallow: /\n", 19, 0, "\xff")
	f.Add("a\nUser-agent: *\n\nDisallow: /\n", 17, 0, " ")
	f.Fuzz(func(t *testing.T, old string, pos, n int, insert string) {
		if len(old) > FetchLimit {
			return
		}
		start, end := fuzzRange(old, pos, n)
		checkCarry(t, ParseString(old), start, end, insert)
	})
}

// BenchmarkCarry is a key typed in a comment in the middle of the 500 KiB
// file, then the file read in several dialects, as the app does after
// each key: "reread" edits a File whose readings were never made, so each
// is made again (as before readings were carried); "carried" edits one
// whose readings are made, which the edited File takes. "value" types in
// a rule's value instead, which carries nothing: the cost of looking.
func BenchmarkCarry(b *testing.B) {
	text, pos := bigWithComment()
	value := strings.Index(text[len(text)/2:], "Disallow: /") + len(text)/2 + len("Disallow: /")
	for _, ds := range [][]Dialect{{Google}, {Google, RFC9309, GYM2008, Python}, Dialects()} {
		bare, read := ParseString(text), ParseString(text)
		for _, d := range ds {
			read.Read(d)
		}
		for _, c := range []struct {
			name string
			f    *File
			at   int
		}{{"reread", bare, pos}, {"carried", read, pos}, {"value-reread", bare, value}, {"value", read, value}} {
			b.Run(fmt.Sprintf("%s/dialects=%d", c.name, len(ds)), func(b *testing.B) {
				b.ReportAllocs()
				for b.Loop() {
					g := c.f.Edit(c.at, c.at, "x")
					for _, d := range ds {
						g.Read(d)
					}
					sink = g
				}
			})
		}
	}
}
