package robots_test

import (
	"fmt"
	"testing"

	"robotstester/robots"
)

// TestAskerAgreesWithAsk: an Asker answers, for every corpus file,
// reading, server answer, crawler (tokens, whole user-agent strings, none)
// and URL, what Ask answers for each question alone.
func TestAskerAgreesWithAsk(t *testing.T) {
	agents := []string{"Googlebot", "Googlebot-Image", "AdsBot-Google", "bingbot", "GPTBot", "Baiduspider",
		"Python-urllib", "Mozilla/5.0 (compatible; YandexBot/3.0; +http://yandex.com/bots)",
		"Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)", "unknownbot", "*", "", "  bingbot "}
	paths := []string{"/", "/robots.txt", "/search?q=1", "/admin/", "/wp-admin/admin-ajax.php", "/cart", "/a.pdf",
		"/private/x", "/%7Euser/", "/index.html", "/tag/x?utm=1", "/api/v1/", "/cgi-bin/", "/images/a.jpg", "no-scheme"}
	files := corpusFiles(t)
	if testing.Short() {
		files = files[:100]
	}
	answers := []robots.AnswerClass{robots.Success, robots.ServerError}
	checks := 0
	for _, cf := range files {
		f := robots.Parse(cf.data)
		for _, own := range []bool{true, false} {
			for _, d := range robots.Dialects() {
				if own && d != robots.Google {
					continue // the crawlers' own readings: once
				}
				for _, ans := range answers {
					q := robots.Question{Dialect: d, OwnDialect: own, Answer: ans}
					a := f.Asker(q, agents...)
					for _, p := range paths {
						u := "https://example.com" + p
						got := a.Ask(u)
						for i, agent := range agents {
							q.Agent, q.URL = agent, u
							want := f.Ask(q)
							g := &got[i]
							checks++
							if g.Allowed != want.Allowed || g.Line != want.Line || g.Verdict.Line != want.Verdict.Line ||
								g.Verdict.Dialect != want.Verdict.Dialect || g.Verdict.Selection != want.Verdict.Selection ||
								g.Token != want.Token || g.Access != want.Access || len(g.Verdict.Groups) != len(want.Verdict.Groups) {
								t.Fatalf("%s, %+v, %q: Asker %v line %d (%+v), Ask %v line %d (%+v)", cf.name, q, agent,
									g.Allowed, g.Line, g.Verdict, want.Allowed, want.Line, want.Verdict)
							}
						}
					}
				}
			}
		}
	}
	t.Logf("%d questions agree", checks)
}

// ExampleAsker checks a stream of URLs for two crawlers, each in its own
// reading, as Ask would one question at a time.
func ExampleAsker() {
	f := robots.ParseString("User-agent: *\nDisallow: /private/\n\nUser-agent: GPTBot\nDisallow: /\n")
	a := f.Asker(robots.Question{OwnDialect: true}, "Googlebot", "GPTBot")
	for _, url := range []string{"https://example.com/", "https://example.com/private/a"} {
		for _, ru := range a.Ask(url) {
			fmt.Println(ru.Token, url, ru.Allowed, ru.Line)
		}
	}
	// Output:
	// Googlebot https://example.com/ true 0
	// GPTBot https://example.com/ false 5
	// Googlebot https://example.com/private/a false 2
	// GPTBot https://example.com/private/a false 5
}
