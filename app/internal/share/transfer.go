package share

import (
	"bytes"
	"encoding/json"
	"strconv"
	"strings"

	"robotstester/app/internal/csvrow"
	"robotstester/app/model"
)

// Result is one row of the results, as exported.
type Result struct {
	Agent   string `json:"agent"`            // as typed
	Token   string `json:"token"`            // the product token checked
	URL     string `json:"url"`              // as typed
	Tested  string `json:"tested"`           // the URL as tested, percent-encoded
	Dialect string `json:"dialect"`          // the reading used
	Verdict string `json:"verdict"`          // "allowed" or "blocked"
	Line    int    `json:"line"`             // the deciding line, 0 when no rule matched
	Rule    string `json:"rule,omitempty"`   // the deciding line's text
	Groups  string `json:"groups,omitempty"` // the lines of the groups used, as "3-7, 12-15"
	// Expect is the verdict pinned as expected, "" for none; Expectation
	// says whether the verdict meets it: "holds", "broken", or "".
	Expect      string `json:"expect,omitempty"`
	Expectation string `json:"expectation,omitempty"`
	// Answer, when the server's answer decided instead of the file, says
	// what the reading does then: "disallow all (503)".
	Answer string `json:"answer,omitempty"`
}

// Results lists every row of an analysis with its verdict.
func Results(a *model.Analysis, s *model.State) []Result {
	out := make([]Result, 0, len(a.Rows))
	for i, rv := range a.Rows {
		r := Result{Token: rv.Token, Tested: rv.Encoded, Dialect: rv.Dialect, Verdict: rv.Verdict(), Line: rv.Line, Expect: rv.Expect, Answer: rv.Permission}
		if rv.Expect != "" {
			r.Expectation = "holds"
			if rv.ExpectBroken() {
				r.Expectation = "broken"
			}
		}
		if i < len(s.Rows) {
			r.Agent, r.URL = s.Rows[i].Agent, s.Rows[i].URL
		}
		if rv.Line > 0 {
			r.Rule = strings.TrimSpace(a.File.Text(rv.Line))
		}
		var spans []string
		for _, g := range rv.Groups {
			if g.Start == g.End {
				spans = append(spans, strconv.Itoa(g.Start))
			} else {
				spans = append(spans, strconv.Itoa(g.Start)+"-"+strconv.Itoa(g.End))
			}
		}
		r.Groups = strings.Join(spans, ", ")
		out = append(out, r)
	}
	return out
}

// ResultsCSV writes results as CSV with a header row. Cells that a
// spreadsheet would run as a formula are prefixed with a quote.
func ResultsCSV(results []Result) []byte {
	var buf bytes.Buffer
	csvrow.Write(&buf, []string{"agent", "token", "url", "tested", "dialect", "verdict", "line", "rule", "groups", "expect", "expectation", "answer"})
	for _, r := range results {
		csvrow.Write(&buf, []string{csvrow.Cell(r.Agent), csvrow.Cell(r.Token), csvrow.Cell(r.URL), csvrow.Cell(r.Tested), r.Dialect, r.Verdict, strconv.Itoa(r.Line), csvrow.Cell(r.Rule), r.Groups, r.Expect, r.Expectation, r.Answer})
	}
	return buf.Bytes()
}

// ResultsJSON writes results as an indented JSON list.
func ResultsJSON(results []Result) []byte {
	if results == nil {
		results = []Result{}
	}
	data, _ := json.MarshalIndent(results, "", "  ") // results always encode
	return append(data, '\n')
}

// URLs reads a list of URLs to test: one per line, or the first column of
// a CSV file (a header such as "url" is skipped). Blank lines and
// duplicates are dropped; all the others are returned, for the caller to
// say how many fit.
func URLs(text string) []string {
	text = strings.TrimPrefix(text, "\uFEFF")
	lines := model.SplitLines(text)
	if len(lines) > 0 && looksLikeCSV(lines) {
		lines = lines[:0]
		for _, f := range firstColumns(text) {
			lines = append(lines, strings.TrimSpace(f))
		}
	}
	seen := map[string]bool{}
	var out []string
	for i, l := range lines {
		if l == "" || seen[l] || i == 0 && isHeader(l) {
			continue
		}
		seen[l] = true
		out = append(out, l)
	}
	return out
}

// looksLikeCSV reports whether most lines have a comma: URLs rarely do.
func looksLikeCSV(lines []string) bool {
	n := 0
	for _, l := range lines {
		if strings.Contains(l, ",") {
			n++
		}
	}
	return n*2 > len(lines)
}

func isHeader(s string) bool {
	switch strings.ToLower(strings.Trim(s, `"' `)) {
	case "url", "urls", "address", "page", "path", "loc":
		return true
	}
	return false
}

// ChangesCSV writes the tests whose verdict changes between two versions
// of the file as CSV with a header row: each side's verdict, deciding line
// and rule.
func ChangesCSV(d *model.VersionDiff) []byte {
	var buf bytes.Buffer
	csvrow.Write(&buf, []string{"test", "agent", "token", "url", "tested", "dialect",
		"current", "current_line", "current_rule", "proposed", "proposed_line", "proposed_rule"})
	for _, c := range d.Changes {
		csvrow.Write(&buf, []string{strconv.Itoa(c.Index + 1), csvrow.Cell(c.Agent), csvrow.Cell(c.Token), csvrow.Cell(c.URL), csvrow.Cell(c.Encoded), c.Dialect,
			c.Current.Verdict(), strconv.Itoa(c.Current.Line), csvrow.Cell(c.Current.Rule),
			c.Proposed.Verdict(), strconv.Itoa(c.Proposed.Line), csvrow.Cell(c.Proposed.Rule)})
	}
	return buf.Bytes()
}
