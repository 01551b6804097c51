package dom

import (
	"net/url"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// A Sender takes the messages of the browser's events that the page
// follows (PageLeft, StorageChanged, AddressChanged): the page, which
// is every view's Sender too (widget.Sender).
type Sender interface {
	Send(ctx app.Context, msg any)
}

// PageLeft is the page hidden or left (pagehide, visibilitychange): a
// hidden tab may be closed without notice. It is sent in the browser's
// event, while the page's Go code waits, and the event (a reload, the
// next page) waits on what the page does with it.
type PageLeft struct{}

// StorageChanged is another tab's write to localStorage: its key and new
// value ("" when removed). A clearing of the storage is not told. It is
// sent in go-app's loop (Dispatch).
type StorageChanged struct{ Key, Value string }

// AddressChanged is a new address given to the open page (hashchange),
// sent in go-app's loop (Dispatch).
type AddressChanged struct{}

// PartsWanted asks the page to draw the parts it left to the prerendered
// page at its start (app/ui/mount.go): the user is in one of them, or one
// came into view (early.js, on PartsWantedEvent), or an outside check asks
// (window.robotsTester.live). Sent in go-app's loop (Dispatch).
type PartsWanted struct{}

// PartsWantedEvent is the document's event that early.js dispatches for
// PartsWanted.
const PartsWantedEvent = "robots-tester-wanted"

// FollowPage has the browser's events the page follows sent to to, with
// ctx (PageLeft) or through its Dispatch (the others), and returns the
// functions the browser calls, to keep them alive.
func FollowPage(ctx app.Context, to Sender) []app.Func {
	if !app.IsClient {
		return nil
	}
	later := func(msg any) { ctx.Dispatch(func(ctx app.Context) { to.Send(ctx, msg) }) }
	leave := app.FuncOf(func(app.Value, []app.Value) any { to.Send(ctx, PageLeft{}); return nil })
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
		later(StorageChanged{Key: key.String(), Value: v})
		return nil
	})
	address := app.FuncOf(func(app.Value, []app.Value) any { later(AddressChanged{}); return nil })
	wanted := app.FuncOf(func(app.Value, []app.Value) any { later(PartsWanted{}); return nil })
	w := app.Window()
	w.Call("addEventListener", "pagehide", leave)
	w.Get("document").Call("addEventListener", "visibilitychange", leave)
	w.Call("addEventListener", "storage", storage)
	w.Call("addEventListener", "hashchange", address)
	w.Get("document").Call("addEventListener", PartsWantedEvent, wanted)
	return []app.Func{leave, storage, address, wanted}
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
