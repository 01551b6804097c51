//go:build js && wasm

package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"strings"
	"syscall/js"
	"time"

	"robotstester/app/sitemsg"
	"robotstester/app/sitework"
)

// sitemapTimeout bounds one sitemap's fetch through the relay: the relay's
// own bound (20 s) and the seconds it takes to end its answer.
const sitemapTimeout = 60 * time.Second

// blobChunk is how much of a file the worker reads at once.
const blobChunk = 1 << 20

var self = js.Global()

// helperName is the name of a worker's helper, by which web/siteworker.js
// and main know that they run in one.
const helperName = "siteworker-helper"

func main() {
	w := &sitework.Worker{Send: send, Fetch: fetchSitemap, Sleep: time.Sleep, Yield: yield, Slice: sitework.WorkerSlice}
	if self.Get("name").String() != helperName {
		w.NewHelper = helperStarter(w)
		w.Keeper = keeper{}
	}
	onMessage := js.FuncOf(func(this js.Value, args []js.Value) any {
		receive(w, args[0].Get("data"))
		return nil
	})
	// siteworker.js kept the messages that came while this WebAssembly
	// was being fetched and compiled.
	queued := self.Get("siteQueue")
	self.Set("onmessage", onMessage)
	if queued.Truthy() {
		for i := range queued.Length() {
			receive(w, queued.Index(i))
		}
	}
	self.Set("siteQueue", js.Undefined())
	select {}
}

// receive decodes a message of the page and hands it to the worker.
func receive(w *sitework.Worker, msg js.Value) {
	var req sitemsg.Request
	if err := json.Unmarshal([]byte(msg.Get("json").String()), &req); err != nil {
		send(sitemsg.Reply{Kind: sitemsg.Fatal, Error: "a message of the page could not be read (" + err.Error() + ")"}, nil)
		return
	}
	var body io.Reader
	switch b := msg.Get("data"); {
	case b.Type() == js.TypeString:
		body = strings.NewReader(b.String())
	case b.InstanceOf(js.Global().Get("ArrayBuffer")):
		// A helper's share: copied once, and read where it lies.
		u8 := js.Global().Get("Uint8Array").New(b)
		data := make([]byte, u8.Length())
		js.CopyBytesToGo(data, u8)
		body = bytes.NewBuffer(data)
	case b.Truthy():
		body = &blobReader{blob: b, size: b.Get("size").Int()}
	}
	w.Receive(req, body)
}

// send posts a reply to the page (from a helper, to its worker).
func send(r sitemsg.Reply, data []byte) {
	b, err := json.Marshal(r)
	if err != nil {
		b, _ = json.Marshal(sitemsg.Reply{Kind: sitemsg.Failed, ID: r.ID, Error: "its reply could not be written (" + err.Error() + ")"})
	}
	post(self, b, data)
}

// post posts the message {json, data} to target (the page, or the
// helper); data, when there is some, goes as an ArrayBuffer transferred,
// not copied again.
func post(target js.Value, msgJSON, data []byte) {
	msg := js.Global().Get("Object").New()
	msg.Set("json", string(msgJSON))
	if data == nil {
		target.Call("postMessage", msg)
		return
	}
	u8 := js.Global().Get("Uint8Array").New(len(data))
	js.CopyBytesToJS(u8, data)
	buf := u8.Get("buffer")
	msg.Set("data", buf)
	target.Call("postMessage", msg, []any{buf})
}

// yield blocks the calling goroutine until the worker's event loop has
// run a task: the page's messages are taken then. A message, unlike a
// setTimeout, is not delayed by 4 ms once timers nest.
func yield() {
	done := make(chan struct{})
	var cb js.Func
	cb = js.FuncOf(func(js.Value, []js.Value) any {
		cb.Release()
		close(done)
		return nil
	})
	ch := js.Global().Get("MessageChannel").New()
	ch.Get("port1").Set("onmessage", cb)
	ch.Get("port2").Call("postMessage", nil)
	<-done
}

// await returns the value promise p resolves to, or why it is rejected,
// blocking the calling goroutine (never the event loop).
func await(p js.Value) (js.Value, error) {
	type result struct {
		v   js.Value
		err error
	}
	ch := make(chan result, 1)
	var ok, fail js.Func
	ok = js.FuncOf(func(this js.Value, args []js.Value) any {
		ok.Release()
		fail.Release()
		v := js.Null()
		if len(args) > 0 {
			v = args[0]
		}
		ch <- result{v: v}
		return nil
	})
	fail = js.FuncOf(func(this js.Value, args []js.Value) any {
		ok.Release()
		fail.Release()
		msg := "refused"
		if len(args) > 0 && args[0].Truthy() {
			msg = args[0].Call("toString").String()
		}
		ch <- result{err: errors.New(msg)}
		return nil
	})
	p.Call("then", ok, fail)
	r := <-ch
	return r.v, r.err
}

// try runs f and returns the JavaScript exception it raised, which
// syscall/js turns into a panic, as an error.
func try(f func()) (err error) {
	defer func() {
		if r := recover(); r != nil {
			if e, ok := r.(error); ok {
				err = e
			} else {
				err = errors.New("the browser refused")
			}
		}
	}()
	f()
	return nil
}

// fetchSitemap asks the fetch relay at relay for one sitemap, and waits
// for its answer, whatever its status, when it is JSON: a host without a
// relay answers with something else (the page itself).
func fetchSitemap(relay, sitemap string) sitework.RelayReply {
	var p js.Value
	err := try(func() {
		u := relay + "?sitemap=" + js.Global().Call("encodeURIComponent", sitemap).String()
		opts := map[string]any{"credentials": "omit", "cache": "no-store"}
		if as := js.Global().Get("AbortSignal"); as.Truthy() && as.Get("timeout").Truthy() {
			opts["signal"] = as.Call("timeout", sitemapTimeout.Milliseconds())
		}
		p = js.Global().Call("fetch", u, opts)
	})
	if err != nil {
		return sitework.RelayReply{Err: err}
	}
	resp, err := await(p)
	if err != nil {
		return sitework.RelayReply{Err: plain(err)}
	}
	headers := resp.Get("headers")
	if ct := headers.Call("get", "content-type"); !ct.Truthy() || !strings.Contains(ct.String(), "json") {
		return sitework.RelayReply{NoRelay: true}
	}
	r := sitework.RelayReply{Status: resp.Get("status").Int()}
	if ra := headers.Call("get", "retry-after"); ra.Truthy() {
		r.RetryAfter = ra.String()
	}
	text, err := await(resp.Call("text"))
	if err != nil {
		return sitework.RelayReply{Err: plain(err)}
	}
	r.Text = text.String()
	return r
}

// plain words a browser's error for people.
func plain(err error) error {
	if msg := err.Error(); strings.Contains(msg, "TimeoutError") || strings.Contains(msg, "timed out") {
		return errors.New("the relay took too long")
	}
	return errors.New("the browser could not reach the relay")
}

// blobReader reads a Blob the page sent (a file dropped or chosen, or
// what was pasted) a piece at a time (Blob.slice, arrayBuffer), so that a
// log of hundreds of megabytes is never held whole.
type blobReader struct {
	blob      js.Value
	off, size int
	buf, rest []byte
}

// Read reads the next bytes of the blob.
func (r *blobReader) Read(p []byte) (int, error) {
	if len(r.rest) == 0 {
		if r.off >= r.size {
			return 0, io.EOF
		}
		end := min(r.off+blobChunk, r.size)
		var pr js.Value
		if err := try(func() { pr = r.blob.Call("slice", r.off, end).Call("arrayBuffer") }); err != nil {
			return 0, err
		}
		v, err := await(pr)
		if err != nil {
			return 0, err
		}
		if r.buf == nil {
			r.buf = make([]byte, blobChunk)
		}
		n := js.CopyBytesToGo(r.buf, js.Global().Get("Uint8Array").New(v))
		r.off = end
		r.rest = r.buf[:n]
	}
	n := copy(p, r.rest)
	r.rest = r.rest[n:]
	return n, nil
}
