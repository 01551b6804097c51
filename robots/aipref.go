package robots

import (
	"strconv"
	"strings"
)

// AI preferences: two kinds of line state how content may be used, not
// whether it may be crawled. Neither decides a verdict (Google reads both
// as keys it does not understand); they are records of the group they
// stand in.
//
//   - Content-Signal (Cloudflare's content signals): "search=yes,
//     ai-train=no", comma-separated key=yes|no for search, ai-input and
//     ai-train, and a newer use=immediate|reference|full. It is written
//     inside a group (Cloudflare puts it in the * group) and holds for
//     every path of it.
//   - Content-Usage (IETF aipref, draft-ietf-aipref-attach): a group rule
//     with an optional path, "Content-Usage: /ai-ok/ train-ai=y", whose
//     preference is an RFC 9651 Dictionary of the vocabulary's labels
//     train-ai and search with the tokens y and n. The longest matching
//     path decides; rules of the same path are combined, the most
//     restrictive winning.
//
// For a crawler and a URL, [Reading.Usage] says what the file states for
// each purpose: yes, no, or not stated.

// UsePurpose is a use of content that a preference can be stated for.
type UsePurpose uint8

const (
	UseSearch  UsePurpose = iota // search indexing and results (Content-Signal search, Content-Usage search)
	UseAIInput                   // input to AI models: grounding, RAG, generated answers (Content-Signal ai-input)
	UseAITrain                   // training AI models (Content-Signal ai-train, Content-Usage train-ai)

	NumUsePurposes = 3
)

var usePurposeNames = [...]string{"search", "AI input", "AI training"}

// String returns the purpose's name for people, as "AI training".
func (p UsePurpose) String() string {
	if int(p) < len(usePurposeNames) {
		return usePurposeNames[p]
	}
	return "purpose(" + strconv.Itoa(int(p)) + ")"
}

// Stance is what a file states for one purpose.
type Stance uint8

const (
	NotStated Stance = iota // the file says nothing, or nothing that can be read
	StatedYes               // the use is allowed (Content-Signal yes, Content-Usage y)
	StatedNo                // the use is refused (Content-Signal no, Content-Usage n)
)

var stanceNames = [...]string{"not stated", "yes", "no"}

// String returns "yes", "no" or "not stated".
func (s Stance) String() string {
	if int(s) < len(stanceNames) {
		return stanceNames[s]
	}
	return "stance(" + strconv.Itoa(int(s)) + ")"
}

// combine returns the most restrictive of two stances: a no wins over a
// yes, a yes over nothing (aipref vocabulary, "Combining Preferences").
func combine(a, b Stance) Stance {
	if a == StatedNo || b == StatedNo {
		return StatedNo
	}
	if a == StatedYes || b == StatedYes {
		return StatedYes
	}
	return NotStated
}

// A Preference is one Content-Signal or Content-Usage line, read.
type Preference struct {
	Line   int
	Key    string // as written
	Value  string // as written
	Signal bool   // a Content-Signal line; false: Content-Usage
	Group  int    // the index of the group it stands in, or -1
	// Path is a Content-Usage line's path pattern, "" when it has none
	// (it then holds for every path).
	Path string
	// Stances are what the line states for each purpose.
	Stances [NumUsePurposes]Stance
	// Use is a Content-Signal's use= value (immediate, reference or
	// full: how far AI systems may use the content), "" when absent.
	Use string
	// Problems say what in the value could not be read, for the linter.
	Problems []string
	// Unread is set when the whole value could not be read (a Content-Usage
	// value that is no Dictionary): it then states nothing.
	Unread bool
}

// Preferences returns the file's Content-Signal and Content-Usage lines as
// this reading groups them, in file order. They are read on first use and
// kept: the slice is shared, do not modify it.
func (r *Reading) Preferences() []Preference {
	r.prefOnce.Do(func() {
		for _, rec := range r.Records {
			if p, ok := readPreference(rec); ok {
				r.prefs = append(r.prefs, p)
			}
		}
	})
	return r.prefs
}

func readPreference(rec Record) (Preference, bool) {
	p := Preference{Line: rec.Line, Key: rec.Key, Value: rec.Value, Group: rec.Group}
	switch {
	case strings.EqualFold(rec.Key, "content-signal"):
		p.Signal = true
		readSignal(&p)
	case strings.EqualFold(rec.Key, "content-usage"):
		readUsage(&p)
	default:
		return p, false
	}
	return p, true
}

// signalKeys are Content-Signal's keys for each purpose.
var signalKeys = [NumUsePurposes]string{"search", "ai-input", "ai-train"}

// readSignal reads a Content-Signal value: comma-separated key=yes|no.
func readSignal(p *Preference) {
	for _, part := range strings.Split(p.Value, ",") {
		part = strings.TrimSpace(part)
		if part == "" {
			p.Problems = append(p.Problems, "an empty entry (two commas, or a comma at an end)")
			continue
		}
		k, v, ok := strings.Cut(part, "=")
		k, v = strings.ToLower(strings.TrimSpace(k)), strings.TrimSpace(v)
		if !ok || k == "" {
			p.Problems = append(p.Problems, quote(part)+" is not key=value")
			continue
		}
		if k == "use" {
			p.Use = strings.ToLower(v)
			switch p.Use {
			case "immediate", "reference", "full":
			default:
				p.Problems = append(p.Problems, "use="+v+" is none of immediate, reference, full")
			}
			continue
		}
		purpose := -1
		for i, w := range signalKeys {
			if k == w {
				purpose = i
			}
		}
		if purpose < 0 {
			msg := quote(k) + " is not a content signal (search, ai-input, ai-train, use)"
			if k == "train-ai" {
				msg += `: Content-Signal spells it "ai-train" ("train-ai" is Content-Usage's label)`
			}
			p.Problems = append(p.Problems, msg)
			continue
		}
		switch strings.ToLower(v) {
		case "yes":
			p.Stances[purpose] = StatedYes
		case "no":
			p.Stances[purpose] = StatedNo
		default:
			p.Problems = append(p.Problems, k+"="+v+" is neither yes nor no, so it states nothing")
			p.Stances[purpose] = NotStated
		}
	}
}

// usageLabels are the aipref vocabulary's labels for each purpose ("" for
// none).
var usageLabels = [NumUsePurposes]string{"search", "", "train-ai"}

// readUsage reads a Content-Usage value: an optional path (it starts with
// "/" and runs to the first space or tab), then an RFC 9651 Dictionary.
func readUsage(p *Preference) {
	v := p.Value
	if strings.HasPrefix(v, "/") {
		i := strings.IndexAny(v, " \t")
		if i < 0 {
			p.Path = v
			v = ""
		} else {
			p.Path, v = v[:i], strings.TrimLeft(v[i:], " \t")
		}
	}
	dict, err := parseDictionary(v)
	if err != "" {
		p.Unread = true
		p.Problems = append(p.Problems, "the preference is not a structured-field Dictionary ("+err+"), so it states nothing")
		return
	}
	for _, e := range dict {
		purpose := -1
		for i, w := range usageLabels {
			if w != "" && e.key == w {
				purpose = i
			}
		}
		if purpose < 0 {
			msg := quote(e.key) + " is not a label of the vocabulary (train-ai, search): it is ignored"
			if e.key == "ai-train" {
				msg += `; Content-Usage spells it "train-ai" ("ai-train" is Content-Signal's)`
			}
			p.Problems = append(p.Problems, msg)
			continue
		}
		switch {
		case e.token && e.value == "y":
			p.Stances[purpose] = StatedYes
		case e.token && e.value == "n":
			p.Stances[purpose] = StatedNo
		default:
			p.Stances[purpose] = NotStated // the last of a repeated key counts
			msg := e.key + " without a value means true, not"
			if e.written != "" {
				msg = e.key + "=" + e.written + " is not"
			}
			p.Problems = append(p.Problems, msg+" the token y or n, so it states nothing")
		}
	}
}

// A PurposeStatement is what a file states for one purpose, for one
// crawler and URL.
type PurposeStatement struct {
	Stance Stance
	// Line is the line that decided, 0 when nothing is stated; Rule is
	// that line as written, "Content-Usage: / train-ai=n".
	Line int
	Rule string
}

// A UsageStatement is what a file states about the uses of one URL by one
// crawler.
type UsageStatement struct {
	// Crawlable reports whether the crawler may fetch the URL at all. When
	// it may not, no preference applies (aipref: "no preferences are
	// implied for resources that are disallowed"), and every purpose is
	// NotStated.
	Crawlable bool
	// Purposes are indexed by UsePurpose.
	Purposes [NumUsePurposes]PurposeStatement
	// Use is the Content-Signal use= that applies, "" when none; UseLine
	// its line.
	Use     string
	UseLine int
	// Lines are the AI-preference lines of the groups that apply, in file
	// order, whether or not they decided.
	Lines []int
}

// Stated reports whether anything is stated for any purpose.
func (u *UsageStatement) Stated() bool {
	for _, p := range u.Purposes {
		if p.Stance != NotStated {
			return true
		}
	}
	return u.Use != ""
}

// Summary says in a few words what is stated: "search yes, AI training no
// (lines 3, 4)", "not stated", or, for a URL the crawler may not fetch,
// "none: the URL may not be crawled".
func (u *UsageStatement) Summary() string {
	if !u.Crawlable {
		return "none: the URL may not be crawled"
	}
	if !u.Stated() {
		return "not stated"
	}
	var parts []string
	var lines []int
	addLine := func(n int) {
		for _, m := range lines {
			if m == n {
				return
			}
		}
		lines = append(lines, n)
	}
	for i, p := range u.Purposes {
		if p.Stance == NotStated {
			continue
		}
		parts = append(parts, UsePurpose(i).String()+" "+p.Stance.String())
		addLine(p.Line)
	}
	if u.Use != "" {
		parts = append(parts, "use "+u.Use)
		addLine(u.UseLine)
	}
	word := "line "
	if len(lines) > 1 {
		word = "lines "
	}
	ns := make([]string, len(lines))
	for i, n := range lines {
		ns[i] = strconv.Itoa(n)
	}
	return strings.Join(parts, ", ") + " (" + word + strings.Join(ns, ", ") + ")"
}

// Usage returns what the file states about the uses of url by the crawler
// whose product token is agent: the groups are chosen as [Reading.Check]
// chooses them.
func (r *Reading) Usage(agent, url string) UsageStatement {
	v := r.Check(agent, url)
	return r.UsageOf(&v)
}

// UsageOf returns what the file states about the uses of the URL of a
// verdict of this reading, for its crawler: the Content-Signal and
// Content-Usage lines of the verdict's groups apply. For each purpose the
// Content-Usage rules of the longest matching path (one without a path
// counts as "/") and every Content-Signal line are combined, the most
// restrictive winning; the deciding line is the first that states the
// result.
func (r *Reading) UsageOf(v *Verdict) UsageStatement {
	u := UsageStatement{Crawlable: v.Allowed}
	if len(v.Groups) == 0 {
		return u
	}
	in := func(g int) bool {
		for _, gr := range v.Groups {
			if gr.Index == g {
				return true
			}
		}
		return false
	}
	path := v.Path
	if path == "" {
		path = PathOf(v.URL)
	}
	all := r.Preferences()
	if len(all) == 0 {
		return u
	}
	var prefs []*Preference
	var lengths []int // the length of each of prefs' matching path (Content-Usage)
	best := -1        // the length of the longest matching Content-Usage path
	for i := range all {
		p := &all[i]
		if p.Group < 0 || !in(p.Group) {
			continue
		}
		u.Lines = append(u.Lines, p.Line)
		n := 0
		if !p.Signal {
			var ok bool
			if n, ok = usagePathMatch(p.Path, path); !ok {
				continue
			}
			best = max(best, n)
		}
		prefs = append(prefs, p)
		lengths = append(lengths, n)
	}
	if !u.Crawlable {
		return u
	}
	for j, p := range prefs {
		if !p.Signal && lengths[j] != best {
			continue
		}
		for i, s := range p.Stances {
			ps := &u.Purposes[i]
			if s != NotStated && combine(ps.Stance, s) != ps.Stance {
				ps.Stance, ps.Line = s, p.Line
				ps.Rule = r.File.lineText(p.Line)
			}
		}
		if p.Signal && p.Use != "" && u.Use == "" {
			u.Use, u.UseLine = p.Use, p.Line
		}
	}
	return u
}

// usagePathMatch reports whether a Content-Usage path matches path, and
// with what length: as an Allow/Disallow pattern, by its length in bytes
// once percent-encoded; no path counts as "/".
func usagePathMatch(pattern, path string) (int, bool) {
	if pattern == "" {
		pattern = "/"
	}
	pattern = escapePattern(pattern)
	if !matchPattern(pattern, path) {
		return 0, false
	}
	return len(pattern), true
}

// lineText returns line n as written, without its comment and the white
// space around it.
func (f *File) lineText(n int) string {
	l := &f.Lines[n-1]
	return trimSpace(cutComment(f.text[l.Start:l.End]))
}

// aiPreference lints a Content-Signal or Content-Usage line: placed where
// it applies to no crawler, or with a value that cannot be read.
func (l *linter) aiPreference(line *Line) {
	n := line.Number
	p, ok := readPreference(Record{Line: n, Key: l.f.Key(n), Value: l.r.value(line), Group: -1})
	if !ok {
		return
	}
	// The key is in each message's shape, not a detail of it: a group of
	// findings that holds a Content-Signal line must not say
	// Content-Usage. So is each problem's sentence, which differ in kind.
	key := "Content-Usage"
	if p.Signal {
		key = "Content-Signal"
	}
	if l.groupAt(n) == nil {
		l.addKeyed(n, CodeAIPrefOutsideGroup, key, " stands before any User-agent line: it belongs to no group, so it states nothing for any crawler. Put it inside a group, such as User-agent: *.")
	}
	if p.Value == "" {
		l.addKeyed(n, CodeAIPrefMalformed, key, " has no value: it states nothing.")
		return
	}
	if !p.Signal && p.Path == "" && strings.IndexAny(p.Value, " \t") > 0 && strings.ContainsAny(p.Value[:strings.IndexAny(p.Value, " \t")], "/*") {
		l.addKeyed(n, CodeAIPrefMalformed, key, ": a path must start with \"/\"; read as a preference, %q states nothing.", p.Value)
		return
	}
	for _, msg := range p.Problems {
		l.addKeyed(n, CodeAIPrefMalformed, key, ": %s.", msg)
		l.out[len(l.out)-1].shape += msg // each problem is a kind of its own
	}
}
