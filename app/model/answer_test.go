package model

import (
	"strings"
	"testing"
)

func TestServerAnswer(t *testing.T) {
	s := State{Robots: "User-agent: *\nDisallow: /private/\n", Rows: []Row{
		{Agent: "Googlebot", URL: "/private/x"},
		{Agent: "Googlebot", URL: "/public"},
		{Agent: "Python-urllib", URL: "/public"},
		{Agent: "Baiduspider", URL: "/public"},
	}}
	verdicts := func(answer string) string {
		s.Answer = answer
		a := Analyze(&s)
		var out []string
		for _, r := range a.Rows {
			out = append(out, r.Verdict())
		}
		return strings.Join(out, " ")
	}
	for _, tt := range []struct{ answer, want string }{
		{"", "blocked allowed allowed allowed"},
		{"redirect-3", "blocked allowed allowed allowed"},
		{"redirect-6", "allowed allowed blocked allowed"}, // Python gives up after urllib's redirects fail
		{"404", "allowed allowed allowed allowed"},
		{"403", "allowed allowed blocked blocked"}, // the 1996 draft and Python keep out
		{"429", "blocked blocked allowed blocked"},
		{"503", "blocked blocked blocked blocked"},
		{"timeout", "blocked blocked blocked blocked"},
		{"nonsense", "blocked allowed allowed allowed"}, // read as 200
	} {
		if got := verdicts(tt.answer); got != tt.want {
			t.Errorf("answer %q: %s, want %s", tt.answer, got, tt.want)
		}
	}

	s.Answer = "503"
	a := Analyze(&s)
	r := &a.Rows[1]
	if r.Line != 0 || r.Groups != nil || r.Permission != "disallow all (503)" || !strings.Contains(r.Answer, "The server answers 503: Google treats 429, 5xx") {
		t.Errorf("row under 503: %+v", r)
	}
	if tb := NewTable(a, &s, TableQuery{}); tb.Row(0).Rule != "" {
		t.Errorf("a rule shown under 503: %q", tb.Row(0).Rule)
	}
	if w, _ := a.Why(); w.Allowed || w.Answer == "" || !strings.HasPrefix(w.Decision, "Once the file is read: ") {
		t.Errorf("why under 503: allowed %v, answer %q", w.Allowed, w.Answer)
	}
	note := AnswerNote("503")
	if !strings.HasPrefix(note, "Server answers 503: Googlebot treats the site as fully disallowed (for up to 30 days") {
		t.Errorf("note %q", note)
	}
	if note := AnswerNote("429"); !strings.Contains(note, "Allow all: RFC 9309") {
		t.Errorf("429 note %q", note)
	}
	if AnswerNote("") != "" || !strings.Contains(AnswerNote("redirect-3"), "reads the file") {
		t.Errorf("200 notes %q, %q", AnswerNote(""), AnswerNote("redirect-3"))
	}
	// The comparison of the readings follows the answer too.
	s.Answer = "403"
	c := Compare(a.File, &s)
	if !c.Rows[1].Disagree() || c.Rows[1].Cells[0].Allowed != true || c.Disagreements != 4 {
		t.Errorf("comparison under 403: %+v (%d disagreements)", c.Rows[1], c.Disagreements)
	}
	for status, want := range map[int]string{200: "", 204: "", 404: "404", 410: "404", 401: "403", 403: "403", 429: "429", 500: "503", 503: "503", 0: "timeout", 302: "redirect-6"} {
		if got := AnswerForStatus(status); got != want {
			t.Errorf("AnswerForStatus(%d) = %q, want %q", status, got, want)
		}
	}
	if c := AnswerChoices(); len(c) != 8 || c[0].Value != "200" || CleanAnswer("200") != "" || CleanAnswer("x") != "" || CleanAnswer("429") != "429" {
		t.Errorf("choices")
	}
}
