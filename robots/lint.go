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
	// Code names the kind of finding, for filtering: "orphan-rule",
	// "never-matches", "shadowed-rule", ...
	Code string
	// Message says, in plain English, how the line will be read.
	Message string
}

// Findings returns what the linter says about the file as this reading
// reads it, in line order. It is worked out on first use and kept.
func (r *Reading) Findings() []Finding {
	r.lintOnce.Do(func() {
		l := linter{r: r, f: r.File, dialect: r.Dialect.Title()}
		l.run()
		slices.SortStableFunc(l.out, func(a, b Finding) int {
			if a.Line != b.Line {
				return a.Line - b.Line
			}
			return int(b.Severity) - int(a.Severity)
		})
		r.lint = l.out
	})
	return r.lint
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
}

func (l *linter) add(line int, sev Severity, code, format string, args ...any) {
	l.out = append(l.out, Finding{Line: line, Severity: sev, Code: code, Message: fmt.Sprintf(format, args...)})
}

func (l *linter) run() {
	if l.r.Dialect.FirstMatch() {
		l.runOrder()
		return
	}
	understood := false
	for i := range l.f.Lines {
		line := &l.f.Lines[i]
		kind := l.r.Kind(line.Number)
		l.lineFlags(line)
		switch kind {
		case UserAgent, Allow, Disallow, Sitemap:
			understood = true
			l.keySpelling(line, kind)
		case Known:
			understood = true
			l.knownKey(line)
		case Unknown:
			l.unknown(line)
		}
		if kind == Sitemap {
			l.sitemap(line)
		}
	}
	for _, n := range l.r.Orphans {
		l.add(n, Warning, "orphan-rule", "Rule before any User-agent line: it belongs to no group, so every crawler ignores it.")
	}
	for gi := range l.r.Groups {
		l.group(&l.r.Groups[gi])
	}
	l.merged()
	if !understood && len(l.out) > 0 {
		l.notRobots()
	}
	if l.r.Dialect == Google {
		l.crossDialect()
	}
}

func (l *linter) lineFlags(line *Line) {
	n := line.Number
	if line.Has(FlagPastLimit) {
		l.add(n, Warning, "past-limit", "The file passes 500 KiB (512,000 bytes) in this line: Google reads only up to here and ignores the remaining %d lines.", l.f.TotalLines-n)
	}
	if line.Has(FlagLong) && !l.r.Dialect.spec().strictKeys {
		l.add(n, Warning, "long-line", "Line longer than %d bytes: %s reads only its first %d bytes.", MaxLineLength, l.dialect, MaxLineLength)
	}
	if line.Has(FlagNUL) {
		l.add(n, Warning, "nul-byte", "NUL byte: the line is read only up to it.")
	}
	if line.Has(FlagBOM) {
		l.add(n, Warning, "stray-bom", "Byte-order mark (U+FEFF) inside the file: only one at the very start is skipped; here it is part of the line, so its key is not recognised.")
	}
	if line.Has(FlagInvalidUTF8) {
		l.add(n, Warning, "not-utf8", "Bytes that are not UTF-8: robots.txt must be UTF-8. Paths with such bytes are matched byte for byte, as %%XX in patterns.")
	}
}

// keySpelling reports keys that only the lenient Google dialect accepts.
func (l *linter) keySpelling(line *Line, kind LineKind) {
	word := kindWord(kind)
	switch {
	case line.Has(FlagNoColon):
		l.add(line.Number, Warning, "missing-colon", "No colon after %q: Google reads this as \"%s: %s\", but RFC 9309 and most other crawlers ignore the line.", l.f.Key(line.Number), word, l.f.Value(line.Number))
	case line.Has(FlagInexactKey):
		l.add(line.Number, Warning, "misspelled-key", "%q is not spelled %q: Google still reads it as %s, but RFC 9309 and most other crawlers ignore the line.", l.f.Key(line.Number), word, word)
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
			l.add(n, Warning, "not-a-record", "Not a \"key: value\" line: every crawler ignores it.")
		}
		return
	}
	if google, _ := googleKey(l.f.Key(line.Number)); google != Unknown && google != Known {
		// Read by Google, but not by this stricter dialect.
		how := "misspelled"
		if line.Has(FlagNoColon) {
			how = "missing its colon"
		}
		l.add(n, Warning, "strict-ignored", "%s ignores this line (%q is %s); Google would read it as %s.", l.dialect, l.f.Key(line.Number), how, kindWord(google))
		return
	}
	msg := fmt.Sprintf("Unknown key %q: every crawler ignores this line.", l.f.Key(line.Number))
	if s := suggestKey(l.f.Key(line.Number)); s != "" {
		msg += fmt.Sprintf(" Did you mean %q?", s)
	}
	l.add(n, Warning, "unknown-key", "%s", msg)
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
			l.add(n, Warning, "bad-crawl-delay", "Crawl-delay %q is not a number of seconds: crawlers that honour crawl-delay ignore it.", l.f.Value(line.Number))
			return
		}
		where := "for the crawlers this group names"
		if g := l.groupAt(n); g == nil {
			where = "for no crawler: it stands before any User-agent line"
		}
		l.add(n, Info, "crawl-delay", "Crawl-delay: Google ignores it; Bing, Yandex, Anthropic's crawlers and others wait %s seconds between fetches %s.", l.f.Value(line.Number), where)
	case "host":
		l.add(n, Info, "host", "Host names the preferred mirror for Yandex only; Google and the standard ignore it.")
	case "clean-param":
		l.add(n, Info, "clean-param", "Clean-param tells Yandex which URL parameters to ignore; Google and the standard ignore it.")
	case "noindex", "nofollow", "noarchive":
		l.add(n, Warning, "unsupported-"+strings.ToLower(l.f.Key(line.Number)), "%s in robots.txt is not supported by Google (since 2019) or any major crawler: use a robots meta tag or an X-Robots-Tag header.", l.f.Key(line.Number))
	case "request-rate", "visit-time", "revisit-after":
		l.add(n, Info, "legacy-key", "%s is a non-standard extension read by a few old crawlers (Python's robotparser reads Request-rate); Google ignores it.", l.f.Key(line.Number))
	case "content-signal", "content-usage":
		l.add(n, Info, "content-signal", "%s states how the content may be used (by AI systems, for instance); it does not change what may be crawled, and Google's crawler ignores it.", l.f.Key(line.Number))
	default:
		l.add(n, Info, "ignored-key", "%s is not part of the standard: Google ignores it.", l.f.Key(line.Number))
	}
}

func (l *linter) sitemap(line *Line) {
	v := l.r.value(line)
	u, err := url.Parse(v)
	if v == "" || err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		l.add(line.Number, Warning, "sitemap-not-absolute", "Sitemap %q is not an absolute http(s) URL: crawlers expect one such as https://example.com/sitemap.xml.", v)
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
		l.agent(a)
	}
	global := g.Global()
	if len(g.Rules) == 0 {
		if global {
			l.add(g.Start, Info, "empty-group", "This * group has no rules: it lets every crawler without a group of its own fetch everything.")
		} else {
			l.add(g.Start, Warning, "empty-group", "This group has no Allow or Disallow rules: the crawlers it names may fetch everything, and the * group no longer applies to them.")
		}
	}
	for i := range g.Rules {
		l.rule(&g.Rules[i], global)
	}
}

func (l *linter) agent(a Agent) {
	switch {
	case a.Value == "":
		l.add(a.Line, Warning, "empty-agent", "Empty User-agent: it names no crawler.")
	case a.Token == "*":
		if a.Value != "*" {
			l.add(a.Line, Info, "agent-cut", "Read as \"*\" (every crawler): what follows the * is ignored.")
		}
	case a.Token == "":
		l.add(a.Line, Error, "agent-no-token", "%q names no crawler: a product token is made of letters, '-' and '_', and this value starts with none. Write the crawler's token, as \"Googlebot\".", a.Value)
	case a.Token != a.Value:
		rest := a.Value[len(a.Token):]
		if rest[0] == '/' {
			l.add(a.Line, Info, "agent-version", "Read as %q: the version %q is ignored.", a.Token, rest)
		} else {
			l.add(a.Line, Warning, "agent-cut", "Read as %q: a product token ends at the first character that is not a letter, '-' or '_', so %q is ignored and this group applies to crawlers called %q.", a.Token, rest, a.Token)
		}
	}
	if c, ok := LookupCrawler(a.Token); ok && c.ControlOnly {
		l.add(a.Line, Info, "control-token", "%s never fetches pages: it is a control token that only opts content out of %s.", c.Token, strings.TrimPrefix(c.Purpose, "opt-out of "))
	}
}

func (l *linter) rule(rule *Rule, global bool) {
	n, v := rule.Line, rule.Value
	kind := kindWord(rule.Kind())
	switch {
	case v == "" && rule.Allow:
		l.add(n, Info, "empty-rule", "Empty Allow: it allows nothing and never decides.")
	case v == "":
		l.add(n, Info, "empty-rule", "Empty Disallow: it disallows nothing.")
	case v[0] != '/' && v[0] != '*':
		hint := "start it with /"
		if strings.Contains(v, "://") {
			hint = "write the path alone, without scheme and host"
		}
		l.add(n, Error, "never-matches", "%s %q never matches: a path must start with / or *; %s.", kind, v, hint)
	}
	if i := strings.IndexByte(v, '$'); i >= 0 && i < len(v)-1 {
		l.add(n, Warning, "dollar-inside", "The $ inside %q is a literal dollar sign: only a $ at the very end anchors the end of the URL.", v)
	}
	if global && !rule.Allow && v == "/" {
		l.add(n, Warning, "disallow-all", "Disallow: / in the * group blocks the whole site for every crawler that has no group of its own.")
	}
}

// merged reports groups that are merged, named groups that drop the rules
// of the * group, and rules that can never decide.
func (l *linter) merged() {
	r := l.r
	lists := make([]*groupList, 0, len(r.byToken)+1)
	names := make([]string, 0, len(r.byToken)+1)
	if r.global != nil {
		lists, names = append(lists, r.global), append(names, "*")
	}
	for tok, gl := range r.byToken {
		lists, names = append(lists, gl), append(names, tok)
	}
	var globalDisallows []string
	if r.global != nil {
		seen := map[string]bool{}
		for _, gi := range r.global.groups {
			for _, rule := range r.Groups[gi].Rules {
				if !rule.Allow && rule.Pattern() != "" && !seen[rule.Pattern()] {
					seen[rule.Pattern()] = true
					globalDisallows = append(globalDisallows, rule.Value)
				}
			}
		}
	}
	shadowed := map[int]Finding{}
	for i, gl := range lists {
		name := names[i]
		if len(gl.groups) > 1 {
			first := r.Groups[gl.groups[0]].Start
			for _, gi := range gl.groups[1:] {
				g := &r.Groups[gi]
				l.add(agentLine(g, name), Info, "merged-groups", "%s is also named by the group at line %d: the two groups are merged into one.", displayToken(g, name), first)
			}
		}
		set := gl.ruleSet(r)
		if name != "*" && len(globalDisallows) > 0 && len(set.rules) > 0 {
			l.dropsGlobal(set, name, globalDisallows)
		}
		for line, f := range shadowedRules(set.rules) {
			if _, ok := shadowed[line]; !ok {
				shadowed[line] = f
			}
		}
	}
	for _, f := range shadowed {
		l.out = append(l.out, f)
	}
}

// dropsGlobal reports a named group that leaves out Disallow rules of the
// * group, which then do not apply to the crawlers it names. A global rule
// counts as kept when one of the group's own literal Disallows is a prefix
// of it ("Disallow: /" keeps them all).
func (l *linter) dropsGlobal(set *ruleSet, name string, globalDisallows []string) {
	var own prefixSet
	for _, rule := range set.rules {
		if !rule.Allow && rule.Value != "" && !strings.ContainsAny(rule.Value, "*$") {
			own.add(rule.Value, 0)
		}
	}
	var missing []string
	for _, v := range globalDisallows {
		if _, kept := own.findPrefix(v); !kept {
			missing = append(missing, v)
		}
	}
	if len(missing) == 0 {
		return
	}
	g := set.groups[0]
	example := fmt.Sprintf("Disallow: %s", missing[0])
	more := ""
	if len(missing) > 1 {
		more = fmt.Sprintf(" and %d more", len(missing)-1)
	}
	l.add(agentLine(g, name), Info, "drops-global", "%s follows only its own group, so the * group's %s%s do not apply to it; repeat them here if they should.", displayToken(g, name), example, more)
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

// shadowedRules finds the rules of a merged set that can never decide a
// URL: a rule whose pattern matches exactly the URLs another rule's pattern
// matches (they differ at most by trailing '*'s) loses to that other rule
// whenever it matches, if the other is longer, or as long and an Allow
// against a Disallow, or as long, of the same kind and earlier.
func shadowedRules(rules []*Rule) map[int]Finding {
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
	for _, rule := range rules {
		if rule.Pattern() == "" {
			continue
		}
		key := shadowKey(rule.Pattern())
		if best, ok := classes[key]; !ok || beats(rule, best) {
			classes[key] = rule
		}
	}
	out := map[int]Finding{}
	for _, rule := range rules {
		if rule.Pattern() == "" {
			continue
		}
		best := classes[shadowKey(rule.Pattern())]
		if best == rule {
			continue
		}
		out[rule.Line] = Finding{Line: rule.Line, Severity: Warning, Code: "shadowed-rule",
			Message: fmt.Sprintf("This rule never decides anything: line %d (%s: %s) matches the same URLs and wins over it.", best.Line, kindWord(best.Kind()), best.Value)}
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

// notRobots explains a file in which no line was a robots.txt record.
func (l *linter) notRobots() {
	for i := range l.f.Lines {
		line := &l.f.Lines[i]
		s := strings.ToLower(trimSpace(l.f.text[line.Start:line.End]))
		if s == "" {
			continue
		}
		if strings.HasPrefix(s, "<") {
			l.add(line.Number, Error, "html", "This looks like an HTML page, not a robots.txt file: the server may be sending an error page instead. Crawlers find no rules in it and may crawl everything.")
		} else {
			l.add(line.Number, Error, "not-robots", "No line of this file is a robots.txt record: crawlers find no rules in it and may crawl everything.")
		}
		return
	}
}
