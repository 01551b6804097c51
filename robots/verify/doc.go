// Package verify tells whether a request that claims to come from a
// crawler, by its User-Agent, came from it: whether the client address
// is inside the address list the crawler's operator publishes ([List],
// [ByList]), or whether its forward-confirmed reverse DNS lands in the
// operator's documented domains (package rdns).
//
// A request is [Verified] only on evidence, [Forged] only on evidence
// that excludes it, and [Unverified] whenever something is missing: no
// list or domains for the crawler, no address in the log line, a lookup
// that failed for a reason that may pass.
//
// The ranges check needs no network and is what a page in the browser
// uses; the DNS check (package rdns) goes through a resolver the caller gives.
package verify

// A Status is what the check of one request's address found.
type Status uint8

const (
	// Unverified: nothing to check the address against, or a check that
	// could not conclude.
	Unverified Status = iota
	// Verified: the address belongs to the crawler's operator.
	Verified
	// Forged: the request claims a crawler whose operator's published
	// addresses or domains exclude it.
	Forged
)

// String returns "unverified", "verified" or "forged".
func (s Status) String() string {
	switch s {
	case Verified:
		return "verified"
	case Forged:
		return "forged"
	}
	return "unverified"
}
