package main

import (
	"bufio"
	"encoding/csv"
	"errors"
	"flag"
	"strconv"
	"strings"
	"unicode/utf8"
)

// format is how rows are written: a table for people, CSV, or JSON Lines
// (one object a line, so that a stream of any length stays readable).
type format uint8

const (
	tableFormat format = iota
	csvFormat
	jsonFormat
)

type formatFlags struct{ csv, json bool }

func (ff *formatFlags) register(fs *flag.FlagSet) {
	fs.BoolVar(&ff.csv, "csv", false, "write CSV, with a header row")
	fs.BoolVar(&ff.json, "json", false, "write JSON Lines: one object a line")
}

func (ff *formatFlags) format() (format, error) {
	switch {
	case ff.csv && ff.json:
		return 0, errors.New("--csv and --json: choose one")
	case ff.csv:
		return csvFormat, nil
	case ff.json:
		return jsonFormat, nil
	}
	return tableFormat, nil
}

// A field is one named value of a row.
type field struct {
	name  string
	text  string
	num   int
	isNum bool
}

func str(name, text string) field  { return field{name: name, text: text} }
func num(name string, n int) field { return field{name: name, num: n, isNum: true} }

// rowWriter writes rows of fields, each row at once: nothing is kept
// between rows, whatever their number.
type rowWriter struct {
	format format
	w      *bufio.Writer
	csv    *csv.Writer
	widths []int // table: the width of each column but the last
	rows   int
	buf    []byte
	cells  []string
}

// newRowWriter makes a writer whose table columns have the given widths
// (the last column is not padded).
func newRowWriter(f format, w *bufio.Writer, widths ...int) *rowWriter {
	rw := &rowWriter{format: f, w: w, widths: widths}
	if f == csvFormat {
		rw.csv = csv.NewWriter(w)
	}
	return rw
}

func (rw *rowWriter) write(fields ...field) {
	if rw.rows == 0 && rw.format != jsonFormat {
		header := make([]field, len(fields))
		for i, f := range fields {
			name := f.name
			if rw.format == tableFormat {
				name = strings.ToUpper(name)
			}
			header[i] = str(f.name, name)
		}
		rw.emit(header)
	}
	rw.rows++
	rw.emit(fields)
}

func (rw *rowWriter) emit(fields []field) {
	switch rw.format {
	case csvFormat:
		rw.cells = rw.cells[:0]
		for _, f := range fields {
			rw.cells = append(rw.cells, f.String())
		}
		rw.csv.Write(rw.cells) // errors surface at Flush
	case jsonFormat:
		b := append(rw.buf[:0], '{')
		for i, f := range fields {
			if i > 0 {
				b = append(b, ',')
			}
			b = appendJSONString(b, f.name)
			b = append(b, ':')
			if f.isNum {
				b = strconv.AppendInt(b, int64(f.num), 10)
			} else {
				b = appendJSONString(b, f.text)
			}
		}
		rw.buf = append(b, '}', '\n')
		rw.w.Write(rw.buf)
	default:
		b := rw.buf[:0]
		for i, f := range fields {
			cell := f.String()
			if i == len(fields)-1 {
				b = append(b, cell...)
				break
			}
			b = append(b, cell...)
			width := 12
			if i < len(rw.widths) {
				width = rw.widths[i]
			}
			for n := utf8.RuneCountInString(cell); n < width; n++ {
				b = append(b, ' ')
			}
			b = append(b, ' ', ' ')
		}
		rw.buf = append(b, '\n')
		rw.w.Write(rw.buf)
	}
}

// flush writes what is buffered and returns the first write error.
func (rw *rowWriter) flush() error {
	if rw.csv != nil {
		rw.csv.Flush()
		if err := rw.csv.Error(); err != nil {
			return err
		}
	}
	return rw.w.Flush()
}

func (f field) String() string {
	if f.isNum {
		return strconv.Itoa(f.num)
	}
	return f.text
}

// appendJSONString appends s as a JSON string; bytes that are not UTF-8
// become U+FFFD.
func appendJSONString(b []byte, s string) []byte {
	const hex = "0123456789abcdef"
	b = append(b, '"')
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			switch {
			case c == '"' || c == '\\':
				b = append(b, '\\', c)
			case c == '\n':
				b = append(b, '\\', 'n')
			case c == '\r':
				b = append(b, '\\', 'r')
			case c == '\t':
				b = append(b, '\\', 't')
			case c < 0x20:
				b = append(b, '\\', 'u', '0', '0', hex[c>>4], hex[c&0xf])
			default:
				b = append(b, c)
			}
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 {
			b = append(b, `\ufffd`...)
		} else if r == '\u2028' || r == '\u2029' {
			b = append(b, `\u202`...)
			b = append(b, hex[r&0xf])
		} else {
			b = append(b, s[i:i+size]...)
		}
		i += size
	}
	return append(b, '"')
}

// plural returns n and the noun that goes with it: "1 agent", "2 agents".
func plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return strconv.Itoa(n) + " " + many
}
