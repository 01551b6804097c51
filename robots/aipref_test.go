package robots_test

import (
	"fmt"
	"strings"
	"testing"

	"robotstester/robots"
)

// The example of draft-ietf-aipref-attach (lines 375–403 of the draft at
// commit 7ca0afce; READINGS-2026.md line 177): its robots.txt and its
// table of paths, crawl verdicts and usage preferences, and the sentence
// on ExampleBot, which uses the second group.
const attachExample = `User-Agent: *
Allow: /
Disallow: /never/
Content-Usage: / train-ai=n
Content-Usage: /ai-ok/ train-ai=y

User-Agent: ExampleBot
Allow: /
Content-Usage: / train-ai=y
`

func TestUsageAttachExample(t *testing.T) {
	r := robots.Parse([]byte(attachExample)).Read(robots.Google)
	for _, c := range []struct {
		agent, path string
		crawl       bool
		train       robots.Stance
		line        int
	}{
		{"SomeBot", "/test", true, robots.StatedNo, 4},           // | /test | yes | train-ai=n |
		{"SomeBot", "/never/test", false, robots.NotStated, 0},   // | /never/test | no | N/A |
		{"SomeBot", "/ai-ok/test", true, robots.StatedYes, 5},    // | /ai-ok/test | yes | train-ai=y |
		{"ExampleBot", "/test", true, robots.StatedYes, 9},       // "uses the second group"
		{"ExampleBot", "/never/test", true, robots.StatedYes, 9}, // the second group allows everything
	} {
		u := r.Usage(c.agent, "https://example.com"+c.path)
		p := u.Purposes[robots.UseAITrain]
		if u.Crawlable != c.crawl || p.Stance != c.train || p.Line != c.line {
			t.Errorf("%s %s: crawlable %v, train %v at line %d; want %v, %v at line %d", c.agent, c.path, u.Crawlable, p.Stance, p.Line, c.crawl, c.train, c.line)
		}
		if s := u.Purposes[robots.UseSearch].Stance; s != robots.NotStated {
			t.Errorf("%s %s: search %v, want not stated", c.agent, c.path, s)
		}
	}
}

// Each fact of READINGS-2026.md's AI-preference part (lines 154–217) that
// decides a statement.
func TestUsageFacts(t *testing.T) {
	type want struct {
		search, input, train robots.Stance
		line                 int // the line deciding the first purpose stated
	}
	for _, c := range []struct {
		name, file, agent, path string
		want                    want
	}{
		// Line 203: Cloudflare's form, inside the * group.
		{"signal in * group", "User-Agent: *\nContent-signal: search=yes, ai-train=no\nAllow: /\n", "bot", "/x",
			want{robots.StatedYes, robots.NotStated, robots.StatedNo, 2}},
		// Lines 205–208: the three keys; 204: key spelling varies.
		{"signal three keys", "User-agent: *\nCONTENT-SIGNAL: search=no,ai-input=yes,ai-train=yes\n", "bot", "/",
			want{robots.StatedNo, robots.StatedYes, robots.StatedYes, 2}},
		// Line 209: a missing key neither grants nor restricts.
		{"signal missing key", "User-agent: *\nContent-Signal: ai-train=no\n", "bot", "/",
			want{robots.NotStated, robots.NotStated, robots.StatedNo, 2}},
		// Line 211: a line before any User-agent belongs to no group.
		{"signal before any group", "Content-Signal: ai-train=no\nUser-agent: *\nDisallow:\n", "bot", "/",
			want{}},
		{"usage before any group", "Content-Usage: train-ai=n\nUser-agent: *\nDisallow:\n", "bot", "/",
			want{}},
		// Line 163: a group rule; group selection is RFC 9309's (line 176).
		{"usage in named group only", "User-agent: a\nContent-Usage: train-ai=n\nDisallow: /x\n\nUser-agent: *\nAllow: /\n", "b", "/",
			want{}},
		// Google's reading: the lines are no rules, so they do not end a
		// group (aipref's ABNF makes Content-Usage a rule, which would).
		{"usage does not end a group", "User-agent: a\nContent-Usage: train-ai=n\n\nUser-agent: *\nAllow: /\n", "b", "/",
			want{robots.NotStated, robots.NotStated, robots.StatedNo, 2}},
		{"usage in named group", "User-agent: a\nContent-Usage: train-ai=n\n\nUser-agent: *\nAllow: /\n", "a", "/",
			want{robots.NotStated, robots.NotStated, robots.StatedNo, 2}},
		// Lines 164–166: the path is optional.
		{"usage without path", "User-agent: *\nContent-Usage: train-ai=n, search=y\n", "bot", "/deep/page",
			want{robots.StatedYes, robots.NotStated, robots.StatedNo, 2}},
		// Lines 170–171: longest match, in bytes of the encoded path.
		{"usage longest", "User-agent: *\nContent-Usage: /a/b/ train-ai=y\nContent-Usage: /a/ train-ai=n\n", "bot", "/a/b/c",
			want{robots.NotStated, robots.NotStated, robots.StatedYes, 2}},
		{"usage longest other", "User-agent: *\nContent-Usage: /a/b/ train-ai=y\nContent-Usage: /a/ train-ai=n\n", "bot", "/a/c",
			want{robots.NotStated, robots.NotStated, robots.StatedNo, 3}},
		// Line 172: order means nothing; interleaved with Allow/Disallow.
		{"usage interleaved", "User-agent: *\nContent-Usage: /a/ train-ai=n\nDisallow: /b/\nContent-Usage: /a/b/ train-ai=y\n", "bot", "/a/b/c",
			want{robots.NotStated, robots.NotStated, robots.StatedYes, 4}},
		// Line 173: identical paths combine, most restrictive wins (line 192).
		{"usage tie restrictive", "User-agent: *\nContent-Usage: /a train-ai=y\nContent-Usage: /a train-ai=n\n", "bot", "/a",
			want{robots.NotStated, robots.NotStated, robots.StatedNo, 3}},
		// Line 175: no preference for a disallowed resource.
		{"usage disallowed", "User-agent: *\nDisallow: /\nContent-Usage: train-ai=y\n", "bot", "/x",
			want{}},
		// Line 183: only train-ai and search; line 190: unknown labels are ignored.
		{"usage unknown label", "User-agent: *\nContent-Usage: ai-train=n, search=n\n", "bot", "/",
			want{robots.StatedNo, robots.NotStated, robots.NotStated, 2}},
		// Line 186: only the tokens y and n; true and strings are unknown.
		{"usage boolean", "User-agent: *\nContent-Usage: train-ai\n", "bot", "/", want{}},
		{"usage string", "User-agent: *\nContent-Usage: train-ai=\"n\"\n", "bot", "/", want{}},
		{"usage yes word", "User-agent: *\nContent-Usage: train-ai=yes\n", "bot", "/", want{}},
		// Line 187: parameters are ignored.
		{"usage params", "User-agent: *\nContent-Usage: train-ai=n;why=1\n", "bot", "/",
			want{robots.NotStated, robots.NotStated, robots.StatedNo, 2}},
		// Line 188: the last of a repeated key wins.
		{"usage duplicate", "User-agent: *\nContent-Usage: train-ai=y, train-ai\n", "bot", "/", want{}},
		{"usage duplicate n", "User-agent: *\nContent-Usage: train-ai=y, train-ai=n\n", "bot", "/",
			want{robots.NotStated, robots.NotStated, robots.StatedNo, 2}},
		// Line 189: a Dictionary that fails to parse states nothing, uppercase keys included.
		{"usage uppercase", "User-agent: *\nContent-Usage: Train-AI=n\n", "bot", "/", want{}},
		// Line 184: the tokens are case sensitive.
		{"usage uppercase token", "User-agent: *\nContent-Usage: train-ai=N\n", "bot", "/", want{}},
		// Line 168: white space around the label and the colon is ignored.
		{"usage spaces", "User-agent: *\n  Content-Usage \t:  train-ai=n\n", "bot", "/",
			want{robots.NotStated, robots.NotStated, robots.StatedNo, 2}},
		// Line 167: the value ends at '#'.
		{"usage comment", "User-agent: *\nContent-Usage: train-ai=n # no training\n", "bot", "/",
			want{robots.NotStated, robots.NotStated, robots.StatedNo, 2}},
		// Both kinds in one group: combined, most restrictive wins.
		{"signal and usage", "User-agent: *\nContent-Signal: ai-train=yes, search=yes\nContent-Usage: train-ai=n\n", "bot", "/",
			want{robots.StatedYes, robots.NotStated, robots.StatedNo, 2}},
	} {
		t.Run(c.name, func(t *testing.T) {
			u := robots.Parse([]byte(c.file)).Read(robots.Google).Usage(c.agent, "https://example.com"+c.path)
			got := want{u.Purposes[0].Stance, u.Purposes[1].Stance, u.Purposes[2].Stance, 0}
			for _, p := range u.Purposes {
				if p.Stance != robots.NotStated {
					got.line = p.Line
					break
				}
			}
			if got != c.want {
				t.Errorf("got %+v, want %+v (%s)", got, c.want, u.Summary())
			}
		})
	}
}

func TestUsageUse(t *testing.T) {
	// READINGS-2026.md line 214: managed files now carry use=.
	r := robots.Parse([]byte("User-agent: *\nContent-Signal: search=yes,ai-train=no,use=reference\nAllow: /\n")).Read(robots.Google)
	u := r.Usage("bot", "https://example.com/")
	if u.Use != "reference" || u.UseLine != 2 {
		t.Errorf("use %q at %d", u.Use, u.UseLine)
	}
	if got, want := u.Summary(), "search yes, AI training no, use reference (line 2)"; got != want {
		t.Errorf("Summary = %q, want %q", got, want)
	}
	if got := u.Purposes[robots.UseAITrain].Rule; got != "Content-Signal: search=yes,ai-train=no,use=reference" {
		t.Errorf("Rule = %q", got)
	}
	if ps := r.Preferences(); len(ps) != 1 || !ps[0].Signal || ps[0].Group != 0 {
		t.Errorf("Preferences = %+v", ps)
	}
}

func TestUsageLeavesVerdicts(t *testing.T) {
	// The lines are no rules: Google's verdicts do not change.
	f := robots.Parse([]byte("User-agent: *\nContent-Usage: /private/ train-ai=n\nContent-Signal: ai-train=no\nDisallow: /x\n"))
	for _, url := range []string{"https://example.com/private/a", "https://example.com/"} {
		if v := f.Check("bot", url); !v.Allowed || v.Line != 0 {
			t.Errorf("%s: %+v", url, v)
		}
	}
}

func TestLintAIPreferences(t *testing.T) {
	for _, c := range []struct {
		file string
		line int
		code robots.Code
		msg  string // a part of the message
	}{
		{"Content-Signal: ai-train=no\nUser-agent: *\nDisallow:\n", 1, "ai-pref-outside-group", "belongs to no group"},
		{"Content-Usage: train-ai=n\n\nUser-agent: *\nDisallow:\n", 1, "ai-pref-outside-group", "before any User-agent"},
		{"User-agent: *\nContent-Usage: Train-AI=n\n", 2, "ai-pref-malformed", "not a structured-field Dictionary"},
		{"User-agent: *\nContent-Usage: train-ai=yes\n", 2, "ai-pref-malformed", "not the token y or n"},
		{"User-agent: *\nContent-Usage: ai-train=n\n", 2, "ai-pref-malformed", `spells it "train-ai"`},
		{"User-agent: *\nContent-Signal: train-ai=no\n", 2, "ai-pref-malformed", `spells it "ai-train"`},
		{"User-agent: *\nContent-Signal: ai-train=n\n", 2, "ai-pref-malformed", "neither yes nor no"},
		{"User-agent: *\nContent-Signal: search=yes,,ai-train=no\n", 2, "ai-pref-malformed", "empty entry"},
		{"User-agent: *\nContent-Signal: use=partial\n", 2, "ai-pref-malformed", "immediate, reference, full"},
		{"User-agent: *\nContent-Usage: *.pdf train-ai=n\n", 2, "ai-pref-malformed", `must start with "/"`},
		{"User-agent: *\nContent-Usage:\n", 2, "ai-pref-malformed", "no value"},
	} {
		found := false
		for _, f := range robots.Parse([]byte(c.file)).Read(robots.Google).Findings() {
			if f.Line == c.line && f.Code == c.code && strings.Contains(f.Message, c.msg) {
				found = true
			}
		}
		if !found {
			t.Errorf("%q: no %s on line %d saying %q; got %+v", c.file, c.code, c.line, c.msg, robots.Parse([]byte(c.file)).Read(robots.Google).Findings())
		}
	}
	// Well-formed and well-placed lines draw no ai-pref finding.
	for _, fd := range robots.Parse([]byte(attachExample + "\nUser-agent: x\nContent-Signal: search=yes, ai-input=no, ai-train=no, use=reference\n")).Read(robots.Google).Findings() {
		if strings.HasPrefix(string(fd.Code), "ai-pref") {
			t.Errorf("unexpected %+v", fd)
		}
	}
}

func ExampleReading_Usage() {
	r := robots.Parse([]byte(`User-agent: *
Content-Signal: search=yes, ai-input=no
Disallow: /private/
Content-Usage: / train-ai=n
Content-Usage: /open-data/ train-ai=y
`)).Read(robots.Google)
	for _, url := range []string{"https://example.com/", "https://example.com/open-data/a.csv", "https://example.com/private/x"} {
		u := r.Usage("ExampleBot", url)
		fmt.Println(u.Summary())
	}
	// Output:
	// search yes, AI input no, AI training no (lines 2, 4)
	// search yes, AI input no, AI training yes (lines 2, 5)
	// none: the URL may not be crawled
}
