package robots

import (
	"fmt"
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

// addKeyed is add for a finding whose shape holds a word of its own, key
// (a directive's name): findings of one code on Content-Signal and on
// Content-Usage lines are two groups, each naming its own key.
func (l *linter) addKeyed(line int, code Code, key, format string, args ...any) {
	l.add(line, code, "%s"+format, append([]any{key}, args...)...)
	l.out[len(l.out)-1].shape = key + format
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
	// One note a key, and one group a key (GroupFindings): a note on
	// Content-Usage lines does not speak for Content-Signal lines.
	l.out[len(l.out)-1].shape += "\x00" + strings.ToLower(l.f.Key(n))
}

// finishKeyNotes names, in each key note, the other lines it holds for.
func (l *linter) finishKeyNotes() {
	for i, lines := range l.keyLines {
		if len(lines) > 1 {
			f := &l.out[l.keyAt[i]]
			if len(lines) == 2 {
				f.Message += fmt.Sprintf(" The same holds for the other %s line (%s).", l.f.Key(lines[0]), linesPhrase(lines[1:], 8))
			} else {
				f.Message += fmt.Sprintf(" The same holds for the %d other %s lines (%s).", len(lines)-1, l.f.Key(lines[0]), linesPhrase(lines[1:], 8))
			}
		}
	}
}
