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

// Crawlers returns the catalogue's crawlers of the role that an Intent's
// choice for it writes groups for (governed), and those it leaves to the
// file's own lines (left): a token with digits ("AI2Bot", which an RFC
// 9309 parser reads as "AI") or one inside another crawler's name
// ("Spider", which the 1996 readings find in "Baiduspider"). A form that
// counts a role's crawlers counts the governed, and says the left.
func (r IntentRole) Crawlers() (governed, left []string) {
	c := loadCatalogue()
	for i := range c.crawlers {
		cr := &c.crawlers[i]
		if !slices.Contains(r.Roles, cr.Role) {
			continue
		}
		if roleWrites(c, i) {
			governed = append(governed, cr.Token)
		} else {
			left = append(left, cr.Token)
		}
	}
	return governed, left
}

// roleWrites reports whether a role's choice writes a group for the
// catalogue's crawler i (Intent.Targets and IntentRole.Crawlers alike).
func roleWrites(c *catalogue, i int) bool {
	return validIntentToken(c.crawlers[i].Token) && !c.inOthers()[i]
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
	cs := loadCatalogue().crawlers
	var out []IntentTarget
	chosen := map[string]Choice{} // lower-case token → choice, of the named ones
	for i := range cs {
		c := &cs[i]
		if !validIntentToken(c.Token) {
			// "AI2Bot", "MJ12bot": an RFC 9309 parser reads a token's
			// letters before its digits ("AI"), so no group names the
			// crawler alone; the intent leaves it to the file's own lines.
			continue
		}
		ch := in.crawlerChoice(c.Token)
		if ch == Leave && roleWrites(loadCatalogue(), i) {
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
	for i := range cs {
		c := &cs[i]
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
