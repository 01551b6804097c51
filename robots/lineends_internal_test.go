package robots

import (
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"robotstester/robots/internal/benchdata"
)

func TestBareCRsToLF(t *testing.T) {
	for _, c := range []struct {
		in, want string
		n        int
	}{
		{"", "", 0},
		{"User-agent: *\nDisallow: /\n", "User-agent: *\nDisallow: /\n", 0},
		{"a\rb", "a\nb", 1},
		{"a\r\nb", "a\r\nb", 0},
		{"a\r", "a\n", 1},
		{"\r", "\n", 1},
		{"\r\r\n", "\n\r\n", 1},
		{"a\n\rb", "a\n\nb", 1},
		{"a\r\rb\r\n\r", "a\n\nb\r\n\n", 3},
		{"\uFEFFUser-agent: *\rDisallow: /x", "\uFEFFUser-agent: *\nDisallow: /x", 1},
	} {
		got, n := BareCRsToLF(c.in)
		if got != c.want || n != c.n {
			t.Errorf("BareCRsToLF(%q) = %q, %d; want %q, %d", c.in, got, n, c.want, c.n)
		}
	}
}

// sameReadingOf reports how the reading of a text with bare CRs, got,
// differs from that of the same text with them made LF, want: "" when
// every group, record, kind, verdict and finding is the same.
func sameReadingOf(got, want *Reading) string {
	switch {
	case !reflect.DeepEqual(got.Groups, want.Groups):
		return "groups differ"
	case !reflect.DeepEqual(got.Sitemaps, want.Sitemaps):
		return "sitemaps differ"
	case !reflect.DeepEqual(got.Records, want.Records):
		return "records differ"
	}
	return sameDecisions(got, want)
}

// checkLineEnds checks that text and text with its bare CRs made LF are
// read alike: the same lines at the same offsets, the same cut, and in
// every reading the same groups, kinds, verdicts and findings.
func checkLineEnds(t *testing.T, name, text string) {
	t.Helper()
	lf, _ := BareCRsToLF(text)
	if len(lf) != len(text) {
		t.Fatalf("%s: %d bytes made %d", name, len(text), len(lf))
	}
	f, g := ParseString(text), ParseString(lf)
	if f.Size != g.Size || f.TotalLines != g.TotalLines || f.Cut != g.Cut || f.CutLine != g.CutLine || f.BOM != g.BOM ||
		!reflect.DeepEqual(f.Lines, g.Lines) {
		t.Fatalf("%s: the lines differ once its bare CRs are LF", name)
	}
	for _, d := range Dialects() {
		if diff := sameReadingOf(f.Read(d), g.Read(d)); diff != "" {
			t.Fatalf("%s, %v: %s", name, d, diff)
		}
	}
}

// TestBareCRsReadAsLF holds BareCRsToLF's promise on the corpus's files
// with a CR in them (old Mac files among them) and on generated files
// mixing the three line ends, past the fetch limit too.
func TestBareCRsReadAsLF(t *testing.T) {
	dir := filepath.Join(benchdata.SharedDir(t, "corpus"), "files")
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	files := 0
	for _, e := range entries {
		data, err := os.ReadFile(filepath.Join(dir, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		if strings.IndexByte(string(data), '\r') < 0 {
			continue
		}
		files++
		checkLineEnds(t, e.Name(), string(data))
	}
	if files < 4 {
		t.Fatalf("%d corpus files hold a CR, want the 4 old Mac files at least", files)
	}
	rng := rand.New(rand.NewPCG(3, 4))
	breaks := []string{"\n", "\r", "\r\n", "\n\r", "\r\r"}
	lines := []string{"User-agent: *", "User-agent: Googlebot", "user-agent: Baiduspider", "Disallow: /private/", "Allow: /private/press/",
		"Disallow: /", "", "# comment", "Crawl-delay: 5", "Sitemap: https://example.com/s.xml", "X", "Disallow /nocolon"}
	for i := range 300 {
		var b strings.Builder
		for range rng.IntN(40) {
			b.WriteString(lines[rng.IntN(len(lines))])
			b.WriteString(breaks[rng.IntN(len(breaks))])
		}
		text := b.String()
		if i%50 == 0 {
			// Past the fetch limit, with a bare CR at the cut.
			text = strings.Repeat("#"+strings.Repeat("x", 1000)+"\r", FetchLimit/1002+2) + text
			text = text[:FetchLimit-1] + "\r" + text[FetchLimit-1:]
		}
		checkLineEnds(t, fmt.Sprintf("generated file %d", i), text)
	}
}
