package robots_test

import (
	"bufio"
	"os"
	"strings"
	"testing"

	"robotstester/robots"
)

// TestRealUserAgents reads testdata/useragents.tsv, real user-agent
// strings each with where it was found (issue 45), and checks each is
// read as its line says: a crawler's request counted under the
// catalogue's crawler it names (the token compared in the catalogue's
// spelling), a browser's never counted as a crawler's, a tool's as a
// tool's.
func TestRealUserAgents(t *testing.T) {
	lines := readUserAgents(t)
	for _, l := range lines {
		r := robots.ReadRequester(l.ua)
		switch l.expected {
		case "browser":
			if r.Kind != robots.BrowserRequester {
				t.Errorf("useragents.tsv:%d: %q: want a browser, got %s %q", l.n, l.ua, r.Kind, r.Token)
			}
		case "tool":
			if r.Kind != robots.ToolRequester {
				t.Errorf("useragents.tsv:%d: %q: want a tool, got %s %q", l.n, l.ua, r.Kind, r.Token)
			}
		default:
			if r.Kind != robots.CrawlerRequester {
				t.Errorf("useragents.tsv:%d: %q: want crawler %s, got %s %q", l.n, l.ua, l.expected, r.Kind, r.Token)
				continue
			}
			c, ok := robots.LookupCrawler(r.Token)
			switch {
			case !ok:
				t.Errorf("useragents.tsv:%d: %q: want crawler %s, got token %q, not in the catalogue", l.n, l.ua, l.expected, r.Token)
			case c.Token != l.expected:
				t.Errorf("useragents.tsv:%d: %q: want crawler %s, got token %q counted under %s", l.n, l.ua, l.expected, r.Token, c.Token)
			}
		}
	}
}

// BenchmarkReadRequester reads every string of the gathered ones: a log
// has a few thousand distinct strings, each read once (the CLI and the
// site worker keep what each is).
func BenchmarkReadRequester(b *testing.B) {
	uas := realUserAgents(b)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		for _, ua := range uas {
			robots.ReadRequester(ua)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(uas)), "ns/string")
}

// A uaLine is a line of testdata/useragents.tsv.
type uaLine struct {
	n                int
	expected, source string
	ua               string
}

// readUserAgents reads testdata/useragents.tsv.
func readUserAgents(tb testing.TB) []uaLine {
	tb.Helper()
	f, err := os.Open("testdata/useragents.tsv")
	if err != nil {
		tb.Fatal(err)
	}
	defer f.Close()
	var lines []uaLine
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		text := sc.Text()
		if strings.TrimSpace(text) == "" || strings.HasPrefix(text, "#") {
			continue
		}
		fields := strings.SplitN(text, "\t", 3)
		if len(fields) != 3 || fields[0] == "" || fields[1] == "" || fields[2] == "" {
			tb.Fatalf("useragents.tsv:%d: want expected<TAB>source<TAB>ua, got %q", n, text)
		}
		lines = append(lines, uaLine{n: n, expected: fields[0], source: fields[1], ua: fields[2]})
	}
	if err := sc.Err(); err != nil {
		tb.Fatal(err)
	}
	if len(lines) == 0 {
		tb.Fatal("useragents.tsv holds no line")
	}
	return lines
}

func realUserAgents(tb testing.TB) []string {
	var out []string
	for _, l := range readUserAgents(tb) {
		out = append(out, l.ua)
	}
	return out
}
