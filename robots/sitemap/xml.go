package sitemap

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"strings"
)

// readXML reads a urlset (each url's loc), a sitemapindex (each
// sitemap's loc, handed to child), an RSS feed (each item's link) or an
// Atom feed (each entry's link href), token by token.
func readXML(r *bufio.Reader, from string, note func(from, text string), yield func(Entry) error, child func(string) error) error {
	d := &xmlScanner{r: r}
	var (
		root, parent, current string // local names: the root, and the two innermost open elements
		depth                 int
		text                  strings.Builder
		tooLong               int
	)
	// The names of the open elements, for the few levels a sitemap has;
	// deeper ones belong to extensions, and are not kept.
	var names [8]string
	for {
		t, err := d.next()
		if err == io.EOF {
			if root == "" {
				return errors.New("XML syntax error: no element")
			}
			return fmt.Errorf("XML syntax error: the document ends before </%s>", root)
		}
		if err != nil {
			return err
		}
		switch t.kind {
		case xmlStart:
			name := t.name
			if depth == 0 {
				root = name
				switch root {
				case "urlset", "sitemapindex", "rss", "feed":
				default:
					return fmt.Errorf("not a sitemap: the document is a <%s>, not a <urlset> or <sitemapindex>", name)
				}
			}
			if depth < len(names) {
				names[depth] = name
			}
			depth++
			parent, current = at(names[:], depth-2), name
			text.Reset()
			if root == "feed" && name == "link" && parent == "entry" {
				href, rel := "", ""
				for _, a := range t.attrs {
					switch a.name {
					case "href":
						href = a.value
					case "rel":
						rel = a.value
					}
				}
				if href != "" && (rel == "" || rel == "alternate") {
					if err := yield(Entry{URL: strings.TrimSpace(href), From: from}); err != nil {
						return err
					}
				}
			}
		case xmlText:
			if text.Len()+len(t.text) <= 2*MaxLoc {
				text.Write(t.text)
			} else if text.Len() <= 2*MaxLoc {
				text.WriteString(strings.Repeat("x", 2*MaxLoc+1-text.Len()))
			}
		case xmlEnd:
			if depth == 0 {
				return fmt.Errorf("XML syntax error: </%s> closes nothing", t.name)
			}
			loc := strings.TrimSpace(text.String())
			if depth >= 2 && current == t.name {
				var err error
				switch {
				case len(loc) == 0:
				case len(loc) > MaxLoc && (current == "loc" || current == "link"):
					tooLong++
				case root == "urlset" && current == "loc" && parent == "url",
					root == "rss" && current == "link" && parent == "item":
					err = yield(Entry{URL: loc, From: from})
				case root == "sitemapindex" && current == "loc" && parent == "sitemap":
					err = child(loc)
				}
				if err != nil {
					return err
				}
			}
			text.Reset()
			depth--
			current, parent = at(names[:], depth-1), at(names[:], depth-2)
			if depth == 0 {
				if tooLong > 0 {
					note(from, fmt.Sprintf("%d URLs longer than %d bytes, the most a sitemap may give, skipped", tooLong, MaxLoc))
				}
				return nil
			}
		}
	}
}

// at returns names[i] when it was kept, else "".
func at(names []string, i int) string {
	if i < 0 || i >= len(names) {
		return ""
	}
	return names[i]
}
