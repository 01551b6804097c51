package ui

import (
	"fmt"
	"strings"

	"robotstester/app/ui/model"
)

// Summary describes the size of a robots.txt file as the editor holds it.
type Summary struct {
	Lines int // number of lines; a final line without a line break counts
	Bytes int // size in bytes of the UTF-8 text
}

// Summarize returns the Summary of text. Line breaks are LF, CRLF or a lone
// CR, as in robots.txt files.
func Summarize(text string) Summary {
	s := Summary{Bytes: len(text)}
	if text == "" {
		return s
	}
	// CRLF counts once; then every remaining CR or LF ends a line.
	n := strings.Count(text, "\n") + strings.Count(text, "\r") - strings.Count(text, "\r\n")
	if last := text[len(text)-1]; last != '\n' && last != '\r' {
		n++ // the last line has no line break
	}
	s.Lines = n
	return s
}

// String returns the summary in words, as shown under the editor.
func (s Summary) String() string {
	return fmt.Sprintf("%s, %s", model.Plural(s.Lines, "line", "lines"), model.Plural(s.Bytes, "byte", "bytes"))
}
