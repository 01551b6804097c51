// Package csvrow writes CSV records (RFC 4180) for the page's and the site
// worker's exports, with the guard a spreadsheet needs against values read
// as formulas. encoding/csv would do, but it adds about 12 KB to the
// compressed app.wasm, whose budget is tight; this package imports only
// bytes and strings, so that the worker need not link the page's model to
// write its CSV.
package csvrow

import (
	"bytes"
	"strings"
)

// Write writes fields as one record, quoting the fields that need it, and
// ends it with "\n", as encoding/csv's Writer does.
func Write(b *bytes.Buffer, fields []string) {
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

// Cell guards a value from a user's file against being read as a formula
// by a spreadsheet (CSV injection): one that starts with =, +, - or @ gets
// a leading apostrophe, which spreadsheets show as text. Spreadsheets skip
// leading white space and line breaks before they look for the formula's
// sign, so the guard looks past them too; a leading tab or carriage return
// is guarded as well.
func Cell(s string) string {
	if t := strings.TrimLeft(s, " \t\r\n"); t != "" && strings.ContainsRune("=+-@", rune(t[0])) ||
		s != "" && strings.ContainsRune("\t\r", rune(s[0])) {
		return "'" + s
	}
	return s
}
