package model

import (
	"robotstester/internal/relayapi"

	"encoding/json"
	"errors"
	"net/url"
	"strconv"
	"strings"
)

// Fetching the live file from the page. A page may read another site's
// answer only when that site allows it (a CORS header), which most
// robots.txt files do not send: the tester tries, and when the browser
// refuses, says so and offers the command line that fetches it.

// FetchView is what the fetch panel shows after the last attempt.
type FetchView struct {
	// Kind is "" before any attempt, then "busy", "ok", "refused" or
	// "bad" (the address is not one): the panel's data-fetch hook.
	Kind string
	URL  string // the robots.txt asked for
	Text string // what happened, in words
	// Commands are the command lines that fetch the file outside the
	// browser, shown when the browser refused.
	Commands []string
}

// RobotsURL returns the address of the robots.txt of the site that input
// names: a full URL of any page, or a host name without a scheme (https
// is assumed). Only http and https have a robots.txt.
func RobotsURL(input string) (string, error) {
	input = strings.TrimSpace(input)
	if input == "" {
		return "", errors.New("type the address of a site, such as example.com")
	}
	if !strings.Contains(input, "://") {
		input = "https://" + input
	}
	u, err := url.Parse(input)
	switch {
	case err != nil:
		return "", errors.New("that is not a web address")
	case u.Scheme != "http" && u.Scheme != "https":
		return "", errors.New("only http and https sites have a robots.txt")
	case u.Host == "" || u.Hostname() == "":
		return "", errors.New("the address names no site")
	}
	return (&url.URL{Scheme: u.Scheme, Host: u.Host, Path: "/robots.txt"}).String(), nil
}

// FetchCommands returns the command lines that fetch the robots.txt at
// u and show what each crawler does with the server's answer: from a
// checkout of this project, and once the command is installed.
func FetchCommands(u string) []string {
	q := shellQuote(u)
	return []string{"go run ./robots/cmd/robotstxt fetch " + q, "robotstxt fetch " + q}
}

// shellQuote quotes s for a POSIX shell, unless it needs none.
func shellQuote(s string) string {
	safe := s != ""
	for _, c := range s {
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || strings.ContainsRune("-._~:/?=%+@,", c)) {
			safe = false
			break
		}
	}
	if safe {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// FetchBusy is the view while the browser asks for u.
func FetchBusy(u string) FetchView {
	return FetchView{Kind: "busy", URL: u, Text: "Asking " + u + "…"}
}

// FetchBad is the view of an address that names no site.
func FetchBad(err error) FetchView {
	return FetchView{Kind: "bad", Text: "Nothing fetched: " + err.Error() + "."}
}

// FetchRefused is the view when the browser got no answer it may show the
// page: the site sends no CORS header allowing it, or it cannot be
// reached. The browser does not tell the two apart.
func FetchRefused(u string) FetchView {
	return FetchView{Kind: "refused", URL: u, Commands: FetchCommands(u),
		Text: "The browser did not let this page read " + u + ": most sites do not allow other pages to read their files (no CORS header), or the site could not be reached. " +
			"Fetch it with the command line below, which also says what each crawler does with the server's answer, then paste the file into the editor (or open " + u + " in a new tab, select all, copy and paste)."}
}

// FetchDone is the view once the browser read u's answer, with the HTTP
// status it gave.
func FetchDone(u string, status int, size int) FetchView {
	v := FetchView{Kind: "ok", URL: u}
	a := AnswerFor(AnswerForStatus(status))
	if a.Value == "" { // a 2xx
		v.Text = "Fetched " + u + ": " + strconv.Itoa(status) + ", " + Plural(size, "byte", "bytes") + ", now in the editor (Undo takes it back)."
		return v
	}
	v.Text = "Fetched " + u + ": the server answered " + strconv.Itoa(status) + ". The editor keeps its file; the server answer is set to “" + a.Title + "” (Undo takes it back)."
	return v
}

// Fetched returns the state after a fetch of the robots.txt answered with
// status and body: on a 2xx the body becomes the file, with the server
// answer back to 200; on any other status the file stays and the answer
// is the one that status means.
func Fetched(s State, status int, body string) State {
	s.Rows = append([]Row(nil), s.Rows...)
	s.Answer = AnswerForStatus(status)
	if s.Answer == "" {
		s.Robots = body
	}
	return s
}

// PageURL returns the page a live-URL box names, as a test's URL: the
// input as typed, with https:// put before a bare host or path.
func PageURL(input string) string {
	input = strings.TrimSpace(input)
	if input != "" && !strings.Contains(input, "://") {
		input = "https://" + input
	}
	return input
}

// RelayAnswer is the fetch relay's answer as the page reads it: the JSON
// of GET {prefix}/fetch?url=…, an Answer, or the Error of a refusal (the
// relay fetched nothing).
type RelayAnswer struct {
	relayapi.Answer
	Error string `json:"error"`
}

// ReadRelayAnswer reads the relay's JSON answer; ok is false when the text
// is not one (no relay: a static host answers with the page itself).
func ReadRelayAnswer(text string) (a RelayAnswer, ok bool) {
	if err := json.Unmarshal([]byte(text), &a); err != nil {
		return RelayAnswer{}, false
	}
	return a, a.Error != "" || a.Class != "" || a.Status != 0
}

// FetchRelayed is the view once the relay fetched u: the status, the
// redirects followed and the time, and what became of the file.
func FetchRelayed(u string, a RelayAnswer) FetchView {
	v := FetchView{Kind: "ok", URL: u}
	if a.Error != "" {
		// The relay's reason may name the address already.
		why := strings.TrimPrefix(a.Error, u+": ")
		return FetchView{Kind: "refused", URL: u, Text: "The fetch relay refused " + u + ": " + why + "."}
	}
	var facts []string
	if a.Status > 0 {
		facts = append(facts, strconv.Itoa(a.Status))
	} else if a.FetchError != "" {
		facts = append(facts, a.FetchError)
	}
	if n := len(a.Hops); n > 0 {
		facts = append(facts, Plural(n, "redirect", "redirects")+" to "+a.FinalURL)
	}
	if a.Loop {
		facts = append(facts, "a redirect loop")
	}
	if a.Status >= 200 && a.Status < 300 {
		facts = append(facts, Plural(int(a.Size), "byte", "bytes"))
	}
	facts = append(facts, strconv.FormatInt(a.TookMS, 10)+" ms")
	done := "now in the editor (Undo takes it back)."
	if AnswerFor(AnswerForStatus(a.Status)).Value != "" {
		done = "the editor keeps its file; the server answer is set to “" + AnswerFor(AnswerForStatus(a.Status)).Title + "” (Undo takes it back)."
	}
	if a.Status == 0 {
		// Nothing came; the fetch is still done: the server answer says
		// what crawlers do then (data-fetch stays "ok"). The relay's own
		// network may be what failed: the command line is the check.
		v.Text = "No answer from " + u + " (" + strings.Join(facts, ", ") + "). A crawler that gets no answer treats the whole site as disallowed: " +
			done + " If the site is up, the fetch relay may not reach it: the command line below fetches it from your machine."
		v.Commands = FetchCommands(u)
		return v
	}
	v.Text = "Fetched " + u + ": " + strings.Join(facts, ", ") + "; " + done
	return v
}
