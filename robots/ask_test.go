package robots_test

import (
	"slices"
	"strings"
	"testing"

	"robotstester/robots"
)

const googlebotUA = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)"

func TestIdentify(t *testing.T) {
	for _, tt := range []struct {
		agent, token string
		known        bool
		extracted    bool
		dialect      robots.Dialect
	}{
		{"Googlebot", "Googlebot", true, false, robots.Google},
		{"  googlebot ", "googlebot", true, false, robots.Google},
		{googlebotUA, "Googlebot", true, true, robots.Google},
		{"Baiduspider/2.0", "Baiduspider", true, true, robots.MK1996},
		{"Python-urllib/3.14", "Python-urllib", true, true, robots.Python},
		{"MyBot", "MyBot", false, false, robots.Google},
		{"", "*", false, false, robots.Google},
		{"   ", "*", false, false, robots.Google},
		{"*", "*", false, false, robots.Google},
	} {
		id := robots.Identify(tt.agent)
		if id.Agent != strings.TrimSpace(tt.agent) || id.Token != tt.token || id.Known != tt.known ||
			id.Extracted() != tt.extracted || id.Crawler.Dialect != tt.dialect || id.Crawler.Token == "" {
			t.Errorf("Identify(%q) = %+v (extracted %v), want token %q, known %v, extracted %v, dialect %v",
				tt.agent, id, id.Extracted(), tt.token, tt.known, tt.extracted, tt.dialect)
		}
	}
}

// TestAsk holds the rules the tester's page and command used to write
// each for itself: a whole user-agent string is searched for record names
// in the readings that do so (CPython's included), a blank crawler is the
// * groups, the crawler's own reading decides unless one is fixed, and
// the server's answer decides before the file.
func TestAsk(t *testing.T) {
	f := robots.ParseString("User-agent: mozilla\nDisallow: /\n\nUser-agent: *\nDisallow: /star/\n\nUser-agent: Baiduspider\nDisallow: /baidu/\n")
	for _, tt := range []struct {
		name    string
		q       robots.Question
		allowed bool
		line    int
		dialect robots.Dialect
	}{
		// CPython's entries match a name found in the whole string: the
		// "mozilla" group blocks Googlebot's full user-agent string.
		{"python, whole string", robots.Question{Agent: googlebotUA, URL: "https://a.com/x", Dialect: robots.Python}, false, 2, robots.Python},
		{"python-3.13, whole string", robots.Question{Agent: googlebotUA, URL: "/x", Dialect: robots.Python313}, false, 2, robots.Python},
		{"gym2008, whole string", robots.Question{Agent: googlebotUA, URL: "/x", Dialect: robots.GYM2008}, false, 2, robots.GYM2008},
		// Google's reading takes the product token: no group names it.
		{"google, token", robots.Question{Agent: googlebotUA, URL: "/x", Dialect: robots.Google}, true, 0, robots.Google},
		{"google, token, * group", robots.Question{Agent: googlebotUA, URL: "/star/a", Dialect: robots.Google}, false, 5, robots.Google},
		{"blank is any crawler", robots.Question{Agent: " ", URL: "/star/a", Dialect: robots.Python}, false, 5, robots.Python},
		{"blank, first match", robots.Question{Agent: "", URL: "/star/a", Dialect: robots.MK1994}, false, 5, robots.MK1994},
		{"own dialect", robots.Question{Agent: "Baiduspider", URL: "/baidu/a", Dialect: robots.Python, OwnDialect: true}, false, 8, robots.MK1996},
		{"the answer decides", robots.Question{Agent: "Googlebot", URL: "/star/a", Answer: robots.ClientError}, true, 0, robots.Google},
		{"the answer decides, disallow", robots.Question{Agent: "Googlebot", URL: "/free", Answer: robots.ServerError}, false, 0, robots.Google},
	} {
		ru := f.Ask(tt.q)
		if tt.dialect == robots.Python && tt.q.Dialect == robots.Python313 {
			tt.dialect = robots.Python313
		}
		if ru.Allowed != tt.allowed || ru.Line != tt.line || ru.Verdict.Dialect != tt.dialect {
			t.Errorf("%s: allowed %v line %d in %v, want %v line %d in %v", tt.name, ru.Allowed, ru.Line, ru.Verdict.Dialect, tt.allowed, tt.line, tt.dialect)
		}
		if tt.q.Answer == robots.Success {
			// Without an answer, Ask is CheckAgent in the reading.
			v := f.Read(ru.Verdict.Dialect).CheckAgent(tt.q.Agent, tt.q.URL)
			if v.Allowed != ru.Allowed || v.Line != ru.Line {
				t.Errorf("%s: CheckAgent %v line %d, Ask %v line %d", tt.name, v.Allowed, v.Line, ru.Allowed, ru.Line)
			}
		} else if !ru.ByAnswer() {
			t.Errorf("%s: not decided by the answer", tt.name)
		}
	}
}

func TestCrawlerSets(t *testing.T) {
	sets := robots.CrawlerSets()
	in := func(name, token string) bool {
		s, ok := robots.LookupCrawlerSet(name)
		return ok && slices.Contains(s.Tokens, token)
	}
	for _, s := range sets {
		if s.Name == "" || s.Title == "" || len(s.Tokens) == 0 {
			t.Errorf("set %+v", s)
		}
		for _, tok := range s.Tokens {
			if c, ok := robots.LookupCrawler(tok); !ok || c.Token != tok {
				t.Errorf("set %s: %q is not in the catalogue", s.Name, tok)
			}
		}
	}
	if s, ok := robots.LookupCrawlerSet("ALL"); !ok || len(s.Tokens) != len(robots.Crawlers()) {
		t.Errorf("all: %d of %d crawlers", len(s.Tokens), len(robots.Crawlers()))
	}
	for _, c := range robots.Crawlers() {
		// A crawler of an AI role is an AI crawler, and is in exactly one
		// of the sets of AI roles.
		if c.Role.AI() != (c.Category == robots.AICrawler) {
			t.Errorf("%s: role %v, category %v", c.Token, c.Role, c.Category)
		}
		if c.Role.AI() && in("ai-training", c.Token) == in("ai-assistants", c.Token) {
			t.Errorf("%s (%v) is in neither or both of the AI sets", c.Token, c.Role)
		}
		if c.ControlOnly && c.Role != robots.RoleAITraining {
			t.Errorf("%s: a control token of role %v", c.Token, c.Role)
		}
		if strings.Contains(c.Role.String(), "?") {
			t.Errorf("%s: role %d has no name", c.Token, c.Role)
		}
	}
	for _, tt := range []struct {
		set   string
		in    []string
		notIn []string
	}{
		{"ai-training", []string{"GPTBot", "ClaudeBot", "CCBot", "anthropic-ai", "cohere-ai", "Google-Extended"}, []string{"ChatGPT-User", "OAI-SearchBot"}},
		{"ai-assistants", []string{"ChatGPT-User", "OAI-SearchBot", "PerplexityBot", "Claude-User"}, []string{"GPTBot", "CCBot"}},
		{"search", []string{"Googlebot", "bingbot", "Baiduspider"}, []string{"GPTBot", "AdsBot-Google"}},
		{"google", []string{"Googlebot", "AdsBot-Google", "Google-Extended"}, []string{"bingbot"}},
	} {
		for _, tok := range tt.in {
			if !in(tt.set, tok) {
				t.Errorf("set %s lacks %s", tt.set, tok)
			}
		}
		for _, tok := range tt.notIn {
			if in(tt.set, tok) {
				t.Errorf("set %s holds %s", tt.set, tok)
			}
		}
	}
	if _, ok := robots.LookupCrawlerSet("seo"); ok {
		t.Error("a set the catalogue has no crawler for")
	}
}

func TestAccessAfterwards(t *testing.T) {
	g := robots.AccessFor(robots.Google, robots.ServerError)
	if got, want := g.Afterwards(), "for up to 30 days; then it obeys its last good copy of the file, or crawls freely if it has none"; got != want {
		t.Errorf("Afterwards = %q, want %q", got, want)
	}
	if !strings.Contains(g.Reason, "after 30 days") {
		t.Errorf("reason %q", g.Reason)
	}
	if got := robots.AccessFor(robots.Python, robots.ServerError).Afterwards(); got != "" {
		t.Errorf("python: %q", got)
	}
}
