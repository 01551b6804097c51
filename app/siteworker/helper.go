//go:build js && wasm

package main

import (
	"encoding/json"
	"strings"
	"syscall/js"

	"robotstester/app/sitemsg"
	"robotstester/app/sitework"
)

// jsHelper is the worker's helper in the browser (sitework.Helper): a Web
// Worker that the worker starts itself (so the page knows nothing of it),
// of the same script under another name (helperName), given the
// WebAssembly.Module the worker compiled (web/siteworker.js keeps it as
// self.siteModule), so that it fetches and compiles nothing. Its messages
// are the page's {json, data} shape; a share goes as an ArrayBuffer,
// transferred.
type jsHelper struct {
	w            js.Value
	onMsg, onErr js.Func
}

// helperStarter returns w's NewHelper, or nil when a helper would not
// help or cannot be: one core; no Worker in a worker (some browsers); no
// module kept to give it; or "nohelper" in the worker's query, which the
// browser tests add to compare a count with and without one.
func helperStarter(w *sitework.Worker) func() sitework.Helper {
	ok := false
	try(func() {
		cores := self.Get("navigator").Get("hardwareConcurrency")
		ok = self.Get("Worker").Truthy() && self.Get("siteModule").Truthy() &&
			cores.Type() == js.TypeNumber && cores.Int() >= 2 &&
			!strings.Contains(self.Get("location").Get("search").String(), "nohelper")
	})
	if !ok {
		return nil
	}
	return func() sitework.Helper {
		h := &jsHelper{}
		fatal := func(why string) { w.FromHelper(sitemsg.Reply{Kind: sitemsg.Fatal, Error: why}, nil) }
		h.onMsg = js.FuncOf(func(this js.Value, args []js.Value) any {
			var r sitemsg.Reply
			var data []byte
			if err := try(func() {
				msg := args[0].Get("data")
				if err := json.Unmarshal([]byte(msg.Get("json").String()), &r); err != nil {
					panic(err)
				}
				if b := msg.Get("data"); b.Truthy() {
					u8 := js.Global().Get("Uint8Array").New(b)
					data = make([]byte, u8.Length())
					js.CopyBytesToGo(data, u8)
				}
			}); err != nil {
				r = sitemsg.Reply{Kind: sitemsg.Fatal, Error: "a message of the helper could not be read (" + err.Error() + ")"}
			}
			w.FromHelper(r, data)
			return nil
		})
		h.onErr = js.FuncOf(func(this js.Value, args []js.Value) any {
			why := "its script failed"
			try(func() {
				if m := args[0].Get("message"); m.Truthy() {
					why = m.String()
				}
			})
			fatal(why)
			return nil
		})
		if err := try(func() {
			h.w = self.Get("Worker").New(self.Get("location").Get("href"), map[string]any{"name": helperName})
			h.w.Set("onmessage", h.onMsg)
			h.w.Set("onerror", h.onErr)
			h.w.Set("onmessageerror", h.onErr)
			h.w.Call("postMessage", map[string]any{"module": self.Get("siteModule")})
		}); err != nil {
			h.release()
			return nil
		}
		return h
	}
}

// Post posts req to the helper, with data, transferred.
func (h *jsHelper) Post(req sitemsg.Request, data []byte) {
	b, _ := json.Marshal(req) // a Request always encodes
	try(func() { post(h.w, b, data) })
}

// Close ends the helper's worker. Its handlers are released once the one
// that may be running (a Fatal's) has returned.
func (h *jsHelper) Close() {
	try(func() {
		h.w.Set("onmessage", nil)
		h.w.Set("onerror", nil)
		h.w.Set("onmessageerror", nil)
		h.w.Call("terminate")
	})
	go h.release()
}

func (h *jsHelper) release() {
	h.onMsg.Release()
	h.onErr.Release()
}
