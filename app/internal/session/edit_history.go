package session

// Undo, Redo, and the editor's own history of the text.

// Undo goes back to the state before the last action that can be undone.
type Undo struct{}

func (Undo) apply(s *Session) Effects { return s.travel(&s.undo, &s.redo, "Undone") }

// Redo does again the last action undone.
type Redo struct{}

func (Redo) apply(s *Session) Effects { return s.travel(&s.redo, &s.undo, "Redone") }

// travel puts back the last state of from, keeping the work as it was on
// to, so that the move can be taken back.
func (s *Session) travel(from, to *[]step, verb string) Effects {
	if len(*from) == 0 {
		return Effects{}
	}
	last := (*from)[len(*from)-1]
	*from = (*from)[:len(*from)-1]
	s.typing, s.replacing = "", false
	s.notes.passed()
	s.pushStep(to, last.label)
	(*to)[len(*to)-1].stepMarks = last.stepMarks
	if last.an != nil {
		s.state, s.an = last.state, last.an
	} else {
		s.set(last.state)
	}
	s.notes.add(Note{ID: NoteUndo, Text: verb + ": " + LowerFirst(last.label) + "."})
	return Effects{File: true, Editor: true, Rows: true, Changed: true, Lint: true}
}

// EditorHistory is the editor's own Undo (Ctrl+Z in it) or Redo putting
// back a whole text. When it takes back a replacement of the whole text
// (a paste over it all), the page's Undo takes back that step and what
// came of it (the example's tests moved to the new file's site), so that
// the tests go back with the text; Redo the same forward. Otherwise the
// text is taken as typed.
type EditorHistory struct {
	Text string
	Redo bool
}

func (e EditorHistory) apply(s *Session) Effects {
	n := s.historySteps(e.Text, e.Redo)
	if n == 0 {
		return SetFile{Text: e.Text}.apply(s)
	}
	from, to, verb := &s.undo, &s.redo, "Undone"
	if e.Redo {
		from, to, verb = &s.redo, &s.undo, "Redone"
	}
	var fx Effects
	for range n {
		fx = s.travel(from, to, verb)
	}
	return fx
}

// TakesHistory reports whether the editor's own Undo (or Redo) that made
// text takes back (or brings again) a replacement of the whole text, so
// that EditorHistory moves the page's history rather than taking a text
// as typed.
func (s *Session) TakesHistory(text string, redo bool) bool { return s.historySteps(text, redo) > 0 }

// historySteps returns how many steps of the page's history EditorHistory
// travels for text: the replacement and what came of it, or 0.
func (s *Session) historySteps(text string, redo bool) int {
	if redo {
		// The replacement on top, then what came of it.
		steps := s.redo
		n := len(steps)
		if n == 0 || !steps[n-1].whole || steps[n-1].state.Robots != text {
			return 0
		}
		k := n - 1
		for k > 0 && steps[k-1].follows {
			k--
		}
		return n - k
	}
	// The typing and what came of the replacement on top, then the
	// replacement.
	steps := s.undo
	k := len(steps) - 1
	for k >= 0 && (steps[k].follows || steps[k].inFile) {
		k--
	}
	if k < 0 || !steps[k].whole || steps[k].state.Robots != text {
		return 0
	}
	return len(steps) - k
}
