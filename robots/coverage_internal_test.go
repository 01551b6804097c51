package robots

import "testing"

// TestPanelSharesTallies: the crawlers that the file reads alike share
// one tally, decided once a URL: in Google's reading Googlebot,
// Googlebot-Image (which falls back to Googlebot's groups), ClaudeBot and
// CCBot obey the * group, GPTBot its own; AdsBot-Google ignores the *
// group and, like unknownbot in a file without one, obeys none.
func TestPanelSharesTallies(t *testing.T) {
	for _, tc := range []struct {
		file    string
		answer  AnswerClass
		agents  []string
		tallies int
	}{
		{"User-agent: *\nDisallow: /a\n\nUser-agent: GPTBot\nDisallow: /\n", Success, []string{"Googlebot", "Googlebot-Image", "ClaudeBot", "CCBot", "GPTBot"}, 2},
		{"User-agent: Googlebot\nDisallow: /a\n", Success, []string{"Googlebot", "Googlebot-Image", "AdsBot-Google", "unknownbot"}, 2},
		{"User-agent: *\nDisallow: /a\n\nUser-agent: GPTBot\nDisallow: /\n", ServerError, []string{"Googlebot", "GPTBot", "AdsBot-Google"}, 1},
		{"User-agent: *\nDisallow: /a\n", Success, []string{"Googlebot", "AdsBot-Google"}, 2},
	} {
		p := newPanel(ParseString(tc.file), tc.agents, Google, true, tc.answer)
		n := 0
		for _, pr := range p.readings {
			n += len(pr.tallies)
		}
		if n != tc.tallies {
			t.Errorf("%q, %v, %v: %d tallies, want %d", tc.file, tc.answer, tc.agents, n, tc.tallies)
		}
	}
}
