package effect

// The kinds the session asks for about its own work: a step of the
// autosave left to a task of its own, a save made, and the editor's text
// read when the session's and the editor's parted ways.

// NextTask sends Msg back to the session (Session.Apply) in a task of the
// browser's own, once the browser has had its turn: work that costs a
// task's worth at its largest (encoding the work, then writing it) is
// split, so that no one task holds the page. Msg is a message of the
// session's, opaque to the page.
type NextTask struct{ Msg any }

// Saved says that the work was written to the browser's storage: a link
// to the work in the address bar no longer matches it (the page drops it,
// unless a link's tests still wait for the user's choice), and a list of
// versions shown may have one more.
type Saved struct{}

// ReadEditor asks for the editor's whole text: the changes the editor
// reported do not fit the text the session holds (it replaced the text
// while the editor still had to be given it, and the user typed first).
// The editor's text is the one the user sees, and it wins: the page sends
// it back as the session's EditorWhole. It is read only then, never at a
// key, where reading a large text would cost the key.
type ReadEditor struct{}

func (NextTask) isIO()   {}
func (Saved) isIO()      {}
func (ReadEditor) isIO() {}
