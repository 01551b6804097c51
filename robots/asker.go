package robots

// An Asker answers the questions of a stream of URLs for the same
// crawlers, reading and server answer, as [File.Ask] answers each one: the
// crawlers are identified and their groups found once, and a URL's path
// is made once for each reading, not once for each crawler. It is what a
// whole site's check needs (the robotstxt command checks a million URLs a
// second with it). An Asker is not safe for concurrent use; its File is,
// so that several may share one.
type Asker struct {
	readings []askReading
	rulings  []Ruling
	reads    []*Reading // the reading of each crawler
}

// askReading is one reading of an Asker, with the crawlers it decides for
// (their indexes in the Asker's rulings).
type askReading struct {
	r       *Reading
	batches []*batch
	index   []int
}

// Asker returns an Asker for the crawlers named by agents (as a
// Question's Agent), asked as q asks: in q.Dialect, or in each crawler's
// own reading with q.OwnDialect, after the server's answer q.Answer. q's
// Agent and URL are not used.
func (f *File) Asker(q Question, agents ...string) *Asker {
	a := &Asker{rulings: make([]Ruling, len(agents)), reads: make([]*Reading, len(agents))}
	for i, agent := range agents {
		id := Identify(agent)
		d := q.Dialect
		if q.OwnDialect {
			d = id.Crawler.Dialect
		}
		r := f.Read(d)
		a.reads[i] = r
		a.rulings[i] = Ruling{Identity: id, Access: AccessFor(r.Dialect, q.Answer)}
		k := 0
		for k < len(a.readings) && a.readings[k].r != r {
			k++
		}
		if k == len(a.readings) {
			a.readings = append(a.readings, askReading{r: r})
		}
		ar := &a.readings[k]
		ar.batches = append(ar.batches, r.newBatchFor(&a.rulings[i].Identity))
		ar.index = append(ar.index, i)
	}
	return a
}

// Ask answers url for every crawler of the Asker, in the order they were
// given: what [File.Ask] answers for each. The rulings are valid until the
// next call.
func (a *Asker) Ask(url string) []Ruling {
	a.each(url, func(i int, v *Verdict) {
		ru := &a.rulings[i]
		ru.Verdict = *v
		ru.Allowed, ru.Line = ru.Access.Permission == AllowAll, 0
		if ru.Access.Permission == FollowRules {
			ru.Allowed, ru.Line = v.Allowed, v.Line
		}
	})
	return a.rulings
}

// each hands fn the file's verdict on url for each crawler, by its index
// among those given, valid during the call: what a count needs, without
// the copy of a Verdict into a Ruling.
func (a *Asker) each(url string, fn func(i int, v *Verdict)) {
	for k := range a.readings {
		ar := &a.readings[k]
		path, ok := ar.r.pathOf(url)
		for j, b := range ar.batches {
			fn(ar.index[j], b.decide(url, path, ok))
		}
	}
}
