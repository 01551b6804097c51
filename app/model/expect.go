package model

import (
	"strconv"

	"robotstester/robots/statefile"
)

// Pinned expectations: a test may hold the verdict it should have, so that
// a later edit of the file that changes it shows at once, and so that
// `robotstxt test` can check the same tests in CI from an exported state.

// The values of Row.Expect, those `robotstxt test` reads.
const (
	ExpectAllowed = statefile.ExpectAllowed
	ExpectBlocked = statefile.ExpectBlocked
)

// CleanExpect returns the expectation e names ("allowed" or "blocked",
// in any case, with spaces around), or "" when it names none: a hand-made
// state with another value is read as expecting nothing rather than
// refused.
func CleanExpect(e string) string { return statefile.CleanExpect(e) }

// An expectation is about the file: what its rules decide for the test,
// read with a 200. A server answer chosen to see what crawlers do after a
// 503 changes the verdicts shown, not whether the file is right, and
// `robotstxt test` checks the file's rules the same way.

// FileVerdict returns the file's own verdict, "allowed" or "blocked",
// whatever the server's answer.
func (r *RowView) FileVerdict() string {
	if r.FileAllowed {
		return ExpectAllowed
	}
	return ExpectBlocked
}

// ExpectBroken reports whether the row holds an expectation that the
// file's verdict does not meet.
func (r *RowView) ExpectBroken() bool { return r.Expect != "" && r.Expect != r.FileVerdict() }

// PinFor returns the expectation a row's pin control sets: the file's
// verdict when the row expects nothing, else "" (the pin is taken off).
func PinFor(r *RowView) string {
	if r.Expect != "" {
		return ""
	}
	return r.FileVerdict()
}

// Expectations counts the rows that hold an expectation, and those whose
// verdict breaks it.
func (a *Analysis) Expectations() (pinned, broken int) {
	for i := range a.Rows {
		if a.Rows[i].Expect != "" {
			pinned++
			if a.Rows[i].ExpectBroken() {
				broken++
			}
		}
	}
	return pinned, broken
}

// ExpectText says what a row expects and whether it holds, for its pin
// control's label: "Expected: blocked (broken: it is allowed)".
func ExpectText(r *RowView) string {
	switch {
	case r.Expect == "":
		return "No expected verdict: pin " + r.FileVerdict() + " as expected"
	case r.ExpectBroken():
		return "Expected " + r.Expect + ", but the file has it " + r.FileVerdict() + " (click to unpin)"
	}
	return "Expected " + r.Expect + ": holds (click to unpin)"
}

// ExpectCounts says how many expectations are broken, "" when none is
// pinned: "2 expectations broken of 5", "5 expectations hold".
func ExpectCounts(pinned, broken int) string {
	switch {
	case pinned == 0:
		return ""
	case broken == 0:
		if pinned == 1 {
			return "1 expectation holds"
		}
		return Plural(pinned, "expectation", "expectations") + " hold"
	}
	return Plural(broken, "expectation", "expectations") + " broken of " + strconv.Itoa(pinned)
}
