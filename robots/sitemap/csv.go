package sitemap

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"strings"
)

// readCSV reads a table whose header row names a URL column (Address,
// URL, Loc, ...), yields that column of each row, and notes what it
// skips: a quote not closed, rows it cannot read, cells that hold no URL.
func readCSV(r *bufio.Reader, from string, note func(from, text string), yield func(Entry) error) error {
	if bom, _ := r.Peek(3); string(bom) == "\ufeff" {
		r.Discard(3)
	}
	head, _ := r.Peek(4096)
	first, _, _ := bytes.Cut(head, []byte("\n"))
	cr := &csvReader{r: r, comma: byte(delimiter(string(first))), col: -1}
	if err := cr.record(); err != nil {
		if err == io.EOF || err == errRecord {
			err = errors.New("its first line cannot be read")
		}
		return fmt.Errorf("no header row: %w", err)
	}
	header := cr.fieldStrings()
	col, ok := urlColumn(header)
	if !ok {
		return errors.New("no URL column: the header names no Address, URL or Loc")
	}
	cr.col = col
	var notURL skipped
	err := cr.each(func(cell []byte, line int) error {
		u := bytes.TrimSpace(cell)
		if len(u) == 0 {
			return nil
		}
		if !isURLOrPath(u) {
			notURL.add(line)
			return nil
		}
		return yield(Entry{URL: string(u), From: from, Line: line})
	})
	if cr.open.n > 0 {
		note(from, cr.openText())
	}
	column := strings.TrimSpace(header[col])
	notURL.say(note, from, fmt.Sprintf("row holds no URL or path in its %s column", column),
		fmt.Sprintf("rows hold no URL or path in their %s column", column))
	cr.bad.say(note, from, "row cannot be read (longer than 64 KiB, or a quote not closed on its line)",
		"rows cannot be read (longer than 64 KiB, or a quote not closed on their line)")
	return err
}

// A csvReader reads the records of a CSV as RFC 4180 says (a quoted field
// may hold the delimiter, a newline and doubled quotes), lax as
// encoding/csv's LazyQuotes (a quote inside an unquoted field is a
// quote), but bounded: a record is at most maxLine bytes. A quote that
// does not close within that is no field that runs to the end of the file
// (what LazyQuotes makes of it, a whole file in one cell): the reader
// notes it, and reads again from the line after the quote's.
type csvReader struct {
	r     *bufio.Reader
	comma byte
	// col is the field kept of each record; -1 keeps them all (the
	// header).
	col int
	// ahead are the bytes read past a quote left open, read again
	// before r.
	ahead []byte
	line  int // the lines read, to the last line break given
	// recheck is the last line already read past a quote left open:
	// up to it, a quoted field does not run past its line, so that no
	// byte is read more than twice however many quotes are open.
	recheck int

	raw    []byte // the record's bytes as read
	ends   []int  // where each of its lines ends in raw
	fields []byte // the fields kept, unquoted
	starts []int  // where each field kept starts in fields, and its end
	cell   int    // the line of field col

	open skipped // quotes left open: one note says the first
	// openEnd is the line after the first quote left open, where the
	// reading went on; 0 when it opened on the last line.
	openEnd int
	bad     skipped // rows that cannot be read
}

// errRecord ends a record that cannot be read; the reading goes on.
var errRecord = errors.New("a record that cannot be read")

// each calls fn with field col of each record and the line it starts on;
// a record that has no such field gives an empty one.
func (c *csvReader) each(fn func(cell []byte, line int) error) error {
	for {
		err := c.next()
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return err
		}
		var cell []byte
		if len(c.starts) == 2 {
			cell = c.fields[c.starts[0]:c.starts[1]]
		}
		if err := fn(cell, c.cell); err != nil {
			return err
		}
	}
}

// fieldStrings returns the fields of the record read, when all are kept.
func (c *csvReader) fieldStrings() []string {
	var out []string
	for i := 0; i+1 < len(c.starts); i += 2 {
		out = append(out, string(c.fields[c.starts[i]:c.starts[i+1]]))
	}
	return out
}

// openText says the first quote left open, and how many more there were.
func (c *csvReader) openText() string {
	text := fmt.Sprintf("line %d: a quote opened here is not closed within 64 KiB", c.open.first)
	if c.openEnd > 0 {
		text += fmt.Sprintf(": read from line %d on", c.openEnd)
	}
	if c.open.n > 1 {
		text += fmt.Sprintf(" (%s more such quotes after it)", grouped(c.open.n-1))
	}
	return text
}

// chunk returns the next bytes of the source, to a line break included
// or as many as fit in r's buffer; they are valid until the next call.
func (c *csvReader) chunk() ([]byte, error) {
	if len(c.ahead) > 0 {
		b := c.ahead
		if i := bytes.IndexByte(b, '\n'); i >= 0 {
			b = b[:i+1]
		}
		c.ahead = c.ahead[len(b):]
		return b, nil
	}
	b, err := c.r.ReadSlice('\n')
	if err == bufio.ErrBufferFull {
		err = nil
	}
	return b, err
}

// skipLine reads to the end of the line that raw ends in.
func (c *csvReader) skipLine() error {
	for len(c.raw) == 0 || c.raw[len(c.raw)-1] != '\n' {
		b, err := c.chunk()
		if len(b) > 0 {
			c.raw = append(c.raw[:0], b[len(b)-1])
		}
		if err != nil {
			return err
		}
	}
	c.line++
	return nil
}

// next reads the next record that can be read: the records that cannot
// are counted in bad (or open), and skipped.
func (c *csvReader) next() error {
	for {
		err := c.record()
		if err != errRecord {
			return err
		}
	}
}

// Field states of record.
const (
	fieldStart = iota // before a field's first byte
	unquoted
	inQuotes
	quoteSeen // a quote met in a quoted field: closing, or doubled
)

// record reads one record; errRecord when it cannot be read.
func (c *csvReader) record() error {
	c.raw, c.ends, c.fields, c.starts = c.raw[:0], c.ends[:0], c.fields[:0], c.starts[:0]
	first := c.line + 1
	state, field, quoteLine := fieldStart, 0, 0
	keep := func() bool { return c.col < 0 || field == c.col }
	endField := func() {
		if keep() {
			c.starts = append(c.starts, len(c.fields))
		}
		field++
	}
	for {
		b, err := c.chunk()
		if err != nil && err != io.EOF {
			return err
		}
		if len(c.raw)+len(b) > maxLine {
			if state == inQuotes || state == quoteSeen {
				c.raw = append(c.raw, b...)
				return c.leftOpen(first, quoteLine)
			}
			c.raw = append(c.raw[:0], b...)
			c.bad.add(first)
			if err == io.EOF {
				return errRecord
			}
			if err := c.skipLine(); err != nil && err != io.EOF {
				return err
			}
			return errRecord
		}
		from := len(c.raw)
		c.raw = append(c.raw, b...)
		for _, ch := range c.raw[from:] {
			if state == fieldStart && keep() {
				c.starts = append(c.starts, len(c.fields))
				c.cell = c.line + 1
			}
			switch state {
			case fieldStart, unquoted:
				switch {
				case ch == '"' && state == fieldStart:
					state, quoteLine = inQuotes, c.line+1
					continue
				case ch == c.comma:
					endField()
					state = fieldStart
					continue
				case ch == '\n':
					c.line++
					c.ends = append(c.ends, len(c.raw))
					endField()
					c.trimCR()
					return nil
				}
				state = unquoted
			case inQuotes:
				if ch == '"' {
					state = quoteSeen
					continue
				}
			case quoteSeen:
				switch ch {
				case '"':
					state = inQuotes
				case c.comma:
					endField()
					state = fieldStart
					continue
				case '\n':
					c.line++
					c.ends = append(c.ends, len(c.raw))
					endField()
					c.trimCR()
					return nil
				case '\r':
					// The CR of a CRLF after the closing quote.
					state = unquoted
					continue
				default:
					// A lone quote in a quoted field is a quote, as
					// LazyQuotes reads it.
					state = inQuotes
					if keep() {
						c.fields = append(c.fields, '"')
					}
				}
			}
			if ch == '\n' {
				c.line++
				c.ends = append(c.ends, len(c.raw))
				if c.line <= c.recheck {
					// Already read past a quote left open: this one
					// runs no further than its line.
					c.bad.add(first)
					return errRecord
				}
			}
			if keep() {
				c.fields = append(c.fields, ch)
			}
		}
		if err == io.EOF {
			switch {
			case len(c.raw) == 0:
				return io.EOF
			case state == inQuotes && c.line >= quoteLine && len(c.raw) > c.ends[quoteLine-first]:
				// Lines after the quote's: they are rows of their own.
				return c.leftOpen(first, quoteLine)
			}
			if state == fieldStart && keep() {
				c.starts = append(c.starts, len(c.fields))
				c.cell = c.line + 1
			}
			endField()
			return nil
		}
	}
}

// trimCR drops the CR of a CRLF from the end of the last field kept, when
// it was unquoted.
func (c *csvReader) trimCR() {
	if n := len(c.starts); n >= 2 && c.starts[n-1] > c.starts[n-2] && c.fields[c.starts[n-1]-1] == '\r' {
		c.starts[n-1]--
		c.fields = c.fields[:c.starts[n-1]]
	}
}

// leftOpen handles a quote opened on line quoteLine of the record that
// starts on line first and not closed within maxLine bytes (or the end):
// it is noted, and the reading goes on at the line after the quote's,
// with the bytes read past it read again. A row before the quote's, in
// the same record, cannot be read.
func (c *csvReader) leftOpen(first, quoteLine int) error {
	if quoteLine > first {
		c.bad.add(first)
	}
	if c.open.add(quoteLine); c.open.n == 1 {
		c.openEnd = quoteLine + 1
	}
	c.recheck = max(c.recheck, c.line)
	// raw holds the lines first.., their ends in ends: what follows the
	// quote's line is read again.
	if i := quoteLine - first; i < len(c.ends) {
		rest := c.raw[c.ends[i]:]
		c.ahead = append(append(make([]byte, 0, len(rest)+len(c.ahead)), rest...), c.ahead...)
		c.line = quoteLine
		return errRecord
	}
	// The quote's line is longer than the bound: the reading goes on
	// after it.
	c.line = quoteLine - 1
	if err := c.skipLine(); err != nil {
		if err == io.EOF && c.open.n == 1 {
			c.openEnd = 0
		}
		if err != io.EOF {
			return err
		}
	}
	return errRecord
}
