package model

import (
	"cmp"
	"slices"
	"strconv"
	"strings"

	"robotstester/app/sitemsg"
)

// The log's table: a row a crawler of the log (sitemsg.LogRow, counted
// and worded by the site worker), grouped by role, sorted by the column
// the user chose. The page sorts, so that a click on a column's header
// asks the worker nothing.

// LogColumns are the log table's columns, by the name a header's button
// gives (data-log-sort), in order.
var LogColumns = []string{"crawler", "role", "requests", "blocked", "fetched", "verified", "forged", "unverified"}

// logHeads are the columns' headers.
var logHeads = []string{"Crawler", "Role", "Requests", "To URLs the file blocks", "Of those, answered 2xx", "Verified", "Forged", "Unverified"}

// LogRoles are the roles' groups, in the order drawn, with their
// headings; "" is a crawler the catalogue does not know.
var LogRoles = []struct{ Role, Name string }{
	{"search", "Search"}, {"ai-training", "AI training"}, {"ai-search", "AI search and assistants"},
	{"user-fetch", "User-triggered"}, {"ads", "Ads"}, {"preview", "Previews"}, {"service", "Services"},
	{"research", "Research and SEO"}, {"tool", "Tools"}, {"", "Not in the catalogue"},
}

// LogSort is the log table's order: by Column (one of LogColumns; ""
// is requests), Asc when ascending. Its zero value is the most requests
// first.
type LogSort struct {
	Column string
	Asc    bool
}

// By returns the order after the user chose column: the column sorted
// the other way when it is the one sorted by; else that column, names
// and roles from A, numbers from the most.
func (s LogSort) By(column string) LogSort {
	if !slices.Contains(LogColumns, column) {
		return s
	}
	if s.column() == column {
		return LogSort{Column: column, Asc: !s.Asc}
	}
	return LogSort{Column: column, Asc: column == "crawler" || column == "role"}
}

func (s LogSort) column() string { return cmp.Or(s.Column, "requests") }

// value returns r's value in column c, for the order.
func value(r *sitemsg.LogRow, c string) int {
	switch c {
	case "blocked":
		return r.Blocked
	case "fetched":
		return r.Fetched
	case "verified":
		return r.Verified
	case "forged":
		return r.Forged
	case "unverified":
		return r.Unverified
	}
	return r.Requests
}

// roleAt returns the place of a role among LogRoles.
func roleAt(role string) int {
	i := slices.IndexFunc(LogRoles, func(g struct{ Role, Name string }) bool { return g.Role == role })
	if i < 0 {
		return len(LogRoles) - 1
	}
	return i
}

// LogGroup is one role's rows, in order.
type LogGroup struct {
	Role, Name string
	Rows       []sitemsg.LogRow
}

// LogGroups returns rows grouped by role, the groups in LogRoles' order
// (the other way when sorted by role, descending), each group's rows in
// the order s; ties by the crawler's name.
func LogGroups(rows []sitemsg.LogRow, s LogSort) []LogGroup {
	col := s.column()
	sorted := slices.Clone(rows)
	slices.SortStableFunc(sorted, func(a, b sitemsg.LogRow) int {
		c := 0
		switch col {
		case "crawler", "role":
			c = strings.Compare(strings.ToLower(a.Agent), strings.ToLower(b.Agent))
		default:
			c = cmp.Compare(value(&a, col), value(&b, col))
		}
		if !s.Asc && col != "role" {
			c = -c
		}
		return cmp.Or(c, strings.Compare(a.Agent, b.Agent))
	})
	var out []LogGroup
	for _, g := range LogRoles {
		grp := LogGroup{Role: g.Role, Name: g.Name}
		for _, r := range sorted {
			if LogRoles[roleAt(r.Role)].Role == g.Role {
				grp.Rows = append(grp.Rows, r)
			}
		}
		if len(grp.Rows) > 0 {
			out = append(out, grp)
		}
	}
	if col == "role" && !s.Asc {
		slices.Reverse(out)
	}
	return out
}

// LogTable returns the log's part of the panel (#site-urls-log): what is
// said of the notable crawlers, the address lists' dates, the chart of
// requests per day, then the table, a row a crawler
// (tr[data-log-agent=TOKEN] with data-requests, data-blocked,
// data-verified, data-forged and data-unverified), grouped by role, its
// headers buttons that sort it (data-log-sort, aria-sort on the column
// sorted), each crawler's name a button that opens its rules and
// examples in the row after it (data-log-open); and which requests were
// not counted. note, when not "", is said with the lists.
func LogTable(v *sitemsg.LogView, s LogSort, open map[string]bool, note string) sitemsg.Node {
	part := sitemsg.Node{Tag: "div", ID: "site-urls-log", Kids: []sitemsg.Node{{Tag: "h3", Text: "The log's requests"}}}
	if len(v.Said) > 0 {
		part.Kids = append(part.Kids, listNode("log-said", "", v.Said))
	}
	lists := v.Lists
	if note != "" {
		lists = append(slices.Clone(lists), note)
	}
	if len(lists) > 0 {
		part.Kids = append(part.Kids, listNode("log-lists", "note", lists))
	}
	if v.Chart != nil {
		part.Kids = append(part.Kids, *v.Chart)
	}
	if len(v.Rows) > 0 {
		part.Kids = append(part.Kids, sitemsg.Node{Tag: "div", Class: "site-matrix-wrap", Kids: []sitemsg.Node{logTableNode(v.Rows, s, open)}})
	}
	return sitemsg.Node{Tag: part.Tag, ID: part.ID, Kids: append(part.Kids, v.NotCrawlers)}
}

// listNode returns a list of sentences.
func listNode(class, itemClass string, items []string) sitemsg.Node {
	ul := sitemsg.Node{Tag: "ul", Class: class}
	for _, t := range items {
		ul.Kids = append(ul.Kids, sitemsg.Node{Tag: "li", Class: itemClass, Text: t})
	}
	return ul
}

// logTableNode returns the table of rows.
func logTableNode(rows []sitemsg.LogRow, s LogSort, open map[string]bool) sitemsg.Node {
	cols := strconv.Itoa(len(LogColumns))
	heads := make([]sitemsg.Node, len(LogColumns))
	for i, c := range LogColumns {
		th := sitemsg.Node{Tag: "th", Attrs: []string{"scope", "col"}}
		label := "Sort by " + strings.ToLower(logHeads[i])
		if c == s.column() {
			dir := "descending"
			if s.Asc {
				dir = "ascending"
			}
			th.Attrs = append(th.Attrs, "aria-sort", dir)
		}
		th.Kids = []sitemsg.Node{{Tag: "button", Class: "linkish", On: "click", Data: []string{"log-sort", c}, Title: label,
			Text: logHeads[i], Attrs: []string{"type", "button"}}}
		heads[i] = th
	}
	table := sitemsg.Node{Tag: "table", ID: "site-log-table", Class: "site-matrix", Data: []string{"crawlers", strconv.Itoa(len(rows))},
		Kids: []sitemsg.Node{
			{Tag: "caption", Text: "Each crawler's requests, by role: choose a crawler to see the lines that block it, with examples; choose a column to sort by it."},
			{Tag: "thead", Kids: []sitemsg.Node{{Tag: "tr", Kids: heads}}},
		}}
	num := func(n int) sitemsg.Node { return sitemsg.Node{Tag: "td", Class: "num", Text: Grouped(n)} }
	k := 0
	for _, g := range LogGroups(rows, s) {
		body := sitemsg.Node{Tag: "tbody", Kids: []sitemsg.Node{{Tag: "tr", Class: "role", Kids: []sitemsg.Node{
			{Tag: "th", Text: g.Name, Attrs: []string{"scope", "rowgroup", "colspan", cols}}}}}}
		for _, r := range g.Rows {
			k++
			more := "site-log-more-" + strconv.Itoa(k)
			opened := open[r.Agent]
			role := r.Role
			if role == "" {
				role = "not catalogued"
			}
			name := sitemsg.Node{Tag: "button", Class: "linkish", On: "click", Data: []string{"log-open", r.Agent}, Text: r.Agent,
				Title: "The lines that block " + r.Agent + "'s requests, with examples",
				Attrs: []string{"type", "button", "aria-expanded", strconv.FormatBool(opened), "aria-controls", more}}
			if r.Vendor != "" {
				name.Title = r.Vendor + ": " + name.Title
			}
			row := sitemsg.Node{Tag: "tr", Data: []string{"log-agent", r.Agent, "role", r.Role, "requests", strconv.Itoa(r.Requests),
				"blocked", strconv.Itoa(r.Blocked), "fetched", strconv.Itoa(r.Fetched), "verified", strconv.Itoa(r.Verified),
				"forged", strconv.Itoa(r.Forged), "unverified", strconv.Itoa(r.Unverified)},
				Kids: []sitemsg.Node{
					{Tag: "th", Attrs: []string{"scope", "row"}, Kids: []sitemsg.Node{name}},
					{Tag: "td", Text: role},
					num(r.Requests), num(r.Blocked), num(r.Fetched), num(r.Verified), num(r.Forged), num(r.Unverified),
				}}
			if r.Forged > 0 {
				row.Class = "forged"
			}
			body.Kids = append(body.Kids, row)
			if opened {
				body.Kids = append(body.Kids, sitemsg.Node{Tag: "tr", ID: more, Class: "log-more", Kids: []sitemsg.Node{
					{Tag: "td", Attrs: []string{"colspan", cols}, Kids: r.Details}}})
			}
		}
		table.Kids = append(table.Kids, body)
	}
	return table
}
