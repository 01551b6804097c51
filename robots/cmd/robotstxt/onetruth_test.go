package main

import (
	"fmt"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"robotstester/app/model"
	"robotstester/internal/shared"
	"robotstester/robots"
)

// TestOneTruth asks the same questions of the tester's page (its model,
// app/model), of this command's check (the source it loads, fetched
// from a server that gives each answer, and source.check) and of the
// engine's own reading (Reading.CheckAgent, then AccessFor), and finds no
// difference in verdict, deciding line or reading: on generated files and
// on every file of the corpus, for product tokens, whole user-agent
// strings, names taken from the file and a blank crawler, in every
// reading and in each crawler's own, after every server answer the page
// offers (for the corpus, on every 25th file; the others with a 200).
// The page and the command once wrote these rules each for itself, and
// the command read a whole user-agent string by its token in CPython's
// reading, which searches the whole string.
func TestOneTruth(t *testing.T) {
	type file struct{ name, path string }
	var files []file
	dir := t.TempDir()
	rng := rand.New(rand.NewPCG(9309, 1996))
	for i := range 80 {
		path := filepath.Join(dir, fmt.Sprintf("gen%03d.txt", i))
		if err := os.WriteFile(path, []byte(generatedRobots(rng)), 0o644); err != nil {
			t.Fatal(err)
		}
		files = append(files, file{fmt.Sprintf("generated %d", i), path})
	}
	corpus := filepath.Join(shared.Dir(t, "corpus"), "files")
	entries, err := os.ReadDir(corpus)
	if err != nil {
		t.Fatal(err)
	}
	if len(entries) < 1000 {
		t.Fatalf("the corpus has %d files", len(entries))
	}
	for _, e := range entries {
		files = append(files, file{e.Name(), filepath.Join(corpus, e.Name())})
	}

	var served []byte // the file the answer servers give with a 200
	answers := model.AnswerChoices()
	servers := map[string]string{}
	for _, a := range answers {
		servers[a.Value] = answerServer(t, model.AnswerFor(a.Value), &served)
	}
	dialects := []string{""} // each crawler's own
	for _, d := range robots.Dialects() {
		dialects = append(dialects, d.String())
	}

	questions, differences := 0, 0
	for n, f := range files {
		data, err := os.ReadFile(f.path)
		if err != nil {
			t.Fatal(err)
		}
		local, err := load(&fetchFlags{}, f.path, nil)
		if err != nil {
			t.Fatal(err)
		}
		generated := strings.HasPrefix(f.name, "generated")
		all := questionsFor(local.file, n, generated)
		tried := answers[:1]
		if generated || n%25 == 0 {
			tried = answers
		}
		for _, a := range tried {
			ans := model.AnswerFor(a.Value)
			src := local
			rows := all
			if ans.Class != robots.Success {
				// After an answer that decides alone, a few questions
				// show whether each reading does what it means.
				rows = everyNth(all, 7)
			}
			if ans.Value != "" {
				served = data
				if src, err = loadURL(&fetchFlags{timeout: fetchTimeout}, servers[ans.Value]); err != nil {
					t.Fatal(err)
				}
				if src.fetched.Class != ans.Class {
					t.Fatalf("the %s server's answer is %v, want %v", a.Title, src.fetched.Class, ans.Class)
				}
			}
			for _, dialect := range dialects {
				d, fixed, _ := dialectFlag(dialect)
				an := model.Analyze(&model.State{Robots: string(data), Rows: rows, Dialect: dialect, Answer: ans.Value})
				for i, row := range rows {
					questions++
					page := an.Rows[i]
					ag := newAgent(row.Agent)
					encoded := robots.EncodeURL(row.URL)
					cmd := src.check(&ag, row.URL, encoded, d, fixed)

					// The engine's own reading, without Ask.
					reading := d
					if !fixed {
						reading = robots.Identify(row.Agent).Crawler.Dialect
					}
					v := local.file.Read(reading).CheckAgent(row.Agent, encoded)
					allowed, line := v.Allowed, v.Line
					if acc := robots.AccessFor(reading, ans.Class); acc.Permission != robots.FollowRules {
						allowed, line = acc.Permission == robots.AllowAll, 0
					}

					if page.Allowed != allowed || cmd.allowed != allowed || page.Line != line || cmd.line != line ||
						page.Dialect != reading.Title() || cmd.reading != reading {
						differences++
						if differences <= 20 {
							t.Errorf("%s, answer %s, dialect %q, %q %q: engine %v line %d (%v); page %v line %d (%s); command %v line %d (%v)",
								f.name, a.Title, dialect, row.Agent, row.URL, allowed, line, reading,
								page.Allowed, page.Line, page.Dialect, cmd.allowed, cmd.line, cmd.reading)
						}
					}
				}
			}
		}
	}
	t.Logf("%d questions, %d differences", questions, differences)
	if differences > 0 {
		t.Errorf("%d of %d questions answered differently", differences, questions)
	}
}

// fetchTimeout bounds a fetch from the answer servers; the network error's
// server closes the connection at once.
const fetchTimeout = 10e9

// oneTruthAgents are the crawlers every file is asked about: catalogued
// tokens (with fallbacks, ignoring *, of other readings), unknown ones,
// whole user-agent strings of known and unknown crawlers and of a
// browser, a name a group may hold as a substring, and no crawler at all.
var oneTruthAgents = []string{
	"Googlebot", "googlebot-image", "AdsBot-Google", "Baiduspider", "GPTBot", "Python-urllib/3.14", "MyBot", "google", "",
	"Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
	"Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)",
	"Mozilla/5.0 (compatible; MyBot/1.0; +https://example.com/bot)",
	"Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36",
}

// oneTruthURLs are the URLs every file is asked about, beside those made
// from its rules.
var oneTruthURLs = []string{"/", "https://example.com/private/x", "/robots.txt", "/search?q=a", "/%7Emak/a.html", "/x?", "/a/b.pdf", "/café"}

// questionsFor returns the tests asked of a file: crawlers of
// oneTruthAgents and the first names of its user-agent lines, on URLs of
// oneTruthURLs and URLs that its first rules match. A generated file is
// asked about every crawler and URL of the lists; a file of the corpus,
// so that the test stays a matter of seconds, about a few of each, others
// for each file (the i-th).
func questionsFor(f *robots.File, i int, every bool) []model.Row {
	agents, urls := oneTruthAgents, oneTruthURLs
	if !every {
		agents, urls = rotate(agents, i, 5), rotate(urls, i, 4)
	}
	agents, urls = slices.Clone(agents), slices.Clone(urls)
	names, rules := 0, 0
	for n := 1; n <= len(f.Lines) && (names < 3 || rules < 5); n++ {
		switch f.Lines[n-1].Kind {
		case robots.UserAgent:
			if v := f.Value(n); !slices.Contains(agents, v) && names < 3 {
				agents, names = append(agents, v), names+1
			}
		case robots.Allow, robots.Disallow:
			if v := f.Value(n); v != "" && rules < 5 {
				urls, rules = append(urls, strings.NewReplacer("*", "x", "$", "").Replace(v)), rules+1
			}
		}
	}
	var rows []model.Row
	for _, u := range urls {
		for _, a := range agents {
			rows = append(rows, model.Row{Agent: a, URL: u})
		}
	}
	return rows
}

// rotate returns n elements of list, from the i-th on, round.
func rotate(list []string, i, n int) []string {
	out := make([]string, n)
	for k := range out {
		out[k] = list[(i*n+k)%len(list)]
	}
	return out
}

// everyNth returns every n-th element of list.
func everyNth[T any](list []T, n int) []T {
	var out []T
	for i := 0; i < len(list); i += n {
		out = append(out, list[i])
	}
	return out
}

// generatedRobots returns a robots.txt made of the lines readings
// disagree on: blank lines inside groups, substrings of names, versions,
// empty user-agents and rules, wildcards, encodings, orphans, misspellings.
func generatedRobots(rng *rand.Rand) string {
	agents := []string{"*", "Googlebot", "googlebot", "google", "Mozilla", "mybot", "MyBot/1.0", "bingbot", "Baiduspider", "GPTBot", "Googlebot-Image", "", "Python-urllib", "AdsBot-Google"}
	paths := []string{"/", "/private/", "/private/x", "/search", "/*.pdf$", "/a/b", "/x?", "/%7Emak", "/~mak", "/caf%C3%A9", "/robots.txt", "", "*", "/*?q=", "/a$b"}
	keys := []string{"Disallow", "Allow", "Disallow", "disallow", "Dissallow", "Allow"}
	var b strings.Builder
	for range 1 + rng.IntN(6) {
		if rng.IntN(6) == 0 {
			fmt.Fprintf(&b, "Disallow: %s\n", paths[rng.IntN(len(paths))]) // an orphan
		}
		for range 1 + rng.IntN(2) {
			fmt.Fprintf(&b, "User-agent: %s\n", agents[rng.IntN(len(agents))])
		}
		for range rng.IntN(5) {
			switch rng.IntN(8) {
			case 0:
				b.WriteString("\n")
			case 1:
				b.WriteString("Crawl-delay: 2\n")
			default:
				fmt.Fprintf(&b, "%s: %s\n", keys[rng.IntN(len(keys))], paths[rng.IntN(len(paths))])
			}
		}
		b.WriteString("\n")
	}
	return b.String()
}

// answerServer serves *body as /robots.txt after the answer a, as a site
// would: 3 redirects then 200, 6 redirects, a status, or a connection
// closed without an answer.
func answerServer(t *testing.T, a model.ServerAnswer, body *[]byte) string {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		hop := 0
		if r.URL.Path != "/robots.txt" {
			fmt.Sscanf(r.URL.Path, "/hop%d", &hop)
		}
		switch {
		case hop < a.Hops:
			http.Redirect(w, r, fmt.Sprintf("/hop%d", hop+1), http.StatusFound)
		case a.Class == robots.NetworkError:
			conn, _, err := w.(http.Hijacker).Hijack()
			if err == nil {
				conn.Close()
			}
		case a.Class == robots.Success || a.Class == robots.Redirect:
			w.Write(*body)
		default:
			w.WriteHeader(map[robots.AnswerClass]int{robots.Forbidden: 403, robots.ClientError: 404,
				robots.TooManyRequests: 429, robots.ServerError: 503}[a.Class])
		}
	}))
	t.Cleanup(srv.Close)
	return srv.URL
}
