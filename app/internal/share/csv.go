package share

import (
	"strings"
)

// A reader of first columns, enough for URL lists (RFC 4180); the writer
// is package csvrow. encoding/csv would do, but it adds about 12 KB to the
// compressed app.wasm, whose budget is tight.

// firstColumns returns the first field of every record of a CSV text: a
// field may be quoted, with doubled quotes and line breaks inside. It reads
// leniently, as a person's file may be: a stray quote inside an unquoted
// field is kept as it is.
func firstColumns(text string) []string {
	var out []string
	for len(text) > 0 {
		var field string
		if text[0] == '"' {
			var b strings.Builder
			i := 1
			for i < len(text) {
				if text[i] == '"' {
					if i+1 < len(text) && text[i+1] == '"' {
						b.WriteByte('"')
						i += 2
						continue
					}
					i++
					break
				}
				b.WriteByte(text[i])
				i++
			}
			field, text = b.String(), text[i:]
		} else {
			end := strings.IndexAny(text, ",\r\n")
			if end < 0 {
				end = len(text)
			}
			field, text = text[:end], text[end:]
		}
		out = append(out, field)
		// Skip the rest of the record: its other fields, quoted or not.
		inQuotes := false
		for len(text) > 0 {
			c := text[0]
			text = text[1:]
			if c == '"' {
				inQuotes = !inQuotes
			} else if !inQuotes && (c == '\n' || c == '\r') {
				if c == '\r' && len(text) > 0 && text[0] == '\n' {
					text = text[1:]
				}
				break
			}
		}
	}
	return out
}
