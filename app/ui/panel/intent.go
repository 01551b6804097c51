package panel

import (
	"slices"
	"strconv"
	"strings"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"robotstester/app/internal/byintent"
	"robotstester/app/model"
	"robotstester/app/sitemsg"
	"robotstester/app/ui/dom"
	"robotstester/app/ui/widget"
)

// IntentID is the id of the intent panel's part under More.
const IntentID = "more-intent"

// Intent is Rules by intent: per line of roles (search, AI training,
// ...) and per crawler, allow, block or leave as is, and the AI-preference
// lines; under them, what writing it changes, crawler by crawler (the
// verdict at the site's root, the tests), before Apply writes it into the
// file as one edit that Undo takes back. It draws what the model shows
// (byintent.Shown) and sends the user's choices as byintent's messages.
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
type Intent struct {
	app.Compo

	Shown byintent.Shown

	To widget.Sender
}

// choiceSelect returns a select of the choices, chosen selected, the
// first labelled leave ("" for none: a crawler being added is allowed or
// blocked).
func choiceSelect(id, chosen, leave string) app.HTMLSelect {
	opts := make([]app.UI, 0, len(byintent.Choices))
	if leave != "" {
		c := byintent.Choices[0]
		opts = append(opts, app.Option().Value(c.Value).Selected(chosen == c.Value).Text(leave))
	}
	for _, c := range byintent.Choices[1:] {
		opts = append(opts, app.Option().Value(c.Value).Selected(c.Value == chosen).Text(c.Label))
	}
	return app.Select().ID(id).Body(opts...)
}

// Render returns the component's markup.
func (p *Intent) Render() app.UI {
	sh := &p.Shown
	fields := make([]app.UI, len(sh.Roles))
	for i, r := range sh.Roles {
		id := "intent-role-" + r.Name
		fields[i] = app.Div().Class("field intent-field").Body(
			app.Label().For(id).Body(app.Text(r.Title), app.Span().Class("note").DataSet("crawlers", r.Crawlers).
				Text(": "+model.Plural(r.Crawlers, "crawler", "crawlers")+leftWords(r.Left))),
			choiceSelect(id, r.Choice, "Leave as is").DataSet("role", r.Name).Title(r.Tokens).OnChange(p.role),
		)
	}
	crawlers := make([]app.UI, len(sh.Crawlers))
	for i, c := range sh.Crawlers {
		id := "intent-crawler-" + strconv.Itoa(i)
		crawlers[i] = app.Li().DataSet("token", c.Token).Body(
			app.Label().For(id).Text(c.Token),
			choiceSelect(id, c.Choice, "As its role says").Class("intent-crawler-choice").DataSet("index", i).OnChange(p.choice),
			app.Button().Type("button").Class("intent-remove").Value(strconv.Itoa(i)).
				Aria("label", "Remove "+c.Token).OnClick(p.remove).Text("Remove"),
		)
	}
	prefs := make([]app.UI, len(sh.Prefs))
	for i, pr := range sh.Prefs {
		id := "intent-pref-" + pr.Name
		prefs[i] = app.Div().Class("field intent-field").Body(
			app.Label().For(id).Text(pr.Label),
			app.Select().ID(id).DataSet("purpose", i).OnChange(p.pref).Body(
				app.Option().Value("").Selected(pr.Stance == "").Text("Not stated"),
				app.Option().Value("yes").Selected(pr.Stance == "yes").Text("Yes"),
				app.Option().Value("no").Selected(pr.Stance == "no").Text("No"),
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
					app.Label().For(byintent.AddTokenID).Text("Crawler"),
					app.Input().ID(byintent.AddTokenID).Type("text").Attr("list", dom.CrawlerListID).
						Attr("autocomplete", "off").Spellcheck(false).Placeholder("GPTBot").
						Aria("invalid", strconv.FormatBool(sh.Refused != "")).
						Aria("describedby", "intent-add-note"),
				),
				app.Div().Class("field").Body(
					app.Label().For("intent-add-choice").Text("Choice"),
					choiceSelect("intent-add-choice", "block", ""),
				),
				app.Button().Type("button").ID("intent-add").OnClick(p.add).Text("Add"),
			),
			app.P().ID("intent-add-note").Class("note").Aria("live", "polite").Text(addNote(sh.Refused)),
		),
		app.FieldSet().Class("intent-pref").Body(
			app.Legend().Text("AI preferences (Content-Signal), for the * group and the allowed crawlers"),
			app.Div().Class("intent-fields").Body(prefs...),
			app.Label().Class("check").Body(
				app.Input().Type("checkbox").ID("intent-pref-usage").Checked(sh.Usage).OnChange(p.usage),
				app.Text(" Also write Content-Usage (IETF aipref: search and AI training only)"),
			),
		),
		p.previewView(),
		app.Div().Class("tools").Body(
			app.Button().Type("button").ID("intent-apply").Disabled(sh.Preview == nil || sh.Preview.Same || sh.Writing || sh.Failed != "").
				OnClick(p.apply).Text("Apply: write these rules into the file"),
		),
	)
}

// addNote says what Add does, or why it refused the value typed.
func addNote(refused string) string {
	if refused != "" {
		return "“" + refused + "” names no crawler: write a product token, as GPTBot."
	}
	return "A crawler chosen here overrides its role's line; a user-agent string is taken as its product token."
}

// previewView draws what the form writes: a sentence, the crawlers whose
// verdict changes (at the root, in the tests) and the block itself.
func (p *Intent) previewView() app.UI {
	sh := &p.Shown
	pv := sh.Preview
	div := app.Div().ID("intent-preview").Class("intent-preview").Aria("live", "polite")
	switch {
	case sh.Failed != "":
		return div.Body(app.P().ID("intent-failed").Class("note alert").Text("The rules could not be written: the worker that writes them, apart from the page, failed (" + sh.Failed +
			"). Your robots.txt and your tests are untouched; change the form to try again, or write them with the command line: robotstxt intent robots.txt --set ai-training=block"))
	case pv == nil && sh.Writing:
		return div.DataSet("writing", "true").Aria("busy", "true").Body(app.P().Class("note").Text("Writing the rules…"))
	case pv == nil:
		return div
	case sh.Writing:
		// The last preview stays until the new one comes (a few
		// milliseconds once the worker runs), rather than blink.
		div = div.DataSet("writing", "true").Aria("busy", "true")
	}
	rows := p.changeRows(pv)
	div = div.DataSet("changes", pv.Changes).DataSet("same", strconv.FormatBool(pv.Same)).DataSet("tests-changed", len(pv.Tests.Changes))
	return div.Body(
		app.H3().Text("What it changes"),
		app.P().ID("intent-summary").Text(pv.Summary()),
		app.If(sh.Stale, func() app.UI {
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

// changeRows returns the rows of the crawlers whose verdict changes: by
// role group, the featured, those the file names and those of the tests
// that change, then one row for the others (tr.fold[data-fold=KEY]),
// whose button (button[data-unfold=KEY]) shows their rows, marked
// data-folded=KEY; last, crawlers the catalogue does not know.
func (p *Intent) changeRows(pv *model.IntentPreview) []app.UI {
	var rows []app.UI
	folds := pv.Folds()
	for _, key := range append(groupKeys(), "") {
		var folded []app.UI
		for i := range pv.Crawlers {
			c := &pv.Crawlers[i]
			if !c.Changed() || c.Group != key {
				continue
			}
			if !c.Folded {
				rows = append(rows, intentRow(c, ""))
			} else if slices.Contains(p.Shown.Open, key) {
				folded = append(folded, intentRow(c, key))
			}
		}
		for _, f := range folds {
			if f.Key != key {
				continue
			}
			open := slices.Contains(p.Shown.Open, key)
			button := "Show them"
			if open {
				button = "Hide them"
			}
			rows = append(rows, app.Tr().Class("fold").DataSet("fold", key).Body(app.Td().Class("note").ColSpan(4).Body(
				app.Text(f.Text+" "),
				app.Button().Type("button").Class("linkish").DataSet("unfold", key).Aria("expanded", open).OnClick(p.unfold).Text(button),
			)))
		}
		rows = append(rows, folded...)
	}
	return rows
}

// groupKeys are the keys of the role groups, in their order.
func groupKeys() []string {
	out := make([]string, len(sitemsg.RoleGroups))
	for i := range sitemsg.RoleGroups {
		out[i] = sitemsg.RoleGroups[i].Key
	}
	return out
}

func (p *Intent) unfold(ctx app.Context, e app.Event) {
	p.To.Send(ctx, byintent.Unfold{Key: ctx.JSSrc().Get("dataset").Get("unfold").String()})
}

// siteView draws what the file written changes over the site's URLs
// (#intent-site, data-urls once counted; a row a crawler whose verdicts
// change, tr[data-crawler] with data-newly-allowed and data-newly-blocked,
// data-before and data-after, made by the worker).
func (p *Intent) siteView() app.UI {
	pv, v := p.Shown.Preview, p.Shown.Site
	div := app.Div().ID("intent-site").Class("intent-site")
	switch {
	case pv == nil || pv.Same:
		return div
	case !v.Asked:
		return div.Body(app.P().Class("note").Text("Add your site's URLs in Your site's URLs (first under More) to see here what this changes over them, crawler by crawler."))
	case v.Failed != "":
		return div.Body(app.P().Class("note alert").Text("Your site's URLs could not be counted under the file written: " + v.Failed + "."))
	case !v.Done || v.Node == nil:
		return div.DataSet("counting", "true").Body(app.P().Class("note").Text("Counting your site's URLs under the file written…"))
	}
	// The worker's nodes hold no line button; their one control opens a
	// fold, as the preview's own table's does.
	return div.DataSet("urls", v.URLs).Body(widget.NodeHandlers{Clicked: p.unfold}.Node(v.Node))
}

// intentRow is one crawler of the preview, marked data-folded=KEY when
// it is of the fold folded.
func intentRow(c *model.IntentCrawler, folded string) app.UI {
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
	tr := app.Tr().DataSet("crawler", c.Token).DataSet("before", c.Before).DataSet("after", c.After).DataSet("tests", len(c.Tests)).
		DataSet("newly-allowed", c.NewlyAllowed).DataSet("newly-blocked", c.NewlyBlocked)
	if folded != "" {
		tr = tr.DataSet("folded", folded)
	}
	return tr.Body(
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

// value returns the value of the control the event came from.
func value(ctx app.Context) string { return ctx.JSSrc().Get("value").String() }

// data returns the number the control the event came from holds in its
// data-NAME, and whether it holds one.
func data(ctx app.Context, name string) (int, bool) {
	i, err := strconv.Atoi(ctx.JSSrc().Get("dataset").Get(name).String())
	return i, err == nil
}

func (p *Intent) role(ctx app.Context, e app.Event) {
	p.To.Send(ctx, byintent.SetRole{Name: ctx.JSSrc().Get("dataset").Get("role").String(), Choice: value(ctx)})
}

func (p *Intent) choice(ctx app.Context, e app.Event) {
	if i, ok := data(ctx, "index"); ok {
		p.To.Send(ctx, byintent.SetCrawler{Index: i, Choice: value(ctx)})
	}
}

func (p *Intent) remove(ctx app.Context, e app.Event) {
	if i, err := strconv.Atoi(value(ctx)); err == nil {
		p.To.Send(ctx, byintent.RemoveCrawler{Index: i})
		ctx.Defer(func(app.Context) { dom.Focus(byintent.AddTokenID) })
	}
}

// add sends the crawler typed and its choice, read from their fields
// here: a redraw never writes them (go-app #1083).
func (p *Intent) add(ctx app.Context, e app.Event) {
	typed, choice := dom.Element(byintent.AddTokenID), dom.Element("intent-add-choice")
	if !typed.Truthy() || !choice.Truthy() {
		return
	}
	p.To.Send(ctx, byintent.AddCrawler{Typed: typed.Get("value").String(), Choice: choice.Get("value").String()})
}

func (p *Intent) pref(ctx app.Context, e app.Event) {
	if i, ok := data(ctx, "purpose"); ok {
		p.To.Send(ctx, byintent.SetPref{Purpose: i, Stance: value(ctx)})
	}
}

func (p *Intent) usage(ctx app.Context, e app.Event) {
	p.To.Send(ctx, byintent.SetUsage{On: ctx.JSSrc().Get("checked").Bool()})
}

func (p *Intent) refresh(ctx app.Context, e app.Event) { p.To.Send(ctx, byintent.Refresh{}) }

func (p *Intent) apply(ctx app.Context, e app.Event) { p.To.Send(ctx, byintent.Apply{}) }

// leftWords says which of a role's crawlers its choice leaves to the
// file's own lines, and why: no group can name them alone.
func leftWords(left string) string {
	if left == "" {
		return ""
	}
	return " (not " + left + ": their tokens hold digits or stand inside other crawlers' names, so the file's own lines decide)"
}
