package robots

import (
	"slices"
	"sort"
	"strings"
	"unicode/utf8"
)

// Reparse returns the File of text, where text is f's file after an edit
// (a key typed, a line pasted) whose place is not known: the result is the
// one ParseString(text) gives, and f is left as it was. It finds the edit
// by comparing the two texts, then reads again only the lines it touched,
// as [File.Edit] does; a caller that knows where the edit is (an editor's
// change) calls Edit and spares the comparison. An edit past the fetch
// limit reads no line at all.
//
// The readings of f made so far that the edit cannot alter are carried
// over, as Edit carries them; an edit past the fetch limit carries none.
func (f *File) Reparse(text string) *File {
	if f.Cut > 0 || len(text) > FetchLimit {
		if f.Cut > 0 && len(text) > FetchLimit && text[:FetchLimit] == f.text {
			return f.withTail(text)
		}
		return ParseString(text)
	}
	old := f.text
	p := commonPrefix(old, text)
	s := commonSuffix(old[p:], text[p:])
	return f.edited(text, p, len(old)-s)
}

// Edit returns the File of f's text with the bytes from start to end
// replaced by insert: the result is the one ParseString of that text
// gives, and f is left as it was. Only the lines the edit touches are read
// again, with a line on either side, and the others are moved, so that a
// keystroke in a 500 KiB file costs a copy of its lines rather than a
// parse, and, unlike Reparse, no comparison of the whole texts.
//
// f must hold its whole text: Edit panics on a file cut at the fetch limit
// (f.Cut > 0), whose text past the limit it does not have (Reparse takes
// the whole new text), and on a range outside f's text. An edit that
// takes the file past the fetch limit parses the result afresh.
//
// The readings of f made so far ([File.Read]) that the edit cannot alter
// are carried over: the result takes them, as readings of itself, rather
// than reading the whole file again in each dialect on first use. An edit
// cannot alter a dialect's reading when it leaves the number of lines the
// same and the dialect's line reader reads each line it touched as before:
// a key typed in a comment, or in white space the reader trims. Such a
// reading shares its groups and records with f's; the linter's findings,
// which look at the text itself, are made again. Any other reading,
// and every reading after an edit that adds or removes a line, is made
// again on first use.
func (f *File) Edit(start, end int, insert string) *File {
	if f.Cut > 0 {
		panic("robots: File.Edit of a file cut at the fetch limit")
	}
	if start < 0 || end < start || end > len(f.text) {
		panic("robots: File.Edit of a range outside the file")
	}
	text := f.text[:start] + insert + f.text[end:]
	if len(text) > FetchLimit {
		return ParseString(text)
	}
	return f.edited(text, start, end)
}

// edited returns the File of text, which is f's text with the bytes from
// start to end replaced (f whole, text within the fetch limit).
func (f *File) edited(text string, start, end int) *File {
	lines := f.Lines
	// The edit starts in line a and ends in line b of f. The line before a
	// is read again too, as the edit may have made its CR and the next
	// byte one CRLF break; and so is the line after b, as the edit may
	// have put a CR before its break.
	a := lineAt(lines, start) - 1
	b := lineAt(lines, end) + 1
	if a < 1 {
		return ParseString(text) // the start of the file holds the byte-order mark
	}
	delta := len(text) - len(f.text)
	from, to := lines[a].Start, len(text)
	tail := lines[min(b+1, len(lines)):]
	if len(tail) > 0 {
		to = tail[0].Start + delta
	}

	g := &File{Size: len(text), BOM: f.BOM, text: text}
	g.Lines = make([]Line, a, a+countLineBreaks(text[from:to], false)+1+len(tail))
	copy(g.Lines, lines[:a])
	splitRange(text, from, to, len(tail) > 0, func(start, end int) {
		l := Line{Number: len(g.Lines) + 1, Start: start, End: end}
		readLine(&l, text)
		markLineEncoding(&l, text)
		g.Lines = append(g.Lines, l)
	})
	reread := len(g.Lines) // lines a+1 to reread were read again
	shift := reread - (len(lines) - len(tail))
	for _, l := range tail {
		l.Number += shift
		l.Start += delta
		l.End += delta
		g.Lines = append(g.Lines, l)
	}
	g.TotalLines = len(g.Lines)
	if shift == 0 {
		g.carryReadings(f, a+1, reread)
	}
	return g
}

// carryReadings gives g, the File of f's text after an edit, the readings
// of f made so far that the edit cannot have altered: those of the
// dialects whose line reader reads lines from to to (1-based), the lines
// the edit read again, as it read them in f. Every other line of g is a
// line of f, the same bytes with the same number (the caller makes sure
// the number of lines did not change), and a line reader reads a line
// from its own bytes alone; a reading is made of nothing but its reader's
// events and the file's charset (newReading). So the same events make the
// same reading, and comparing a few lines' events spares reading a file
// of 500 KiB again in each dialect, for a key typed in a comment or in
// white space a reader trims. A line whose events differ in anything
// (its flags included, such as bytes that are not UTF-8 in a comment)
// leaves the reading to be made again on first use.
func (g *File) carryReadings(f *File, from, to int) {
	// Line 1 is read with the byte-order mark by some readers; edited
	// never reads it again, and a file cut at the fetch limit has no
	// lines edited: anything of the kind, and a charset that differs,
	// means read again.
	if len(g.Lines) != len(f.Lines) || from < 2 || to > len(g.Lines) || from > to ||
		g.BOM != f.BOM || g.Cut != 0 || f.Cut != 0 || g.utf8 != f.utf8 {
		return
	}
	// Dialects share line readers: each is asked once.
	var asked []*lineReader
	var same []bool
	for d := range numDialects {
		r := f.readings[d].Load()
		if r == nil {
			continue
		}
		lr := d.parts().lines
		i := slices.Index(asked, lr)
		if i < 0 {
			i = len(asked)
			asked = append(asked, lr)
			same = append(same, slices.Equal(lr.events(f, from, to), lr.events(g, from, to)))
		}
		if same[i] {
			g.readings[d].Store(r.carried(g))
		}
	}
}

// withTail returns the File of text, whose part within the fetch limit is
// f's: the lines are f's, only the counts of what lies past the limit
// change.
func (f *File) withTail(text string) *File {
	g := &File{Lines: f.Lines, Size: len(text), Cut: f.Cut, CutLine: f.CutLine, BOM: f.BOM, text: f.text}
	g.TotalLines = len(g.Lines) + countLineBreaks(text[FetchLimit:], text[FetchLimit-1] == '\r')
	return g
}

// lineAt returns the index of the line of lines in which byte offset off
// falls (a line's break belongs to it).
func lineAt(lines []Line, off int) int {
	return sort.Search(len(lines), func(i int) bool { return lines[i].Start > off }) - 1
}

// splitRange cuts text[start:end] into lines as splitLines does, start
// being the start of a line. When atBreak is true, end is the start of a
// line too (the byte before it ends a line), and the range holds no line
// past its last break; otherwise it runs to the end of the text, and its
// last line is emitted even when empty.
func splitRange(text string, start, end int, atBreak bool, emit func(start, end int)) {
	for i := start; i < end; i++ {
		c := text[i]
		if c != '\n' && c != '\r' {
			continue
		}
		emit(start, i)
		if c == '\r' && i+1 < len(text) && text[i+1] == '\n' {
			i++
		}
		start = i + 1
	}
	if !atBreak {
		emit(start, end)
	}
}

// markLineEncoding flags line l as markEncoding does for a whole file.
func markLineEncoding(l *Line, text string) {
	s := text[l.Start:l.End]
	if !utf8.ValidString(s) {
		l.Flags |= FlagInvalidUTF8
	}
	if strings.Contains(s, "\uFEFF") {
		l.Flags |= FlagBOM
	}
}

// commonPrefix returns the length of the longest common prefix of a and b.
func commonPrefix(a, b string) int {
	n := min(len(a), len(b))
	// Compare in blocks first: a keystroke at the end of a 500 KiB file
	// leaves a prefix of almost all of it.
	const block = 256
	i := 0
	for i+block <= n && a[i:i+block] == b[i:i+block] {
		i += block
	}
	for i < n && a[i] == b[i] {
		i++
	}
	return i
}

// commonSuffix returns the length of the longest common suffix of a and b.
func commonSuffix(a, b string) int {
	n := min(len(a), len(b))
	const block = 256
	i := 0
	for i+block <= n && a[len(a)-i-block:len(a)-i] == b[len(b)-i-block:len(b)-i] {
		i += block
	}
	for i < n && a[len(a)-1-i] == b[len(b)-1-i] {
		i++
	}
	return i
}
