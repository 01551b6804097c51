package sitework

import (
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"robotstester/app/sitemsg"
	"robotstester/internal/shared"
	"robotstester/robots"
	"robotstester/robots/sitemap"
)

// verdictOf is the engine's verdict of url for agent, one check at a
// time, as the matrix must count it: the reading q says (the crawler's
// own, or the one fixed), after q's answer.
func verdictOf(f *robots.File, q *Query, agent, url string) (allowed bool, line int) {
	d := q.dialectOf(agent)
	if a := robots.AccessFor(d, q.Answer); a.Permission != robots.FollowRules {
		return a.Permission == robots.AllowAll, 0
	}
	v := f.Read(d).CheckAgent(agent, url)
	return v.Allowed, v.Line
}

// wantMatrix returns each crawler's counts of urls in f for q, URL by
// URL, crawler by crawler.
func wantMatrix(f *robots.File, q *Query, urls []string) []sitemsg.MatrixCount {
	agents := matrixAgents(q)
	out := make([]sitemsg.MatrixCount, len(agents))
	for i, a := range agents {
		c := &out[i]
		c.ByAnswer = robots.AccessFor(q.dialectOf(a), q.Answer).Permission != robots.FollowRules
		blocks := map[int]int{}
		for _, u := range urls {
			allowed, line := verdictOf(f, q, a, u)
			if allowed {
				c.Allowed++
			} else {
				c.Blocked++
				blocks[line]++
			}
		}
		for line, n := range blocks {
			c.Blocks = append(c.Blocks, sitemsg.LineCount{Line: line, Count: n})
		}
		slices.SortFunc(c.Blocks, func(x, y sitemsg.LineCount) int { return x.Line - y.Line })
	}
	return out
}

// checkMatrix holds the matrix of a count of s for q, alone and in two
// halves as the worker and its helper count, to the engine's verdicts
// URL by URL; base, when not "", is the file the edit is compared with.
func checkMatrix(t *testing.T, name string, s *SiteURLs, q Query, urls []string, base string) {
	t.Helper()
	want := wantMatrix(q.File, &q, urls)
	// What the edit changes, crawler by crawler, URL by URL: the URLs
	// newly allowed and newly blocked, two counts.
	var wantFlips [][2]int
	if base != "" {
		wantFlips = flipsOfURLs(robots.ParseString(base), &q, matrixAgents(&q), urls)
	}
	for how, cover := range map[string]func() (*sitemsg.Coverage, error){
		"alone":  func() (*sitemsg.Coverage, error) { return s.Cover(q, nil) },
		"halves": func() (*sitemsg.Coverage, error) { return s.CoverHalves(q) },
	} {
		c, err := cover()
		if err != nil {
			t.Fatalf("%s, %s: %v", name, how, err)
		}
		m := c.Matrix
		if m == nil {
			t.Fatalf("%s, %s: no matrix", name, how)
		}
		if !slices.Equal(m.Agents, matrixAgents(&q)) {
			t.Fatalf("%s, %s: agents %v", name, how, m.Agents)
		}
		for i, a := range m.Agents {
			got := m.Count(i)
			if !sameCount(got, &want[i]) {
				t.Errorf("%s, %s: %s counts %+v, want %+v", name, how, a, *got, want[i])
			}
		}
		var gotFlips [][2]int
		for _, f := range m.Changes {
			gotFlips = append(gotFlips, [2]int{f.Allowed, f.Blocked})
		}
		if !slices.Equal(gotFlips, wantFlips) {
			t.Errorf("%s, %s: newly allowed and blocked %v, want %v", name, how, gotFlips, wantFlips)
		}
		// The crawler's own breakdown is the matrix's first row.
		if c.Tally.Allowed != want[0].Allowed || c.Tally.Blocked != want[0].Blocked {
			t.Errorf("%s, %s: the crawler's tally %d/%d, its row %d/%d", name, how, c.Tally.Allowed, c.Tally.Blocked, want[0].Allowed, want[0].Blocked)
		}
		// Crawlers read alike are kept once.
		if len(m.Counts) > len(m.Agents) {
			t.Errorf("%s, %s: %d counts for %d crawlers", name, how, len(m.Counts), len(m.Agents))
		}
	}
}

// flipsOfURLs returns, for each of agents, the URLs newly allowed and
// newly blocked from old to q's file, checked one at a time.
func flipsOfURLs(old *robots.File, q *Query, agents, urls []string) [][2]int {
	var out [][2]int
	for _, a := range agents {
		var n [2]int
		for _, u := range urls {
			was, _ := verdictOf(old, q, a, u)
			is, _ := verdictOf(q.File, q, a, u)
			switch {
			case !was && is:
				n[0]++
			case was && !is:
				n[1]++
			}
		}
		out = append(out, n)
	}
	return out
}

// checkPreview holds a preview of s, from base to q's file, to the
// engine's verdicts URL by URL: each crawler's two counts, and the URLs
// the file shown blocks.
func checkPreview(t *testing.T, name string, s *SiteURLs, q Query, urls []string, base string) {
	t.Helper()
	from := q
	from.File, from.Text = robots.ParseString(base), base
	m, n, err := s.Preview(from, q, nil)
	if err != nil || n != len(urls) {
		t.Fatalf("%s: preview of %d URLs: %v", name, n, err)
	}
	agents := previewAgents(&from)
	if !slices.Equal(m.Agents, agents) {
		t.Fatalf("%s: preview agents %v", name, m.Agents)
	}
	want := flipsOfURLs(from.File, &q, agents, urls)
	before := wantMatrix(from.File, &from, urls)
	for i, a := range agents {
		if got := [2]int{m.Changes[i].Allowed, m.Changes[i].Blocked}; got != want[i] {
			t.Errorf("%s: the preview's %s: newly allowed and blocked %v, want %v", name, a, got, want[i])
		}
		// wantMatrix counts matrixAgents: the catalogue from its second.
		if i < len(robots.Crawlers()) {
			if got := m.Count(i).Blocked; got != before[1+i].Blocked {
				t.Errorf("%s: the preview's %s blocks %d under the file shown, want %d", name, a, got, before[1+i].Blocked)
			}
		}
	}
}

// randomRules returns a file of random groups: each names a few of the
// catalogue's tokens (or *, or a token it does not know), with rules
// drawn from paths the URLs use, wildcards and end anchors among them.
func randomRules(r *rand.Rand) string {
	cs := robots.Crawlers()
	paths := []string{"/", "/private/", "/private/press/", "/*.pdf$", "/search", "/shop/cart", "/shop/", "/blog/", "/blog/2",
		"/docs/", "/old/", "/*?", "/news/*/amp", "/ü/", "/%C3%BC/x", ""}
	var b strings.Builder
	for range 1 + r.IntN(6) {
		for range 1 + r.IntN(3) {
			agent := "*"
			switch k := r.IntN(5); {
			case k < 3:
				agent = cs[r.IntN(len(cs))].Token
			case k == 3:
				agent = "SomeOtherBot"
			}
			fmt.Fprintf(&b, "User-agent: %s\n", agent)
		}
		for range r.IntN(6) {
			verb := []string{"Disallow", "Allow", "disallow"}[r.IntN(3)]
			fmt.Fprintf(&b, "%s: %s\n", verb, paths[r.IntN(len(paths))])
		}
		b.WriteString("\n")
	}
	return b.String()
}

// urlsFor returns n URLs drawn by r from the rules of text (their paths,
// wildcards cut, with something after) and a few of their own.
func urlsFor(r *rand.Rand, text string, n int) []string {
	var paths []string
	for _, line := range strings.Split(text, "\n") {
		key, value, ok := strings.Cut(line, ":")
		if !ok {
			continue
		}
		if k := strings.ToLower(strings.TrimSpace(key)); k != "allow" && k != "disallow" {
			continue
		}
		value, _, _ = strings.Cut(strings.TrimSpace(value), "#")
		value, _, _ = strings.Cut(value, "$")
		if p := strings.ReplaceAll(strings.TrimSpace(value), "*", "x"); p != "" && len(paths) < 2000 {
			paths = append(paths, p)
		}
	}
	paths = append(paths, "/", "/index.html", "/a.pdf", "/search?q=1", "/blog/2024/post")
	out := make([]string, n)
	seen := map[string]bool{}
	for i := range out {
		p := paths[r.IntN(len(paths))]
		if !strings.HasPrefix(p, "/") {
			p = "/" + p
		}
		switch r.IntN(3) {
		case 0:
			p += fmt.Sprintf("%d", r.IntN(50))
		case 1:
			p += fmt.Sprintf("/page-%d.html", r.IntN(50))
		}
		out[i] = robots.EncodeURL("https://example.com" + p)
		// Distinct: the panel holds a URL once.
		for seen[out[i]] {
			out[i] += "x"
		}
		seen[out[i]] = true
	}
	return out
}

// heldURLs returns a SiteURLs holding urls, the first half submitted by a
// sitemap and the rest listed, read with base as the file of then.
func heldURLs(t testing.TB, urls []string, base string) *SiteURLs {
	t.Helper()
	s := &SiteURLs{}
	sm, list := s.Begin("sitemap.xml", "sitemap", base), s.Begin("urls.txt", "list", base)
	for i, u := range urls {
		src := list
		if i < len(urls)/2 {
			src = sm
		}
		if err := s.Add(src, sitemap.Entry{URL: u}, i < len(urls)/2); err != nil {
			t.Fatal(err)
		}
	}
	return s
}

// TestMatrixGenerated holds the worker's matrix (every catalogued crawler
// and the query's crawler, over every URL) to robots.Check URL by URL on
// random files, for crawlers known and not, in each crawler's own reading
// and fixed ones, after a success and other answers, alone and in two
// halves, and with what an edit changes against a base (the two counts,
// newly allowed and newly blocked, in a count and in a preview).
func TestMatrixGenerated(t *testing.T) {
	r := rand.New(rand.NewPCG(39, 1))
	for round := range 16 {
		text, base := randomRules(r), randomRules(r)
		urls := urlsFor(r, text+base, []int{0, 1, 7, 300, 1500}[round%5])
		s := heldURLs(t, urls, text)
		crawler := []string{"Googlebot", "GPTBot", "MyBot", " Mozilla/5.0 (compatible; bingbot/2.0)", "baiduspider"}[round%5]
		how := []struct {
			fixed   bool
			dialect robots.Dialect
			answer  robots.AnswerClass
		}{{false, robots.Google, robots.Success}, {true, robots.MK1996, robots.Success}, {false, robots.Google, robots.ServerError},
			{true, robots.PythonLegacy, robots.Success}}[round%4]
		q := Query{File: robots.ParseString(text), Query: sitemsg.Query{Text: text, Crawler: crawler, Dialect: how.dialect, Fixed: how.fixed, Answer: how.answer}}
		checkMatrix(t, fmt.Sprintf("round %d", round), s, q, urls, "")
		if len(urls) > 0 {
			// Compared with a base: the URLs were read under base.
			s.Rebase(base)
			checkMatrix(t, fmt.Sprintf("round %d, compared", round), s, q, urls, base)
			checkPreview(t, fmt.Sprintf("round %d, previewed", round), s, q, urls, base)
		}
	}
}

// TestMatrixCorpus holds the matrix to robots.Check URL by URL on real
// files of the corpus, a few of every size, with URLs their rules decide.
func TestMatrixCorpus(t *testing.T) {
	dir := filepath.Join(shared.Dir(t, "corpus"), "files")
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	r := rand.New(rand.NewPCG(39, 2))
	n := 0
	for i, e := range entries {
		if i%97 != 0 && e.Name() != "www.xuexi.cn.txt" {
			continue
		}
		b, err := os.ReadFile(filepath.Join(dir, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		text := string(b)
		urls := urlsFor(r, text, 400)
		s := heldURLs(t, urls, text)
		q := Query{File: robots.ParseString(text), Query: sitemsg.Query{Text: text, Crawler: "Googlebot"}}
		checkMatrix(t, e.Name(), s, q, urls, "")
		n++
	}
	if n < 8 {
		t.Fatalf("%d corpus files checked", n)
	}
}

// TestMatrixNode checks the table the panel draws of a matrix: a row for
// every catalogued crawler, grouped by role, with its counts, and one for
// a crawler the catalogue does not know, and what the edit changes.
func TestMatrixNode(t *testing.T) {
	text := "User-agent: *\nDisallow: /private/\n\nUser-agent: GPTBot\nDisallow: /\n"
	urls := []string{"https://example.com/", "https://example.com/private/a", "https://example.com/b"}
	s := heldURLs(t, urls, "User-agent: *\nDisallow: /b\n")
	s.Rebase("User-agent: *\nDisallow: /b\n")
	q := Query{File: robots.ParseString(text), Query: sitemsg.Query{Text: text, Crawler: "MyBot"}}
	c, err := s.Cover(q, nil)
	if err != nil {
		t.Fatal(err)
	}
	v := ViewOf(c, q)
	if v.Matrix == nil {
		t.Fatal("no matrix")
	}
	rows := map[string][]string{}
	var roles []string
	var walk func(n *sitemsg.Node)
	walk = func(n *sitemsg.Node) {
		if n.Tag == "tr" && len(n.Data) > 0 && n.Data[0] == "crawler" {
			rows[n.Data[1]] = n.Data
		}
		if n.Tag == "th" && slices.Contains(n.Attrs, "rowgroup") {
			roles = append(roles, n.Text)
		}
		for i := range n.Kids {
			walk(&n.Kids[i])
		}
	}
	walk(v.Matrix)
	for _, cr := range robots.Crawlers() {
		if rows[cr.Token] == nil {
			t.Errorf("no row for %s", cr.Token)
		}
	}
	if len(rows) != len(robots.Crawlers())+1 {
		t.Errorf("%d rows, want %d", len(rows), len(robots.Crawlers())+1)
	}
	for tok, want := range map[string][]string{
		// An edit whose flips cancel out: one URL newly allowed, one
		// newly blocked, no change in the URLs blocked.
		"MyBot":     {"crawler", "MyBot", "allowed", "2", "blocked", "1", "newly-allowed", "1", "newly-blocked", "1", "change", "0", "most", "2"},
		"GPTBot":    {"crawler", "GPTBot", "allowed", "0", "blocked", "3", "newly-allowed", "0", "newly-blocked", "2", "change", "2", "most", "5"},
		"Googlebot": {"crawler", "Googlebot", "allowed", "2", "blocked", "1", "newly-allowed", "1", "newly-blocked", "1", "change", "0", "most", "2"},
	} {
		if !slices.Equal(rows[tok], want) {
			t.Errorf("%s: %v, want %v", tok, rows[tok], want)
		}
	}
	if want := []string{"Search", "AI training", "AI search and assistants", "User-triggered", "Ads", "Tools", "Others"}; !slices.Equal(roles, want) {
		t.Errorf("roles %v, want %v", roles, want)
	}
}

// TestCoverTells checks the progress a count tells while it runs: at
// each pause, never back, never past the URLs held, and at least once
// for a count of many.
func TestCoverTells(t *testing.T) {
	r := rand.New(rand.NewPCG(39, 3))
	text := randomRules(r)
	urls := urlsFor(r, text, 20*siteStep)
	w := &Worker{}
	w.URLs = *heldURLs(t, urls, text)
	q := Query{File: robots.ParseString(text), Query: sitemsg.Query{Text: text, Crawler: "Googlebot"}}
	var said [][2]int
	if _, err := w.cover(q, nil, func() bool { return false }, func(done, total int) { said = append(said, [2]int{done, total}) }); err != nil {
		t.Fatal(err)
	}
	if len(said) < 10 {
		t.Fatalf("told %d times", len(said))
	}
	for i, s := range said {
		if s[1] != len(urls) || s[0] > s[1] || i > 0 && s[0] < said[i-1][0] {
			t.Fatalf("told %v after %v", s, said[max(i-1, 0)])
		}
	}
}

// TestMatrixFolds checks the matrix's folds: in each role, the featured
// crawlers, those the file names and the crawler chosen are rows; the
// others follow one fold row that counts them, both ways, each marked
// data-folded with the fold's key.
func TestMatrixFolds(t *testing.T) {
	text := "User-agent: *\nDisallow: /private/\n\nUser-agent: AI2Bot\nDisallow: /\n"
	urls := []string{"https://example.com/", "https://example.com/private/a"}
	s := heldURLs(t, urls, text)
	q := Query{File: robots.ParseString(text), Query: sitemsg.Query{Text: text, Crawler: "AgentTimes"}}
	c, err := s.Cover(q, nil)
	if err != nil {
		t.Fatal(err)
	}
	m := ViewOf(c, q).Matrix
	if m == nil {
		t.Fatal("no matrix")
	}
	shown, folded := map[string]bool{}, map[string]string{}
	folds := map[string][]string{}
	counts := map[string]*sitemsg.FoldCount{}
	var walk func(n *sitemsg.Node)
	walk = func(n *sitemsg.Node) {
		if n.Tag == "tr" && len(n.Data) > 1 {
			switch n.Data[0] {
			case "crawler":
				if i := slices.Index(n.Data, "folded"); i >= 0 {
					folded[n.Data[1]] = n.Data[i+1]
					if counts[n.Data[i+1]] == nil {
						counts[n.Data[i+1]] = &sitemsg.FoldCount{}
					}
					a, _ := strconv.Atoi(n.Data[3])
					b, _ := strconv.Atoi(n.Data[5])
					counts[n.Data[i+1]].Add(a, b)
				} else {
					shown[n.Data[1]] = true
				}
			case "fold":
				folds[n.Data[1]] = n.Data
			}
		}
		for i := range n.Kids {
			walk(&n.Kids[i])
		}
	}
	walk(m)
	perRole := map[string]int{}
	for _, cr := range robots.Crawlers() {
		want := cr.Featured || cr.Token == "AI2Bot" || cr.Token == "AgentTimes"
		if shown[cr.Token] != want || (folded[cr.Token] != "") == want {
			t.Errorf("%s: shown %v, folded %q; want shown %v", cr.Token, shown[cr.Token], folded[cr.Token], want)
		}
		if !want {
			perRole[folded[cr.Token]]++
		}
	}
	for key, n := range perRole {
		d := folds[key]
		if d == nil {
			t.Errorf("no fold row for %s", key)
			continue
		}
		// A folded crawler that follows the * group is allowed / and
		// blocked /private/a: partly blocked. One that reads AI2Bot's
		// group as a part of its name (Ai2Bot-Dolma) is blocked both.
		fc := counts[key]
		want := []string{"fold", key, "crawlers", strconv.Itoa(n), "all-allowed", strconv.Itoa(fc.Allowed),
			"all-blocked", strconv.Itoa(fc.Blocked), "partly", strconv.Itoa(fc.Partly)}
		if !slices.Equal(d, want) || fc.Partly == 0 {
			t.Errorf("fold %s: %v, want %v", key, d, want)
		}
	}
	if len(folds) != len(perRole) {
		t.Errorf("%d folds for %d roles with crawlers folded", len(folds), len(perRole))
	}
}
