package main

import (
	"bufio"
	"errors"
	"fmt"
	"iter"
	"robotstester/robots/verify"
	"strings"

	"robotstester/robots"
)

// A summaryRow is one line of --summary: the URLs one line decided for
// one crawler.
type summaryRow struct {
	agent, reading, verdict, rule, example string
	line, count, fetched                   int
	role                                   string        // a log crawler's role in the catalogue
	origins                                verify.Counts // where a log row's requests came from
}

// summaryWriter writes --summary's rows: the contract of --json is one
// object a line with agent, verdict, line, rule and count (and, for a
// log, fetched, role, verified, forged and unverified).
type summaryWriter struct {
	rw   *rowWriter
	form format
	log  bool
	// origins: the table shows the verified and forged requests of each
	// row (JSON always has them, with role, for a log).
	origins bool
}

func newSummaryWriter(form format, out *bufio.Writer, log bool, agentWidth, readingWidth int) *summaryWriter {
	widths := []int{agentWidth, 7, readingWidth, 4, 7}
	if log {
		widths = append(widths, 7)
	}
	return &summaryWriter{rw: newRowWriter(form, out, append(widths, 26)...), form: form, log: log}
}

func (sw *summaryWriter) write(r summaryRow) {
	fields := []field{str("agent", r.agent), str("verdict", r.verdict), num("line", r.line), str("rule", r.rule), num("count", r.count)}
	if sw.log {
		fields = append(fields, num("fetched", r.fetched), str("role", r.role),
			num("verified", r.origins.Verified), num("forged", r.origins.Forged), num("unverified", r.origins.Unverified))
	}
	if sw.form != jsonFormat {
		fields = append(fields[:2:2], str("reading", r.reading), num("line", r.line), num("count", r.count))
		if sw.log {
			fields = append(fields, num("fetched", r.fetched))
		}
		if sw.origins {
			fields = append(fields, num("verified", r.origins.Verified), num("forged", r.origins.Forged))
		}
		fields = append(fields, str("rule", r.rule), str("example", r.example))
	}
	sw.rw.write(fields...)
}

// writeTally writes a Tally's rows, line by line, as it goes; where the
// server's answer decided, the rule says so, as check's rows do.
func (sw *summaryWriter) writeTally(src *source, t robots.Tally) {
	for _, l := range t.Lines {
		r := summaryRow{agent: t.Agent, reading: t.Dialect.String(), verdict: verdictWord(l.Allowed),
			line: l.Line, rule: l.Rule, count: l.Count, fetched: l.Fetched, origins: l.Origins}
		if sw.log {
			r.role = logRole(t.Agent)
		}
		if t.Access.Permission != robots.FollowRules {
			r.rule = src.decidedAlone(t.Dialect)
		}
		if len(l.Examples) > 0 {
			r.example = l.Examples[0]
		}
		sw.write(r)
	}
}

func verdictWord(allowed bool) string {
	if allowed {
		return "allowed"
	}
	return "blocked"
}

// anyReading is the width of a reading column whose rows may show any
// reading.
func anyReading(d robots.Dialect, fixed bool) int {
	if fixed {
		return max(len("reading"), len(d.String()))
	}
	w := len("reading")
	for _, r := range robots.Dialects() {
		w = max(w, len(r.String()))
	}
	return w
}

// runSiteCheck is check with --log or --summary: a log's requests, one
// row each or counted, or any list of URLs counted by deciding line.
func runSiteCheck(c *cli, sf *siteFlags, src *source, named agentFlag, d robots.Dialect, fixed bool, form format, args []string, urlsFile string) int {
	out := bufio.NewWriterSize(c.stdout, 64<<10)
	var err error
	switch {
	case sf.log != "" && sf.matrix:
		err = errors.New("--matrix counts the URLs of --sitemap, --urls or the arguments: a log's requests are counted by --summary")
	case sf.matrix:
		err = matrixURLs(c, sf, src, agents(named, "all"), d, fixed, form, args, urlsFile, out)
	case sf.log != "" && sf.summary:
		err = summarizeLog(c, sf, src, named, d, fixed, form, out)
	case sf.log != "":
		err = checkLog(c, sf, src, named, d, fixed, form, out)
	default:
		err = summarizeURLs(c, sf, src, agents(named, "Googlebot"), d, fixed, form, args, urlsFile, out)
	}
	if err == nil {
		err = out.Flush()
	}
	if err != nil {
		return c.fail(err)
	}
	return exitOK
}

// summarizeURLs counts the URLs for each agent with the engine's Coverage.
func summarizeURLs(c *cli, sf *siteFlags, src *source, ags []agent, d robots.Dialect, fixed bool, form format, args []string, urlsFile string, out *bufio.Writer) error {
	list, closeList, err := sf.urls(c, args, urlsFile)
	if err != nil {
		return err
	}
	cov := src.coverage(d, fixed, typedNames(ags)...)
	if err := feed(c, list, closeList, len(ags), cov.Add); err != nil {
		return err
	}
	sw := newSummaryWriter(form, out, false, agentColumn(ags), readingColumn(ags, d, fixed))
	for t := range cov.All() {
		sw.writeTally(src, t)
	}
	if form == tableFormat {
		fmt.Fprintf(out, "%s checked for %s.\n", plural(cov.URLs(), "URL", "URLs"), plural(len(ags), "agent", "agents"))
	}
	return sw.rw.flush()
}

// matrixURLs counts the URLs for each agent (every catalogued crawler by
// default): how many it may fetch and how many it may not, and the line
// that blocks the most of them. With --json, one object a crawler:
// {"agent", "allowed", "blocked"}, then that line's "line", "rule" and
// "count" (0 and "" when no line blocks).
func matrixURLs(c *cli, sf *siteFlags, src *source, ags []agent, d robots.Dialect, fixed bool, form format, args []string, urlsFile string, out *bufio.Writer) error {
	list, closeList, err := sf.urls(c, args, urlsFile)
	if err != nil {
		return err
	}
	cov := src.coverage(d, fixed, typedNames(ags)...)
	cov.Examples = -1 // the matrix shows none
	if err := feed(c, list, closeList, len(ags), cov.Add); err != nil {
		return err
	}
	rw := newRowWriter(form, out, agentColumn(ags), 8, 8, readingColumn(ags, d, fixed), 5, 8, 26)
	for t := range cov.All() {
		most := blocksMost(t)
		rule := most.Rule
		if t.Access.Permission != robots.FollowRules && most.Count > 0 {
			rule = src.decidedAlone(t.Dialect)
		}
		rw.write(str("agent", t.Agent), num("allowed", t.Allowed), num("blocked", t.Blocked), str("reading", t.Dialect.String()),
			num("line", most.Line), num("count", most.Count), str("rule", rule))
	}
	if form == tableFormat {
		fmt.Fprintf(out, "%s checked for %s; LINE, COUNT and RULE: the line that blocks the most of them.\n", plural(cov.URLs(), "URL", "URLs"), plural(len(ags), "agent", "agents"))
	}
	return rw.flush()
}

// blocksMost returns the line of t that blocks the most URLs (the first in
// the file of equals); its Count is 0 when none blocks.
func blocksMost(t robots.Tally) robots.LineCount {
	var most robots.LineCount
	for _, l := range t.Lines {
		if !l.Allowed && l.Count > most.Count {
			most = l
		}
	}
	return most
}

// coverage returns the Coverage --summary counts with: the one example a
// row shows is all it keeps of the URLs, so that its memory grows with
// the lines that decide (under 200 bytes each, kept once for the agents
// that the file reads alike), and not with the URLs; its rows are made
// one agent at a time as they are written (Coverage.All).
func (s *source) coverage(d robots.Dialect, fixed bool, agents ...string) *robots.Coverage {
	cov := robots.NewCoverage(s.file, agents...)
	cov.Dialect, cov.Fixed, cov.Answer, cov.Examples = d, fixed, s.answer(), 1
	return cov
}

// decidedAlone returns, when the server's answer decides reading d's
// verdicts alone, what decided ("(503: disallow-all)"), else "".
func (s *source) decidedAlone(d robots.Dialect) string {
	if s.answered == nil {
		return ""
	}
	return s.answered[d]
}

// answer returns the class of the server's answer that came with the
// file: Success for a local file.
func (s *source) answer() robots.AnswerClass {
	if s.fetched == nil {
		return robots.Success
	}
	return s.fetched.Class
}

// logAgents remembers what each user-agent string met in a log is
// (robots.ReadRequester: a crawler, a browser, a tool), for the few
// thousand distinct strings a log has.
type logAgents struct {
	byUA   map[string]*logAgent
	tokens map[string]bool // lower-case tokens of -a; nil for every crawler
}

// A logAgent is a user-agent string of a log, read.
type logAgent struct {
	agent
	requester robots.Requester
	id        robots.Identity // the crawler its requests are checked as
}

func newLogAgents(named agentFlag) *logAgents {
	la := &logAgents{byUA: map[string]*logAgent{}}
	if len(named) > 0 {
		la.tokens = map[string]bool{}
		for _, a := range agents(named) {
			la.tokens[strings.ToLower(a.crawler.Token)] = true
			la.tokens[strings.ToLower(robots.ProductToken(a.typed))] = true
		}
	}
	return la
}

// get returns what ua is, and whether its requests are checked: a
// crawler's, and one of -a's when -a is given.
func (la *logAgents) get(ua string) (*logAgent, bool) {
	a := la.byUA[ua]
	if a == nil {
		r := robots.ReadRequester(ua)
		id := r.Identity(ua)
		a = &logAgent{agent: agent{typed: id.Agent, crawler: id.Crawler}, requester: r, id: id}
		if len(la.byUA) < 4096 {
			la.byUA[ua] = a
		}
	}
	r := &a.requester
	if r.Kind != robots.CrawlerRequester {
		return a, false
	}
	return a, la.tokens == nil || la.tokens[strings.ToLower(r.Token)] || la.tokens[strings.ToLower(a.id.Token)]
}

// checkLog writes a row for each request of the log made by a crawler,
// checked for its own user-agent string, with the status the server
// gave; the requests of browsers and tools are counted on stderr.
func checkLog(c *cli, sf *siteFlags, src *source, named agentFlag, d robots.Dialect, fixed bool, form format, out *bufio.Writer) error {
	reqs, done := sf.requests(c)
	la := newLogAgents(named)
	rw := newRowWriter(form, out, 7, 4, 5, anyReading(d, fixed), 40, 22, 6)
	prog := newProgress(c.stderr, 1)
	var others robots.NotCrawlers
	read := 0
	for e := range reqs {
		read++
		a, ok := la.get(e.Agent)
		if !ok {
			if a.requester.Kind != robots.CrawlerRequester {
				others.Add(notCrawler(a.requester))
			}
			continue
		}
		q := src.question(d, fixed)
		q.Agent, q.URL = a.typed, robots.EncodeURL(e.URL)
		ru := src.file.AskAs(a.id, q)
		r := src.resultOf(&a.agent, e.URL, &ru)
		rw.write(
			str("verdict", r.verdict()),
			num("line", r.line),
			num("group", r.group),
			str("reading", r.reading.String()),
			str("agent", a.typed),
			str("rule", r.rule),
			num("status", e.Status),
			str("url", r.url),
		)
		prog.step()
	}
	prog.done()
	if err := done(); err != nil {
		return err
	}
	if read == 0 {
		return noRequest(sf)
	}
	err := rw.flush()
	if others.Total() > 0 {
		fmt.Fprintf(c.stderr, "%s: note: %s: %s\n", c.name, logName(sf), notCrawlersWords(others))
	}
	return err
}

// notCrawler returns the one request of r, no crawler, as NotCrawlers
// counts it.
func notCrawler(r robots.Requester) robots.NotCrawlers {
	switch r.Kind {
	case robots.BrowserRequester:
		return robots.NotCrawlers{Browsers: 1}
	case robots.ToolRequester:
		return robots.NotCrawlers{Tools: 1, ToolNames: []string{r.Token}}
	}
	return robots.NotCrawlers{Unknown: 1}
}

// notCrawlersWords says which requests were not checked, and why: "not
// checked: 3 requests of browsers and 1 of tools (curl); robots.txt
// binds crawlers, …".
func notCrawlersWords(n robots.NotCrawlers) string {
	var parts []string
	request := func(k int) string {
		if len(parts) > 0 {
			return fmt.Sprint(k)
		}
		if k == 1 {
			return "1 request"
		}
		return fmt.Sprintf("%d requests", k)
	}
	if n.Browsers > 0 {
		parts = append(parts, request(n.Browsers)+" of browsers")
	}
	if n.Tools > 0 {
		parts = append(parts, request(n.Tools)+" of tools ("+strings.Join(n.ToolNames, ", ")+")")
	}
	if n.Unknown > 0 {
		parts = append(parts, request(n.Unknown)+" with a user-agent string that names no one")
	}
	all := parts[0]
	if k := len(parts); k > 1 {
		all = strings.Join(parts[:k-1], ", ") + " and " + parts[k-1]
	}
	return "not checked: " + all + "; robots.txt binds crawlers, not browsers nor the tools people run"
}

// logName names the --log file in a message.
func logName(sf *siteFlags) string {
	if sf.log == "-" {
		return "standard input"
	}
	return sf.log
}

// noRequest is the error of a log that held no request.
func noRequest(sf *siteFlags) error {
	return fmt.Errorf("%s holds no request of an access log (Common or Combined Log Format): nothing to check", logName(sf))
}

// summarizeLog counts the log's requests by crawler (their product token,
// robots.ReadRequester) and deciding line; those of browsers and tools
// are not checked, and the summary says how many there were.
func summarizeLog(c *cli, sf *siteFlags, src *source, named agentFlag, d robots.Dialect, fixed bool, form format, out *bufio.Writer) error {
	oc, err := sf.origins.checker(c, sf.fetch)
	if err != nil {
		return err
	}
	reqs, done := sf.requests(c)
	la := newLogAgents(named)
	cov := src.coverage(d, fixed)
	prog := newProgress(c.stderr, 1)
	read := 0
	for e := range reqs {
		read++
		a, ok := la.get(e.Agent)
		if !ok && a.requester.Kind == robots.CrawlerRequester {
			continue // a crawler -a leaves out
		}
		origin := verify.Unverified
		if a.requester.Kind == robots.CrawlerRequester {
			origin = oc.check(a.requester.Token, e.Addr)
		}
		cov.AddRequestFrom(e.Agent, robots.EncodeURL(e.URL), e.Status, origin)
		prog.step()
	}
	oc.say()
	prog.done()
	if err := done(); err != nil {
		return err
	}
	if read == 0 {
		return noRequest(sf)
	}
	sw := newSummaryWriter(form, out, true, 24, anyReading(d, fixed))
	if sf.origins.inUse() {
		sw.origins = true
		sw.rw = newRowWriter(form, out, 24, 7, anyReading(d, fixed), 4, 7, 7, 8, 6, 26)
	}
	var words []string
	for t := range cov.All() {
		sw.writeTally(src, t)
		if sw.origins {
			words = append(words, t.OriginWords())
		}
	}
	if form == tableFormat {
		for _, w := range words {
			fmt.Fprintf(out, "%s.\n", w)
		}
	}
	others := cov.NotCrawlers()
	if form == tableFormat {
		fmt.Fprintf(out, "%d requests of crawlers checked, each for its own user-agent string; fetched: answered 2xx.\n", cov.URLs())
		if others.Total() > 0 {
			w := notCrawlersWords(others)
			fmt.Fprintf(out, "%s%s.\n", strings.ToUpper(w[:1]), w[1:])
		}
	} else if others.Total() > 0 {
		fmt.Fprintf(c.stderr, "%s: note: %s: %s\n", c.name, logName(sf), notCrawlersWords(others))
	}
	return sw.rw.flush()
}

// summarizeDiff counts, with the engine's Diff, the verdicts that change
// between old and cur over the URLs, by crawler and by the lines that
// decided before and after, and returns how many changed.
func summarizeDiff(c *cli, sf *siteFlags, old, cur *source, ags []agent, d robots.Dialect, fixed bool, form format, args []string, urlsFile string, out *bufio.Writer) (int, error) {
	list, closeList, err := sf.urls(c, args, urlsFile)
	if err != nil {
		return 0, err
	}
	diff := robots.NewDiff(old.file, cur.file, typedNames(ags)...)
	// One example, the one a row shows, as --summary keeps.
	diff.Dialect, diff.Fixed, diff.OldAnswer, diff.NewAnswer, diff.Examples = d, fixed, old.answer(), cur.answer(), 1
	if err := feed(c, list, closeList, len(ags), diff.Add); err != nil {
		return 0, err
	}
	rw := newRowWriter(form, out, 18, readingColumn(ags, d, fixed), agentColumn(ags), 7, 26, 26)
	changed := 0
	for f := range diff.All() {
		changed += f.Count
		rw.write(
			str("change", verdictWord(!f.Allowed)+" -> "+verdictWord(f.Allowed)),
			str("reading", f.Dialect.String()),
			str("agent", f.Agent),
			num("count", f.Count),
			str("old", lineWords(old, f.Dialect, f.Old)),
			str("new", lineWords(cur, f.Dialect, f.New)),
			str("example", f.Examples[0]),
		)
	}
	if form == tableFormat {
		if changed == 0 {
			fmt.Fprintf(out, "No verdict changes (%s: %s × %s).\n", plural(diff.Checks(), "check", "checks"), plural(diff.URLs(), "URL", "URLs"), plural(len(ags), "agent", "agents"))
		} else {
			fmt.Fprintf(out, "%d of %s change (%s × %s).\n", changed, plural(diff.Checks(), "verdict", "verdicts"), plural(diff.URLs(), "URL", "URLs"), plural(len(ags), "agent", "agents"))
		}
	}
	return changed, rw.flush()
}

// lineWords says what decided as diff's rows do: "line 4: Disallow:
// /x", "no rule matched", "(503: disallow-all)".
func lineWords(src *source, d robots.Dialect, l robots.Decider) string {
	switch {
	case l.ByAnswer:
		return src.decidedAlone(d)
	case l.Line == 0:
		return "no rule matched"
	}
	return fmt.Sprintf("line %d: %s", l.Line, l.Rule)
}

// runSiteDiff is diff with --summary.
func runSiteDiff(c *cli, sf *siteFlags, old, cur *source, ags []agent, d robots.Dialect, fixed bool, form format, args []string, urlsFile string) int {
	out := bufio.NewWriterSize(c.stdout, 64<<10)
	changed, err := summarizeDiff(c, sf, old, cur, ags, d, fixed, form, args, urlsFile, out)
	if err == nil {
		err = out.Flush()
	}
	switch {
	case err != nil:
		return c.fail(err)
	case changed > 0:
		return exitChanged
	}
	return exitOK
}

// typedNames returns the agents as typed.
func typedNames(ags []agent) []string {
	out := make([]string, len(ags))
	for i := range ags {
		out[i] = ags[i].typed
	}
	return out
}

// feed hands add each URL of list, encoded as a browser sends it, with a
// progress line on a terminal, and returns the list's error.
func feed(c *cli, list iter.Seq[string], closeList func() error, perURL int, add func(string)) error {
	prog := newProgress(c.stderr, perURL)
	for u := range list {
		add(robots.EncodeURL(u))
		prog.step()
	}
	prog.done()
	return closeList()
}

// logRole is a log crawler's role in the catalogue, "" for one it does
// not know.
func logRole(agent string) string {
	if c, ok := robots.LookupCrawler(agent); ok {
		return c.Role.String()
	}
	return ""
}
