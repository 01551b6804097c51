package session

import (
	"strings"
	"sync/atomic"
	"unicode/utf8"

	"robotstester/app/internal/effect"
	"robotstester/app/internal/share"
	"robotstester/app/internal/textedit"
	"robotstester/app/model"
	"robotstester/robots"
)

// The session keeps the document, the text as the user typed it: the
// editor hands it each change by its place, never its whole text, and the
// session reads again only the lines the change touched
// (robots.File.Edit). Its one index of lines is the File's: the lines of
// the analysis shown, or of the analysis still to be made (Work).
//
// The document and the editor have the same lines whatever is typed: the
// engine's rule and CodeMirror's alike end a line at LF, CR LF and a CR
// alone, and the document never holds a CR alone (model.State.Fit makes
// every text that comes LF there, and an inserted one is made LF), since
// an LF typed or left after it would make the two one line break, where
// the editor shows two.

// TextChange is one change of an EditText's transaction, as the editor
// reports it (textedit.Change).
type TextChange = textedit.Change

// The editor's own history, as EditText.History names it.
const (
	HistoryUndo = "undo"
	HistoryRedo = "redo"
)

// EditText is what the user typed, pasted or deleted in the editor: its
// transactions in order, each a list of changes in the text as the one
// before left it (in order, not overlapping).
//
// When one replaces the whole text, the work as it was is kept for Undo
// (as FileReplaced says), or, made by the editor's own Undo or Redo, it
// takes the page's history along (EditorHistory).
type EditText struct {
	Transactions [][]TextChange
	// History is HistoryUndo or HistoryRedo when the editor's own history
	// made the changes, "" otherwise.
	History string
	// Paced lets the analysis be made later, by the Work that Due returns
	// (Effects.Due): the page runs it where it can pause. Otherwise the
	// analysis is made at once.
	Paced bool
}

// When the changes do not fit the session's text (an edit replaced the
// text while the editor still had to be given it, EditorBehind, and the
// user typed first; or the two parted ways), EditText asks for the
// editor's whole text (effect.ReadEditor), which the page sends back as
// EditorWhole: the editor's text is the one the user sees, and it wins.
// A message holds data only, never a way back into the editor.
func (e EditText) apply(s *Session) Effects {
	text, file, replaced, ok := s.editText(e.Transactions)
	if !ok {
		return Effects{IO: []effect.IO{effect.ReadEditor{}}}
	}
	return s.editorHolds(text, file, replaced, e.History, e.Paced)
}

// EditorWhole is the editor's whole text, read by the page when EditText
// asked for it (effect.ReadEditor): it becomes the document, as typed.
// Paced is as for EditText.
type EditorWhole struct {
	Text  string
	Paced bool
}

func (e EditorWhole) apply(s *Session) Effects {
	return s.editorHolds(e.Text, s.docFile().Reparse(e.Text), false, "", e.Paced)
}

// editorHolds makes text, whose File is file, the document, as the editor
// holds it after the user's changes; replaced says that they replaced the
// whole of a text that was not empty, by the editor's own history when
// history is not "".
func (s *Session) editorHolds(text string, file *robots.File, replaced bool, history string, paced bool) Effects {
	s.editorText, s.editorBehind = text, false
	s.gen.Add(1) // the work under way is moot
	var fx Effects
	if replaced {
		fx = s.settle() // the keys before come first
		fx.Replaced = true
		if history != "" {
			if redo := history == HistoryRedo; s.historySteps(text, redo) > 0 {
				return fx.and(EditorHistory{Text: text, Redo: redo}.apply(s))
			}
		}
		fx = fx.and(FileReplaced{Deleted: text == ""}.apply(s))
	}
	if !paced || len(text) > model.MaxFile {
		s.due = nil
		return fx.and(s.setFile(text, file, nil)) // a text cut is said at once
	}
	st := s.snapshot()
	st.Robots = text
	s.due = &Work{text: text, file: file, state: st, gen: s.gen.Load(), gens: &s.gen}
	fx.Due = true
	return fx
}

// editText makes the editor's transactions in the document: it returns
// the text and File they make, and whether one of them replaced the whole
// of a text that was not empty; ok is false when a change does not fit.
func (s *Session) editText(transactions [][]TextChange) (text string, f *robots.File, replaced, ok bool) {
	if s.editorBehind {
		return "", nil, false, false // the changes are in a text the session no longer has
	}
	text, f = s.Text(), s.docFile()
	for _, changes := range transactions {
		if len(changes) == 0 {
			continue
		}
		// The changes of one transaction are read as one: from the start
		// of the first to the end of the last, the text between them kept.
		var b strings.Builder
		start, end := -1, 0
		for _, c := range changes {
			from, ok1 := offset(f, text, c.FromLine, c.FromCol)
			to, ok2 := offset(f, text, c.ToLine, c.ToCol)
			if !ok1 || !ok2 || to < from || from < end {
				return "", nil, false, false
			}
			if start < 0 {
				start = from
			} else {
				b.WriteString(text[end:from])
			}
			b.WriteString(c.Insert)
			end = to
		}
		insert := b.String()
		if len(changes) == 1 {
			insert = changes[0].Insert
		}
		// The editor ends a line at a CR alone, as the engine does; in the
		// text, an inserted one followed by an LF would end one line, not
		// two. (CodeMirror hands over its lines joined by LF: a CR comes
		// only from another editor's changes.)
		insert, _ = robots.BareCRsToLF(insert)
		replaced = replaced || len(changes) == 1 && start == 0 && end == len(text) && text != ""
		if f.Cut > 0 {
			// The File does not hold the text past the fetch limit: it is
			// given the whole (an edit past the limit reads no line).
			text = text[:start] + insert + text[end:]
			f = f.Reparse(text)
			continue
		}
		g := f.Edit(start, end, insert)
		if g.Cut == 0 {
			text = g.Raw() // the text Edit made: no second copy
		} else {
			text = text[:start] + insert + text[end:]
		}
		f = g
	}
	return text, f, replaced, true
}

// offset returns the byte offset in text, whose File is f, of column col
// (UTF-16 units) of line n (1-based).
func offset(f *robots.File, text string, n, col int) (int, bool) {
	at, ok := lineStart(f, text, n)
	if !ok || col < 0 {
		return 0, false
	}
	for col > 0 {
		if at >= len(text) || text[at] == '\n' || text[at] == '\r' {
			return 0, false
		}
		r, size := utf8.DecodeRuneInString(text[at:])
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

// lineStart returns the byte offset in text, whose File is f, where line n
// (1-based) starts: from f's lines, or past the fetch limit, which they do
// not reach, by counting the line breaks after their last.
func lineStart(f *robots.File, text string, n int) (int, bool) {
	switch {
	case n < 1:
		return 0, false
	case n == 1:
		return 0, true // f's first line starts after a byte-order mark; the editor's, before
	case n <= len(f.Lines):
		return f.Lines[n-1].Start, true
	case f.Cut == 0 || len(f.Lines) == 0:
		return 0, false
	}
	at := f.Lines[len(f.Lines)-1].Start
	for k := len(f.Lines); k < n; k++ {
		i := strings.IndexAny(text[at:], "\r\n")
		if i < 0 {
			return 0, false
		}
		at += i
		if text[at] == '\r' && at+1 < len(text) && text[at+1] == '\n' {
			at++
		}
		at++
	}
	return at, true
}

// Text returns the document: the text as the user typed it, whose
// analysis may still be under way (Due).
func (s *Session) Text() string {
	if s.due != nil {
		return s.due.text
	}
	return s.state.Robots
}

// docFile returns the File of the document.
func (s *Session) docFile() *robots.File {
	if s.due != nil {
		return s.due.file
	}
	return s.an.File
}

// EditorBehind reports whether an edit replaced the text the editor holds
// (Effects.Editor: Undo, the example, a link, a text cut to the limits),
// so that the page must give it EditorText.
func (s *Session) EditorBehind() bool { return s.editorBehind }

// EditorText returns the text the editor is to hold: the document. The
// page gives it to the editor, then says so (EditorGiven).
func (s *Session) EditorText() string { return s.Text() }

// EditorGiven says that the editor was given Text (EditorText, read just
// before): it holds it from then on, and its next changes are made in it.
type EditorGiven struct{ Text string }

func (e EditorGiven) apply(s *Session) Effects {
	s.editorText = e.Text
	s.editorBehind = e.Text != s.Text()
	return Effects{}
}

// Work is the analysis that an EditText left to do (Effects.Due): every
// test checked against the text typed, whose lines are read already. At
// 500 KiB with 1000 tests it is a quarter of a second of WebAssembly, so
// the page runs it where it can give the browser its turn, and hands the
// result back with Apply(Analyzed{...}). A newer edit makes it moot.
type Work struct {
	text  string
	file  *robots.File
	state model.State // the session's state with text as its file, a copy
	an    *model.Analysis

	gen  uint64         // the session's edit count when it was made
	gens *atomic.Uint64 // the session's edit count now
}

// Due returns the analysis still to be made, or nil.
func (s *Session) Due() *Work { return s.due }

// Text returns the text whose analysis the work makes, as a pointer that
// tells this work's text from another's of the same bytes (the page keeps
// it in an atomic.Pointer for its goroutines to see that the file changes).
func (w *Work) Text() *string { return &w.text }

// Run makes the analysis, calling pause between its steps; it returns
// robots.ErrStopped when pause stops it, or once a newer edit made it
// moot. It reads nothing of the session but the edit count: it may run in
// a goroutine of its own. pause may be nil.
func (w *Work) Run(pause robots.Pause) error {
	stop := func() bool { return (pause != nil && pause()) || w.moot() }
	var an *model.Analysis
	var err error
	if w.file != nil {
		an, err = model.AnalyzeFilePaced(w.file, &w.state, stop)
	} else {
		an, err = model.AnalyzePaced(&w.state, stop)
	}
	if err != nil {
		return err
	}
	w.an = an
	return nil
}

// moot reports whether an edit came after the work was made.
func (w *Work) moot() bool { return w.gens.Load() != w.gen }

// Analyzed is the result of a Work run to its end: the analysis is shown,
// and the text joins the work (a step of Undo for a run of typing, the
// autosave), unless a newer edit made it moot.
type Analyzed struct{ Work *Work }

func (e Analyzed) apply(s *Session) Effects {
	w := e.Work
	if w == nil || s.due != w || w.an == nil {
		return Effects{}
	}
	s.due = nil
	return s.setFile(w.text, w.file, w.an)
}

// settle makes the analysis still due at once: any other edit, and any
// use of the work, must see the text as typed, in the order it was typed.
func (s *Session) settle() Effects {
	w := s.due
	if w == nil {
		return Effects{}
	}
	s.due = nil
	s.gen.Add(1) // the work under way stops, and lets go of the File's readings
	return s.setFile(w.text, w.file, nil)
}

// Settle makes the analysis still due at once, for a use of the work
// that is no edit (a view drawn from the analysis, the page closing):
// Apply settles before any message but the editor's own and the
// autosave's, and Settle asks for nothing more.
type Settle struct{}

func (Settle) apply(*Session) Effects { return Effects{} }

// DropFile puts the text of a robots.txt dropped on the editor in the
// file's place, the tests kept. It can be undone. Ahead, when not nil, is
// the work DropAhead made for it, run: its analysis is taken when no edit
// came since.
type DropFile struct {
	Text  string
	Ahead *Work
}

func (e DropFile) apply(s *Session) Effects {
	st := s.snapshot()
	st.Robots = e.Text
	r := Replace{State: st, Label: "File dropped on the editor"}
	if w := e.Ahead; w != nil && w.an != nil && share.Same(w.state, st) {
		r.Analysis = w.an // the work is as it was when the analysis was made
	}
	return r.apply(s)
}

// DropAhead returns the analysis of the work with text as its file, to
// be run where the page can pause before DropFile takes it: a large
// file's tests checked are a second of WebAssembly. A key typed
// meanwhile stops it; DropFile takes it only if the tests are as they
// were.
func (s *Session) DropAhead(text string) *Work {
	st := s.snapshot()
	st.Robots = text
	return &Work{text: text, state: st, gen: s.gen.Load(), gens: &s.gen}
}
