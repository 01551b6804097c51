package model

import (
	"strconv"

	"robotstester/robots"
)

// Comparing versions of the file: the same tests against the current file
// and a proposed one (pasted, or an earlier version), and the tests whose
// verdict changes, with the line that decides on each side. It answers
// "what will this edit break before I deploy it".

// VersionSide is a test's verdict in one version of the file.
type VersionSide struct {
	Allowed bool
	Line    int    // the deciding line, 0 when no rule matched
	Rule    string // the deciding rule, "Disallow: /x", or "" for none
	// Answer says that the server's answer decided, not a rule.
	Answer string
}

// Verdict returns "allowed" or "blocked".
func (v *VersionSide) Verdict() string {
	if v.Allowed {
		return "allowed"
	}
	return "blocked"
}

// Decided says what decided, as `robotstxt diff` words it: "line 4:
// Disallow: /x", "no rule matched", or the server's answer.
func (v *VersionSide) Decided() string {
	switch {
	case v.Answer != "":
		return "the server's answer"
	case v.Line == 0:
		return "no rule matched"
	}
	return "line " + strconv.Itoa(v.Line) + ": " + v.Rule
}

// VersionChange is a test whose verdict differs between the versions.
type VersionChange struct {
	Index                   int // the test's index in the state's rows
	Agent, URL              string
	Token, Encoded, Dialect string
	Current, Proposed       VersionSide
}

// VersionDiff is the outcome of the comparison.
type VersionDiff struct {
	Tests   int // tests compared: all of them
	Changes []VersionChange
	// NowBlocked and NowAllowed count the changes by the proposed verdict.
	NowBlocked, NowAllowed int
	// Cut is how many bytes of the proposed text were left out past
	// MaxFile.
	Cut int
}

// ProposedFile parses a proposed robots.txt held to the tester's limit on
// a file (MaxFile), and says how many bytes it left out.
func ProposedFile(text string) (*robots.File, int) {
	kept := cutAt(text, MaxFile)
	return robots.ParseString(kept), len(text) - len(kept)
}

// DiffVersions checks every test of s against the proposed file, as the
// tester checks it against the current one (the same dialect choice and
// server answer), and lists the tests whose verdict changes. a is the
// current file's analysis, whose verdicts are reused.
func DiffVersions(a *Analysis, proposed *robots.File, s *State) *VersionDiff {
	d := &VersionDiff{Tests: len(s.Rows)}
	dialect, fixed := robots.ParseDialect(s.Dialect)
	ans := AnswerFor(s.Answer)
	for i, row := range s.Rows {
		if i >= len(a.Rows) || i >= len(a.Verdicts) {
			break
		}
		cur := &a.Rows[i]
		rv, v := check(proposed, row, dialect, fixed, ans)
		if rv.Allowed == cur.Allowed {
			continue
		}
		ch := VersionChange{
			Index: i, Agent: row.Agent, URL: row.URL,
			Token: cur.Token, Encoded: cur.Encoded, Dialect: cur.Dialect,
			Current:  side(cur, &a.Verdicts[i]),
			Proposed: side(&rv, &v),
		}
		if rv.Allowed {
			d.NowAllowed++
		} else {
			d.NowBlocked++
		}
		d.Changes = append(d.Changes, ch)
	}
	return d
}

func side(rv *RowView, v *robots.Verdict) VersionSide {
	s := VersionSide{Allowed: rv.Allowed, Line: rv.Line, Answer: rv.Answer}
	if rv.Answer == "" {
		s.Rule = ruleText(v)
	}
	return s
}

// Summary says the counts in words: "3 of 25 tests change verdict: 2 now
// blocked, 1 now allowed", or that none does.
func (d *VersionDiff) Summary() string {
	if len(d.Changes) == 0 {
		return "No test changes verdict (" + Plural(d.Tests, "test", "tests") + " compared)."
	}
	return strconv.Itoa(len(d.Changes)) + " of " + Plural(d.Tests, "test", "tests") + " change verdict: " +
		strconv.Itoa(d.NowBlocked) + " now blocked, " + strconv.Itoa(d.NowAllowed) + " now allowed."
}

// VersionChangesShown is how many changes the page draws at once; the
// CSV export holds them all.
const VersionChangesShown = 200
