package sitemap

import (
	"bufio"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"strings"
	"testing"
)

// tokenList lists a document's tokens as the tests compare them: text
// between two tags joined, whatever pieces it came in.
type tokenList struct {
	out  []string
	text strings.Builder
}

// add lists a start or an end, after the text before it.
func (l *tokenList) add(tok string) {
	l.flush()
	l.out = append(l.out, tok)
}

func (l *tokenList) flush() {
	if l.text.Len() > 0 {
		l.out = append(l.out, "text "+l.text.String())
		l.text.Reset()
	}
}

// stdTokens lists a document's elements and text as encoding/xml reads
// them (its raw tokens: no namespaces), in the form scanTokens gives, or
// ok false when encoding/xml finds it not well formed.
func stdTokens(doc string) ([]string, bool) {
	d := xml.NewDecoder(strings.NewReader(doc))
	d.Strict = true
	var l tokenList
	for {
		tok, err := d.RawToken()
		if errors.Is(err, io.EOF) {
			l.flush()
			return l.out, true
		}
		if err != nil {
			return nil, false
		}
		switch t := tok.(type) {
		case xml.StartElement:
			s := "start " + t.Name.Local
			for _, a := range t.Attr {
				s += fmt.Sprintf(" %s=%q", a.Name.Local, a.Value)
			}
			l.add(s)
		case xml.EndElement:
			l.add("end " + t.Name.Local)
		case xml.CharData:
			l.text.Write(t)
		}
	}
}

// scanTokens lists a document's tokens as the scanner reads them, text
// pieces joined.
func scanTokens(doc string) ([]string, error) {
	s := &xmlScanner{r: bufio.NewReaderSize(strings.NewReader(doc), 16)}
	var l tokenList
	for {
		t, err := s.next()
		if errors.Is(err, io.EOF) {
			l.flush()
			return l.out, nil
		}
		if err != nil {
			return nil, err
		}
		switch t.kind {
		case xmlStart:
			s := "start " + t.name
			for _, a := range t.attrs {
				s += fmt.Sprintf(" %s=%q", a.name, a.value)
			}
			l.add(s)
		case xmlEnd:
			l.add("end " + t.name)
		case xmlText:
			l.text.Write(t.text)
		}
	}
}

var xmlDocs = []string{
	`<?xml version="1.0" encoding="UTF-8"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>https://example.com/a?x=1&amp;y=2</loc><lastmod>2026-01-01</lastmod></url></urlset>`,
	"<urlset>\n  <url>\n    <loc> https://example.com/&#x263a;&#233; </loc>\n  </url>\n</urlset>\n",
	`<!DOCTYPE urlset [<!ENTITY x "y">]><!-- a comment > with a bracket --><urlset><url><loc><![CDATA[https://example.com/<b>&amp;]]></loc></url></urlset>`,
	`<sitemapindex xmlns:xhtml="http://www.w3.org/1999/xhtml"><sitemap><loc>https://example.com/s1.xml.gz</loc></sitemap><xhtml:link rel='alternate' hreflang="en" href="https://e.com/?a=1&amp;b=&quot;2&quot;"/></sitemapindex>`,
	`<feed xmlns="http://www.w3.org/2005/Atom"><entry><link rel="alternate" href="https://example.com/e1" /><title>a &lt; b &gt; c &apos;d&apos;</title></entry></feed>`,
	`<rss version="2.0"><channel><item><link>https://example.com/p1</link></item></channel></rss>`,
	"<a\tb='1'\nc=\"2\"><b/><c d=\"&#60;\"></c></a>",
}

// TestXMLScannerAgreesWithEncodingXML reads documents with the scanner and
// with encoding/xml: the same elements, attributes and text, whatever the
// pieces the reader hands over.
func TestXMLScannerAgreesWithEncodingXML(t *testing.T) {
	for _, doc := range xmlDocs {
		want, ok := stdTokens(doc)
		if !ok {
			t.Fatalf("encoding/xml does not read %q", doc)
		}
		got, err := scanTokens(doc)
		if err != nil {
			t.Errorf("%q: %v", doc, err)
			continue
		}
		if strings.Join(got, "\n") != strings.Join(want, "\n") {
			t.Errorf("%q:\nscanner: %q\nencoding/xml: %q", doc, got, want)
		}
	}
}

// TestXMLScannerTextInPieces reads a text node far larger than a piece:
// it comes in pieces, whole.
func TestXMLScannerTextInPieces(t *testing.T) {
	long := strings.Repeat("a&amp;b", 100_000)
	got, err := scanTokens("<urlset><url><loc>" + long + "</loc></url></urlset>")
	if err != nil {
		t.Fatal(err)
	}
	if want := "text " + strings.ReplaceAll(long, "&amp;", "&"); len(got) != 7 || got[3] != want {
		t.Errorf("the long text came as %d tokens", len(got))
	}
}

// TestXMLScannerErrors: a document that ends inside a construct, or a tag
// too long, is an error, never a hang.
func TestXMLScannerErrors(t *testing.T) {
	for _, doc := range []string{
		"<urlset><url", "<urlset><!-- no end", "<urlset><![CDATA[ no end", "<a b=\"1></a>", "<a b></a>",
		"<" + strings.Repeat("a", xmlTagLimit+1) + ">",
	} {
		if _, err := scanTokens(doc); err == nil {
			t.Errorf("%.40q: no error", doc)
		}
	}
}

// FuzzXMLScanner holds the scanner to encoding/xml on sitemaps made of
// any text (escaped as a sitemap's writer escapes it, in a CDATA section,
// or in an attribute), with comments and declarations between; and it
// reads any other input without a panic or a hang.
func FuzzXMLScanner(f *testing.F) {
	f.Add("https://example.com/a?b=1&c=<2>", uint8(0))
	f.Add("]]>", uint8(7))
	f.Add("\r\n\t é ☺ \x00", uint8(3))
	f.Fuzz(func(t *testing.T, text string, shape uint8) {
		scanTokens(text) // any input: no panic, no hang
		var esc strings.Builder
		xml.EscapeText(&esc, []byte(text))
		loc := esc.String()
		if shape&1 != 0 && !strings.Contains(text, "]]>") {
			loc = "<![CDATA[" + text + "]]>"
		}
		doc := "<urlset><url><loc>" + loc + "</loc></url></urlset>"
		if shape&2 != 0 {
			doc = `<?xml version="1.0"?><!-- c --><!DOCTYPE urlset>` + doc
		}
		if shape&4 != 0 {
			var attr strings.Builder
			xml.EscapeText(&attr, []byte(text))
			doc = `<feed><entry><link rel="alternate" href="` + attr.String() + `"/></entry></feed>`
		}
		want, ok := stdTokens(doc)
		if !ok {
			return // text that XML cannot hold (a NUL, a lone surrogate)
		}
		got, err := scanTokens(doc)
		if err != nil {
			t.Fatalf("%q: %v (encoding/xml reads it)", doc, err)
		}
		if strings.Join(got, "\n") != strings.Join(want, "\n") {
			t.Fatalf("%q:\nscanner: %q\nencoding/xml: %q", doc, got, want)
		}
	})
}
