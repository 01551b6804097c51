package verify

// Counts are how many requests were checked, by what the check found.
type Counts struct {
	Requests   int
	Verified   int
	Forged     int
	Unverified int
}

// Add counts one request.
func (c *Counts) Add(s Status) {
	c.Requests++
	switch s {
	case Verified:
		c.Verified++
	case Forged:
		c.Forged++
	default:
		c.Unverified++
	}
}

// A Tally counts a log's requests that claim one crawler: all of them,
// and those for URLs the robots.txt disallows it, which tell whether the
// crawler itself ignored the file or someone used its name.
type Tally struct {
	All     Counts
	Blocked Counts // a subset of All; the caller says which are blocked
}

// Add counts one request of the crawler, and whether the robots.txt
// disallows its URL.
func (t *Tally) Add(s Status, blocked bool) {
	t.All.Add(s)
	if blocked {
		t.Blocked.Add(s)
	}
}
