package ui

// Geometry shared by the Go code and tester.css: virtual rendering places
// lines by arithmetic, so every line of the editor, its gutter and the read
// view is exactly LineHeight pixels high.
const (
	// LineHeight is the height in pixels of one line of the editor and of the
	// read view (tester.css: --line).
	LineHeight = 20
	// ViewHeight is the height in pixels assumed for the editor and the read
	// view until the browser reports theirs on the first scroll.
	ViewHeight = 440
	// Margin is how many lines are rendered above and below those on screen.
	Margin = 20
	// PadTop is the top padding in pixels of the editor, its gutter and the
	// read view (tester.css: --pad).
	PadTop = 8
)
