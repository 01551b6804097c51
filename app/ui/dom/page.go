package dom

import (
	"net/url"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// PageHooks are what the page follows of the browser's events. Each runs
// outside go-app's loop: one that changes a component goes through
// Dispatch.
type PageHooks struct {
	// Leave is the page hidden or left (pagehide, visibilitychange): a
	// hidden tab may be closed without notice.
	Leave func()
	// Storage is another tab's write to localStorage: its key and new
	// value ("" when removed). A clearing of the storage is not told.
	Storage func(key, value string)
	// Address is a new address given to the open page (hashchange).
	Address func()
}

// FollowPage has the browser call h's hooks, and returns the functions it
// calls, to keep them alive.
func FollowPage(h PageHooks) []app.Func {
	if !app.IsClient {
		return nil
	}
	leave := app.FuncOf(func(app.Value, []app.Value) any { h.Leave(); return nil })
	storage := app.FuncOf(func(_ app.Value, args []app.Value) any {
		if len(args) == 0 {
			return nil
		}
		key, value := args[0].Get("key"), args[0].Get("newValue")
		if key.Type() != app.TypeString {
			return nil // the storage cleared
		}
		v := ""
		if value.Type() == app.TypeString {
			v = value.String()
		}
		h.Storage(key.String(), v)
		return nil
	})
	address := app.FuncOf(func(app.Value, []app.Value) any { h.Address(); return nil })
	w := app.Window()
	w.Call("addEventListener", "pagehide", leave)
	w.Get("document").Call("addEventListener", "visibilitychange", leave)
	w.Call("addEventListener", "storage", storage)
	w.Call("addEventListener", "hashchange", address)
	return []app.Func{leave, storage, address}
}

// FocusIfShown gives the focus to element id, without scrolling, if it is
// drawn and shown (not display: none), and reports whether it did.
func FocusIfShown(id string) bool {
	el := Element(id)
	if !el.Truthy() || !el.Get("offsetParent").Truthy() {
		return false
	}
	el.Call("focus", map[string]any{"preventScroll": true})
	return true
}

// KeepFocusBeside moves the focus from the button id, when it is disabled
// (a disabled button drops the focus to the page's body, and the next Tab
// starts again from the top), to the button other, if other is enabled.
func KeepFocusBeside(id, other string) {
	b := Element(id)
	if b.Truthy() && b.Get("disabled").Bool() {
		if o := Element(other); o.Truthy() && !o.Get("disabled").Bool() {
			o.Call("focus")
		}
	}
}

// Focus gives the focus to element id, without scrolling, if it is drawn,
// and reports whether it is.
func Focus(id string) bool {
	el := Element(id)
	if el.Truthy() {
		el.Call("focus", map[string]any{"preventScroll": true})
	}
	return el.Truthy()
}

// URL returns the page's address.
func URL() *url.URL { return app.Window().URL() }
