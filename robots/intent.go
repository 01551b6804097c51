package robots

import (
	"slices"
	"strings"
)

// Rules by intent: a site owner says, per role of crawler (search, AI
// training, ...) and per crawler, whether it may crawl the site, and
// optionally what the AI-preference lines state; [WriteIntent] writes the
// groups that say so into a robots.txt, in a block of its own.
//
// What is written must catch no crawler it does not mean, in any
// crawler's own reading:
//   - every governed crawler is named by a group of the block, so that
//     no * group, fallback token or other group decides for it; the user's
//     user-agent lines naming it are commented out, and a group left
//     naming nobody has all its lines commented out (its rules would
//     otherwise join the group before it);
//   - the block stands before the first user-agent line, so that the
//     readings that take the first record matching a name (the 1996 draft
//     Baiduspider follows) find it first;
//   - control tokens (Google-Extended, which never fetches) have groups
//     of their own: in a group beside Googlebot, the rules meant for the
//     token would decide what Googlebot fetches too;
//   - an allowed crawler's group repeats the rules of the * group (but
//     the Disallow rules that block the site's root), since a crawler with
//     a group of its own no longer reads the * group: "allowed" means
//     allowed as the site's general rules allow any crawler, not allowed
//     into /admin/ as well.
//
// Writing the same intent twice changes nothing: the block is written
// anew in place of the one before, and lines commented out before are
// comments, which it does not touch.

// Choice is what an intent says of a crawler.
type Choice uint8

const (
	Leave Choice = iota // the intent says nothing: the file decides, as it did
	Let                 // the crawler may crawl the site (as the * group's rules allow any crawler)
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
// input. They are written in the * group and in the groups of the allowed
// crawlers, which do not read the * group.
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

// WriteIntent returns text with the intent written in: the block of
// groups it governs (in place of one written before), the user's
// user-agent lines naming governed crawlers commented out, and the
// AI-preference lines in the * group. The user's other groups and lines
// are kept. An intent that governs nothing and states no preference
// removes the block and changes nothing else.
func WriteIntent(text string, in Intent) string {
	stripped, _ := StripIntent(text)
	f := ParseString(stripped)
	targets := in.Targets(f)
	prefs := in.Pref.lines()
	if len(targets) == 0 && len(prefs) == 0 {
		return stripped
	}
	w := intentWriter{text: stripped, f: f, r: f.Read(Google), nl: lineBreakOf(stripped), edits: map[int]string{}}
	governed := map[string]bool{}
	for _, t := range targets {
		if t.Follows == "" {
			governed[lowerASCII(t.Token)] = true
		}
	}
	w.turnOff(governed)
	globalAdded := w.prefsInGlobal(prefs)
	return w.assemble(w.block(targets, prefs, !globalAdded))
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

// intentWriter is a WriteIntent under way: the file without the old
// block, as Google reads it, and the changes to its lines.
type intentWriter struct {
	text string
	f    *File
	r    *Reading
	nl   string
	// edits are the new texts of lines, by line number; inserts the lines
	// to add after a line, by its number.
	edits   map[int]string
	inserts map[int][]string
}

// turnOff comments out the user-agent lines that name governed crawlers,
// and the whole of a group left naming nobody.
func (w *intentWriter) turnOff(governed map[string]bool) {
	for gi := range w.r.Groups {
		g := &w.r.Groups[gi]
		var left *Agent // the first agent the intent leaves in the group
		for i, a := range g.Agents {
			if governed[lowerASCII(a.Token)] {
				w.off(a.Line)
			} else if left == nil {
				left = &g.Agents[i]
			}
		}
		if left != nil {
			// The group must still open with a user-agent line: without
			// one, the lines up to the one left (a Crawl-delay, say)
			// would join the group before.
			if first := g.Agents[0].Line; first != left.Line && w.edits[first] != "" {
				w.edits[first] += w.nl + w.text[w.f.Lines[left.Line-1].Start:w.f.Lines[left.Line-1].End]
			}
			continue
		}
		if len(g.Agents) == 0 {
			continue
		}
		for n := g.Start; n <= g.End && n <= len(w.f.Lines); n++ {
			switch w.f.Lines[n-1].Kind {
			case Blank, Comment, Sitemap:
			default:
				w.off(n)
			}
		}
	}
}

// off comments line n out, unless it is the line the fetch limit cuts.
func (w *intentWriter) off(n int) {
	l := &w.f.Lines[n-1]
	if l.Has(FlagPastLimit) {
		return
	}
	w.edits[n] = intentOff + w.text[l.Start:l.End]
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
		w.off(p.Line)
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

// block returns the block's lines: a group of the blocked crawlers, one of
// the allowed ones, each control token's apart, and a * group of the
// AI-preference lines when the file has none to hold them.
func (w *intentWriter) block(targets []IntentTarget, prefs []string, globalGroup bool) []string {
	var deny, let, denyControl, letControl []string
	for _, t := range targets {
		if t.Follows != "" {
			continue // it reads the group of the token it follows
		}
		switch {
		case t.Choice == Deny && t.Control:
			denyControl = append(denyControl, t.Token)
		case t.Choice == Deny:
			deny = append(deny, t.Token)
		case t.Control:
			letControl = append(letControl, t.Token)
		default:
			let = append(let, t.Token)
		}
	}
	allowRules := w.globalRules()
	out := []string{IntentBegin}
	group := func(tokens []string, body []string) {
		if len(tokens) == 0 {
			return
		}
		if len(out) > 1 {
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
	group(let, append(slices.Clone(prefs), allowRules...))
	for _, t := range letControl {
		group([]string{t}, allowRules)
	}
	if globalGroup && len(prefs) > 0 {
		// Its rule ends the group for Google, for which the user-agent
		// lines that follow would otherwise join it (a blank line does
		// not end a group there), and allows what no group did before.
		group([]string{"*"}, append(slices.Clone(prefs), "Allow: /"))
	}
	return append(out, IntentEnd)
}

// globalRules returns the rules an allowed crawler's group repeats: those
// of the * groups, in file order, but the Disallow rules that match the
// site's root and empty rules; "Allow: /" when none is left, so that the
// group is not empty.
func (w *intentWriter) globalRules() []string {
	var out []string
	if w.r.global != nil {
		for _, gi := range w.r.global.groups {
			for _, rule := range w.r.Groups[gi].Rules {
				if rule.Value == "" || w.edits[rule.Line] != "" {
					continue
				}
				if !rule.Allow && blocksRoot(rule.Value) {
					continue
				}
				if line := kindWord(rule.Kind()) + ": " + rule.Value; !slices.Contains(out, line) {
					out = append(out, line)
				}
			}
		}
	}
	if len(out) == 0 {
		out = append(out, "Allow: /")
	}
	return out
}

// blocksRoot reports whether a Disallow of pattern matches the root "/"
// in Google's reading (the readings that match literally match it only
// when the pattern is "/", which Google's matches too).
func blocksRoot(pattern string) bool {
	return !ParseString("User-agent: *\nDisallow: "+pattern+"\n").Check("x", "/").Allowed
}

// assemble returns the file with the edits made and the block before the
// first user-agent line (or line the intent commented out: the place stays
// where it was at the next write), or at the end.
func (w *intentWriter) assemble(block []string) string {
	var b strings.Builder
	b.Grow(len(w.text) + 64*len(block))
	lines := w.f.Lines
	at := 0 // the line the block goes before, 0: at the end
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
	writeBlock := func() {
		for _, l := range block {
			b.WriteString(l)
			b.WriteString(w.nl)
		}
		b.WriteString(w.nl) // a blank line ends its last group for every reading
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
			writeBlock()
		}
		if e, ok := w.edits[l.Number]; ok {
			b.WriteString(w.text[pos:l.Start])
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
	if at == 0 {
		if s := b.String(); s != "" {
			if !strings.HasSuffix(s, "\n") && !strings.HasSuffix(s, "\r") {
				b.WriteString(w.nl)
			}
			if s = b.String(); !blankLast(s) {
				b.WriteString(w.nl)
			}
		}
		writeBlock()
	}
	return b.String()
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
