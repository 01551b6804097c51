package panel

import (
	"strconv"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"robotstester/app/model"
	"robotstester/app/ui/dom"
	"robotstester/app/ui/widget"
)

// WhyCloseID is the id of the Why sheet's close button.
const WhyCloseID = "why-close"

// WhyPanel explains the selected row's verdict: the engine's sentences,
// then the groups used, the rules that matched with their length, and the
// winner.
//
// Hooks: #why[data-why-row="i"], the row explained; every "line N" button
// carries data-line="N"; #why[data-sheet] while shown as a sheet, and its
// close button #why-close; [data-decision], the sentence that decided;
// #why-usage[data-stated] says what the file
// states about AI uses of the URL (Content-Signal, Content-Usage).
type WhyPanel struct {
	app.Compo

	Why model.Why // the selected test, explained
	Has bool      // a row is selected
	// Sheet shows the panel as a sheet over the bottom of the screen, on
	// screens too narrow to put it beside the tests (results.css): Tester
	// sets it when a test's Why control is used, and clears it when the sheet is closed.
	// Wide screens ignore it.
	Sheet bool
	// Opener is the test whose Why control opened the sheet: closing it
	// gives that control the focus back.
	Opener int

	// Drawn is how many of its sections it draws, in order, 0 for all
	// (WhySections): the page's start draws the Why a section a task
	// (app/ui/mount.go).
	Drawn int

	// To is sent a line to show in the editor (widget.ShowLine), and the
	// sheet's close button or Escape in it (widget.CloseWhy).
	To widget.Sender
}

// Render returns the component's markup.
func (p *WhyPanel) Render() app.UI {
	sec := app.Section().ID(dom.WhyID).Class("panel").Aria("labelledby", "why-title")
	if p.Sheet && p.Has {
		sec = sec.DataSet("sheet", "open").OnKeyDown(p.key)
	}
	if !p.Has {
		return sec.Body(
			app.H2().ID("why-title").Text("Why?"),
			app.P().Class("note").Text("Add a test to see how its verdict is reached."),
		)
	}
	w := &p.Why
	sentences := make([]app.UI, len(w.Sentences))
	for i, s := range w.Sentences {
		sentences[i] = app.Li().Text(s)
	}
	groups := make([]app.UI, len(w.Groups))
	for i, g := range w.Groups {
		groups[i] = app.Li().Body(
			p.lineButton(g.Start),
			app.Text(" to "+strconv.Itoa(g.End)+": "),
			app.Code().Text("User-agent: "+g.Agents),
			app.Text(" ("+model.Plural(g.Rules, "rule", "rules")+")"),
		)
	}
	if len(w.Groups) == 0 {
		groups = append(groups, app.Li().Text("None."))
	}
	var matches app.UI = app.P().Text("No rule matched.")
	if len(w.Matches) > 0 {
		rows := make([]app.UI, len(w.Matches))
		for i, m := range w.Matches {
			tr := app.Tr()
			if m.Winner {
				tr = tr.Class("winner")
			}
			result := ""
			if m.Winner {
				result = "◀\u00a0wins" // one piece, as "line 13" is
			}
			if m.ViaIndex {
				result += " (as index.html)"
			}
			// The priority column only where the reading ranks rules
			// by it: in file order it plays no part.
			rows[i] = tr.Body(
				app.Td().Body(p.lineButton(m.Line)),
				app.Td().Body(app.Code().Text(m.Rule)),
				app.If(w.PriorityName != "", func() app.UI {
					return app.Td().Class("num").Text(strconv.Itoa(m.Priority))
				}),
				app.Td().Text(result),
			)
		}
		matches = app.Table().Class("matches").Body(
			app.Caption().Text(matchesCaption(w)),
			app.THead().Body(app.Tr().Body(
				app.Th().Scope("col").Text("Line"),
				app.Th().Scope("col").Text("Rule"),
				app.If(w.PriorityName != "", func() app.UI {
					return app.Th().Scope("col").Text(capitalize(w.PriorityName))
				}),
				app.Th().Scope("col").Text("Result"),
			)),
			app.TBody().Body(rows...),
		)
	}
	verdict := app.Span().Class("verdict").DataSet("verdict", widget.VerdictWord(w.Allowed)).Text(widget.VerdictText(w.Allowed))
	body := []app.UI{
		app.If(p.Sheet, func() app.UI {
			return app.Button().Type("button").ID(WhyCloseID).Class("why-close").
				Aria("label", "Close the explanation").
				OnClick(p.close).Text("✕ Close")
		}),
		app.H2().ID("why-title").Text("Why? Test " + strconv.Itoa(w.Row+1)),
		app.P().Class("why-head").Body(
			verdict,
			app.Text(" for "), app.Code().Text(w.Token),
			app.Text(" on "), app.Code().Text(model.Elide(w.Encoded, whyURLChars)),
			app.Text(", read as "+w.Dialect+" does."),
		),
		app.P().Class("decision").DataSet("decision", "true").Text(w.Decision),
		app.If(w.Answer != "", func() app.UI {
			return app.P().ID("why-answer").Class("notice").Text(w.Answer + " What the file itself says, once it is read:")
		}),
		app.P().Body(app.Text("Path matched against the rules: "), app.Code().Text(model.Elide(w.Path, whyURLChars))),
		app.H3().Text("Which group"),
		app.P().Text(w.Selection),
		app.Ul().Class("groups").Body(groups...),
		app.If(w.OtherGroups > 0, func() app.UI {
			return app.P().Class("note").Text(model.Plural(w.OtherGroups, "other group was", "other groups were") + " not for this crawler.")
		}),
		app.H3().Text("Which rule"),
		matches,
		app.P().ID("why-usage").DataSet("stated", w.Usage.Stated).Text(w.Usage.Text + "."),
		app.Details().Body(
			app.Summary().Text("The engine's explanation"),
			app.Ol().Body(sentences...),
		),
	}
	if p.Drawn > 0 && p.Drawn < WhySections {
		body = body[:whySectionEnds[p.Drawn-1]]
	}
	return sec.DataSet("why-row", w.Row).Body(body...)
}

// WhySections is how many sections the Why has, for Drawn: the verdict
// and the path; which group; which rule; the usage and the engine's
// explanation.
const WhySections = 4

// whySectionEnds is where each section but the last ends among the
// Why's elements.
var whySectionEnds = [WhySections - 1]int{6, 10, 12}

func (p *WhyPanel) lineButton(n int) app.UI { return widget.LineButton(n, p.reveal) }

func (p *WhyPanel) reveal(ctx app.Context, e app.Event) { widget.SendLine(ctx, p.To) }

// close closes the sheet and gives the focus back to the explained test's
// Why control, where the user was.
func (p *WhyPanel) close(ctx app.Context, e app.Event) {
	if p.To == nil {
		return
	}
	// Before the close: the button goes with the sheet, and with it this
	// handler's context.
	dom.FocusControl(p.Opener, "why")
	p.To.Send(ctx, widget.CloseWhy{})
}

// key closes the sheet on Escape.
func (p *WhyPanel) key(ctx app.Context, e app.Event) {
	if e.Get("key").String() != "Escape" {
		ctx.PreventUpdate()
		return
	}
	p.close(ctx, e)
}

// whyURLChars is how much of a URL or path the Why writes out: a URL of
// thousands of characters (up to 8 KiB are tested) would push the deciding
// sentence screens down. The test's field holds it whole.
const whyURLChars = 300

// matchesCaption heads the table of matching rules with the reading's own
// rule of precedence, as the engine words it.
func matchesCaption(w *model.Why) string {
	if w.PriorityName != "" {
		return "Rules that match, with their " + w.PriorityName + ": " + w.Precedence
	}
	return "Rules that match, in file order: " + w.Precedence
}

// capitalize makes the first letter of an ASCII word upper case.
func capitalize(s string) string {
	if s == "" || s[0] < 'a' || s[0] > 'z' {
		return s
	}
	return string(s[0]-'a'+'A') + s[1:]
}
