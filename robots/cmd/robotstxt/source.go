package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"iter"
	"net/http"
	"net/url"
	"os"
	"strings"
	"syscall"
	"time"

	"robotstester/robots"
	"robotstester/robots/fetch"
	"robotstester/robots/sitemap"
)

// A source is a robots.txt to check against: a local file, or a live one
// with the server's answer, which may decide alone (a 503 disallows all).
type source struct {
	name    string
	file    *robots.File
	fetched *fetch.Result // nil for a local file
	// answered are, for a fetched file whose answer decides alone, the
	// deciding text of each reading, made once for every row.
	answered []string
	local    bool // a file of the user's, or standard input
}

// fetchFlags are the flags of the subcommands that may fetch, and the
// hosts the user named on the command line.
type fetchFlags struct {
	timeout   time.Duration
	userAgent string
	// trust lets a sitemap index name other hosts, and private addresses
	// (--trust-sitemaps, a flag of the commands that read sitemaps).
	trust  bool
	named  map[string]bool
	guard  *fetch.Guard
	client *http.Client
}

func (ff *fetchFlags) register(fs *flag.FlagSet) {
	fs.DurationVar(&ff.timeout, "timeout", fetch.DefaultTimeout, "give up a fetch after this long (redirects and body included; each sitemap is a fetch)")
	fs.StringVar(&ff.userAgent, "user-agent", fetch.DefaultUserAgent, "the User-Agent header sent when fetching")
}

func (ff *fetchFlags) fetcher() *fetch.Fetcher {
	return &fetch.Fetcher{Client: ff.httpClient(), Timeout: ff.timeout, UserAgent: ff.userAgent}
}

// name notes the host of a URL the user gave on the command line: it
// may be on a private or loopback address (a staging server), where a
// host that only a fetched document names may not.
func (ff *fetchFlags) name(loc string) {
	u, err := url.Parse(loc)
	if !isURL(loc) || err != nil || u.Hostname() == "" {
		return
	}
	if ff.named == nil {
		ff.named = map[string]bool{}
	}
	ff.named[strings.ToLower(strings.TrimSuffix(u.Hostname(), "."))] = true
}

// httpClient returns the client of the command's fetches: each connection
// made by a fetch.Guard, which lets the hosts the user named be anywhere
// but on a cloud metadata service, and every other host (a redirect's, a
// sitemap index's) only on public addresses; all of them with
// --trust-sitemaps. The tests' fetchClient, when set, instead.
func (ff *fetchFlags) httpClient() *http.Client {
	if fetchClient != nil {
		return fetchClient
	}
	if ff.client == nil {
		ff.guard = fetch.NewGuard(nil, false, nil)
		ff.guard.Named = func(host string) bool { return ff.trust || ff.named[host] }
		ff.client = &http.Client{Transport: ff.guard.Transport()}
	}
	return ff.client
}

// fetchClient makes the fetches when not nil; the docs' transcripts run
// against a local server through it (docs_test.go).
var fetchClient *http.Client

// isURL reports whether a source names a URL rather than a file: it has a
// scheme (the fetch rejects those other than http and https).
func isURL(s string) bool { return strings.Contains(s, "://") }

// load reads a source: a URL is fetched (its site's robots.txt), anything
// else is a file, "-" standard input.
func load(ff *fetchFlags, spec string, stdin io.Reader) (*source, error) {
	if isURL(spec) {
		return loadURL(ff, spec)
	}
	var r io.Reader = stdin
	if spec != "-" {
		f, err := openFile(spec)
		if err != nil {
			return nil, err
		}
		defer f.Close()
		r = f
	}
	file, err := robots.ParseReader(r)
	if err != nil {
		return nil, fmt.Errorf("reading %s: %v", spec, plainFileError(err))
	}
	return &source{name: spec, file: file, local: true}, nil
}

// notRobotsTxt says what a local file given as a robots.txt looks like
// when it is none (the engine's File.Content: binary bytes, an HTML page,
// a list of URLs, other text), or "" when it is one, possibly empty.
func (s *source) notRobotsTxt() string {
	if !s.local || s.file == nil {
		return ""
	}
	name := s.shownName()
	switch s.file.Content() {
	case robots.RobotsTxt, robots.EmptyFile:
		return ""
	case robots.HTMLPage:
		return name + " looks like an HTML page, not a robots.txt: crawlers find no rule in it (a server's error page saved in its place?)"
	case robots.PastedURL:
		return name + " looks like a list of URLs, not a robots.txt: give the URLs with --urls, and the robots.txt with --file"
	}
	content, urls := 0, 0
	for i := range s.file.Lines {
		l := &s.file.Lines[i]
		if l.Has(robots.FlagNUL) || l.Has(robots.FlagInvalidUTF8) {
			return name + " looks like a binary file, not a robots.txt: crawlers find no rule in it"
		}
		if l.Kind == robots.Blank || l.Kind == robots.Comment {
			continue
		}
		content++
		// The engine's PastedURL wants every line a URL; a list of paths
		// ("/shop/cart") is a list all the same.
		if t := strings.TrimSpace(s.file.Text(l.Number)); strings.HasPrefix(t, "/") && !strings.ContainsAny(t, " \t") {
			urls++
		}
	}
	if 2*urls > content {
		return name + " looks like a list of URLs, not a robots.txt: give the URLs with --urls, and the robots.txt with --file"
	}
	return name + " holds no robots.txt record (User-agent, Allow, Disallow, Sitemap): crawlers find no rule in it"
}

// shownName names the source in a message: "standard input" for "-".
func (s *source) shownName() string {
	if s.name == "-" {
		return "standard input"
	}
	return s.name
}

// warnNotRobotsTxt says on stderr that a file given as a robots.txt is
// none, and reports whether it did: its verdicts are those of an empty
// file, which a check in CI must not take for the file's.
func warnNotRobotsTxt(w io.Writer, name string, src *source) bool {
	why := src.notRobotsTxt()
	if why != "" {
		fmt.Fprintf(w, "%s: warning: %s\n", name, why)
	}
	return why != ""
}

// loadURL fetches the robots.txt of the site a --url flag names, with or
// without its scheme (example.com is https://example.com), as fetch does.
func loadURL(ff *fetchFlags, site string) (*source, error) {
	if target, err := robots.RobotsURL(site); err == nil {
		ff.name(target)
	}
	res, err := ff.fetcher().Fetch(context.Background(), site)
	if err != nil {
		return nil, err
	}
	return fetched(res), nil
}

// warnNoAnswer says on stderr that a fetched site did not answer: every
// verdict then follows from that alone (as a crawler's), and a CI job
// reading only the exit code would not see why.
func warnNoAnswer(w io.Writer, name string, src *source) {
	if src.fetched != nil && src.fetched.Class == robots.NetworkError {
		fmt.Fprintf(w, "%s: %s: %s; the verdicts are what crawlers do without an answer\n", name, src.name, answerText(src.fetched))
	}
}

// warnCut says on stderr that a file passes what crawlers read (500 KiB):
// the rules past the cut are not read, nor carried by a link.
func warnCut(w io.Writer, name string, src *source) {
	if f := src.file; f != nil && f.Cut > 0 {
		fmt.Fprintf(w, "%s: %s is %d bytes: crawlers stop reading at byte %d (500 KiB), in line %d; what follows is not read\n", name, src.name, f.Size, f.Cut, f.CutLine)
	}
}

func fetched(res *fetch.Result) *source {
	s := &source{name: res.URL, file: res.File, fetched: res, answered: make([]string, len(robots.Dialects()))}
	if s.file == nil {
		s.file = robots.Parse(nil)
	}
	for _, d := range robots.Dialects() {
		if a := res.Access(d); a.Permission != robots.FollowRules {
			s.answered[d] = fmt.Sprintf("(%s: %s)", answerName(res), a.Permission)
		}
	}
	return s
}

// answerName names a server's answer in a few words: "503", "a timeout".
func answerName(res *fetch.Result) string {
	switch {
	case res.Class == robots.NetworkError:
		return "no answer"
	case res.Class == robots.Redirect && len(res.Hops) > 0:
		return fmt.Sprintf("%d redirects", len(res.Hops)+1)
	}
	return fmt.Sprint(res.Status)
}

// answerText says what a server answered, in a sentence's words.
func answerText(res *fetch.Result) string {
	switch {
	case res.Class == robots.NetworkError:
		return fmt.Sprintf("no answer (%v)", res.Err)
	case res.Err != nil:
		return fmt.Sprintf("status %d (%v)", res.Status, res.Err)
	}
	return fmt.Sprintf("status %d", res.Status)
}

// plainFileError says in plain words why a file could not be opened or
// read: "robots.txt does not exist", not Go's "open robots.txt: no such
// file or directory".
func plainFileError(err error) error {
	var pe *os.PathError
	if !errors.As(err, &pe) {
		return err
	}
	switch {
	case errors.Is(err, os.ErrNotExist):
		return fmt.Errorf("%s does not exist", pe.Path)
	case errors.Is(err, os.ErrPermission):
		return fmt.Errorf("%s cannot be read: permission denied", pe.Path)
	case errors.Is(err, syscall.EISDIR):
		return fmt.Errorf("%s is a directory, not a file", pe.Path)
	}
	return fmt.Errorf("%s cannot be read: %v", pe.Path, pe.Err)
}

// openFile opens a file the user named, to read: a directory, a missing
// file or one that may not be read is said in plain words.
func openFile(name string) (*os.File, error) {
	f, err := os.Open(name)
	if err != nil {
		return nil, plainFileError(err)
	}
	return f, notDirectory(f, name)
}

// notDirectory returns an error when f, opened as name, is a directory
// (which opens, and fails at the first read), and closes it then.
func notDirectory(f *os.File, name string) error {
	if st, err := f.Stat(); err == nil && st.IsDir() {
		f.Close()
		return fmt.Errorf("%s is a directory, not a file", name)
	}
	return nil
}

// An agent is a crawler as the user named it.
type agent struct {
	typed   string         // as typed, trimmed: a token or a whole user-agent string
	crawler robots.Crawler // the crawler it names (robots.Identify)
}

func newAgent(typed string) agent {
	id := robots.Identify(typed)
	return agent{typed: id.Agent, crawler: id.Crawler}
}

// agentFlag collects -a values.
type agentFlag []string

func (a *agentFlag) String() string { return strings.Join(*a, ", ") }

func (a *agentFlag) Set(v string) error {
	if strings.TrimSpace(v) == "" {
		return errors.New("an empty agent")
	}
	*a = append(*a, v)
	return nil
}

// agentHelp is the help of -a, naming the engine's crawler sets.
var agentHelp = "a crawler: a token (Googlebot), a whole user-agent string, or a set of the catalogue: " + setNames() + " (repeatable)"

// setNames lists the engine's crawler sets by name: "all, google, …".
func setNames() string {
	var names []string
	for _, s := range robots.CrawlerSets() {
		names = append(names, s.Name)
	}
	return strings.Join(names, ", ")
}

// agentColumn is the width of the table's agent column: the longest name,
// from 5 to 40 characters.
func agentColumn(ags []agent) int {
	w := 5
	for _, a := range ags {
		w = max(w, min(len(a.typed), 40))
	}
	return w
}

// readingColumn returns the width of the reading column for these agents:
// the longest name of the readings their rows can show.
func readingColumn(ags []agent, d robots.Dialect, fixed bool) int {
	w := len("reading")
	if fixed {
		return max(w, len(d.String()))
	}
	for _, a := range ags {
		w = max(w, len(a.crawler.Dialect.String()))
	}
	return w
}

// agents returns the crawlers named, sets expanded, each once, or those of
// def when none was named.
func agents(named []string, def ...string) []agent {
	if len(named) == 0 {
		named = def
	}
	var out []agent
	seen := map[string]bool{}
	add := func(typed string) {
		if key := strings.ToLower(strings.TrimSpace(typed)); !seen[key] {
			seen[key] = true
			out = append(out, newAgent(typed))
		}
	}
	for _, n := range named {
		if set, ok := robots.LookupCrawlerSet(n); ok {
			for _, tok := range set.Tokens {
				add(tok)
			}
			continue
		}
		add(n)
	}
	return out
}

// dialectFlag reads --dialect: "" for each crawler's own.
func dialectFlag(name string) (d robots.Dialect, fixed bool, err error) {
	if name == "" || name == "own" {
		return robots.Google, false, nil
	}
	d, ok := robots.ParseDialect(name)
	if !ok {
		return 0, false, fmt.Errorf("unknown dialect %q (dialects: %s)", name, dialectNames())
	}
	return d, true, nil
}

// dialectNames lists the engine's dialects by name: "google, rfc9309, …".
func dialectNames() string {
	var names []string
	for _, d := range robots.Dialects() {
		names = append(names, d.String())
	}
	return strings.Join(names, ", ")
}

// dialectHelp is the help of --dialect, naming every dialect.
var dialectHelp = "read the file in this dialect for every crawler: " + dialectNames() + " (default: each crawler's own)"

// A result is one verdict, with what decided it.
type result struct {
	agent   *agent
	url     string
	allowed bool
	line    int    // the deciding line, 0 when none
	rule    string // the deciding rule ("Disallow: /x"), or what decided without one
	group   int    // the first line of the first group that applied, 0 when none
	reading robots.Dialect
}

func (r *result) verdict() string {
	if r.allowed {
		return "allowed"
	}
	return "blocked"
}

// check decides one agent and URL as the tester does, by the engine's
// one call (robots.File.Ask): in the crawler's own dialect unless one is
// fixed, the crawler identified as the reading's crawlers identify
// themselves, after the server's answer; the URL is encoded as a browser
// sends it (encoded is robots.EncodeURL(url), made once for every agent).
func (s *source) check(a *agent, url, encoded string, d robots.Dialect, fixed bool) result {
	q := s.question(d, fixed)
	q.Agent, q.URL = a.typed, encoded
	ru := s.file.Ask(q)
	return s.resultOf(a, url, &ru)
}

// asker returns the engine's Asker for ags, which answers a URL for all
// of them as check answers each (robots.File.Asker).
func (s *source) asker(ags []agent, d robots.Dialect, fixed bool) *robots.Asker {
	return s.file.Asker(s.question(d, fixed), typedNames(ags)...)
}

// question is the question check asks, but for its agent and URL.
func (s *source) question(d robots.Dialect, fixed bool) robots.Question {
	q := robots.Question{Dialect: d, OwnDialect: !fixed}
	if s.fetched != nil {
		q.Answer = s.fetched.Class
	}
	return q
}

// resultOf is the row of the engine's ruling ru on url for agent a.
func (s *source) resultOf(a *agent, url string, ru *robots.Ruling) result {
	v := &ru.Verdict
	res := result{agent: a, url: url, reading: v.Dialect, allowed: ru.Allowed, line: ru.Line}
	switch {
	case ru.ByAnswer():
		res.rule = s.answered[v.Dialect]
		return res
	case v.Decider() != nil:
		res.rule = s.file.Key(v.Line) + ": " + s.file.Value(v.Line)
	case v.Selection == robots.AlwaysAllowed:
		res.rule = "(/robots.txt is always allowed)"
	}
	if len(v.Groups) > 0 {
		res.group = v.Groups[0].Start
	}
	return res
}

// urls yields the URLs to check: the arguments, else the lines of the
// --urls file ("-" for standard input), else standard input, read by the
// engine's list reader (sitemap.ReadList), as the page reads a list:
// blank lines and # comments skipped, and the lines that are no URL or
// path, or a binary file, told to note. The lines are read one at a
// time, never all held.
func urls(args []string, urlsFile string, stdin io.Reader, note func(sitemap.Note)) (iter.Seq[string], func() error, error) {
	if len(args) > 0 && urlsFile == "" {
		return func(yield func(string) bool) {
			for _, u := range args {
				if !yield(u) {
					return
				}
			}
		}, func() error { return nil }, nil
	}
	var r io.Reader = stdin
	from := "standard input"
	var closer io.Closer
	if urlsFile != "" && urlsFile != "-" {
		f, err := openFile(urlsFile)
		if err != nil {
			return nil, nil, err
		}
		r, closer, from = f, f, urlsFile
	}
	var err error
	seq := func(yield func(string) bool) {
		for _, u := range args {
			if !yield(u) {
				return
			}
		}
		err = sitemap.ReadList(r, from, note, func(e sitemap.Entry) error {
			if !yield(e.URL) {
				return errStop
			}
			return nil
		})
		if err == errStop {
			err = nil
		}
	}
	done := func() error {
		if closer != nil {
			closer.Close()
		}
		return err
	}
	return seq, done, nil
}
