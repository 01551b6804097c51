package ui

import (
	"slices"
	"strings"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"robotstester/app/internal/session"
	"robotstester/app/model"
	"robotstester/app/sitemsg"
	"robotstester/robots"
)

// intentPanel is Rules by intent (IntentPanel): the form's choices, and
// the preview of what they write, made again when the form or the file
// changes. The file is written by the site worker (sitemsg.Write), which
// links the engine's writer so that app.wasm need not (20 KB brotli): the
// panel asks it for the text written and previews that text over the
// tests itself (model.PreviewIntent), and Apply writes the text it
// answered. The page draws it in its place (view) and reaches nothing
// else of it. Of the page it knows only what it is given (intentPage).
type intentPanel struct {
	page intentPage

	form    intentForm
	formRev int // the form's revision, counted at each change

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
	written, asking intentText
	failed          string
	// applyNext: Apply was pressed when the file written was of
	// another text or form; it is applied once the worker writes it.
	applyNext bool

	// site is what the file written changes over the site's URLs, which
	// the site URLs panel's worker counts.
	site intentSite
}

// intentText is a file written by intent: of, the file shown, with the
// form of revision rev written in (text), and the crawlers the intent
// governs in of (targets); ok when it is one.
type intentText struct {
	of, text string
	rev      int
	targets  []robots.IntentTarget
	ok       bool
}

// same reports whether t is of the file of and the form's revision rev.
func (t *intentText) same(of string, rev int) bool { return t.ok && t.of == of && t.rev == rev }

// intentWritten takes what the worker wrote: the file with the intent
// written in, and the crawlers the intent governs, or why it failed.
type intentWritten func(ctx app.Context, text string, targets []robots.IntentTarget, failed string)

// intentSite is a preview's counts of the site's URLs: of text, the file
// written, worded by the site panel's worker (node, of urls URLs); asked
// is false when there are no URLs to count.
type intentSite struct {
	text        string
	asked, done bool
	node        *sitemsg.Node
	urls        int
	failed      string
}

// intentPanelID is the id of the intent panel's part under More.
const intentPanelID = "more-intent"

// intentPage is what the intent panel needs of the page it is drawn in,
// given by the page (Tester.OnInit). The text written is an edit of the
// work, which only the page applies: one step that Undo takes back.
type intentPage struct {
	// analysis and state are the file shown and its tests: the preview
	// compares them with the file written.
	analysis func() *model.Analysis
	state    func() *model.State
	// apply carries out an edit of the work (the file written).
	apply func(app.Context, session.Msg)
	// settle has the analysis of the text typed made now, before the
	// file is written from it.
	settle func(app.Context)
	// write has text written with in, the intent, by the site worker
	// (sitePanel.write), started if it is not running, which answers
	// done; it returns why the worker could not start, or "". The page
	// made at build time writes it at once (intentwrite_native.go).
	write func(text string, in robots.Intent, done intentWritten) (failed string)
	// siteCount has the site's URLs counted under text and under the
	// file shown, every crawler (sitePanel.preview); false when there
	// are none.
	siteCount func(text string, done sitePreviewed) bool
}

// intentForm is what the form says: a choice per line of roles
// (robots.IntentRoles, by name), choices per crawler, and the AI
// preferences.
type intentForm struct {
	roles    map[string]robots.Choice
	crawlers []intentCrawler
	pref     robots.AIPref
}

// intentCrawler is one crawler chosen apart from its role.
type intentCrawler struct {
	token  string
	choice robots.Choice
}

// intent returns the robots.Intent the form says.
func (f *intentForm) intent() robots.Intent {
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

// view draws the form and the preview of what it writes, as follow last
// made it.
func (ip *intentPanel) view() app.UI {
	return &IntentPanel{
		Preview:   ip.preview,
		Stale:     ip.stale,
		Writing:   ip.asking.ok && ip.failed == "",
		Failed:    ip.failed,
		Site:      ip.siteView(),
		Roles:     ip.form.roles,
		Crawlers:  ip.form.crawlers,
		Pref:      ip.form.pref,
		OnRefresh: ip.refresh,
		OnRole:    ip.setRole,
		OnAdd:     ip.addCrawler,
		OnChoice:  ip.setCrawler,
		OnRemove:  ip.removeCrawler,
		OnPref:    ip.setPref,
		OnUsage:   ip.setUsage,
		OnApply:   ip.applyIntent,
	}
}

// siteView says what the file written changes over the site's URLs.
func (ip *intentPanel) siteView() IntentSiteView {
	st := ip.site
	return IntentSiteView{Asked: st.asked, Done: st.done, Failed: st.failed, URLs: st.urls, Node: st.node}
}

// intentLiveSize is the largest file whose preview is made again at each
// change of the file: the preview reads the file written in three
// readings: a 500 KiB file is written in 13 to 17 ms natively
// (BenchmarkWriteIntentBig), before the preview reads it,
// and several times that in WebAssembly, too much for every key typed.
// A larger file's preview is made again when the form changes, or when
// asked (Refresh), and says meanwhile that it is of an older text.
const intentLiveSize = 64 << 10

// follow makes the preview of the form over the file shown again when
// one of them changed, and for a large file only when the form did (the
// preview is then stale): called in the page's frame before the panel is
// drawn (Tester.Render), and when the form changes. The file is written
// by the worker (ask), and previewed once it answers (wrote); the tests'
// changes alone are previewed again at once, the file written being the
// same.
func (ip *intentPanel) follow() {
	an, s := ip.page.analysis(), ip.page.state()
	if ip.written.same(s.Robots, ip.formRev) {
		if ip.preview == nil || ip.an != an || ip.stale {
			ip.show(an, s)
		}
		return
	}
	if ip.preview != nil && ip.written.ok && ip.written.rev == ip.formRev && len(s.Robots) > intentLiveSize {
		ip.stale = true
		return
	}
	if ip.failed != "" && ip.asking.rev == ip.formRev {
		return // asked again when the form changes: not at each key
	}
	ip.ask(s.Robots)
}

// ask has the worker write the form into of, unless that is asked for.
func (ip *intentPanel) ask(of string) {
	if ip.asking.same(of, ip.formRev) && ip.failed == "" {
		return
	}
	a := intentText{of: of, rev: ip.formRev, ok: true}
	ip.asking, ip.failed = a, ""
	why := ip.page.write(of, ip.form.intent(), func(ctx app.Context, text string, targets []robots.IntentTarget, failed string) {
		ip.wrote(ctx, a, text, targets, failed)
	})
	if why != "" && ip.asking.same(a.of, a.rev) {
		ip.fail(why)
	}
}

// fail says why the file could not be written: the preview of an
// earlier form would mislead, and goes.
func (ip *intentPanel) fail(why string) {
	ip.failed, ip.preview, ip.applyNext = why, nil, false
	ip.site = intentSite{}
}

// wrote takes the worker's answer to the write a: the file written, and
// the crawlers it governs, or why it failed. An answer to an earlier
// write than the last asked for is moot.
func (ip *intentPanel) wrote(ctx app.Context, a intentText, text string, targets []robots.IntentTarget, failed string) {
	if !ip.asking.same(a.of, a.rev) {
		return
	}
	if failed != "" {
		ip.fail(failed)
		return
	}
	a.text, a.targets = text, targets
	ip.written, ip.asking, ip.failed = a, intentText{}, ""
	an, s := ip.page.analysis(), ip.page.state()
	ip.show(an, s)
	if a.of != s.Robots {
		// Typed in meanwhile: a large file's preview stays as it is
		// (stale); a small one's is asked for again.
		ip.stale = len(s.Robots) > intentLiveSize
		if !ip.stale {
			ip.ask(s.Robots)
		}
		return
	}
	if ip.applyNext && a.rev == ip.formRev {
		ip.applyNext = false
		ip.applyWritten(ctx)
	}
}

// show previews the file written over the analysis an of s.
func (ip *intentPanel) show(an *model.Analysis, s *model.State) {
	ip.preview = model.PreviewIntent(an, s, ip.written.text, ip.written.targets)
	ip.an, ip.stale = an, false
	ip.countSite(ip.preview)
}

// countSite has the site's URLs counted under the file p writes, unless
// it writes nothing new.
func (ip *intentPanel) countSite(p *model.IntentPreview) {
	text := p.Text
	ip.site = intentSite{text: text}
	if p.Same || ip.page.siteCount == nil {
		return
	}
	ip.site.asked = ip.page.siteCount(text, func(ctx app.Context, node *sitemsg.Node, urls int, failed string) {
		if ip.site.text == text {
			ip.site.node, ip.site.urls, ip.site.failed, ip.site.done = node, urls, failed, true
		}
	})
}

// refresh makes the preview again over the file as it is now.
func (ip *intentPanel) refresh(ctx app.Context) {
	ip.page.settle(ctx)
	ip.changed()
}

// changed has the preview made again for the form as it is now.
func (ip *intentPanel) changed() {
	ip.formRev++
	ip.applyNext = false // pressed for the form as it was
	ip.follow()
}

func (ip *intentPanel) setRole(ctx app.Context, name string, ch robots.Choice) {
	if ip.form.roles == nil {
		ip.form.roles = map[string]robots.Choice{}
	}
	ip.form.roles[name] = ch
	ip.changed()
}

// addCrawler chooses for a crawler apart from its role: a catalogued
// token is taken in the catalogue's spelling, a user-agent string as its
// product token; a value that names no crawler is refused (false).
func (ip *intentPanel) addCrawler(ctx app.Context, typed string, ch robots.Choice) bool {
	typed = strings.TrimSpace(typed)
	tok := robots.ProductToken(typed)
	if tok == "" || tok == "*" || tok != typed && !strings.Contains(typed, "/") {
		return false // "my bot" would be written as "my"
	}
	if c, ok := robots.LookupCrawler(tok); ok {
		tok = c.Token
	}
	if i := slices.IndexFunc(ip.form.crawlers, func(c intentCrawler) bool { return strings.EqualFold(c.token, tok) }); i >= 0 {
		ip.form.crawlers[i].choice = ch
	} else {
		ip.form.crawlers = append(ip.form.crawlers, intentCrawler{tok, ch})
	}
	ip.changed()
	return true
}

func (ip *intentPanel) setCrawler(ctx app.Context, i int, ch robots.Choice) {
	if i >= 0 && i < len(ip.form.crawlers) {
		ip.form.crawlers[i].choice = ch
		ip.changed()
	}
}

func (ip *intentPanel) removeCrawler(ctx app.Context, i int) {
	if i >= 0 && i < len(ip.form.crawlers) {
		ip.form.crawlers = slices.Delete(ip.form.crawlers, i, i+1)
		ip.changed()
	}
}

func (ip *intentPanel) setPref(ctx app.Context, purpose robots.UsePurpose, s robots.Stance) {
	if int(purpose) < len(ip.form.pref.Stances) {
		ip.form.pref.Stances[purpose] = s
		ip.changed()
	}
}

func (ip *intentPanel) setUsage(ctx app.Context, on bool) {
	ip.form.pref.Usage = on
	ip.changed()
}

// applyIntent writes the form's rules into the file, as one edit that Undo
// takes back, from the text as typed (settled first): the text the worker
// wrote, or, when it wrote an earlier text or form, the text it writes
// now (asked for again, and applied once it comes).
func (ip *intentPanel) applyIntent(ctx app.Context) {
	ip.page.settle(ctx)
	if s := ip.page.state(); !ip.written.same(s.Robots, ip.formRev) {
		ip.applyNext = true
		ip.ask(s.Robots)
		return
	}
	ip.applyWritten(ctx)
}

// applyWritten applies the file written, unless it is the file shown.
func (ip *intentPanel) applyWritten(ctx app.Context) {
	s := ip.page.state()
	text := ip.written.text
	if text == s.Robots {
		return
	}
	st := *s
	st.Robots = text
	ip.page.apply(ctx, session.Replace{State: st, Label: "Rules by intent written"})
}
