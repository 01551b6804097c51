package textedit

import (
	"strconv"
	"unicode/utf8"
)

// The JSON of what the editor is given, written without reflection: the
// page pushes it at every key, and encoding/json's first use of each type
// (its fields worked out by reflection, its encoder compiled on the page's
// thread) was 10 ms of a phone's start. The fields and their omitempty
// are the struct tags' above, which TestWireAgrees holds them to.

// AppendJSON appends p as JSON to b.
func (p *Push) AppendJSON(b []byte) []byte {
	b = append(b, '{')
	if p.Verdicts != "" {
		b = appendString(append(b, `"verdicts":`...), p.Verdicts)
		b = append(b, ',')
	}
	if p.Allowed != "" {
		b = appendString(append(b, `"allowed":`...), p.Allowed)
		b = append(b, ',')
	}
	if p.Blocked != "" {
		b = appendString(append(b, `"blocked":`...), p.Blocked)
		b = append(b, ',')
	}
	b = strconv.AppendInt(append(b, `"seq":`...), int64(p.Seq), 10)
	b = strconv.AppendInt(append(b, `,"first":`...), int64(p.First), 10)
	b = strconv.AppendInt(append(b, `,"last":`...), int64(p.Last), 10)
	if len(p.Lines) > 0 {
		b = append(append(b, `,"lines":`...), p.Lines...)
	}
	if p.Findings != nil {
		b = p.Findings.AppendJSON(append(b, `,"findings":`...))
	}
	return append(b, '}')
}

// AppendJSON appends f as JSON to b.
func (f *Findings) AppendJSON(b []byte) []byte {
	b = append(b, '{')
	if f.All {
		b = append(b, `"all":true,`...)
	}
	b = append(b, `"marks":`...)
	if len(f.Marks) == 0 {
		b = append(b, "null"...)
	} else {
		b = append(b, f.Marks...)
	}
	return append(b, '}')
}

// AppendLineMarks appends ms as a JSON list to b.
func AppendLineMarks(b []byte, ms []LineMark) []byte {
	b = append(b, '[')
	for i, m := range ms {
		if i > 0 {
			b = append(b, ',')
		}
		b = append(b, '{')
		sep := false
		field := func(name string) {
			if sep {
				b = append(b, ',')
			}
			b, sep = append(append(append(b, '"'), name...), `":`...), true
		}
		if m.Kind != "" {
			field("kind")
			b = appendString(b, m.Kind)
		}
		if m.Group {
			field("group")
			b = append(b, "true"...)
		}
		if m.Deciding {
			field("deciding")
			b = append(b, "true"...)
		}
		if m.Note != "" {
			field("note")
			b = appendString(b, m.Note)
		}
		b = append(b, '}')
	}
	return append(b, ']')
}

// AppendFindingMarks appends ms as a JSON list to b.
func AppendFindingMarks(b []byte, ms []FindingMark) []byte {
	b = append(b, '[')
	for i, m := range ms {
		if i > 0 {
			b = append(b, ',')
		}
		b = strconv.AppendInt(append(b, `{"line":`...), int64(m.Line), 10)
		b = appendString(append(b, `,"severity":`...), m.Severity)
		b = appendString(append(b, `,"message":`...), m.Message)
		b = append(b, '}')
	}
	return append(b, ']')
}

// appendString appends s as a JSON string to b, as encoding/json reads
// it back: invalid UTF-8 as U+FFFD, control characters escaped.
func appendString(b []byte, s string) []byte {
	const hex = "0123456789abcdef"
	b = append(b, '"')
	start := 0
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			if c >= 0x20 && c != '"' && c != '\\' {
				i++
				continue
			}
			b = append(b, s[start:i]...)
			switch c {
			case '"', '\\':
				b = append(b, '\\', c)
			case '\n':
				b = append(b, '\\', 'n')
			case '\r':
				b = append(b, '\\', 'r')
			case '\t':
				b = append(b, '\\', 't')
			default:
				b = append(b, '\\', 'u', '0', '0', hex[c>>4], hex[c&0xF])
			}
			i++
			start = i
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 {
			b = append(append(b, s[start:i]...), `\ufffd`...)
			i += size
			start = i
			continue
		}
		i += size
	}
	return append(append(b, s[start:]...), '"')
}
