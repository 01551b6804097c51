package robots

import "testing"

// TestReadingParts checks that every row of the table of readings has
// every part, and that the readings that share a rule decider agree with
// what Dialect says of them.
func TestReadingParts(t *testing.T) {
	names := map[string]bool{}
	for d := range readings {
		p := &readings[d]
		if p.name == "" || p.title == "" || p.readers == "" || p.summary == "" || names[p.name] {
			t.Errorf("%d: names %q %q %q %q", d, p.name, p.title, p.readers, p.summary)
		}
		names[p.name] = true
		if p.lines == nil || p.lines.line == nil || p.grouping == nil || p.grouping.start == nil ||
			p.agents == nil || p.rules == nil || p.paths == nil || p.patterns == nil ||
			p.crawlDelay == nil || p.lint == nil || p.answers == nil {
			t.Errorf("%s: a part is missing: %+v", p.name, p)
		}
		if p.agents.unit == "" || p.rules.precedence == "" || (p.rules.inFileOrder()) != (p.rules.priority == "") {
			t.Errorf("%s: agents %+v, rules %+v", p.name, p.agents, p.rules)
		}
		if Dialect(d).FirstMatch() != (p.rules.inFileOrder()) || Dialect(d).Precedence() != p.rules.precedence {
			t.Errorf("%s: FirstMatch %v, Precedence %q", p.name, Dialect(d).FirstMatch(), Dialect(d).Precedence())
		}
	}
}

// TestLineReadersAgree checks that the readers of the lines Parse read
// emit the same events whether they read every line or one at a time.
func TestLineReadersAgree(t *testing.T) {
	f := Parse([]byte("User-agent: *\nDisallow /a\nDisallowed: /b\n# c\n\nSitemap: https://x/s\nCrawl-delay: 2\nAllow: /ü%41\nfoo\n"))
	for _, lr := range []*lineReader{googleLines, strictLines} {
		var all, one []lineEvent
		lr.read(f, &emitter{to: eventFunc(func(e *lineEvent) { all = append(all, *e) })})
		for n := 1; n <= len(f.Lines); n++ {
			lr.line(f, n, &emitter{to: eventFunc(func(e *lineEvent) { one = append(one, *e) })})
		}
		if len(all) != len(one) || len(all) != len(f.Lines) {
			t.Fatalf("%s: %d events read whole, %d line by line, %d lines", lr.name, len(all), len(one), len(f.Lines))
		}
		for i := range all {
			if all[i] != one[i] {
				t.Errorf("%s: line %d: %+v, %+v", lr.name, i+1, all[i], one[i])
			}
		}
	}
}
