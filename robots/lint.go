package robots

import (
	"fmt"
	"net/url"
	"slices"
	"strings"
)

// Severity says how much a finding matters.
type Severity uint8

const (
	Info    Severity = iota // worth knowing; nothing is wrong
	Warning                 // probably not what was meant
	Error                   // the line cannot work as written
)

var severityNames = [...]string{"info", "warning", "error"}

// String returns "info", "warning" or "error".
func (s Severity) String() string {
	if int(s) < len(severityNames) {
		return severityNames[s]
	}
	return "severity(?)"
}

// A Finding is something the linter says about one line.
type Finding struct {
	Line     int
	Severity Severity
	// Code names the kind of finding, for filtering: [CodeOrphanRule],
	// [CodeNeverMatches], [CodeShadowedRule], ...
	Code Code
	// Message says, in plain English, how the line will be read.
	Message string
	// Claims are what Message states about verdicts (which rules apply to
	// which crawler, which never decide), for programs: nil for findings
	// that state nothing of the kind.
	Claims []Claim

	shape string // the format of Message, which findings of one kind share
}

// Findings returns what the linter says about the file as this reading
// reads it, in line order. It is worked out on first use and kept.
func (r *Reading) Findings() []Finding {
	findings, _ := r.FindingsPaced(nil) // only a pause stops it
	return findings
}

// FindingsPaced is Findings, calling pause (when not nil) now and then
// between the linter's steps. On a single thread, such as a web page's, a
// caller can have pause give way to other work, so that linting a large
// file does not hold the page in one long task. The findings are the
// same. When pause stops the work, it returns ErrStopped and keeps
// nothing: the next call lints the file again.
func (r *Reading) FindingsPaced(pause Pause) ([]Finding, error) {
	r.lintMu.Lock()
	defer r.lintMu.Unlock()
	if r.linted {
		return r.lint, nil
	}
	l := linter{r: r, f: r.File, dialect: r.Dialect.Title(), pause: pause}
	l.run()
	if l.stopped {
		return nil, ErrStopped
	}
	slices.SortStableFunc(l.out, func(a, b Finding) int {
		if a.Line != b.Line {
			return a.Line - b.Line
		}
		return int(b.Severity) - int(a.Severity)
	})
	r.lint, r.linted = l.out, true
	return r.lint, nil
}

// Count returns the number of findings of each severity, indexed by
// Severity.
func Count(findings []Finding) [3]int {
	var n [3]int
	for _, f := range findings {
		if int(f.Severity) < len(n) {
			n[f.Severity]++
		}
	}
	return n
}

type linter struct {
	r       *Reading
	f       *File
	dialect string
	out     []Finding

	markup map[int]bool // the lines that are HTML in a robots.txt

	indexAllows []bool // by group: whether it has an Allow of an index page, which also matches its directory

	// Notes said once per key: by code and key, the index of the
	// note's lines in keyLines, and where the note stands in out.
	keyNotes map[string]int
	keyLines [][]int
	keyAt    []int

	pause   Pause // see FindingsPaced; nil: no pauses
	stopped bool  // the pause stopped the work: every step returns at once
}

// breathe lets the caller of FindingsPaced give way to other work. It
// reports whether the work is stopped, when the step that breathes
// returns: nothing it would find is kept.
func (l *linter) breathe() bool {
	if !l.stopped && l.pause != nil {
		l.stopped = l.pause()
	}
	return l.stopped
}

// breatheEvery breathes at every n-th step i of a loop, and reports
// whether the work is stopped.
func (l *linter) breatheEvery(i, n int) bool {
	if i%n == n-1 {
		return l.breathe()
	}
	return l.stopped
}

// pauseEvery calls pause, when not nil, at every n-th step i of a loop,
// and reports whether it stops the work.
func pauseEvery(pause Pause, i, n int) bool {
	return i%n == n-1 && pause.stop()
}

// read returns the file as d reads it, made with the linter's pauses, or
// nil when they stopped the work.
func (l *linter) read(d Dialect) *Reading {
	if l.stopped {
		return nil
	}
	r, _ := l.f.ReadPaced(d, l.breathe) // a stop is in l.stopped
	return r
}

// add adds a finding with the severity the table of codes gives its code.
func (l *linter) add(line int, code Code, format string, args ...any) {
	l.addAs(line, code.Severity(), code, format, args...)
}

// addAs adds a finding with a severity of its own, for the codes whose
// findings are milder in milder cases.
func (l *linter) addAs(line int, sev Severity, code Code, format string, args ...any) {
	l.out = append(l.out, Finding{Line: line, Severity: sev, Code: code, Message: fmt.Sprintf(format, args...), shape: format})
}

// claim adds a claim to the finding added last.
func (l *linter) claim(c Claim) {
	f := &l.out[len(l.out)-1]
	f.Claims = append(f.Claims, c)
}

func (l *linter) run() {
	if l.notRobots() {
		return
	}
	l.r.Dialect.parts().lint(l)
}

// The linters of the readings' parts.
func lintGoogle(l *linter)  { l.runTokens(); l.crossDialect() }
func lintTokens(l *linter)  { l.runTokens() }
func lintRecords(l *linter) { l.runOrder() }
func lintPython(l *linter)  { l.runPython() }

// runTokens lints a reading merged by token (Google, RFC 9309).
func (l *linter) runTokens() {
	l.markup = l.markupLines()
	l.htmlInside(l.markup)
	for i := range l.f.Lines {
		if i%256 == 255 {
			if l.breathe() {
				return
			}
		}
		line := &l.f.Lines[i]
		kind := l.r.Kind(line.Number)
		l.lineFlags(line)
		switch kind {
		case UserAgent, Allow, Disallow, Sitemap:
			l.keySpelling(line, kind)
		case Known:
			l.knownKey(line)
		case Unknown:
			if !l.markup[line.Number] && !l.strayLine(line.Number) {
				l.unknown(line)
			}
		}
		if kind == Sitemap {
			l.sitemap(line)
		}
	}
	l.finishKeyNotes()
	l.orphans()
	if l.breathe() {
		return
	}
	for gi := range l.r.Groups {
		if gi%16 == 15 {
			if l.breathe() {
				return
			}
		}
		l.group(&l.r.Groups[gi])
	}
	if l.breathe() {
		return
	}
	l.merged()
	if l.breathe() {
		return
	}
}

func (l *linter) lineFlags(line *Line) {
	n := line.Number
	if line.Has(FlagPastLimit) {
		l.add(n, CodePastLimit, "The file passes 500 KiB (512,000 bytes) in this line: Google reads only up to here and ignores the remaining %d lines.", l.f.TotalLines-n)
	}
	if line.Has(FlagLong) && l.r.Dialect.parts().lines.cutsLong {
		l.add(n, CodeLongLine, "Line longer than %d bytes: %s reads only its first %d bytes.", MaxLineLength, l.dialect, MaxLineLength)
	}
	if line.Has(FlagNUL) {
		l.add(n, CodeNulByte, "NUL byte: the line is read only up to it.")
	}
	if line.Has(FlagBOM) {
		l.add(n, CodeStrayBOM, "Byte-order mark (U+FEFF) inside the file: only one at the very start is skipped; here it is part of the line, so its key is not recognised.")
	}
	if line.Has(FlagInvalidUTF8) {
		l.add(n, CodeNotUTF8, "Bytes that are not UTF-8: robots.txt must be UTF-8. Paths with such bytes are matched byte for byte, as %%XX in patterns.")
	}
}

// keySpelling reports keys that only the lenient Google dialect accepts.
func (l *linter) keySpelling(line *Line, kind LineKind) {
	word := kindWord(kind)
	switch {
	case line.Has(FlagNoColon):
		l.add(line.Number, CodeMissingColon, "No colon after %q: Google reads this as \"%s: %s\", but RFC 9309 and most other crawlers ignore the line.", l.f.Key(line.Number), word, l.f.Value(line.Number))
	case line.Has(FlagInexactKey):
		l.add(line.Number, CodeMisspelledKey, "%q is not spelled %q: Google still reads it as %s, but RFC 9309 and most other crawlers ignore the line.", l.f.Key(line.Number), word, word)
	default:
		return
	}
	if kind.IsRule() {
		l.claim(Claim{Dialect: RFC9309, Every: true, Effect: DoesNotApply, Rules: []int{line.Number}})
	}
}

func kindWord(k LineKind) string {
	switch k {
	case UserAgent:
		return "User-agent"
	case Allow:
		return "Allow"
	case Disallow:
		return "Disallow"
	case Sitemap:
		return "Sitemap"
	}
	return k.String()
}

func (l *linter) unknown(line *Line) {
	n := line.Number
	if l.f.Key(line.Number) == "" {
		if !line.Has(FlagBOM) {
			if others := l.otherReaders(n); others != "" {
				l.add(n, CodeNotARecord, "Not a \"key: value\" line: Google and the standard ignore it, but %s.", others)
			} else {
				l.add(n, CodeNotARecord, "Not a \"key: value\" line: every crawler ignores it.")
			}
		}
		return
	}
	if key := l.f.Key(n); strings.HasPrefix(key, mangledBOM) && len(key) > len(mangledBOM) {
		if k, _ := googleKey(key[len(mangledBOM):]); k != Unknown {
			l.add(n, CodeMangledBOM, "The line starts with a byte-order mark converted twice (it shows as \"ï»¿\"): Google does not read the %s behind it, and ignores the line. Save the file as UTF-8 without a byte-order mark.", kindWord(k))
			return
		}
	}
	if google, _ := googleKey(l.f.Key(line.Number)); google != Unknown && google != Known {
		// Read by Google, but not by this stricter dialect.
		how := "misspelled"
		if line.Has(FlagNoColon) {
			how = "missing its colon"
		}
		l.add(n, CodeStrictIgnored, "%s ignores this line (%q is %s); Google would read it as %s.", l.dialect, l.f.Key(line.Number), how, kindWord(google))
		if google.IsRule() {
			l.claim(Claim{Dialect: l.r.Dialect, Every: true, Effect: DoesNotApply, Rules: []int{n}})
		}
		return
	}
	msg := fmt.Sprintf("Unknown key %q: every crawler ignores this line.", l.f.Key(line.Number))
	if others := l.otherReaders(n); others != "" {
		msg = fmt.Sprintf("Unknown key %q: Google and the standard ignore this line, but %s.", l.f.Key(line.Number), others)
	}
	if s := suggestKey(l.f.Key(line.Number)); s != "" {
		msg += fmt.Sprintf(" Did you mean %q?", s)
	}
	l.add(n, CodeUnknownKey, "%s", msg)
}

// orphans reports the rules before any user-agent line. Every crawler
// ignores them, unless another reading finds a user-agent line above that
// this one does not: a first-match reader finds a directive anywhere in a
// line, Google reads misspelt keys that the standard does not.
func (l *linter) orphans() {
	var readers []*Reading
	for _, n := range l.r.Orphans {
		if readers == nil {
			for _, d := range Dialects() {
				if d != l.r.Dialect {
					readers = append(readers, l.read(d))
				}
			}
			if l.stopped {
				return
			}
		}
		var applied []Dialect
		for _, fm := range readers {
			if recordOf(fm, n) != nil {
				applied = append(applied, fm.Dialect)
			}
		}
		if len(applied) == 0 {
			l.add(n, CodeOrphanRule, "Rule before any User-agent line: it belongs to no group, so every crawler ignores it.")
			for _, fm := range append([]*Reading{l.r}, readers...) {
				l.claim(Claim{Dialect: fm.Dialect, Every: true, Effect: DoesNotApply, Rules: []int{n}})
			}
			continue
		}
		l.add(n, CodeOrphanRule, "Rule before any User-agent line %s reads: it belongs to no group, so %s ignores it; %s find a User-agent line above it and read it.", l.dialect, l.dialect, readersPhrase(applied))
		l.claim(Claim{Dialect: l.r.Dialect, Every: true, Effect: DoesNotApply, Rules: []int{n}})
	}
}

// recordOf returns the group of a reading that holds the rule at line n,
// or nil.
func recordOf(r *Reading, n int) *Group {
	for gi := range r.Groups {
		g := &r.Groups[gi]
		if len(g.Rules) > 0 && g.Rules[0].Line <= n && n <= g.Rules[len(g.Rules)-1].Line {
			for i := range g.Rules {
				if g.Rules[i].Line == n {
					return g
				}
			}
		}
	}
	return nil
}

// mangledBOM is a byte-order mark read as Latin-1 and saved as UTF-8
// again: "ï»¿".
const mangledBOM = "\u00ef\u00bb\u00bf"

// otherReaders says which first-match readings read line n, which Google
// does not, as a record ("GYM 2008 parsers and the 1996 draft read it as
// Sitemap"), or "" when none does. They find a directive anywhere in a
// line, even behind other text, so the line is looked at in each only when
// it holds such a directive.
func (l *linter) otherReaders(n int) string {
	lower := strings.ToLower(l.f.Text(n))
	if !strings.Contains(lower, ":") || !strings.Contains(lower, "agent") && !strings.Contains(lower, "allow") && !strings.Contains(lower, "sitemap") && !strings.Contains(lower, "crawl-delay") {
		return ""
	}
	var kinds []LineKind
	var who [][]Dialect
	for _, d := range firstMatchDialects() {
		r := l.read(d)
		if r == nil {
			return "" // stopped
		}
		k := r.Kind(n)
		if k == Unknown || k == Blank || k == Comment {
			continue
		}
		if i := slices.Index(kinds, k); i >= 0 {
			who[i] = append(who[i], d)
		} else {
			kinds, who = append(kinds, k), append(who, []Dialect{d})
		}
	}
	parts := make([]string, len(kinds))
	for i := range kinds {
		parts[i] = readersPhrase(who[i]) + " read it as " + kindWord(kinds[i])
	}
	return strings.Join(parts, "; ")
}

// suggestKey returns the key that key is a likely misspelling of, or "".
func suggestKey(key string) string {
	k := strings.ToLower(key)
	for _, w := range append([]string{"user-agent", "allow", "disallow", "sitemap"}, knownKeys...) {
		if editDistance(k, w) <= 2 {
			return w
		}
	}
	return ""
}

// editDistance is the Levenshtein distance between two short strings.
func editDistance(a, b string) int {
	if len(a) > 32 || len(b) > 32 {
		return 99
	}
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}

func (l *linter) knownKey(line *Line) {
	n := line.Number
	switch strings.ToLower(l.f.Key(line.Number)) {
	case "crawl-delay":
		if cd := parseCrawlDelay(Record{Line: n, Value: l.f.Value(line.Number)}); !cd.Valid {
			l.add(n, CodeBadCrawlDelay, "Crawl-delay %q is not a number of seconds: crawlers that honour crawl-delay ignore it.", l.f.Value(line.Number))
			return
		}
		where := "for the crawlers this group names"
		if g := l.groupAt(n); g == nil {
			where = "for no crawler: it stands before any User-agent line"
		}
		l.add(n, CodeCrawlDelay, "Crawl-delay: Google ignores it; Bing, Yandex, Anthropic's crawlers and others wait %s seconds between fetches %s.", l.f.Value(line.Number), where)
	case "host":
		l.keyNote(n, CodeHost, "Host names the preferred mirror for Yandex only; Google and the standard ignore it.")
	case "clean-param":
		l.keyNote(n, CodeCleanParam, "Clean-param tells Yandex which URL parameters to ignore; Google and the standard ignore it.")
	case "noindex", "nofollow", "noarchive":
		l.add(n, unsupportedCodes[strings.ToLower(l.f.Key(line.Number))], "%s in robots.txt is not supported by Google (since 2019) or any major crawler: use a robots meta tag or an X-Robots-Tag header.", l.f.Key(line.Number))
	case "request-rate", "visit-time", "revisit-after":
		l.keyNote(n, CodeLegacyKey, "%s is a non-standard extension read by a few old crawlers (Python's robotparser reads Request-rate); Google ignores it.", l.f.Key(line.Number))
	case "content-signal", "content-usage":
		l.keyNote(n, CodeContentSignal, "%s states how the content may be used (by AI systems, for instance); it does not change what may be crawled, and Google's crawler ignores it.", l.f.Key(line.Number))
		l.aiPreference(line)
	default:
		l.keyNote(n, CodeIgnoredKey, "%s is not part of the standard: Google ignores it.", l.f.Key(line.Number))
	}
}

// unsupportedCodes are the codes of the keys no major crawler supports.
var unsupportedCodes = map[string]Code{
	"noindex":   CodeUnsupportedNoindex,
	"nofollow":  CodeUnsupportedNofollow,
	"noarchive": CodeUnsupportedNoarchive,
}

// keyNote adds a note about a key that holds for every line with that key:
// it is said once, on the first, and names the others, where a note on
// each line would repeat the same sentence (Clean-param often stands on a
// hundred lines).
func (l *linter) keyNote(n int, code Code, format string, args ...any) {
	key := string(code) + "\x00" + strings.ToLower(l.f.Key(n))
	if i, ok := l.keyNotes[key]; ok {
		l.keyLines[i] = append(l.keyLines[i], n)
		return
	}
	if l.keyNotes == nil {
		l.keyNotes = map[string]int{}
	}
	l.keyNotes[key] = len(l.keyLines)
	l.keyLines = append(l.keyLines, []int{n})
	l.keyAt = append(l.keyAt, len(l.out))
	l.add(n, code, format, args...)
}

// finishKeyNotes names, in each key note, the other lines it holds for.
func (l *linter) finishKeyNotes() {
	for i, lines := range l.keyLines {
		if len(lines) > 1 {
			f := &l.out[l.keyAt[i]]
			f.Message += fmt.Sprintf(" The same holds for the %d other %s lines (%s).", len(lines)-1, l.f.Key(lines[0]), linesPhrase(lines[1:], 8))
		}
	}
}

func (l *linter) sitemap(line *Line) {
	v := l.r.value(line)
	u, err := url.Parse(v)
	if v == "" || err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		l.add(line.Number, CodeSitemapNotAbsolute, "Sitemap %q is not an absolute http(s) URL: crawlers expect one such as https://example.com/sitemap.xml.", v)
	}
}

// groupAt returns the group line n stands in, or nil.
func (l *linter) groupAt(n int) *Group {
	gs := l.r.Groups
	i, _ := slices.BinarySearchFunc(gs, n, func(g Group, n int) int { return g.Start - n })
	if i < len(gs) && gs[i].Start == n {
		return &gs[i]
	}
	if i == 0 {
		return nil
	}
	return &gs[i-1]
}

func (l *linter) group(g *Group) {
	for _, a := range g.Agents {
		n := len(l.out)
		l.agent(a)
		// "Read as X": the group applies to crawlers called X.
		for i := n; i < len(l.out); i++ {
			if (l.out[i].Code == CodeAgentCut || l.out[i].Code == CodeAgentVersion) && len(g.Rules) > 0 {
				l.out[i].Claims = append(l.out[i].Claims, Claim{Dialect: l.r.Dialect, Agent: a.Token, Effect: Applies, Rules: []int{g.Rules[0].Line}})
			}
		}
	}
	global := g.Global()
	if len(g.Rules) == 0 {
		l.emptyGroup(g)
	}
	for i := range g.Rules {
		l.rule(&g.Rules[i], global)
	}
}

// emptyGroup reports a group without rules. What that means depends on
// the other groups: a crawler it names follows no rule at all only when no
// other group naming it has rules, and then the * group's rules stop
// applying to it, if there are any.
func (l *linter) emptyGroup(g *Group) {
	r := l.r
	if g.Global() {
		if !l.r.globalHasRules() {
			l.addAs(g.Start, Info, CodeEmptyGroup, "This * group has no rules: every crawler without a group of its own may fetch everything.")
		}
		// Otherwise it is merged with a * group that has rules, which
		// merged-groups reports.
		return
	}
	var tokens []string // the crawlers named here that follow no rule at all
	for _, a := range g.Agents {
		if a.Token == "*" || slices.Contains(tokens, a.Token) {
			continue
		}
		if gl := r.byToken[lowerASCII(a.Token)]; gl != nil && len(gl.ruleSet(r).rules) == 0 {
			tokens = append(tokens, a.Token)
		}
	}
	if len(tokens) == 0 {
		return // each is named by another group with rules: merged-groups says so
	}
	if !l.r.globalHasRules() {
		l.addAs(g.Start, Info, CodeEmptyGroup, "This group has no Allow or Disallow rules: %s may fetch everything, as without it.", nameList(tokens))
		return
	}
	l.add(g.Start, CodeEmptyGroup, "This group has no Allow or Disallow rules: %s may fetch everything, since a crawler named by a group no longer follows the * group's rules.", nameList(tokens))
	var lines []int
	for _, gi := range r.global.groups {
		for _, rule := range r.Groups[gi].Rules {
			lines = append(lines, rule.Line)
		}
	}
	for _, tok := range tokens {
		l.claim(Claim{Dialect: r.Dialect, Agent: tok, Effect: DoesNotApply, Rules: lines})
	}
}

// nameList names crawlers for a sentence: "Googlebot", "Googlebot and
// bingbot", "Googlebot, bingbot and 3 more".
func nameList(names []string) string {
	shown := make([]string, 0, 3)
	for _, n := range names {
		if len(shown) == 3 {
			break
		}
		if n == "" {
			n = "a crawler with no token"
		}
		shown = append(shown, n)
	}
	switch {
	case len(names) == 1:
		return shown[0]
	case len(names) <= 3:
		return strings.Join(shown[:len(shown)-1], ", ") + " and " + shown[len(shown)-1]
	}
	return strings.Join(shown, ", ") + fmt.Sprintf(" and %d more", len(names)-3)
}

func (l *linter) agent(a Agent) {
	switch {
	case a.Value == "":
		l.add(a.Line, CodeEmptyAgent, "Empty User-agent: it names no crawler.")
	case a.Token == "*":
		if a.Value != "*" {
			l.addAs(a.Line, Info, CodeAgentCut, "Read as \"*\" (every crawler): what follows the * is ignored.")
		}
	case a.Token == "":
		l.add(a.Line, CodeAgentNoToken, "%q names no crawler: a product token is made of letters, '-' and '_', and this value starts with none. Write the crawler's token, as \"Googlebot\".", a.Value)
	case a.Token != a.Value:
		rest := a.Value[len(a.Token):]
		if rest[0] == '/' {
			l.add(a.Line, CodeAgentVersion, "Read as %q: the version %q is ignored.", a.Token, rest)
		} else {
			l.add(a.Line, CodeAgentCut, "Read as %q: a product token ends at the first character that is not a letter, '-' or '_', so %q is ignored and this group applies to crawlers called %q.", a.Token, rest, a.Token)
		}
	}
	if c, ok := LookupCrawler(a.Token); ok && c.ControlOnly {
		l.add(a.Line, CodeControlToken, "%s never fetches pages: it is a control token that only opts content out of %s.", c.Token, strings.TrimPrefix(c.Purpose, "opt-out of "))
	}
}

func (l *linter) rule(rule *Rule, global bool) {
	n, v := rule.Line, rule.Value
	kind := kindWord(rule.Kind())
	switch {
	case v == "" && rule.Allow:
		// It matches every URL with priority 0: it never blocks, and
		// never reopens what a Disallow blocks.
		l.add(n, CodeEmptyRule, "Empty Allow: it allows nothing that is not allowed anyway, so it changes no verdict. (GYM 2008 parsers and the 1996 draft read it otherwise: as disallowing everything.)")
	case v == "":
		l.add(n, CodeEmptyRule, "Empty Disallow: it disallows nothing.")
	case v[0] != '/' && v[0] != '*':
		hint := "start it with /"
		if strings.Contains(v, "://") {
			hint = "write the path alone, without scheme and host"
		}
		l.add(n, CodeNeverMatches, "%s %q never matches: a path must start with / or *; %s.", kind, v, hint)
		l.claim(Claim{Dialect: l.r.Dialect, Every: true, Effect: DoesNotApply, Rules: []int{n}})
	}
	if i := strings.IndexByte(v, '$'); i >= 0 && i < len(v)-1 {
		l.add(n, CodeDollarInside, "The $ inside %q is a literal dollar sign: only a $ at the very end anchors the end of the URL.", v)
	}
	if global && !rule.Allow && v == "/" {
		l.disallowAll(rule)
	}
}

// disallowAll reports a "Disallow: /" of the * group that decides: one
// that an Allow of the same pattern, or an earlier "Disallow: /", leaves
// without effect is reported as shadowed instead.
func (l *linter) disallowAll(rule *Rule) {
	r := l.r
	if v := r.Check("*", "https://example.com/any-page"); v.Line != rule.Line {
		return
	}
	allows := false
	for _, gi := range r.global.groups {
		for _, other := range r.Groups[gi].Rules {
			allows = allows || other.Allow && other.Value != ""
		}
	}
	if allows {
		l.add(rule.Line, CodeDisallowAll, "Disallow: / in the * group blocks every URL its Allow lines do not reopen, for every crawler without a group of its own.")
	} else {
		l.add(rule.Line, CodeDisallowAll, "Disallow: / in the * group blocks the whole site for every crawler without a group of its own.")
	}
	l.claim(Claim{Dialect: r.Dialect, Agent: "*", Effect: Applies, Rules: []int{rule.Line}})
}

// merged reports groups that are merged, named groups that drop the rules
// of the * group, and rules that can never decide.
func (l *linter) merged() {
	r := l.r
	names := make([]string, 0, len(r.byToken)+1)
	for tok := range r.byToken {
		names = append(names, tok)
	}
	slices.Sort(names) // the findings are made in one order every time
	if r.global != nil {
		names = append([]string{"*"}, names...)
	}
	list := func(name string) *groupList {
		if name == "*" {
			return r.global
		}
		return r.byToken[name]
	}
	globalBlocks := l.globalBlocks()
	if l.stopped {
		return
	}
	if globalBlocks != nil {
		l.indexAllows = make([]bool, len(r.Groups))
		for gi := range r.Groups {
			for i := range r.Groups[gi].Rules {
				l.indexAllows[gi] = l.indexAllows[gi] || r.Groups[gi].Rules[i].IndexAlt() != ""
			}
		}
	}
	shadows := map[*Rule][]shadowing{}
	for _, name := range names {
		if l.breathe() {
			return
		}
		gl := list(name)
		if len(gl.groups) > 1 {
			first := r.Groups[gl.groups[0]].Start
			for k, gi := range gl.groups[1:] {
				if l.breatheEvery(k, 256) {
					return
				}
				g := &r.Groups[gi]
				l.add(agentLine(g, name), CodeMergedGroups, "%s is also named by the group at line %d: the two groups are merged into one.", displayToken(g, name), first)
				var rules []int
				for _, gj := range []int32{gl.groups[0], gi} {
					if len(r.Groups[gj].Rules) > 0 {
						rules = append(rules, r.Groups[gj].Rules[0].Line)
					}
				}
				if rules != nil {
					l.claim(Claim{Dialect: r.Dialect, Agent: name, Effect: Applies, Rules: rules})
				}
			}
		}
		set := gl.ruleSet(r)
		if name != "*" && len(globalBlocks) > 0 && len(set.rules) > 0 {
			l.dropsGlobal(set, name, globalBlocks)
		}
		for rule, best := range shadowedRules(set.rules, l.breathe) {
			shadows[rule] = append(shadows[rule], shadowing{name, best})
		}
		if l.stopped {
			return
		}
	}
	if l.breathe() {
		return
	}
	l.shadowed(shadows)
}

// A globalBlock is a Disallow of the * groups with a URL it blocks for the
// crawlers those groups serve, and the groups that have a rule matching
// that URL.
type globalBlock struct {
	rule     *Rule
	url      string
	matching map[int]matchKinds // by group index
}

// matchKinds says which kinds of rules of a group match a URL.
type matchKinds struct{ allow, disallow bool }

// globalBlocks returns the Disallow rules of the * groups that block the
// URL built to hit them, one per pattern.
func (l *linter) globalBlocks() []globalBlock {
	r := l.r
	if r.global == nil {
		return nil
	}
	var out []globalBlock
	seen := map[string]bool{}
	for _, gi := range r.global.groups {
		if l.breathe() {
			return nil
		}
		for i := range r.Groups[gi].Rules {
			if l.breatheEvery(i, 32) { // a check of a group this large is slow
				return nil
			}
			rule := &r.Groups[gi].Rules[i]
			if rule.Allow || seen[rule.Pattern()] {
				continue
			}
			seen[rule.Pattern()] = true
			if u, ok := exampleURL(rule.Pattern()); ok {
				if v := r.Check("*", u); !v.Allowed {
					out = append(out, globalBlock{rule: rule, url: u, matching: map[int]matchKinds{}})
				}
			}
		}
	}
	if len(out) == 0 {
		return nil
	}
	// Which groups have a rule that matches each URL: a crawler none of
	// whose groups does may fetch it, and needs no check. A pattern can
	// match a path only when its literal prefix (up to a '*' or '$')
	// starts it, so only rules whose literal prefix starts one of these
	// few paths are tried, each distinct pattern once. (A set of every
	// prefix of every path hashed a path of 300,000 characters 300,000
	// times: a second in the browser.)
	paths := make([]string, len(out))
	for j, b := range out {
		paths[j] = b.url[len("https://example.com"):]
	}
	slices.Sort(paths)
	type patternOf struct {
		pattern string
		allow   bool
	}
	groupsOf := map[patternOf][]int{}     // pattern → the groups that hold it
	byLiteral := map[string][]patternOf{} // literal prefix → its patterns
	for gi := range r.Groups {
		if l.breatheEvery(gi, 64) {
			return nil
		}
		for i := range r.Groups[gi].Rules {
			if l.breatheEvery(i, 1024) {
				return nil
			}
			rule := &r.Groups[gi].Rules[i]
			p := rule.Pattern()
			if p == "" {
				continue // an empty rule never blocks, nor reopens
			}
			lit := p
			if k := strings.IndexAny(p, "*$"); k >= 0 {
				lit = p[:k]
			}
			if !prefixOfAny(paths, lit) {
				continue
			}
			key := patternOf{p, rule.Allow}
			gs := groupsOf[key]
			if len(gs) == 0 {
				byLiteral[lit] = append(byLiteral[lit], key)
			}
			if len(gs) == 0 || gs[len(gs)-1] != gi {
				groupsOf[key] = append(gs, gi)
			}
		}
	}
	// Each URL is tried only against the patterns whose literal prefix
	// starts its path: with thousands of rules, trying every pattern on
	// every URL would take seconds. Its prefixes are looked up at the
	// literals' lengths only.
	lengths := make([]int, 0, len(byLiteral))
	for lit := range byLiteral {
		lengths = append(lengths, len(lit))
	}
	slices.Sort(lengths)
	lengths = slices.Compact(lengths)
	for _, b := range out {
		if l.breathe() {
			return nil
		}
		path := b.url[len("https://example.com"):]
		for _, k := range lengths {
			if k > len(path) {
				break
			}
			for _, p := range byLiteral[path[:k]] {
				if !matchPattern(p.pattern, path) {
					continue
				}
				for _, gi := range groupsOf[p] {
					m := b.matching[gi]
					if p.allow {
						m.allow = true
					} else {
						m.disallow = true
					}
					b.matching[gi] = m
				}
			}
		}
	}
	return out
}

// prefixOfAny reports whether prefix starts one of the sorted strings:
// the strings it starts, if any, come first among those not below it.
func prefixOfAny(sorted []string, prefix string) bool {
	i, _ := slices.BinarySearch(sorted, prefix)
	return i < len(sorted) && strings.HasPrefix(sorted[i], prefix)
}

// exampleURL returns a URL that pattern matches: its wildcards match
// nothing and a final $ is dropped. It reports false for a pattern that
// matches no path.
func exampleURL(pattern string) (string, bool) {
	if pattern == "" || pattern[0] != '/' && pattern[0] != '*' {
		return "", false
	}
	p := strings.ReplaceAll(strings.TrimSuffix(pattern, "$"), "*", "")
	if !strings.HasPrefix(p, "/") {
		p = "/" + p
	}
	return "https://example.com" + p, true
}

// dropsGlobal reports a named group that leaves out Disallow rules of the
// * group, which then do not apply to the crawlers it names. The engine
// decides which: a rule of the * group counts as dropped when it belongs
// to none of the crawler's groups (a group may name both * and the
// crawler) and the crawler may fetch a URL that the rule blocks for the
// crawlers of the * group.
func (l *linter) dropsGlobal(set *ruleSet, name string, blocks []globalBlock) {
	var missing []*Rule
	for _, b := range blocks {
		if l.inSet(set, b.rule) {
			continue
		}
		// The claim, that the rule does not apply, holds by now; what
		// follows says whether it matters: whether the crawler may fetch
		// what the rule blocks for the * group's crawlers. With no
		// Disallow of its own matching, it may; with only Disallows
		// matching, it may not; else the engine decides. (An Allow of
		// an index page also matches its directory: such sets are left
		// to the engine too.)
		var m matchKinds
		index := false
		for _, g := range set.groups {
			k := b.matching[g.Index]
			m.allow, m.disallow = m.allow || k.allow, m.disallow || k.disallow
			index = index || l.indexAllows[g.Index]
		}
		switch {
		case !index && !m.disallow:
			missing = append(missing, b.rule)
		case !index && !m.allow:
			// blocked by its own rules
		default:
			if v := l.r.Check(name, b.url); v.Allowed {
				missing = append(missing, b.rule)
			}
		}
	}
	if len(missing) == 0 {
		return
	}
	g := set.groups[0]
	lines := make([]int, len(missing))
	for i, rule := range missing {
		lines[i] = rule.Line
	}
	if len(missing) == 1 {
		l.add(agentLine(g, name), CodeDropsGlobal, "%s follows only its own group, so the * group's Disallow: %s (line %d) does not apply to it; repeat it here if it should.", displayToken(g, name), missing[0].Value, missing[0].Line)
	} else {
		l.add(agentLine(g, name), CodeDropsGlobal, "%s follows only its own group, so the * group's Disallow: %s (line %d) and %d more do not apply to it; repeat them here if they should.", displayToken(g, name), missing[0].Value, missing[0].Line, len(missing)-1)
	}
	l.claim(Claim{Dialect: l.r.Dialect, Agent: name, Effect: DoesNotApply, Rules: lines})
}

// inSet reports whether rule is one of the set's rules.
func (l *linter) inSet(set *ruleSet, rule *Rule) bool {
	for _, g := range set.groups {
		if len(g.Rules) > 0 && g.Rules[0].Line <= rule.Line && rule.Line <= g.Rules[len(g.Rules)-1].Line {
			return true
		}
	}
	return false
}

func agentLine(g *Group, token string) int {
	for _, a := range g.Agents {
		if strings.EqualFold(a.Token, token) {
			return a.Line
		}
	}
	return g.Start
}

func displayToken(g *Group, token string) string {
	for _, a := range g.Agents {
		if strings.EqualFold(a.Token, token) {
			if a.Token == "" {
				return "A crawler with no token"
			}
			return a.Token
		}
	}
	return token
}

// A shadowing is a merged set in which a rule never decides: the token
// the set is for, and the rule that wins over it.
type shadowing struct {
	token string
	best  *Rule
}

// shadowed reports the rules that never decide. A rule of a group that
// names several crawlers is in several merged sets; it is reported as
// never deciding when it never does in any of them, and otherwise for the
// crawlers whose merged set it never decides in.
func (l *linter) shadowed(shadows map[*Rule][]shadowing) {
	rules := make([]*Rule, 0, len(shadows))
	for rule := range shadows {
		rules = append(rules, rule)
	}
	slices.SortFunc(rules, func(a, b *Rule) int { return a.Line - b.Line })
	for k, rule := range rules {
		if k%64 == 63 {
			if l.breathe() {
				return
			}
		}
		sh := shadows[rule]
		best := sh[0].best
		all := len(sh) == l.setsWith(rule)
		if all {
			l.add(rule.Line, CodeShadowedRule, "This rule never decides anything: line %d (%s: %s) matches the same URLs and wins over it.", best.Line, kindWord(best.Kind()), best.Value)
		} else {
			tokens := make([]string, len(sh))
			for i, s := range sh {
				tokens[i] = s.token
			}
			l.add(rule.Line, CodeShadowedRule, "For %s, this rule never decides anything: once the groups naming it are merged, line %d (%s: %s) matches the same URLs and wins over it.", nameList(tokens), best.Line, kindWord(best.Kind()), best.Value)
		}
		for _, s := range sh {
			l.claim(Claim{Dialect: l.r.Dialect, Agent: s.token, Effect: NeverDecides, Rules: []int{rule.Line}, By: s.best.Line})
		}
	}
}

// setsWith returns the number of merged sets that hold rule: one for each
// distinct token its group names.
func (l *linter) setsWith(rule *Rule) int {
	g := l.groupAt(rule.Line)
	if g == nil {
		return 0
	}
	var tokens []string
	for _, a := range g.Agents {
		t := lowerASCII(a.Token)
		if !slices.Contains(tokens, t) {
			tokens = append(tokens, t)
		}
	}
	return len(tokens)
}

// shadowedRules finds the rules of a merged set that can never decide a
// URL, each with the rule that wins over it: a rule whose pattern matches
// exactly the URLs another rule's pattern matches (they differ at most by
// trailing '*'s) loses to that other rule whenever it matches, if the
// other is longer, or as long and an Allow against a Disallow, or as long,
// of the same kind and earlier.
//
// pause is called every thousand rules or so.
func shadowedRules(rules []*Rule, pause Pause) map[*Rule]*Rule {
	classes := make(map[string]*Rule, len(rules))
	beats := func(a, b *Rule) bool { // whether a wins over b when both match
		switch {
		case len(a.Pattern()) != len(b.Pattern()):
			return len(a.Pattern()) > len(b.Pattern())
		case a.Allow != b.Allow:
			return a.Allow
		}
		return a.Line < b.Line
	}
	for i, rule := range rules {
		if pauseEvery(pause, i, 1024) {
			return nil
		}
		if rule.Pattern() == "" {
			continue
		}
		key := shadowKey(rule.Pattern())
		if best, ok := classes[key]; !ok || beats(rule, best) {
			classes[key] = rule
		}
	}
	out := map[*Rule]*Rule{}
	for i, rule := range rules {
		if pauseEvery(pause, i, 1024) {
			return nil
		}
		if rule.Pattern() == "" {
			continue
		}
		if best := classes[shadowKey(rule.Pattern())]; best != rule {
			out[rule] = best
		}
	}
	return out
}

// shadowKey reduces a pattern to what it matches: trailing '*'s match
// anything and change nothing.
func shadowKey(p string) string {
	if strings.HasSuffix(p, "$") {
		return p
	}
	return strings.TrimRight(p, "*")
}
