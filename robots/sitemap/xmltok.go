package sitemap

import (
	"bufio"
	"bytes"
	"errors"
	"io"
	"strconv"
	"strings"
	"unicode/utf8"
)

// The XML of sitemaps and feeds, read by a scanner of its own rather than
// encoding/xml: a sitemap needs elements, their attributes and their text,
// with XML's five entities, character references and CDATA, and nothing of
// namespaces, DTDs or typed decoding. encoding/xml and the reflection it
// brings weigh about 25 KB in the page's app.wasm, once compressed; and it
// holds a text node whole, where this scanner hands text on in pieces, so
// that a document of one 50 MB text node is read in little memory.

// xmlKind is the kind of an xmlToken.
type xmlKind uint8

const (
	xmlStart xmlKind = iota + 1 // <name attr="v"> (or <name/>, followed by its xmlEnd)
	xmlEnd                      // </name>
	xmlText                     // text, a piece at most xmlTextPiece bytes long, entities decoded
)

// xmlToken is one piece of a document.
type xmlToken struct {
	kind  xmlKind
	name  string    // the element's local name (after any prefix), for xmlStart and xmlEnd
	attrs []xmlAttr // xmlStart's attributes
	text  []byte    // xmlText's bytes, valid until the next token
}

// xmlAttr is an attribute: its local name and its value, decoded.
type xmlAttr struct{ name, value string }

// Limits of the scanner: a text is handed on in pieces of xmlTextPiece
// bytes; a tag (its name and attributes) or a comment, a declaration or a
// processing instruction longer than xmlTagLimit is an error.
const (
	xmlTextPiece = 32 << 10
	xmlTagLimit  = 64 << 10
)

// errXMLSyntax starts the errors of a document that is not well formed.
var errXMLSyntax = errors.New("XML syntax error")

// xmlScanner reads a document's tokens.
type xmlScanner struct {
	r       *bufio.Reader
	text    []byte
	endNext string // a self-closing element's end, due next
}

// next returns the next token, or io.EOF at the document's end.
func (s *xmlScanner) next() (xmlToken, error) {
	if s.endNext != "" {
		t := xmlToken{kind: xmlEnd, name: s.endNext}
		s.endNext = ""
		return t, nil
	}
	for {
		c, err := s.r.ReadByte()
		if err != nil {
			return xmlToken{}, err
		}
		if c != '<' {
			s.r.UnreadByte()
			return s.readText()
		}
		c, err = s.r.ReadByte()
		if err != nil {
			return xmlToken{}, unexpectedEOF(err)
		}
		switch c {
		case '?':
			if err := s.skipPast("?>"); err != nil {
				return xmlToken{}, err
			}
		case '!':
			t, ok, err := s.readBang()
			if err != nil || ok {
				return t, err
			}
		case '/':
			tag, err := s.readTag()
			if err != nil {
				return xmlToken{}, err
			}
			return xmlToken{kind: xmlEnd, name: localName(strings.TrimSpace(tag))}, nil
		default:
			s.r.UnreadByte()
			tag, err := s.readTag()
			if err != nil {
				return xmlToken{}, err
			}
			return s.startTag(tag)
		}
	}
}

// readText reads text up to the next '<', a piece at a time, its entities
// decoded.
func (s *xmlScanner) readText() (xmlToken, error) {
	s.text = s.text[:0]
	for len(s.text) < xmlTextPiece {
		b, err := s.r.ReadByte()
		if err == io.EOF {
			break
		}
		if err != nil {
			return xmlToken{}, err
		}
		if b == '<' {
			s.r.UnreadByte()
			break
		}
		if b == '\r' {
			// XML reads CR LF and a lone CR as LF.
			if next, err := s.r.Peek(1); err == nil && next[0] == '\n' {
				continue
			}
			b = '\n'
		}
		if b != '&' {
			s.text = append(s.text, b)
			continue
		}
		// A reference is short: one longer, or cut by a tag, is not a
		// reference a sitemap writes, and stays as it stands.
		peek, _ := s.r.Peek(12)
		j := bytes.IndexByte(peek, ';')
		if j < 0 || bytes.IndexByte(peek[:j], '<') >= 0 {
			s.text = append(s.text, '&')
			continue
		}
		s.text = appendEntity(s.text, string(peek[:j]))
		s.r.Discard(j + 1)
	}
	return xmlToken{kind: xmlText, text: s.text}, nil
}

// readBang reads what follows "<!": a comment or a declaration, skipped
// (ok false), or a CDATA section, whose text is a token.
func (s *xmlScanner) readBang() (t xmlToken, ok bool, err error) {
	head, _ := s.r.Peek(7)
	switch {
	case bytes.HasPrefix(head, []byte("--")):
		s.r.Discard(2)
		return t, false, s.skipPast("-->")
	case bytes.Equal(head, []byte("[CDATA[")):
		s.r.Discard(7)
		var b []byte
		for {
			line, err := s.r.ReadSlice('>')
			if len(b)+len(line) > xmlTextPiece*64 {
				return t, false, syntaxError("a CDATA section longer than 2 MB")
			}
			b = append(b, line...)
			if err == bufio.ErrBufferFull {
				continue // a long section: its next bytes
			}
			if err != nil {
				return t, false, unexpectedEOF(err)
			}
			if bytes.HasSuffix(b, []byte("]]>")) {
				return xmlToken{kind: xmlText, text: crlf(b[:len(b)-3])}, true, nil
			}
		}
	default:
		// A declaration (<!DOCTYPE …>), with an internal subset in
		// brackets, whose declarations have > of their own.
		depth, n := 0, 0
		for {
			c, err := s.r.ReadByte()
			if err != nil {
				return t, false, unexpectedEOF(err)
			}
			if n++; n > xmlTagLimit {
				return t, false, syntaxError("a declaration longer than 64 KB")
			}
			switch c {
			case '[':
				depth++
			case ']':
				depth--
			case '>':
				if depth <= 0 {
					return t, false, nil
				}
			}
		}
	}
}

// skipPast reads up to and past end.
func (s *xmlScanner) skipPast(end string) error {
	var seen []byte
	for {
		c, err := s.r.ReadByte()
		if err != nil {
			return unexpectedEOF(err)
		}
		seen = append(seen, c)
		if bytes.HasSuffix(seen, []byte(end)) {
			return nil
		}
		if len(seen) > xmlTagLimit {
			return syntaxError("a comment or instruction longer than 64 KB")
		}
		if len(seen) > len(end) {
			seen = seen[1:] // only the last bytes matter
		}
	}
}

// readTag reads a tag's content up to its '>', quoted values included.
func (s *xmlScanner) readTag() (string, error) {
	var b []byte
	var quote byte
	for {
		c, err := s.r.ReadByte()
		if err != nil {
			return "", unexpectedEOF(err)
		}
		switch {
		case quote != 0:
			if c == quote {
				quote = 0
			}
		case c == '"' || c == '\'':
			quote = c
		case c == '>':
			return string(b), nil
		case c == '<':
			return "", syntaxError("a tag holds '<'")
		}
		if b = append(b, c); len(b) > xmlTagLimit {
			return "", syntaxError("a tag longer than 64 KB")
		}
	}
}

// startTag reads a start tag's content: its name and attributes.
func (s *xmlScanner) startTag(tag string) (xmlToken, error) {
	self := strings.HasSuffix(tag, "/")
	if self {
		tag = tag[:len(tag)-1]
	}
	tag = strings.TrimLeft(tag, " \t\r\n")
	name, rest := tag, ""
	if i := strings.IndexAny(tag, " \t\r\n"); i >= 0 {
		name, rest = tag[:i], tag[i:]
	}
	if name == "" {
		return xmlToken{}, syntaxError("a tag without a name")
	}
	t := xmlToken{kind: xmlStart, name: localName(name)}
	for {
		rest = strings.TrimLeft(rest, " \t\r\n")
		if rest == "" {
			break
		}
		attr, after, ok := strings.Cut(rest, "=")
		if !ok {
			return xmlToken{}, syntaxError("an attribute without a value in <" + name + ">")
		}
		after = strings.TrimLeft(after, " \t\r\n")
		if after == "" || after[0] != '"' && after[0] != '\'' {
			return xmlToken{}, syntaxError("an unquoted attribute in <" + name + ">")
		}
		end := strings.IndexByte(after[1:], after[0])
		if end < 0 {
			return xmlToken{}, syntaxError("an attribute's value does not end in <" + name + ">")
		}
		value := string(decodeEntities(crlf([]byte(after[1 : 1+end]))))
		t.attrs = append(t.attrs, xmlAttr{name: localName(strings.TrimSpace(attr)), value: value})
		rest = after[2+end:]
	}
	if self {
		s.endNext = t.name
	}
	return t, nil
}

// crlf returns b with CR LF and lone CRs read as LF, as XML reads them.
func crlf(b []byte) []byte {
	if bytes.IndexByte(b, '\r') < 0 {
		return b
	}
	b = bytes.ReplaceAll(b, []byte("\r\n"), []byte("\n"))
	return bytes.ReplaceAll(b, []byte("\r"), []byte("\n"))
}

// localName returns a name without its namespace prefix.
func localName(name string) string {
	if i := strings.LastIndexByte(name, ':'); i >= 0 {
		return name[i+1:]
	}
	return name
}

// decodeEntities decodes the references of an attribute's value.
func decodeEntities(b []byte) []byte {
	if bytes.IndexByte(b, '&') < 0 {
		return b
	}
	var out []byte
	for len(b) > 0 {
		i := bytes.IndexByte(b, '&')
		if i < 0 {
			return append(out, b...)
		}
		out = append(out, b[:i]...)
		b = b[i:]
		j := bytes.IndexByte(b, ';')
		if j < 0 || j > 12 {
			out = append(out, '&')
			b = b[1:]
			continue
		}
		out = appendEntity(out, string(b[1:j]))
		b = b[j+1:]
	}
	return out
}

// appendEntity appends what the reference &ref; stands for, or the
// reference itself when it is none that XML defines.
func appendEntity(out []byte, ref string) []byte {
	switch ref {
	case "amp":
		return append(out, '&')
	case "lt":
		return append(out, '<')
	case "gt":
		return append(out, '>')
	case "quot":
		return append(out, '"')
	case "apos":
		return append(out, '\'')
	}
	if strings.HasPrefix(ref, "#") {
		var n uint64
		var err error
		if strings.HasPrefix(ref, "#x") || strings.HasPrefix(ref, "#X") {
			n, err = strconv.ParseUint(ref[2:], 16, 32)
		} else {
			n, err = strconv.ParseUint(ref[1:], 10, 32)
		}
		if err == nil && utf8.ValidRune(rune(n)) {
			return utf8.AppendRune(out, rune(n))
		}
	}
	return append(append(append(out, '&'), ref...), ';')
}

// syntaxError is an error of a document that is not well formed.
func syntaxError(what string) error { return errors.New(errXMLSyntax.Error() + ": " + what) }

// unexpectedEOF words a document that ends inside a construct.
func unexpectedEOF(err error) error {
	if err == io.EOF {
		return syntaxError("unexpected EOF")
	}
	return err
}
