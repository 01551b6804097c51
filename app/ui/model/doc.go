package model

import (
	"errors"
	"strings"
	"unicode/utf8"
)

// Doc is the editor's text as the Go side keeps it: the exact bytes (a
// byte-order mark, CR LF line ends and control characters as they were
// loaded), with the start of every line, so that the editor's changes,
// which it gives by line and column, can be applied without the editor
// handing over its whole text.
//
// Lines end as the editor and the engine end them: at LF, CR or CR LF.
type Doc struct {
	text   string
	starts []int // byte offset of each line's start; starts[0] is 0
}

// NewDoc returns the Doc of text.
func NewDoc(text string) Doc {
	starts := make([]int, 1, strings.Count(text, "\n")+1)
	return Doc{text: text, starts: lineStarts(text, 0, starts)}
}

// Text returns the whole text.
func (d *Doc) Text() string { return d.text }

// Lines returns the number of lines (an empty text has one).
func (d *Doc) Lines() int { return len(d.starts) }

// lineStarts appends to starts the offset of each line that begins after
// a line break in text[from:].
func lineStarts(text string, from int, starts []int) []int {
	if strings.IndexByte(text[from:], '\r') < 0 {
		// Most files end lines with LF alone: found with IndexByte, a
		// pasted megabyte in a few milliseconds.
		for {
			i := strings.IndexByte(text[from:], '\n')
			if i < 0 {
				return starts
			}
			from += i + 1
			starts = append(starts, from)
		}
	}
	for i := from; i < len(text); i++ {
		switch text[i] {
		case '\n':
			starts = append(starts, i+1)
		case '\r':
			if i+1 < len(text) && text[i+1] == '\n' {
				i++
			}
			starts = append(starts, i+1)
		}
	}
	return starts
}

// A Change is one change of the editor's text: the text from column
// FromCol of line FromLine to column ToCol of line ToLine (lines 1-based,
// columns in UTF-16 units, as JavaScript counts) is replaced by Insert.
type Change struct {
	FromLine, FromCol, ToLine, ToCol int
	Insert                           string
}

// ErrBadChange is returned for a change that does not fall within the
// text: the editor and the Go side no longer hold the same text.
var ErrBadChange = errors.New("the change does not fit the text")

// Apply makes the changes of one transaction of the editor, all given in
// the text as it was before any of them, in order and not overlapping. The
// Doc is left as it was when one does not fit.
func (d *Doc) Apply(changes []Change) error {
	type span struct {
		from, to int
		insert   string
	}
	spans := make([]span, len(changes))
	last := 0
	for i, c := range changes {
		from, ok1 := d.offset(c.FromLine, c.FromCol)
		to, ok2 := d.offset(c.ToLine, c.ToCol)
		if !ok1 || !ok2 || to < from || from < last {
			return ErrBadChange
		}
		spans[i] = span{from, to, c.Insert}
		last = to
	}
	if len(spans) == 1 {
		// One change, as a key makes: the line starts before it stay, those
		// after it move, and only the lines it touches are read again.
		s := spans[0]
		text := d.text[:s.from] + s.insert + d.text[s.to:]
		delta := len(s.insert) - (s.to - s.from)
		a, b := d.lineOf(s.from), d.lineOf(s.to)
		if s.from > 0 && d.text[s.from-1] == '\r' {
			a = d.lineOf(s.from - 1) // its CR may now pair with an inserted LF
		}
		// The line after b starts after a break the change left as it was
		// (b holds the change's end): the scan ends there.
		end := len(text)
		if b+1 < len(d.starts) {
			end = d.starts[b+1] + delta
		}
		starts := make([]int, 0, len(d.starts)+strings.Count(s.insert, "\n")+1)
		starts = append(starts, d.starts[:a+1]...)
		starts = lineStarts(text[:end], d.starts[a], starts)
		if b+2 <= len(d.starts) {
			for _, st := range d.starts[b+2:] {
				starts = append(starts, st+delta)
			}
		}
		d.text, d.starts = text, starts
		return nil
	}
	var b strings.Builder
	b.Grow(len(d.text))
	at := 0
	for _, s := range spans {
		b.WriteString(d.text[at:s.from])
		b.WriteString(s.insert)
		at = s.to
	}
	b.WriteString(d.text[at:])
	*d = NewDoc(b.String())
	return nil
}

// lineOf returns the 0-based index of the line holding byte offset off.
func (d *Doc) lineOf(off int) int {
	lo, hi := 0, len(d.starts)-1
	for lo < hi {
		mid := (lo + hi + 1) / 2
		if d.starts[mid] <= off {
			lo = mid
		} else {
			hi = mid - 1
		}
	}
	return lo
}

// lineEnd returns the byte offset where line i (0-based) ends, before its
// line break.
func (d *Doc) lineEnd(i int) int {
	if i+1 >= len(d.starts) {
		return len(d.text)
	}
	end := d.starts[i+1] - 1
	if end > d.starts[i] && d.text[end] == '\n' && d.text[end-1] == '\r' {
		end--
	}
	return end
}

// offset returns the byte offset of column col (UTF-16 units) of line n
// (1-based).
func (d *Doc) offset(n, col int) (int, bool) {
	if n < 1 || n > len(d.starts) || col < 0 {
		return 0, false
	}
	at, end := d.starts[n-1], d.lineEnd(n-1)
	for col > 0 {
		if at >= end {
			return 0, false
		}
		r, size := utf8.DecodeRuneInString(d.text[at:end])
		if r >= 0x10000 {
			col -= 2
		} else {
			col--
		}
		at += size
	}
	if col < 0 {
		return 0, false // the column falls inside a surrogate pair
	}
	return at, true
}

// Spans reports whether c replaces the whole of a text that was not
// empty: all selected, then typed over, pasted over or deleted.
func (d *Doc) Spans(c Change) bool {
	// Asked at every key: only a change from the very start to the last
	// line walks a line's columns.
	if c.FromLine != 1 || c.FromCol != 0 || c.ToLine != d.Lines() || len(d.text) == 0 {
		return false
	}
	to, ok := d.offset(c.ToLine, c.ToCol)
	return ok && to == len(d.text)
}

// LineRange returns the byte range of line n (1-based), without its line
// break; ok is false past the text's lines.
func (d *Doc) LineRange(n int) (start, end int, ok bool) {
	if n < 1 || n > len(d.starts) {
		return 0, 0, false
	}
	return d.starts[n-1], d.lineEnd(n - 1), true
}
