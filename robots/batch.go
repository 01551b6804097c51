package robots

// A batch decides many URLs for one crawler in one reading, as CheckAgent
// does, for what a whole site's check needs: the crawler's groups are
// found once, not for every URL, and the verdict's storage is used again
// from one URL to the next. It is not safe for concurrent use.
type batch struct {
	r     *Reading
	q     query
	list  *groupList // the groups that apply; nil when none does
	chose Verdict    // Selection and Token as the agent matcher set them
	v     Verdict
}

// newBatch returns a batch for agent, as typed: a product token or a whole
// user-agent string, which each reading uses as CheckAgent says.
func (r *Reading) newBatch(agent string) *batch {
	return r.batchOf(r.queryFor(agent))
}

// newBatchFor returns a batch for a crawler identified already, as Ask
// checks it (checkIdentified).
func (r *Reading) newBatchFor(id *Identity) *batch {
	return r.batchOf(r.queryOf(id))
}

func (r *Reading) batchOf(q query) *batch {
	b := &batch{r: r, q: q}
	b.list = r.Dialect.parts().agents.choose(r, b.q, &b.chose)
	return b
}

// decide decides url, whose path in the batch's reading is path (ok false
// when the reading cannot split url), as Reading.decide does, and returns
// the verdict, valid until the next call.
func (b *batch) decide(url, path string, ok bool) *Verdict {
	v := &b.v
	*v = Verdict{Dialect: b.r.Dialect, Agent: b.q.agent, URL: url, Path: path, Winner: -1,
		Selection: b.chose.Selection, Token: b.chose.Token, Matches: v.Matches[:0]}
	if b.r.alwaysAllows(path, ok) {
		v.Allowed, v.Selection, v.Token = true, AlwaysAllowed, ""
		return v
	}
	b.r.decideIn(b.list, v)
	return v
}
