package model

import (
	"strings"

	"robotstester/robots"
)

// The server's answer: what the server is supposed to answer to the
// request for robots.txt. Crawlers read the file only after a 2xx (past at
// most five redirects); after any other answer each reading allows or
// disallows everything (robots.AccessFor), which changes every verdict.

// ServerAnswer is one choice of the server-answer control.
type ServerAnswer struct {
	Value string // the control's value and State.Answer; "" is 200
	Title string // the option's text
	Short string // how the notice names it: "503", "6 redirects"
	Tag   string // how a test's line names it: "503", "timeout"
	Class robots.AnswerClass
	Hops  int // redirects before the final answer
}

// serverAnswers are the answers offered, 200 first: one per class of
// answer that crawlers treat differently, and a redirect chain on either
// side of the five hops crawlers follow.
var serverAnswers = []ServerAnswer{
	{"", "200: the file as written", "200", "200", robots.Success, 0},
	{"redirect-3", "3 redirects, then 200", "3 redirects then 200", "3 redirects", robots.Success, 3},
	{"redirect-6", "6 redirects (too many)", "6 redirects", "6 redirects", robots.Redirect, 6},
	{"404", "404 Not Found", "404", "404", robots.ClientError, 0},
	{"403", "401 or 403 Forbidden", "401/403", "401/403", robots.Forbidden, 0},
	{"429", "429 Too Many Requests", "429", "429", robots.TooManyRequests, 0},
	{"503", "503 Service Unavailable", "503", "503", robots.ServerError, 0},
	{"timeout", "Timeout or network error", "with a timeout or network error", "timeout", robots.NetworkError, 0},
}

// answer200 is the control's value for 200: no option's value is empty,
// as an option without one sends its title.
const answer200 = "200"

// AnswerChoices returns the options of the server-answer control.
func AnswerChoices() []Choice {
	out := make([]Choice, len(serverAnswers))
	for i, a := range serverAnswers {
		out[i] = Choice{Value: a.Choice(), Title: a.Title}
	}
	return out
}

// Choice returns the answer's value in the server-answer control: Value,
// or "200" for 200.
func (a ServerAnswer) Choice() string {
	if a.Value == "" {
		return answer200
	}
	return a.Value
}

// AnswerFor returns the answer a state's value or a control value names;
// an unknown value is 200, the file as written.
func AnswerFor(value string) ServerAnswer {
	for _, a := range serverAnswers {
		if a.Value == value || a.Choice() == value {
			return a
		}
	}
	return serverAnswers[0]
}

// CleanAnswer returns value when it names an answer, else "" (200).
func CleanAnswer(value string) string { return AnswerFor(value).Value }

// AnswerForStatus returns the control value of the answer closest to an
// HTTP status received: a fetch whose status the browser saw.
func AnswerForStatus(status int) string {
	switch c := robots.ClassifyStatus(status); c {
	case robots.Success:
		return ""
	case robots.Forbidden:
		return "403"
	case robots.TooManyRequests:
		return "429"
	case robots.ClientError:
		return "404"
	case robots.Redirect:
		return "redirect-6"
	case robots.ServerError:
		return "503"
	}
	return "timeout"
}

// AnswerNote says what the chosen answer makes each reading do, Google
// first, for the notice above the tests; "" for a plain 200.
func AnswerNote(value string) string {
	a := AnswerFor(value)
	if a.Class == robots.Success {
		if a.Hops == 0 {
			return ""
		}
		return "Server answers with " + a.Short + ": crawlers follow at least five redirects, so every reading reads the file as written."
	}
	g := robots.AccessFor(robots.Google, a.Class)
	s := "Server answers " + a.Short + ": "
	if g.Permission == robots.DisallowAll {
		s += "Googlebot treats the site as fully disallowed"
		if after := g.Afterwards(); after != "" {
			s += " (" + after + ")"
		}
	} else {
		s += "Googlebot crawls as if there were no robots.txt: everything is allowed"
	}
	s += ". "
	// The other readings, gathered by what they do.
	var allow, disallow []string
	for _, d := range robots.Dialects() {
		if d == robots.Google {
			continue
		}
		if robots.AccessFor(d, a.Class).Permission == robots.AllowAll {
			allow = append(allow, d.Title())
		} else {
			disallow = append(disallow, d.Title())
		}
	}
	if len(allow) > 0 {
		s += "Allow all: " + strings.Join(allow, ", ") + ". "
	}
	if len(disallow) > 0 {
		s += "Disallow all: " + strings.Join(disallow, ", ") + ". "
	}
	return s + "Each test's Why says why."
}
