package robots

import (
	_ "embed"
	"fmt"
	"io"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"sync"
)

// The catalogue of crawlers is one file, crawlers.txt, in the engine's
// own format: robots.txt-like "key: value" lines, one record a crawler,
// records separated by blank lines, "#" comments. Its header says what
// each key means. It is parsed when first asked for, so that a program
// that never names a crawler pays nothing for it.
//
//go:embed crawlers.txt
var catalogueFile string

// CatalogueFile returns the catalogue's file as the engine embeds it.
func CatalogueFile() string { return catalogueFile }

// Honours says whether a crawler's operator says it honours robots.txt.
type Honours string

const (
	HonoursUnknown Honours = ""       // the operator says nothing that could be found
	HonoursYes     Honours = "yes"    // the operator says it honours robots.txt
	HonoursNo      Honours = "no"     // the operator says it does not (user-triggered fetchers, mostly)
	HonoursPartly  Honours = "partly" // only for some fetches, or only some rules
)

// A ListedName is a name that lists of crawlers carry and that is not a
// token of the catalogue: not a valid product token ("Kangaroo Bot"), or
// another spelling of a crawler's token ("MistralAI-User/1.0"). It is kept
// so that a list of crawlers is answered name by name.
type ListedName struct {
	Name    string // as the list writes it
	AliasOf string // the catalogue's token it stands for, if any
	Note    string // why it is not a token
	Sources []string
	Line    int
}

// A CatalogueError is a fault of a catalogue file, at a line.
type CatalogueError struct {
	Line int
	Msg  string
}

func (e *CatalogueError) Error() string { return fmt.Sprintf("crawlers.txt:%d: %s", e.Line, e.Msg) }

// catalogue is the parsed file and what is looked up in it often.
type catalogue struct {
	crawlers []Crawler
	listed   []ListedName
	byToken  map[string]int // every token and alias, lower-cased
	byUA     map[string]int // every ua name, lower-cased
	needles  []needle       // what knownTokenIn looks for in a user-agent string
	// inOthers reports a token that stands inside another crawler's
	// ("Spider" in "Baiduspider"): readings that match by substring
	// (1996's) would bind that crawler too to a group naming it, so the
	// roles of an Intent do not write it. Only the intent writer asks,
	// and working it out compares every pair of tokens: it waits for its
	// first question (tokensInOthers), off the page's start.
	inOthers func() []bool
}

// A needle is a name knownTokenIn finds in a user-agent string: a token,
// an alias or a ua name, lower-cased, and the crawler it names.
type needle struct {
	text    string // lower-cased
	name    string // as the catalogue writes it: the requester's token; "" for a ua name
	crawler int
	// product: found only as a product with its version ("Code/1.0"), not
	// as any word: a generic name ("Code", "Operator", "Spider") is in
	// many strings that are no crawler's.
	product bool
}

// loadCatalogue returns the catalogue, read the first time it is asked
// for.
func loadCatalogue() *catalogue { return readCatalogue(nil) }

var (
	catalogueOnce sync.Once
	theCatalogue  *catalogue
)

// readCatalogue returns the catalogue, read the first time it is asked
// for, with pause, when given, called between its records.
func readCatalogue(pause Pause) *catalogue {
	catalogueOnce.Do(func() { theCatalogue = newCatalogue(pause) })
	return theCatalogue
}

// newCatalogue reads the embedded catalogue file, with pause, when given,
// called between its records (its stop is not heeded: the catalogue is
// read whole).
func newCatalogue(pause Pause) *catalogue {
	cs, listed, err := parseCatalogue(catalogueFile, pause)
	if err != nil {
		panic("robots: the embedded " + err.Error()) // TestCatalogue parses it
	}
	c := &catalogue{crawlers: cs, listed: listed, byToken: make(map[string]int, len(cs)*2), byUA: map[string]int{}}
	for i := range cs {
		cr := &cs[i]
		for _, t := range append([]string{cr.Token}, cr.Aliases...) {
			lower := strings.ToLower(t)
			c.byToken[lower] = i
			if !cr.Featured && (toolProduct(t) || stackProduct(t) || headlessProduct(t)) {
				continue // ReadRequester's tools, not crawlers
			}
			c.needles = append(c.needles, needle{text: lower, name: t, crawler: i, product: !distinctive(t) && !cr.Featured})
		}
		for _, ua := range cr.UAs {
			lower := strings.ToLower(ua)
			if _, dup := c.byToken[lower]; !dup {
				c.byUA[lower] = i
			}
			c.needles = append(c.needles, needle{text: lower, crawler: i, product: !distinctive(ua) && !strings.Contains(ua, " ")})
		}
	}
	c.inOthers = sync.OnceValue(func() []bool { return tokensInOthers(cs) })
	return c
}

// tokensInOthers reports, for each crawler of cs, whether its token stands
// inside another operator's crawler's token (catalogue.inOthers). A
// featured crawler's readings are written in the catalogue (fallbacks):
// none of them is.
func tokensInOthers(cs []Crawler) []bool {
	lower := make([]string, len(cs))
	for i := range cs {
		lower[i] = strings.ToLower(cs[i].Token)
	}
	in := make([]bool, len(cs))
	for i := range cs {
		if cs[i].Featured {
			continue
		}
		for j := range cs {
			if j != i && cs[j].Vendor != cs[i].Vendor && strings.Contains(lower[j], lower[i]) {
				in[i] = true
				break
			}
		}
	}
	return in
}

// distinctive reports whether a crawler's name is found in user-agent
// strings only where it names the crawler: a robot's name ("…bot",
// "…spider") or a compound ("Google-Extended", "ia_archiver").
func distinctive(name string) bool {
	return robotName(name) && !slices.Contains(robotWords, strings.ToLower(name)) || strings.ContainsAny(name, "-_.")
}

// PrepareCatalogue reads the catalogue of crawlers now rather than at the
// first question that needs it (a user-agent string to read, a crawler
// to list), calling pause, when given, between its records: a program
// whose first answers must come in short steps (a page starting on a
// phone) reads it in steps of its own. The catalogue is read whole
// whatever pause says.
func PrepareCatalogue(pause Pause) { readCatalogue(pause) }

// Listed returns the names that lists of crawlers carry and that are no
// token of the catalogue, each with the token it stands for or why not.
func Listed() []ListedName { return append([]ListedName(nil), loadCatalogue().listed...) }

// validToken reports whether s is a product token as the catalogue takes
// it: letters, digits, '_' and '-', at least one. Digits are allowed
// because crawlers name themselves so ("MJ12bot"), though an RFC 9309
// parser reads only the letters before them.
func validToken(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if c := s[i]; !isTokenByte(c) && !('0' <= c && c <= '9') {
			return false
		}
	}
	return true
}

// LookupRole returns the role named name ("ai-training").
func LookupRole(name string) (Role, bool) {
	for r := Role(0); r < numRoles; r++ {
		if roleNames[r] == name {
			return r, true
		}
	}
	return 0, false
}

// record is one record's lines, as read.
type record struct {
	line int
	keys []string
	vals []string
	at   []int
}

// ParseCatalogue reads a catalogue file (the format of crawlers.txt): its
// crawlers, in the file's order, and its listed names. The first fault
// ends it, as a *CatalogueError with its line.
func ParseCatalogue(r io.Reader) ([]Crawler, []ListedName, error) {
	b, err := io.ReadAll(r)
	if err != nil {
		return nil, nil, &CatalogueError{0, err.Error()}
	}
	return parseCatalogue(string(b), nil)
}

// parseCatalogue is ParseCatalogue of a string, line by line (the
// embedded file is read in place), with pause, when given, called between
// records; its stop is not heeded.
func parseCatalogue(text string, pause Pause) ([]Crawler, []ListedName, error) {
	var p catalogueParser
	var rec record
	flush := func() error {
		if len(rec.keys) == 0 {
			return nil
		}
		defer func() { rec = record{} }()
		return p.add(&rec)
	}
	for n := 1; text != ""; n++ {
		var line string
		line, text, _ = strings.Cut(text, "\n")
		if i := strings.Index(line, " #"); i >= 0 {
			line = line[:i]
		}
		line = strings.TrimSpace(line)
		if strings.HasPrefix(line, "#") {
			continue
		}
		if line == "" {
			if err := flush(); err != nil {
				return p.crawlers, p.listed, err
			}
			if pause != nil {
				pause()
			}
			continue
		}
		k, v, ok := strings.Cut(line, ":")
		if !ok {
			return p.crawlers, p.listed, &CatalogueError{n, "no colon in " + strconv.Quote(line)}
		}
		k, v = strings.ToLower(strings.TrimSpace(k)), strings.TrimSpace(v)
		if v == "" {
			return p.crawlers, p.listed, &CatalogueError{n, k + ": no value"}
		}
		if len(rec.keys) == 0 {
			rec.line = n
		}
		rec.keys, rec.vals, rec.at = append(rec.keys, k), append(rec.vals, v), append(rec.at, n)
	}
	if err := flush(); err != nil {
		return p.crawlers, p.listed, err
	}
	return p.crawlers, p.listed, nil
}

type catalogueParser struct {
	crawlers []Crawler
	listed   []ListedName
}

// single are the keys a record may hold once.
var single = map[string]bool{"operator": true, "role": true, "purpose": true, "docs": true,
	"robots": true, "robots-source": true, "fetches": true, "note": true, "listed": true, "alias-of": true,
	"featured": true, "ignores-global": true, "crawl-delay": true, "reading": true}

// yes reads a yes/no value.
func yes(k, v string, at int) (bool, error) {
	switch v {
	case "yes":
		return true, nil
	case "no":
		return false, nil
	}
	return false, badValue(at, k, v, "want yes or no")
}

// badValue is the fault of a key's value v at a line, and what it wants.
func badValue(at int, key, v, want string) error {
	return &CatalogueError{at, key + " " + strconv.Quote(v) + ": " + want}
}

func (p *catalogueParser) add(rec *record) error {
	seen := map[string]bool{}
	for i, k := range rec.keys {
		if single[k] && seen[k] {
			return &CatalogueError{rec.at[i], k + " given twice"}
		}
		seen[k] = true
	}
	if seen["listed"] {
		return p.addListed(rec)
	}
	c := Crawler{Line: rec.line}
	role, fetches := false, true
	for i, k := range rec.keys {
		v, at := rec.vals[i], rec.at[i]
		var err error
		switch k {
		case "token":
			if !validToken(v) {
				return badValue(at, "token", v, "not a product token (letters, digits, '_', '-')")
			}
			if c.Token == "" {
				c.Token = v
			} else {
				c.Aliases = append(c.Aliases, v)
			}
		case "ua":
			c.UAs = append(c.UAs, v)
		case "operator":
			c.Vendor = v
		case "role":
			r, ok := LookupRole(v)
			if !ok {
				return badValue(at, "role", v, "not one of the engine's roles")
			}
			c.Role, role = r, true
		case "purpose":
			c.Purpose = v
		case "docs":
			err = httpsURL(k, v, at)
			c.Docs = v
		case "robots":
			switch h := Honours(v); h {
			case HonoursYes, HonoursNo, HonoursPartly:
				c.Robots = h
			default:
				return badValue(at, "robots", v, "want yes, no or partly")
			}
		case "robots-source":
			err = source(k, v, at)
			c.RobotsSource = v
		case "fetches":
			fetches, err = yes(k, v, at)
		case "featured":
			c.Featured, err = yes(k, v, at)
		case "fallback":
			if !validToken(v) {
				return badValue(at, "fallback", v, "not a product token")
			}
			c.Fallbacks = append(c.Fallbacks, v)
		case "ignores-global":
			c.IgnoresGlobal, err = yes(k, v, at)
		case "crawl-delay":
			c.HonoursCrawlDelay, err = yes(k, v, at)
		case "reading":
			d, ok := ParseDialect(v)
			if !ok {
				return badValue(at, "reading", v, "not one of the engine's readings")
			}
			c.Dialect = d
		case "ranges":
			err = httpsURL(k, v, at)
			c.Ranges = append(c.Ranges, v)
		case "rdns":
			if strings.ContainsAny(v, " /:*") || strings.HasPrefix(v, ".") || !strings.Contains(v, ".") {
				return badValue(at, "rdns", v, "want a domain such as googlebot.com")
			}
			c.RDNS = append(c.RDNS, strings.ToLower(v))
		case "source":
			err = source(k, v, at)
			c.Sources = append(c.Sources, v)
		case "note":
			c.Note = v
		default:
			return &CatalogueError{at, "unknown key " + strconv.Quote(k)}
		}
		if err != nil {
			return err
		}
	}
	switch {
	case c.Token == "":
		return &CatalogueError{rec.line, "a record with no token (or listed)"}
	case c.Vendor == "":
		return &CatalogueError{rec.line, c.Token + ": no operator"}
	case !role:
		return &CatalogueError{rec.line, c.Token + ": no role"}
	case len(c.Sources) == 0:
		return &CatalogueError{rec.line, c.Token + ": no source"}
	case c.RobotsSource != "" && c.Robots == HonoursUnknown:
		return &CatalogueError{rec.line, c.Token + ": robots-source with no robots"}
	}
	c.ControlOnly = !fetches
	c.Category = categoryOf(c.Role)
	p.crawlers = append(p.crawlers, c)
	return nil
}

// categoryOf is the category people choose a crawler of role r in.
func categoryOf(r Role) Category {
	switch {
	case r == RoleSearch:
		return SearchEngine
	case r.AI():
		return AICrawler
	}
	return OtherCrawler
}

func (p *catalogueParser) addListed(rec *record) error {
	l := ListedName{Line: rec.line}
	for i, k := range rec.keys {
		v, at := rec.vals[i], rec.at[i]
		switch k {
		case "listed":
			l.Name = v
		case "alias-of":
			if !validToken(v) {
				return badValue(at, "alias-of", v, "not a product token")
			}
			l.AliasOf = v
		case "note":
			l.Note = v
		case "source":
			if err := source(k, v, at); err != nil {
				return err
			}
			l.Sources = append(l.Sources, v)
		default:
			return &CatalogueError{at, strconv.Quote(k) + " in a listed record (listed, alias-of, note, source)"}
		}
	}
	switch {
	case l.Note == "" && l.AliasOf == "":
		return &CatalogueError{rec.line, l.Name + ": listed with neither alias-of nor note"}
	case len(l.Sources) == 0:
		return &CatalogueError{rec.line, l.Name + ": no source"}
	}
	p.listed = append(p.listed, l)
	return nil
}

// source checks a source: an https URL, or a name without a scheme.
func source(k, v string, at int) error {
	if strings.Contains(v, "://") {
		return httpsURL(k, v, at)
	}
	return nil
}

func httpsURL(k, v string, at int) error {
	u, err := url.Parse(v)
	if err != nil || u.Scheme != "https" || u.Host == "" {
		return &CatalogueError{at, k + ": " + strconv.Quote(v) + ": not an https URL"}
	}
	return nil
}
