//go:build !js

package e2e

import (
	"fmt"
	"strconv"
	"strings"
	"testing"
	"time"

	"robotstester/robots"
)

// unfoldMatrix opens every closed fold of #site-matrix, so that every
// crawler has its row, and waits for their rows. The folds stay open for
// the counts that follow.
func unfoldMatrix(t testing.TB, p *Page) { unfoldIn(t, p, "#site-matrix") }

// unfoldIn opens every closed fold of the table under sel (#site-matrix,
// #intent-site, #intent-changes): a button[data-unfold] each.
func unfoldIn(t testing.TB, p *Page, sel string) {
	t.Helper()
	keys := Eval[[]string](p, "the folds of "+sel, `[...document.querySelectorAll(`+jsString(sel+` button[data-unfold][aria-expanded="false"]`)+`)].map(b => b.dataset.unfold)`)
	for _, k := range keys {
		b := sel + ` button[data-unfold="` + k + `"]`
		p.Click(b)
		p.WaitAttr(b, "aria-expanded", "true")
	}
}

// TestCrawlerReference opens More → Crawlers: the catalogue, finds
// GPTBot, filters by role, and then, in the site's matrix, opens a fold of
// the crawlers that neither are featured nor named by the file.
func TestCrawlerReference(t *testing.T) {
	p := suite.NewPage(t)
	p.Open(suite.Site(t, ""))
	p.Wait(`main[data-ready] #counts[data-linted="true"]`)
	// Counted without p.Count, which opens the part that holds what it
	// counts (reach), as a user would before looking.
	if n := Eval[int](p, "counting the reference", `document.querySelectorAll("#crawler-reference").length`); n != 0 {
		t.Error("the reference is drawn before it is opened")
	}
	p.OpenAround("#more-crawlers > summary")
	p.Click("#more-crawlers > summary")
	p.Wait("#more-crawlers[open] #crawler-reference")
	total := strconv.Itoa(len(robots.Crawlers()))
	p.WaitAttr("#crawler-found", "data-total", total)

	// A search: GPTBot first, with its facts and its links opened apart.
	p.Type("#crawler-search", "GPTBot")
	p.WaitAttr("#crawler-found", "data-found", "1")
	if got, _ := p.Attr("#crawler-reference li[data-crawler]", "data-crawler"); got != "GPTBot" {
		t.Errorf("the search found %q", got)
	}
	entry := p.Text(`#crawler-reference li[data-crawler="GPTBot"]`)
	for _, want := range []string{"OpenAI", "AI training", "robots.txt"} {
		if !strings.Contains(entry, want) {
			t.Errorf("GPTBot's entry lacks %q: %q", want, entry)
		}
	}
	bad := Eval[int](p, "the links", `[...document.querySelectorAll("#crawler-reference a")].filter(a =>
		!a.href.startsWith("https://") || a.rel !== "noopener" || a.target !== "_blank").length`)
	if n := p.Count("#crawler-reference a"); n == 0 || bad != 0 {
		t.Errorf("%d links, %d of them not https, rel=noopener and target=_blank", n, bad)
	}

	// A role: the search cleared, only AI training's crawlers.
	p.Replace("#crawler-search", "")
	choose(p, "#crawler-role", "ai-training")
	set, _ := robots.LookupCrawlerSet("ai-training")
	p.WaitAttr("#crawler-found", "data-found", strconv.Itoa(len(set.Tokens)))
	if n := p.Count(`#crawler-reference li[data-crawler]:not([data-role="ai-training"])`); n != 0 {
		t.Errorf("%d crawlers of other roles shown", n)
	}
	if p.Count(`#crawler-reference li[data-crawler="GPTBot"]`) != 1 {
		t.Error("GPTBot is not among AI training's crawlers")
	}

	// The matrix: a few URLs, AI training's long tail folded.
	file := "User-agent: *\nDisallow: /private/\n\nUser-agent: GPTBot\nDisallow: /\n"
	p.Replace(editor, file)
	p.WaitAttr("#summary", "data-bytes", strconv.Itoa(len(file)))
	p.Click("#site-urls-toggle")
	p.Wait("#site-urls-notes")
	var list strings.Builder
	for i := range 20 {
		fmt.Fprintf(&list, "https://example.com/%s/%d\n", []string{"blog", "private"}[i%2], i)
	}
	p.dropSiteFile("urls.txt", list.String())
	waitAttrWithin(p, "#site-matrix", "data-urls", "20", time.Minute)
	fold := `#site-matrix tr.fold[data-fold="ai-training"]`
	n, _ := p.Attr(fold, "data-crawlers")
	partly, _ := p.Attr(fold, "data-partly")
	if n == "" || n == "0" || partly != n {
		t.Fatalf("AI training's fold: %s crawlers, %s partly blocked", n, partly)
	}
	if txt := p.Text(fold); !strings.Contains(txt, "and "+n+" more AI training crawlers, all partly blocked") {
		t.Errorf("the fold says %q", txt)
	}
	if p.Count(`#site-matrix tr[data-folded]`) != 0 || p.Count(`#site-matrix tr[data-crawler="GPTBot"]`) != 1 {
		t.Error("folded rows drawn, or GPTBot's row missing")
	}
	p.Click(`#site-matrix button[data-unfold="ai-training"]`)
	p.WaitAttr(`#site-matrix button[data-unfold="ai-training"]`, "aria-expanded", "true")
	if got := strconv.Itoa(p.Count(`#site-matrix tr[data-folded="ai-training"]`)); got != n {
		t.Errorf("%s rows opened, want %s", got, n)
	}
	p.Click(`#site-matrix button[data-unfold="ai-training"]`)
	p.WaitGone(`#site-matrix tr[data-folded="ai-training"]`)

	// Rules by intent: AI training blocked; the long tail whose verdict
	// changes is one row until it is opened.
	p.OpenAround("#more-intent > summary")
	p.Click("#more-intent > summary")
	p.Wait("#more-intent[open] #intent")
	var aiRole robots.IntentRole
	for _, r := range robots.IntentRoles() {
		if r.Name == "ai-training" {
			aiRole = r
		}
	}
	governed, left := aiRole.Crawlers()
	if got := p.Text(`label[for="intent-role-ai-training"]`); !strings.Contains(got, strconv.Itoa(len(governed))+" crawlers") || !strings.Contains(got, left[0]) {
		t.Errorf("AI training's label says %q, want the %d crawlers its choice writes, and %v left", got, len(governed), left)
	}
	choose(p, "#intent-role-ai-training", "block")
	p.Wait(`#intent-changes tr.fold[data-fold="ai-training"]`)
	if txt := p.Text(`#intent-changes tr.fold[data-fold="ai-training"]`); !strings.Contains(txt, "more AI training crawlers, all newly blocked") {
		t.Errorf("the intent's fold says %q", txt)
	}
	// Over the site's URLs, counted in the worker, the same fold; one
	// button opens the role's rows of both tables.
	p.Wait(`#intent-site tr.fold[data-fold="ai-training"]`)
	if p.Count(`#intent-site tr[data-folded]`) != 0 {
		t.Error("#intent-site draws folded rows")
	}
	p.Click(`#intent-changes button[data-unfold="ai-training"]`)
	p.Wait(`#intent-changes tr[data-folded="ai-training"]`)
	p.Wait(`#intent-site tr[data-folded="ai-training"]`)
}
