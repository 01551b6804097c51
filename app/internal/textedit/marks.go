package textedit

import "encoding/json"

// What the editor is given to show. Each is written once here, as Go
// types that the Go side writes as JSON and editor.js reads (its push,
// hooks.lines and hooks.findings): the names of their JSON fields are
// the editor's too.

// A LineMark is what a line of the file is, for the editor to mark it.
type LineMark struct {
	// Kind is what the line was read as, in a word or two ("disallow",
	// "user-agent", "ignored"), "" for a blank line.
	Kind string `json:"kind,omitempty"`
	// Group: the line is in a group that applied to the selected test;
	// Deciding: it is the line that decided it.
	Group    bool `json:"group,omitempty"`
	Deciding bool `json:"deciding,omitempty"`
	// Note is what the line decides over the site's URLs ("blocks 12,408
	// URLs"), shown after it.
	Note string `json:"note,omitempty"`
}

// A FindingMark is one finding of the linter, shown on its line: a
// marker in the gutter, the message on hover and in the lint panel.
type FindingMark struct {
	Line     int    `json:"line"`
	Severity string `json:"severity"` // "info", "warning" or "error"
	Message  string `json:"message"`
}

// Findings are the findings the editor is given: those of the lines it
// asked for, or, with All, every one of the file's.
type Findings struct {
	All   bool            `json:"all,omitempty"`
	Marks json.RawMessage `json:"marks"` // a JSON list of FindingMark
}

// A Push is what the page shows after a change, in one call: the tests'
// verdicts, and the editor's marks of the text after the change numbered
// Seq (the editor leaves those of an older text).
type Push struct {
	// Verdicts has a letter a test drawn, 'a' allowed, 'b' blocked,
	// written in the words Allowed and Blocked; "" leaves them.
	Verdicts string `json:"verdicts,omitempty"`
	Allowed  string `json:"allowed,omitempty"`
	Blocked  string `json:"blocked,omitempty"`
	Seq      int    `json:"seq"`
	// Lines are the marks of lines First to Last (a JSON list of
	// LineMark); none leaves the editor's own, moved with the text.
	First int             `json:"first"`
	Last  int             `json:"last"`
	Lines json.RawMessage `json:"lines,omitempty"`
	// Findings, when given, replace those the editor shows.
	Findings *Findings `json:"findings,omitempty"`
}
