// Package effect declares the work with the browser that the session and
// its parts ask of the page: a file to download, the work to save now, the
// address bar to change. They are values: the models that ask for them
// stay plain Go, tested natively, and the page (app/ui) carries them out,
// sending back as messages what comes of them.
//
// Each kind is a type of this package; a part with kinds of its own
// declares them in a file of its own here.
package effect

// An IO is one piece of work with the browser, for the page to carry out
// in the order given.
type IO interface{ isIO() }

// Download hands the user a file to save. Failed is what a notice says
// when the browser refuses it ("The export failed").
type Download struct {
	Name, Type string
	Data       []byte
	Failed     string
}

// SaveNow writes the work at once rather than after the autosave's pause:
// a choice the user made must outlast a reload that comes first.
type SaveNow struct{}

// DropLink takes the shared link out of the address bar, so that a reload
// does not read it again.
type DropLink struct{}

func (Download) isIO() {}
func (SaveNow) isIO()  {}
func (DropLink) isIO() {}
