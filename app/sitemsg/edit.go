package sitemsg

import "unicode/utf8"

// An Edit is a file as a change of an earlier text of it: the text the
// page numbered Base (Query.TextID), with its bytes from Start to End
// replaced by Insert.
type Edit struct {
	Base   int64  `json:"base"`
	Start  int    `json:"start"`
	End    int    `json:"end"`
	Insert string `json:"insert"`
}

// NeedText is the Error of a Count's or an Export's Failed reply when the
// query's Edit names a text the worker does not hold (a worker started
// again, a text it let go of): the page then sends the file whole.
const NeedText = "the worker does not hold the text the file's edit was made to"

// EditOf returns the edit that makes text of base: the bytes between
// their common prefix and their common suffix, whole characters (an edit
// goes as JSON, which holds no piece of one).
func EditOf(base, text string) Edit {
	n := min(len(base), len(text))
	start := 0
	for start < n && base[start] == text[start] {
		start++
	}
	for start > 0 && (start < len(base) && !utf8.RuneStart(base[start]) || start < len(text) && !utf8.RuneStart(text[start])) {
		start--
	}
	end := 0 // the common suffix's length, within what the prefix leaves
	for end < n-start && base[len(base)-1-end] == text[len(text)-1-end] {
		end++
	}
	for end > 0 && (!utf8.RuneStart(base[len(base)-end]) || !utf8.RuneStart(text[len(text)-end])) {
		end--
	}
	return Edit{Start: start, End: len(base) - end, Insert: text[start : len(text)-end]}
}

// Apply returns the text e makes of base, and false when e does not fit
// it.
func (e Edit) Apply(base string) (string, bool) {
	if e.Start < 0 || e.End < e.Start || e.End > len(base) {
		return "", false
	}
	return base[:e.Start] + e.Insert + base[e.End:], true
}

// Sent is the page's side of the file's texts: what the worker was last
// given, which the next query's file is sent as an edit of. The zero
// Sent has given nothing; Forget starts it again (a new worker).
type Sent struct {
	id   int64
	base int64  // the number of text, the last text given; 0: none
	text string // the last text given
}

// Give numbers q's file and returns q as it is posted: with an Edit of
// the text last given, and no Text, when the edit is less than half the
// file; whole otherwise. A reply of NeedText to it calls for Forget.
func (s *Sent) Give(q Query) Query {
	s.id++
	if s.base != 0 && q.Text != "" {
		e := EditOf(s.text, q.Text)
		if 2*(len(e.Insert)+64) < len(q.Text) {
			e.Base = s.base
			s.base, s.text = s.id, q.Text
			q.Edit, q.Text, q.TextID = &e, "", s.id
			return q
		}
	}
	s.base, s.text = s.id, q.Text
	q.TextID = s.id
	return q
}

// Forget has the next query's file sent whole: the worker holds none of
// the texts given before.
func (s *Sent) Forget() { s.base, s.text = 0, "" }
