package ui

import (
	"strconv"
	"strings"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"robotstester/app/ui/model"
)

// FileView is the file as read: one element per line on screen (and a
// margin), each with what the line was read as, its findings, and marks
// for the group and the deciding line of the selected row. A spacer as high
// as the whole file keeps the scrollbar true.
type FileView struct {
	app.Compo

	Lines     []model.LineView // the lines of the window
	Total     int              // lines in the file as read
	Highlight int              // a line the user asked to see, or 0
	Dialect   string

	onScroll func(ctx app.Context, top, height float64)
	onReveal func(ctx app.Context, line int)
}

// Render returns the component's markup.
func (v *FileView) Render() app.UI {
	first := 1
	if len(v.Lines) > 0 {
		first = v.Lines[0].N
	}
	rows := make([]app.UI, len(v.Lines))
	for i, l := range v.Lines {
		rows[i] = v.line(l)
	}
	return app.Div().
		ID(ReadViewID).
		Class("read").
		TabIndex(0).
		Role("region").
		Aria("label", "The file as "+v.Dialect+" reads it").
		OnScroll(v.scroll).
		Body(
			app.Div().Class("read-spacer").
				Style("height", strconv.Itoa(v.Total*LineHeight+2*PadTop)+"px").
				Body(
					app.Div().Class("read-lines").
						Style("transform", "translateY("+strconv.Itoa((first-1)*LineHeight)+"px)").
						Body(rows...),
				),
		)
}

func (v *FileView) line(l model.LineView) app.UI {
	// A click on a line selects it in the editor too: every [data-line]
	// of the page leads to its line.
	d := app.Div().Class("line").DataSet("line", l.N).OnClick(v.reveal)
	if l.Kind != "" {
		d = d.DataSet("kind", l.Kind)
	}
	if l.Group {
		d = d.DataSet("group", "true")
	}
	if l.Deciding {
		d = d.DataSet("deciding", "true")
	}
	if l.N == v.Highlight {
		d = d.DataSet("highlight", "true")
	}
	body := []app.UI{
		app.Span().Class("ln").Text(strconv.Itoa(l.N)),
		app.Span().Class("kind").Text(l.Kind),
		app.Span().Class("text").Text(l.Text),
	}
	if l.Deciding {
		body = append(body, app.Span().Class("tag").Text("◀ decides"))
	}
	// The findings of a line are a note pinned to the view's right edge,
	// not a control: a file with thousands of them must not make as many
	// Tab stops. The Findings panel lists them for the keyboard.
	// One note per line: the linter gives a line's findings most severe
	// first; the others are counted.
	if len(l.Findings) > 0 {
		f := l.Findings[0]
		all := make([]string, len(l.Findings))
		for i, g := range l.Findings {
			all[i] = g.Message
		}
		text := " " + f.Message
		if n := len(l.Findings) - 1; n > 0 {
			text += " (+" + strconv.Itoa(n) + " more)"
		}
		body = append(body, app.Span().
			Class("finding").
			DataSet("severity", f.Severity).
			Title("%s", strings.Join(all, "\n")).
			Body(
				app.Span().Class("sev").Text(severityIcon(f.Severity)),
				app.Text(text),
			))
	}
	return d.Body(body...)
}

func (v *FileView) scroll(ctx app.Context, e app.Event) {
	src := ctx.JSSrc()
	if v.onScroll != nil {
		v.onScroll(ctx, src.Get("scrollTop").Float(), src.Get("clientHeight").Float())
	}
}

// reveal reads the line from the element's data-line, so that one handler
// serves every line however the window moves.
func (v *FileView) reveal(ctx app.Context, e app.Event) {
	if n, err := strconv.Atoi(ctx.JSSrc().Get("dataset").Get("line").String()); err == nil && v.onReveal != nil {
		v.onReveal(ctx, n)
	}
}

// severityIcon is the sign drawn beside a finding, so that severity does
// not rest on colour alone.
func severityIcon(s string) string {
	switch s {
	case "error":
		return "⛔ error"
	case "warning":
		return "⚠ warning"
	}
	return "ℹ info"
}
