package model

import (
	"encoding/json"
	"math"
	"strings"

	"robotstester/app/internal/textedit"
	"robotstester/robots"
)

// Window is the lines First to Last (1-based, inclusive) that are rendered:
// those on screen plus a margin. Last < First when there are none.
type Window struct{ First, Last int }

// Len returns the number of lines in the window.
func (w Window) Len() int { return max(0, w.Last-w.First+1) }

// Visible returns the window of a scrolled view of total lines of height
// lineHeight: the lines that show between scrollTop and scrollTop+height,
// and margin more on each side so that a fast scroll does not show blanks
// before the next frame.
func Visible(scrollTop, height, lineHeight float64, total, margin int) Window {
	if total <= 0 || lineHeight <= 0 {
		return Window{1, 0}
	}
	first := int(math.Floor(max(scrollTop, 0)/lineHeight)) + 1 - margin
	last := int(math.Ceil((max(scrollTop, 0)+max(height, 0))/lineHeight)) + margin
	first = min(max(first, 1), total)
	last = min(max(last, first), total)
	return Window{first, last}
}

// LineView is one line of the file as read, as the read view draws it.
type LineView struct {
	N        int
	Text     string
	Kind     string // what it was read as: "allow", "user-agent", "crawl-delay", "ignored", ...
	Group    bool   // in a group that applied to the selected row
	Deciding bool   // the line that decided the selected row
	Findings []FindingView
}

// FindingView is one finding of the linter, in words.
type FindingView struct {
	Line     int
	Severity string // "info", "warning" or "error"
	Message  string
}

// Lines returns the views of the lines of window w, as the analysis's
// reading reads them, marked for its selected row. Lines past the fetch
// limit are not in the file and are left out.
func (a *Analysis) Lines(w Window) []LineView {
	last := min(w.Last, len(a.File.Lines))
	if last < w.First {
		return nil
	}
	sel := a.SelectedRow()
	out := make([]LineView, 0, last-w.First+1)
	findings := FindingsIn(a.Findings, w.First, last)
	for n := w.First; n <= last; n++ {
		lv := LineView{N: n, Text: a.File.Text(n), Kind: KindLabel(a.Reading, n)}
		if sel != nil {
			lv.Group = sel.InGroup(n)
			lv.Deciding = sel.Line == n
		}
		for len(findings) > 0 && findings[0].Line == n {
			lv.Findings = append(lv.Findings, findingView(findings[0]))
			findings = findings[1:]
		}
		out = append(out, lv)
	}
	return out
}

// KindLabel says in one or two words what line n was read as in r.
func KindLabel(r *robots.Reading, n int) string {
	switch k := r.Kind(n); k {
	case robots.Blank:
		return ""
	case robots.Unknown:
		return "ignored"
	case robots.Known:
		if n >= 1 && n <= len(r.File.Lines) {
			if key := strings.ToLower(r.File.Key(n)); key != "" {
				return key
			}
		}
		return "other"
	default:
		return k.String()
	}
}

func findingView(f robots.Finding) FindingView {
	return FindingView{Line: f.Line, Severity: f.Severity.String(), Message: f.Message}
}

// LineMarks says what lines first to last (1-based) are, for the editor
// to mark them: a JSON list of textedit.LineMark, one a line, with notes'
// text for a line (what it decides over the site's URLs). Lines past
// those read (the fetch limit) have empty marks.
func (a *Analysis) LineMarks(first, last int, notes map[int]string) string {
	sel := a.SelectedRow()
	marks := make([]textedit.LineMark, 0, max(0, last-first+1))
	for n := first; n <= last; n++ {
		var m textedit.LineMark
		if n >= 1 && n <= len(a.File.Lines) {
			m = textedit.LineMark{Kind: KindLabel(a.Reading, n), Note: notes[n]}
			if sel != nil {
				m.Group, m.Deciding = sel.InGroup(n), sel.Line == n
			}
		}
		marks = append(marks, m)
	}
	return wire(marks)
}

// FindingMarks returns the findings of lines first to last as the editor
// shows them: a JSON list of textedit.FindingMark. The editor asks for the
// lines near view only when a file has thousands of findings (editor.js).
func (a *Analysis) FindingMarks(first, last int) string {
	in := FindingsIn(a.Findings, first, last)
	marks := make([]textedit.FindingMark, len(in))
	for i, f := range in {
		marks[i] = textedit.FindingMark{Line: f.Line, Severity: f.Severity.String(), Message: f.Message}
	}
	return wire(marks)
}

// wire returns v as the editor reads it: JSON. The marks are plain data,
// which encoding/json always writes.
func wire(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err)
	}
	return string(b)
}
