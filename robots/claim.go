package robots

// A Claim is one statement a finding makes about verdicts, in a form a
// program can check against the engine: in the reading of Dialect, for the
// crawler Agent, the rules at the lines Rules have the Effect. A finding's
// message says the same in words; the claims let the app point at the rules
// concerned, and let the tests check that nothing the linter says
// contradicts a verdict.
type Claim struct {
	Dialect Dialect
	// Agent is the crawler the claim is about: a product token in the
	// longest-match dialects (as Check takes it), a crawler's name in the
	// first-match ones; "*" stands for every crawler that no group (no
	// record) names, the crawlers the * group serves. It is "" when Every
	// is set.
	Agent string
	// Every reports that the claim holds for every crawler, whatever its
	// name.
	Every  bool
	Effect Effect
	// Rules are the lines of the rules the claim is about, in file order.
	Rules []int
	// By is, for NeverDecides, the line of a rule that matches whenever
	// the claimed rules match and wins over them; 0 when the claim names
	// none.
	By int
}

// Effect is what a claim says a rule does for a crawler.
type Effect uint8

const (
	// Applies: the rule is among those the crawler follows, so it is
	// tried on every URL and matches those its pattern matches.
	Applies Effect = iota
	// DoesNotApply: the rule is not among those the crawler follows: it
	// never matches a URL for it (it belongs to another group, to no
	// group, or the line is not read as a rule).
	DoesNotApply
	// NeverDecides: the rule is among those the crawler follows, but
	// another rule (By) always wins over it, so no verdict is decided by
	// it.
	NeverDecides
)

var effectNames = [...]string{"applies", "does-not-apply", "never-decides"}

// String returns the effect's name in lower case, as "never-decides".
func (e Effect) String() string {
	if int(e) < len(effectNames) {
		return effectNames[e]
	}
	return "effect(?)"
}
