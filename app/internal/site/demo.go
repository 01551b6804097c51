//go:build !js

package site

import (
	"bytes"
	"html/template"

	"robotstester/app/internal/share"
	"robotstester/app/model"
)

// DemoName is the file name of the demo docs page in a built site.
const DemoName = "demo.html"

// DemoExample is one tester embedded in the demo page.
type DemoExample struct {
	Title, Text string
	Options     string // embed options of the iframe's query, after embed=1
	State       model.State
}

// DemoExamples are the testers the demo page embeds: what a docs page
// about robots.txt would show.
var DemoExamples = []DemoExample{
	{
		Title:   "Keep AI crawlers out, let search engines in",
		Text:    "A group per crawler: GPTBot and CCBot are blocked everywhere, every other crawler only from /admin/.",
		Options: "&readonly=1&panels=editor,tests",
		State: model.State{
			Robots: "User-agent: GPTBot\nUser-agent: CCBot\nDisallow: /\n\nUser-agent: *\nDisallow: /admin/\n",
			Rows: []model.Row{
				{Agent: "GPTBot", URL: "https://docs.example/guide/"},
				{Agent: "CCBot", URL: "https://docs.example/"},
				{Agent: "Googlebot", URL: "https://docs.example/guide/"},
				{Agent: "Googlebot", URL: "https://docs.example/admin/users"},
			},
		},
	},
	{
		Title:   "The longest match wins",
		Text:    "Allow and Disallow both match: the rule with the longer path decides, and Allow wins a tie. Edit the file to try your own.",
		Options: "&panels=editor,tests,why", // grown to its content: its Why in view
		State: model.State{
			Robots: "User-agent: *\nDisallow: /shop/\nAllow: /shop/help/\nDisallow: /*.pdf$\n",
			Rows: []model.Row{
				{Agent: "Googlebot", URL: "/shop/cart"},
				{Agent: "Googlebot", URL: "/shop/help/returns"},
				{Agent: "Googlebot", URL: "/shop/help/terms.pdf"},
			},
			Selected: 1,
		},
	},
}

var demoPage = template.Must(template.New("demo").Parse(`<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>robots.txt tester: embedded examples</title>
<link rel="icon" href="web/icon.svg">
<style>
  body { max-width: 60rem; margin: 0 auto; padding: 1rem; font: 16px/1.5 system-ui, sans-serif; }
  iframe.robots-tester { width: 100%; height: 420px; border: 1px solid #c8d0d9; border-radius: 6px; }
</style>
</head>
<body>
<h1>robots.txt, by example</h1>
<p>A docs page with two live testers embedded. Each iframe is the tester's page with <code>?embed=1</code>
and the example in its link; the script at the end sizes each iframe to its content.</p>
{{range $i, $e := .}}
<h2>{{$e.Title}}</h2>
<p>{{$e.Text}}</p>
<iframe class="robots-tester" id="example-{{$i}}" title="robots.txt tester: {{$e.Title}}"
  src="{{$e.Src}}"></iframe>
{{end}}
<script>
// Size each embedded tester to its content: the tester posts its height.
window.addEventListener("message", (e) => {
  if (!e.data || e.data.type !== "robots-tester:height") return;
  for (const f of document.querySelectorAll("iframe.robots-tester")) {
    if (f.contentWindow === e.source) f.style.height = e.data.height + "px";
  }
});
</script>
</body>
</html>
`))

// DemoPage returns the demo docs page. Its iframes point at the tester
// relatively ("./?embed=1..."), so the page works at any prefix.
func DemoPage() []byte {
	type item struct {
		DemoExample
		Src template.URL // built here from known parts: safe
	}
	items := make([]item, len(DemoExamples))
	for i, e := range DemoExamples {
		items[i] = item{e, template.URL("./?embed=1" + e.Options + "#" + share.Fragment(e.State))}
	}
	var b bytes.Buffer
	if err := demoPage.Execute(&b, items); err != nil {
		panic(err) // the template and its data are fixed
	}
	return b.Bytes()
}
