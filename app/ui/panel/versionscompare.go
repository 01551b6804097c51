package panel

import (
	"strconv"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"robotstester/app/internal/parts"
	"robotstester/app/model"
	"robotstester/app/ui/dom"
	"robotstester/app/ui/widget"
)

// ProposedID is the id of the textarea holding the proposed robots.txt.
const ProposedID = parts.ProposedID

// VersionsCompare compares the current file with a proposed one, pasted
// or taken from an earlier version, over the same tests: the counts, then
// each test whose verdict changes, with the deciding line on both sides.
// It draws model.DiffVersions; Tester makes it only while open.
//
// Hooks: #versions-compare, its toggle #versions-compare-toggle, the
// textarea #proposed-robots, the version choice select#proposed-version,
// #proposed-current (start from the current file), #proposed-live (take
// the file the live box fetched, to see what your edits change),
// #versions-compare-summary[data-changed][data-tests], each change
// tr[data-change="i"] (i: the test's index) with data-current and
// data-proposed verdicts, and #export-changes (CSV).
type VersionsCompare struct {
	app.Compo

	Open bool               // the panel is open
	Diff *model.VersionDiff // nil while closed, or while no proposed file is given
	// Versions describe the earlier versions kept, newest first.
	Versions []string
	// Live is the robots.txt address last fetched by the live box, whose
	// file can be the proposed one ("" when none was fetched).
	Live string

	// To is sent what the user does, as the versions' messages
	// (parts.ToggleProposal, Propose, ProposeFile, ProposeVersion,
	// ProposeCurrent, ProposeLive, ExportChanges), and a line to show in
	// the editor (widget.ShowLine).
	To widget.Sender
}

// Render returns the component's markup.
func (p *VersionsCompare) Render() app.UI {
	label := "Compare with a proposed file"
	if p.Open {
		label = "Hide the comparison of versions"
	}
	sec := app.Section().ID("versions-compare").Class("panel versions-compare").Aria("labelledby", "versions-compare-title")
	head := app.Div().Class("pane-head").Body(
		app.H2().ID("versions-compare-title").Text("Compare versions"),
		app.Button().Type("button").ID("versions-compare-toggle").
			Aria("expanded", strconv.FormatBool(p.Open)).
			OnClick(p.toggle).Text(label),
	)
	if !p.Open {
		return sec.Body(head, app.P().Class("note").Text("Paste the file you mean to deploy, or pick an earlier version: every test whose verdict would change is listed, with the line that decides in each version."))
	}
	opts := []app.UI{app.Option().Value("").Selected(true).Text("Take an earlier version…")}
	for i, v := range p.Versions {
		opts = append(opts, app.Option().Value(strconv.Itoa(i)).Text(v))
	}
	d, waiting := p.Diff, p.Diff == nil
	if waiting {
		d = &model.VersionDiff{}
	}
	summary := d.Summary()
	if waiting {
		summary = "Paste a proposed file, or take an earlier version, to see which verdicts it changes."
	}
	shown := d.Changes[:min(len(d.Changes), model.VersionChangesShown)]
	rows := make([]app.UI, len(shown))
	for k := range shown {
		rows[k] = p.change(&shown[k])
	}
	return sec.Body(head,
		app.P().Class("note").Text("The proposed file is read with the same tests, dialect and server answer as the current one. Nothing is saved of it."),
		app.Textarea().ID(ProposedID).Rows(8).Spellcheck(false).
			Aria("label", "The proposed robots.txt").
			Placeholder("Paste or drop the proposed robots.txt here").
			OnInput(p.input).
			OnDragOver(widget.AcceptDrop).
			OnDrop(p.drop),
		app.Div().Class("tools").Body(
			app.Button().Type("button").ID("proposed-current").OnClick(p.current).Text("Start from the current file"),
			app.If(p.Live != "", func() app.UI {
				return app.Button().Type("button").ID("proposed-live").OnClick(p.live).
					Title("Compare your edits with the file fetched from " + p.Live).Text("Take the live file")
			}),
			app.Select().ID("proposed-version").Aria("label", "Compare with an earlier version").
				Disabled(len(p.Versions) == 0).OnChange(p.version).Body(opts...),
			app.Button().Type("button").ID("export-changes").Disabled(len(d.Changes) == 0).OnClick(p.export).Text("Export the changes (CSV)"),
		),
		app.If(d.Cut > 0, func() app.UI {
			return app.P().Class("notice alert").Text("The proposed file is cut after " + strconv.Itoa(model.MaxFile>>20) + " MiB (" + model.Plural(d.Cut, "byte", "bytes") + " left out).")
		}),
		app.If(waiting, func() app.UI {
			return app.P().ID("versions-compare-summary").Class("note").Aria("live", "polite").Text(summary)
		}).Else(func() app.UI {
			return app.P().ID("versions-compare-summary").Aria("live", "polite").
				DataSet("changed", len(d.Changes)).DataSet("tests", d.Tests).Text(summary)
		}),
		app.If(len(shown) > 0, func() app.UI {
			return app.Div().Class("table-scroll").Body(app.Table().Class("compare-table changes-table").Body(
				app.THead().Body(app.Tr().Body(
					app.Th().Scope("col").Text("Test"),
					app.Th().Scope("col").Text("Current file"),
					app.Th().Scope("col").Text("Proposed file"),
				)),
				app.TBody().Body(rows...),
			))
		}),
		app.If(len(shown) < len(d.Changes), func() app.UI {
			return app.P().Class("note").Text("The first " + strconv.Itoa(len(shown)) + " changes are shown; the export holds all " + strconv.Itoa(len(d.Changes)) + ".")
		}),
	)
}

// change draws one test whose verdict changes.
func (p *VersionsCompare) change(c *model.VersionChange) app.UI {
	return app.Tr().DataSet("change", c.Index).
		DataSet("current", c.Current.Verdict()).DataSet("proposed", c.Proposed.Verdict()).Body(
		app.Th().Scope("row").Class("compare-test").Text("Test "+strconv.Itoa(c.Index+1)+": "+c.Token+" "+c.Encoded),
		app.Td().Body(p.side(&c.Current, true)...),
		app.Td().Body(p.side(&c.Proposed, false)...),
	)
}

// side draws one version's verdict and deciding line; only the current
// file's lines can be revealed in the editor.
func (p *VersionsCompare) side(s *model.VersionSide, current bool) []app.UI {
	out := []app.UI{app.Span().Class("verdict").DataSet("verdict", s.Verdict()).Text(widget.VerdictText(s.Allowed))}
	switch {
	case s.Answer != "":
		out = append(out, app.Div().Class("note").Text("the server's answer decides"))
	case s.Line == 0:
		out = append(out, app.Div().Class("note").Text("no rule matches"))
	case current:
		out = append(out, app.Div().Body(widget.LineButton(s.Line, p.reveal), app.Text(" "), app.Code().Text(s.Rule)))
	default:
		out = append(out, app.Div().Body(app.Span().Class("note").Text("line "+strconv.Itoa(s.Line)+" "), app.Code().Text(s.Rule)))
	}
	return out
}

func (p *VersionsCompare) toggle(ctx app.Context, e app.Event) {
	p.To.Send(ctx, parts.ToggleProposal{})
}

func (p *VersionsCompare) input(ctx app.Context, e app.Event) {
	p.To.Send(ctx, parts.Propose{Text: ctx.JSSrc().Get("value").String()})
}

// drop takes a dropped file as the proposed one; dropped text is left to
// the browser, which inserts it and sends an input event.
func (p *VersionsCompare) drop(ctx app.Context, e app.Event) {
	if f := dom.FirstFile(ctx, e); f.Truthy() {
		e.PreventDefault()
		p.To.Send(ctx, parts.ProposeFile{File: f})
	}
}

func (p *VersionsCompare) version(ctx app.Context, e app.Event) {
	if i, err := strconv.Atoi(ctx.JSSrc().Get("value").String()); err == nil {
		p.To.Send(ctx, parts.ProposeVersion{Index: i})
	}
}

func (p *VersionsCompare) current(ctx app.Context, e app.Event) {
	p.To.Send(ctx, parts.ProposeCurrent{})
}

func (p *VersionsCompare) live(ctx app.Context, e app.Event) { p.To.Send(ctx, parts.ProposeLive{}) }

func (p *VersionsCompare) export(ctx app.Context, e app.Event) { p.To.Send(ctx, parts.ExportChanges{}) }

func (p *VersionsCompare) reveal(ctx app.Context, e app.Event) { widget.SendLine(ctx, p.To) }
