//go:build !js

package site

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"robotstester/app/internal/share"
	"robotstester/app/ui"
)

// The page made at build time is the full tester. In a docs page's iframe
// (?embed=1) the live page is the compact one, so the full page is hidden
// until it is ready (web/tester.css): the frame stays blank for seconds and
// takes no input. For the embed mode's default options and no link's state
// (the example, the editor and the tests, editable), the compact page is
// made at build time too and carried in the page as a template; a script
// right after the full page puts it in the full page's place before the
// first paint. It then takes input like the full page (app/editor/src/early.js).

// embedPageID is the id of the template holding the compact page.
const embedPageID = "embed-page"

// embedSwapJS puts the compact page made at build time in the full page's
// place when the page's address asks for the embed mode's defaults (only
// embed=1, or with panels=editor,tests) and carries no link's state
// (%[2]s: the link's key). %[1]s is the template's id.
const embedSwapJS = `<script>(() => {
  const html = document.documentElement, q = new URLSearchParams(location.search);
  if (!html.classList.contains("embedding") || /(^#|&)%[2]s=/.test(location.hash)) return;
  for (const [k, v] of q) {
    if (k === "embed") continue;
    if (k === "panels" && v.split(",").map((p) => p.trim().toLowerCase()).filter(Boolean).join(",") === "editor,tests") continue;
    return;
  }
  const t = document.getElementById("%[1]s"), main = document.querySelector("body > main");
  if (!t || !main) return;
  main.replaceWith(t.content.cloneNode(true));
  html.classList.add("embed-early");
})();</script>`

// embedPage adds the compact page made at build time to dir's index.html,
// after its full page. prefix is the site's URL prefix.
func embedPage(dir, prefix string) error {
	p := filepath.Join(dir, "index.html")
	b, err := os.ReadFile(p)
	if err != nil {
		return err
	}
	page := string(b)
	if strings.Count(page, "</main>") != 1 {
		return fmt.Errorf("%s: go-app's page has changed: no single </main> to put the embed page after", p)
	}
	compact, err := ui.PrerenderedEmbed(prefix + "/")
	if err != nil {
		return fmt.Errorf("the embed page: %w", err)
	}
	add := `<template id="` + embedPageID + `">` + repairStaticHTML(compact) + `</template>` +
		fmt.Sprintf(embedSwapJS, embedPageID, share.FragmentKey)
	page = strings.Replace(page, "</main>", "</main>"+add, 1)
	return os.WriteFile(p, []byte(page), 0o644)
}
