package site

import (
	"html"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
)

// The pages go-app writes at build time quote each attribute's value as a Go
// string literal (strconv.Quote), which HTML does not read: a newline shows
// as the two characters \n, a quote would end the value early. And a
// textarea's text is written as a value attribute, which HTML ignores: the
// prerendered editor would stand empty until the WebAssembly starts.
// repairStaticHTML rewrites a page so that a browser reads what go-app
// meant.

// goQuotedAttr is an attribute as go-app writes it: name="value", the
// value a Go string literal. Text between tags is HTML-escaped, so a raw
// quote only ever opens or closes such a value; the one raw markup of the
// page, the script of Handler's RawHeaders, holds no ` name="`.
var goQuotedAttr = regexp.MustCompile(`(\s[A-Za-z_:][-A-Za-z0-9_:.]*)="((?:[^"\\]|\\.)*)"`)

// textareaValue is a textarea with a value attribute and no content, once
// the attributes are HTML-escaped.
var textareaValue = regexp.MustCompile(`<textarea([^>]*?) value="([^"]*)"([^>]*)></textarea>`)

// bareARIA is an aria-* attribute without a value, as go-app writes one
// whose value is "true": HTML reads it as the empty value, not true.
var bareARIA = regexp.MustCompile(`(\s)(aria-[a-z]+)([\s/>])`)

// booleanAttrs are the HTML attributes whose mere presence means true:
// go-app writes Disabled(false) as disabled="false".
var booleanAttrs = map[string]bool{
	"autofocus": true, "checked": true, "disabled": true, "hidden": true, "multiple": true,
	"open": true, "readonly": true, "required": true, "selected": true,
}

// repairStaticHTML returns page with its attribute values HTML-escaped
// instead of Go-quoted, the boolean attributes that go-app wrote as "false"
// left out, the aria-* attributes written bare given "true", and each
// textarea's value attribute made its text.
func repairStaticHTML(page string) string {
	page = goQuotedAttr.ReplaceAllStringFunc(page, func(m string) string {
		sub := goQuotedAttr.FindStringSubmatch(m)
		name, quoted := sub[1], sub[2]
		value, err := strconv.Unquote(`"` + quoted + `"`)
		if err != nil {
			return m // not go-app's quoting: leave it as it is
		}
		if value == "false" && booleanAttrs[strings.ToLower(strings.TrimSpace(name))] {
			return ""
		}
		return name + `="` + html.EscapeString(value) + `"`
	})
	// Twice: a match takes the space before the next one.
	page = bareARIA.ReplaceAllString(page, `$1$2="true"$3`)
	page = bareARIA.ReplaceAllString(page, `$1$2="true"$3`)
	// The parser drops a newline right after <textarea>: one is put there
	// so that a text starting with a blank line keeps it.
	return textareaValue.ReplaceAllString(page, "<textarea$1$3>\n$2</textarea>")
}

// repairStaticPages applies repairStaticHTML to every page of dir.
func repairStaticPages(dir string) error {
	pages, err := filepath.Glob(filepath.Join(dir, "*.html"))
	if err != nil {
		return err
	}
	for _, p := range pages {
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		if err := os.WriteFile(p, []byte(repairStaticHTML(string(b))), 0o644); err != nil {
			return err
		}
	}
	return nil
}
