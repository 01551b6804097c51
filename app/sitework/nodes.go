package sitework

import (
	"strconv"
	"strings"

	"robotstester/app/sitemsg"
	"robotstester/robots"
)

// The panel's markup below its counts is made here, in the worker, as
// sitemsg.Nodes, which the page draws as they are: the hooks (data-*
// attributes, ids) are set here, and the page wires the line buttons
// (Line) and the rebase button (#site-urls-rebase, On).

// el returns an element node.
func el(tag, id, class string, kids ...sitemsg.Node) sitemsg.Node {
	return sitemsg.Node{Tag: tag, ID: id, Class: class, Kids: kids}
}

// text returns an element holding text.
func text(tag, class, s string) sitemsg.Node { return sitemsg.Node{Tag: tag, Class: class, Text: s} }

// plain returns a text alone.
func plain(s string) sitemsg.Node { return sitemsg.Node{Text: s} }

// Parts returns the panel's parts for w: the sitemap finding, what the
// edit changes, the lines that decide and the rules that decide nothing,
// each only when there is something to say. A log's requests are a
// sitemsg.LogView apart (logView), which the page sorts.
func (w *Wording) Parts() []sitemsg.Node {
	var out []sitemsg.Node
	if w.Finding != "" {
		f := el("div", "site-urls-finding", "notice alert",
			el("p", "", "", text("strong", "", w.Finding)),
			text("p", "note", w.FindingNote),
			el("ul", "", "", lineNodes(w.FindingLines, "finding-line")...))
		f.Role = "alert"
		out = append(out, f)
	}
	if w.Compared {
		rebase := sitemsg.Node{Tag: "button", ID: "site-urls-rebase", On: "click", Attrs: []string{"type", "button"},
			Title: "Compare later edits with the file as it is now", Text: "Compare with this file from now on"}
		kids := append([]sitemsg.Node{text("p", "", w.ChangesSummary)}, flipsNodes(&w.Flips, FlipsShown)...)
		ch := el("div", "site-urls-changes", "notice", append(kids, rebase)...)
		ch.Data = []string{"changes", strconv.Itoa(len(w.Flips.Changes)),
			"newly-allowed", strconv.Itoa(w.Flips.Allowed), "newly-blocked", strconv.Itoa(w.Flips.Blocked)}
		out = append(out, ch)
	}
	if len(w.Lines) > 0 {
		d := el("div", "", "", text("h3", "", "By deciding line, for "+w.Crawler), el("ul", "site-urls-lines", "", lineNodes(w.Lines, "coverage-line")...))
		if w.MoreLines > 0 {
			d.Kids = append(d.Kids, text("p", "note", "And "+sitemsg.Grouped(w.MoreLines)+" more lines: the CSV export has every URL."))
		}
		out = append(out, d)
	}
	if len(w.Unused) > 0 {
		out = append(out, el("div", "", "", text("h3", "", "Rules that decide none of your URLs for "+w.Crawler),
			el("ul", "site-urls-unused", "", lineNodes(w.Unused, "unused-line")...)))
	}
	return out
}

// notCrawlersText says which requests were not counted, and why:
// "12 requests of browsers, 3 of tools (curl, python-requests) and 1
// with no user-agent string that names anyone are not counted: robots.txt
// binds crawlers."
func notCrawlersText(n *robots.NotCrawlers) string {
	if n.Total() == 0 {
		return "Every request is a crawler's."
	}
	var parts []string
	if n.Browsers > 0 {
		parts = append(parts, sitemsg.GroupedPlural(n.Browsers, "request", "requests")+" of browsers")
	}
	if n.Tools > 0 {
		t := sitemsg.Grouped(n.Tools) + " of tools (" + strings.Join(n.ToolNames, ", ") + ")"
		if len(parts) == 0 {
			t = sitemsg.GroupedPlural(n.Tools, "request", "requests") + " of tools (" + strings.Join(n.ToolNames, ", ") + ")"
		}
		parts = append(parts, t)
	}
	if n.Unknown > 0 {
		t := sitemsg.Grouped(n.Unknown) + " whose user-agent string names no one"
		if len(parts) == 0 {
			t = sitemsg.GroupedPlural(n.Unknown, "request", "requests") + " whose user-agent string names no one"
		}
		parts = append(parts, t)
	}
	all := parts[0]
	if len(parts) > 1 {
		all = strings.Join(parts[:len(parts)-1], ", ") + " and " + parts[len(parts)-1]
	}
	verb := " are"
	if n.Total() == 1 {
		verb = " is"
	}
	return all + verb + " not counted: robots.txt binds crawlers, not browsers nor the tools people run."
}

// lineNodes returns coverage lines as list items, each marked with attr
// ("coverage-line", "unused-line", ...) and its number, count and
// verdict: data-coverage-line, data-count and data-verdict are hooks of
// the panel's contract.
func lineNodes(ls []CoverageLine, attr string) []sitemsg.Node {
	out := make([]sitemsg.Node, len(ls))
	for i := range ls {
		l := &ls[i]
		li := sitemsg.Node{Tag: "li", Data: []string{attr, strconv.Itoa(l.Line), "count", strconv.Itoa(l.Count), "verdict", l.Verdict()}}
		if l.Line > 0 {
			li.Kids = append(li.Kids, sitemsg.Node{Line: l.Line}, plain(", "), text("code", "", l.Rule), plain(", "))
		}
		li.Kids = append(li.Kids, plain(l.Says))
		if len(l.Examples) > 0 {
			ex := make([]sitemsg.Node, len(l.Examples))
			for k, e := range l.Examples {
				ex[k] = el("li", "", "", text("code", "", e))
			}
			li.Kids = append(li.Kids, el("ul", "", "examples note", ex...))
		}
		out[i] = li
	}
	return out
}

// listNode is what the panel lists of what is held: the sources read,
// and after a Clear, what it dropped and the button that puts it back;
// the lock is held.
func (s *SiteURLs) listNode() *sitemsg.Node {
	sources := sourcesNode(s.sources, s.notes)
	d := s.dropped
	if d == nil {
		return sources
	}
	what := sitemsg.Grouped(d.submitted.Len()+d.listed.Len()) + " URLs"
	if n := d.requests.Len(); n > 0 {
		what += " and " + sitemsg.Grouped(n) + " requests"
	}
	said := "Cleared " + what + " (" + sitemsg.GroupedPlural(len(d.sources), "source", "sources") + ")"
	if sources != nil {
		said += ": Undo puts them back beside what was read since. "
	} else {
		said += ". "
	}
	n := el("p", "site-urls-cleared", "note", sitemsg.Node{Text: said},
		sitemsg.Node{Tag: "button", ID: "site-urls-undo", On: "click", Text: "Undo", Attrs: []string{"type", "button"}})
	if sources == nil {
		return &n
	}
	both := el("div", "", "", n, *sources)
	return &both
}

// sourcesNode lists the sources read and the notes of the reading; nil
// when none was read.
func sourcesNode(sources []sitemsg.Source, notes []string) *sitemsg.Node {
	if len(sources) == 0 {
		return nil
	}
	items := make([]sitemsg.Node, 0, len(sources)+len(notes))
	failed := false
	for _, s := range sources {
		failed = failed || s.Error != ""
		t := s.Name + ": "
		switch s.Kind {
		case "index":
			t += "an index of " + sitemsg.Grouped(s.URLs) + " sitemaps"
		case "log":
			t += sitemsg.Grouped(s.URLs) + " requests"
		default:
			t += sitemsg.Grouped(s.URLs+s.Repeats) + " URLs"
			if s.Repeats > 0 {
				t += ", " + sitemsg.Grouped(s.Repeats) + " of them repeats"
			}
		}
		li := sitemsg.Node{Tag: "li", Data: []string{"kind", s.Kind}, Text: t}
		if s.Error != "" {
			li.Class, li.Text = "alert", t+"; "+s.Error
		}
		items = append(items, li)
	}
	for _, n := range notes {
		items = append(items, text("li", "note", n))
	}
	// Open when a source failed: why is what the user needs to read.
	d := el("details", "site-urls-sources", "", text("summary", "", "Read from "+sitemsg.GroupedPlural(len(sources), "source", "sources")), el("ul", "", "", items...))
	d.Open = failed
	return &d
}
