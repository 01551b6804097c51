package dom

import (
	"strconv"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// This file is the one place where the Go code reaches into the page
// outside go-app's drawing: writing the editor's text, moving the focus,
// scrolling, painting verdicts early, listening for Undo's keys. Its
// selectors are built from the same names the components draw with, so
// that the two cannot drift apart.

// Stable hooks: element IDs and data attributes that the components draw
// and that browser tests, embedding pages and outside checks rely on.
const (
	// EditorID is the id of the element that takes the robots.txt's text:
	// the editor's editable content, which fill() and real keys edit.
	EditorID = "robots-txt"
	// EditorLegendID is the id of the words under the editor that say
	// what its marks mean, which describe the editor to a screen reader.
	EditorLegendID = "editor-legend"
	// UndoID is the id of the Undo control.
	UndoID = "undo"
	// RedoID is the id of the Redo control.
	RedoID = "redo"
	// WhyID is the id of the Why panel, which carries data-why-row.
	WhyID = "why"
	// RowAttr is the data attribute of a test's element: its index in the
	// state's tests (data-row="0" is the first test).
	RowAttr = "row"
	// VerdictClass is the class of a test's verdict, which carries
	// data-verdict="allowed" or "blocked".
	VerdictClass = "verdict"
	// DialectID is the id of the select of the dialect all tests are
	// read in.
	DialectID = "dialect"
	// ServerAnswerID is the id of the server-answer control, whose values are
	// the server answers the page offers.
	ServerAnswerID = "server-answer"
	// TestBarID is the id of the test bar.
	TestBarID = "test-bar"
	// TestAttr is the test bar's data attribute naming the test it shows: not
	// data-row, which marks the tests of the table.
	TestAttr = "test"
	// MountingClass marks the live page's root while its parts are being
	// drawn: it is hidden, under the prerendered page.
	MountingClass = "mounting"
	// DrawingClass marks a part of the live page drawn over several tasks
	// while the page starts (the tests, a line a task): out of the
	// flow and hidden, and not yet in the place of the prerendered part
	// that stands for it (HandOverParts), until whole.
	DrawingClass = "part-drawing"
	// CappedAttr marks the results table while it draws fewer lines than
	// its window (results.Cap): the page starts.
	CappedAttr = "capped"
)

// FieldID returns the id of a test's field ("agent" or "url"), n being
// the test's number, 1-based.
func FieldID(field string, n int) string { return field + "-" + strconv.Itoa(n) }

// RowSelector matches the element of test i (0-based).
func RowSelector(i int) string { return `[data-` + RowAttr + `="` + strconv.Itoa(i) + `"]` }

// Element returns the element of the live page with the given id, or a
// value that is not Truthy.
func Element(id string) app.Value {
	if !app.IsClient {
		return app.Null()
	}
	if !livePageShown {
		// The prerendered page has the same ids, and takes the user's
		// input until the live page shows (early.js): what is typed or
		// chosen there is the hand-over's to carry over, never the live
		// page's to overwrite.
		return app.Window().Get("document").Call("querySelector", "main."+MountingClass+" #"+id)
	}
	return app.Window().GetElementByID(id)
}

// livePageShown is set once the live page has taken the prerendered one's
// place (ShowLivePage): the page's ids are then its own.
var livePageShown bool

// ScrollIntoView brings the element with the given id into view, if it
// is not.
func ScrollIntoView(id string) {
	if el := Element(id); el.Truthy() {
		el.Call("scrollIntoView", map[string]any{"block": "nearest"})
	}
}

// ClearField empties an input or textarea.
func ClearField(id string) {
	if el := Element(id); el.Truthy() {
		el.Set("value", "")
	}
}

// SetFieldText writes text into an input or textarea the user may have
// typed in (go-app cannot clear or reset such a field, #1083).
func SetFieldText(id, text string) {
	if el := Element(id); el.Truthy() && el.Get("value").String() != text {
		el.Set("value", text)
	}
}

// SyncChoices makes the page's selects show the work's choices. go-app
// draws a select's choice as its options' selected attributes, which a
// browser no longer follows once the user has picked an option: after an
// Undo, the select would go on showing the choice undone.
// answer and dialect are the values of the options chosen.
func SyncChoices(answer, dialect string) {
	SelectChoice(ServerAnswerID, answer)
	SelectChoice(DialectID, dialect)
}

// SelectChoice selects the option of select id whose value attribute is
// value ("" matching an option without one: go-app does not write an empty
// value, and such an option's value is then its text).
func SelectChoice(id, value string) {
	sel := Element(id)
	if !sel.Truthy() {
		return
	}
	opts := sel.Get("options")
	for i, n := 0, opts.Length(); i < n; i++ {
		v := opts.Index(i).Call("getAttribute", "value")
		if v.Truthy() && v.String() == value || !v.Truthy() && value == "" {
			if sel.Get("selectedIndex").Int() != i {
				sel.Set("selectedIndex", i)
			}
			return
		}
	}
}

// PaintVerdicts writes every test's verdict into the page at once, in the
// task of the event that changed it, in the words the tests draw it with
// (Show, without the editor's marks). verdicts has a byte a test: 'a'
// allowed, 'b' blocked.
func PaintVerdicts(verdicts []byte, allowedText, blockedText string) {
	Show(nil, Showing{Verdicts: verdicts, AllowedText: allowedText, BlockedText: blockedText})
}

// Painted reports whether the browser has painted what Show last showed:
// whether an animation frame has run since. A task that comes after it
// comes after the paint; one that comes before delays the paint.
func Painted() bool {
	if !app.IsClient {
		return false
	}
	ed := app.Window().Get("RobotsEditor")
	return !ed.Truthy() || ed.Call("painted").Bool()
}

// OnUndoKeys sends to, through ctx's Dispatch, undo for Ctrl+Z (Cmd+Z),
// and redo for Ctrl+Shift+Z or Ctrl+Y, pressed outside the editor and the
// fields, which keep their own undo (the editor's is its history). It
// returns the listener, to keep it alive.
func OnUndoKeys(ctx app.Context, to Sender, undo, redo any) app.Func {
	f := app.FuncOf(func(_ app.Value, args []app.Value) any {
		msg := undo
		if len(args) > 0 && args[0].Bool() {
			msg = redo
		}
		ctx.Dispatch(func(ctx app.Context) { to.Send(ctx, msg) })
		return nil
	})
	// The keys are told apart in the page: a listener in Go would be a
	// call into Go for every key typed anywhere, the editor's included.
	listener := app.Window().Get("Function").New("undo", `return e => {
		if (!e.ctrlKey && !e.metaKey) return;
		const key = String(e.key || "").toLowerCase();
		if (key !== "z" && key !== "y") return;
		const t = e.target;
		if (t && (t.tagName === "TEXTAREA" || t.tagName === "INPUT" || t.tagName === "SELECT" || t.isContentEditable)) return;
		e.preventDefault();
		undo(key === "y" || e.shiftKey);
	};`).Invoke(f)
	app.Window().Get("document").Call("addEventListener", "keydown", listener)
	return f
}

// prerenderedClass marks the prerendered page's root once go-app has been
// given a mount point of its own (keepPrerendered).
const prerenderedClass = "prerendered"

// keepPrerendered keeps the prerendered page on screen while the live one
// is built: go-app mounts over the body's first element, so an empty one
// is put before the prerendered root for it. It must run before go-app
// starts.
func keepPrerendered() {
	doc := app.Window().Get("document")
	root := doc.Get("body").Get("firstElementChild")
	if !root.Truthy() || root.Get("tagName").String() != "MAIN" {
		return
	}
	root.Get("classList").Call("add", prerenderedClass)
	root.Call("setAttribute", "aria-busy", "true")
	doc.Get("body").Call("insertBefore", doc.Call("createElement", "div"), root)
}

// ShowLivePage puts the live page in place of the prerendered one, in one
// step (no frame shows both or neither), and marks it ready (data-ready).
// What the user typed, chose and pressed in the prerendered page, its focus
// and caret, go over to the live page (editor.js's handOver, early.js):
// the prerendered page takes input from its first paint. With staged, the
// live page has drawn its first screen only, and the prerendered page's
// other parts stay on in it until drawn (HandOverParts).
func ShowLivePage(staged bool) {
	if !app.IsClient {
		return
	}
	livePageShown = true
	doc := app.Window().Get("document")
	old := doc.Call("querySelector", "main."+prerenderedClass)
	live := doc.Call("querySelector", "main."+MountingClass)
	if ed := app.Window().Get("RobotsEditor"); old.Truthy() && live.Truthy() && ed.Truthy() && ed.Get("handOver").Truthy() {
		if err := Try(func() { ed.Call("handOver", old, live, MountingClass, staged) }); err == nil {
			return
		}
	}
	if old.Truthy() {
		old.Call("remove")
	}
	if live.Truthy() {
		live.Get("classList").Call("remove", MountingClass)
		live.Call("setAttribute", "data-ready", "true")
	}
}

// HandOverParts puts the parts of the live page drawn since it showed in
// the place of the prerendered parts that stood for them, with what the
// user did there (ShowLivePage, early.js).
func HandOverParts() {
	ed := app.Window().Get("RobotsEditor")
	live := app.Window().Get("document").Call("querySelector", "main[data-ready]")
	if ed.Truthy() && ed.Get("handOverParts").Truthy() && live.Truthy() {
		Try(func() { ed.Call("handOverParts", live) })
	}
}

// LinesCapped reports whether the results table drew fewer lines than
// its window at its last draw (CappedAttr).
func LinesCapped() (capped bool) {
	if !app.IsClient {
		return false
	}
	Try(func() {
		capped = app.Window().Get("document").Call("querySelector", "[data-"+CappedAttr+"]").Truthy()
	})
	return capped
}

// StagedStart reports whether the prerendered page stands for the live
// page's first work, and takes input (early.js): the live page may then
// show at its first screen, the prerendered page's other parts on in it
// until drawn.
func StagedStart() (staged bool) {
	Try(func() {
		if ed := app.Window().Get("RobotsEditor"); ed.Truthy() && ed.Get("staged").Truthy() {
			staged = ed.Call("staged").Bool()
		}
	})
	return staged
}

// RegisterWorker registers go-app's service worker, which keeps the page
// and app.wasm for visits offline, once the page is ready: the site's
// app.js leaves it to the app (app/internal/site/loader.go), as its
// install, at the start, loaded app.wasm a second time while the page was
// loading it.
func RegisterWorker() {
	if w := app.Window(); app.IsClient && w.Get("goappInitServiceWorker").InstanceOf(w.Get("Function")) {
		w.Call("goappInitServiceWorker")
	}
}

// CrawlerListID is the id of the crawler fields' datalist.
const CrawlerListID = "crawler-list"

// KeptCrawlerList reports whether the page has the datalist of the page
// made at build time, which app/editor/src/early.js moves out of it, to the
// body, before the live page starts: its options are the catalogue's, the
// same in both.
func KeptCrawlerList() bool {
	return app.IsClient && app.Window().Get("document").Call("querySelector", "body > datalist#"+CrawlerListID).Truthy()
}
