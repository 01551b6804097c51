package model

import (
	"robotstester/robots"
)

// Usage is what the file states about the AI uses of one row's URL by its
// crawler (Content-Signal and Content-Usage lines), in a line of text.
type Usage struct {
	// Text is "AI use stated: search yes, AI training no (line 12)", "AI
	// use: not stated", or, for a URL the crawler may not fetch, "AI use:
	// none applies, the URL may not be crawled".
	Text string
	// Stated reports whether the file states anything for this row.
	Stated bool
	// Lines are the lines that decided, in the order of Text.
	Lines []int
}

// UsageOf returns what the file states about the uses of the URL of v, a
// verdict of one of f's readings, for its crawler.
func UsageOf(f *robots.File, v *robots.Verdict) Usage {
	u := f.Read(v.Dialect).UsageOf(v)
	switch {
	case !u.Crawlable:
		return Usage{Text: "AI use: none applies, the URL may not be crawled"}
	case !u.Stated():
		return Usage{Text: "AI use: not stated"}
	}
	out := Usage{Text: "AI use stated: " + u.Summary(), Stated: true}
	add := func(n int) {
		for _, m := range out.Lines {
			if m == n {
				return
			}
		}
		out.Lines = append(out.Lines, n)
	}
	for _, p := range u.Purposes {
		if p.Stance != robots.NotStated {
			add(p.Line)
		}
	}
	if u.Use != "" {
		add(u.UseLine)
	}
	return out
}

// Usages returns the usage statement of every row, in row order.
func (a *Analysis) Usages() []Usage {
	out := make([]Usage, len(a.Verdicts))
	for i := range a.Verdicts {
		out[i] = UsageOf(a.File, &a.Verdicts[i])
	}
	return out
}

// PrefLine is one AI-preference line of the file, for the overview.
type PrefLine struct {
	Line   int
	Text   string // the line as written, "Content-Signal: search=yes, ai-train=no"
	Agents string // the user-agent values of its group, "" when it stands in none
	// Note says what is wrong with it, "" when nothing is.
	Note string
}

// preferences lists the AI-preference lines of r.
func preferences(r *robots.Reading) []PrefLine {
	var out []PrefLine
	for _, p := range r.Preferences() {
		pl := PrefLine{Line: p.Line, Text: p.Key + ": " + p.Value}
		if p.Group >= 0 && p.Group < len(r.Groups) {
			pl.Agents = agents(&r.Groups[p.Group])
		} else {
			pl.Note = "before any User-agent line: it applies to no crawler"
		}
		if len(p.Problems) > 0 && pl.Note == "" {
			pl.Note = p.Problems[0]
		}
		out = append(out, pl)
	}
	return out
}
