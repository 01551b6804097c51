package robots_test

import (
	"bytes"
	"errors"
	"io"
	"strings"
	"testing"
	"time"

	"robotstester/robots"
)

func TestClassifyStatus(t *testing.T) {
	for _, tc := range []struct {
		code int
		want robots.AnswerClass
	}{
		{0, robots.NetworkError},
		{200, robots.Success}, {204, robots.Success}, {299, robots.Success},
		{301, robots.Redirect}, {308, robots.Redirect},
		{400, robots.ClientError}, {404, robots.ClientError}, {410, robots.ClientError}, {451, robots.ClientError},
		{401, robots.Forbidden}, {403, robots.Forbidden},
		{429, robots.TooManyRequests},
		{500, robots.ServerError}, {503, robots.ServerError}, {599, robots.ServerError},
		{100, robots.ServerError}, {600, robots.ServerError}, {-1, robots.ServerError},
	} {
		if got := robots.ClassifyStatus(tc.code); got != tc.want {
			t.Errorf("ClassifyStatus(%d) = %v, want %v", tc.code, got, tc.want)
		}
	}
}

// TestAccessFor holds every reading's effect for every class of answer
// (REFERENCE.md section 3, "Access results").
func TestAccessFor(t *testing.T) {
	const F, A, D = robots.FollowRules, robots.AllowAll, robots.DisallowAll
	classes := []robots.AnswerClass{robots.Success, robots.Redirect, robots.Forbidden, robots.ClientError, robots.TooManyRequests, robots.ServerError, robots.NetworkError}
	want := map[robots.Dialect][]robots.Permission{
		robots.Google:       {F, A, A, A, D, D, D},
		robots.RFC9309:      {F, A, A, A, A, D, D},
		robots.GYM2008:      {F, A, D, A, D, D, D},
		robots.MK1996:       {F, A, D, A, D, D, D},
		robots.MK1994:       {F, A, D, A, D, D, D},
		robots.Python:       {F, D, D, A, A, D, D},
		robots.Python313:    {F, D, D, A, A, D, D},
		robots.PythonLegacy: {F, D, D, A, A, D, D},
	}
	for _, d := range robots.Dialects() {
		for i, c := range classes {
			a := robots.AccessFor(d, c)
			if a.Permission != want[d][i] || a.Dialect != d || a.Class != c {
				t.Errorf("%v after %v: %v, want %v", d, c, a.Permission, want[d][i])
			}
			if a.Reason == "" {
				t.Errorf("%v after %v: no reason", d, c)
			}
		}
	}
}

func TestAccessAfter(t *testing.T) {
	day := 24 * time.Hour
	google := robots.AccessFor(robots.Google, robots.ServerError)
	python := robots.AccessFor(robots.Python, robots.ServerError)
	for _, tc := range []struct {
		name     string
		a        robots.Access
		lasted   time.Duration
		haveCopy bool
		want     robots.Permission
	}{
		{"google 503 for a day", google, day, true, robots.DisallowAll},
		{"google 503 for 29 days", google, 29 * day, false, robots.DisallowAll},
		{"google 503 for 30 days, a copy kept", google, 30 * day, true, robots.FollowRules},
		{"google 503 for 31 days, no copy", google, 31 * day, false, robots.AllowAll},
		{"python 503 for a year", python, 365 * day, true, robots.DisallowAll},
		{"google 404 whatever the time", robots.AccessFor(robots.Google, robots.ClientError), 40 * day, true, robots.AllowAll},
	} {
		if got := tc.a.After(tc.lasted, tc.haveCopy); got != tc.want {
			t.Errorf("%s: %v, want %v", tc.name, got, tc.want)
		}
	}
}

// brokenReader gives its text, then an error.
type brokenReader struct {
	r   io.Reader
	err error
}

func (b *brokenReader) Read(p []byte) (int, error) {
	n, err := b.r.Read(p)
	if err == io.EOF {
		return n, b.err
	}
	return n, err
}

func TestInterpret(t *testing.T) {
	reset := errors.New("connection reset")
	big := strings.Repeat("Disallow: /a\n", robots.FetchLimit/13+100)
	for _, tc := range []struct {
		name      string
		answer    robots.Answer
		class     robots.AnswerClass
		hasFile   bool
		content   robots.ContentKind
		googlebot bool // whether Googlebot may fetch /private/x
		notes     int
	}{
		{"200", robots.Answer{Status: 200, Header: map[string][]string{"Content-Type": {"text/plain; charset=utf-8"}}, Body: strings.NewReader("User-agent: *\nDisallow: /private/\n")},
			robots.Success, true, robots.RobotsTxt, false, 0},
		{"200 empty body", robots.Answer{Status: 200}, robots.Success, true, robots.EmptyFile, true, 0},
		{"200 HTML page", robots.Answer{Status: 200, Header: map[string][]string{"content-type": {"text/html"}}, Body: strings.NewReader("<!DOCTYPE html>\n<html><body>Not found</body></html>\n")},
			robots.Success, true, robots.HTMLPage, true, 2},
		{"200 broken off", robots.Answer{Status: 200, Body: &brokenReader{strings.NewReader("User-agent: *\nDisallow: /"), reset}},
			robots.NetworkError, true, robots.RobotsTxt, false, 0},
		{"200 broken off past the limit", robots.Answer{Status: 200, Body: &brokenReader{strings.NewReader("User-agent: *\nDisallow: /private/\n" + big), reset}},
			robots.Success, true, robots.RobotsTxt, false, 1},
		{"404", robots.Answer{Status: 404, Body: strings.NewReader("User-agent: *\nDisallow: /\n")}, robots.ClientError, false, 0, true, 0},
		{"429", robots.Answer{Status: 429}, robots.TooManyRequests, false, 0, false, 0},
		{"503", robots.Answer{Status: 503}, robots.ServerError, false, 0, false, 0},
		{"timeout", robots.Answer{Err: errors.New("timeout")}, robots.NetworkError, false, 0, false, 0},
		{"too many redirects", robots.Answer{Status: 301, Redirects: 5, Err: errors.New("too many redirects")}, robots.Redirect, false, 0, true, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			o := robots.Interpret(tc.answer)
			if o.Class != tc.class {
				t.Errorf("class %v, want %v (err %v)", o.Class, tc.class, o.Err)
			}
			if (o.File != nil) != tc.hasFile {
				t.Fatalf("file %v, want one: %v", o.File != nil, tc.hasFile)
			}
			if o.File != nil && o.File.Content() != tc.content {
				t.Errorf("content %v, want %v", o.File.Content(), tc.content)
			}
			googlebot, _ := robots.LookupCrawler("Googlebot")
			if got := o.Allowed(googlebot, "https://example.com/private/x"); got != tc.googlebot {
				t.Errorf("Googlebot allowed: %v, want %v", got, tc.googlebot)
			}
			if got := o.Notes(); len(got) != tc.notes {
				t.Errorf("notes %q, want %d", got, tc.notes)
			}
		})
	}
}

// TestParseReader: a file read from a reader is the file Parse gives,
// whatever the size, with the cut falling between a CR and its LF.
func TestParseReader(t *testing.T) {
	crAtLimit := strings.Repeat("a", robots.FetchLimit-1) + "\r\n" + strings.Repeat("x\r\n", 1000) + "y\rz"
	for _, text := range []string{
		"",
		"User-agent: *\nDisallow: /\n",
		strings.Repeat("Disallow: /a\r\n", robots.FetchLimit/14),
		strings.Repeat("Disallow: /a\n", 3*robots.FetchLimit/13),
		strings.Repeat("x", robots.FetchLimit),
		crAtLimit,
	} {
		want := robots.Parse([]byte(text))
		got, err := robots.ParseReader(&smallReader{strings.NewReader(text)})
		if err != nil {
			t.Fatal(err)
		}
		if got.Size != want.Size || got.TotalLines != want.TotalLines || got.Cut != want.Cut || got.CutLine != want.CutLine || len(got.Lines) != len(want.Lines) {
			t.Errorf("file of %d bytes: size %d lines %d cut %d/%d, want %d %d %d/%d", len(text),
				got.Size, got.TotalLines, got.Cut, got.CutLine, want.Size, want.TotalLines, want.Cut, want.CutLine)
		}
		if kept := text[:min(len(text), robots.FetchLimit)]; got.Raw() != kept || want.Raw() != kept {
			t.Errorf("file of %d bytes: Raw gives %d and %d bytes, want the first %d", len(text), len(got.Raw()), len(want.Raw()), len(kept))
		}
	}
}

// smallReader reads at most 7 bytes at a time, so that reads split CRLF
// pairs everywhere, at the limit as well.
type smallReader struct{ r io.Reader }

func (s *smallReader) Read(p []byte) (int, error) { return s.r.Read(p[:min(len(p), 7)]) }

// TestParseReaderMemory: ten megabytes read through ParseReader keep only
// the fetch limit.
func TestParseReaderMemory(t *testing.T) {
	body := bytes.Repeat([]byte("Disallow: /x\n"), 10<<20/13)
	f, err := robots.ParseReader(bytes.NewReader(body))
	if err != nil || f.Size != len(body) || f.Cut != robots.FetchLimit || f.TotalLines != len(body)/13+1 {
		t.Fatalf("size %d cut %d lines %d err %v", f.Size, f.Cut, f.TotalLines, err)
	}
}

func TestRobotsURL(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"https://example.com/some/page?q=1#top", "https://example.com/robots.txt"},
		{"http://Example.COM:8080", "http://example.com:8080/robots.txt"},
		{"example.com/a", "https://example.com/robots.txt"},
		{"https://user:pw@example.com/robots.txt", "https://example.com/robots.txt"},
		{"HTTPS://example.com/", "https://example.com/robots.txt"},
		{"", ""},
		{"ftp://example.com/", ""},
		{"https:///path", ""},
		{"http://[::1", ""},
		{"localhost:8080/x", "https://localhost:8080/robots.txt"},
		{"mailto:someone@example.com", ""},
		{"javascript:alert(1)", ""},
	} {
		got, err := robots.RobotsURL(tc.in)
		if got != tc.want || (err != nil) != (tc.want == "") {
			t.Errorf("RobotsURL(%q) = %q, %v; want %q", tc.in, got, err, tc.want)
		}
	}
}

// FuzzInterpret: whatever the status and the body, Interpret neither
// panics nor gives a class or a permission out of range.
func FuzzInterpret(f *testing.F) {
	f.Add(200, []byte("User-agent: *\nDisallow: /\n"), "text/plain")
	f.Add(503, []byte(""), "")
	f.Add(-7, []byte("<html>"), "text/html; charset=\"")
	f.Fuzz(func(t *testing.T, status int, body []byte, ctype string) {
		o := robots.Interpret(robots.Answer{Status: status, Header: map[string][]string{"Content-Type": {ctype}}, Body: bytes.NewReader(body)})
		if o.Class > robots.NetworkError {
			t.Fatalf("class %v", o.Class)
		}
		for _, d := range robots.Dialects() {
			if p := o.Access(d).Permission; p > robots.DisallowAll {
				t.Fatalf("%v: permission %v", d, p)
			}
		}
		o.Notes()
		o.Allowed(robots.CrawlerFor("x"), "/")
	})
}
