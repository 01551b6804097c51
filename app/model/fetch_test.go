package model

import (
	"robotstester/internal/relayapi"

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

// TestFetchRelayedViews: the relay's answers in the page's words; a
// refusal names the address once, and no answer is said as such.
func TestFetchRelayedViews(t *testing.T) {
	u := "https://127.0.0.1:8311/robots.txt"
	for _, tt := range []struct {
		name   string
		a      RelayAnswer
		kind   string
		want   []string
		absent []string
	}{
		{"refused, the reason naming the address", RelayAnswer{Error: u + ": 127.0.0.1 is a loopback address"}, "refused",
			[]string{"The fetch relay refused " + u + ": 127.0.0.1 is a loopback address."}, []string{u + ": " + u}},
		{"refused", RelayAnswer{Error: "only http and https"}, "refused", []string{"refused " + u + ": only http and https."}, nil},
		{"no answer", RelayAnswer{Answer: relayapi.Answer{Class: "unreachable", FetchError: "no such host", TookMS: 12}}, "ok",
			[]string{"No answer from " + u + " (no such host, 12 ms).", "the editor keeps its file", "command line below"}, []string{"(0)", "Fetched", "no answer ("}},
		{"200", RelayAnswer{Answer: relayapi.Answer{Status: 200, Class: "success", Size: 120, TookMS: 40}}, "ok",
			[]string{"Fetched " + u + ": 200, 120 bytes, 40 ms; now in the editor"}, nil},
	} {
		v := FetchRelayed(u, tt.a)
		if v.Kind != tt.kind {
			t.Errorf("%s: kind %q", tt.name, v.Kind)
		}
		if noAnswer := tt.a.Status == 0 && tt.a.Error == ""; noAnswer != (len(v.Commands) > 0) {
			t.Errorf("%s: command lines %q", tt.name, v.Commands)
		}
		for _, w := range tt.want {
			if !strings.Contains(v.Text, w) {
				t.Errorf("%s: %q lacks %q", tt.name, v.Text, w)
			}
		}
		for _, w := range tt.absent {
			if strings.Contains(v.Text, w) {
				t.Errorf("%s: %q holds %q", tt.name, v.Text, w)
			}
		}
	}
}
