package robots

import (
	"cmp"
	"iter"
	"slices"
	"strings"
)

// A Diff compares two versions of a file over the same stream of URLs:
// for each crawler, the URLs whose verdict flips, grouped by the lines
// that decided before and after, with the first few as examples. Like a
// Coverage, its memory grows with the changes, not with the URLs.
//
// Set the exported fields before the first Add. A Diff is not safe for
// concurrent use.
type Diff struct {
	// Dialect, Fixed and Examples are as a Coverage's.
	Dialect  Dialect
	Fixed    bool
	Examples int
	// OldAnswer and NewAnswer are the classes of the server's answers
	// that came with each file, as a Coverage's Answer: a reading that
	// allows or disallows everything after one decides every URL alone.
	OldAnswer, NewAnswer AnswerClass
	// CountNew has the Diff count the new file's verdicts too, as a
	// Coverage of it for the same crawlers counts them (Counted), from
	// the decisions it makes anyway: what a file decides and what it
	// changes, in one pass, each URL decided once in each file.
	CountNew bool

	old, new *File
	agents   []string
	panels   [2]*panel
	counted  *Coverage
	// pairs are the crawlers read alike in both files: those that share
	// a tally in the old file's panel and one in the new's get the same
	// verdicts from the same lines, so a URL is compared once for them
	// and its flips are kept once, for the pair (flipKey.crawler is a
	// pair's index), and given to each of its crawlers when asked for.
	// Hundreds of catalogued crawlers are a few pairs.
	pairs  []diffPair
	flips  map[flipKey]*Flip
	urls   int
	checks int
}

// NewDiff returns a Diff of the files old and new for the crawlers named
// by agents, as NewCoverage takes them.
func NewDiff(old, new *File, agents ...string) *Diff {
	return &Diff{old: old, new: new, agents: agents}
}

// A Flip is the URLs whose verdict one change flips for one crawler.
type Flip struct {
	// Agent is the crawler, as NewDiff was given it, and Dialect the
	// reading it was checked in.
	Agent   string
	Dialect Dialect
	// Allowed is the new verdict: true for URLs blocked before and
	// allowed now, false for the reverse.
	Allowed bool
	// Old and New are the lines that decided in each file (0: no rule).
	Old, New Decider
	// Count is the number of URLs, and Examples the first of them.
	Count    int
	Examples []string
}

// A Decider is what decided a verdict: a line, or 0 when no rule did.
type Decider struct {
	Line int
	Rule string // the line as the file has it; "" at line 0
	// ByAnswer reports that the server's answer decided, not the file
	// (Line is then 0).
	ByAnswer bool
}

// decided is one crawler's verdict of one URL in one file.
type decided struct {
	line              int
	allowed, byAnswer bool
}

// A diffPair is the crawlers, by index, that share a tally in each file.
type diffPair struct {
	old, new *tally
	agents   []int
}

// pairsOf returns the crawlers of the panels old and new, by the pair of
// tallies they share, in the order of their first crawler.
func pairsOf(old, new *panel) []diffPair {
	var out []diffPair
	at := map[[2]*tally]int{}
	for i := range old.of {
		k := [2]*tally{old.of[i], new.of[i]}
		j, ok := at[k]
		if !ok {
			j = len(out)
			at[k] = j
			out = append(out, diffPair{old: k[0], new: k[1]})
		}
		out[j].agents = append(out[j].agents, i)
	}
	return out
}

type flipKey struct {
	crawler  int // the pair's index (Diff.pairs)
	old, new decided
}

// Add checks url for every crawler in both files.
func (d *Diff) Add(url string) {
	if d.panels[0] == nil {
		d.panels[0] = newPanel(d.old, d.agents, d.Dialect, d.Fixed, d.OldAnswer)
		d.panels[1] = newPanel(d.new, d.agents, d.Dialect, d.Fixed, d.NewAnswer)
		d.pairs = pairsOf(d.panels[0], d.panels[1])
	}
	d.urls++
	d.panels[0].decide(url, func(t *tally, v *Verdict) { t.now = decided{v.Line, v.Allowed, t.fixed != nil} })
	if c := d.Counted(); c != nil {
		c.urls++
		u := keptURL{url: url}
		examples := c.examples()
		d.panels[1].decide(url, func(t *tally, v *Verdict) {
			t.now = decided{v.Line, v.Allowed, t.fixed != nil}
			t.count(v, &u, examples, false)
		})
	} else {
		d.panels[1].decide(url, func(t *tally, v *Verdict) { t.now = decided{v.Line, v.Allowed, t.fixed != nil} })
	}
	d.checks += len(d.agents)
	for i := range d.pairs {
		if was, is := d.pairs[i].old.now, d.pairs[i].new.now; was.allowed != is.allowed {
			d.flip(i, was, is, url)
		}
	}
}

// flip counts url under the change of the crawlers of pair i; the Flip
// names its first crawler, until it is given to each (agentFlip).
func (d *Diff) flip(i int, old, new decided, url string) {
	k := flipKey{i, old, new}
	f := d.flips[k]
	if f == nil {
		if d.flips == nil {
			d.flips = map[flipKey]*Flip{}
		}
		first := d.pairs[i].agents[0]
		f = &Flip{Agent: d.panels[1].agents[first], Dialect: d.panels[1].of[first].Dialect, Allowed: new.allowed,
			Old: Decider{old.line, ruleText(d.old, old.line), old.byAnswer},
			New: Decider{new.line, ruleText(d.new, new.line), new.byAnswer}}
		d.flips[k] = f
	}
	f.Count++
	examples := d.Examples
	if examples == 0 {
		examples = DefaultExamples
	}
	if len(f.Examples) < examples {
		f.Examples = append(f.Examples, strings.Clone(url))
	}
}

// Counted returns what a Diff with CountNew counted of the new file: a
// Coverage of it for the Diff's crawlers, read as the Diff reads them (its
// Dialect, Fixed, NewAnswer, and Examples for each line), as NewCoverage
// and Add would have counted the same URLs. It is the Diff's own: it
// follows the Diff's Adds, and is not to be added to. Counted returns nil
// without CountNew.
func (d *Diff) Counted() *Coverage {
	if !d.CountNew {
		return nil
	}
	if d.counted == nil {
		d.counted = &Coverage{Dialect: d.Dialect, Fixed: d.Fixed, Examples: d.Examples, Answer: d.NewAnswer, file: d.new, agents: d.agents}
	}
	// The panel is made at the first Add.
	d.counted.panel = d.panels[1]
	return d.counted
}

// ByAgent returns the changes crawler by crawler: for each crawler of
// NewDiff, in the order given, its changes in the order of Flips. Two
// crawlers given alike (the same name twice) are kept apart, which Flips'
// Agent cannot tell.
func (d *Diff) ByAgent() [][]Flip {
	out := make([][]Flip, len(d.agents))
	for _, af := range d.sortedKeys() {
		out[af.agent] = append(out[af.agent], d.flipOf(af))
	}
	return out
}

// URLs returns the number of URLs added.
func (d *Diff) URLs() int { return d.urls }

// Checks returns the number of crawler and URL pairs compared.
func (d *Diff) Checks() int { return d.checks }

// Flips returns the changes, by crawler (in the order given), then by the
// old line, then the new.
func (d *Diff) Flips() []Flip {
	return slices.Collect(d.All())
}

// All returns an iterator over the changes, in the order of Flips, each
// copied when it is reached.
func (d *Diff) All() iter.Seq[Flip] {
	return func(yield func(Flip) bool) {
		for _, af := range d.sortedKeys() {
			if !yield(d.flipOf(af)) {
				return
			}
		}
	}
}

// An agentFlip is a change of a pair (k) given to one of its crawlers.
type agentFlip struct {
	agent int
	k     flipKey
}

// flipOf returns the change af, a copy, named for its crawler.
func (d *Diff) flipOf(af agentFlip) Flip {
	f := *d.flips[af.k]
	f.Agent = d.panels[1].agents[af.agent]
	f.Examples = slices.Clone(f.Examples)
	return f
}

// sortedKeys returns the changes, each pair's given to each of its
// crawlers, in the order of Flips.
func (d *Diff) sortedKeys() []agentFlip {
	var out []agentFlip
	for k := range d.flips {
		for _, i := range d.pairs[k.crawler].agents {
			out = append(out, agentFlip{i, k})
		}
	}
	return slices.SortedFunc(slices.Values(out), func(x, y agentFlip) int {
		a, b := x.k, y.k
		return cmp.Or(cmp.Compare(x.agent, y.agent), cmp.Compare(a.old.line, b.old.line), cmp.Compare(a.new.line, b.new.line),
			boolOrder(a.new.allowed, b.new.allowed), boolOrder(a.old.byAnswer, b.old.byAnswer), boolOrder(a.new.byAnswer, b.new.byAnswer))
	})
}
