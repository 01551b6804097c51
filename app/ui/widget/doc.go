// Package widget holds the small pieces the page's parts share: a line's
// button, a notice, the shared link's choice, Undo and Redo, a select of
// choices, a drop target, the crawler fields' datalist and the verdict's
// words. Each draws what it is given and tells its caller through its On…
// fields.
package widget
