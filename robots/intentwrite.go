// The writer of WriteIntent: the file as Google reads it, and the
// changes to its lines.

package robots

import (
	"slices"
	"strings"
)

// lineBreakOf returns the file's first line break, the one its lines
// written are ended with: LF when it has none.
func lineBreakOf(text string) string {
	i := strings.IndexAny(text, "\r\n")
	if i < 0 {
		return "\n"
	}
	if n := lineBreakAt(text, i); n > 0 {
		return text[i : i+n]
	}
	return "\n"
}

// deleted is the edit that takes a line of the block away: the block's
// lines are the writer's, rewritten rather than commented out.
const deleted = "\x00"

// intentWriter is a WriteIntent under way: the file as Google reads it,
// and the changes to its lines.
type intentWriter struct {
	text string
	f    *File
	r    *Reading
	nl   string
	// edits are the new texts of lines, by line number (deleted: none);
	// inserts the lines to add after a line, before the lines to add
	// before one, by its number.
	edits   map[int]string
	inserts map[int][]string
	before  map[int][]string
	// off are the user-agent lines to comment out, by group index.
	off map[int]map[int]bool
	// begin and end are the lines of the block's markers, 0 when the
	// file has no block.
	begin, end int
	// blockers remembers which patterns are site blockers; denied holds
	// the crawlers to be blocked that the write names, lower case.
	blockers map[string]bool
	denied   map[string]bool
	// let are the crawlers that read no group and are to keep it so
	// (their fallback is blocked): the block allows them all.
	let []string
	// ownCopies are the groups for the block that copy a record of a
	// crawler's own reading that Google's does not read.
	ownCopies []string
}

// findBlock finds the block a write made before.
func (w *intentWriter) findBlock() {
	b := lineIndex(w.text, IntentBegin, 0)
	if b < 0 {
		return
	}
	e := lineIndex(w.text, IntentEnd, b)
	if e < 0 {
		return
	}
	for i := range w.f.Lines {
		l := &w.f.Lines[i]
		switch {
		case l.Start <= b && b <= l.End && w.begin == 0:
			w.begin = l.Number
		case l.Start <= e && e <= l.End && w.begin != 0:
			w.end = l.Number
			return
		}
	}
	w.begin = 0 // the END marker is past the lines read
}

// inBlock reports whether line n is one of the block's.
func (w *intentWriter) inBlock(n int) bool { return w.begin < n && n < w.end }

// offAgent marks user-agent line n of group gi to be commented out.
func (w *intentWriter) offAgent(gi, n int) {
	if w.off == nil {
		w.off = map[int]map[int]bool{}
	}
	if w.off[gi] == nil {
		w.off[gi] = map[int]bool{}
	}
	w.off[gi][n] = true
}

// turnOff comments out the user-agent lines that name the crawlers to be
// blocked, and those marked by lift, and the whole of a group left naming
// nobody.
func (w *intentWriter) turnOff() {
	for gi := range w.r.Groups {
		g := &w.r.Groups[gi]
		var left *Agent // the first agent left in the group
		var offs []int
		for i, a := range g.Agents {
			if w.off[gi][a.Line] || w.denied[lowerASCII(a.Token)] {
				offs = append(offs, a.Line)
			} else if left == nil {
				left = &g.Agents[i]
			}
		}
		if len(offs) == 0 {
			continue
		}
		if left != nil {
			for _, n := range offs {
				w.offAgentLine(g, n, left.Line)
			}
			continue
		}
		for n := g.Start; n <= g.End && n <= len(w.f.Lines); n++ {
			switch w.f.Lines[n-1].Kind {
			case Blank, Comment, Sitemap:
			default:
				w.offLine(n)
			}
		}
	}
}

// noneByIntent is the user-agent line that stands in for one taken away
// after a record of its group (User-agent: A, Crawl-delay: 1, User-agent:
// B, Disallow: /): Google reads one group there where CPython and the
// 1996 draft read two, and with B's line commented out, the Disallow
// would join A's record for them. A line that names no crawler keeps the
// records as they were.
const noneByIntent = "User-agent: none-by-intent"

// offAgentLine takes user-agent line n of group g away, the line left
// being the group's first user-agent line kept: commented out, or
// replaced by noneByIntent after a record of the group, or when it opens
// the group and a record stands between it and the line left (the
// record would otherwise join the group before, or the line left open
// a record of its own, in the readings where records end there).
func (w *intentWriter) offAgentLine(g *Group, n, left int) {
	from, to := g.Start, n
	if n == g.Agents[0].Line && left > n {
		from, to = n+1, left
	}
	for m := from; m < to; m++ {
		switch w.f.Lines[m-1].Kind {
		case UserAgent, Blank, Comment:
			continue
		}
		if l := &w.f.Lines[n-1]; !w.inBlock(n) && !l.Has(FlagPastLimit) {
			w.edits[n] = noneByIntent + " " + strings.TrimSpace(intentOff) + " " + w.text[l.Start:l.End]
			return
		}
	}
	w.offLine(n)
}

// offLine comments line n out (takes it away, in the block), unless it is
// the line the fetch limit cuts; it reports whether it did.
func (w *intentWriter) offLine(n int) bool {
	l := &w.f.Lines[n-1]
	if l.Has(FlagPastLimit) {
		return false
	}
	if w.inBlock(n) {
		w.edits[n] = deleted
	} else {
		w.edits[n] = intentOff + w.text[l.Start:l.End]
	}
	return true
}

// prefsInGlobal puts the AI-preference lines in the file's first * group,
// after its user-agent lines, and comments out the others of the * groups.
// It reports whether there was a * group to put them in.
func (w *intentWriter) prefsInGlobal(prefs []string) bool {
	if len(prefs) == 0 || w.r.global == nil {
		return false
	}
	want := map[string]bool{}
	for _, p := range prefs {
		want[p] = true
	}
	have := map[string]bool{}
	for _, p := range w.r.Preferences() {
		if p.Group < 0 || !w.r.Groups[p.Group].Global() || w.edits[p.Line] != "" {
			continue
		}
		line := w.f.Text(p.Line)
		if want[strings.TrimSpace(line)] && !have[strings.TrimSpace(line)] {
			have[strings.TrimSpace(line)] = true
			continue
		}
		w.offLine(p.Line)
	}
	g := &w.r.Groups[w.r.global.groups[0]]
	last := g.Agents[len(g.Agents)-1].Line
	for _, p := range prefs {
		if !have[p] {
			if w.inserts == nil {
				w.inserts = map[int][]string{}
			}
			w.inserts[last] = append(w.inserts[last], p)
		}
	}
	return true
}

// block returns the groups to add to the block: one of the crawlers to be
// blocked, each control token's apart, and a * group of the AI-preference
// lines when the file has none to hold them; nil when there are none.
func (w *intentWriter) block(pending []IntentTarget, prefs []string, globalGroup bool) []string {
	var deny, denyControl []string
	for _, t := range pending {
		if t.Choice != Deny || t.Follows != "" && w.denied[lowerASCII(t.Follows)] {
			continue // it reads the group of the token it follows
		}
		if t.Control {
			denyControl = append(denyControl, t.Token)
		} else {
			deny = append(deny, t.Token)
		}
	}
	var out []string
	group := func(tokens []string, body []string) {
		if len(tokens) == 0 {
			return
		}
		if len(out) > 0 {
			out = append(out, "")
		}
		for _, t := range tokens {
			out = append(out, "User-agent: "+t)
		}
		out = append(out, body...)
	}
	group(deny, []string{"Disallow: /"})
	for _, t := range denyControl {
		group([]string{t}, []string{"Disallow: /"})
	}
	group(w.let, []string{"Allow: /"})
	if len(w.ownCopies) > 0 {
		if len(out) > 0 {
			out = append(out, "")
		}
		out = append(out, w.ownCopies[:len(w.ownCopies)-1]...) // without the last blank line
	}
	if globalGroup && len(prefs) > 0 {
		// Its rule ends the group for Google, for which the user-agent
		// lines that follow would otherwise join it (a blank line does
		// not end a group there), and allows what no group did before.
		group([]string{"*"}, append(slices.Clone(prefs), "Allow: /"))
	}
	return out
}

// blocksRoot reports whether a Disallow of pattern matches the root "/"
// in Google's reading (the readings that match literally match it only
// when the pattern is "/", which Google's matches too).
func blocksRoot(pattern string) bool {
	return !ParseString("User-agent: *\nDisallow: "+pattern+"\n").Check("x", "/").Allowed
}

// assemble returns the file with the edits made and the groups of block
// added: at the end of the block written before, or in a new block before
// the first user-agent line (or line the intent commented out: the place
// stays where it was at the next write), or at the end.
func (w *intentWriter) assemble(block []string) string {
	var b strings.Builder
	b.Grow(len(w.text) + 64*len(block))
	lines := w.f.Lines
	at := 0 // the line a new block goes before, 0: at the end
	if w.begin == 0 && len(block) > 0 {
		for i := range lines {
			l := &lines[i]
			if l.Kind == UserAgent || strings.HasPrefix(w.text[l.Start:l.End], intentOff) {
				at = l.Number
				break
			}
		}
		if at == 1 && w.f.BOM > 0 {
			// The readers that do not skip a byte-order mark ignore the
			// first line: before the block, it would spoil the block's
			// marker and no longer the user's line, which they would then
			// read. The block goes at the end instead.
			at = 0
		}
		block = append(append([]string{IntentBegin}, block...), IntentEnd)
	}
	if w.begin != 0 {
		w.tidyBlock(len(block) > 0)
	}
	writeLines := func(ls []string) {
		for _, l := range ls {
			b.WriteString(l)
			b.WriteString(w.nl)
		}
	}
	pos := 0
	for i := range lines {
		l := &lines[i]
		if l.Number == at {
			b.WriteString(w.text[pos:l.Start])
			pos = l.Start
			if i > 0 && lines[i-1].Kind != Blank {
				b.WriteString(w.nl)
			}
			writeLines(block)
			b.WriteString(w.nl) // a blank line ends its last group for every reading
		}
		if ls := w.before[l.Number]; len(ls) > 0 {
			b.WriteString(w.text[pos:l.Start])
			pos = l.Start
			writeLines(ls)
		}
		if l.Number == w.end && len(block) > 0 {
			b.WriteString(w.text[pos:l.Start])
			pos = l.Start
			writeLines(block)
		}
		if e, ok := w.edits[l.Number]; ok {
			b.WriteString(w.text[pos:l.Start])
			if e == deleted {
				pos = l.End + lineBreakAt(w.text, l.End)
				continue
			}
			b.WriteString(e)
			pos = l.End
		}
		for _, s := range w.inserts[l.Number] {
			b.WriteString(w.text[pos:l.End])
			pos = l.End
			b.WriteString(w.nl)
			b.WriteString(s)
		}
	}
	b.WriteString(w.text[pos:])
	if at == 0 && w.begin == 0 && len(block) > 0 {
		if s := b.String(); s != "" {
			if !strings.HasSuffix(s, "\n") && !strings.HasSuffix(s, "\r") {
				b.WriteString(w.nl)
			}
			if s = b.String(); !blankLast(s) {
				b.WriteString(w.nl)
			}
		}
		writeLines(block)
		b.WriteString(w.nl)
	}
	return b.String()
}

// tidyBlock takes away the blank lines of the block written before that
// its lines taken away leave doubled, and has one blank line stand before
// the groups added (adding reports that there are some).
func (w *intentWriter) tidyBlock(adding bool) {
	blank := true // the last line kept is blank, or the marker
	lastBlank := 0
	for n := w.begin + 1; n < w.end; n++ {
		if len(w.before[n]) > 0 {
			blank = true // a copy ends with a blank line
			lastBlank = 0
		}
		if w.edits[n] == deleted {
			continue
		}
		if w.f.Lines[n-1].Kind == Blank && w.edits[n] == "" {
			if blank {
				w.edits[n] = deleted
				continue
			}
			blank, lastBlank = true, n
			continue
		}
		blank, lastBlank = false, 0
		if len(w.inserts[n]) > 0 {
			blank = false
		}
	}
	switch {
	case adding && !blank:
		if w.before == nil {
			w.before = map[int][]string{}
		}
		w.before[w.end] = append(w.before[w.end], "")
	case !adding && lastBlank != 0:
		w.edits[lastBlank] = deleted
	}
}

// blankLast reports whether the last line of text, which ends with a line
// break, is blank.
func blankLast(text string) bool {
	t := text[:len(text)-lineBreakBefore(text)]
	i := strings.LastIndexAny(t, "\r\n")
	return strings.TrimSpace(t[i+1:]) == ""
}

// lineBreakBefore returns the length of the line break that ends text.
func lineBreakBefore(text string) int {
	switch {
	case strings.HasSuffix(text, "\r\n"):
		return 2
	case strings.HasSuffix(text, "\n"), strings.HasSuffix(text, "\r"):
		return 1
	}
	return 0
}
