// Package byintent is Rules by intent as a model: the form's choices
// (allow, block or leave each line of roles and each crawler chosen apart,
// and the AI preferences), and the preview of what they write into the
// file shown, made again when the form or the file changes.
//
// The file is written by the site worker (effect.WriteIntent), which
// links the engine's writer so that app.wasm need not (20 KB brotli); the
// model previews the text it answers over the tests itself
// (model.PreviewIntent), has the site's URLs counted under it
// (effect.CountPreview), and Apply writes that text into the file. It is
// plain Go, held by the session and changed only by Update, with the
// session's work given to read.
package byintent

import (
	"slices"
	"strings"

	"robotstester/app/internal/effect"
	"robotstester/app/model"
	"robotstester/app/sitemsg"
	"robotstester/robots"
)

// LiveSize is the largest file whose preview is made again at each
// change of the file: the preview reads the file written in three
// readings: a 500 KiB file is written in 13 to 17 ms natively
// (BenchmarkWriteIntentBig), before the preview reads it, and several
// times that in WebAssembly, too much for every key typed. A larger
// file's preview is made again when the form changes, or when asked
// (Refresh), and says meanwhile that it is of an older text.
const LiveSize = 64 << 10

// AddTokenID is the id of the field where a crawler to choose for apart
// is typed: it is emptied once the crawler is taken.
const AddTokenID = "intent-add-token"

// Intent is the model of Rules by intent. Its zero value is an empty form
// with nothing written yet.
type Intent struct {
	form form
	rev  int // the form's revision, counted at each change

	// preview is what the form writes (written), for the analysis an;
	// stale, when it is of an earlier text of a file too large to
	// preview at each key.
	preview *model.IntentPreview
	stale   bool
	an      *model.Analysis

	// written is the worker's last file written, and asking the write
	// asked for and not answered yet (zero when none is); failed says
	// why the worker could not write it, which asking then keeps, so
	// that a failed write is asked again only when the form changes.
	written, asking text
	failed          string
	// applyNext: Apply was pressed when the file written was of
	// another text or form; it is applied once the worker writes it.
	applyNext bool

	// site is what the file written changes over the site's URLs, which
	// the site URLs' worker counts.
	site site
	// open are the keys of the preview's folds opened (Unfold).
	open []string
	// refused is the crawler the last AddCrawler refused, as typed.
	refused string

	// seq numbers the writes and counts asked of the worker: an answer
	// to one but the last is moot.
	seq int
}

// text is a file written by intent: of, the file shown, with the form
// of revision rev written in (text), and the crawlers the intent governs
// in of (targets); ok when it is one. id is the write's number.
type text struct {
	of, text string
	rev      int
	targets  []robots.IntentTarget
	ok       bool
	id       int
}

// same reports whether t is of the file of and the form's revision rev.
func (t *text) same(of string, rev int) bool { return t.ok && t.of == of && t.rev == rev }

// site is a preview's counts of the site's URLs, asked as count id:
// worded by the worker (node, of urls URLs); asked is false when there
// are no URLs to count.
type site struct {
	id          int
	asked, done bool
	node        *sitemsg.Node
	urls        int
	failed      string
}

// form is what the form says: a choice per line of roles
// (robots.IntentRoles, by name), choices per crawler, and the AI
// preferences.
type form struct {
	roles    map[string]robots.Choice
	crawlers []crawler
	pref     robots.AIPref
}

// crawler is one crawler chosen apart from its role.
type crawler struct {
	token  string
	choice robots.Choice
}

// intent returns the robots.Intent the form says.
func (f *form) intent() robots.Intent {
	in := robots.Intent{Roles: map[robots.Role]robots.Choice{}, Crawlers: map[string]robots.Choice{}, Pref: f.pref}
	for _, r := range robots.IntentRoles() {
		if ch := f.roles[r.Name]; ch != robots.Leave {
			for _, role := range r.Roles {
				in.Roles[role] = ch
			}
		}
	}
	for _, c := range f.crawlers {
		in.Crawlers[c.token] = c.choice
	}
	return in
}

// Result is what a message asks of the session and the page.
type Result struct {
	// IO is the work with the browser it asks for, in order.
	IO []effect.IO
	// Write: Text, the file written, is to replace the file shown, as
	// one edit that Undo takes back.
	Write bool
	Text  string
}

// Update carries out msg over the work shown: an, the analysis of s, the
// file and the tests, which it reads and never changes.
func (m *Intent) Update(msg Msg, an *model.Analysis, s *model.State) Result {
	switch msg := msg.(type) {
	case Follow:
		return Result{IO: m.follow(an, s)}
	case Wrote:
		return m.wrote(msg, an, s)
	case SiteCounted:
		m.counted(msg)
	case Refresh:
		return Result{IO: m.changed(an, s)}
	case Unfold:
		if i := slices.Index(m.open, msg.Key); i >= 0 {
			m.open = slices.Delete(m.open, i, i+1)
		} else {
			m.open = append(m.open, msg.Key)
		}
	case Apply:
		if !m.written.same(s.Robots, m.rev) {
			m.applyNext = true
			return Result{IO: m.ask(s.Robots)}
		}
		return m.write(s)
	case SetRole:
		if m.form.roles == nil {
			m.form.roles = map[string]robots.Choice{}
		}
		m.form.roles[msg.Name] = robots.ParseChoice(msg.Choice)
		return Result{IO: m.changed(an, s)}
	case AddCrawler:
		return m.add(msg, an, s)
	case SetCrawler:
		if msg.Index >= 0 && msg.Index < len(m.form.crawlers) {
			m.form.crawlers[msg.Index].choice = robots.ParseChoice(msg.Choice)
			return Result{IO: m.changed(an, s)}
		}
	case RemoveCrawler:
		if msg.Index >= 0 && msg.Index < len(m.form.crawlers) {
			m.form.crawlers = slices.Delete(m.form.crawlers, msg.Index, msg.Index+1)
			return Result{IO: m.changed(an, s)}
		}
	case SetPref:
		if msg.Purpose >= 0 && msg.Purpose < len(m.form.pref.Stances) {
			m.form.pref.Stances[msg.Purpose] = stanceOf(msg.Stance)
			return Result{IO: m.changed(an, s)}
		}
	case SetUsage:
		m.form.pref.Usage = msg.On
		return Result{IO: m.changed(an, s)}
	}
	return Result{}
}

// follow makes the preview of the form over the file shown again when
// one of them changed, and for a large file only when the form did (the
// preview is then stale). The file is written by the worker (ask), and
// previewed once it answers (wrote); the tests' changes alone are
// previewed again at once, the file written being the same.
func (m *Intent) follow(an *model.Analysis, s *model.State) []effect.IO {
	if m.written.same(s.Robots, m.rev) {
		if m.preview == nil || m.an != an || m.stale {
			return m.show(an, s)
		}
		return nil
	}
	if m.preview != nil && m.written.ok && m.written.rev == m.rev && len(s.Robots) > LiveSize {
		m.stale = true
		return nil
	}
	if m.failed != "" && m.asking.rev == m.rev {
		return nil // asked again when the form changes: not at each key
	}
	return m.ask(s.Robots)
}

// ask has the worker write the form into of, unless that is asked for.
func (m *Intent) ask(of string) []effect.IO {
	if m.asking.same(of, m.rev) && m.failed == "" {
		return nil
	}
	m.seq++
	m.asking, m.failed = text{of: of, rev: m.rev, ok: true, id: m.seq}, ""
	return []effect.IO{effect.WriteIntent{ID: m.seq, Text: of, Intent: m.form.intent()}}
}

// fail says why the file could not be written: the preview of an
// earlier form would mislead, and goes.
func (m *Intent) fail(why string) {
	m.failed, m.preview, m.applyNext = why, nil, false
	m.site = site{}
}

// wrote takes the worker's answer to a write: the file written, and the
// crawlers it governs, or why it failed. An answer to an earlier write
// than the last asked for is moot.
func (m *Intent) wrote(w Wrote, an *model.Analysis, s *model.State) Result {
	if !m.asking.ok || m.asking.id != w.ID {
		return Result{}
	}
	if w.Failed != "" {
		m.fail(w.Failed)
		return Result{}
	}
	a := m.asking
	a.text, a.targets = w.Text, w.Targets
	m.written, m.asking, m.failed = a, text{}, ""
	r := Result{IO: m.show(an, s)}
	if a.of != s.Robots {
		// Typed in meanwhile: a large file's preview stays as it is
		// (stale); a small one's is asked for again.
		m.stale = len(s.Robots) > LiveSize
		if !m.stale {
			r.IO = append(r.IO, m.ask(s.Robots)...)
		}
		return r
	}
	if m.applyNext && a.rev == m.rev {
		m.applyNext = false
		w := m.write(s)
		w.IO = append(r.IO, w.IO...)
		return w
	}
	return r
}

// show previews the file written over the analysis an of s, and has the
// site's URLs counted under it, unless it writes nothing new.
func (m *Intent) show(an *model.Analysis, s *model.State) []effect.IO {
	m.preview = model.PreviewIntent(an, s, m.written.text, m.written.targets)
	m.an, m.stale = an, false
	m.site = site{}
	if m.preview.Same {
		return nil
	}
	m.seq++
	m.site = site{id: m.seq, asked: true}
	return []effect.IO{effect.CountPreview{ID: m.seq, Text: m.preview.Text}}
}

// counted takes the site's counts under the file written, or that there
// are no URLs to count.
func (m *Intent) counted(c SiteCounted) {
	if c.ID != m.site.id || m.site.id == 0 {
		return
	}
	if !c.Asked {
		m.site.asked = false
		return
	}
	m.site.node, m.site.urls, m.site.failed, m.site.done = c.Node, c.URLs, c.Failed, true
}

// changed has the preview made again for the form as it is now.
func (m *Intent) changed(an *model.Analysis, s *model.State) []effect.IO {
	m.rev++
	m.applyNext = false // pressed for the form as it was
	return m.follow(an, s)
}

// add chooses for a crawler apart from its role: a catalogued token is
// taken in the catalogue's spelling, a user-agent string as its product
// token; a value that names no crawler is refused, and said so.
func (m *Intent) add(a AddCrawler, an *model.Analysis, s *model.State) Result {
	typed := strings.TrimSpace(a.Typed)
	tok := robots.ProductToken(typed)
	if tok == "" || tok == "*" || tok != typed && !strings.Contains(typed, "/") {
		m.refused = typed // "my bot" would be written as "my"
		return Result{}
	}
	m.refused = ""
	if c, ok := robots.LookupCrawler(tok); ok {
		tok = c.Token
	}
	ch := robots.ParseChoice(a.Choice)
	if ch == robots.Leave {
		ch = robots.Deny // the select's first entry, shown chosen
	}
	if i := slices.IndexFunc(m.form.crawlers, func(c crawler) bool { return strings.EqualFold(c.token, tok) }); i >= 0 {
		m.form.crawlers[i].choice = ch
	} else {
		m.form.crawlers = append(m.form.crawlers, crawler{tok, ch})
	}
	return Result{IO: append([]effect.IO{effect.ClearField{ID: AddTokenID}}, m.changed(an, s)...)}
}

// write writes the file written into the file shown, unless it is that
// file.
func (m *Intent) write(s *model.State) Result {
	if m.written.text == s.Robots {
		return Result{}
	}
	return Result{Write: true, Text: m.written.text}
}

// stanceOf reads an AI preference's select: "yes", "no", or "" for none.
func stanceOf(v string) robots.Stance {
	switch v {
	case "yes":
		return robots.StatedYes
	case "no":
		return robots.StatedNo
	}
	return robots.NotStated
}
