package robots_test

import (
	"strconv"
	"strings"
	"testing"

	"robotstester/robots"
)

// googlebotSmartphone is the 190-byte user-agent string of Googlebot
// smartphone, as Google documents it (W.X.Y.Z stands for Chrome's version).
const googlebotSmartphone = "Mozilla/5.0 (Linux; Android 6.0.1; Nexus 5X Build/MMB29P) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/W.X.Y.Z Mobile Safari/537.36 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)"

// manyRecords returns a file of about 500 KiB made of 18,000 records that
// all name zz, a name no check below matches, and a final * record: a
// first-match reader tries every record before it falls back to *.
func manyRecords() []byte {
	var b strings.Builder
	for range 18000 {
		b.WriteString("User-agent: zz\nDisallow: /z\n")
	}
	b.WriteString("User-agent: *\nDisallow: /private/\n")
	return []byte(b.String())
}

// manyRows returns n rows of an agent and a URL, as the tester checks them:
// every row the same agent, or (distinct) each its own Chrome version.
func manyRows(n int, distinct bool) (agents, urls []string) {
	for i := range n {
		agent := googlebotSmartphone
		if distinct {
			agent = strings.Replace(agent, "W.X.Y.Z", "120.0.6099."+strconv.Itoa(i), 1)
		}
		agents = append(agents, agent)
		urls = append(urls, "https://example.com/private/page-"+strconv.Itoa(i)+".html")
	}
	return agents, urls
}

// benchmarkManyRecords checks 1000 rows per operation on the many-records
// file, in each of the given dialects, with the reading already made.
func benchmarkManyRecords(b *testing.B, dialects []robots.Dialect) {
	f := robots.Parse(manyRecords())
	for _, d := range dialects {
		r := f.Read(d)
		for _, distinct := range []bool{false, true} {
			name := d.String() + "/same-agent"
			if distinct {
				name = d.String() + "/distinct-agents"
			}
			agents, urls := manyRows(1000, distinct)
			b.Run(name, func(b *testing.B) {
				b.ReportAllocs()
				for b.Loop() {
					for i := range agents {
						if r.CheckAgent(agents[i], urls[i]).Allowed {
							b.Fatal("allowed: the * record disallows /private/")
						}
					}
				}
			})
		}
	}
}

// BenchmarkFirstMatchManyRecords is issue 9's case: 1000 checks of the
// Googlebot smartphone string against 18,000 records in each first-match
// dialect.
func BenchmarkFirstMatchManyRecords(b *testing.B) {
	benchmarkManyRecords(b, []robots.Dialect{robots.GYM2008, robots.MK1996, robots.MK1994, robots.PythonLegacy})
}

// BenchmarkFirstMatchDistinctNames is the same with every record naming a
// crawler of its own (18,000 names) and every row a user-agent string of
// its own, so that nothing found for one row serves the next. The names
// ("q0", "q1", ...) are short, to keep the file within the fetch limit, and
// never found in the rows.
func BenchmarkFirstMatchDistinctNames(b *testing.B) {
	var sb strings.Builder
	for i := range 18000 {
		sb.WriteString("User-agent:q" + strconv.FormatInt(int64(i), 36) + "\nDisallow:/z\n")
	}
	sb.WriteString("User-agent: *\nDisallow: /private/\n")
	f := robots.Parse([]byte(sb.String()))
	agents, urls := manyRows(1000, true)
	for _, d := range []robots.Dialect{robots.GYM2008, robots.MK1996, robots.MK1994, robots.PythonLegacy} {
		r := f.Read(d)
		b.Run(d.String(), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				for i := range agents {
					if r.CheckAgent(agents[i], urls[i]).Allowed {
						b.Fatal("allowed: the * record disallows /private/")
					}
				}
			}
		})
	}
}

// BenchmarkLongestMatchManyRecords is the same case in the Google and RFC
// 9309 readings, where the token's groups are one map lookup away.
func BenchmarkLongestMatchManyRecords(b *testing.B) {
	benchmarkManyRecords(b, []robots.Dialect{robots.Google, robots.RFC9309})
}

// TestFirstMatchSelection checks how a first-match reading picks its
// record: the selection, the token reported and the record's first line.
func TestFirstMatchSelection(t *testing.T) {
	cases := []struct {
		name, robots, agent string
		dialects            []robots.Dialect // nil: every first-match dialect
		selection           robots.Selection
		token               string
		start               int // the chosen record's first line; 0 for none
	}{
		{"name in any case", "User-agent: FooBot\nDisallow: /", "Mozilla/5.0 (compatible; foobot/1.0)", rerp, robots.NamedGroup, "FooBot", 1},
		{"crawler in any case", "User-agent: foobot\nDisallow: /", "FOOBOT", nil, robots.NamedGroup, "foobot", 1},
		{"the first record wins, not the longest name", "User-agent: bot\nDisallow: /a\n\nUser-agent: foobot\nDisallow: /b", "foobot", nil, robots.NamedGroup, "bot", 1},
		{"a later record when the first does not match", "User-agent: zz\nDisallow: /a\n\nUser-agent: foo\nDisallow: /b", "foo", nil, robots.NamedGroup, "foo", 4},
		{"the record's first name found, in its order", "User-agent: zz\nUser-agent: bar\nUser-agent: foo\nDisallow: /", "foo bar", rerp, robots.NamedGroup, "bar", 1},
		{"a name shared by a later record", "User-agent: zz\nDisallow: /\n\nUser-agent: yy\nUser-agent: zz\nDisallow: /", "zz", nil, robots.NamedGroup, "zz", 1},
		{"a name first seen in a later record picks it", "User-agent: aa\nDisallow: /\n\nUser-agent: zz\nUser-agent: aa\nDisallow: /", "zz", nil, robots.NamedGroup, "zz", 4},
		{"named records before the * record", "User-agent: *\nDisallow: /\n\nUser-agent: foo\nDisallow: /x", "foo", nil, robots.NamedGroup, "foo", 4},
		{"the * record when no name is found", "User-agent: zz\nDisallow: /\n\nUser-agent: *\nDisallow: /x", "foo", nil, robots.GlobalGroup, "*", 4},
		{"a * record that also names the crawler is the * record", "User-agent: *\nUser-agent: foo\nDisallow: /x", "foo", nil, robots.GlobalGroup, "*", 1},
		{"no record", "User-agent: zz\nDisallow: /", "foo", nil, robots.NoGroup, "", 0},
		{"Python cuts the crawler's name at /", "User-agent: bot\nDisallow: /", "foo/bot", []robots.Dialect{robots.PythonLegacy}, robots.NoGroup, "", 0},
		{"the others search the whole string", "User-agent: bot\nDisallow: /", "foo/bot", rerp, robots.NamedGroup, "bot", 1},
		{"Python: an empty name is found in every crawler", "User-agent:\nDisallow: /\n\nUser-agent: foo\nDisallow: /", "foo", []robots.Dialect{robots.PythonLegacy}, robots.NamedGroup, "", 1},
		{"Python: the first * record only", "User-agent: *\nDisallow: /a\n\nUser-agent: *\nDisallow: /b", "foo", []robots.Dialect{robots.PythonLegacy}, robots.GlobalGroup, "*", 1},
		{"names outside ASCII, in any case", "User-agent: ÜberBot\nDisallow: /", "überbot", nil, robots.NamedGroup, "ÜberBot", 1},
	}
	for _, c := range cases {
		f := robots.Parse([]byte(c.robots))
		dialects := c.dialects
		if dialects == nil {
			dialects = []robots.Dialect{robots.GYM2008, robots.MK1996, robots.MK1994, robots.PythonLegacy}
		}
		for _, d := range dialects {
			// Twice: the second answer is the one remembered.
			for range 2 {
				v := f.CheckDialect(d, c.agent, "/x")
				start := 0
				if len(v.Groups) > 0 {
					start = v.Groups[0].Start
				}
				if v.Selection != c.selection || v.Token != c.token || start != c.start {
					t.Errorf("%s, %s: %v, token %q, record at line %d; want %v, %q, %d", c.name, d, v.Selection, v.Token, start, c.selection, c.token, c.start)
				}
			}
		}
	}
}

// rerp is the dialects that read robots.txt as robotexclusionrulesparser.
var rerp = []robots.Dialect{robots.GYM2008, robots.MK1996, robots.MK1994}
