package robots

import "strings"

// An Identity is the crawler a person named, as a tester's crawler field
// or a command's -a takes it: a product token ("bingbot"), a whole
// user-agent string ("Mozilla/5.0 (compatible; bingbot/2.0; ...)"), or
// nothing at all, which is any crawler.
type Identity struct {
	// Agent is the name as given, white space around it trimmed: the
	// readings that look for record names in the whole user-agent string
	// (see [Reading.CheckAgent]) look in it.
	Agent string
	// Token is the product token it names: Agent itself, the token found
	// in a user-agent string ([ProductToken]), or "*" for a blank Agent.
	Token string
	// Crawler is the catalogue's crawler with Token, or an unknown one
	// that reads robots.txt as Googlebot does ([CrawlerFor]).
	Crawler Crawler
	// Known reports that Crawler is in the catalogue.
	Known bool
}

// Identify returns the crawler that agent, a product token or a whole
// user-agent string, names: the catalogue's crawler found in it, wherever
// its token stands, or an unknown one. A blank agent is any crawler,
// whose token is "*".
func Identify(agent string) Identity {
	id := Identity{Agent: strings.TrimSpace(agent)}
	if id.Token = ProductToken(id.Agent); id.Token == "" {
		id.Token = "*"
	}
	id.Crawler, id.Known = LookupCrawler(id.Token)
	if !id.Known {
		id.Crawler = CrawlerFor(id.Token)
	}
	return id
}

// Extracted reports that Token was taken out of a longer Agent (a
// user-agent string), so that a tester shows it.
func (id *Identity) Extracted() bool { return id.Agent != "" && id.Agent != id.Token }

// A Question is what a tester asks of a file: may this crawler fetch this
// URL, in this reading, when the server answered so to the request for
// robots.txt.
type Question struct {
	// Agent names the crawler as typed: a product token, a whole
	// user-agent string, or "" for any crawler (see [Identify]).
	Agent string
	// URL is the URL the crawler requests, compared as given: a URL typed
	// by a person is first encoded as a browser sends it ([EncodeURL]).
	URL string
	// Dialect is the reading that decides, unless OwnDialect is set.
	Dialect Dialect
	// OwnDialect: the crawler's own reading decides (Crawler.Dialect:
	// Googlebot's is Google's, Baiduspider's the 1996 draft's), not
	// Dialect.
	OwnDialect bool
	// Answer is the class of the server's answer to the request for
	// robots.txt: Success, the zero value, reads the file; after any
	// other answer the reading may allow or disallow everything instead
	// ([AccessFor]).
	Answer AnswerClass
}

// A Ruling is the engine's answer to a [Question].
type Ruling struct {
	Identity // the crawler asked about
	// Verdict is the file's verdict in the reading that decides, whatever
	// the server answered: what an expectation pinned on the file is
	// about. Verdict.Dialect is the reading.
	Verdict Verdict
	// Access is what the reading does after the server's answer.
	Access Access
	// Allowed reports whether the crawler may fetch the URL: the file's
	// verdict when the reading follows its rules, else what the answer
	// means (allow or disallow everything).
	Allowed bool
	// Line is the deciding line, 0 when no rule matched or when the
	// server's answer decided.
	Line int
}

// ByAnswer reports that the server's answer decided, not the file's
// rules.
func (r *Ruling) ByAnswer() bool { return r.Access.Permission != FollowRules }

// Ask answers q: it finds the crawler q.Agent names, reads the file in
// the reading that decides, checks the URL as that reading's crawlers
// identify themselves ([Reading.CheckAgent]) and applies the server's
// answer. The tester's page and the robotstxt command ask it every
// question, so that they agree.
func (f *File) Ask(q Question) Ruling {
	return f.AskAs(Identify(q.Agent), q)
}

// AskAs answers q for the crawler id, identified already, whatever
// q.Agent: a logged request's, read by ReadRequester (Requester.Identity),
// as Coverage.AddRequest checks it.
func (f *File) AskAs(id Identity, q Question) Ruling {
	ru := Ruling{Identity: id}
	d := q.Dialect
	if q.OwnDialect {
		d = ru.Crawler.Dialect
	}
	r := f.Read(d)
	ru.Verdict = r.checkIdentified(&ru.Identity, q.URL)
	ru.Access = AccessFor(r.Dialect, q.Answer)
	switch ru.Access.Permission {
	case FollowRules:
		ru.Allowed, ru.Line = ru.Verdict.Allowed, ru.Verdict.Line
	case AllowAll:
		ru.Allowed = true
	}
	return ru
}
