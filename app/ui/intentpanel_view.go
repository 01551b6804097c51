package ui

import (
	"strconv"
	"strings"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"robotstester/app/model"
	"robotstester/app/sitemsg"
	"robotstester/app/ui/dom"
	"robotstester/robots"
)

// IntentPanel is Rules by intent: per line of roles (search, AI training,
// ...) and per crawler, allow, block or leave as is, and the AI-preference
// lines; under them, what writing it changes, crawler by crawler (the
// verdict at the site's root, the tests), before Apply writes it into the
// file as one edit that Undo takes back.
//
// Hooks: #intent; each role's select#intent-role-NAME (NAME as
// robots.IntentRoles names it: search, ai-training, ai-search,
// user-fetch, ads, tools, others) with values leave, allow, block; the
// crawler field #intent-add-token, its choice #intent-add-choice and
// #intent-add; each crawler chosen li[data-token] with its
// select.intent-crawler-choice and button.intent-remove; the preferences
// select#intent-pref-search, #intent-pref-ai-input, #intent-pref-ai-train
// (values "", yes, no) and the checkbox #intent-pref-usage; the preview
// #intent-preview[data-changes][data-same][data-tests-changed] (and
// [data-writing] while the site worker writes the file), a row per
// crawler that changes tr[data-crawler=TOKEN][data-before][data-after]
// [data-tests], the block #intent-block; and #intent-apply.
type IntentPanel struct {
	app.Compo

	Roles    map[string]robots.Choice
	Crawlers []intentCrawler
	Pref     robots.AIPref
	Preview  *model.IntentPreview
	// Stale reports that the preview is of an earlier text of a large
	// file (intentLiveSize): Refresh makes it again.
	Stale bool
	// Writing reports that the site worker, which writes the file, has
	// not answered yet for the form and file as they are: Apply waits.
	// Failed says why it could not write it.
	Writing bool
	Failed  string
	// Site is what the file written changes over the site's URLs.
	Site IntentSiteView

	OnRole    func(ctx app.Context, name string, ch robots.Choice)
	OnAdd     func(ctx app.Context, typed string, ch robots.Choice) bool
	OnChoice  func(ctx app.Context, i int, ch robots.Choice)
	OnRemove  func(ctx app.Context, i int)
	OnPref    func(ctx app.Context, p robots.UsePurpose, s robots.Stance)
	OnUsage   func(ctx app.Context, on bool)
	OnApply   func(ctx app.Context)
	OnRefresh func(ctx app.Context)

	addToken  string
	addChoice robots.Choice
	refused   string // the crawler field's value the last Add refused
}

// intentChoices are the entries of a choice's select.
var intentChoices = []struct {
	ch    robots.Choice
	label string
}{
	{robots.Leave, "Leave as is"},
	{robots.Deny, "Block"},
	{robots.Let, "Allow"},
}

// choiceSelect returns a select of the choices, ch selected, the first
// labelled leave ("" for none: a crawler being added is allowed or
// blocked).
func choiceSelect(id string, ch robots.Choice, leave string) app.HTMLSelect {
	opts := make([]app.UI, 0, len(intentChoices))
	if leave != "" {
		opts = append(opts, app.Option().Value(robots.Leave.String()).Selected(ch == robots.Leave).Text(leave))
	}
	for _, c := range intentChoices[1:] {
		opts = append(opts, app.Option().Value(c.ch.String()).Selected(c.ch == ch).Text(c.label))
	}
	return app.Select().ID(id).Body(opts...)
}

// prefNames are the AI-preference selects' names, by purpose.
var prefNames = [robots.NumUsePurposes]string{"search", "ai-input", "ai-train"}

// Render returns the component's markup.
func (p *IntentPanel) Render() app.UI {
	roles := robots.IntentRoles()
	fields := make([]app.UI, len(roles))
	for i, r := range roles {
		id := "intent-role-" + r.Name
		fields[i] = app.Div().Class("field intent-field").Body(
			app.Label().For(id).Text(r.Title),
			choiceSelect(id, p.Roles[r.Name], "Leave as is").DataSet("role", r.Name).Title(roleTokens(r)).OnChange(p.role),
		)
	}
	crawlers := make([]app.UI, len(p.Crawlers))
	for i, c := range p.Crawlers {
		id := "intent-crawler-" + strconv.Itoa(i)
		crawlers[i] = app.Li().DataSet("token", c.token).Body(
			app.Label().For(id).Text(c.token),
			choiceSelect(id, c.choice, "As its role says").Class("intent-crawler-choice").DataSet("index", i).OnChange(p.choice),
			app.Button().Type("button").Class("intent-remove").Value(strconv.Itoa(i)).
				Aria("label", "Remove "+c.token).OnClick(p.remove).Text("Remove"),
		)
	}
	prefs := make([]app.UI, robots.NumUsePurposes)
	for i := range prefs {
		id := "intent-pref-" + prefNames[i]
		cur := p.Pref.Stances[i]
		prefs[i] = app.Div().Class("field intent-field").Body(
			app.Label().For(id).Text(strings.ToUpper(robots.UsePurpose(i).String()[:1])+robots.UsePurpose(i).String()[1:]),
			app.Select().ID(id).DataSet("purpose", i).OnChange(p.pref).Body(
				app.Option().Value("").Selected(cur == robots.NotStated).Text("Not stated"),
				app.Option().Value("yes").Selected(cur == robots.StatedYes).Text("Yes"),
				app.Option().Value("no").Selected(cur == robots.StatedNo).Text("No"),
			),
		)
	}
	return app.Section().ID("intent").Class("panel intent-panel").Aria("labelledby", "intent-title").Body(
		app.H2().ID("intent-title").Text("Rules by intent"),
		app.P().Class("note").Text("Say what each kind of crawler may do. The tester changes only that: a crawler the file already allows or blocks as you say is left as it is; Allow takes away what keeps a crawler off the site (a Disallow: / in its groups) and keeps its other rules; Block names it in a group of a block at the top of the file. It shows below what changes before you apply it. Undo takes it back."),
		app.FieldSet().Class("intent-roles").Body(
			app.Legend().Text("Who may crawl the site"),
			app.Div().Class("intent-fields").Body(fields...),
		),
		app.FieldSet().Class("intent-crawlers").Body(
			app.Legend().Text("Crawlers apart from their role"),
			app.If(len(crawlers) > 0, func() app.UI { return app.Ul().ID("intent-crawler-list").Body(crawlers...) }),
			app.Div().Class("intent-add").Body(
				app.Div().Class("field").Body(
					app.Label().For("intent-add-token").Text("Crawler"),
					app.Input().ID("intent-add-token").Type("text").Attr("list", dom.CrawlerListID).
						Attr("autocomplete", "off").Spellcheck(false).Placeholder("GPTBot").
						Aria("invalid", strconv.FormatBool(p.refused != "")).
						Aria("describedby", "intent-add-note").
						OnInput(p.tokenInput),
				),
				app.Div().Class("field").Body(
					app.Label().For("intent-add-choice").Text("Choice"),
					choiceSelect("intent-add-choice", p.addChoice, "").OnChange(p.addChoiceChange),
				),
				app.Button().Type("button").ID("intent-add").OnClick(p.add).Text("Add"),
			),
			app.P().ID("intent-add-note").Class("note").Aria("live", "polite").Text(p.addNote()),
		),
		app.FieldSet().Class("intent-pref").Body(
			app.Legend().Text("AI preferences (Content-Signal), for the * group and the allowed crawlers"),
			app.Div().Class("intent-fields").Body(prefs...),
			app.Label().Class("check").Body(
				app.Input().Type("checkbox").ID("intent-pref-usage").Checked(p.Pref.Usage).OnChange(p.usage),
				app.Text(" Also write Content-Usage (IETF aipref: search and AI training only)"),
			),
		),
		p.previewView(),
		app.Div().Class("tools").Body(
			app.Button().Type("button").ID("intent-apply").Disabled(p.Preview == nil || p.Preview.Same || p.Writing || p.Failed != "").
				OnClick(p.apply).Text("Apply: write these rules into the file"),
		),
	)
}

// roleTokens lists the catalogue's crawlers of r, for a select's title.
func roleTokens(r robots.IntentRole) string {
	var toks []string
	for _, c := range robots.Crawlers() {
		for _, role := range r.Roles {
			if c.Role == role {
				toks = append(toks, c.Token)
			}
		}
	}
	return strings.Join(toks, ", ")
}

// addNote says what Add does, or why it refused the value typed.
func (p *IntentPanel) addNote() string {
	if p.refused != "" {
		return "“" + p.refused + "” names no crawler: write a product token, as GPTBot."
	}
	return "A crawler chosen here overrides its role's line; a user-agent string is taken as its product token."
}

// previewView draws what the form writes: a sentence, the crawlers whose
// verdict changes (at the root, in the tests) and the block itself.
func (p *IntentPanel) previewView() app.UI {
	pv := p.Preview
	div := app.Div().ID("intent-preview").Class("intent-preview").Aria("live", "polite")
	switch {
	case p.Failed != "":
		return div.Body(app.P().ID("intent-failed").Class("note alert").Text("The rules could not be written: the worker that writes them, apart from the page, failed (" + p.Failed +
			"). Your robots.txt and your tests are untouched; change the form to try again, or write them with the command line: robotstxt intent robots.txt --set ai-training=block"))
	case pv == nil && p.Writing:
		return div.DataSet("writing", "true").Aria("busy", "true").Body(app.P().Class("note").Text("Writing the rules…"))
	case pv == nil:
		return div
	case p.Writing:
		// The last preview stays until the new one comes (a few
		// milliseconds once the worker runs), rather than blink.
		div = div.DataSet("writing", "true").Aria("busy", "true")
	}
	var rows []app.UI
	for i := range pv.Crawlers {
		c := &pv.Crawlers[i]
		if !c.Changed() {
			continue
		}
		rows = append(rows, intentRow(c))
	}
	div = div.DataSet("changes", pv.Changes).DataSet("same", strconv.FormatBool(pv.Same)).DataSet("tests-changed", len(pv.Tests.Changes))
	return div.Body(
		app.H3().Text("What it changes"),
		app.P().ID("intent-summary").Text(pv.Summary()),
		app.If(p.Stale, func() app.UI {
			return app.P().Class("note stale").Body(
				app.Text("The file changed since this preview (a large file is previewed again when the form changes, or when asked). "),
				app.Button().Type("button").ID("intent-refresh").OnClick(p.refresh).Text("Preview again"),
			)
		}),
		app.If(len(rows) > 0, func() app.UI {
			return app.Div().Class("table-scroll").Body(app.Table().ID("intent-changes").Class("intent-changes").Body(
				app.Caption().Text("Crawlers whose verdict changes, at the site's root (/) and in the tests"),
				app.THead().Body(app.Tr().Body(
					app.Th().Scope("col").Text("Crawler"),
					app.Th().Scope("col").Text("Intent"),
					app.Th().Scope("col").Text("At /"),
					app.Th().Scope("col").Text("Tests that change"),
				)),
				app.TBody().Body(rows...),
			))
		}),
		app.If(pv.Cut > 0, func() app.UI {
			return app.P().Class("note").Text("The file written passes the tester's limit: the preview is of its first " + model.Plural(len(pv.Text)-pv.Cut, "byte", "bytes") + ".")
		}),
		p.siteView(),
		app.If(len(pv.Block) > 0, func() app.UI {
			return app.Details().Class("intent-block").Body(
				app.Summary().Text("The block it writes ("+model.Plural(len(pv.Block), "line", "lines")+")"),
				// A div, not a pre: go-app's pre element would add its
				// type's methods to app.wasm for this one use.
				app.Div().ID("intent-block").Class("intent-block-text").Text(strings.Join(pv.Block, "\n")),
			)
		}),
	)
}

// IntentSiteView is what a file written changes over the site's URLs,
// counted and worded by the site URLs panel's worker.
type IntentSiteView struct {
	// Asked is false when there are no URLs to count (or nothing is
	// written); Done once the counts came, or Failed says why not.
	Asked, Done bool
	Failed      string
	URLs        int
	// Node is the worker's words: the crawlers whose verdicts change,
	// each with the URLs newly allowed and newly blocked
	// (sitework.PreviewNode).
	Node *sitemsg.Node
}

// siteView draws what the file written changes over the site's URLs
// (#intent-site, data-urls once counted; a row a crawler whose verdicts
// change, tr[data-crawler] with data-newly-allowed and data-newly-blocked,
// data-before and data-after, made by the worker).
func (p *IntentPanel) siteView() app.UI {
	v := p.Site
	div := app.Div().ID("intent-site").Class("intent-site")
	switch {
	case p.Preview == nil || p.Preview.Same:
		return div
	case !v.Asked:
		return div.Body(app.P().Class("note").Text("Add your site's URLs in Your site's URLs (first under More) to see here what this changes over them, crawler by crawler."))
	case v.Failed != "":
		return div.Body(app.P().Class("note alert").Text("Your site's URLs could not be counted under the file written: " + v.Failed + "."))
	case !v.Done || v.Node == nil:
		return div.DataSet("counting", "true").Body(app.P().Class("note").Text("Counting your site's URLs under the file written…"))
	}
	// The worker's nodes hold no control nor line button: a panel of
	// none draws them.
	return div.DataSet("urls", v.URLs).Body((&SiteURLsPanel{}).node(v.Node))
}

// intentRow is one crawler of the preview.
func intentRow(c *model.IntentCrawler) app.UI {
	intent := c.Governed
	switch {
	case intent == "":
		intent = "not chosen"
	case c.Follows != "":
		intent += " (follows " + c.Follows + ")"
	}
	// Its checks (the root, its tests) that change, two counts, newly
	// allowed first: a change both ways does not cancel out.
	name := app.Th().Scope("row").Body(app.Text(c.Token), app.If(c.Role != "", func() app.UI {
		return app.Span().Class("note intent-role").Text(" " + c.Role)
	}), app.Span().Class("note intent-flips").Text(" newly allowed "+strconv.Itoa(c.NewlyAllowed)+", newly blocked "+strconv.Itoa(c.NewlyBlocked)))
	root := c.After
	if c.Before != c.After {
		root = flipText(&c.RootBefore, &c.RootAfter)
	}
	var tests app.UI = app.Text("none")
	if len(c.Tests) > 0 {
		items := make([]app.UI, len(c.Tests))
		for i, t := range c.Tests {
			items[i] = app.Li().DataSet("change", t.Index).Text(t.URL + ": " + flipText(&t.Current, &t.Proposed))
		}
		tests = app.Ul().Class("intent-tests").Body(items...)
	}
	return app.Tr().DataSet("crawler", c.Token).DataSet("before", c.Before).DataSet("after", c.After).DataSet("tests", len(c.Tests)).
		DataSet("newly-allowed", c.NewlyAllowed).DataSet("newly-blocked", c.NewlyBlocked).Body(
		name,
		app.Td().Text(intent),
		app.Td().Class("verdict-change").Text(root),
		app.Td().Body(tests),
	)
}

// flipText says a verdict that changes with the lines that decided it:
// "allowed (no rule matched) → blocked (line 4: Disallow: /)".
func flipText(before, after *model.VersionSide) string {
	return before.Verdict() + " (" + before.Decided() + ") → " + after.Verdict() + " (" + after.Decided() + ")"
}

func (p *IntentPanel) role(ctx app.Context, e app.Event) {
	el := ctx.JSSrc()
	if p.OnRole != nil {
		p.OnRole(ctx, el.Get("dataset").Get("role").String(), robots.ParseChoice(el.Get("value").String()))
	}
}

func (p *IntentPanel) choice(ctx app.Context, e app.Event) {
	el := ctx.JSSrc()
	if i, err := strconv.Atoi(el.Get("dataset").Get("index").String()); err == nil && p.OnChoice != nil {
		p.OnChoice(ctx, i, robots.ParseChoice(el.Get("value").String()))
	}
}

func (p *IntentPanel) remove(ctx app.Context, e app.Event) {
	if i, err := strconv.Atoi(ctx.JSSrc().Get("value").String()); err == nil && p.OnRemove != nil {
		p.OnRemove(ctx, i)
		ctx.Defer(func(app.Context) { dom.Focus("intent-add-token") })
	}
}

func (p *IntentPanel) tokenInput(ctx app.Context, e app.Event) {
	p.addToken = ctx.JSSrc().Get("value").String()
	ctx.PreventUpdate()
}

func (p *IntentPanel) addChoiceChange(ctx app.Context, e app.Event) {
	p.addChoice = robots.ParseChoice(ctx.JSSrc().Get("value").String())
	ctx.PreventUpdate()
}

func (p *IntentPanel) add(ctx app.Context, e app.Event) {
	if p.OnAdd == nil {
		return
	}
	ch := p.addChoice
	if ch == robots.Leave {
		ch = robots.Deny // the select's first entry, shown chosen
	}
	if !p.OnAdd(ctx, p.addToken, ch) {
		p.refused = strings.TrimSpace(p.addToken)
		return
	}
	p.refused, p.addToken = "", ""
	dom.SetFieldText("intent-add-token", "")
}

func (p *IntentPanel) pref(ctx app.Context, e app.Event) {
	el := ctx.JSSrc()
	i, err := strconv.Atoi(el.Get("dataset").Get("purpose").String())
	if err != nil || p.OnPref == nil {
		return
	}
	s := robots.NotStated
	switch el.Get("value").String() {
	case "yes":
		s = robots.StatedYes
	case "no":
		s = robots.StatedNo
	}
	p.OnPref(ctx, robots.UsePurpose(i), s)
}

func (p *IntentPanel) usage(ctx app.Context, e app.Event) {
	if p.OnUsage != nil {
		p.OnUsage(ctx, ctx.JSSrc().Get("checked").Bool())
	}
}

func (p *IntentPanel) refresh(ctx app.Context, e app.Event) {
	if p.OnRefresh != nil {
		p.OnRefresh(ctx)
	}
}

func (p *IntentPanel) apply(ctx app.Context, e app.Event) {
	if p.OnApply != nil {
		p.OnApply(ctx)
	}
}
