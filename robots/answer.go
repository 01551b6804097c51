package robots

import (
	"errors"
	"fmt"
	"io"
	"net/url"
	"strconv"
	"strings"
	"time"
)

// MaxRedirects is the number of redirect hops a crawler follows to reach
// robots.txt: RFC 9309 asks for at least five, and Google follows five.
const MaxRedirects = 5

// AnswerClass sorts a server's answer to a request for robots.txt into the
// classes that crawlers treat differently (RFC 9309 section 2.3.1).
type AnswerClass uint8

const (
	// Success: a 2xx status with the whole body: the body is the file.
	Success AnswerClass = iota
	// Redirect: a 3xx status the crawler did not get past: more than
	// MaxRedirects hops, a loop, or a redirect without a usable Location.
	Redirect
	// Forbidden: 401 or 403. Most crawlers treat it as any other 4xx;
	// the 1996 draft and Python's robotparser read it as "keep out".
	Forbidden
	// ClientError: a 4xx status other than 401, 403 and 429, such as 404
	// or 410: the file is "unavailable".
	ClientError
	// TooManyRequests: 429. Google treats it as a server error; RFC 9309,
	// which names only the classes, as any other 4xx.
	TooManyRequests
	// ServerError: a 5xx status, or a status outside 100-599: the file is
	// "unreachable".
	ServerError
	// NetworkError: no whole answer came: no connection, a DNS failure, a
	// timeout, a body that broke off. Crawlers treat it as a server error.
	NetworkError
)

var answerClassNames = [...]string{"success", "redirect", "forbidden", "client-error", "too-many-requests", "server-error", "network-error"}

// String returns the class's name in lower case, as "server-error".
func (c AnswerClass) String() string {
	if int(c) < len(answerClassNames) {
		return answerClassNames[c]
	}
	return "answer(" + strconv.Itoa(int(c)) + ")"
}

// ClassifyStatus returns the class of an HTTP status code received as the
// final answer for robots.txt. A 3xx status is a Redirect: the caller
// classifies it only when it stopped following redirects. 0 means no
// answer came.
func ClassifyStatus(code int) AnswerClass {
	switch {
	case code == 0:
		return NetworkError
	case 200 <= code && code <= 299:
		return Success
	case 300 <= code && code <= 399:
		return Redirect
	case code == 401 || code == 403:
		return Forbidden
	case code == 429:
		return TooManyRequests
	case 400 <= code && code <= 499:
		return ClientError
	}
	return ServerError
}

// Permission is what a crawler may crawl after its request for robots.txt.
type Permission uint8

const (
	// FollowRules: the file was read; its rules decide, URL by URL.
	FollowRules Permission = iota
	// AllowAll: crawl anything, as if the site had no robots.txt.
	AllowAll
	// DisallowAll: crawl nothing.
	DisallowAll
)

var permissionNames = [...]string{"follow-rules", "allow-all", "disallow-all"}

// Words says the permission as a sentence does: "allow all", "disallow
// all" or "the file's rules".
func (e Permission) Words() string {
	switch e {
	case AllowAll:
		return "allow all"
	case DisallowAll:
		return "disallow all"
	}
	return "the file's rules"
}

// String returns "follow-rules", "allow-all" or "disallow-all".
func (e Permission) String() string {
	if int(e) < len(permissionNames) {
		return permissionNames[e]
	}
	return "permission(" + strconv.Itoa(int(e)) + ")"
}

// UnreachableGrace is how long Google, and RFC 9309's example, keep
// crawling nothing while robots.txt stays unreachable, before they fall
// back to the last good copy of the file or to no restrictions.
const UnreachableGrace = 30 * 24 * time.Hour

// graceDays is UnreachableGrace in days, for sentences.
var graceDays = strconv.Itoa(int(UnreachableGrace/(24*time.Hour))) + " days"

// Access is what one reading does after one class of answer.
type Access struct {
	Dialect Dialect     // the reading
	Class   AnswerClass // the answer
	// Permission is what the crawler may crawl now.
	Permission Permission
	// Reason says why, in the terms of the reading's source, for people.
	Reason string
	// Lasting, when not 0, is how long Permission holds while the answer
	// stays the same; past it the crawler obeys the last good copy of the
	// file it kept, when LastGood and it has one, or else Then.
	Lasting  time.Duration
	LastGood bool
	Then     Permission
}

// Afterwards says for people how long Permission lasts and what follows,
// "for up to 30 days; then it obeys its last good copy of the file, or
// crawls freely if it has none", or "" when it lasts as long as the
// answer.
func (a Access) Afterwards() string {
	if a.Lasting == 0 {
		return ""
	}
	days := strconv.Itoa(int(a.Lasting / (24 * time.Hour)))
	s := "for up to " + days + " days; then it "
	then := "crawls freely"
	if a.Then == DisallowAll {
		then = "crawls nothing"
	}
	if a.LastGood {
		return s + "obeys its last good copy of the file, or " + then + " if it has none"
	}
	return s + then
}

// After returns the permission once the answer has lasted for d: the Permission,
// until Lasting has passed; then FollowRules (the rules of the last good
// copy) when the reading keeps one and haveCopy says the crawler has it,
// or Then.
func (a Access) After(d time.Duration, haveCopy bool) Permission {
	if a.Lasting == 0 || d < a.Lasting {
		return a.Permission
	}
	if a.LastGood && haveCopy {
		return FollowRules
	}
	return a.Then
}

// AccessFor returns what dialect d's crawlers do after an answer of class
// c. The order-based dialects follow the 1996 draft, which alone of their
// sources speaks of status codes; Python follows urllib.robotparser.
func AccessFor(d Dialect, c AnswerClass) Access {
	a := Access{Dialect: d, Class: c}
	if c == Success {
		a.Permission, a.Reason = FollowRules, "the file was read: its rules decide."
		return a
	}
	if !d.valid() {
		d = MK1996
	}
	d.parts().answers(&a)
	return a
}

// googleAnswers is what Google's crawlers do after an answer that is not
// a success.
func googleAnswers(a *Access) {
	switch a.Class {
	case Redirect:
		a.Permission, a.Reason = AllowAll, "Google follows five redirect hops, then treats robots.txt as a 404: no restrictions."
	case Forbidden, ClientError:
		a.Permission, a.Reason = AllowAll, "Google treats every 4xx but 429 as if there were no robots.txt: no restrictions."
	default:
		a.Permission = DisallowAll
		a.Reason = "Google treats 429, 5xx and network errors as server errors: it crawls nothing and keeps asking for robots.txt; after " + graceDays + " it obeys its last cached copy, or crawls without restrictions if it has none."
		a.Lasting, a.LastGood, a.Then = UnreachableGrace, true, AllowAll
	}
}

// rfcAnswers is what RFC 9309 has a crawler do after an answer that is
// not a success.
func rfcAnswers(a *Access) {
	switch a.Class {
	case Redirect:
		a.Permission, a.Reason = AllowAll, "past five consecutive redirects a crawler may assume robots.txt unavailable (RFC 9309 2.3.1.2): it may crawl anything."
	case Forbidden, ClientError, TooManyRequests:
		a.Permission, a.Reason = AllowAll, "a 4xx status means robots.txt is unavailable (RFC 9309 2.3.1.3): the crawler may crawl anything."
	default:
		a.Permission = DisallowAll
		a.Reason = "a 5xx status or a network error means robots.txt is unreachable (RFC 9309 2.3.1.4): the crawler must assume complete disallow; after a long time (the RFC's example: " + graceDays + ") it may treat it as unavailable or use a cached copy."
		a.Lasting, a.LastGood, a.Then = UnreachableGrace, true, AllowAll
	}
}

// pyAnswers is what CPython's robotparser does after an answer that is not
// a success: read() did not change with the new parser.
func pyAnswers(a *Access) {
	switch a.Class {
	case Forbidden:
		a.Permission, a.Reason = DisallowAll, "robotparser reads 401 and 403 as disallow all."
	case ClientError, TooManyRequests:
		a.Permission, a.Reason = AllowAll, "robotparser reads a 4xx other than 401 and 403 as allow all."
	case Redirect:
		a.Permission, a.Reason = DisallowAll, "urllib follows up to 10 redirects, then fails: robotparser has read no file, and can_fetch answers False to everything."
	default:
		a.Permission, a.Reason = DisallowAll, "robotparser reads no file after a 5xx or a network error, and can_fetch answers False to everything until it reads one."
	}
}

// draftAnswers is what the 1996 draft, which alone of the order-based
// readings' sources speaks of status codes, has a crawler do after an
// answer that is not a success.
func draftAnswers(a *Access) {
	switch a.Class {
	case Forbidden:
		a.Permission, a.Reason = DisallowAll, "the 1996 draft: 401 or 403 means access to the whole site is restricted."
	case Redirect, ClientError:
		a.Permission, a.Reason = AllowAll, "the 1996 draft: without a robots.txt there are no restrictions."
	default:
		a.Permission, a.Reason = DisallowAll, "the 1996 draft: on a temporary failure the crawler puts off its visits until robots.txt can be fetched."
	}
}

// An Answer is what a server answered to a request for robots.txt, as a
// crawler that fetches for itself got it. A *http.Response gives one:
// Answer{Status: r.StatusCode, Header: r.Header, Body: r.Body}.
type Answer struct {
	// Status is the HTTP status of the last response, 0 when none came.
	Status int
	// Header is the last response's header (an http.Header fits).
	Header map[string][]string
	// Body is read to its end by Interpret, which keeps only the first
	// FetchLimit bytes; bound it (io.LimitReader) to bound the time spent.
	// nil means an empty body.
	Body io.Reader
	// Redirects is how many redirects were followed to reach this answer.
	Redirects int
	// Err, when not nil, says why no whole answer came (a network error, a
	// timeout, too many redirects): the answer is a NetworkError, or a
	// Redirect when Status is a 3xx.
	Err error
}

// An Outcome is what follows from an Answer: the file, when one was read,
// and what each reading does.
type Outcome struct {
	Status    int         // the answer's HTTP status, 0 when none came
	Class     AnswerClass // what kind of answer it is
	Redirects int         // the redirects followed to reach it
	// File is the body read as robots.txt when the status was 2xx, even
	// when it broke off (Class then says NetworkError); nil otherwise.
	File *File
	// ContentType is the media type the server declared, lower case,
	// without parameters: "text/plain", or "" when it declared none.
	ContentType string
	// Err is the answer's error, or the error that broke off the body
	// before the fetch limit.
	Err error
}

// Interpret reads an answer as crawlers do: a 2xx body is parsed as
// robots.txt (the first FetchLimit bytes; the rest is only counted), and
// the class of the answer says what each reading does. A body that breaks
// off before the limit makes the answer a NetworkError, as Google treats
// incomplete data; past the limit, nothing is lost.
func Interpret(a Answer) *Outcome {
	o := &Outcome{Status: a.Status, Redirects: a.Redirects, Err: a.Err}
	o.ContentType = contentType(a.Header)
	o.Class = ClassifyStatus(a.Status)
	if a.Err != nil && o.Class != Redirect {
		o.Class = NetworkError
	}
	if o.Class != Success {
		return o
	}
	body := a.Body
	if body == nil {
		body = strings.NewReader("")
	}
	f, err := ParseReader(body)
	o.File = f
	if err != nil && f.Cut == 0 {
		o.Class, o.Err = NetworkError, fmt.Errorf("the body broke off after %d bytes: %w", f.Size, err)
	}
	return o
}

// Access returns what dialect d's crawlers do after this answer.
func (o *Outcome) Access(d Dialect) Access { return AccessFor(d, o.Class) }

// Allowed reports whether crawler c may fetch url after this answer, in the
// crawler's own dialect: by the file's rules when it was read, otherwise by
// what the answer means.
func (o *Outcome) Allowed(c Crawler, url string) bool {
	switch o.Access(c.Dialect).Permission {
	case AllowAll:
		return true
	case DisallowAll:
		return false
	}
	return o.File.CheckCrawler(c, url).Allowed
}

// Notes say, for people, what about the answer a site owner should know
// beyond its status: a file past the fetch limit, an HTML page or other
// text served as robots.txt, a media type other than text/plain.
func (o *Outcome) Notes() []string {
	var out []string
	if o.File == nil {
		return nil
	}
	if o.File.Cut > 0 {
		out = append(out, fmt.Sprintf("The file is %d bytes: crawlers read the first %d (500 KiB) and ignore the rest, from line %d on.", o.File.Size, FetchLimit, o.File.CutLine))
	}
	switch o.File.Content() {
	case HTMLPage:
		out = append(out, "The server answered with an HTML page, not a robots.txt: crawlers find no rules in it, so nothing is disallowed.")
	case NotRobotsTxt:
		out = append(out, "The body is not a robots.txt (no line is a record crawlers read): nothing is disallowed.")
	case PastedURL:
		out = append(out, "The body is a URL, not a robots.txt: nothing is disallowed.")
	}
	if o.ContentType != "" && o.ContentType != "text/plain" {
		out = append(out, fmt.Sprintf("The server calls it %s; RFC 9309 asks for text/plain (crawlers read it anyway).", o.ContentType))
	}
	return out
}

// contentType returns the declared media type of a header, lower case,
// without parameters.
func contentType(h map[string][]string) string {
	var v string
	for k, vs := range h {
		if strings.EqualFold(k, "Content-Type") && len(vs) > 0 {
			v = vs[0]
		}
	}
	if v == "" {
		return ""
	}
	t, _, _ := strings.Cut(v, ";")
	return strings.ToLower(strings.TrimSpace(t))
}

// ParseReader is Parse for a file read from r, to its end: it keeps the
// first FetchLimit bytes and only counts the rest, so that a file of any
// size takes bounded memory, with Size, TotalLines and Cut as Parse gives
// them. On a read error it returns the file read so far with the error.
func ParseReader(r io.Reader) (*File, error) {
	head, err := io.ReadAll(io.LimitReader(r, FetchLimit))
	if err != nil || len(head) < FetchLimit {
		return Parse(head), err
	}
	var buf [32 << 10]byte
	size, breaks, afterCR := len(head), 0, head[len(head)-1] == '\r'
	for {
		n, rerr := r.Read(buf[:])
		if n > 0 {
			breaks += countLineBreaks(buf[:n], afterCR)
			afterCR = buf[n-1] == '\r'
			size += n
		}
		if rerr != nil {
			if !errors.Is(rerr, io.EOF) {
				err = rerr
			}
			break
		}
	}
	if size == len(head) {
		return Parse(head), err
	}
	return parse(string(head), size, func() int { return breaks }), err
}

// hasScheme reports whether s starts with a URL scheme, as "mailto:",
// rather than a host and a port, as "localhost:8080".
func hasScheme(s string) bool {
	colon := strings.IndexByte(s, ':')
	if colon <= 0 || colon+1 < len(s) && '0' <= s[colon+1] && s[colon+1] <= '9' {
		return false
	}
	for i := 0; i < colon; i++ {
		c := s[i]
		letter := 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z'
		if !letter && (i == 0 || !('0' <= c && c <= '9' || c == '+' || c == '-' || c == '.')) {
			return false
		}
	}
	return true
}

// RobotsURL returns the URL of the robots.txt that governs a site or page:
// "https://example.com/some/page?q" gives "https://example.com/robots.txt".
// A URL without a scheme is taken as https. Only http and https are
// accepted.
func RobotsURL(site string) (string, error) {
	s := strings.TrimSpace(site)
	if s == "" {
		return "", errors.New("no URL given")
	}
	if !strings.Contains(s, "://") {
		if hasScheme(s) {
			return "", fmt.Errorf("%q: only http and https URLs have a robots.txt here", site)
		}
		s = "https://" + s
	}
	u, err := url.Parse(s)
	if err != nil {
		return "", fmt.Errorf("%q is not a URL", site)
	}
	scheme := strings.ToLower(u.Scheme)
	if scheme != "http" && scheme != "https" {
		return "", fmt.Errorf("%q: only http and https URLs have a robots.txt here", site)
	}
	if u.Host == "" || u.Hostname() == "" {
		return "", fmt.Errorf("%q has no host", site)
	}
	return scheme + "://" + strings.ToLower(u.Host) + "/robots.txt", nil
}
