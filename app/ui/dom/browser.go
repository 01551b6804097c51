package dom

import (
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"robotstester/internal/relayapi"
)

// This file holds the few browser calls the tester makes beyond drawing:
// storage, downloads, the clipboard, files, the address bar and the
// parent page of an iframe. Each turns a JavaScript exception into an
// error, so that a browser that refuses (storage disabled, clipboard
// denied) leaves the app working.

// Try runs f and returns the JavaScript exception it raised, which
// syscall/js turns into a panic, as an error.
func Try(f func()) (err error) {
	defer func() {
		if r := recover(); r != nil {
			if e, ok := r.(error); ok {
				err = e
			} else {
				err = fmt.Errorf("%v", r)
			}
		}
	}()
	f()
	return nil
}

// localStorage returns window.localStorage. Reading the property itself
// throws when storage is disabled; a plain property read would throw
// through the Go code, so it goes through Reflect.get, a call.
func localStorage() app.Value {
	w := app.Window()
	return w.Get("Reflect").Call("get", w.JSValue(), "localStorage")
}

// StorageGet returns the item key of localStorage; ok is false when there
// is none.
func StorageGet(key string) (v string, ok bool, err error) {
	err = Try(func() {
		if item := localStorage().Call("getItem", key); item.Type() == app.TypeString {
			v, ok = item.String(), true
		}
	})
	return v, ok, err
}

// StorageSet sets the item key of localStorage.
func StorageSet(key, v string) error {
	return Try(func() { localStorage().Call("setItem", key, v) })
}

// Download offers data to the user as a file named name.
func Download(name, mime string, data []byte) error {
	parts, err := NewBlobParts()
	if err == nil {
		err = parts.Push(data)
	}
	if err == nil {
		err = parts.Save(name, mime)
	}
	return err
}

// BlobParts are the pieces of a file being offered for download, held in
// the page's JavaScript memory: a large export (a million URLs checked)
// crosses from Go a piece at a time, and Go never holds it whole.
type BlobParts struct{ parts app.Value }

// NewBlobParts starts an empty file.
func NewBlobParts() (b BlobParts, err error) {
	err = Try(func() { b.parts = app.Window().Get("Array").New() })
	return b, err
}

// Push adds a copy of data to the file.
func (b BlobParts) Push(data []byte) error {
	return Try(func() {
		bytes := app.Window().Get("Uint8Array").New(len(data))
		app.CopyBytesToJS(bytes, data)
		b.parts.Call("push", bytes)
	})
}

// PushJS adds a JavaScript ArrayBuffer or typed array to the file as it
// is: a piece the site URLs worker transferred.
func (b BlobParts) PushJS(data app.Value) error {
	return Try(func() { b.parts.Call("push", data) })
}

// Save offers the file to the user, named name.
func (b BlobParts) Save(name, mime string) error {
	return Try(func() {
		w := app.Window()
		blob := w.Get("Blob").New(b.parts, map[string]any{"type": mime})
		url := w.Get("URL").Call("createObjectURL", blob).String()
		// A detached link: go-app's click handler on window never sees it.
		a := w.Get("document").Call("createElement", "a")
		a.Set("href", url)
		a.Set("download", name)
		a.Call("click")
		time.AfterFunc(time.Minute, func() { Try(func() { w.Get("URL").Call("revokeObjectURL", url) }) })
	})
}

// Await calls ok with the value the promise p resolves to, or fail with
// the reason it is rejected for. Both run outside go-app's loop: they must
// go through ctx.Dispatch to change a component.
func Await(p app.Value, ok func(app.Value), fail func(error)) {
	var resolve, reject app.Func
	release := func() {
		resolve.Release()
		reject.Release()
	}
	resolve = app.FuncOf(func(this app.Value, args []app.Value) any {
		release()
		var v app.Value = app.Null()
		if len(args) > 0 {
			v = args[0]
		}
		ok(v)
		return nil
	})
	reject = app.FuncOf(func(this app.Value, args []app.Value) any {
		release()
		msg := "refused"
		if len(args) > 0 && args[0].Truthy() {
			msg = args[0].Call("toString").String()
		}
		fail(errors.New(msg))
		return nil
	})
	p.Call("then", resolve, reject)
}

// CopyText writes text to the clipboard; done gets the outcome, possibly
// later.
func CopyText(text string, done func(error)) {
	var p app.Value
	err := Try(func() {
		clip := app.Window().Get("navigator").Get("clipboard")
		if !clip.Truthy() {
			panic(errors.New("this page has no clipboard access"))
		}
		p = clip.Call("writeText", text)
	})
	if err != nil {
		done(err)
		return
	}
	Await(p, func(app.Value) { done(nil) }, done)
}

// ReadText reads a File chosen or dropped by the user as text, refusing
// one over limit bytes; done gets the outcome, later.
func ReadText(file app.Value, limit int, done func(string, error)) {
	var p app.Value
	err := Try(func() {
		if size := file.Get("size").Int(); size > limit {
			panic(fmt.Errorf("%s is %s: files over %s are not read", file.Get("name").String(), SizeText(size), SizeText(limit)))
		}
		p = file.Call("text")
	})
	if err != nil {
		done("", err)
		return
	}
	Await(p, func(v app.Value) { done(v.String(), nil) }, func(err error) { done("", err) })
}

// FirstFile returns the first file of a file input's change event or a
// drop event, or a null value.
func FirstFile(ctx app.Context, e app.Event) app.Value {
	var files app.Value
	if dt := e.Get("dataTransfer"); dt.Truthy() {
		files = dt.Get("files")
	} else {
		files = ctx.JSSrc().Get("files")
	}
	if !files.Truthy() || files.Get("length").Int() == 0 {
		return app.Null()
	}
	return files.Index(0)
}

// Files returns every file of a file input's change event or a drop
// event, in their order: a drop of several files is read whole, not its
// first alone.
func Files(ctx app.Context, e app.Event) []app.Value {
	var files app.Value
	if dt := e.Get("dataTransfer"); dt.Truthy() {
		files = dt.Get("files")
	} else {
		files = ctx.JSSrc().Get("files")
	}
	if !files.Truthy() {
		return nil
	}
	out := make([]app.Value, files.Get("length").Int())
	for i := range out {
		out[i] = files.Index(i)
	}
	return out
}

// ReplaceURL sets the address bar to url without a new history entry or
// a navigation: go-app would route a change of location.
func ReplaceURL(url string) {
	Try(func() { app.Window().Get("history").Call("replaceState", app.Null(), "", url) })
}

// ReportHeight posts the height of the page's content to the parent page
// of an iframe, now and whenever it changes, so that the parent can size
// the iframe (embed mode; see README).
func ReportHeight() {
	Try(func() {
		w := app.Window()
		if w.Get("parent").Equal(w.JSValue()) {
			return // not in a frame
		}
		body := w.Get("document").Get("body")
		last := -1
		post := func() {
			h := body.Get("scrollHeight").Int()
			if h != last {
				last = h
				w.Get("parent").Call("postMessage", map[string]any{"type": HeightMessage, "height": h}, "*")
			}
		}
		post()
		if ro := w.Get("ResizeObserver"); ro.Truthy() {
			ro.New(app.FuncOf(func(app.Value, []app.Value) any { post(); return nil })).Call("observe", body)
		}
	})
}

// HeightMessage is the type of the message an embedded tester posts to its
// parent page: {type: "robots-tester:height", height: N}, N in CSS pixels.
const HeightMessage = "robots-tester:height"

// PlainError words an error for people: the browser's own messages
// ("NotReadableError: …") say nothing to them.
func PlainError(err error) string {
	msg := err.Error()
	if strings.HasPrefix(msg, "JavaScript error") || strings.Contains(msg, "Error:") {
		return "the browser refused"
	}
	return msg
}

// SizeText words a size in bytes, of a file over a limit: never one byte.
func SizeText(n int) string {
	switch {
	case n >= 1<<20:
		return fmt.Sprintf("%.1f MB", float64(n)/(1<<20))
	case n >= 1<<10:
		return fmt.Sprintf("%d KB", n>>10)
	}
	return fmt.Sprintf("%d bytes", n)
}

// FetchTimeout bounds a fetch of a robots.txt from the page.
const FetchTimeout = 20 * time.Second

// FetchText asks for url with the browser's fetch in CORS mode, without
// cookies, and gives done the status and text of the answer, or the
// reason the browser refused (no CORS header, no connection, a timeout):
// later, outside go-app's loop. The body is cut at limit bytes.
func FetchText(url string, limit int, done func(status int, body string, err error)) {
	var p app.Value
	err := Try(func() {
		w := app.Window()
		opts := map[string]any{"mode": "cors", "credentials": "omit", "cache": "no-store", "redirect": "follow"}
		if as := w.Get("AbortSignal"); as.Truthy() && as.Get("timeout").Truthy() {
			opts["signal"] = as.Call("timeout", FetchTimeout.Milliseconds())
		}
		p = w.Call("fetch", url, opts)
	})
	if err != nil {
		done(0, "", err)
		return
	}
	Await(p, func(resp app.Value) {
		status := resp.Get("status").Int()
		var text app.Value
		if err := Try(func() { text = resp.Call("text") }); err != nil {
			done(status, "", err)
			return
		}
		Await(text, func(v app.Value) {
			body := v.String()
			if len(body) > limit {
				body = body[:limit] // State.Fit cuts at a character boundary
			}
			done(status, body, nil)
		}, func(err error) { done(status, "", err) })
	}, func(err error) { done(0, "", err) })
}

// FetchRelay asks the fetch relay at relay for the robots.txt of page's
// site, and gives done the answer's text when it is JSON: a host without a
// relay answers with something else (the page itself), which is an error
// here.
func FetchRelay(relay, page string, done func(text string, err error)) {
	RelayGet(relay, "url", page, FetchTimeout, func(r RelayReply) { done(r.Text, r.Err) })
}

// A RelayReply is the relay's answer: its status, its Retry-After header
// (a 429's) and its text, or why there is none.
type RelayReply struct {
	Status     int    // the HTTP status the relay answered with
	RetryAfter string // a 429's Retry-After header
	Text       string // the answer's body
	Err        error  // why there is no answer: ErrNoRelay, a refusal, a timeout
	// Fetched and Source are an address list's headers (X-Ranges-Fetched,
	// X-Ranges-Source): when and where from the relay got it.
	Fetched, Source string
}

// ErrNoRelay is what a host without a fetch relay gives RelayGet.
var ErrNoRelay = errors.New("no fetch relay")

// RelayGet asks the fetch relay at relay for ?param=value, bounded by
// timeout, and gives done its answer when it is JSON, whatever its
// status: a host without a relay answers with something else (the page
// itself), which is an error here.
func RelayGet(relay, param, value string, timeout time.Duration, done func(RelayReply)) {
	var p app.Value
	err := Try(func() {
		w := app.Window()
		sep := "?"
		if strings.Contains(relay, "?") {
			sep = "&" // the relay's address holds a parameter already
		}
		u := relay + sep + param + "=" + w.Call("encodeURIComponent", value).String()
		opts := map[string]any{"credentials": "omit", "cache": "no-store"}
		if as := w.Get("AbortSignal"); as.Truthy() && as.Get("timeout").Truthy() {
			opts["signal"] = as.Call("timeout", timeout.Milliseconds())
		}
		p = w.Call("fetch", u, opts)
	})
	if err != nil {
		done(RelayReply{Err: err})
		return
	}
	Await(p, func(resp app.Value) {
		headers := resp.Get("headers")
		if ct := headers.Call("get", "content-type"); !ct.Truthy() || !strings.Contains(ct.String(), "json") {
			done(RelayReply{Err: ErrNoRelay})
			return
		}
		r := RelayReply{Status: resp.Get("status").Int()}
		if ra := headers.Call("get", "retry-after"); ra.Truthy() {
			r.RetryAfter = ra.String()
		}
		if f := headers.Call("get", relayapi.RangesFetchedHeader); f.Truthy() {
			r.Fetched = f.String()
		}
		if s := headers.Call("get", relayapi.RangesSourceHeader); s.Truthy() {
			r.Source = s.String()
		}
		var text app.Value
		if err := Try(func() { text = resp.Call("text") }); err != nil {
			done(RelayReply{Err: err})
			return
		}
		Await(text, func(v app.Value) {
			r.Text = v.String()
			done(r)
		}, func(err error) { done(RelayReply{Err: err}) })
	}, func(err error) { done(RelayReply{Err: err}) })
}

// NextTask runs fn in a task of the browser's own, after the page has had
// its turn (input, drawing).
//
// ctx.After does not promise that: a Go timer fires from inside the
// current task when the Go code is still busy once it is due, and Go hands
// the thread back to the browser only when idle. A setTimeout callback can
// only run after Go has handed the thread back.
func NextTask(ctx app.Context, fn func(app.Context)) {
	if !app.IsClient {
		ctx.Dispatch(fn)
		return
	}
	var cb app.Func
	cb = app.FuncOf(func(app.Value, []app.Value) any {
		cb.Release()
		ctx.Dispatch(fn)
		return nil
	})
	app.Window().Call("setTimeout", cb, 0)
}

// AfterFrame runs fn in a task of the browser's own once go-app has drawn
// the change being made. NextTask alone does not promise it: go-app draws
// on a Go timer, which fires inside fn's task when fn is still running
// once it is due.
func AfterFrame(ctx app.Context, fn func(app.Context)) {
	ctx.Defer(func(ctx app.Context) { NextTask(ctx, fn) })
}

// WaitForBrowser blocks the calling goroutine until the browser has run a
// task of its own; natively it returns at once.
//
// A goroutine that merely sleeps does not hand the thread back while a
// garbage collection is marking: Go then runs its mark worker in the
// sleep, wakes the goroutine when its timer is due, and stays busy until
// the marking is done, hundreds of milliseconds at a 500 KiB file. A
// goroutine waiting for the browser leaves Go idle; the marking, if any,
// finishes first, and then the browser has its turn. A message, unlike a
// setTimeout, is not delayed by 4 ms once timers nest.
func WaitForBrowser() {
	if !app.IsClient {
		return
	}
	done := make(chan struct{})
	var cb app.Func
	cb = app.FuncOf(func(app.Value, []app.Value) any {
		cb.Release()
		close(done)
		return nil
	})
	ch := app.Window().Get("MessageChannel").New()
	ch.Get("port1").Set("onmessage", cb)
	ch.Get("port2").Call("postMessage", nil)
	<-done
}
