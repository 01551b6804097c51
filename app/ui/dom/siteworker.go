package dom

import (
	"encoding/json"
	"strings"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"robotstester/app/sitemsg"
)

// workerScript is the site URLs worker's script, under the site's
// web folder: it loads wasm_exec.js and web/siteworker.wasm, the worker's
// own WebAssembly (app/siteworker), which is fetched only then.
const workerScript = "/web/siteworker.js"

// A SiteWorker is the page's end of the site URLs worker: it posts the
// panel's requests (sitemsg.Request) and hands its replies to the page on
// the UI goroutine. The worker holds the URLs; the page, only counts.
type SiteWorker struct {
	w                app.Value
	onMessage, onErr app.Func
}

// NewSiteWorker starts the worker. reply gets each reply with its bulk
// data (a Blob or ArrayBuffer, or undefined); failed gets why the
// worker's script could not be loaded (missing, refused by a content
// security policy) or stopped. Both run on the UI goroutine.
func NewSiteWorker(ctx app.Context, reply func(app.Context, sitemsg.Reply, app.Value), failed func(string)) (*SiteWorker, error) {
	sw := &SiteWorker{}
	err := Try(func() {
		w := app.Window()
		// The version makes a new deploy's page ask for its own worker,
		// never a cached one that speaks another protocol.
		// go-app's prefix is "/" at a host's root: "//web/..." would name a host.
		u := strings.TrimSuffix(app.Getenv("GOAPP_ROOT_PREFIX"), "/") + workerScript + "?v=" + w.Call("encodeURIComponent", app.Getenv("GOAPP_VERSION")).String()
		sw.w = w.Get("Worker").New(AbsoluteURL(u))
	})
	if err != nil {
		return nil, err
	}
	sw.onMessage = app.FuncOf(func(this app.Value, args []app.Value) any {
		var r sitemsg.Reply
		data := app.Undefined()
		if err := Try(func() {
			msg := args[0].Get("data")
			data = msg.Get("data")
			if err := json.Unmarshal([]byte(msg.Get("json").String()), &r); err != nil {
				panic(err)
			}
		}); err != nil {
			r = sitemsg.Reply{Kind: sitemsg.Fatal, Error: "a message of the worker could not be read (" + err.Error() + ")"}
		}
		ctx.Dispatch(func(ctx app.Context) { reply(ctx, r, data) })
		return nil
	})
	sw.onErr = app.FuncOf(func(this app.Value, args []app.Value) any {
		why := "its script could not be loaded (" + workerScript + ")"
		if m := args[0].Get("message"); m.Truthy() {
			why = m.String()
		}
		ctx.Dispatch(func(ctx app.Context) { failed(why) })
		return nil
	})
	if err := Try(func() {
		sw.w.Set("onmessage", sw.onMessage)
		sw.w.Set("onerror", sw.onErr)
	}); err != nil {
		sw.Stop()
		return nil, err
	}
	return sw, nil
}

// Post sends req to the worker, with body, what a Read reads, unless nil:
// a Blob (a file dropped or chosen) or a string (what was pasted).
func (sw *SiteWorker) Post(req sitemsg.Request, body any) {
	b, _ := json.Marshal(req) // a Request always encodes
	msg := map[string]any{"json": string(b)}
	if body != nil {
		msg["data"] = body
	}
	Try(func() { sw.w.Call("postMessage", msg) })
}

// Stop ends the worker and what it does.
func (sw *SiteWorker) Stop() {
	Try(func() {
		sw.w.Set("onmessage", nil)
		sw.w.Set("onerror", nil)
		sw.w.Call("terminate")
	})
	sw.onMessage.Release()
	sw.onErr.Release()
}

// AbsoluteURL returns u resolved against the page's address: the worker
// resolves addresses against its own script's.
func AbsoluteURL(u string) string {
	var out string
	if err := Try(func() {
		w := app.Window()
		out = w.Get("URL").New(u, w.Get("location").Get("href")).Get("href").String()
	}); err != nil {
		return u
	}
	return out
}
