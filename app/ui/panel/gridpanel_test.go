package panel

import (
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"robotstester/app/internal/session"
	"robotstester/app/model"
)

func TestGridPanel(t *testing.T) {
	html := render(t, &GridPanel{Room: model.MaxRows})
	for _, want := range []string{`id="grid"`, `value="google"`, `value="ai-training"`, `id="grid-more"`, `id="grid-urls"`,
		"Choose crawlers and type URLs.", `data-tests="0"`, `id="grid-add"`, `id="grid-replace"`} {
		if !strings.Contains(html, want) {
			t.Errorf("grid panel lacks %q", want)
		}
	}
	if strings.Count(html, " disabled") != 2 {
		t.Errorf("buttons enabled with nothing chosen")
	}

	// Two crawlers typed and a set of five on 3 URLs, with room for 10.
	var gotC, gotU []string
	var gotR bool
	p := &GridPanel{Room: 10, checked: []string{"ai-training"}, more: "MyBot, GPTBot", urls: "/a\n\n/b\n/c\n",
		To: sendFunc(func(e any) {
			g := e.(session.Grid)
			gotC, gotU, gotR = g.Crawlers, g.URLs, g.Replace
		})}
	crawlers, urls := p.choice()
	n := len(crawlers) * len(urls)
	html = render(t, p)
	for _, want := range []string{
		`data-tests="` + strconv.Itoa(n) + `"`, `data-fit="10"`, "Only the first 10 fit", "Replacing the tests makes " + strconv.Itoa(n) + " tests.",
		"Add 10 tests", "Replace all tests with " + strconv.Itoa(n),
	} {
		if !strings.Contains(html, want) {
			t.Errorf("grid panel lacks %q", want)
		}
	}
	box := regexp.MustCompile(`<input[^>]*value="ai-training"[^>]*>`).FindString(html)
	if !strings.Contains(box, " checked") {
		t.Errorf("set not checked: %s", box)
	}
	if len(urls) != 3 || crawlers[len(crawlers)-1] != "MyBot" {
		t.Errorf("choice %q × %q", crawlers, urls)
	}
	p.make(app.Context{}, true)
	if !gotR || len(gotC) != len(crawlers) || strings.Join(gotU, " ") != "/a /b /c" {
		t.Errorf("onGrid(%q, %q, %v)", gotC, gotU, gotR)
	}
}
