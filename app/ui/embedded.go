package ui

import (
	"errors"
	"slices"
	"strconv"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"robotstester/app/internal/embed"
	"robotstester/app/internal/session"
	"robotstester/app/ui/panel"
)

// embedded draws the compact layout of the embed mode (?embed=1), meant
// for an iframe in a docs page: the panels the URL asks for, without the
// page's header, tools and footer, and a link to the full tester carrying
// the same state.
func (v pageView) embedded() app.UI {
	an, o := v.an, v.embed
	root := v.root("tester", "embed").DataSet("embed", "true")
	if o.ReadOnly {
		root = root.DataSet("readonly", "true")
	}
	if o.Height > 0 {
		root = root.Style("max-height", strconv.Itoa(o.Height)+"px").Style("overflow", "auto")
	}
	body := []app.UI{
		app.Div().Class("embed-head").Body(
			app.H1().Class("embed-title").Text("robots.txt tester"), // the frame's heading a screen reader lands on
			app.A().ID("open-full").Href(v.fullLink).Target("_blank").Rel("noopener").
				Text("Open in full tester ↗"),
		),
		v.noticesView(),
	}
	editorShown := false
	for _, p := range o.Panels {
		switch p {
		case embed.Editor, embed.File:
			// The editor is the file as read too: the test bar above it
			// says what it is marked for.
			if editorShown {
				continue
			}
			editorShown = true
			body = append(body, app.Div().Class("embed-work").Body(
				v.testBar(o.ReadOnly),
				app.Section().Class("pane").Aria("label", "robots.txt").Body(
					v.editor(),
					v.summary(),
				),
			))
		case embed.Tests:
			body = append(body, app.Section().ID("tests").Class("tests").Aria("label", "Tests").Body(
				v.answerNote(),
				v.resultsTable(o.ReadOnly),
				app.If(!o.ReadOnly, func() app.UI {
					return app.Button().Type("button").ID("add-row").OnClick(v.on(session.AddRow{After: -1})).Text("+ Add a test")
				}),
				app.If(v.state.Dialect != "", func() app.UI {
					return app.P().Class("note").Text("Read as " + an.Reading.Dialect.Title() + ".")
				}),
				v.crawlerList(),
			))
		case embed.Why:
			why, has := an.Why()
			body = append(body, &panel.WhyPanel{Why: why, Has: has, Sheet: v.ui.whySheet, Opener: v.ui.whyOpener, To: v.to})
		}
	}
	// Without a Why panel in the page, a test's Why control still answers:
	// with the panel as a sheet over the frame, which a fixed height
	// cannot hide.
	if v.ui.whySheet && !slices.Contains(o.Panels, embed.Why) {
		why, has := an.Why()
		body = append(body, &panel.WhyPanel{Why: why, Has: has, Sheet: true, Opener: v.ui.whyOpener, To: v.to})
	}
	return root.Body(body...)
}

// PrerenderedEmbed returns the compact page of the embed mode with its
// default options (?embed=1: the editor and the tests, editable), with the
// example, as the page made at build time draws it: the site carries it for
// a docs page's iframe to show, and take input in, from its first paint,
// rather than a blank frame until the live page is ready
// (app/internal/site, embedPage). full is the address of the full tester.
// It is for the site's build, natively.
func PrerenderedEmbed(full string) (string, error) {
	if app.IsClient {
		return "", errors.New("the embed page is made at build time")
	}
	t := &Tester{}
	t.page.embed = embed.Options{On: true, Panels: slices.Clone(embed.DefaultPanels)}
	t.page.fullLink = full
	e := app.NewTestEngine()
	if err := e.Load(t); err != nil {
		return "", err
	}
	e.ConsumeAll()
	return app.HTMLString(t), nil
}
