package robots

import (
	"slices"
	"strings"
)

// Rules by intent: a site owner says, per role of crawler (search, AI
// training, ...) and per crawler, whether it may crawl the site, and
// optionally what the AI-preference lines state; [WriteIntent] writes it
// into a robots.txt, changing only what the intent says (issue 43).
//
// A crawler's access is what keeps it off the site or lets it in: Block
// means it may fetch nothing; Allow means nothing keeps it off the site
// as a whole, no site blocker in the groups it reads — a Disallow rule
// matching "/" (Disallow: /, /*, /$, *), which blocks the site's root and
// with it, for most, every URL. Allow is not "as the * group allows": a
// crawler's own group's path rules (Disallow: /private/), Crawl-delay and
// comments are what the site wants of it, and stay; only the site
// blockers go. So, exactly:
//   - a crawler whose access already matches its choice is left as it
//     is: no line it reads is touched ([Intent.Pending] lists the others);
//   - a crawler left as is, or outside the intent, keeps every verdict in
//     every reading (but in the readings that find a record by a
//     substring of the crawler's name, where a group written for Yandex
//     is YandexBot's too when it comes first);
//   - Block: every URL is blocked, in every reading;
//   - Allow, in the crawler's own reading and those that give it the
//     same groups: no URL it could fetch is blocked; a URL a rule that is
//     no site blocker blocked stays blocked; "/" is allowed. Dropping a
//     crawler's own path rules is never implied.
//
// The property test (TestIntentProperty) checks these over the corpus,
// every line of the form, every choice and every reading.
//
// What is written must catch no crawler it does not mean, in any
// crawler's own reading:
//   - a blocked crawler is named by a group of the block, so that no *
//     group, fallback token or other group decides for it; the user's
//     user-agent lines naming it are commented out (or stand as a line
//     naming no crawler, where commenting out would join two records in
//     some reading), and a group left naming nobody has all its lines
//     commented out (its rules would otherwise join the group before it);
//   - an allowed crawler's site blockers are commented out in place when
//     every crawler of their group is so allowed; otherwise it gets a
//     copy of the group, without them, just before the group, and its
//     user-agent line there is taken away; a crawler that read the *
//     groups gets a copy of each;
//   - the block stands before the first user-agent line, so that the
//     readings that take the first record matching a name (the 1996 draft
//     Baiduspider follows) find it first;
//   - control tokens (Google-Extended, which never fetches) have groups
//     of their own: in a group beside Googlebot, the rules meant for the
//     token would decide what Googlebot fetches too.
//
// Writing the same intent twice changes nothing: when nothing is to
// change, WriteIntent returns the file as it is, and the block written
// before is kept and added to (its lines taken away rather than
// commented out).

// Choice is what an intent says of a crawler.
type Choice uint8

const (
	Leave Choice = iota // the intent says nothing: the file decides, as it did
	Let                 // nothing keeps the crawler off the site: its site blockers go, its other rules stay
	Deny                // the crawler may fetch nothing: Disallow: /
)

var choiceNames = [...]string{"leave", "allow", "block"}

// String returns "leave", "allow" or "block".
func (c Choice) String() string {
	if int(c) < len(choiceNames) {
		return choiceNames[c]
	}
	return "leave"
}

// ParseChoice returns the choice named by name ("leave", "allow",
// "block", in any case), and Leave for any other name.
func ParseChoice(name string) Choice {
	for i, n := range choiceNames {
		if strings.EqualFold(n, strings.TrimSpace(name)) {
			return Choice(i)
		}
	}
	return Leave
}

// An IntentRole is one line of the form: a set of crawler roles a site
// owner chooses for at once.
type IntentRole struct {
	Name  string // "search", "ai-training", ...: the form's key
	Title string // for people: "Search engines"
	Roles []Role
}

// intentRoles are the form's lines, in its order.
var intentRoles = []IntentRole{
	{"search", "Search engines", []Role{RoleSearch}},
	{"ai-training", "AI training", []Role{RoleAITraining}},
	{"ai-search", "AI search and assistants", []Role{RoleAISearch}},
	{"user-fetch", "Fetches a person asks an AI for", []Role{RoleUserFetch}},
	{"ads", "Ads", []Role{RoleAds}},
	{"tools", "Tools", []Role{RoleTool}},
	{"others", "Others: previews, services, research", []Role{RolePreview, RoleService, RoleResearch}},
}

// IntentRoles returns the lines of an intent's form: each a name, a title
// and the roles it sets. Every role is in exactly one. The slices are
// copies.
func IntentRoles() []IntentRole {
	out := make([]IntentRole, len(intentRoles))
	for i, r := range intentRoles {
		out[i] = IntentRole{r.Name, r.Title, slices.Clone(r.Roles)}
	}
	return out
}

// An Intent is what a site owner wants of crawlers: a choice per role, a
// choice per crawler over its role's, and the AI-preference lines.
type Intent struct {
	// Roles are the choices per role; a role missing is Leave.
	Roles map[Role]Choice
	// Crawlers are the choices per product token (any case), over the
	// role's: Leave here means "as its role says". A token the catalogue
	// does not know is governed by this choice alone.
	Crawlers map[string]Choice
	// Pref is the AI-preference lines to write; the zero value writes
	// none and leaves those of the file.
	Pref AIPref
}

// AIPref is what the AI-preference lines an intent writes state: a
// Content-Signal line (Cloudflare's content signals) and, when Usage is
// set, a Content-Usage line (IETF aipref), which has no label for AI
// input. They are written in the * group (a crawler with a group of its
// own reads its group's, which the intent leaves).
type AIPref struct {
	Stances [NumUsePurposes]Stance
	Usage   bool
}

// Stated reports whether the preference states anything.
func (p AIPref) Stated() bool { return p.Stances != [NumUsePurposes]Stance{} }

// lines returns the AI-preference lines to write, "" for none.
func (p AIPref) lines() []string {
	if !p.Stated() {
		return nil
	}
	words := [...]string{NotStated: "", StatedYes: "yes", StatedNo: "no"}
	var sig []string
	for i, s := range p.Stances {
		if s != NotStated {
			sig = append(sig, signalKeys[i]+"="+words[s])
		}
	}
	out := []string{"Content-Signal: " + strings.Join(sig, ", ")}
	if p.Usage {
		var use []string
		for i, s := range p.Stances {
			if s != NotStated && usageLabels[i] != "" {
				use = append(use, usageLabels[i]+"="+words[s][:1])
			}
		}
		if len(use) > 0 {
			out = append(out, "Content-Usage: "+strings.Join(use, ", "))
		}
	}
	return out
}

// An IntentTarget is a crawler an intent governs in a file.
type IntentTarget struct {
	Token  string
	Choice Choice
	// Control reports a token that never fetches (Google-Extended).
	Control bool
	// Follows is, for a crawler the intent does not name, the token whose
	// group it reads (Googlebot-Image reads Googlebot's when no group
	// names it): the intent governs it through that token.
	Follows string
}

// The block's markers. Lines between them are the block's, written anew
// at every write; a line commented out by the intent starts with
// intentOff.
const (
	IntentBegin = "# BEGIN rules by intent (robots.txt tester): change them with the form; delete both markers to keep them as your own"
	IntentEnd   = "# END rules by intent"
	intentOff   = "# off by intent: "
)

// Targets returns the crawlers the intent governs in f, in the catalogue's
// order, then the tokens the catalogue does not know, sorted: those its
// choices name, and those that read the group of one it names (a
// catalogued crawler with fallbacks and no group of its own).
func (in *Intent) Targets(f *File) []IntentTarget {
	r := f.Read(Google)
	var out []IntentTarget
	chosen := map[string]Choice{} // lower-case token → choice, of the named ones
	for i := range crawlers {
		c := &crawlers[i]
		ch := in.crawlerChoice(c.Token)
		if ch == Leave {
			ch = in.Roles[c.Role]
		}
		if ch != Leave {
			chosen[lowerASCII(c.Token)] = ch
		}
	}
	var extra []string
	for _, key := range in.crawlerKeys() {
		tok, ch := strings.TrimSpace(key), in.Crawlers[key]
		if ch == Leave || !validIntentToken(tok) {
			continue
		}
		if _, known := LookupCrawler(tok); !known {
			if _, dup := chosen[lowerASCII(tok)]; !dup {
				chosen[lowerASCII(tok)] = ch
				extra = append(extra, tok)
			}
		}
	}
	slices.SortFunc(extra, func(a, b string) int { return strings.Compare(lowerASCII(a), lowerASCII(b)) })
	for i := range crawlers {
		c := &crawlers[i]
		if ch, ok := chosen[lowerASCII(c.Token)]; ok {
			out = append(out, IntentTarget{Token: c.Token, Choice: ch, Control: c.ControlOnly})
			continue
		}
		if r.byToken[lowerASCII(c.Token)] != nil {
			continue // its own group decides, which the intent leaves
		}
		for _, fb := range c.Fallbacks {
			if ch, ok := chosen[lowerASCII(fb)]; ok {
				out = append(out, IntentTarget{Token: c.Token, Choice: ch, Control: c.ControlOnly, Follows: fb})
				break
			}
			if r.byToken[lowerASCII(fb)] != nil {
				break // it reads that group, which the intent leaves
			}
		}
	}
	for _, tok := range extra {
		out = append(out, IntentTarget{Token: tok, Choice: chosen[lowerASCII(tok)]})
	}
	return out
}

// crawlerChoice returns the intent's own choice for token, any case: of
// keys that differ only in case, the first in crawlerKeys' order, so that
// the same intent always writes the same file.
func (in *Intent) crawlerChoice(token string) Choice {
	if ch, ok := in.Crawlers[token]; ok {
		return ch
	}
	for _, key := range in.crawlerKeys() {
		if strings.EqualFold(strings.TrimSpace(key), token) {
			return in.Crawlers[key]
		}
	}
	return Leave
}

// crawlerKeys returns the keys of the choices per crawler, sorted.
func (in *Intent) crawlerKeys() []string {
	keys := make([]string, 0, len(in.Crawlers))
	for k := range in.Crawlers {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}

// validIntentToken reports whether tok can be written on a user-agent
// line as the name of one crawler: a whole product token, not *.
func validIntentToken(tok string) bool {
	return tok != "" && tokenLength(tok) == len(tok)
}

// StripIntent returns text without the block a WriteIntent wrote, and the
// byte offset where it stood (-1 when there is none). A BEGIN marker
// without its END is left as it is.
func StripIntent(text string) (string, int) {
	begin := lineIndex(text, IntentBegin, 0)
	if begin < 0 {
		return text, -1
	}
	end := lineIndex(text, IntentEnd, begin)
	if end < 0 {
		return text, -1
	}
	stop := end + len(IntentEnd)
	stop += lineBreakAt(text, stop)
	stop += lineBreakAt(text, stop) // the blank line that ends the block's last group
	return text[:begin] + text[stop:], begin
}

// lineIndex returns the offset of the first line from offset from that is
// exactly line (trailing white space aside), or -1.
func lineIndex(text, line string, from int) int {
	for i := from; i < len(text); {
		j := strings.Index(text[i:], line)
		if j < 0 {
			return -1
		}
		at := i + j
		rest := at + len(line)
		for rest < len(text) && (text[rest] == ' ' || text[rest] == '\t') {
			rest++
		}
		if (at == 0 || text[at-1] == '\n' || text[at-1] == '\r' || text[:at] == "\ufeff") && (rest == len(text) || text[rest] == '\n' || text[rest] == '\r') {
			return at
		}
		i = at + 1
	}
	return -1
}

// lineBreakAt returns the length of the line break at offset i of text,
// 0 when there is none.
func lineBreakAt(text string, i int) int {
	switch {
	case strings.HasPrefix(text[i:], "\r\n"):
		return 2
	case strings.HasPrefix(text[i:], "\n"), strings.HasPrefix(text[i:], "\r"):
		return 1
	}
	return 0
}

// WriteIntent returns text with the intent written in, changing only what
// the intent says (the notes on rules by intent, in intent.go, say why):
//   - a crawler whose access already matches its choice, in every reading
//     for Block, is left exactly as it is: no line that names it or that
//     it reads is touched ([Intent.Pending] lists the others);
//   - Block names the crawler in a group of the block that disallows /,
//     and comments out the user's user-agent lines naming it;
//   - Allow lifts what keeps the crawler off the site, its site blockers
//     (the Disallow rules of its groups that match "/": Disallow: /, /*,
//     /$ ...), and keeps every other line of its groups: path rules,
//     Crawl-delay, comments. A group whose every crawler is so allowed
//     has its blockers commented out in place; otherwise the allowed
//     crawlers get a copy of the group, without the blockers, just before
//     it (for a crawler that read the * group, a copy of each * group). A
//     crawler of another reading (Baiduspider's, the 1996 draft's) has the
//     records that reading gives it lifted.
//
// The AI-preference lines go in the * group. When nothing is to change,
// WriteIntent returns text itself: writing the same intent twice changes
// nothing, and an intent that governs nothing keeps the block written
// before (delete its markers, or its groups, to drop it).
func WriteIntent(text string, in Intent) string {
	// A write can change what a crawler it leaves reads in the readings
	// that find names by substring (Googlebot-Image is blocked there by
	// Googlebot's record, which an Allow lifts): the next write sees it
	// and names that crawler too. Writing until nothing is left to do
	// makes the write one that writing again does not change.
	for range 4 {
		next, lifted := writeIntentOnce(text, in)
		if next == text {
			break
		}
		text = next
		if !lifted {
			break // only an Allow changes what a crawler the write leaves reads
		}
	}
	return text
}

// writeIntentOnce is WriteIntent on the crawlers pending in text; lifted
// reports that an Allow was written.
func writeIntentOnce(text string, in Intent) (out string, lifted bool) {
	f := ParseString(text)
	w := intentWriter{text: text, f: f, r: f.Read(Google), nl: lineBreakOf(text), edits: map[int]string{}}
	w.findBlock()
	pending := in.pending(f)
	prefs := in.Pref.lines()
	if len(pending) == 0 && len(prefs) == 0 {
		return text, false
	}
	w.lift(pending)
	w.turnOff()
	globalAdded := w.prefsInGlobal(prefs)
	block := w.block(pending, prefs, !globalAdded)
	lifted = slices.ContainsFunc(pending, func(t IntentTarget) bool { return t.Choice == Let })
	if len(w.edits) == 0 && len(w.inserts) == 0 && len(w.before) == 0 && len(block) == 0 {
		return text, lifted
	}
	return w.assemble(block), lifted
}

// Pending returns the crawlers of Targets whose access does not match the
// intent's choice in f, the ones WriteIntent changes: for Block, a crawler
// that some reading lets fetch a URL (it is blocked already when, in every
// reading, the groups it reads hold a "Disallow: /" and no rule but
// non-empty Disallow rules); for Allow, a crawler whose groups in Google's
// reading hold a site blocker, a Disallow rule matching "/".
func (in *Intent) Pending(f *File) []IntentTarget {
	return in.pending(f)
}

func (in *Intent) pending(f *File) []IntentTarget {
	var out []IntentTarget
	targets := in.Targets(f)
	denied := map[string]bool{}
	for _, t := range targets {
		if t.Choice == Deny && !deniedEverywhere(f, CrawlerFor(t.Token)) {
			out = append(out, t)
			denied[lowerASCII(t.Token)] = true
		}
	}
	blockers := map[string]bool{}
	r := f.Read(Google)
	for _, t := range targets {
		if t.Choice != Let {
			continue
		}
		// A crawler that reads the group of one the write blocks (its
		// fallback) must keep what it reads: it gets a copy of its own.
		c := CrawlerFor(t.Token)
		if c.Dialect != Google {
			// A crawler of another reading (Baiduspider's, which finds
			// "Aidu" in its name) is kept off by the records that
			// reading gives it.
			if own := f.Read(c.Dialect).CheckCrawler(c, "/"); keptOff(&own, blockers) {
				out = append(out, t)
			}
			continue
		}
		v := r.CheckCrawler(c, "/")
		if keptOff(&v, blockers) || v.Selection != NamedGroup && slices.ContainsFunc(c.Fallbacks, func(fb string) bool { return denied[lowerASCII(fb)] }) {
			out = append(out, t)
		}
	}
	return out
}

// deniedEverywhere reports whether c may fetch nothing in any reading of
// f: the groups it reads hold "Disallow: /" and only non-empty Disallow
// rules (an Allow, or an empty rule, may let it fetch something in some
// reading).
func deniedEverywhere(f *File, c Crawler) bool {
	dialects := Dialects()
	if c.ControlOnly {
		// It never fetches: only its vendor's reading of it counts.
		dialects = []Dialect{c.Dialect}
	}
	for _, d := range dialects {
		v := f.Read(d).CheckCrawler(c, "/")
		root := false
		for _, g := range v.Groups {
			for _, r := range g.Rules {
				value := strings.TrimSpace(r.Value)
				if r.Allow || value == "" {
					return false
				}
				root = root || value == "/"
			}
		}
		if !root {
			return false
		}
	}
	return true
}

// keptOff reports whether a site blocker (isBlocker) stands in the groups
// of v, a verdict of Google's reading.
func keptOff(v *Verdict, memo map[string]bool) bool {
	for _, g := range v.Groups {
		for i := range g.Rules {
			if isBlocker(&g.Rules[i], memo) {
				return true
			}
		}
	}
	return false
}

// isBlocker reports whether rule keeps a crawler off the site: a
// Disallow whose pattern matches "/" in Google's reading, which matches
// whatever a literal reading matches there.
func isBlocker(rule *Rule, memo map[string]bool) bool {
	if rule.Allow || strings.TrimSpace(rule.Value) == "" {
		return false
	}
	b, ok := memo[rule.Value]
	if !ok {
		b = blocksRoot(rule.Value)
		memo[rule.Value] = b
	}
	return b
}

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

// lift has the allowed crawlers' site blockers taken away: in place in a
// group every crawler of which is lifted, else in a copy of the group for
// them, put before it.
func (w *intentWriter) lift(pending []IntentTarget) {
	if w.blockers == nil {
		w.blockers = map[string]bool{}
	}
	lifted, denied := map[string]bool{}, map[string]bool{}
	for _, t := range pending {
		if t.Choice == Let {
			lifted[lowerASCII(t.Token)] = true
		} else {
			denied[lowerASCII(t.Token)] = true
		}
	}
	w.denied = denied
	if w.before == nil {
		w.before = map[int][]string{}
	}
	// readers are, by group, the lifted crawlers that read it without
	// being named in it: each needs a copy.
	readers := map[int][]IntentTarget{}
	named := map[int]bool{} // the groups naming a lifted crawler with a blocker
	var order []int
	see := func(gi int) {
		if !named[gi] && readers[gi] == nil {
			order = append(order, gi)
		}
	}
	for _, t := range pending {
		if t.Choice != Let {
			continue
		}
		c := CrawlerFor(t.Token)
		v := w.r.CheckCrawler(c, "/")
		if c.Dialect != Google {
			// A crawler of another reading (Baiduspider's) has the
			// records that reading gives it lifted: the groups that hold
			// them, or a copy for it, which comes first there.
			if own := w.f.Read(c.Dialect).CheckCrawler(c, "/"); keptOff(&own, w.blockers) {
				for _, rec := range own.Groups {
					gi := w.groupAt(rec.Start)
					switch {
					case gi >= 0 && sameAgentLines(rec, &w.r.Groups[gi]) && slices.ContainsFunc(rec.Agents, func(a Agent) bool { return strings.EqualFold(a.Token, c.Token) }):
						see(gi)
						named[gi] = true
					case gi >= 0 && sameAgentLines(rec, &w.r.Groups[gi]):
						see(gi)
						readers[gi] = append(readers[gi], t)
					case gi >= 0:
						// Its reading splits the group (a blank line
						// ends a record there): the copy is of the
						// record, before the group.
						w.before[w.r.Groups[gi].Start] = append(w.before[w.r.Groups[gi].Start], w.copyLines(rec, []IntentTarget{t})...)
					default:
						// A record Google's reading does not read at
						// all (its user-agent line spoilt for Google):
						// the copy is of the record, in the block,
						// where no line Google reads as a rule of its
						// group follows it.
						w.ownCopies = append(w.ownCopies, w.copyLines(rec, []IntentTarget{t})...)
					}
				}
				continue
			}
		}
		switch v.Selection {
		case NamedGroup:
			for _, g := range v.Groups {
				if w.hasBlocker(g) {
					see(g.Index)
					named[g.Index] = true
				}
			}
		case FallbackGroup, GlobalGroup:
			if v.Selection == FallbackGroup && lifted[lowerASCII(v.Token)] {
				continue // it reads the groups of a crawler lifted with it
			}
			for _, g := range v.Groups {
				see(g.Index)
				readers[g.Index] = append(readers[g.Index], t)
			}
		case NoGroup:
			// It read no group, and the one it falls back to is to be
			// blocked: a group that allows all keeps it as it was.
			w.let = append(w.let, t.Token)
		}
	}
	slices.Sort(order)
	for _, gi := range order {
		g := &w.r.Groups[gi]
		var names []string // the lifted crawlers named in g
		inPlace := !g.Global()
		for _, a := range g.Agents {
			switch tok := lowerASCII(a.Token); {
			case lifted[tok]:
				names = append(names, a.Token)
			case denied[tok]:
			default:
				inPlace = false
			}
		}
		if inPlace && len(names) > 0 {
			w.liftInPlace(g)
		}
		var copyFor []IntentTarget
		if !inPlace {
			for _, a := range g.Agents {
				if lifted[lowerASCII(a.Token)] {
					w.offAgent(gi, a.Line)
					c := CrawlerFor(a.Token)
					copyFor = append(copyFor, IntentTarget{Token: a.Token, Choice: Let, Control: c.ControlOnly})
				}
			}
		}
		copyFor = append(copyFor, readers[gi]...)
		w.copyGroup(g, copyFor)
	}
}

// sameAgentLines reports whether two groups (of two readings) are opened
// by the same user-agent lines.
func sameAgentLines(a, b *Group) bool {
	return slices.EqualFunc(a.Agents, b.Agents, func(x, y Agent) bool { return x.Line == y.Line })
}

// groupAt returns the index of the group of Google's reading that holds
// line n, or -1.
func (w *intentWriter) groupAt(n int) int {
	i, found := slices.BinarySearchFunc(w.r.Groups, n, func(g Group, n int) int {
		switch {
		case g.End < n:
			return -1
		case g.Start > n:
			return 1
		}
		return 0
	})
	if !found {
		return -1
	}
	return i
}

// everyReadingRule reports whether line n is a rule every reading reads
// as one: its key "allow" or "disallow", the colon right after it. A
// group left with no such rule ends with "Allow: /", which decides
// nothing another rule would (it is the shortest, and the last), so that
// the readings that drop a record without rules (and Google, which reads
// the next group's user-agent lines as its own) keep the group.
func (w *intentWriter) everyReadingRule(n int) bool {
	l := &w.f.Lines[n-1]
	line := strings.ToLower(strings.TrimSpace(w.text[l.Start:l.End]))
	return strings.HasPrefix(line, "allow:") || strings.HasPrefix(line, "disallow:")
}

// hasBlocker reports whether a rule of g is a site blocker.
func (w *intentWriter) hasBlocker(g *Group) bool {
	for i := range g.Rules {
		if isBlocker(&g.Rules[i], w.blockers) {
			return true
		}
	}
	return false
}

// liftInPlace comments out g's site blockers, with the rules that stand
// in for some of them (standIns).
func (w *intentWriter) liftInPlace(g *Group) {
	stand := w.standIns(g)
	for i := range g.Rules {
		n := g.Rules[i].Line
		if !isBlocker(&g.Rules[i], w.blockers) || !w.offLine(n) {
			continue
		}
		if st := stand[n]; st != "" {
			if w.edits[n] == deleted {
				w.edits[n] = st
			} else {
				w.edits[n] += w.nl + st
			}
		}
	}
}

// standIns returns, by the line of a site blocker of g, the rule to
// write after it once it is commented out: an empty rule of its key,
// "Disallow:", which decides nothing in Google's reading and allows what
// is left in the others, as the blocker's absence would, where its
// absence would instead change which group a crawler reads:
//   - after the last blocker when the group is left with no rule: Google
//     would read the next group's user-agent lines as its own, and the
//     readings that drop a record without rules would give its crawlers
//     another;
//   - after the last blocker every reading reads as a rule when no such
//     rule is left ("Allow : /$" is Google's alone), for the same reason
//     in the other readings;
//   - after a blocker that ends a record in the readings where a blank
//     line ends one (a blank line follows it), for the same reason there.
//
// A reading that did not read the blocker (a misspelt key) does not read
// the empty rule either.
func (w *intentWriter) standIns(g *Group) map[int]string {
	out := map[int]string{}
	left, leftEvery := false, false // a rule left; one every reading reads
	last, lastEvery := 0, 0
	for i := range g.Rules {
		r := &g.Rules[i]
		if !isBlocker(r, w.blockers) {
			left = true
			leftEvery = leftEvery || w.everyReadingRule(r.Line)
			continue
		}
		last = r.Line
		if w.everyReadingRule(r.Line) {
			lastEvery = r.Line
		}
		if w.endsRecord(g, r.Line) {
			out[r.Line] = w.emptyRule(r.Line)
		}
	}
	if !left && last != 0 {
		out[last] = w.emptyRule(last)
	}
	if !leftEvery && lastEvery != 0 {
		out[lastEvery] = w.emptyRule(lastEvery)
	}
	return out
}

// emptyRule returns the empty rule that stands in for the blocker of
// line n: "Disallow:", or its own key when not every reading reads it.
func (w *intentWriter) emptyRule(n int) string {
	if w.everyReadingRule(n) {
		return "Disallow:"
	}
	return w.f.Key(n) + ":"
}

// endsRecord reports whether a blank line, comments aside, follows line n
// of g (or g ends there, but for its last group, when a user-agent line
// follows): a record ends there in the readings where blank lines end
// records.
func (w *intentWriter) endsRecord(g *Group, n int) bool {
	for m := n + 1; m <= len(w.f.Lines); m++ {
		switch w.f.Lines[m-1].Kind {
		case Comment:
			continue
		case Blank:
			return true
		}
		return m > g.End
	}
	return true
}

// copyGroup puts before g a copy of it for the crawlers of targets: their
// user-agent lines, then g's lines but its user-agent lines, its sitemaps
// (a copy would name them twice) and its site blockers (commented out,
// outside the block), then a blank line. Control tokens get a copy each.
func (w *intentWriter) copyGroup(g *Group, targets []IntentTarget) {
	if w.before == nil {
		w.before = map[int][]string{}
	}
	w.before[g.Start] = append(w.before[g.Start], w.copyLines(g, targets)...)
}

// copyLines returns the lines of copyGroup's copies, each ended by a
// blank line.
func (w *intentWriter) copyLines(g *Group, targets []IntentTarget) []string {
	var fetchers []string
	var controls [][]string
	for _, t := range targets {
		if t.Control {
			controls = append(controls, []string{t.Token})
		} else if !slices.Contains(fetchers, t.Token) {
			fetchers = append(fetchers, t.Token)
		}
	}
	var body []string
	blockerAt := map[int]bool{}
	for i := range g.Rules {
		if isBlocker(&g.Rules[i], w.blockers) {
			blockerAt[g.Rules[i].Line] = true
		}
	}
	stand := w.standIns(g)
	agentLines := map[int]bool{}
	for _, a := range g.Agents {
		agentLines[a.Line] = true
	}
	for n := g.Start; n <= g.End && n <= len(w.f.Lines); n++ {
		l := &w.f.Lines[n-1]
		line := w.text[l.Start:l.End]
		switch {
		case l.Kind == UserAgent || l.Kind == Sitemap || l.Has(FlagPastLimit) || agentLines[n]:
		case strings.HasPrefix(line, intentOff) && (l.Kind == Comment || w.edits[n] != ""):
			// A line an intent took away is not the group's.
		case blockerAt[n]:
			if !w.inBlock(g.Start) {
				body = append(body, intentOff+line)
			}
			if stand[n] != "" {
				body = append(body, stand[n])
			}
		default:
			body = append(body, line)
		}
	}
	var out []string
	for _, tokens := range append([][]string{fetchers}, controls...) {
		if len(tokens) == 0 {
			continue
		}
		for _, t := range tokens {
			out = append(out, "User-agent: "+t)
		}
		out = append(out, body...)
		out = append(out, "")
	}
	return out
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
