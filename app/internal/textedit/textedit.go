// Package textedit is the editor's changes as plain data: what the
// browser bindings read from the editor and the session applies, so that
// neither imports the other.
package textedit

// A Change is one change of a transaction: the text from column FromCol of
// line FromLine to column ToCol of line ToLine, replaced by Insert. Lines
// are 1-based and columns count UTF-16 units, as JavaScript does. The
// editor (CodeMirror) counts offsets in its own copy of the text, where a
// CR LF is one character: lines and columns are what it and the bytes
// kept by the session count alike.
type Change struct {
	FromLine, FromCol, ToLine, ToCol int
	Insert                           string
}
