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
// changes. The page draws it in its place (view) and reaches nothing else
// of it. Of the page it knows only what it is given (intentPage).
type intentPanel struct {
	page intentPage

	form intentForm

	// preview is what the form writes, for the analysis an and the form
	// as it was at revision rev (follow); stale, when it is of an earlier
	// text of a file too large to preview at each key.
	preview *model.IntentPreview
	stale   bool
	an      *model.Analysis
	text    string
	rev     int // the form's revision the preview is of
	formRev int // the form's revision, counted at each change

	// site is what the file written changes over the site's URLs, which
	// the site URLs panel's worker counts.
	site intentSite
}

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
	apply func(app.Context, session.Edit)
	// settle has the analysis of the text typed made now, before the
	// file is written from it.
	settle func(app.Context)
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
// drawn (Tester.Render), and when the form changes.
func (ip *intentPanel) follow() {
	an, s := ip.page.analysis(), ip.page.state()
	fileChanged := ip.an != an || ip.text != s.Robots
	if ip.preview != nil && ip.rev == ip.formRev && (!fileChanged || len(s.Robots) > intentLiveSize) {
		ip.stale = fileChanged
		return
	}
	ip.preview, ip.stale = model.PreviewIntent(an, s, ip.form.intent()), false
	ip.an, ip.text, ip.rev = an, s.Robots, ip.formRev
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
// takes back, from the text as typed (settled first).
func (ip *intentPanel) applyIntent(ctx app.Context) {
	ip.page.settle(ctx)
	s := ip.page.state()
	text := robots.WriteIntent(s.Robots, ip.form.intent())
	if text == s.Robots {
		return
	}
	st := *s
	st.Robots = text
	ip.page.apply(ctx, session.Replace{State: st, Label: "Rules by intent written"})
}
