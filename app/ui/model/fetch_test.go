package model

import (
	"errors"
	"strings"
	"testing"
)

func TestRobotsURL(t *testing.T) {
	for in, want := range map[string]string{
		"example.com":                       "https://example.com/robots.txt",
		"  https://www.example.com/a/b?c  ": "https://www.example.com/robots.txt",
		"http://127.0.0.1:8080/x":           "http://127.0.0.1:8080/robots.txt",
		"HTTPS://Example.com":               "https://Example.com/robots.txt",
	} {
		if got, err := RobotsURL(in); err != nil || got != want {
			t.Errorf("RobotsURL(%q) = %q, %v; want %q", in, got, err, want)
		}
	}
	for _, in := range []string{"", "ftp://example.com/", "https://", "https://:80/", "http://[::1", "javascript:alert(1)"} {
		if got, err := RobotsURL(in); err == nil {
			t.Errorf("RobotsURL(%q) = %q, want an error", in, got)
		}
	}
}

func TestFetchViews(t *testing.T) {
	u := "https://example.com/robots.txt"
	r := FetchRefused(u)
	if r.Kind != "refused" || len(r.Commands) != 2 || r.Commands[0] != "go run ./robots/cmd/robotstxt fetch https://example.com/robots.txt" || !strings.Contains(r.Text, "CORS") {
		t.Errorf("refused: %+v", r)
	}
	if got := FetchCommands("https://x/it's here"); got[1] != `robotstxt fetch 'https://x/it'\''s here'` {
		t.Errorf("quoted: %q", got[1])
	}
	if v := FetchDone(u, 200, 120); v.Kind != "ok" || !strings.Contains(v.Text, "120 bytes, now in the editor") {
		t.Errorf("200: %+v", v)
	}
	if v := FetchDone(u, 503, 0); !strings.Contains(v.Text, "503 Service Unavailable") {
		t.Errorf("503: %+v", v)
	}
	if v := FetchBad(errors.New("no")); v.Kind != "bad" || FetchBusy(u).Kind != "busy" {
		t.Errorf("bad: %+v", v)
	}
	s := State{Robots: "old", Rows: []Row{{Agent: "a", URL: "/"}}, Answer: "404"}
	if got := Fetched(s, 200, "new"); got.Robots != "new" || got.Answer != "" || len(got.Rows) != 1 {
		t.Errorf("fetched 200: %+v", got)
	}
	if got := Fetched(s, 503, "<html>"); got.Robots != "old" || got.Answer != "503" {
		t.Errorf("fetched 503: %+v", got)
	}
}
