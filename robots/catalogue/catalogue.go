// Package catalogue is the wide catalogue of crawlers: search engines of
// every region, AI crawlers and fetchers, SEO tools, social previews,
// archivers, feed readers, monitors and scripts, each with its operator,
// role, documentation, robots.txt stance, published address list and
// reverse-DNS domains where the operator documents them, and the sources
// of those facts.
//
// The data is one file, crawlers.txt, in the engine's own format:
// robots.txt-like "key: value" lines, one record a crawler, records
// separated by blank lines, "#" comments. It is embedded; [Load] parses it.
// Nothing of the page links this package yet.
package catalogue

import (
	"bufio"
	_ "embed"
	"fmt"
	"io"
	"net/url"
	"strings"

	"robotstester/robots"
)

//go:embed crawlers.txt
var data string

// Data returns the catalogue's file as it is embedded.
func Data() string { return data }

// Honours says whether a crawler's operator says it honours robots.txt.
type Honours string

const (
	HonoursUnknown Honours = "unknown" // the operator says nothing we could find
	HonoursYes     Honours = "yes"     // the operator says it honours robots.txt
	HonoursNo      Honours = "no"      // the operator says it does not (user-triggered fetchers, mostly)
	HonoursPartly  Honours = "partly"  // only for some fetches, or only some rules
)

// An Entry is one crawler of the catalogue.
type Entry struct {
	// Tokens are the product tokens a robots.txt group names it by, the
	// first the main one. Every token is made of letters, digits, '_' and
	// '-'; see [Cut] for how an RFC 9309 parser reads one with digits.
	Tokens []string
	// UAs are the names it shows in user-agent strings where they differ
	// from its tokens ("Pingdom.com_bot").
	UAs      []string
	Operator string // who runs it
	// Role is what it fetches for: one of the engine's roles.
	Role    robots.Role
	Purpose string // a few words for people
	Docs    string // the operator's documentation, an https URL
	// Robots is whether its operator says it honours robots.txt, and
	// RobotsSource where it says so (an https URL, or a named source).
	Robots       Honours
	RobotsSource string
	// Fetches is false for a control token that never fetches anything
	// (Google-Extended): it only lets a site refuse a use of its content.
	Fetches bool
	// Ranges are the URLs of its operator's published address lists, in
	// the common JSON format ({"creationTime", "prefixes"}); empty when the
	// operator publishes none or none could be confirmed.
	Ranges []string
	// RDNS are the domains its addresses' reverse-DNS names end in, when
	// the operator documents them ("googlebot.com").
	RDNS []string
	// Sources are where the record's facts come from: URLs, or
	// "ai.robots.txt" for the reference list of AI agents.
	Sources []string
	// Note is anything else worth knowing, in words.
	Note string
	Line int // the line the record starts on
}

// Token returns the crawler's main token.
func (e *Entry) Token() string { return e.Tokens[0] }

// A Listed is a name that lists of crawlers carry and that is not a token
// of the catalogue: not a valid product token ("Kangaroo Bot"), or another
// spelling of a crawler's token ("MistralAI-User/1.0"). It is kept so that
// the reference list is answered name by name.
type Listed struct {
	Name    string // as the list writes it
	AliasOf string // the catalogue's token it stands for, if any
	Note    string // why it is not a token
	Sources []string
	Line    int
}

// Catalogue is the parsed file: its crawlers, in the file's order, and the
// listed names that are not tokens.
type Catalogue struct {
	Entries []Entry
	Listed  []Listed
}

// Lookup returns the entry with token tok, in any case.
func (c *Catalogue) Lookup(tok string) (*Entry, bool) {
	for i := range c.Entries {
		for _, t := range c.Entries[i].Tokens {
			if strings.EqualFold(t, tok) {
				return &c.Entries[i], true
			}
		}
	}
	return nil, false
}

// A ParseError is a fault of the file, at a line.
type ParseError struct {
	Line int
	Msg  string
}

func (e *ParseError) Error() string { return fmt.Sprintf("crawlers.txt:%d: %s", e.Line, e.Msg) }

// Load parses the embedded catalogue.
func Load() (Catalogue, error) { return Parse(strings.NewReader(data)) }

// ValidToken reports whether s is a product token as the catalogue takes
// it: letters, digits, '_' and '-', at least one.
func ValidToken(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '-' || c == '_') {
			return false
		}
	}
	return true
}

// Cut returns what an RFC 9309 parser keeps of a token: its leading
// letters, '_' and '-' (RFC 9309 and Google's library allow no digits), so
// that "MJ12bot" is read as "MJ".
func Cut(tok string) string {
	for i := 0; i < len(tok); i++ {
		c := tok[i]
		if !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || c == '-' || c == '_') {
			return tok[:i]
		}
	}
	return tok
}

var roles = func() map[string]robots.Role {
	m := map[string]robots.Role{}
	for r := robots.Role(0); r.String() != "role(?)"; r++ {
		m[r.String()] = r
	}
	return m
}()

// LookupRole returns the role named name ("ai-training").
func LookupRole(name string) (robots.Role, bool) {
	r, ok := roles[name]
	return r, ok
}

// record is one record's lines, as read.
type record struct {
	line int
	keys []string
	vals []string
	at   []int
}

// Parse reads a catalogue file. The first fault ends it, with its line.
func Parse(r io.Reader) (Catalogue, error) {
	var c Catalogue
	var rec record
	flush := func() error {
		if len(rec.keys) == 0 {
			return nil
		}
		defer func() { rec = record{} }()
		return c.add(&rec)
	}
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 4096), 1<<16)
	n := 0
	for sc.Scan() {
		n++
		line := sc.Text()
		if i := strings.Index(line, " #"); i >= 0 {
			line = line[:i]
		}
		line = strings.TrimSpace(line)
		if strings.HasPrefix(line, "#") {
			continue
		}
		if line == "" {
			if err := flush(); err != nil {
				return c, err
			}
			continue
		}
		k, v, ok := strings.Cut(line, ":")
		if !ok {
			return c, &ParseError{n, fmt.Sprintf("no colon in %q", line)}
		}
		k, v = strings.ToLower(strings.TrimSpace(k)), strings.TrimSpace(v)
		if v == "" {
			return c, &ParseError{n, fmt.Sprintf("%s: no value", k)}
		}
		if len(rec.keys) == 0 {
			rec.line = n
		}
		rec.keys, rec.vals, rec.at = append(rec.keys, k), append(rec.vals, v), append(rec.at, n)
	}
	if err := sc.Err(); err != nil {
		return c, &ParseError{n + 1, err.Error()}
	}
	if err := flush(); err != nil {
		return c, err
	}
	return c, nil
}

// single are the keys a record may hold once.
var single = map[string]bool{"operator": true, "role": true, "purpose": true, "docs": true,
	"robots": true, "robots-source": true, "fetches": true, "note": true, "listed": true, "alias-of": true}

func (c *Catalogue) add(rec *record) error {
	seen := map[string]bool{}
	for i, k := range rec.keys {
		if single[k] && seen[k] {
			return &ParseError{rec.at[i], k + " given twice"}
		}
		seen[k] = true
	}
	if seen["listed"] {
		return c.addListed(rec, seen)
	}
	e := Entry{Line: rec.line, Robots: HonoursUnknown, Fetches: true}
	role := false
	for i, k := range rec.keys {
		v, at := rec.vals[i], rec.at[i]
		switch k {
		case "token":
			if !ValidToken(v) {
				return &ParseError{at, fmt.Sprintf("token %q: not a product token (letters, digits, '_', '-')", v)}
			}
			e.Tokens = append(e.Tokens, v)
		case "ua":
			e.UAs = append(e.UAs, v)
		case "operator":
			e.Operator = v
		case "role":
			r, ok := roles[v]
			if !ok {
				return &ParseError{at, fmt.Sprintf("role %q: not one of the engine's roles", v)}
			}
			e.Role, role = r, true
		case "purpose":
			e.Purpose = v
		case "docs":
			if err := httpsURL(v); err != nil {
				return &ParseError{at, "docs: " + err.Error()}
			}
			e.Docs = v
		case "robots":
			switch h := Honours(v); h {
			case HonoursYes, HonoursNo, HonoursPartly, HonoursUnknown:
				e.Robots = h
			default:
				return &ParseError{at, fmt.Sprintf("robots %q: want yes, no, partly or unknown", v)}
			}
		case "robots-source":
			if err := source(v); err != nil {
				return &ParseError{at, "robots-source: " + err.Error()}
			}
			e.RobotsSource = v
		case "fetches":
			switch v {
			case "yes":
				e.Fetches = true
			case "no":
				e.Fetches = false
			default:
				return &ParseError{at, fmt.Sprintf("fetches %q: want yes or no", v)}
			}
		case "ranges":
			if err := httpsURL(v); err != nil {
				return &ParseError{at, "ranges: " + err.Error()}
			}
			e.Ranges = append(e.Ranges, v)
		case "rdns":
			if strings.ContainsAny(v, " /:*") || strings.HasPrefix(v, ".") || !strings.Contains(v, ".") {
				return &ParseError{at, fmt.Sprintf("rdns %q: want a domain such as googlebot.com", v)}
			}
			e.RDNS = append(e.RDNS, strings.ToLower(v))
		case "source":
			if err := source(v); err != nil {
				return &ParseError{at, "source: " + err.Error()}
			}
			e.Sources = append(e.Sources, v)
		case "note":
			e.Note = v
		default:
			return &ParseError{at, fmt.Sprintf("unknown key %q", k)}
		}
	}
	switch {
	case len(e.Tokens) == 0:
		return &ParseError{rec.line, "a record with no token (or listed)"}
	case e.Operator == "":
		return &ParseError{rec.line, e.Tokens[0] + ": no operator"}
	case !role:
		return &ParseError{rec.line, e.Tokens[0] + ": no role"}
	case len(e.Sources) == 0:
		return &ParseError{rec.line, e.Tokens[0] + ": no source"}
	case e.RobotsSource != "" && e.Robots == HonoursUnknown:
		return &ParseError{rec.line, e.Tokens[0] + ": robots-source with no robots"}
	}
	c.Entries = append(c.Entries, e)
	return nil
}

func (c *Catalogue) addListed(rec *record, seen map[string]bool) error {
	l := Listed{Line: rec.line}
	for i, k := range rec.keys {
		v, at := rec.vals[i], rec.at[i]
		switch k {
		case "listed":
			l.Name = v
		case "alias-of":
			if !ValidToken(v) {
				return &ParseError{at, fmt.Sprintf("alias-of %q: not a product token", v)}
			}
			l.AliasOf = v
		case "note":
			l.Note = v
		case "source":
			if err := source(v); err != nil {
				return &ParseError{at, "source: " + err.Error()}
			}
			l.Sources = append(l.Sources, v)
		default:
			return &ParseError{at, fmt.Sprintf("%q in a listed record (listed, alias-of, note, source)", k)}
		}
	}
	switch {
	case l.Note == "" && l.AliasOf == "":
		return &ParseError{rec.line, l.Name + ": listed with neither alias-of nor note"}
	case len(l.Sources) == 0:
		return &ParseError{rec.line, l.Name + ": no source"}
	}
	c.Listed = append(c.Listed, l)
	return nil
}

// source checks a source: an https URL, or a name without a scheme.
func source(v string) error {
	if strings.Contains(v, "://") {
		return httpsURL(v)
	}
	return nil
}

func httpsURL(v string) error {
	u, err := url.Parse(v)
	if err != nil {
		return err
	}
	if u.Scheme != "https" || u.Host == "" {
		return fmt.Errorf("%q: not an https URL", v)
	}
	return nil
}
