package sitework

import (
	"bytes"
	"strings"
)

// writeCSVRow writes fields as one CSV record, quoted where they must be.
// It is app/internal/share's, copied: that package brings the page's model
// with it, which the worker has no use for.
func writeCSVRow(b *bytes.Buffer, fields []string) {
	for i, f := range fields {
		if i > 0 {
			b.WriteByte(',')
		}
		if f == "" || !strings.ContainsAny(f, ",\"\r\n") && f[0] != ' ' && f[0] != '\t' {
			b.WriteString(f)
			continue
		}
		b.WriteByte('"')
		b.WriteString(strings.ReplaceAll(f, `"`, `""`))
		b.WriteByte('"')
	}
	b.WriteByte('\n')
}

// cell guards a value from a user's file against being read as a formula
// by a spreadsheet (CSV injection), as app/internal/share's cell does.
func cell(s string) string {
	if t := strings.TrimLeft(s, " \t\r\n"); t != "" && strings.ContainsRune("=+-@", rune(t[0])) ||
		s != "" && strings.ContainsRune("\t\r", rune(s[0])) {
		return "'" + s
	}
	return s
}
